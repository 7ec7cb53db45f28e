import { Popover, Portal, Spinner, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { fromPromise } from 'xstate';
import { api, writeActiveAccount } from '../../api';
import { accountSwitchMachine } from '../../machines/account-switch.machine';
import { useAppState } from '../../ui/app-state';
import { AccountTrigger } from '../layout/menu-triggers';

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
export function AccountMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t } = useLingui();
  const { loginInfo } = useAppState();
  const [snapshot, send] = useMachine(switchMachine);
  if (!loginInfo) return null;
  const busy = snapshot.hasTag('busy');

  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit defaultOpen={defaultOpen}>
      <Popover.Trigger asChild>
        <AccountTrigger busy={busy} />
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
