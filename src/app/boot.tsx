import { Button, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
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
import { AppStateProvider, IdentityUserProvider } from '../ui/app-state';
import type { AppState, IdentityUser } from '../ui/app-state';
import { CenteredSpinner } from '../ui/centered-spinner';
import { readTokenOwner, writeTokenOwner } from '../api/storage';
import { loadBootData, readBootCache, saveBootCache } from './boot-data';
import type { BootData } from './boot-data';
import { startedSignedIn } from './early-start';
import { createAppRouter } from './router';
import type { AppRouter } from './router';
import { appSignInEffects, runSignIn, type SignInStatus } from './sign-in';
import { SyncRoot, syncAccountsOf } from './sync/sync-root';

type BootState = Omit<AppState, 'language'>;
const loading = { kind: 'loading' } as const;
interface KeptRouter {
  router: AppRouter;
  viewId: number | null;
  generation: number;
}
type Phase = { kind: 'loading' } | { kind: 'failed'; offline: boolean } | { kind: 'ready'; state: BootState };

/**
 * Remembers the session's account and source (spec §4), once per tab, and whose the stored token
 * is, so queued edits are only ever sent with a token of the account that made them.
 */
function rememberAccount(data: BootData) {
  if (readActiveAccount() === null) writeActiveAccount(data.loginInfo.view_id);
  writeAccountSource(sourceOf(data.loginInfo.login_account_source));
  writeTokenOwner(data.loginInfo.user_id);
}

/** Back to where the user was when the sign-in began. */
function restoreReturnRoute() {
  const returnTo = readReturnTo();
  if (returnTo === null) return;
  clearReturnTo();
  if (returnTo.startsWith('#/')) history.replaceState(null, '', location.pathname + returnTo);
}

/**
 * The boot data stored by the last start of this sign-in, to show the console at once while the
 * token is checked and the data read again: only for the same signed-in account and the same
 * active account as this tab's.
 */
function storedBootOfThisSignIn(): BootData | null {
  if (!startedSignedIn) return null;
  const cached = readBootCache();
  if (!cached || cached.loginInfo.user_id !== readTokenOwner()) return null;
  const active = readActiveAccount();
  if (active !== null && active !== cached.loginInfo.view_id) return null;
  const { savedAt: _savedAt, ...data } = cached;
  return data;
}

/**
 * Loads the boot data once signed in, or the cache when offline. While the token is being checked
 * the console shows the boot data stored by its last start (`stored`), if any.
 */
function useBoot(
  status: 'open' | 'notOpen' | 'offline' | null,
  attempt: number,
  stored: BootData | null,
): Phase {
  const key = `${status}:${attempt}`;
  const [result, setResult] = useState<{ key: string; phase: Phase } | null>(null);
  // One object for the stored data, kept when the data read again is the same: the console is
  // not drawn again (every styled part hashes its styles anew on each render) for nothing.
  const [storedPhase] = useState<Phase | null>(() =>
    stored ? { kind: 'ready', state: { ...stored, offlineSince: null } } : null,
  );
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
      return { kind: 'ready', state: { ...data, offlineSince: savedAt } };
    };
    const load =
      status === 'offline'
        ? Promise.resolve(fromCache() ?? { kind: 'failed' as const, offline: true })
        : loadBootData(status === 'open').then(
            (data): Phase => {
              saveBootCache(data);
              rememberAccount(data);
              const unchanged = storedPhase && JSON.stringify(data) === JSON.stringify(stored);
              return unchanged ? storedPhase : { kind: 'ready', state: { ...data, offlineSince: null } };
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
  }, [key, status, stored, storedPhase]);
  if (result?.key === key) return result.phase;
  // Until the check answers (or the data comes), the stored start-up data of this sign-in.
  return storedPhase && status !== 'offline' ? storedPhase : loading;
}

/** The identity provider's user (spec §7): read once signed in, never waited for. */
function useUserOfIdentity(signedIn: boolean): IdentityUser {
  const [user, setUser] = useState<IdentityUser>(null);
  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    void api.identity.user().then((answer) => {
      if (!cancelled) setUser(answer);
    });
    return () => {
      cancelled = true;
    };
  }, [signedIn]);
  return user;
}

/**
 * One router for the life of the page. New boot data (the check's answer after the stored data
 * was shown, a menu that changed) updates its context and runs the guards again; the screens stay.
 * Another active account starts afresh, screens and all (`generation`).
 */
function useAppRouter(state: BootState | null): KeptRouter | null {
  const [kept, setKept] = useState<KeptRouter | null>(null);
  const viewId = state?.loginInfo?.view_id ?? null;
  let current = kept;
  if (state !== null && (kept === null || kept.viewId !== viewId)) {
    // The router reads the address when it is made: the return route must be in place first.
    if (kept === null) restoreReturnRoute();
    current = {
      router: createAppRouter({ serviceOpen: state.serviceOpen, menu: state.menu }),
      viewId,
      generation: (kept?.generation ?? 0) + 1,
    };
    setKept(current);
  }
  const serviceOpen = state?.serviceOpen;
  const menu = state?.menu;
  useEffect(() => {
    if (!current || serviceOpen === undefined || menu === undefined) return;
    const { context } = current.router.options;
    if (context.serviceOpen === serviceOpen && context.menu === menu) return;
    current.router.update({ ...current.router.options, context: { serviceOpen, menu } });
    void current.router.invalidate();
  }, [current, serviceOpen, menu]);
  return current;
}

/** The sign-in of this start (spec §4), once: null until it has decided. */
function useSignIn(): SignInStatus | null {
  const [status, setStatus] = useState<SignInStatus | null>(null);
  useEffect(() => {
    void runSignIn({ search: location.search, expectedState: readAuthState() }, appSignInEffects).then(
      setStatus,
    );
  }, []);
  return status;
}

/** The boot sequence: the sign-in, the boot data, then the routed console, or why it cannot open. */
export function Boot({ language }: { language: Language }) {
  const { t } = useLingui();
  const status = useSignIn();
  const [attempt, setAttempt] = useState(0);
  const [stored] = useState(storedBootOfThisSignIn);
  const phase = useBoot(status === 'signingIn' ? null : status, attempt, stored);
  const user = useUserOfIdentity(status === 'open' || status === 'notOpen');
  const bootState = phase.kind === 'ready' ? phase.state : null;
  const kept = useAppRouter(bootState);
  const state = useMemo<AppState | null>(
    () => (bootState ? { language, ...bootState } : null),
    [bootState, language],
  );
  // The console as one element, made again only when what it shows changes: a render of Boot
  // for anything else (the token check settling) leaves it alone.
  const shown = useMemo(
    () =>
      state && kept ? (
        <AppStateProvider value={state}>
          <SyncRoot
            key={kept.generation}
            accounts={syncAccountsOf(state.loginInfo)}
            language={language}
            startedOffline={state.offlineSince !== null}
          >
            <RouterProvider router={kept.router} />
          </SyncRoot>
        </AppStateProvider>
      ) : null,
    [state, kept, language],
  );
  const productName = t({ id: 'shell.product.name', message: 'CDN Console' });

  if (status === 'signingIn') {
    return (
      <CenteredSpinner
        fullScreen
        label={t({ id: 'shell.boot.signingIn', message: 'Going to the sign-in page…' })}
      />
    );
  }
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
  if (shown === null) return <CenteredSpinner fullScreen label={productName} />;
  return <IdentityUserProvider value={user}>{shown}</IdentityUserProvider>;
}
