import { HStack, Spinner, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { CopyTarget } from '../../../machines';
import { CnameCopy } from '../cname-copy';
import { ResultBadge } from './result-badge';

export function TargetState({
  target,
  cname,
  online,
}: {
  target: CopyTarget;
  cname: string;
  online: boolean;
}) {
  const { t } = useLingui();
  switch (target.result) {
    case 'created':
      return (
        <ResultBadge palette="green" label={t({ id: 'domain.copy.result.created', message: 'Created' })}>
          <CnameCopy cname={cname} />
        </ResultBadge>
      );
    case 'failed':
      return (
        <ResultBadge palette="red" label={t({ id: 'domain.copy.result.failed', message: 'Failed' })}>
          <Text fontSize="sm" color="fg.error">
            {target.message ||
              t({ id: 'domain.copy.result.refused', message: 'The server rejected this domain.' })}
          </Text>
        </ResultBadge>
      );
    default:
      return online ? (
        <HStack gap="2">
          <Spinner size="xs" color="blue.solid" />
          <Text fontSize="sm" color="fg.muted">
            {t({ id: 'domain.copy.result.creating', message: 'Creating…' })}
          </Text>
        </HStack>
      ) : (
        <ResultBadge
          palette="orange"
          label={t({ id: 'domain.copy.result.pending', message: 'Pending sync' })}
        >
          <Text fontSize="sm" color="fg.muted">
            {t({
              id: 'domain.copy.result.offline',
              message: 'Saved on this device; it will be created when you are back online.',
            })}
          </Text>
        </ResultBadge>
      );
  }
}
