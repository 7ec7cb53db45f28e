import { Box, Menu, Portal, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { writeDefaultPath } from '../../api';
import { useAppState, useIdentityUser } from '../../ui/app-state';
import { notify } from '../../ui/toaster';
import { logout } from '../logout';
import { defaultPath } from '../guard';
import { UserTrigger, useUserName } from './menu-triggers';

/**
 * The account center of the active account (spec §2): a sub-account's own, since it works in
 * its main account without being it.
 */
const accountCenterId = (info: { kind: 'main' | 'sub'; view_id: number; user_id: number }) =>
  info.kind === 'sub' ? info.user_id : info.view_id;

/**
 * spec §2: account center (only when the service is open) and logout; username and balance on top.
 * "Set as home page" stores the page that `/` and `/cdn` lead to (spec §2: the stored default path).
 */
export function UserMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t } = useLingui();
  const { loginInfo, serviceOpen } = useAppState();
  const user = useIdentityUser();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [home, setHome] = useState(defaultPath);
  const isHome = pathname === home;
  const name = useUserName();
  const balance = user?.balance;
  return (
    <Menu.Root
      defaultOpen={defaultOpen}
      onSelect={({ value }) => {
        if (value === 'center' && loginInfo)
          location.hash = `#/cdn/user/detail/${accountCenterId(loginInfo)}`;
        if (value === 'home') {
          writeDefaultPath(pathname);
          setHome(pathname);
          notify(
            'success',
            t({ id: 'shell.user.homeSet', message: 'Done: the console now opens on this page.' }),
          );
        }
        if (value === 'logout') void logout();
      }}
    >
      <Menu.Trigger asChild>
        <UserTrigger />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="220px">
            <Box px="3" py="2">
              <Text fontWeight="semibold">{name}</Text>
              {balance !== undefined ? (
                <Text fontSize="sm" color="fg.muted">
                  {t({ id: 'shell.user.balance', message: `Balance: ${balance}` })}
                </Text>
              ) : null}
            </Box>
            <Menu.Separator />
            {serviceOpen && loginInfo ? (
              <Menu.Item value="center">
                {t({ id: 'shell.user.center', message: 'Account center' })}
              </Menu.Item>
            ) : null}
            {serviceOpen ? (
              <Menu.Item value="home" disabled={isHome}>
                {isHome
                  ? t({ id: 'shell.user.isHome', message: 'This page is your home page' })
                  : t({ id: 'shell.user.setHome', message: 'Set this page as home page' })}
              </Menu.Item>
            ) : null}
            <Menu.Item value="logout">{t({ id: 'shell.user.logout', message: 'Sign out' })}</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
