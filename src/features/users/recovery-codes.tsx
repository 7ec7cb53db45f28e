import { Alert, Box, Button, Checkbox, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { copyText } from '../../ui/copy-text';
import { downloadBlob } from '../../ui/download';

interface RecoveryCodesProps {
  codes: readonly string[];
  /** The account's login, in the name of the downloaded file. */
  login: string;
  /** The user says the codes are saved. */
  kept: boolean;
  onKeptChange(kept: boolean): void;
}

/**
 * The last step of turning two-factor sign-in on: the ten recovery codes, shown this once, to copy
 * or download, and the user's word that they are saved.
 */
export function RecoveryCodes({ codes, login, kept, onKeptChange }: RecoveryCodesProps) {
  const { t } = useLingui();
  const codesText = codes.join('\n');
  const copy = () =>
    void copyText(codesText, {
      ok: t({ id: 'user.twoFactor.copied', message: 'Copied.' }),
      failed: t({ id: 'user.twoFactor.copyFailed', message: 'Copying failed: select the text and copy it.' }),
    });
  const download = () =>
    downloadBlob(new Blob([`${codesText}\n`], { type: 'text/plain' }), `recovery-codes-${login}.txt`);

  return (
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
      <Checkbox.Root checked={kept} onCheckedChange={(e) => onKeptChange(e.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>
          {t({ id: 'user.twoFactor.kept', message: 'I have saved the recovery codes' })}
        </Checkbox.Label>
      </Checkbox.Root>
    </Stack>
  );
}
