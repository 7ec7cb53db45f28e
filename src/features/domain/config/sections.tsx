import { Alert, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { DomainEntry } from '../../../contract/domain';
import { type SectionKind } from '../../../contract/domain-config';
import { ScreenSkeleton } from '../../../ui/screen-skeleton';
import { type DomainConfig } from './use-domain-config';
import { SectionOf } from './section-of';

export function Sections({
  kinds,
  config,
  neverRead,
  offlineUnread,
  entry,
  readOnly,
}: {
  kinds: SectionKind[];
  config: DomainConfig | undefined;
  neverRead: boolean;
  offlineUnread: boolean;
  entry: DomainEntry;
  readOnly: boolean;
}) {
  const { t } = useLingui();
  if (!config || neverRead)
    return (
      <ScreenSkeleton
        title={false}
        label={t({ id: 'domainConfig.loading', message: 'Loading the configuration…' })}
      />
    );
  return (
    <Stack gap="4">
      {offlineUnread ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>
            {t({
              id: 'domainConfig.neverRead',
              message:
                'This configuration has not been read on this device yet: the defaults are shown until you are back online.',
            })}
          </Alert.Title>
        </Alert.Root>
      ) : null}
      {kinds.map((kind) => (
        <SectionOf key={kind} kind={kind} config={config} entry={entry} readOnly={readOnly} />
      ))}
    </Stack>
  );
}
