import { z } from 'zod';
import { limits } from './limits';
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

/** spec §3 Sub-user authority item. */
export const authItem = z.object({
  menu_id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int(),
  checked: z.boolean(),
});
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
