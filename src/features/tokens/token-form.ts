import { ApiError, isApiError } from '../../api';
import { Code } from '../../contract/codes';
import { parseRange } from '../../contract/rules/ip';
import { checkText } from '../../contract/rules/text';
import type { TokenAccess, TokenCreateBody } from '../../contract/users';
import { invalidRequestIssues } from '../../ui/server-issues';

/**
 * The "create token" form: its draft, its checks with the contract's rules (the server applies
 * the same ones, with the same message ids, in server/modules/token/service.ts) and the server's
 * refusals placed at the fields they name.
 */

/** The contract's bounds of tokenCreateBody (src/contract/users.ts). */
export const tokenFormLimits = { remarkMax: 100, addressesMax: 20, domainsMax: 10_000 } as const;

/** Never, a number of days counted from the moment of creating, or the end of a chosen day. */
export const expiryDays = { days30: 30, days90: 90, days365: 365 } as const;
export type ExpiryMode = 'never' | keyof typeof expiryDays | 'date';

export interface TokenDraft {
  /** The user the token acts as: the main account or a sub-account with API permission. */
  userId: number | null;
  remark: string;
  access: TokenAccess;
  expiry: ExpiryMode;
  /** The day of `date`, as a date input gives it (YYYY-MM-DD). */
  expiryDate: string;
  /** Addresses or CIDR ranges, one per line; none: any address. */
  addresses: string;
  domains: { all: boolean; ids: string[] };
}

export const emptyDraft = (userId: number | null): TokenDraft => ({
  userId,
  remark: '',
  access: 'read',
  expiry: 'never',
  expiryDate: '',
  addresses: '',
  domains: { all: true, ids: [] },
});

/** Whom a token can be made for: the main account, and each sub-account. */
export interface UserChoice {
  id: number;
  name: string;
  main: boolean;
  /** spec §6: a sub-account needs its API permission enabled first. */
  apiEnabled: boolean;
}

/** A rule a field breaks: its message id, the values of its text, or the server's words. */
export interface Problem {
  id: string;
  values?: Record<string, string | number>;
  /** The server's own words, for an id the console has no text of. */
  text?: string;
}

export const tokenFields = ['user_id', 'remark', 'access', 'expires_at', 'allowed_ips', 'domains'] as const;
export type TokenField = (typeof tokenFields)[number];
export type FieldProblems = Partial<Record<TokenField, Problem>>;

export interface LineProblem {
  /** 1-based line of the text. */
  line: number;
  input: string;
  problem: Problem;
}

export interface AddressCheck {
  /** The ranges to send, in their canonical text, in the order of the lines. */
  ranges: string[];
  /** The line of the text each range comes from (the server names a range by its index). */
  lineOf: number[];
  problems: LineProblem[];
}

/**
 * The allowed addresses, line by line, with the contract's IP rule: an IPv4 or IPv6 address or a
 * CIDR range starting at its network address. Blank lines are skipped; a line that says what an
 * earlier one says is pointed at it.
 */
export function checkAddresses(text: string): AddressCheck {
  const check: AddressCheck = { ranges: [], lineOf: [], problems: [] };
  const seen = new Map<string, number>();
  text.split('\n').forEach((raw, index) => {
    const input = raw.trim();
    if (input === '') return;
    const line = index + 1;
    const parsed = parseRange(input);
    if (!parsed.ok) {
      check.problems.push({ line, input, problem: { id: parsed.problem } });
      return;
    }
    const first = seen.get(parsed.text);
    if (first !== undefined) {
      check.problems.push({ line, input, problem: { id: 'ipBan.rule.duplicate', values: { line: first } } });
      return;
    }
    seen.set(parsed.text, line);
    check.ranges.push(parsed.text);
    check.lineOf.push(line);
  });
  return check;
}

const DAY = 86_400_000;

/** The last second of a day given as YYYY-MM-DD, in the viewer's zone; NaN when not a day. */
export function endOfDay(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return NaN;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const end = new Date(year, month - 1, date, 23, 59, 59);
  // new Date rolls 2026-02-30 over into March: such a day is not one.
  return end.getMonth() === month - 1 && end.getDate() === date ? end.getTime() : NaN;
}

