import type { DomainEntry } from '../../../contract/domain';
import type { OutboxEntry, OutboxError } from '../../../store';
import type { DomainData } from '../use-domains';

/**
 * What became of a creation, read live from the store:
 * - `created`: the server applied it; its CNAME is known;
 * - `sending`: queued while online, the server has not answered yet;
 * - `offline`: queued while the browser is offline: it is sent once back online;
 * - `refused`: the server refused it (a rule, a permission): parked in the outbox with its answer;
 * - `gone`: neither queued nor on the server (discarded from the pending changes);
 * - `loading`: the store has not answered yet.
 */
export type CreateOutcome =
  | { kind: 'loading' }
  | { kind: 'created'; entry: DomainEntry }
  | { kind: 'sending' }
  | { kind: 'offline' }
  | { kind: 'refused'; entry: OutboxEntry; error: OutboxError | undefined }
  | { kind: 'gone' };

export function outcomeOf(data: DomainData | undefined, id: string, online: boolean): CreateOutcome {
  if (!data) return { kind: 'loading' };
  const item = data.projected.get(id);
  const command = item?.pending.find((entry) => entry.name === 'domain.create');
  if (command && command.state !== 'queued') return { kind: 'refused', entry: command, error: command.error };
  if (command) return { kind: online ? 'sending' : 'offline' };
  if (item?.server) return { kind: 'created', entry: item.server };
  return { kind: 'gone' };
}

/** An issue the server gave with its refusal (`data.issues` of the answer). */
export interface ServerIssue {
  path: string;
  message_id: string;
}

/** The field issues of a refusal, as the server listed them. */
export function serverIssuesOf(error: OutboxError | undefined): ServerIssue[] {
  const issues = error?.data.issues;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: unknown) => {
    if (typeof issue !== 'object' || issue === null) return [];
    const { path, message_id } = issue as Record<string, unknown>;
    return typeof path === 'string' && typeof message_id === 'string' ? [{ path, message_id }] : [];
  });
}
