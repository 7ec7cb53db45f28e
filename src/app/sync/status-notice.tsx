import { Alert, Box, Button } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { signInAgain } from './sign-in-again';
import { clockTime, type SyncDisplay } from './sync-display';

/** A notice of the panel: its text and, where the user can act on it, one button. */
interface Notice {
  status: 'info' | 'warning' | 'error';
  text: string;
  action?: { label: string; onClick(): void; palette?: string };
}

/** What the sender is waiting for, when the user can do something about it or should know. */
function useNotice(display: SyncDisplay, onRetryNow: () => void): Notice | null {
  const { t } = useLingui();
  switch (display.kind) {
    case 'offline':
      return {
        status: 'info',
        text: t({
          id: 'sync.panel.offline',
          message:
            'You are offline. These changes are kept on this device and sent once the connection is back.',
        }),
      };
    case 'signIn':
      return {
        status: 'warning',
        text: t({
          id: 'sync.panel.signIn',
          message: 'Your sign-in has expired. Sign in again to send these changes.',
        }),
        action: {
          label: t({ id: 'sync.action.signIn', message: 'Sign in again' }),
          onClick: signInAgain,
          palette: 'orange',
        },
      };
    case 'blocked': {
      const message = display.message;
      return {
        status: 'error',
        text: t({ id: 'sync.panel.blocked', message: `Sending is paused: ${message}` }),
      };
    }
    case 'waiting': {
      const time = display.retryAt === null ? '--' : clockTime(display.retryAt);
      return {
        status: 'info',
        text: t({
          id: 'sync.panel.waiting',
          message: `The server could not be reached. Next try at ${time}.`,
        }),
        action: { label: t({ id: 'sync.action.retryNow', message: 'Retry now' }), onClick: onRetryNow },
      };
    }
    default:
      return null;
  }
}

export function StatusNotice({ display, onRetryNow }: { display: SyncDisplay; onRetryNow(): void }) {
  const notice = useNotice(display, onRetryNow);
  if (!notice) return null;
  const { action } = notice;
  return (
    <Alert.Root status={notice.status}>
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Description>{notice.text}</Alert.Description>
        {action ? (
          <Box>
            <Button
              size="xs"
              colorPalette={action.palette}
              variant={action.palette ? 'solid' : 'outline'}
              onClick={action.onClick}
            >
              {action.label}
            </Button>
          </Box>
        ) : null}
      </Alert.Content>
    </Alert.Root>
  );
}
