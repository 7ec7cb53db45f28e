import { Box, Button, Input, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useCall, withReads } from '../../sync/reads';
import { useReadAccounts, type LoginInfo } from '../../ui/app-state';
import { useOnline } from '../../ui/use-online';
import { visibleAccounts } from './visible-accounts';

interface AccountListProps {
  loginInfo: LoginInfo;
  busy: boolean;
  onSwitch: (id: number) => void;
}

/**
 * The account menu's list and search (its own chunk, loaded when the menu first opens). The start-up
 * data carries at most 50 accounts; the full list is read through the read layer, once per page,
 * and kept for offline.
 */
function AccountList({ loginInfo, busy, onSwitch }: AccountListProps) {
  const { t } = useLingui();
  const online = useOnline();
  const [query, setQuery] = useState('');
  const all = useCall('viewLists', {}, { once: true });
  const activeId = loginInfo.view_id;
  const lists = all.data?.lists ?? loginInfo.lists;
  const visible = useMemo(() => visibleAccounts(lists, activeId, query), [lists, activeId, query]);
  const total = visible.total;
  const shown = visible.items.length;
  return (
    <>
      <Input
        size="sm"
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder={t({ id: 'shell.account.search', message: 'Search accounts by name' })}
        aria-label={t({ id: 'shell.account.search', message: 'Search accounts by name' })}
      />
      <Box as="ul" role="list" maxH="320px" overflowY="auto" listStyleType="none">
        {visible.items.map((account) => {
          const active = account.id === activeId;
          return (
            <li key={account.id}>
              <Button
                variant={active ? 'subtle' : 'ghost'}
                size="sm"
                width="full"
                justifyContent="flex-start"
                // Switching asks the server: offline, only the active account stays (and says so).
                disabled={busy || (!online && !active)}
                aria-current={active ? 'true' : undefined}
                onClick={() => {
                  if (!active) onSwitch(account.id);
                }}
              >
                <Box as="span" truncate>
                  {account.account}
                </Box>
                {active ? (
                  <Text as="span" ms="auto" fontSize="xs" color="fg.muted">
                    {t({ id: 'shell.account.current', message: 'Current' })}
                  </Text>
                ) : null}
              </Button>
            </li>
          );
        })}
      </Box>
      {online ? null : (
        <Text fontSize="xs" color="fg.warning" role="status">
          {t({ id: 'shell.account.offline', message: 'Offline: switching accounts needs the connection.' })}
        </Text>
      )}
      {visible.items.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t({ id: 'shell.account.none', message: 'No matching account' })}
        </Text>
      ) : null}
      {visible.capped ? (
        <Text fontSize="xs" color="fg.muted" role="note">
          {t({
            id: 'shell.account.capped',
            message: `Showing ${shown} of ${total}, search to find more`,
          })}
        </Text>
      ) : null}
    </>
  );
}

export default withReads(AccountList, useReadAccounts);
