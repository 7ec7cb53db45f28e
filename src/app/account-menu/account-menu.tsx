import { Box, Button, Popover, Portal, Spinner, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { fromPromise } from 'xstate';
import { api, writeActiveAccount } from '../../api';
import { accountSwitchMachine } from '../../machines/account-switch.machine';
import { ChevronDownIcon, UsersIcon } from '../../ui/icons';
import { useAppState } from '../../ui/app-state';

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

const AccountList = lazy(() => import('./account-list'));

/** spec §2: the searchable account menu (at most 50 shown, the active account first). */
export function AccountMenu() {
  const { t } = useLingui();
  const { loginInfo } = useAppState();
  const [snapshot, send] = useMachine(switchMachine);
  if (!loginInfo) return null;
  const activeId = loginInfo.view_id;
  const activeName = loginInfo.lists.find((a) => a.id === activeId)?.account ?? loginInfo.login;
  const busy = snapshot.hasTag('busy');

  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
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
                <Suspense fallback={<Spinner size="sm" color="fg.muted" alignSelf="center" />}>
                  <AccountList
                    loginInfo={loginInfo}
                    busy={busy}
                    onSwitch={(id) => send({ type: 'account.switch', id })}
                  />
                </Suspense>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
