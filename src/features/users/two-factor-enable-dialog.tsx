import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { FormDialog } from '../../ui/form-dialog';
import { Stepper } from '../../ui/stepper';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetup } from './totp-setup';
import { problemText } from './user-messages';
import { useFieldForm, useSend } from './use-field-form';
import { useUserCall } from './use-reads';
import { useTotpKey } from './use-totp-key';
import type { FieldProblems } from './validate';

/** The six digits an authenticator app shows; spaces typed between them are dropped. */
const codeOf = (typed: string) => typed.replace(/\s+/g, '');
const totpProblems = ({ code }: { code: string }): FieldProblems =>
  /^\d{6}$/.test(codeOf(code)) ? {} : { code: { id: 'user.twoFactor.codeInvalid' } };

/**
 * Turns two-factor sign-in on (spec §4): a new key (a QR code and its text), a code of it to
 * prove the app has it, then the ten recovery codes, shown this once, to copy or download.
 */
export function TwoFactorEnableDialog({
  login,
  online,
  onClose,
}: {
  login: string;
  online: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const call = useUserCall();
  const totp = useTotpKey();
  const [codes, setCodes] = useState<readonly string[] | null>(null);
  const [kept, setKept] = useState(false);
  const form = useFieldForm<{ code: string }>({ code: '' }, totpProblems);
  const { draft, shown, change, touch } = form;
  const {
    busy,
    failure,
    submit: enable,
  } = useSend(form, ['code'], async (sent) => {
    const answer = await call('twoFactorEnable', { code: codeOf(sent.code) }, () => [], [
      'twoFactorStatus',
      'baseInfo',
    ]);
    setCodes(answer.recovery_codes);
  });

  const steps = [
    t({ id: 'user.twoFactor.step.app', message: 'Add to the authenticator app' }),
    t({ id: 'user.twoFactor.step.codes', message: 'Save the recovery codes' }),
  ];

  return (
    <FormDialog
      size="lg"
      closeOnInteractOutside={false}
      title={t({ id: 'user.twoFactor.enableTitle', message: 'Turn on two-factor authentication' })}
      onClose={onClose}
      onSubmit={codes ? onClose : () => void enable()}
      submitLabel={
        codes
          ? t({ id: 'user.twoFactor.finish', message: 'Done' })
          : t({ id: 'user.twoFactor.enableSubmit', message: 'Verify and turn on' })
      }
      busy={!codes && busy}
      submitDisabled={codes ? !kept : !online || !totp.key}
      // Once it is on, the dialog ends only with the user's word that the codes are saved.
      noCancel={codes !== null}
      gap="5"
    >
      <Stepper
        label={t({ id: 'user.twoFactor.steps', message: 'Steps to turn on two-factor authentication' })}
        titles={steps}
        at={codes ? 1 : 0}
        done={codes !== null && kept}
      />
      {codes ? (
        <RecoveryCodes codes={codes} login={login} kept={kept} onKeptChange={setKept} />
      ) : (
        <TotpSetup
          totp={totp}
          code={draft.code}
          onCodeChange={(code) => change({ code })}
          // A field left empty is said at sending: focus also leaves it when the password is
          // asked for first, before the user typed anything.
          onCodeBlur={() => draft.code !== '' && touch('code')}
          problem={problemText(i18n, shown.code)}
          failure={failure}
        />
      )}
    </FormDialog>
  );
}
