import { Alert, Box, Button, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { routes } from '../../contract/routes';
import type { TokenEntry } from '../../contract/users';
import { copyMessages, copyText } from '../../ui/copy-text';
import { DialogFrame } from '../../ui/dialog-frame';
import { SecretField } from '../../ui/secret-field';

interface SecretDialogProps {
  token: TokenEntry;
  /** The secret, answered this once: held by this dialog only, gone when it closes. */
  secret: string;
  onClose: () => void;
}

/** A call any token may make, to try the new one: the names of the domains it reaches. */
export const exampleCommand = (secret: string, origin: string) =>
  `curl -H "Authorization: Bearer ${secret}" ${origin}${routes.domainNames.path}`;

/**
 * The secret of a token just made, shown this once (the server keeps only its hash), with a copy
 * button, the warning that it cannot be shown again, and a call to try it with.
 */
export function SecretDialog({ token, secret, onClose }: SecretDialogProps) {
  const { t, i18n } = useLingui();
  const copy = (text: string) =>
    void copyText(text, {
      ok: i18n._(copyMessages.copied),
      failed: i18n._(copyMessages.copyFailed),
    });
  const command = exampleCommand(secret, window.location.origin);
  const userName = token.user_name;
  return (
    <DialogFrame
      size="lg"
      role="alertdialog"
      closeOnInteractOutside={false}
      onClose={onClose}
      title={t({ id: 'token.secret.title', message: `Token of ${userName} created` })}
      footer={
        <Button colorPalette="blue" onClick={onClose}>
          {t({ id: 'token.secret.done', message: 'I have saved the secret' })}
        </Button>
      }
    >
      <Stack gap="4">
        <Text>
          {t({ id: 'token.created', message: 'Token created. Copy the secret now and keep it safe.' })}
        </Text>
        <SecretField
          labelId="token-secret-label"
          label={t({ id: 'token.secret.label', message: 'Secret' })}
          testId="token-secret"
          action={
            <Button variant="outline" onClick={() => copy(secret)}>
              {t({ id: 'token.secret.copy', message: 'Copy secret' })}
            </Button>
          }
        >
          {secret}
        </SecretField>
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {t({ id: 'token.secret.once', message: 'The secret will not be shown again.' })}
            </Alert.Title>
            <Alert.Description>
              {t({
                id: 'token.secret.onceHint',
                message:
                  'Neither the console nor the server keeps it. If it is lost, delete this token and create another.',
              })}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Stack gap="1">
          <Text fontWeight="medium" fontSize="sm">
            {t({ id: 'token.secret.try', message: 'Try it: list the domains the token reaches' })}
          </Text>
          <Box
            as="pre"
            fontFamily="mono"
            fontSize="xs"
            borderWidth="1px"
            borderRadius="md"
            bg="bg.muted"
            px="3"
            py="2"
            whiteSpace="pre-wrap"
            wordBreak="break-all"
          >
            {command}
          </Box>
          <Box>
            <Button size="xs" variant="outline" onClick={() => copy(command)}>
              {t({ id: 'token.secret.copyCommand', message: 'Copy command' })}
            </Button>
          </Box>
        </Stack>
      </Stack>
    </DialogFrame>
  );
}
