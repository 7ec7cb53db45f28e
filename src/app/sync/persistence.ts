import { createContext, useContext } from 'react';

/**
 * The browser's answer to keeping this site's storage (`navigator.storage.persist`): null until
 * known or when it cannot be asked. When false, queued edits could be evicted before they are sent.
 */
const PersistedContext = createContext<boolean | null>(null);

export const PersistedProvider = PersistedContext.Provider;

export function usePersisted(): boolean | null {
  return useContext(PersistedContext);
}
