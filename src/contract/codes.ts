/**
 * Envelope codes. `0` is success. The codes the spec names keep its numbers (§4, §7, §8);
 * the others follow one scheme: HTTP-like class × 100 + a running number.
 */
export const Code = {
  ok: 0,
  /** spec §8: not signed in; `data.url` is the sign-in address. On the validate path: service not open (spec §4). */
  signInRequired: 44,
  /** spec §4: the view call answers 604 when the account has not opened the service. */
  serviceNotOpen: 604,
  /** spec §7: productopen failure, the account is not real-name verified. */
  realNameRequired: 11000608,
  invalidRequest: 40001,
  /** Identity: the stored token is unknown, expired or revoked; `data.url` is the sign-in address. */
  tokenInvalid: 40101,
  /** Identity: the authorisation code is unknown, expired, already used or bound to another state. */
  codeInvalid: 40102,
  /**
   * The call needs a recent sign-in (turning two-factor sign-in on, creating a token, changing a
   * sub-account's permissions): confirm the password (`passwordConfirm`) and send it again.
   */
  reauthRequired: 40103,
  /** Function permission missing (the menu does not grant it, or a main-account-only call). */
  forbidden: 40301,
  /** Account boundary: the target account is not one this user may view. */
  accountBoundary: 40302,
  /** The service is not open yet for the active account. */
  serviceClosed: 40303,
  /** A push made by one signed-in account was sent with another account's token. */
  actorMismatch: 40304,
  /**
   * spec §6: the domain has a back-end special configuration made through a work order; it cannot
   * be edited or copied by the user (the message says to contact an administrator).
   */
  specialConfiguration: 40305,
  notFound: 40401,
  /** Activation already applied for and awaiting review, or already open. */
  alreadyApplied: 40901,
  /**
   * A command's expected version is not the aggregate's current version: it changed on the server
   * meanwhile. `data.version` and `data.current` carry the server's side; nothing was applied.
   */
  versionConflict: 40902,
  /** A command with this idempotency key is being applied right now; ask again shortly. */
  commandInFlight: 40903,
  /** Not applied because an earlier command of the same aggregate in this push was not applied. */
  commandHeld: 40904,
  /** A rule of the feature refuses the command (the message says which); nothing was applied. */
  commandRejected: 40905,
  /** spec §4: the action cannot start from the domain's current state (`data.status`, `data.action`). */
  invalidTransition: 40906,
  /** A chunk of an upload sent at an offset other than the bytes the server holds (`data.received`). */
  offsetMismatch: 40907,
  fileTooLarge: 41301,
  unsupportedFileType: 41501,
  tooManyFiles: 42201,
  /** The idempotency key was already used for a different request. */
  idempotencyKeyReused: 42202,
  /** A count limit of the account is reached (the message names it). */
  limitReached: 42203,
  /**
   * Too many calls in a short time, from one token or one address: `data.retry_after` (seconds),
   * also in the `Retry-After` header of the HTTP 429 answer.
   */
  rateLimited: 42901,
  /** A JSON endpoint was sent a body that is not `application/json` (a form, text, multipart). */
  unsupportedMediaType: 41502,
  internal: 50000,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];
