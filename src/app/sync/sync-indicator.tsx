import { Badge, Box, Button, HStack, VisuallyHidden } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { useLiveQuery, useSyncRuntime, useSyncStatus } from '../../sync/react';
import { loadCommandViews } from './command-views';
import { usePersisted } from './persistence';
import { signInAgain } from './sign-in-again';
import {
  ClockIcon,
  CloudDoneIcon,
  OfflineIcon,
  PauseIcon,
  SignInIcon,
  SyncIcon,
  WarningIcon,
} from '../../ui/icons';
import { clockTime, countOutbox, syncDisplay } from './sync-display';
import type { SyncDisplay } from './sync-display';
import { useOnline } from '../../ui/use-online';

/** The panel's code, and the features' views of their commands, load when it is first opened. */
const PendingPanel = lazy(async () => {
  const [{ PendingPanel: Panel }, views] = await Promise.all([import('./pending-panel'), loadCommandViews()]);
  return { default: (props: { open: boolean; onClose(): void }) => <Panel {...props} views={views} /> };
});

const icons: Record<SyncDisplay['kind'], { icon: ReactNode; color: string }> = {
  online: { icon: <CloudDoneIcon />, color: 'green.300' },
  syncing: { icon: <SyncIcon />, color: 'blue.200' },
  offline: { icon: <OfflineIcon />, color: 'orange.300' },
  waiting: { icon: <ClockIcon />, color: 'yellow.300' },
  signIn: { icon: <SignInIcon />, color: 'orange.300' },
  blocked: { icon: <PauseIcon />, color: 'red.300' },
};

/**
 * The top bar's connectivity and sync status (online, offline, syncing N, waiting to retry, sign
 * in again, paused by the server), with the count of edits that need the user. It opens the
 * pending-changes panel; without a sync runtime it only tells the connection.
 */
export function SyncIndicator() {
  const { t } = useLingui();
  const runtime = useSyncRuntime();
  const status = useSyncStatus();
  const online = useOnline();
  const persisted = usePersisted();
  const entries = useLiveQuery((rt) => rt.store.pending(), [], { onError: 'undefined' });
  const [open, setOpen] = useState(false);
  const [panelWanted, setPanelWanted] = useState(false);
  const counts = entries ? countOutbox(entries) : undefined;
  const display = syncDisplay(online, runtime ? status : null, counts);
  const parked = counts?.parked ?? 0;
  const atRisk = persisted === false && (entries?.length ?? 0) > 0;

  let text: string;
  let count = 0;
  switch (display.kind) {
    case 'online':
      text = t({ id: 'sync.indicator.online', message: 'Online' });
      break;
    case 'syncing': {
      count = display.count;
      text = t({ id: 'sync.indicator.syncing', message: `Syncing ${count}` });
      break;
    }
    case 'offline': {
      count = display.count;
      text =
        count > 0
          ? t({ id: 'sync.indicator.offlinePending', message: `Offline · ${count} pending` })
          : t({ id: 'sync.indicator.offline', message: 'Offline' });
      break;
    }
    case 'waiting': {
      count = display.count;
      const time = display.retryAt === null ? '--' : clockTime(display.retryAt);
      text = t({ id: 'sync.indicator.waiting', message: `Retry at ${time}` });
      break;
    }
    case 'signIn':
      text = t({ id: 'sync.indicator.signIn', message: 'Sign in to sync' });
      break;
    case 'blocked':
      text = t({ id: 'sync.indicator.blocked', message: 'Sync paused' });
      break;
  }
  // The server's message is a sentence of its own; the name below ends it.
  const reason =
    display.kind === 'blocked' && display.message ? display.message.replace(/[.。!！\s]+$/u, '') : null;
  const statusText = reason
    ? t({ id: 'sync.indicator.blockedReason', message: `Sync paused: ${reason}` })
    : text;
  const name = [
    t({ id: 'sync.indicator.label', message: `Sync status: ${statusText}.` }),
    parked > 0 ? t({ id: 'sync.indicator.parked', message: `Needing attention: ${parked}.` }) : '',
    atRisk ? t({ id: 'sync.indicator.atRisk', message: 'Unsynced changes at risk.' }) : '',
  ]
    .filter(Boolean)
    .join(' ');
  const { icon, color } = icons[display.kind];
  const spinning = display.kind === 'syncing' && status.phase === 'sending';

  // Below desktop width the top bar is full: the icon and one mark, the first of the edits that
  // need the user, the queued count and the risk warning. The name and the panel say the rest.
  const face = (
    <>
      <Box
        as="span"
        color={color}
        display="inline-flex"
        animation={spinning ? 'spin 1.5s linear infinite' : undefined}
        _motionReduce={{ animation: 'none' }}
      >
        {icon}
      </Box>
      <Box as="span" display={{ base: 'none', lg: 'inline' }}>
        {text}
      </Box>
      {count > 0 ? (
        <Badge
          size="sm"
          variant="subtle"
          colorPalette="gray"
          display={{ base: parked > 0 ? 'none' : 'inline-flex', lg: 'none' }}
        >
          {count}
        </Badge>
      ) : null}
      {parked > 0 ? (
        <Badge size="sm" variant="solid" colorPalette="red">
          {parked}
        </Badge>
      ) : null}
      {atRisk ? (
        <Box
          as="span"
          color="orange.300"
          display={{ base: parked > 0 || count > 0 ? 'none' : 'inline-flex', lg: 'inline-flex' }}
        >
          <WarningIcon size={14} />
        </Box>
      ) : null}
    </>
  );

  return (
    <HStack gap="1">
      {/* Read out when the state changes; the button's name says it on demand. */}
      <VisuallyHidden role="status" aria-live="polite">
        {statusText}
      </VisuallyHidden>
      {runtime ? (
        <Button
          variant="ghost"
          size="sm"
          gap="1"
          px="1.5"
          color="inherit"
          _hover={{ bg: 'whiteAlpha.200' }}
          aria-label={name}
          title={name}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => {
            setPanelWanted(true);
            setOpen(true);
          }}
        >
          {face}
        </Button>
      ) : (
        <HStack gap="1.5" px="2" fontSize="sm" fontWeight="medium" title={statusText} aria-hidden="true">
          {face}
        </HStack>
      )}
      {display.kind === 'signIn' ? (
        // Below desktop width there is no room: the panel offers it.
        <Button size="xs" colorPalette="orange" hideBelow="lg" onClick={signInAgain}>
          <SignInIcon size={14} />
          {t({ id: 'sync.action.signIn', message: 'Sign in again' })}
        </Button>
      ) : null}
      {panelWanted ? (
        <Suspense fallback={null}>
          <PendingPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </HStack>
  );
}
