import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadPasswordConfirmDialog } from '../../features/users';
import { passwordConfirmRequested, settlePasswordConfirm, subscribePasswordConfirm } from './request';

const PasswordConfirmDialog = lazy(() =>
  loadPasswordConfirmDialog().then((m) => ({ default: m.PasswordConfirmDialog })),
);

/** Shows the password confirmation while a call waits for it; its code loads the first time. */
export function PasswordConfirmHost() {
  const requested = useSyncExternalStore(subscribePasswordConfirm, passwordConfirmRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <PasswordConfirmDialog onDone={settlePasswordConfirm} />
    </Suspense>
  );
}
