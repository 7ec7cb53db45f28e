import { Box, Dialog, Input, Portal, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { MenuItem } from '../../contract';
import { useCall, withReads } from '../../sync/reads';
import { useLiveQuery } from '../../sync/react';
import { useAppState, useReadAccounts } from '../../ui/app-state';
import { userDetailHref } from '../../features/users';
import { buildMenu } from '../menu/build-menu';
import { menuLabels } from '../menu/menu-labels';
import {
  matchEntries,
  paletteGroups,
  screenEntries,
  type PaletteEntry,
  type PaletteGroup,
} from './palette-entries';

interface Named {
  id: string;
  name?: string;
  domain?: string;
  status?: string;
  names?: string[];
}

const has = (menu: readonly MenuItem[], name: string) => menu.some((item) => item.name === name);

/**
 * The records of the account: those kept on this device (what its lists stored, offline too) and,
 * while the palette is open, the names the server gives (kept by the read layer for offline use).
 * Both come filtered by the account's data permission.
 */
function useRecords(menu: readonly MenuItem[], open: boolean): PaletteEntry[] {
  const stored = useLiveQuery(
    async ({ store }) => ({
      domains: has(menu, 'domain_list') ? await store.snapshotsOf('domain') : [],
      certificates: has(menu, 'cert') ? await store.snapshotsOf('certificate') : [],
      policies: has(menu, 'alarm') ? await store.snapshotsOf('alarmPolicy') : [],
    }),
    [menu],
    { onError: 'undefined' },
  );
  const domainNames = useCall('domainNames', undefined, { enabled: open && has(menu, 'domain_list') }).data;
  const certList = useCall('certList', {}, { enabled: open && has(menu, 'cert') }).data;
  return useMemo(() => {
    const rows = (list: { data: unknown }[] | undefined) => (list ?? []).map((row) => row.data as Named);
    const byId = <T extends { id: string }>(items: T[]) => [...new Map(items.map((i) => [i.id, i])).values()];
    const domains = byId([...rows(stored?.domains), ...(domainNames?.lists ?? [])]);
    const certificates = byId([...rows(stored?.certificates), ...(certList?.lists ?? [])]);
    return [
      ...domains.map((d) => ({
        key: `domain:${d.id}`,
        group: 'domains' as const,
        label: d.domain ?? '',
        href: `#/cdn/domain/detail?id=${encodeURIComponent(d.id)}`,
      })),
      ...certificates.map((c) => ({
        key: `certificate:${c.id}`,
        group: 'certificates' as const,
        label: c.name ?? '',
        detail: (c.names ?? []).join(', '),
        href: `#/cdn/cert?keyword=${encodeURIComponent(c.name ?? '')}`,
      })),
      ...rows(stored?.policies).map((p) => ({
        key: `policy:${p.id}`,
        group: 'alarmPolicies' as const,
        label: p.name ?? '',
        href: '#/cdn/alarm-manage',
      })),
    ];
  }, [stored, domainNames, certList]);
}

/** The main account's sub-accounts, as last read (kept on this device by the read layer). */
function useSubAccounts(enabled: boolean): PaletteEntry[] {
  const read = useCall('childLists', undefined, { enabled });
  const lists = read.data?.lists;
  return useMemo(
    () =>
      (lists ?? []).map((c) => ({
        key: `subAccount:${c.id}`,
        group: 'subAccounts' as const,
        label: c.login,
        detail: c.real_name,
        href: userDetailHref(c.id),
      })),
    [lists],
  );
}

/**
 * The command palette (Ctrl-K or ⌘-K): go to any screen of the user's menu, find a domain,
 * certificate, sub-account or alarm policy by name, or start a common action. It searches what
 * the device holds for the account, so it works offline and shows only what the account may see.
 * Arrow keys choose, Enter opens, Escape closes.
 */
export const CommandPalette = withReads(function CommandPalette({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const { menu, loginInfo } = useAppState();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const navigated = useRef(false);
  useEffect(() => {
    if (open) navigated.current = false;
  }, [open]);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;

  const groupLabels: Record<PaletteGroup, string> = {
    actions: t({ id: 'palette.group.actions', message: 'Actions' }),
    screens: t({ id: 'palette.group.screens', message: 'Screens' }),
    domains: t({ id: 'palette.group.domains', message: 'Domains' }),
    certificates: t({ id: 'palette.group.certificates', message: 'Certificates' }),
    subAccounts: t({ id: 'palette.group.subAccounts', message: 'Sub-accounts' }),
    alarmPolicies: t({ id: 'palette.group.alarmPolicies', message: 'Alarm policies' }),
  };
  // The common actions, each where the user has its screen: [menu item, key, label, address].
  const actionList: [string, string, string, string][] = [
    [
      'domain_list',
      'domainCreate',
      t({ id: 'palette.action.domainCreate', message: 'Add a domain' }),
      '#/cdn/domain/create',
    ],
    ['content', 'refresh', t({ id: 'palette.action.refresh', message: 'Refresh URLs' }), '#/cdn/content'],
    ['ip_ban', 'ban', t({ id: 'palette.action.ban', message: 'Ban an IP address' }), '#/cdn/ip-ban?ban=1'],
  ];
  const actions = actionList
    .filter(([item]) => has(menu, item))
    .map(([, key, label, href]): PaletteEntry => ({ key: `action:${key}`, group: 'actions', label, href }));
  const screens = useMemo(
    () =>
      screenEntries(buildMenu(menu), (name) => {
        const label = menuLabels[name];
        return label ? i18n._(label) : name;
      }),
    [menu, i18n],
  );
  const records = useRecords(menu, open);
  const subAccounts = useSubAccounts(open && loginInfo?.kind === 'main' && has(menu, 'user_list'));
  const shown = matchEntries([...actions, ...screens, ...records, ...subAccounts], query);
  const current = Math.min(active, shown.length - 1);

  function go(entry: PaletteEntry | undefined) {
    if (!entry) return;
    navigated.current = true;
    onOpenChange(false);
    location.hash = entry.href;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = shown.length - 1;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = current + step > last ? 0 : current + step < 0 ? last : current + step;
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(shown[current]);
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement="top"
      size="md"
      // After going somewhere, the focus starts on the new screen; otherwise it returns where it was.
      finalFocusEl={() => (navigated.current ? document.getElementById('main-content') : null)}
      onExitComplete={() => {
        setQuery('');
        setActive(0);
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header pb="2">
              <Dialog.Title fontSize="md">{t({ id: 'palette.title', message: 'Go to or do' })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="4">
              <Input
                role="combobox"
                aria-expanded={shown.length > 0}
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={shown.length > 0 ? optionId(current) : undefined}
                aria-label={t({
                  id: 'palette.search',
                  message: 'Screen, domain, certificate, sub-account or alarm policy',
                })}
                placeholder={t({
                  id: 'palette.placeholder',
                  message: 'Type a screen, a domain, a certificate…',
                })}
                value={query}
                onChange={(e) => {
                  setQuery(e.target.value);
                  setActive(0);
                }}
                onKeyDown={onKeyDown}
              />
              <Box
                id={listId}
                role="listbox"
                aria-label={t({ id: 'palette.results', message: 'Results' })}
                mt="3"
                maxH="60vh"
                overflowY="auto"
              >
                {paletteGroups.map((group) => {
                  const entries = shown.flatMap((entry, i) => (entry.group === group ? [{ entry, i }] : []));
                  if (entries.length === 0) return null;
                  return (
                    <Box key={group} role="group" aria-labelledby={`${listId}-${group}`} mb="3">
                      <Text
                        id={`${listId}-${group}`}
                        aria-hidden="true"
                        fontSize="xs"
                        fontWeight="semibold"
                        color="fg.muted"
                        mb="1"
                      >
                        {groupLabels[group]}
                      </Text>
                      {entries.map(({ entry, i }) => (
                        <Box
                          key={entry.key}
                          id={optionId(i)}
                          role="option"
                          aria-selected={i === current}
                          px="3"
                          py="2"
                          borderRadius="md"
                          cursor="pointer"
                          bg={i === current ? 'bg.emphasized' : undefined}
                          onMouseMove={() => setActive(i)}
                          onClick={() => go(entry)}
                        >
                          {entry.label}
                          {entry.detail ? (
                            <Text as="span" color="fg.muted" fontSize="sm" ms="2">
                              {entry.detail}
                            </Text>
                          ) : null}
                        </Box>
                      ))}
                    </Box>
                  );
                })}
              </Box>
              {shown.length === 0 ? (
                <Text color="fg.muted" mt="3" role="status">
                  {t({
                    id: 'palette.none',
                    message: 'Nothing matches. Records are found among those on this device.',
                  })}
                </Text>
              ) : null}
              <Text fontSize="xs" color="fg.muted" mt="3">
                {t({ id: 'palette.keys', message: '↑ ↓ to choose, Enter to open, Esc to close' })}
              </Text>
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}, useReadAccounts);
