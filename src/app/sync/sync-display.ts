import type { OutboxEntry } from '../../store';
import { heldBehindParked } from '../../store/projection';
import type { SyncStatus } from '../../sync/engine';

/**
 * The outbox in the words of the top bar. `queued`: will be sent. `held`: queued behind a
 * rejected or conflicting edit of the same item, so not sent until that one is resolved.
 * `parked`: rejected or conflicting, waiting for the user.
 */
export interface OutboxCounts {
  queued: number;
  held: number;
  parked: number;
}

export function countOutbox(entries: readonly OutboxEntry[]): OutboxCounts {
  const held = heldBehindParked(entries).size;
  const parked = entries.filter((entry) => entry.state !== 'queued').length;
  return { queued: entries.length - parked - held, held, parked };
}

export type SyncDisplay =
  | { kind: 'online' }
  | { kind: 'syncing'; count: number }
  | { kind: 'offline'; count: number }
  | { kind: 'waiting'; count: number; retryAt: number | null }
  | { kind: 'signIn' }
  | { kind: 'blocked'; message: string; retryAt: number | null };

/**
 * What the connectivity indicator says. `status` is null when this page has no sync runtime:
 * only the connection is known then. No connection comes first (nothing else can change until it
 * is back), then what the user must act on, then the sender's progress.
 */
export function syncDisplay(
  online: boolean,
  status: SyncStatus | null,
  counts: OutboxCounts | undefined,
): SyncDisplay {
  const queued = counts?.queued ?? 0;
  if (!online || status?.phase === 'offline') return { kind: 'offline', count: queued + (counts?.held ?? 0) };
  switch (status?.phase) {
    case 'signIn':
      return { kind: 'signIn' };
    case 'blocked':
      return { kind: 'blocked', message: status.message ?? '', retryAt: status.retryAt };
    case 'waiting':
      if (queued > 0) return { kind: 'waiting', count: queued, retryAt: status.retryAt };
      break;
    default:
      break;
  }
  return queued > 0 ? { kind: 'syncing', count: queued } : { kind: 'online' };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** hh:mm:ss of a retry time today, in the viewer's time zone. */
export function clockTime(at: number): string {
  const date = new Date(at);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
