import { Alert } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useFieldForm, useSend } from './use-field-form';
import { notify } from '../../ui/toaster';
import { CurrentPasswordField, PasswordFields } from './fields';
import { SendFormDialog } from './send-form-dialog';
import { problemText } from './user-messages';
import { type FieldProblems, type PasswordDraft, type UserField } from './validate';

interface PasswordFormProps<D extends PasswordDraft> {
  initial: () => D;
  problemsOf: (draft: D) => FieldProblems;
  fields: readonly UserField[];
  /** Sends the form; its answer's notice. */
  send: (draft: D) => Promise<string>;
  title: string;
  intro: string;
  submitLabel: string;
  online: boolean;
  onClose: () => void;
}

/**
 * A password form in a dialog (spec §5 policy): the new password twice, and the current one when
 * `D` has it. Online only; what was typed stays whatever the server answers.
 */
export function PasswordForm<D extends PasswordDraft & { old_password?: string }>({
  initial,
  problemsOf,
  fields,
  send,
  title,
  intro,
  submitLabel,
  online,
  onClose,
}: PasswordFormProps<D>) {
  const { t, i18n } = useLingui();
  const form = useFieldForm<D>(initial, problemsOf);
  const { draft, shown, change, touch } = form;
  const sending = useSend(form, fields, async (sent) => {
    notify('success', await send(sent));
    onClose();
  });

  return (
    <SendFormDialog
      size="lg"
      title={title}
      intro={intro}
      onClose={onClose}
      submitLabel={submitLabel}
      send={sending}
      online={online}
    >
      {!online ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>
            {t({
              id: 'user.offline.security',
              message: 'This needs a connection: passwords and sign-in settings go straight to the server.',
            })}
          </Alert.Title>
        </Alert.Root>
      ) : null}
      {draft.old_password !== undefined ? (
        <CurrentPasswordField
          value={draft.old_password}
          onChange={(old_password) => change({ old_password } as Partial<D>)}
          onBlur={() => touch('old_password')}
          problem={problemText(i18n, shown.old_password)}
        />
      ) : null}
      <PasswordFields
        value={draft}
        problems={shown}
        onChange={(next) => change(next as Partial<D>)}
        onTouch={touch}
      />
    </SendFormDialog>
  );
}
