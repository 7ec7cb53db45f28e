import { Alert, Box, Button, Checkbox, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { isApiError } from '../../api';
import { copyText } from '../../ui/copy-text';
import { DialogFrame } from '../../ui/dialog-frame';
import { downloadBlob } from '../../ui/download';
import { Stepper } from '../../ui/stepper';
import { notify } from '../../ui/toaster';
import { CurrentPasswordField, TextField } from './fields';
import { QrCode, QrPlaceholder } from './qr-code';
import { problemText } from './user-messages';
import { useFieldForm, useSend } from './use-field-form';
import { useUserCall } from './use-reads';
import type { FieldProblems } from './validate';

/** The six digits an authenticator app shows; spaces typed between them are dropped. */
const codeOf = (typed: string) => typed.replace(/\s+/g, '');
const totpProblems = ({ code }: { code: string }): FieldProblems =>
  /^\d{6}$/.test(codeOf(code)) ? {} : { code: { id: 'user.twoFactor.codeInvalid' } };

/** The key in groups of four, as authenticator apps show it and people type it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

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
  const [setup, setSetup] = useState<{ secret: string; otpauth_url: string } | null>(null);
  const [setupFailed, setSetupFailed] = useState<string | null>(null);
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
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    call('twoFactorSetup', undefined).then(
      (answer) => live && setSetup(answer),
      (error: unknown) => live && setSetupFailed(isApiError(error) ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
    // A new key each time the dialog opens or the user asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const codesText = (codes ?? []).join('\n');
  const copy = () =>
    void copyText(codesText, {
      ok: t({ id: 'user.twoFactor.copied', message: 'Copied.' }),
      failed: t({ id: 'user.twoFactor.copyFailed', message: 'Copying failed: select the text and copy it.' }),
    });
  const download = () =>
    downloadBlob(new Blob([`${codesText}\n`], { type: 'text/plain' }), `recovery-codes-${login}.txt`);

  const steps = [
    t({ id: 'user.twoFactor.step.app', message: 'Add to the authenticator app' }),
    t({ id: 'user.twoFactor.step.codes', message: 'Save the recovery codes' }),
  ];

  return (
    <DialogFrame
      size="lg"
      closeOnInteractOutside={false}
      title={t({ id: 'user.twoFactor.enableTitle', message: 'Turn on two-factor authentication' })}
      onClose={onClose}
      onSubmit={codes ? onClose : () => void enable()}
      footer={
        codes ? (
          <Button type="submit" colorPalette="blue" disabled={!kept}>
            {t({ id: 'user.twoFactor.finish', message: 'Done' })}
          </Button>
        ) : (
          <>
            <Button variant="outline" onClick={onClose}>
              {t({ id: 'common.action.cancel', message: 'Cancel' })}
            </Button>
            <Button type="submit" colorPalette="blue" loading={busy} disabled={!online || !setup}>
              {t({ id: 'user.twoFactor.enableSubmit', message: 'Verify and turn on' })}
            </Button>
          </>
        )
      }
    >
      <Stack gap="5">
        <Stepper
          label={t({ id: 'user.twoFactor.steps', message: 'Steps to turn on two-factor authentication' })}
          titles={steps}
          at={codes ? 1 : 0}
          done={codes !== null && kept}
        />
        {codes ? (
          <Stack gap="4">
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  {t({
                    id: 'user.twoFactor.enabled',
                    message:
                      'Two-factor authentication is on. Keep the recovery codes safe: they are shown this once.',
                  })}
                </Alert.Title>
                <Alert.Description>
                  {t({
                    id: 'user.twoFactor.codesHint',
                    message:
                      'Each code signs you in once instead of the authenticator app, for example when the phone is lost.',
                  })}
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
            <SimpleGrid
              as="ul"
              columns={2}
              gap="2"
              listStyleType="none"
              p="3"
              borderWidth="1px"
              borderRadius="md"
              bg="bg.muted"
              fontFamily="mono"
              aria-label={t({ id: 'user.twoFactor.codesLabel', message: 'Recovery codes' })}
              data-testid="recovery-codes"
            >
              {codes.map((code) => (
                <Box as="li" key={code} userSelect="all">
                  {code}
                </Box>
              ))}
            </SimpleGrid>
            <HStack gap="3" wrap="wrap">
              <Button variant="outline" size="sm" onClick={copy}>
                {t({ id: 'user.twoFactor.copyCodes', message: 'Copy codes' })}
              </Button>
              <Button variant="outline" size="sm" onClick={download}>
                {t({ id: 'user.twoFactor.downloadCodes', message: 'Download as text' })}
              </Button>
            </HStack>
            <Checkbox.Root checked={kept} onCheckedChange={(e) => setKept(e.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                {t({ id: 'user.twoFactor.kept', message: 'I have saved the recovery codes' })}
              </Checkbox.Label>
            </Checkbox.Root>
          </Stack>
        ) : (
          <Stack gap="4">
            <Text fontSize="sm">
              {t({
                id: 'user.twoFactor.setup',
                message:
                  'Scan the QR code with your authenticator app (or enter the key), then enter its 6-digit code.',
              })}
            </Text>
            {setupFailed ? (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>
                    {t({ id: 'user.twoFactor.setupFailed', message: 'No key could be made' })}
                  </Alert.Title>
                  <Alert.Description>{setupFailed}</Alert.Description>
                </Alert.Content>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setSetupFailed(null);
                    setAttempt((n) => n + 1);
                  }}
                >
                  {t({ id: 'user.twoFactor.retry', message: 'Try again' })}
                </Button>
              </Alert.Root>
            ) : null}
            <Stack
              direction={{ base: 'column', md: 'row' }}
              gap="5"
              align={{ base: 'stretch', md: 'flex-start' }}
            >
              {setup ? (
                <QrCode
                  value={setup.otpauth_url}
                  label={t({ id: 'user.twoFactor.qr', message: 'QR code of the key' })}
                />
              ) : setupFailed ? null : (
                <QrPlaceholder />
              )}
              <Stack gap="4" flex="1" minW="0">
                <Stack gap="1">
                  <Text fontWeight="medium" fontSize="sm" id="totp-key-label">
                    {t({ id: 'user.twoFactor.key', message: 'Key' })}
                  </Text>
                  <Box
                    fontFamily="mono"
                    fontSize="sm"
                    borderWidth="1px"
                    borderRadius="md"
                    bg="bg.muted"
                    px="3"
                    py="2"
                    wordBreak="break-all"
                    userSelect="all"
                    aria-labelledby="totp-key-label"
                    data-testid="totp-key"
                    data-secret={setup?.secret}
                  >
                    {setup ? grouped(setup.secret) : '…'}
                  </Box>
                  <Text fontSize="xs" color="fg.muted">
                    {t({
                      id: 'user.twoFactor.keyHint',
                      message: 'Time-based (TOTP), 6 digits, every 30 seconds.',
                    })}
                  </Text>
                </Stack>
                <TextField
                  required
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={12}
                  label={t({ id: 'user.twoFactor.code', message: '6-digit code' })}
                  value={draft.code}
                  onChange={(code) => change({ code })}
                  // A field left empty is said at sending: focus also leaves it when the
                  // password is asked for first, before the user typed anything.
                  onBlur={() => draft.code !== '' && touch('code')}
                  problem={problemText(i18n, shown.code)}
                />
              </Stack>
            </Stack>
            {failure ? (
              <Text color="fg.error" role="alert">
                {failure}
              </Text>
            ) : null}
          </Stack>
        )}
      </Stack>
    </DialogFrame>
  );
}

interface DisableDraft {
  password: string;
  code: string;
}
const disableProblems = (draft: DisableDraft): FieldProblems => ({
  ...(draft.password === '' ? { password: { id: 'user.password.currentRequired' } } : {}),
  ...(draft.code.trim().length < 6 ? { code: { id: 'user.twoFactor.codeOrRecovery' } } : {}),
});

/** Turns two-factor sign-in off: the password and a code (or a recovery code). */
export function TwoFactorDisableDialog({ online, onClose }: { online: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const call = useUserCall();
  const form = useFieldForm<DisableDraft>({ password: '', code: '' }, disableProblems);
  const { draft, shown, change, touch } = form;
  const { busy, failure, submit } = useSend(form, ['password', 'code'], async (sent) => {
    await call('twoFactorDisable', { password: sent.password, code: sent.code.trim() }, () => [], [
      'twoFactorStatus',
      'baseInfo',
    ]);
    notify('success', t({ id: 'user.twoFactor.disabled', message: 'Two-factor authentication is off.' }));
    onClose();
  });
  return (
    <DialogFrame
      size="md"
      closeOnInteractOutside={false}
      title={t({ id: 'user.twoFactor.disableTitle', message: 'Turn off two-factor authentication' })}
      onClose={onClose}
      onSubmit={() => void submit()}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t({ id: 'common.action.cancel', message: 'Cancel' })}
          </Button>
          <Button type="submit" colorPalette="red" loading={busy} disabled={!online}>
            {t({ id: 'user.twoFactor.disableSubmit', message: 'Turn off' })}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t({
            id: 'user.twoFactor.disableIntro',
            message:
              'Sign-in then asks for the password only, which lowers the security level. Confirm with your password and a code of the authenticator app (or a recovery code).',
          })}
        </Text>
        <CurrentPasswordField
          value={draft.password}
          onChange={(password) => change({ password })}
          onBlur={() => touch('password')}
          problem={problemText(i18n, shown.password)}
        />
        <TextField
          required
          autoComplete="one-time-code"
          maxLength={32}
          label={t({ id: 'user.twoFactor.codeOrRecoveryLabel', message: 'Code or recovery code' })}
          value={draft.code}
          onChange={(code) => change({ code })}
          onBlur={() => touch('code')}
          problem={problemText(i18n, shown.code)}
        />
        {failure ? (
          <Text color="fg.error" role="alert">
            {failure}
          </Text>
        ) : null}
      </Stack>
    </DialogFrame>
  );
}
