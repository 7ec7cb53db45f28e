import { z } from 'zod';
import { paging } from './fields';
import { languages, limits } from './limits';
import { menuItem } from './schemas';
import { validateEmail, validateMobile } from './rules/account';
import { text } from './text';

/**
 * Sub-accounts and their permissions (spec §3 Sub-account and Sub-user authority item, §6, §7).
 * A main account creates up to `limits.subAccountsMax` sub-accounts; each signs in through the
 * portal like a main account and acts in its main account, with the menu items (function
 * permission) and the domains, certificates and owners (data permission) granted to it.
 */

/** A sub-account's login: 4-32 characters, a letter first, then letters, digits, '_', '-' or '.'. */
export const loginPattern = /^[A-Za-z][A-Za-z0-9_.-]{3,31}$/;

export function validateLogin(value: string): string | null {
  if (value.trim() === '') return 'user.login.required';
  return loginPattern.test(value) ? null : 'user.login.invalid';
}

/** The classes a password mixes (spec §5: at least three of four). */
export function passwordClasses(value: string): number {
  return [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z\d\s]/].filter((r) => r.test(value)).length;
}

/** spec §5: 8-20 characters, no spaces, at least three of uppercase, lowercase, digit, symbol. */
export function validatePassword(value: string): string | null {
  if (value === '') return 'user.password.required';
  if (/\s/.test(value)) return 'user.password.spaces';
  if ([...value].length < 8 || [...value].length > 20) return 'user.password.length';
  return passwordClasses(value) >= 3 ? null : 'user.password.classes';
}

/** spec §5: the confirmation must match. */
export function validateConfirmation(password: string, confirmation: string): string | null {
  return password === confirmation ? null : 'user.password.mismatch';
}

/** A security level from what protects the account: a strong password, two-factor sign-in, contacts. */
export type SecurityLevel = 'low' | 'medium' | 'high';

const checked = (rule: (value: string) => string | null) => (value: string, ctx: z.RefinementCtx) => {
  const problem = rule(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};

export const loginField = text().trim().max(32).superRefine(checked(validateLogin));
export const passwordField = text().max(64).superRefine(checked(validatePassword));
export const mobileField = text().trim().max(20).superRefine(checked(validateMobile));
export const emailField = text().trim().max(254).superRefine(checked(validateEmail));
export const realNameField = text().trim().max(50);
export const remarkField = text().trim().max(100);

/**
 * Data permission of a sub-account (spec §6): by domain, by certificate and by owner (the user who
 * created an object), each either every item, including those made later, or the items listed.
 * What a sub-account creates itself is always its own.
 */
export const grantSet = <T extends z.ZodType>(id: T) =>
  z
    .object({ all: z.boolean().default(false), ids: z.array(id).max(10_000).default([]) })
    .default({ all: false, ids: [] });
export const dataGrants = z.object({
  domains: grantSet(text().min(1).max(64)),
  certs: grantSet(text().min(1).max(64)),
  users: grantSet(z.number().int().positive()),
});
export type DataGrants = z.output<typeof dataGrants>;
export type DataGrantsInput = z.input<typeof dataGrants>;

export const noGrants = (): DataGrants => ({
  domains: { all: false, ids: [] },
  certs: { all: false, ids: [] },
  users: { all: false, ids: [] },
});

/** spec §3 Sub-user authority item: an item of the main account's menu, checked when granted. */
export const authItem = menuItem.omit({ path: true }).extend({ checked: z.boolean() });
export type AuthItem = z.infer<typeof authItem>;

export const childAddBody = z
  .object({
    login: loginField,
    password: passwordField,
    confirm_password: text().max(64),
    real_name: realNameField.default(''),
    mobile: mobileField.default(''),
    email: emailField.default(''),
    remark: remarkField.default(''),
    menu_ids: z.array(z.number().int()).max(200).default([]),
    data: dataGrants.default(noGrants()),
    api_enabled: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    const problem = validateConfirmation(body.password, body.confirm_password);
    if (problem) ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: problem });
  });
export type ChildAddBody = z.input<typeof childAddBody>;

