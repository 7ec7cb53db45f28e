import { Box, Button, Input, Popover, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useCallback, useMemo, useState } from 'react';
import type { AccountOption } from '../../contract';
import { fromPromise } from 'xstate';
import { api, writeActiveAccount } from '../../api';
import { accountSwitchMachine } from '../../machines/account-switch.machine';
import { ChevronDownIcon, UsersIcon } from '../../ui/icons';
import { useAppState } from '../../ui/app-state';
import { visibleAccounts } from './visible-accounts';

const switchMachine = accountSwitchMachine.provide({
  actors: {
    switchAccount: fromPromise(({ input }: { input: { id: number } }) =>
      api.call('switchUser', { user_id: input.id }),
    ),
  },
  actions: {
    enterAccount: (_, params: { id: number }) => {
      writeActiveAccount(params.id);
      location.hash = '#/cdn';
      location.reload();
    },
  },
});

/** spec §2: the searchable account menu (at most 50 shown, the active account first). */
export function AccountMenu() {
  const { t } = useLingui();
  const { loginInfo, offlineSince } = useAppState();
  const [query, setQuery] = useState('');
  const [snapshot, send] = useMachine(switchMachine);
  // Login info carries at most 50 accounts; the full list is read when the menu first opens.
  const [allAccounts, setAllAccounts] = useState<AccountOption[] | null>(null);
  const loadAll = useCallback(() => {
    if (allAccounts !== null || offlineSince !== null) return;
    api.call('viewLists', {}).then(
      (result) => setAllAccounts(result.lists),
      () => undefined,
    );
  }, [allAccounts, offlineSince]);
  const activeId = loginInfo?.view_id ?? null;
  const lists = allAccounts ?? loginInfo?.lists;
  const visible = useMemo(() => visibleAccounts(lists ?? [], activeId, query), [lists, activeId, query]);
  if (!loginInfo) return null;
  const activeName = loginInfo.lists.find((a) => a.id === activeId)?.account ?? loginInfo.login;
  const busy = snapshot.hasTag('busy');
  const total = visible.total;
  const shown = visible.items.length;

  return (
    <Popover.Root
      positioning={{ placement: 'bottom-end' }}
      lazyMount
      unmountOnExit
      onOpenChange={(e) => {
        if (e.open) loadAll();
      }}
    >
      <Popover.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          color="inherit"
          _hover={{ bg: 'whiteAlpha.200' }}
          aria-label={t({ id: 'shell.account.trigger', message: `Switch account (current: ${activeName})` })}
        >
          {busy ? <Spinner size="xs" /> : <UsersIcon />}
          <Box as="span" maxW="140px" truncate display={{ base: 'none', lg: 'inline' }}>
            {activeName}
          </Box>
          <ChevronDownIcon size={14} />
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="300px">
            <Popover.Body p="3">
              <Stack gap="2">
                <Popover.Title fontWeight="semibold" fontSize="sm">
                  {t({ id: 'shell.account.title', message: 'Switch account' })}
                </Popover.Title>
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
                          disabled={busy}
                          aria-current={active ? 'true' : undefined}
                          onClick={() => {
                            if (!active) send({ type: 'account.switch', id: account.id });
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
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
