/**
 * What an operation needs (spec §6), declared beside the operation: every endpoint of
 * `endpoints.ts`, every command module of `src/commands` (its menu path; a command always writes,
 * and the objects it touches follow from the kinds of aggregate it changes, `src/commands/kinds.ts`),
 * and the calls that answer files or take other keys (`operations.ts`). One gate on the server
 * (`server/authz/gate.ts`) decides every call by it, whichever way the call came in.
 */

/**
 * Who may call at all:
 * - `public`: anyone (the sign-in flow, the documentation);
 * - `identity`: a console sign-in or an API token, whatever the state of the active account's service;
 * - `open`: the same, and the active account's service is open;
 * - `edge`: an edge node with its key (`Authorization: Edge <key>`);
 * - `operator`: the operator's key (`x-operator-key`, `npm run admin`);
 * - `link`: whoever holds an address a signed-in call made for it (a signed download link, a
 *   calendar feed's secret): the address is the authorisation, and says whose data it opens.
 */
export type Access = 'public' | 'identity' | 'open' | 'edge' | 'operator' | 'link';

/** Whether the call changes anything: a read-only API token makes reads only. */
export type Effect = 'read' | 'write';

/**
 * Which signed-in callers may make the call, beyond its menu path:
 * - `any`: console sign-ins and API tokens;
 * - `console`: console sign-ins only (an API token never acts on the account's security or switches accounts);
 * - `main`: the console sign-in of a main account acting in a main account (spec §6: only a main
 *   account manages sub-accounts and tokens).
 */
export type Callers = 'any' | 'console' | 'main';

/**
 * The objects a call acts on (data permission, spec §6), by kind:
 * - `domains`, `certs`: ids of the active account's domains and certificates;
 * - `hosts`: host names, each standing for the domain that serves it (a refresh URL's host);
 * - `alarmEvents`: alarms, each standing for what its policy watches;
 * - `fileTasks`: large-file sync tasks, each standing for the user who made it (data permission by owner);
 * - `accounts`: accounts to act in or to read: only those the caller may view (its own, a
 *   sub-account's main account, a channel account's customers), else the account boundary (40302);
 * - `settings`: the account-wide settings (domain groups, IP bans, alarm templates, contacts and
 *   groups, policies on the whole account, the callback signing key), which act on every domain:
 *   reached only by a caller that reaches every domain, present and future.
 */
export interface Objects {
  domains?: readonly string[];
  certs?: readonly string[];
  hosts?: readonly string[];
  alarmEvents?: readonly string[];
  fileTasks?: readonly string[];
  accounts?: readonly number[];
  settings?: boolean;
}

/**
 * Re-authentication for calls that could lock the owner out or widen what others may do:
 * - `recent`: a sign-in, or a confirmation of the password, within the last five minutes (the
 *   server's `REAUTH_SECONDS`);
 * - `password`: the call takes the current password itself (and counts a wrong one as a failed sign-in).
 */
export type Reauth = 'recent' | 'password';

/** The declaration of one operation; `I` is its input as validated. */
export interface Permission<I = never> {
  access: Access;
  effect: Effect;
  /** Function permission: a menu path (any of several) the caller's menu must grant. */
  menu?: string | readonly string[];
  /** Default `any`. */
  callers?: Callers;
  /** The message id of the refusal of a caller that `callers` leaves out; default `common.forbidden`. */
  callersRefused?: string;
  /** The objects named in the input, judged once the input is valid. Lists filter by the caller's scope instead. */
  objects?: (input: I) => Objects;
  reauth?: Reauth;
  /**
   * A `public` call that checks the caller's token itself, as the gate does, and answers a
   * missing or invalid one its own way (the validate path, spec §7).
   */
  ownSignIn?: true;
}

/** Whether the caller must be signed in (console or API token) for this access. */
export const signedIn = (access: Access): access is 'identity' | 'open' =>
  access === 'identity' || access === 'open';
