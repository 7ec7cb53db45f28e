import { Box, Button, Spinner, type ButtonProps } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { Language } from '../../contract';
import { useAppState, useIdentityUser } from '../../ui/app-state';
import { ChevronDownIcon, GlobeIcon, MoonIcon, SunIcon, UsersIcon, UserIcon } from '../../ui/icons';
import type { ColorModeChoice } from '../../api';
import { useColorMode } from '../color-mode';

/**
 * The top bar's menu buttons. They are drawn with the first screen, before the code of the menus
 * they open (see `DeferredMenu`), and are the same buttons once it has come: each menu's trigger
 * renders them with Chakra's trigger props.
 */
export const barButton: ButtonProps = {
  variant: 'ghost',
  size: 'sm',
  color: 'inherit',
  _hover: { bg: 'whiteAlpha.200' },
  // Open: a lighter shade of the bar, never the ghost button's light background under white text.
  _expanded: { bg: 'whiteAlpha.300' },
};

export function ProductsTrigger(props: ButtonProps) {
  const { t } = useLingui();
  return (
    <Button {...barButton} {...props}>
      {t({ id: 'shell.topbar.products', message: 'Products' })}
      <ChevronDownIcon size={14} />
    </Button>
  );
}

export function useLanguageNames(): Record<Language, string> {
  const { t } = useLingui();
  return {
    zh_CN: t({ id: 'shell.language.zhCN', message: '中文' }),
    en_US: t({ id: 'shell.language.enUS', message: 'English' }),
  };
}

export function LanguageTrigger(props: ButtonProps) {
  const { t } = useLingui();
  const { language: current } = useAppState();
  const language = useLanguageNames()[current];
  return (
    <Button
      {...barButton}
      aria-label={t({ id: 'shell.language.label', message: `Language: ${language}` })}
      {...props}
    >
      <GlobeIcon />
      <Box as="span" display={{ base: 'none', '2xl': 'inline' }}>
        {language}
      </Box>
      <ChevronDownIcon size={14} />
    </Button>
  );
}

export function useColorModeNames(): Record<ColorModeChoice, string> {
  const { t } = useLingui();
  return {
    system: t({ id: 'shell.colorMode.system', message: 'Follow the system' }),
    light: t({ id: 'shell.colorMode.light', message: 'Light' }),
    dark: t({ id: 'shell.colorMode.dark', message: 'Dark' }),
  };
}

/** The colour mode's button: the mode shown now, and the choice in its name. */
export function ColorModeTrigger(props: ButtonProps) {
  const { t } = useLingui();
  const { choice, mode } = useColorMode();
  const name = useColorModeNames()[choice];
  return (
    <Button
      {...barButton}
      aria-label={t({ id: 'shell.colorMode.label', message: `Theme: ${name}` })}
      {...props}
    >
      {mode === 'dark' ? <MoonIcon /> : <SunIcon />}
    </Button>
  );
}

/** The active account's name: the account menu's button. */
export function useActiveAccountName(): string | null {
  const { loginInfo } = useAppState();
  if (!loginInfo) return null;
  return loginInfo.lists.find((a) => a.id === loginInfo.view_id)?.account ?? loginInfo.login;
}

export function AccountTrigger({ busy = false, ...props }: ButtonProps & { busy?: boolean }) {
  const { t } = useLingui();
  const activeName = useActiveAccountName() ?? '';
  return (
    <Button
      {...barButton}
      aria-label={t({ id: 'shell.account.trigger', message: `Switch account: ${activeName}` })}
      {...props}
    >
      {busy ? <Spinner size="xs" /> : <UsersIcon />}
      <Box as="span" maxW="140px" truncate display={{ base: 'none', lg: 'inline' }}>
        {activeName}
      </Box>
      <ChevronDownIcon size={14} />
    </Button>
  );
}

/** The user's name: the identity provider's, else the sign-in's. */
export function useUserName(): string {
  const { loginInfo } = useAppState();
  const user = useIdentityUser();
  return user?.username ?? loginInfo?.login ?? '';
}

export function UserTrigger(props: ButtonProps) {
  const { t } = useLingui();
  const name = useUserName();
  return (
    <Button
      {...barButton}
      aria-label={t({ id: 'shell.user.trigger', message: `User menu: ${name}` })}
      {...props}
    >
      <UserIcon />
      <Box as="span" maxW="120px" truncate display={{ base: 'none', lg: 'inline' }}>
        {name}
      </Box>
      <ChevronDownIcon size={14} />
    </Button>
  );
}