export const childSummary = z.object({
  id: z.number().int(),
  login: z.string(),
  real_name: z.string(),
  mobile: z.string(),
  email: z.string(),
  remark: z.string(),
  created_at: z.string(),
  security_level: z.enum(['low', 'medium', 'high']),
  two_factor: z.object({ type: z.literal('totp'), enabled: z.boolean() }),
  api_enabled: z.boolean(),
});
export type ChildSummary = z.infer<typeof childSummary>;

export const childAddResult = z.object({ user: childSummary });

export const childListsResult = z.object({
  lists: z.array(childSummary),
  total: z.number().int(),
  max: z.literal(limits.subAccountsMax),
});

export const childUserBody = z.object({ user_id: z.coerce.number().int().positive() });
export const childDeleteBody = childUserBody;
export const childDeleteResult = z.object({ user_id: z.number().int() });

export const childAuthListsBody = z.object({ child_user_id: z.coerce.number().int().positive() });
export const childAuthListsResult = z.object({
  auths: z.array(authItem),
  data: dataGrants,
  api_enabled: z.boolean(),
});

export const childAuthUpdateBody = z.object({
  child_user_id: z.coerce.number().int().positive(),
  menu_ids: z.array(z.number().int()).max(200),
  data: dataGrants,
  api_enabled: z.boolean().default(false),
});
export const childAuthUpdateResult = childAuthListsResult;

export const childDetailResult = z.object({ user: childSummary });

export const childUpdateBody = z.object({
  user_id: z.coerce.number().int().positive(),
  real_name: realNameField.optional(),
  mobile: mobileField.optional(),
  email: emailField.optional(),
  remark: remarkField.optional(),
});

export const childPasswordBody = z
  .object({
    user_id: z.coerce.number().int().positive(),
    password: passwordField,
    confirm_password: text().max(64),
  })
  .superRefine((body, ctx) => {
    const problem = validateConfirmation(body.password, body.confirm_password);
    if (problem) ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: problem });
  });
export const okResult = z.object({ ok: z.literal(true) });

// ---- API tokens (spec §3 Token, §6, §8, §9) ---------------------------------------------

/** What a token may do: read only, or read and change. */
export const tokenAccess = z.enum(['read', 'write']);
export type TokenAccess = z.infer<typeof tokenAccess>;

/** API token secrets begin with this, so the server tells them from console sign-ins. */
export const apiTokenPrefix = 'cdnk_';

