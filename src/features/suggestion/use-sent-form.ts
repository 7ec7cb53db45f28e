import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { issuesOf } from './form-issues';

/**
 * A form sent once its rule finds nothing: its refusals, field → message id (from the rule or the
 * server's issues), each in words (the rule's text, or a general one for an id the form does not
 * know), and whether it is being sent. What was typed is the caller's and is never dropped here.
 */
export function useSentForm(messages: Record<string, MessageDescriptor>) {
  const { t, i18n } = useLingui();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  /** Forgets the field's refusal, once it is changed. */
  const clear = (field: string) => setErrors(({ [field]: _gone, ...rest }) => rest);
  const errorText = (field: string) => {
    const id = errors[field];
    if (!id) return null;
    const descriptor = messages[id];
    return descriptor
      ? i18n._(descriptor)
      : t({ id: 'feedback.form.invalidValue', message: 'This value is not valid; please check it' });
  };
  /** Shows what the rule `found`; sends when it found nothing, and shows the server's refusals. */
  async function send(found: Record<string, string>, sendIt: () => Promise<void>) {
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      await sendIt();
    } catch (error) {
      // The client has shown the server's message; the form keeps everything typed.
      setErrors(issuesOf(error));
    } finally {
      setSending(false);
    }
  }
  return { errors, clear, errorText, sending, send };
}
