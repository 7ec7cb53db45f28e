import { Alert, Stack, Tabs, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback, type ReactNode } from 'react';
import type { DomainEntry } from '../../../contract/domain';
import { sectionKinds, type SectionKind } from '../../../contract/domain-config';
import { usePull } from '../../../sync/pull';
import { useSyncRuntime } from '../../../sync/react';
import { ScreenSkeleton } from '../../../ui/screen-skeleton';
import { formatDateTime } from '../../../ui/format';
import { useOnline } from '../../../ui/use-online';
import { domainDetailTabs, type DomainDetailTab } from '../search';
import { sectionTabs } from './config-messages';
import { ContentView } from './content-view';
import { EdgeDeployment } from './edge-deployment';
import { HistoryPanel } from './history-panel';
import { OriginsCard } from './origins-card';
import { pullDomainConfig } from './pull-config';
import { SectionCard } from './section-card';
import { HttpsCertificate } from './https-certificate';
import { SignedUrlHelper } from './signed-url-helper';
import { sectionForms } from './section-forms';
import { useDomainConfig, type DomainConfig } from './use-domain-config';

const tabLabels: Record<DomainDetailTab, MessageDescriptor> = {
  basic: msg({ id: 'domainConfig.tab.basic', message: 'Basic information' }),
  origin: msg({ id: 'domainConfig.tab.origin', message: 'Back-to-origin' }),
  cache: msg({ id: 'domainConfig.tab.cache', message: 'Cache' }),
  https: msg({ id: 'domainConfig.tab.https', message: 'HTTPS' }),
  access: msg({ id: 'domainConfig.tab.access', message: 'Access control' }),
  performance: msg({ id: 'domainConfig.tab.performance', message: 'Performance' }),
  advanced: msg({ id: 'domainConfig.tab.advanced', message: 'Advanced' }),
  history: msg({ id: 'domainConfig.tab.history', message: 'History' }),
};

type SectionTab = Exclude<DomainDetailTab, 'basic' | 'history'>;
/** The sections each tab shows, in the order of the contract. */
const tabSections = (tab: SectionTab) => sectionKinds.filter((kind) => sectionTabs[kind] === tab);
const sectionTabNames = domainDetailTabs.filter(
  (tab): tab is SectionTab => tab !== 'basic' && tab !== 'history',
);

export interface ConfigTabsProps {
  entry: DomainEntry;
  tab: DomainDetailTab;
  onTab(tab: DomainDetailTab): void;
  /** The basic information and the origins' table, as the detail draws them. */
  basic: ReactNode;
  originsTable: ReactNode;
}

/**
 * A domain's configuration in tabs: each section from the store (read when the detail opens, so
 * it shows offline once read), its pending edits marked. A special configuration (spec §6) is
 * shown and cannot be edited.
 */
export function ConfigTabs({ entry, tab, onTab, basic, originsTable }: ConfigTabsProps) {
  const { t, i18n } = useLingui();
  const runtime = useSyncRuntime();
  const online = useOnline();
  const pullInto = useCallback(
    (store: Parameters<typeof pullDomainConfig>[0]) => pullDomainConfig(store, entry.id),
    [entry.id],
  );
  const { state: pullState } = usePull(runtime, online, pullInto);
  const config = useDomainConfig(entry.id);
  const readOnly = entry.special_config || entry.status === 'deleted';

  return (
    <Tabs.Root value={tab} onValueChange={(e) => onTab(e.value as DomainDetailTab)} variant="line" lazyMount>
      <Tabs.List overflowX="auto" overflowY="hidden">
        {domainDetailTabs.map((name) => (
          <Tabs.Trigger key={name} value={name} whiteSpace="nowrap">
            {i18n._(tabLabels[name])}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="basic">
        <Stack gap="4">
          {basic}
          {entry.status === 'deleted' ? null : <EdgeDeployment id={entry.id} />}
        </Stack>
      </Tabs.Content>
      {sectionTabNames.map((name) => (
        <Tabs.Content key={name} value={name}>
          <Stack gap="4">
            {!online || pullState === 'failed' ? (
              <Text fontSize="sm" color="fg.muted">
                {t({ id: 'domain.detail.asOf', message: 'Data as of' })}{' '}
                {formatDateTime(config?.read?.fetchedAt ?? null)}
              </Text>
            ) : null}
            {name === 'origin' ? (
              <OriginsCard entry={entry} readOnly={readOnly} table={originsTable} />
            ) : null}
            <Sections
              kinds={tabSections(name)}
              config={config}
              neverRead={!config?.read && online && (pullState === 'idle' || pullState === 'pulling')}
              offlineUnread={!config?.read && (!online || pullState === 'failed')}
              entry={entry}
              readOnly={readOnly}
            />
          </Stack>
        </Tabs.Content>
      ))}
      <Tabs.Content value="history">
        <HistoryPanel domain={entry} readOnly={readOnly} config={config} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

function Sections({
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

function SectionOf<K extends SectionKind>({
  kind,
  config,
  entry,
  readOnly,
}: {
  kind: K;
  config: DomainConfig;
  entry: DomainEntry;
  readOnly: boolean;
}) {
  return (
    <SectionCard<K>
      kind={kind}
      domain={entry}
      section={config.sections[kind]}
      readOnly={readOnly}
      View={ContentView as never}
      Form={sectionForms[kind]}
      extra={
        kind === 'domainUrlAuth' ? (
          <SignedUrlHelper domain={entry.domain} value={config.sections.domainUrlAuth.state} />
        ) : kind === 'domainHttps' ? (
          <HttpsCertificate domain={entry} https={config.sections.domainHttps.state} readOnly={readOnly} />
        ) : undefined
      }
    />
  );
}