/** The YYYY-MM-DD text of a time's day, in the viewer's zone (a date input's value). */
export function dayOf(time: number): string {
  const date = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** When the token stops working (ISO 8601, UTC; null: never), or the rule the choice breaks. */
export function resolveExpiry(
  draft: Pick<TokenDraft, 'expiry' | 'expiryDate'>,
  now: number,
): { ok: true; expiresAt: string | null } | { ok: false; problem: Problem } {
  if (draft.expiry === 'never') return { ok: true, expiresAt: null };
  const time = draft.expiry === 'date' ? endOfDay(draft.expiryDate) : now + expiryDays[draft.expiry] * DAY;
  if (Number.isNaN(time)) return { ok: false, problem: { id: 'token.form.expiryDate' } };
  // The server's rule, with its message id: an expiry in the future.
  if (time <= now) return { ok: false, problem: { id: 'token.expiry.past' } };
  return { ok: true, expiresAt: new Date(time).toISOString() };
}

export interface DraftCheck {
  fields: FieldProblems;
  /** The allowed addresses' problems, by line. */
  lines: LineProblem[];
  addresses: AddressCheck;
}

/** Every rule the draft breaks, with `users` to choose from, at `now`. */
export function checkDraft(draft: TokenDraft, users: readonly UserChoice[], now: number): DraftCheck {
  const fields: FieldProblems = {};
  const user = users.find((u) => u.id === draft.userId);
  if (!user) fields.user_id = { id: 'token.form.userRequired' };
  else if (!user.main && !user.apiEnabled) fields.user_id = { id: 'token.apiDisabled' };

  const remarkText = checkText(draft.remark);
  if (remarkText) fields.remark = { id: remarkText };
  else if (draft.remark.trim().length > tokenFormLimits.remarkMax)
    fields.remark = { id: 'token.form.remarkTooLong', values: { max: tokenFormLimits.remarkMax } };

  const expiry = resolveExpiry(draft, now);
  if (!expiry.ok) fields.expires_at = expiry.problem;

  const addresses = checkAddresses(draft.addresses);
  if (addresses.problems.length > 0)
    fields.allowed_ips = { id: 'token.form.addressLines', values: { count: addresses.problems.length } };
  else if (addresses.ranges.length > tokenFormLimits.addressesMax)
    fields.allowed_ips = { id: 'token.form.addressesTooMany', values: { max: tokenFormLimits.addressesMax } };

  if (!draft.domains.all) {
    if (draft.domains.ids.length === 0) fields.domains = { id: 'token.domains.required' };
    else if (draft.domains.ids.length > tokenFormLimits.domainsMax)
      fields.domains = { id: 'token.form.domainsTooMany', values: { max: tokenFormLimits.domainsMax } };
  }
  return { fields, lines: addresses.problems, addresses };
}

export const hasProblems = (check: DraftCheck) => Object.keys(check.fields).length > 0;

/**
 * The request of a draft that breaks no rule; the expiry presets count from `now`, the moment of
 * sending.
 */
export function tokenBody(draft: TokenDraft, now: number): TokenCreateBody {
  const expiry = resolveExpiry(draft, now);
  return {
    user_id: draft.userId ?? 0,
    remark: draft.remark.trim(),
    access: draft.access,
    allowed_ips: checkAddresses(draft.addresses).ranges,
    domains: draft.domains.all
      ? { all: true, ids: [] }
      : { all: false, ids: [...new Set(draft.domains.ids)] },
    expires_at: expiry.ok ? expiry.expiresAt : null,
  };
}

/** Why the server did not create the token, placed where the form can show it. */
export interface Refusal {
  fields: FieldProblems;
  /** The allowed addresses it refused, by line of the text. */
  lines: LineProblem[];
  /** What to say above the form: a refusal that names no field of it. */
  message: string | null;
  /** The account has its 5 tokens already (spec §9): someone made one meanwhile. */
  limit: boolean;
  /** No answer: nothing was created, the form can be sent again. */
  network: boolean;
  /** Function permission refused: the chosen sub-account may have lost its API permission. */
  forbidden: boolean;
}

const isField = (name: string): name is TokenField => (tokenFields as readonly string[]).includes(name);

/**
 * A refusal of tokenCreate for the `addresses` that were sent. A rule the server applies marks its
 * field with the rule's message id (an address, its line); the token limit, a missing permission
 * and anything else are said above the form. The draft is never touched.
 */
export function refusalOf(error: unknown, addresses: AddressCheck): Refusal {
  const refusal: Refusal = {
    fields: {},
    lines: [],
    message: null,
    limit: false,
    network: false,
    forbidden: false,
  };
  if (!isApiError(error)) {
    refusal.message = error instanceof Error ? error.message : String(error);
    return refusal;
  }
  const issues = invalidRequestIssues(error);
  if (error.code === ApiError.networkCode) refusal.network = true;
  else if (error.code === Code.limitReached) refusal.limit = true;
  else if (error.code === Code.forbidden) refusal.forbidden = true;
  else if (issues) {
    let unplaced = issues.length === 0;
    for (const issue of issues) {
      const [field = '', index] = issue.path.split('.');
      if (!isField(field)) {
        unplaced = true;
        continue;
      }
      const line =
        field === 'allowed_ips' && index !== undefined ? addresses.lineOf[Number(index)] : undefined;
      if (line !== undefined)
        refusal.lines.push({
          line,
          input: addresses.ranges[Number(index)] ?? '',
          problem: { id: issue.message_id },
        });
      else
        // The server's `msg` says its first issue: the words for an id the console does not know.
        refusal.fields[field] ??= {
          id: issue.message_id,
          ...(issue === issues[0] && error.message ? { text: error.message } : {}),
        };
    }
    if (refusal.lines.length > 0)
      refusal.fields.allowed_ips = { id: 'token.form.addressLines', values: { count: refusal.lines.length } };
    if (unplaced) refusal.message = error.message;
    return refusal;
  }
  refusal.message = error.message;
  return refusal;
}
