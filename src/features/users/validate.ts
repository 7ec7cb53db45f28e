import { ApiError, isApiError } from '../../api';
import { Code } from '../../contract/codes';
import { validateEmail, validateMobile } from '../../contract/rules/account';
import { checkText } from '../../contract/rules/text';
import { validateConfirmation, validateLogin, validatePassword } from '../../contract/users';
import { invalidRequestIssues, refusalData } from '../../ui/server-issues';

/**
 * The sub-account forms' checks with the contract's rules (the server applies the same ones, with
 * the same message ids), and the server's refusals placed at the fields they name.
 */

export const profileFields = ['real_name', 'mobile', 'email', 'remark'] as const;
export const passwordFields = ['password', 'confirm_password'] as const;
export const accountFields = ['login', ...passwordFields, ...profileFields] as const;
/** The fields of the account center's own forms (contacts, password change, two-factor codes). */
export const contactFields = ['real_name', 'mobile', 'email', 'company'] as const;
export const passwordChangeFields = ['old_password', ...passwordFields] as const;
export type UserField =
  | (typeof accountFields)[number]
  | (typeof contactFields)[number]
  | (typeof passwordChangeFields)[number]
  | 'code';

export interface ProfileDraft {
  real_name: string;
  mobile: string;
  email: string;
  remark: string;
}
export interface PasswordDraft {
  password: string;
  confirm_password: string;
}
export interface AccountDraft extends ProfileDraft, PasswordDraft {
  login: string;
}

export const emptyProfile = (): ProfileDraft => ({ real_name: '', mobile: '', email: '', remark: '' });
export const emptyPassword = (): PasswordDraft => ({ password: '', confirm_password: '' });
export const emptyAccount = (): AccountDraft => ({ login: '', ...emptyPassword(), ...emptyProfile() });

/**
 * A problem of a field: a message id and, for an id the console has no text of (a server rule it
 * does not know), the server's own words.
 */
export interface Problem {
  id: string;
  text?: string;
}
export type FieldProblems = Partial<Record<UserField, Problem>>;

const problem = (id: string | null): Problem | undefined => (id === null ? undefined : { id });
const compact = (problems: FieldProblems): FieldProblems =>
  Object.fromEntries(Object.entries(problems).filter(([, p]) => p !== undefined)) as FieldProblems;

/** The draft of the fields `fields` of what was read, as it was read. */
export const draftOf = <F extends UserField>(read: Record<F, string>, fields: readonly F[]) =>
  Object.fromEntries(fields.map((field) => [field, read[field]])) as Record<F, string>;

/** The texts of a draft as they are sent: without surrounding blanks (the server trims them too). */
const trimmed = <D extends Record<string, string>>(draft: D): D =>
  Object.fromEntries(Object.entries(draft).map(([field, text]) => [field, text.trim()])) as D;

/** spec §5: an 11-digit mobile, a valid email (both optional); a name one line of text. */
const contactRules = (draft: Pick<ProfileDraft, 'real_name' | 'mobile' | 'email'>): FieldProblems => ({
  real_name: problem(checkText(draft.real_name)),
  mobile: problem(checkText(draft.mobile) ?? validateMobile(draft.mobile.trim())),
  email: problem(checkText(draft.email) ?? validateEmail(draft.email.trim())),
});

/** A sub-account's contacts as they are sent (of a draft that may hold more than them). */
export const profileBody = ({ real_name, mobile, email, remark }: ProfileDraft): ProfileDraft =>
  trimmed({ real_name, mobile, email, remark });

/** spec §5: the contacts' rules; a remark one line of text. */
export function profileProblems(draft: ProfileDraft): FieldProblems {
  return compact({ ...contactRules(draft), remark: problem(checkText(draft.remark)) });
}

export interface ContactDraft {
  real_name: string;
  mobile: string;
  email: string;
  company: string;
}

/** The account's own contacts as they are sent. */
export const contactBody = ({ real_name, mobile, email, company }: ContactDraft): ContactDraft =>
  trimmed({ real_name, mobile, email, company });

/** spec §5: the account's own contacts: the contacts' rules; a company one line of text. */
export function contactProblems(draft: ContactDraft): FieldProblems {
  return compact({ ...contactRules(draft), company: problem(checkText(draft.company)) });
}

