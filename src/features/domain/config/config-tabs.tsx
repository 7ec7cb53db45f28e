import { Stack, Tabs, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useCallback, type ReactNode } from 'react';
import type { DomainEntry } from '../../../contract/domain';
import { sectionKinds } from '../../../contract/domain-config';
import { usePull } from '../../../sync/pull';
import { useSyncRuntime } from '../../../sync/react';
import { formatDateTime } from '../../../ui/format';
import { useOnline } from '../../../ui/use-online';
import { domainDetailTabs, type DomainDetailTab } from '../search';
import { sectionTabs, tabLabels } from './config-messages';
import { EdgeDeployment } from './edge-deployment';
import { HistoryPanel } from './history-panel';
import { OriginsCard } from './origins-card';
import { pullDomainConfig } from './pull-config';
import { useDomainConfig } from './use-domain-config';
import { Sections } from './sections';

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
