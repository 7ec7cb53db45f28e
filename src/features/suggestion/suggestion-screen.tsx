import { FormPageCard } from '../../ui/form-page-card';
import { Button, HStack, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api } from '../../api';
import { feedbackTypes, limits, validateFeedback } from '../../contract';
import type { FeedbackType, ProductKey } from '../../contract';
import { useAppState } from '../../ui/app-state';
import { notify } from '../../ui/toaster';
import { PlainForm } from '../../ui/plain-form';
import { useOnline } from '../../ui/use-online';
import { feedbackRuleMessages, feedbackTypeLabels } from './feedback-messages';
import { ChoiceField } from './choice-field';
import { CountedField } from './counted-field';
import { PicturePicker } from './picture-picker';
import { SubmitNote } from './submit-note';
import { useSentForm } from './use-sent-form';
import { usePictureUploads } from './use-picture-uploads';

interface Draft {
  type: string;
  product: string;
  title: string;
  content: string;
}

const emptyDraft: Draft = { type: '', product: '', title: '', content: '' };

/** spec §2, §5, §8 feedback form. Nothing typed is lost when submitting fails. */
export function SuggestionScreen() {
  const { t, i18n } = useLingui();
  const { dict } = useAppState();
  const online = useOnline();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const { errors, clear: clearError, errorText, sending, send } = useSentForm(feedbackRuleMessages);
  const { pictures, add, remove, clear, uploading, uploadedIds } = usePictureUploads();
  const products = Object.entries(dict.product ?? {});

  const set = (field: keyof Draft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    clearError(field);
  };

  function submit() {
    const imageIds = uploadedIds;
    return send(validateFeedback({ ...draft, imageIds }), async () => {
      await api.call('feedbackAdd', {
        type: draft.type as FeedbackType,
        product: draft.product as ProductKey,
        title: draft.title.trim(),
        content: draft.content.trim(),
        image_ids: imageIds,
      });
      notify(
        'success',
        t({ id: 'feedback.form.submitted', message: 'Thank you! Your feedback has been submitted.' }),
      );
      setDraft(emptyDraft);
      clear();
    });
  }

  return (
    <FormPageCard
      titleId="suggestion-title"
      title={t({ id: 'feedback.form.heading', message: 'Feedback' })}
      intro={t({
        id: 'feedback.form.intro',
        message: 'Tell us what to improve or what went wrong. Fields marked * are required.',
      })}
      maxW="800px"
    >
      <PlainForm onSubmit={() => void submit()}>
        <Stack gap="5">
          <ChoiceField
            label={t({ id: 'feedback.form.type', message: 'Type' })}
            value={draft.type}
            options={feedbackTypes.map((type) => {
              const label = feedbackTypeLabels[type];
              return { value: type, label: label ? i18n._(label) : type };
            })}
            onChange={set('type')}
            error={errorText('type')}
          />

          <ChoiceField
            label={t({ id: 'feedback.form.product', message: 'Product' })}
            value={draft.product}
            options={products.map(([code, label]) => ({ value: code, label }))}
            onChange={set('product')}
            error={errorText('product')}
          />

          <PicturePicker
            pictures={pictures}
            onAdd={add}
            onRemove={remove}
            error={errors.images ? errorText('images') : null}
          />

          <CountedField
            required
            label={t({ id: 'feedback.form.title', message: 'Title' })}
            value={draft.title}
            max={limits.feedback.titleMax}
            onChange={set('title')}
            error={errorText('title')}
            placeholder={t({ id: 'feedback.form.titlePlaceholder', message: 'A short summary' })}
          />

          <CountedField
            required
            rows={6}
            label={t({ id: 'feedback.form.content', message: 'Content' })}
            value={draft.content}
            max={limits.feedback.contentMax}
            onChange={set('content')}
            error={errorText('content')}
            placeholder={t({
              id: 'feedback.form.contentPlaceholder',
              message: 'What happened, where, and what you expected',
            })}
          />

          <HStack>
            <Button type="submit" colorPalette="blue" loading={sending} disabled={uploading || !online}>
              {t({ id: 'feedback.form.submit', message: 'Submit' })}
            </Button>
            <SubmitNote
              online={online}
              uploading={uploading}
              offline={t({
                id: 'feedback.form.offline',
                message: 'Submitting needs a connection; what you typed is kept.',
              })}
            />
          </HStack>
        </Stack>
      </PlainForm>
    </FormPageCard>
  );
}
