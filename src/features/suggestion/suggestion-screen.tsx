import { FormPageCard } from '../../ui/form-page-card';
import { Button, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api } from '../../api';
import { issuesOf } from './form-issues';
import { feedbackTypes, limits, validateFeedback } from '../../contract';
import type { FeedbackType, ProductKey } from '../../contract';
import { useAppState } from '../../ui/app-state';
import { notify } from '../../ui/toaster';
import { useOnline } from '../../ui/use-online';
import { feedbackRuleMessages, feedbackTypeLabels } from './feedback-messages';
import { CountedField } from './counted-field';
import { PicturePicker } from './picture-picker';
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const { pictures, add, remove, clear, uploading, uploadedIds } = usePictureUploads();
  const products = Object.entries(dict.product ?? {});

  const set = (field: keyof Draft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const errorText = (field: string) => {
    const id = errors[field];
    if (!id) return null;
    const descriptor = feedbackRuleMessages[id];
    return descriptor
      ? i18n._(descriptor)
      : t({ id: 'feedback.form.invalidValue', message: 'This value is not valid; please check it' });
  };

  async function submit() {
    const imageIds = uploadedIds;
    const found = validateFeedback({ ...draft, imageIds });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
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
    } catch (error) {
      // The client has shown the server's message; the form keeps everything typed.
      setErrors(issuesOf(error));
    } finally {
      setSubmitting(false);
    }
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
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="5">
          <Field.Root required invalid={Boolean(errors.type)}>
            <Field.Label>
              {t({ id: 'feedback.form.type', message: 'Type' })}
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={draft.type} onChange={(e) => set('type')(e.currentTarget.value)}>
                <option value="">{t({ id: 'feedback.form.choose', message: 'Please choose' })}</option>
                {feedbackTypes.map((type) => {
                  const label = feedbackTypeLabels[type];
                  return (
                    <option key={type} value={type}>
                      {label ? i18n._(label) : type}
                    </option>
                  );
                })}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errorText('type')}</Field.ErrorText>
          </Field.Root>

          <Field.Root required invalid={Boolean(errors.product)}>
            <Field.Label>
              {t({ id: 'feedback.form.product', message: 'Product' })}
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={draft.product}
                onChange={(e) => set('product')(e.currentTarget.value)}
              >
                <option value="">{t({ id: 'feedback.form.choose', message: 'Please choose' })}</option>
                {products.map(([code, label]) => (
                  <option key={code} value={code}>
                    {label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errorText('product')}</Field.ErrorText>
          </Field.Root>

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
            <Button type="submit" colorPalette="blue" loading={submitting} disabled={uploading || !online}>
              {t({ id: 'feedback.form.submit', message: 'Submit' })}
            </Button>
            {!online ? (
              <Text fontSize="sm" color="fg.muted">
                {t({
                  id: 'feedback.form.offline',
                  message: 'Submitting needs a connection; what you typed is kept.',
                })}
              </Text>
            ) : uploading ? (
              <Text fontSize="sm" color="fg.muted">
                {t({
                  id: 'feedback.form.waitUploads',
                  message: 'Waiting for the pictures to finish uploading…',
                })}
              </Text>
            ) : null}
          </HStack>
        </Stack>
      </form>
    </FormPageCard>
  );
}
