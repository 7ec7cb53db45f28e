import { Button, HStack, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { limits, ticketCategories, validateTicket, type TicketCategory } from '../../contract';
import { DialogFrame } from '../../ui/dialog-frame';
import { ChoiceField } from './choice-field';
import { CountedField } from './counted-field';
import { PicturePicker } from './picture-picker';
import { SubmitNote } from './submit-note';
import { ticketCategoryLabels, ticketRuleMessages } from './ticket-messages';
import { useSentForm } from './use-sent-form';
import type { usePictureUploads } from './use-picture-uploads';

export interface TicketDraft {
  category: string;
  title: string;
  content: string;
}

export const emptyTicketDraft: TicketDraft = { category: '', title: '', content: '' };

interface TicketCreateDialogProps {
  draft: TicketDraft;
  onDraftChange: (draft: TicketDraft) => void;
  /** The pictures chosen, kept by the screen with the draft while the dialog is closed. */
  pictures: ReturnType<typeof usePictureUploads>;
  online: boolean;
  onClose: () => void;
  /** Sends the ticket; rejects with the server's refusal (already shown as a toast). */
  onSubmit: (body: {
    category: TicketCategory;
    title: string;
    content: string;
    image_ids: string[];
  }) => Promise<void>;
}

/**
 * "Submit ticket": a category, a title, a description and up to 5 pictures. The form keeps what
 * was typed when it is closed, and when the server refuses it.
 */
export function TicketCreateDialog({
  draft,
  onDraftChange,
  pictures,
  online,
  onClose,
  onSubmit,
}: TicketCreateDialogProps) {
  const { t, i18n } = useLingui();
  const { errors, clear: clearError, errorText, sending, send } = useSentForm(ticketRuleMessages);
  const { uploading } = pictures;

  const set = (field: keyof TicketDraft) => (value: string) => {
    onDraftChange({ ...draft, [field]: value });
    clearError(field);
  };

  function submit() {
    const imageIds = pictures.uploadedIds;
    return send(validateTicket({ ...draft, imageIds }), () =>
      onSubmit({
        category: draft.category as TicketCategory,
        title: draft.title.trim(),
        content: draft.content.trim(),
        image_ids: imageIds,
      }),
    );
  }

  return (
    <DialogFrame
      size="lg"
      title={t({ id: 'ticket.create.title', message: 'Submit ticket' })}
      onClose={onClose}
      onSubmit={() => void submit()}
      closeOnInteractOutside={false}
      footer={
        <HStack gap="3" justify="flex-end" w="full" wrap="wrap">
          <SubmitNote
            online={online}
            uploading={uploading}
            offline={t({
              id: 'ticket.create.offline',
              message: 'Submitting needs a connection; what you typed is kept.',
            })}
            pushEnd
          />
          <Button variant="outline" onClick={onClose}>
            {t({ id: 'ticket.create.cancel', message: 'Cancel' })}
          </Button>
          <Button type="submit" colorPalette="blue" loading={sending} disabled={uploading || !online}>
            {t({ id: 'feedback.form.submit', message: 'Submit' })}
          </Button>
        </HStack>
      }
    >
      <Stack gap="4">
        <ChoiceField
          label={t({ id: 'ticket.form.category', message: 'Category' })}
          value={draft.category}
          options={ticketCategories.map((category) => ({
            value: category,
            label: i18n._(ticketCategoryLabels[category]),
          }))}
          onChange={set('category')}
          error={errorText('category')}
        />

        <CountedField
          required
          label={t({ id: 'feedback.form.title', message: 'Title' })}
          value={draft.title}
          max={limits.ticket.titleMax}
          onChange={set('title')}
          error={errorText('title')}
          placeholder={t({
            id: 'ticket.form.titlePlaceholder',
            message: 'For example: 502 errors on www.example.com',
          })}
        />

        <CountedField
          required
          rows={6}
          label={t({ id: 'ticket.form.content', message: 'Description' })}
          value={draft.content}
          max={limits.ticket.contentMax}
          onChange={set('content')}
          error={errorText('content')}
          placeholder={t({
            id: 'ticket.form.contentPlaceholder',
            message: 'What happened, on which domain and URL, since when, and what you expected',
          })}
        />

        <PicturePicker
          pictures={pictures.pictures}
          onAdd={pictures.add}
          onRemove={pictures.remove}
          error={errors.images ? errorText('images') : null}
        />
      </Stack>
    </DialogFrame>
  );
}
