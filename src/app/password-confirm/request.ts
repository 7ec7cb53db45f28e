/**
 * Asking the user to confirm the password, for a call that needs a recent sign-in (the API client
 * asks through `requestPasswordConfirm` when a call answers 40103). One request at a time: calls
 * that ask meanwhile share the answer.
 */
let pending: { answer: Promise<boolean>; settle: (confirmed: boolean) => void } | null = null;
const listeners = new Set<() => void>();

export function requestPasswordConfirm(): Promise<boolean> {
  if (pending) return pending.answer;
  let settle!: (confirmed: boolean) => void;
  const answer = new Promise<boolean>((resolve) => (settle = resolve));
  pending = { answer, settle };
  listeners.forEach((listener) => listener());
  return answer;
}

/** The user confirmed (true) or declined (false): the waiting calls go on. */
export function settlePasswordConfirm(confirmed: boolean): void {
  const current = pending;
  pending = null;
  listeners.forEach((listener) => listener());
  current?.settle(confirmed);
}

export const passwordConfirmRequested = () => pending !== null;

export function subscribePasswordConfirm(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
