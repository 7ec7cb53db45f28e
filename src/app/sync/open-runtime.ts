import { readToken } from '../../api';
import { readTokenOwner } from '../../api/storage';
import type { Language } from '../../contract';
import { openSyncRuntime, requestPersistence } from '../../sync/runtime';
import type { SyncRuntime } from '../../sync/runtime';
import { createHttpTransport } from '../../sync/transport';

/**
 * The sync runtime of the console: the store of the signed-in account working in the active
 * account, and its sender over HTTP. Loaded on its own, with Dexie, after the first screen.
 */
export function openRuntime(
  accounts: { actorId: number; accountId: number },
  language: Language,
): Promise<SyncRuntime> {
  return openSyncRuntime({
    ...accounts,
    transport: createHttpTransport({
      // Read at each push: another tab may sign in again meanwhile.
      credentials: () => {
        const token = readToken();
        return token === null ? null : { token, userId: readTokenOwner() };
      },
      language: () => language,
    }),
  });
}

/**
 * Whether the browser keeps this site's storage. Asked after an online start (a sign-in);
 * offline only the earlier answer is read, as asking may prompt.
 */
export async function persistence(ask: boolean): Promise<boolean | null> {
  if (ask) return requestPersistence();
  try {
    const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
    return storage?.persisted ? await storage.persisted() : null;
  } catch {
    return null;
  }
}
