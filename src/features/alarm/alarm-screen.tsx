import { Tabs } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useState, type ReactNode } from 'react';
import { StoreFullError } from '../../store';
import { useSyncAvailability, useSyncRuntime } from '../../sync/react';
import { withReads } from '../../sync/reads';
import { useReadAccounts } from '../../ui/app-state';
import { ScreenSkeleton } from '../../ui/screen-skeleton';
import { NeverReadList } from '../../ui/never-read-list';
import { ScreenPage } from '../../ui/screen-page';
import { StorageUnavailable } from '../../ui/storage-unavailable';
import { storedList } from '../../ui/stored-list';
import { StoredListStatus } from '../../ui/stored-list-status';
import { notify } from '../../ui/toaster';
import { useOnline } from '../../ui/use-online';
import { ContactsTab } from './contacts-tab';
import { DeleteConfirm, type SettingDeletion } from './delete-confirm';
import { HistoryTab } from './history-tab';
import { PoliciesTab } from './policies-tab';
import { TemplatesTab } from './templates-tab';
import { alarmTabs, type AlarmTab } from './tabs';
import { useAlarmPull, useAlarmSettings } from './use-alarm-settings';
import type { Enqueue } from './use-setting-draft';

export interface AlarmScreenProps {
  tab: AlarmTab;
  onTab: (tab: AlarmTab) => void;
}

/**
 * Alarms (spec §2 /cdn/alarm-manage): policies, history, notification templates and contacts.
 * The settings are kept on the device and edited like every setting: made offline, the changes
 * wait there and are sent when the connection returns; the server checks them again.
 */
function AlarmScreenBody({ tab, onTab }: AlarmScreenProps) {
  const { t } = useLingui();
  const availability = useSyncAvailability();
  const runtime = useSyncRuntime();
  const online = useOnline();
  const settings = useAlarmSettings();
  const refresh = useAlarmPull(runtime, online);
  const [deleting, setDeleting] = useState<SettingDeletion | null>(null);

  const enqueue: Enqueue = useCallback(
    async (command, said) => {
      if (!runtime) return false;
      try {
        await runtime.enqueue(command);
        notify('success', navigator.onLine ? said.online : said.offline);
        return true;
      } catch (error) {
        notify(
          'error',
          error instanceof StoreFullError
            ? t({
                id: 'alarm.ui.storageFull',
                message:
                  "This device's storage is full, so the change was not saved. Free some space and try again.",
              })
            : t({
                id: 'alarm.ui.saveFailed',
                message: 'The change could not be saved on this device. Please try again.',
              }),
        );
        return false;
      }
    },
    [runtime, t],
  );

  const title = t({ id: 'alarm.ui.title', message: 'Alarms' });
  if (!runtime && availability === 'unavailable')
    return (
      <StorageUnavailable
        title={title}
        message={t({
          id: 'alarm.ui.noStorage',
          message:
            'This browser does not let the console store data on this device, so alarms are not available here. Allow site data for this site, or use another browser, then reload the page.',
        })}
      />
    );
  const loading = t({ id: 'alarm.ui.loading', message: 'Loading the alarm settings…' });
  if (!runtime || !settings) return <ScreenSkeleton label={loading} />;
  const count = settings.policies.length + settings.templates.length + settings.contacts.length;
  const stored = storedList(settings.read, count, online, refresh);
  const tabLabels: Record<AlarmTab, string> = {
    policies: t({ id: 'alarm.ui.tab.policies', message: 'Alarm policies' }),
    history: t({ id: 'alarm.ui.tab.history', message: 'Alarm history' }),
    templates: t({ id: 'alarm.ui.tab.templates', message: 'Notification templates' }),
    contacts: t({ id: 'alarm.ui.tab.contacts', message: 'Contacts' }),
  };
  const neverRead = (
    <NeverReadList list={stored} what={t({ id: 'alarm.ui.what', message: 'the alarm settings' })} />
  );
  const panels: Record<AlarmTab, ReactNode> = {
    policies: <PoliciesTab settings={settings} enqueue={enqueue} onDelete={setDeleting} />,
    history: <HistoryTab />,
    templates: <TemplatesTab settings={settings} enqueue={enqueue} online={online} onDelete={setDeleting} />,
    contacts: <ContactsTab settings={settings} enqueue={enqueue} onDelete={setDeleting} />,
  };

  return (
    <ScreenPage
      title={title}
      intro={t({
        id: 'alarm.ui.intro',
        message:
          'Be told when bandwidth, requests, error rates, hit rate or response time cross a threshold, and when they are back to normal.',
      })}
      actions={tab === 'history' ? null : <StoredListStatus list={stored} />}
    >
      <Tabs.Root
        value={tab}
        onValueChange={(e) => onTab(e.value as AlarmTab)}
        variant="line"
        lazyMount
        unmountOnExit
      >
        <Tabs.List>
          {alarmTabs.map((name) => (
            <Tabs.Trigger key={name} value={name}>
              {tabLabels[name]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {alarmTabs.map((name) => (
          <Tabs.Content key={name} value={name}>
            {/* The history is read online, page by page; the other tabs show the stored settings. */}
            {name !== 'history' && stored.neverRead ? neverRead : panels[name]}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <DeleteConfirm target={deleting} enqueue={enqueue} onClose={() => setDeleting(null)} />
    </ScreenPage>
  );
}

/** The screen inside the read layer of the signed-in account pair (history, domain names). */
export const AlarmScreen = withReads(AlarmScreenBody, useReadAccounts);