export const tokenEntry = z.object({
  id: z.string(),
  /** The user the token acts as: the main account or one of its sub-accounts (spec §3 "user name"). */
  user_id: z.number().int(),
  user_name: z.string(),
  remark: z.string(),
  /** The first characters of the secret, to tell tokens apart; the secret itself is shown once. */
  hint: z.string(),
  access: tokenAccess,
  /** Addresses or networks (CIDR) calls may come from; empty: any. */
  allowed_ips: z.array(z.string()),
  /** The domains it reaches within its user's permission; null: all of them. */
  domain_ids: z.array(z.string()).nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type TokenEntry = z.infer<typeof tokenEntry>;

export const tokenListsResult = z.object({
  lists: z.array(tokenEntry),
  max: z.literal(limits.tokensMax),
});

export const tokenCreateBody = z.object({
  user_id: z.coerce.number().int().positive(),
  remark: remarkField.default(''),
  access: tokenAccess.default('read'),
  allowed_ips: z.array(text().trim().max(50)).max(20).default([]),
  /** Every domain its user may reach unless some are listed. */
  domains: z
    .object({ all: z.boolean().default(false), ids: z.array(text().min(1).max(64)).max(10_000).default([]) })
    .default({ all: true, ids: [] }),
  /** When it stops working; null: never. */
  expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type TokenCreateBody = z.input<typeof tokenCreateBody>;
export const tokenCreateResult = z.object({
  token: tokenEntry,
  /** The secret, answered this once only: the server keeps its hash. */
  secret: z.string(),
});
/**
 * spec §5: deleting a token takes a typed confirmation, the user name the token calls as; the
 * server compares it too, so a script cannot delete a token without naming whose it is.
 */
export const tokenDeleteBody = z.object({ id: text().min(1).max(64), confirm: text().max(64) });
export const tokenDeleteResult = z.object({ id: z.string() });

// ---- Own account: password and two-factor sign-in (spec §4, §5) --------------------------

export const passwordChangeBody = z
  .object({
    old_password: text().min(1).max(64),
    password: passwordField,
    confirm_password: text().max(64),
  })
  .superRefine((body, ctx) => {
    const problem = validateConfirmation(body.password, body.confirm_password);
    if (problem) ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: problem });
  });

/** A one-time code of an authenticator app: six digits. */
export const totpCode = text()
  .trim()
  .regex(/^\d{6}$/, 'user.twoFactor.codeInvalid');
/** A one-time code or, instead, one of the recovery codes (single use). */
export const secondFactor = text().trim().min(6).max(32);

export const twoFactorStatusResult = z.object({
  type: z.literal('totp'),
  enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
  security_level: z.enum(['low', 'medium', 'high']),
});
/** Starts enrolment: a new secret, as text and as the otpauth:// address a QR code carries. */
export const twoFactorSetupResult = z.object({ secret: z.string(), otpauth_url: z.string() });
export const twoFactorEnableBody = z.object({ code: totpCode });
export const twoFactorEnableResult = z.object({ recovery_codes: z.array(z.string()) });
export const twoFactorDisableBody = z.object({ password: text().min(1).max(64), code: secondFactor });

/**
 * Confirming the password before a call that needs a recent sign-in (`reauth: 'recent'` in
 * `./permissions`): the console sign-in counts as recent for five minutes from now.
 */
export const passwordConfirmBody = z.object({ password: text().min(1).max(64) });
export const passwordConfirmResult = z.object({ confirmed_until: z.string() });

// ---- Audit log (spec §2 /cdn/user/audit-log) ----------------------------------------------

export const auditSources = ['browser', 'replay', 'api', 'operator'] as const;
export const auditListBody = z.object({
  keyword: text().trim().max(100).optional(),
  actor_id: z.coerce.number().int().positive().optional(),
  action: text().trim().max(64).optional(),
  source: z.enum(auditSources).optional(),
  start: z.iso.datetime({ offset: true }).optional(),
  end: z.iso.datetime({ offset: true }).optional(),
  ...paging(100),
});
export type AuditListBody = z.input<typeof auditListBody>;
export const auditChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Who did it: the signed-in account, or the owner of the API token. */
  actor: z.object({ id: z.number().int(), login: z.string() }),
  /** The account it was done in: another one when a channel account acts for a customer. */
  account: z.object({ id: z.number().int(), login: z.string() }),
  action: z.string(),
  target: z.string(),
  source: z.enum(auditSources),
  ip: z.string(),
  /** Field by field, what changed. */
  changes: z.array(auditChange),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditListResult = z.object({ lists: z.array(auditEntry), total: z.number().int() });
/** The download that answers a file rather than the envelope (described in the OpenAPI document). */
export const auditPaths = { export: '/v3/customer/audit/export' } as const;
/** Audit log export (spec §8, §9: at most 2000 rows, the newest): the list's filters and the file's format. */
export const auditExportBody = auditListBody.omit({ page: true, page_size: true }).extend({
  format: z.enum(['xlsx', 'csv']),
  language: z.enum(languages).default('zh_CN'),
});
export type AuditExportBody = z.input<typeof auditExportBody>;

// ---- Permission simulator (user detail) ----------------------------------------------------

export const childSimulateBody = z.object({
  child_user_id: z.coerce.number().int().positive(),
  kind: z.enum(['domain', 'cert']),
  id: text().trim().min(1).max(64),
});
/** Why a call is refused, or `ok`. */
export const simulateReason = z.enum(['ok', 'function', 'data']);
export const childSimulateResult = z.object({
  object: z.object({ kind: z.enum(['domain', 'cert']), id: z.string(), name: z.string().nullable() }),
  /** Whether the data permission covers the object. */
  data_allowed: z.boolean(),
  /** Each call that acts on such an object, as the server would answer it for this user. */
  calls: z.array(
    z.object({
      name: z.string(),
      summary: z.string(),
      effect: z.enum(['read', 'write']),
      allowed: z.boolean(),
      reason: simulateReason,
    }),
  ),
});
