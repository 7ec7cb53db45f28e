import { Alert, Box, Button, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { isApiError } from '../../api';
import type { Read } from '../../sync/reads';
import { BlockSkeleton } from '../../ui/screen-skeleton';
import { statsMessages } from './messages';

/** What stands in for a chart or table: loading, failure with nothing kept, no data. */
export function ReadState({
  read,
  empty,
  children,
}: {
  read: Read<unknown>;
  empty: boolean;
  children: ReactNode;
}) {
  const { t, i18n } = useLingui();
  if (read.data === undefined) {
    if (read.failed) {
      const message = isApiError(read.error) ? read.error.message : '';
      return (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {t({ id: 'stats.read.failed', message: 'The statistics could not be read.' })}
            </Alert.Title>
            {message ? <Alert.Description>{message}</Alert.Description> : null}
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={read.refetch}>
            {t({ id: 'common.action.retry', message: 'Retry' })}
          </Button>
        </Alert.Root>
      );
    }
    return <BlockSkeleton label={t({ id: 'stats.read.loading', message: 'Reading the statistics…' })} />;
  }
  if (empty)
    return (
      <Box py="8" textAlign="center" role="status">
        <Text color="fg.muted">{i18n._(statsMessages.noData)}</Text>
      </Box>
    );
  return <>{children}</>;
}
