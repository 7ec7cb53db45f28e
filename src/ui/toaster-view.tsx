import { Portal, Stack, Toast, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import type { Toast as QueuedToast } from './toaster';

const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 5 });

const show = ({ type, title }: QueuedToast) =>
  toaster.create({ type, title, closable: true, duration: type === 'error' ? 6000 : 4000 });

/** The toaster itself, loaded with the first message (see toaster.tsx). */
export function ToasterView({ take }: { take: (show: (toast: QueuedToast) => void) => void }) {
  const { t } = useLingui();
  // The toast machine subscribes to the toaster only after its own start-up; a toast created
  // before that is dropped, so the queue is handed over on the next task.
  useEffect(() => {
    const timer = setTimeout(() => take(show), 0);
    return () => clearTimeout(timer);
  }, [take]);
  return (
    <Portal>
      <ChakraToaster
        toaster={toaster}
        insetInline={{ mdDown: '4' }}
        aria-label={t({ id: 'shell.toast.region', message: 'Notifications (Alt+T)' })}
      >
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.closable ? (
              <Toast.CloseTrigger
                aria-label={t({ id: 'shell.toast.close', message: 'Close the notification' })}
              />
            ) : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
