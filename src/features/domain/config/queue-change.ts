import { useLingui } from '@lingui/react/macro';
import { StoreFullError, type NewCommand } from '../../../store';
import { useSyncRuntime } from '../../../sync/react';
import { notify } from '../../../ui/toaster';
import { useOnline } from '../../../ui/use-online';

/**
 * Queues an edit of a domain's configuration in the outbox and says where it stands: applied in a
 * moment, or kept on this device until the connection returns. A failure to queue is the caller's
 * to show, in the words of `failureText`.
 */
export function useQueueChange() {
  const { t } = useLingui();
  const runtime = useSyncRuntime();
  const online = useOnline();
  return {
    async queue(command: NewCommand): Promise<void> {
      if (!runtime) throw new Error('The store is not open');
      await runtime.enqueue(command);
      notify(
        'success',
        online
          ? t({ id: 'domainConfig.queued', message: 'Saved. It applies in a moment.' })
          : t({
              id: 'domainConfig.queuedOffline',
              message: 'Saved on this device; it will be sent when you are back online.',
            }),
      );
    },
    /** Why an edit was not queued, by the name of the error. */
    failureText: (name: string) =>
      name === StoreFullError.name
        ? t({
            id: 'domainConfig.storageFull',
            message: 'The device storage is full: the change was not saved.',
          })
        : t({ id: 'domainConfig.notSaved', message: 'The change could not be saved. Please try again.' }),
  };
}
