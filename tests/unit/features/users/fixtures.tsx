import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useState, type ReactNode } from 'react';
import { menuDefinitions } from '../../../../src/contract';
import { AppStateProvider, type AppState } from '../../../../src/ui/app-state';
import { system } from '../../../../src/ui/system';
import { appState } from '../ip-ban/fixtures';

export { fakeServer, ok, type Answer, type FakeServer } from '../../../support/fake-server';
export const child = (id: number, login: string) => ({
  id,
  login,
  real_name: '',
  mobile: '',
  email: '',
  remark: '',
  created_at: '2026-03-01T08:00:00.000Z',
  security_level: 'low',
  two_factor: { type: 'totp', enabled: false },
  api_enabled: false,
});

export const state: AppState = {
  ...appState,
  menu: menuDefinitions.map(({ menu_id, name, parent_id, path }) => ({ menu_id, name, parent_id, path })),
};
export const menuLabels = {
  tools: { id: 'shell.menu.tools', message: 'Tools' },
  ip_query: { id: 'shell.menu.ipQuery', message: 'IP check' },
  ip_ban: { id: 'shell.menu.ipBan', message: 'IP blocking' },
};

let nextAccount = 7000;

/**
 * The providers of the console around a screen: theme, texts, a signed-in main account. Each shell
 * signs in another account, so no read of an earlier test answers for this one (the read layer
 * keeps one cache per account pair).
 */
export function Shell({ children }: { children: ReactNode }) {
  const [signedIn] = useState<AppState>(() => {
    nextAccount += 1;
    const loginInfo = state.loginInfo!;
    return {
      ...state,
      loginInfo: {
        ...loginInfo,
        view_id: nextAccount,
        user_id: nextAccount,
        lists: [{ id: nextAccount, account: 'demo' }],
      },
    };
  });
  return (
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <AppStateProvider value={signedIn}>{children}</AppStateProvider>
      </I18nProvider>
    </ChakraProvider>
  );
}
