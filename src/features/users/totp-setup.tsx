import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { FormFailure } from '../../ui/form-failure';
import { SecretField } from '../../ui/secret-field';
import { TextField } from './text-field';
import { QrCode, QrPlaceholder } from './qr-code';
import type { useTotpKey } from './use-totp-key';

interface TotpSetupProps {
  totp: ReturnType<typeof useTotpKey>;
  code: string;
  onCodeChange(code: string): void;
  onCodeBlur(): void;
  /** The code's problem. */
  problem: string | null;
  /** Why the code was not accepted, when no field says it. */
  failure: string | null;
}

/** The key in groups of four, as authenticator apps show it and people type it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The first step of turning two-factor sign-in on: the new key as a QR code and as text, and a
 * code of it to prove the authenticator app has it.
 */
export function TotpSetup({ totp, code, onCodeChange, onCodeBlur, problem, failure }: TotpSetupProps) {
  const { t } = useLingui();
  const { key, failed, retry } = totp;
  return (
    <Stack gap="4">
      <Text fontSize="sm">
        {t({
          id: 'user.twoFactor.setup',
          message:
            'Scan the QR code with your authenticator app (or enter the key), then enter its 6-digit code.',
        })}
      </Text>
      {failed ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {t({ id: 'user.twoFactor.setupFailed', message: 'No key could be made' })}
            </Alert.Title>
            <Alert.Description>{failed}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={retry}>
            {t({ id: 'user.twoFactor.retry', message: 'Try again' })}
          </Button>
        </Alert.Root>
      ) : null}
      <Stack direction={{ base: 'column', md: 'row' }} gap="5" align={{ base: 'stretch', md: 'flex-start' }}>
        {key ? (
          <QrCode
            value={key.otpauth_url}
            label={t({ id: 'user.twoFactor.qr', message: 'QR code of the key' })}
          />
        ) : failed ? null : (
          <QrPlaceholder />
        )}
        <Stack gap="4" flex="1" minW="0">
          <SecretField
            labelId="totp-key-label"
            label={t({ id: 'user.twoFactor.key', message: 'Key' })}
            testId="totp-key"
            secret={key?.secret}
            hint={t({
              id: 'user.twoFactor.keyHint',
              message: 'Time-based (TOTP), 6 digits, every 30 seconds.',
            })}
          >
            {key ? grouped(key.secret) : '…'}
          </SecretField>
          <TextField
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            label={t({ id: 'user.twoFactor.code', message: '6-digit code' })}
            value={code}
            onChange={onCodeChange}
            onBlur={onCodeBlur}
            problem={problem}
          />
        </Stack>
      </Stack>
      <FormFailure failure={failure} />
    </Stack>
  );
}
