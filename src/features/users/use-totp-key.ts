import { useEffect, useState } from 'react';
import { isApiError } from '../../api';
import { useUserCall } from './use-reads';

/** A new two-factor key: its text and the address an authenticator app reads from a QR code. */
export interface TotpKey {
  secret: string;
  otpauth_url: string;
}

/**
 * Asks the server for a new two-factor key (spec §4) when the dialog opens, and again on `retry`:
 * the key once made, or why none could be.
 */
export function useTotpKey() {
  const call = useUserCall();
  const [key, setKey] = useState<TotpKey | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    call('twoFactorSetup', undefined).then(
      (answer) => live && setKey(answer),
      (error: unknown) => live && setFailed(isApiError(error) ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
    // A new key each time the dialog opens or the user asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const retry = () => {
    setFailed(null);
    setAttempt((n) => n + 1);
  };
  return { key, failed, retry };
}
