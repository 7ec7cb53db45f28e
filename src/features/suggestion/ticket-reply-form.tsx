import { Button, Card, HStack, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { checkTicketMessage, limits } from '../../contract';
import { PlainForm } from '../../ui/plain-form';
import { issuesOf } from './form-issues';
import { CountedField } from './counted-field';
import { PicturePicker } from './picture-picker';
import { SubmitNote } from './submit-note';
import { ticketRuleMessages } from './ticket-messages';
import { usePictureUploads } from './use-picture-uploads';

interface TicketReplyFormProps {
  online: boolean;
  /** Sends the reply; rejects with the server's refusal (already shown as a toast). */
  onSend: (body: { content: string; image_ids: string[] }) => Promise<void>;
}

/** A reply to a ticket in progress, with pictures; kept as typed when sending fails. */
export function TicketReplyForm({ online, onSend }: TicketReplyFormProps) {
  const { t, i18n } = useLingui();
  const [content, setContent] = useState('');
  const [error, setError] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const pictures = usePictureUploads();
  const { uploading } = pictures;
  const textOf = (id: string | undefined) => {
    const descriptor = id ? ticketRuleMessages[id] : undefined;
    return descriptor ? i18n._(descriptor) : (id ?? null);
  };

  async function send() {
    const problem = checkTicketMessage(content);
    if (problem) {
      setError({ content: problem });
      return;
    }
    setSending(true);
    try {
      await onSend({
        content: content.trim(),
        image_ids: pictures.uploadedIds,
      });
      setContent('');
      pictures.clear();
      setError({});
    } catch (refusal) {
      setError(issuesOf(refusal));
    } finally {
      setSending(false);
    }
  }

  return (
    <Card.Root variant="outline">
      <Card.Body>
        <PlainForm onSubmit={() => void send()}>
          <Stack gap="4">
            <CountedField
              rows={4}
              label={t({ id: 'ticket.reply.label', message: 'Reply' })}
              value={content}
              max={limits.ticket.contentMax}
              onChange={(value) => {
                setContent(value);
                setError(({ content: _gone, ...rest }) => rest);
              }}
              error={textOf(error.content)}
              placeholder={t({
                id: 'ticket.reply.placeholder',
                message: 'Answer support’s questions, or add what changed since',
              })}
            />
            <PicturePicker
              pictures={pictures.pictures}
              onAdd={pictures.add}
              onRemove={pictures.remove}
              error={error.images ? textOf(error.images) : null}
            />
            <HStack gap="3" wrap="wrap">
              <Button type="submit" colorPalette="blue" loading={sending} disabled={uploading || !online}>
                {t({ id: 'ticket.reply.send', message: 'Send reply' })}
              </Button>
              <SubmitNote
                online={online}
                offline={t({
                  id: 'ticket.reply.offline',
                  message: 'Replying needs a connection; what you typed is kept.',
                })}
              />
            </HStack>
          </Stack>
        </PlainForm>
      </Card.Body>
    </Card.Root>
  );
}