export interface PasswordChangeDraft extends PasswordDraft {
  old_password: string;
}
export const emptyPasswordChange = (): PasswordChangeDraft => ({ old_password: '', ...emptyPassword() });

/** spec §5: the current password, then a new one after the policy, confirmed. */
export function passwordChangeProblems(draft: PasswordChangeDraft): FieldProblems {
  return compact({
    old_password: problem(draft.old_password === '' ? 'user.password.currentRequired' : null),
    ...passwordProblems(draft),
  });
}

/** spec §5: the password policy, and a confirmation that matches. */
export function passwordProblems(draft: PasswordDraft): FieldProblems {
  const policy = validatePassword(draft.password);
  return compact({
    password: problem(policy),
    // The confirmation is judged once there is a password to match.
    confirm_password: problem(
      draft.password === '' ? null : validateConfirmation(draft.password, draft.confirm_password),
    ),
  });
}

/** The login as it is sent: without surrounding blanks (the server trims it too). */
export const loginOf = (draft: Pick<AccountDraft, 'login'>) => draft.login.trim();

/** Every rule the information step of "create sub-account" breaks. */
export function accountProblems(draft: AccountDraft): FieldProblems {
  return compact({
    login: problem(checkText(draft.login) ?? validateLogin(loginOf(draft))),
    ...passwordProblems(draft),
    ...profileProblems(draft),
  });
}

/** The problems to show: all once the form was submitted; before that, those of fields left. */
export function shownProblems(
  problems: FieldProblems,
  touched: ReadonlySet<UserField>,
  submitted: boolean,
): FieldProblems {
  if (submitted) return problems;
  return Object.fromEntries(
    Object.entries(problems).filter(([field]) => touched.has(field as UserField)),
  ) as FieldProblems;
}

export const hasProblems = (problems: FieldProblems) => Object.keys(problems).length > 0;

/** Why the server did not do what was asked, placed where the form can show it. */
export interface Refusal {
  /** The fields it names, among those of the form. */
  fields: FieldProblems;
  /** What to say above the form, when it names no field of it (or nothing at all). */
  message: string | null;
  /** Some of the values it refused have no field in the form (and `message` may not say which). */
  unplaced: boolean;
  /** The account has its 5 sub-accounts already (spec §9). */
  limit: boolean;
  /** No answer: nothing was changed, the form can be sent again. */
  network: boolean;
}

/**
 * A refusal of childAdd, childUpdate or childPassword, for a form with `fields`. A rule the
 * server applies marks its field with the rule's message id (the server's words for the first
 * one: its `msg`); a login in use marks the login; the sub-account limit and anything else are said
 * above the form.
 */
export function refusalOf(error: unknown, fields: readonly UserField[]): Refusal {
  const refusal: Refusal = { fields: {}, message: null, unplaced: false, limit: false, network: false };
  if (!isApiError(error)) {
    refusal.message = error instanceof Error ? error.message : String(error);
    return refusal;
  }
  const has = (field: string): field is UserField => (fields as readonly string[]).includes(field);
  const issues = invalidRequestIssues(error);
  if (error.code === ApiError.networkCode) refusal.network = true;
  else if (error.code === Code.limitReached) refusal.limit = true;
  else if (
    error.code === Code.alreadyApplied &&
    typeof refusalData(error).login === 'string' &&
    has('login')
  ) {
    refusal.fields.login = { id: 'user.login.taken', text: error.message };
    return refusal;
  } else if (issues) {
    issues.forEach((issue, index) => {
      const field = issue.path.split('.')[0] ?? '';
      if (!has(field) || refusal.fields[field]) return;
      refusal.fields[field] = {
        id: issue.message_id,
        ...(index === 0 && error.message ? { text: error.message } : {}),
      };
    });
    const unplaced = issues.filter((issue) => !has(issue.path.split('.')[0] ?? ''));
    refusal.unplaced = unplaced.length > 0;
    // The server's `msg` says the first issue: above the form only when no field says it already.
    if (issues.length === 0 || unplaced[0] === issues[0]) refusal.message = error.message;
    return refusal;
  }
  refusal.message = error.message;
  return refusal;
}
