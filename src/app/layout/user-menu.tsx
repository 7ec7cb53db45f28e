import { Box, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useAppState } from '../../ui/app-state';
import { ChevronDownIcon, UserIcon } from '../../ui/icons';
import { logout } from '../logout';

/** spec §2: account center (only when the service is open) and logout; username and balance on top. */
export function UserMenu() {
  const { t } = useLingui();
  const { user, loginInfo, serviceOpen } = useAppState();
  const name = user?.username ?? loginInfo?.login ?? '';
  const balance = user?.balance;
  return (
    <Menu.Root
      onSelect={({ value }) => {
        if (value === 'center' && loginInfo) location.hash = `#/cdn/user/detail/${loginInfo.view_id}`;
        if (value === 'logout') void logout();
      }}
    >
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          color="inherit"
          _hover={{ bg: 'whiteAlpha.200' }}
          aria-label={t({ id: 'shell.user.trigger', message: `User menu: ${name}` })}
        >
          <UserIcon />
          <Box as="span" maxW="120px" truncate display={{ base: 'none', md: 'inline' }}>
            {name}
          </Box>
          <ChevronDownIcon size={14} />
        </Button>
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
            <Menu.Item value="logout">{t({ id: 'shell.user.logout', message: 'Log out' })}</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
