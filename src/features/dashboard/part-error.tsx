import { Button, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

export function PartError({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <Stack gap="2" align="flex-start" role="alert">
      <Text color="fg.error">
        {t({ id: 'dashboard.overview.loadFailed', message: 'This part could not be loaded.' })}
      </Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t({ id: 'common.action.retry', message: 'Retry' })}
      </Button>
    </Stack>
  );
}
