import { Alert, Button, HStack, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { isStoreReadError } from '../../sync/react';

/** A screen's code that could not be fetched (offline without it cached, or a newer version). */
const isCodeLoadError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|ChunkLoadError/i.test(error.message);

/**
 * What a screen shows when it fails instead of its content: why, in the user's words, and a way
 * out. A failed read of the offline store is retried where it stands (the screen reads again);
 * code that could not be loaded needs the page loaded again.
 */
export function ScreenError({ error, reset }: ErrorComponentProps) {
  const { t } = useLingui();
  const codeMissing = isCodeLoadError(error);
  const title = isStoreReadError(error)
    ? t({
        id: 'shell.screenError.store',
        message: 'The data kept on this device could not be read.',
      })
    : codeMissing
      ? t({
          id: 'shell.screenError.code',
          message: 'This page could not be loaded. Check the network connection and load it again.',
        })
      : t({ id: 'shell.screenError.other', message: 'This page ran into a problem and stopped.' });
  return (
    <Stack gap="4" maxW="2xl">
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{title}</Alert.Title>
      </Alert.Root>
      <HStack>
        <Button colorPalette="blue" onClick={() => (codeMissing ? location.reload() : reset())}>
          {t({ id: 'common.action.retry', message: 'Retry' })}
        </Button>
      </HStack>
    </Stack>
  );
}
