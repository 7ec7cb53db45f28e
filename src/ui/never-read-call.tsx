import { Code } from '../contract';
import { NeverReadList, type NeverReadListProps } from './never-read-list';
import type { StoredList } from './stored-list';

export interface NeverReadCallProps extends Omit<NeverReadListProps, 'list' | 'refused'> {
  /** How the screen's reads stand (`useReadsStatus`). */
  reads: StoredList;
  /** The call never answered on this device: whether its last try failed, and why. */
  failed: boolean;
  error: unknown;
}

/**
 * The body of a screen whose one call (through the read layer) never answered on this device: a
 * spinner while it is tried, why there is nothing, or the server's refusal when the caller may not
 * read it.
 */
export function NeverReadCall({ reads, failed, error, ...texts }: NeverReadCallProps) {
  const refusal = error as { code?: unknown; message?: unknown } | null | undefined;
  const refused =
    refusal?.code === Code.forbidden && typeof refusal.message === 'string' ? refusal.message : null;
  return (
    <NeverReadList
      {...texts}
      refused={refused}
      list={{ ...reads, neverRead: true, pullState: failed ? 'failed' : 'pulling' }}
    />
  );
}
