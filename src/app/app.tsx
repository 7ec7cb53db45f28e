import { Button, ChakraProvider, Stack, Text } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { RouterProvider } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import {
  api,
  clearReturnTo,
  isApiError,
  readActiveAccount,
  readAuthState,
  readReturnTo,
  writeAccountSource,
  writeActiveAccount,
} from '../api';
import { sourceOf } from '../contract';
import type { Language } from '../contract';
import { AppStateProvider } from '../ui/app-state';
import type { AppState } from '../ui/app-state';
import { CenteredSpinner } from '../ui/centered-spinner';
import { AppToaster } from '../ui/toaster';
import { writeTokenOwner } from '../api/storage';
import { loadBootData, readBootCache, saveBootCache } from './boot-data';
import type { BootData } from './boot-data';
import { ReloadPrompt } from './reload-prompt';
import { createAppRouter } from './router';
import type { AppRouter } from './router';
import { appSignInMachine } from './sign-in';
import { SyncRoot, syncAccountsOf } from './sync/sync-root';
import { system } from '../ui/system';

type Started = { state: AppState; router: AppRouter };
type Phase = { kind: 'loading' } | { kind: 'failed'; offline: boolean } | ({ kind: 'ready' } & Started);

/**
 * Remembers the session's account and source (spec §4), once per tab, and whose the stored token
 * is, so queued edits are only ever sent with a token of the account that made them.
 */
function rememberAccount(data: BootData) {
  if (readActiveAccount() === null) writeActiveAccount(data.loginInfo.view_id);
  writeAccountSource(sourceOf(data.loginInfo.login_account_source));
  writeTokenOwner(data.loginInfo.user_id);
}

function start(
  language: Language,
  data: BootData,
  offlineSince: number | null,
  user: AppState['user'],
): Started {
  // Back to where the user was when the sign-in began.
  const returnTo = readReturnTo();
  if (returnTo !== null) {
    clearReturnTo();
    if (returnTo.startsWith('#/')) history.replaceState(null, '', location.pathname + returnTo);
  }
  const state: AppState = { language, ...data, offlineSince, user };
  return { state, router: createAppRouter({ serviceOpen: data.serviceOpen, menu: data.menu }) };
}

/** Loads the boot data once signed in, or the cache when offline. */
function useBoot(status: 'open' | 'notOpen' | 'offline' | null, language: Language, attempt: number): Phase {
  const key = `${status}:${attempt}`;
  const [result, setResult] = useState<{ key: string; phase: Phase } | null>(null);
  useEffect(() => {
    if (status === null) return;
    let cancelled = false;
    const settle = (phase: Phase) => {
      if (!cancelled) setResult({ key, phase });
    };
    const fromCache = (): Phase | null => {
      const cached = readBootCache();
      if (!cached) return null;
      const { savedAt, ...data } = cached;
      return { kind: 'ready', ...start(language, data, savedAt, null) };
    };
    const load =
      status === 'offline'
        ? Promise.resolve(fromCache() ?? { kind: 'failed' as const, offline: true })
        : Promise.all([loadBootData(status === 'open'), api.identity.user().catch(() => null)]).then(
            ([data, user]): Phase => {
              saveBootCache(data);
              rememberAccount(data);
              return { kind: 'ready', ...start(language, data, null, user) };
            },
            (error: unknown): Phase => {
              const offline = isApiError(error) && error.code === -1;
              return (offline ? fromCache() : null) ?? { kind: 'failed', offline };
            },
          );
    void load.then(settle);
    return () => {
      cancelled = true;
    };
  }, [key, status, language]);
  return result?.key === key ? result.phase : { kind: 'loading' };
}

function Boot({ language }: { language: Language }) {
  const { t } = useLingui();
  const [snapshot] = useMachine(appSignInMachine, {
    input: { search: location.search, expectedState: readAuthState() },
  });
  const [attempt, setAttempt] = useState(0);
  const status = snapshot.status === 'done' ? snapshot.output.status : null;
  const phase = useBoot(status === 'signingIn' ? null : status, language, attempt);
  const productName = t({ id: 'shell.product.name', message: 'CDN Console' });

  if (status === 'signingIn') {
    return (
      <CenteredSpinner
        fullScreen
        label={t({ id: 'shell.boot.signingIn', message: 'Going to the sign-in page…' })}
      />
    );
  }
  if (status === null || phase.kind === 'loading') return <CenteredSpinner fullScreen label={productName} />;
  if (phase.kind === 'failed') {
    return (
      <Stack minH="100vh" align="center" justify="center" gap="4" p="6" textAlign="center" role="alert">
        <Text fontSize="xl" fontWeight="semibold">
          {productName}
        </Text>
        <Text>
          {phase.offline
            ? t({
                id: 'shell.boot.offlineNoCache',
                message: 'You are offline and no data of this console is stored on this device yet.',
              })
            : t({ id: 'shell.boot.failed', message: 'The console could not be loaded.' })}
        </Text>
        <Button
          colorPalette="blue"
          onClick={() => (phase.offline ? location.reload() : setAttempt((n) => n + 1))}
        >
          {t({ id: 'common.action.retry', message: 'Retry' })}
        </Button>
      </Stack>
    );
  }
  const { loginInfo, offlineSince } = phase.state;
  return (
    <AppStateProvider value={phase.state}>
      <SyncRoot
        accounts={syncAccountsOf(loginInfo)}
        language={language}
        startedOffline={offlineSince !== null}
      >
        <RouterProvider router={phase.router} />
      </SyncRoot>
    </AppStateProvider>
  );
}

/** Providers and the boot sequence: sign-in, boot data, then the routed console. */
export function App({ language }: { language: Language }) {
  return (
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <Boot language={language} />
        <AppToaster />
        <ReloadPrompt />
      </I18nProvider>
    </ChakraProvider>
  );
}
