import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useState, type ReactNode } from 'react';
import type { TokenEntry } from '../../../../src/contract/users';
import { AppStateProvider, type AppState } from '../../../../src/ui/app-state';
import { system } from '../../../../src/ui/system';
import { appState } from '../ip-ban/fixtures';

import { ok } from '../../../support/fake-server';

export { fakeServer, ok, type Answer, type FakeServer } from '../../../support/fake-server';

export const token = (id: string, change: Partial<TokenEntry> = {}): TokenEntry => ({
  id,
  user_id: 7,
  user_name: 'demo',
  remark: '',
  hint: `cdnk_${id.slice(0, 4)}…`,
  access: 'read',
  allowed_ips: [],
  domain_ids: null,
  created_at: '2026-03-01T08:00:00.000Z',
  last_used_at: null,
  expires_at: null,
  ...change,
});

export const tokenList = (lists: TokenEntry[]) => ok({ lists, max: 5 });

export const child = (id: number, login: string, apiEnabled: boolean) => ({
  id,
  login,
  real_name: '',
  mobile: '',
  email: '',
  remark: '',
  created_at: '2026-03-01T08:00:00.000Z',
  security_level: 'low',
  two_factor: { type: 'totp', enabled: false },
  api_enabled: apiEnabled,
});

export const children = (lists: ReturnType<typeof child>[]) => ok({ lists, total: lists.length, max: 5 });

export const domainNames = (names: [string, string][]) =>
  ok({ lists: names.map(([id, domain]) => ({ id, domain, status: 'active' })) });

let nextAccount = 9000;

/** The main account the last Shell signed in. */
export const signedIn = { mainId: 0 };

/**
 * The providers of the console around a screen: theme, texts, a signed-in main account `demo`.
 * Each shell signs in another account, so no read of an earlier test answers for this one (the
 * read layer keeps one cache per account pair).
 */
export function Shell({ children: body }: { children: ReactNode }) {
  const [state] = useState<AppState>(() => {
    nextAccount += 1;
    signedIn.mainId = nextAccount;
    return {
      ...appState,
      loginInfo: {
        ...appState.loginInfo!,
        view_id: nextAccount,
        user_id: nextAccount,
        login: 'demo',
        lists: [{ id: nextAccount, account: 'demo' }],
      },
    };
  });
  return (
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <AppStateProvider value={state}>{body}</AppStateProvider>
      </I18nProvider>
    </ChakraProvider>
  );
}
