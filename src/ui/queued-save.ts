import { notify } from './toaster';

/** What to say once an edit is saved on this device: sent at once when online, or later. */
export interface QueuedSaid {
  online: string;
  offline: string;
}

/**
 * Saves an edit on this device (queues its commands) and says what happened: resolves true when it
 * was saved, false (and nothing was saved) when it failed.
 */
export async function queuedSave(
  save: () => Promise<unknown>,
  said: QueuedSaid,
  /** What to say when saving on this device failed with this error (the storage is full, …). */
  failureText: (error: unknown) => string,
): Promise<boolean> {
  try {
    await save();
    notify('success', navigator.onLine ? said.online : said.offline);
    return true;
  } catch (error) {
    notify('error', failureText(error));
    return false;
  }
}
