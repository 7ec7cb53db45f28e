import { z } from 'zod';
import { productKeys } from './dictionary';
import { feedbackTypes } from './rules/feedback';
import { limits } from './limits';
import { text } from './text';

export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });
export const issueSchema = z.object({ path: z.string(), message_id: z.string() });

export const empty = z.object({}).strict();

export const accountOption = z.object({ id: z.number().int(), account: z.string() });
export type AccountOption = z.infer<typeof accountOption>;

export const menuItem = z.object({
  menu_id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int(),
  path: z.string(),
});
export type MenuItem = z.infer<typeof menuItem>;

export const serviceStatus = z.enum(['not_open', 'auditing', 'open']);
export type ServiceStatus = z.infer<typeof serviceStatus>;

export const baseInfo = z.object({
  id: z.number().int(),
  login: z.string(),
  kind: z.enum(['main', 'sub']),
  real_name: z.string(),
  real_name_verified: z.boolean(),
  mobile: z.string(),
  email: z.string(),
  company: z.string(),
  balance: z.string(),
  service_status: serviceStatus,
  login_account_source: z.number().int(),
  created_at: z.string(),
});
export type BaseInfo = z.infer<typeof baseInfo>;

export const domainSummary = z.object({
  /** The domain's id: the UUID its creator chose (see ./domain). */
  id: z.string(),
  domain: z.string(),
  status: z.string(),
  service_type: z.string(),
  area: z.string(),
  cname: z.string(),
  created_at: z.string(),
});
export type DomainSummary = z.infer<typeof domainSummary>;

// ---- identity -------------------------------------------------------------------------

export const viewQuery = z.object({
  code: text().min(1).max(200),
  state: text().min(1).max(200),
  session_state: text().min(1).max(200),
});
/** Code 0: open; code 604: not open yet, `token` still issued so activation can proceed. */
export const viewResult = z.object({
  token: z.string(),
  expires_at: z.string(),
  login_account_source: z.number().int(),
});
/** Code 0: valid and open. Code 44: valid, service not open. Code 40101: `url` to sign in again. */
export const validateResult = z.object({
  service_status: serviceStatus.optional(),
  url: z.string().optional(),
});
export const identityUser = z.object({ username: z.string(), balance: z.string() });
export const logoutBody = z.object({ source: z.enum(['portal', 'canvas']).default('portal') });
/** The logout address of the account source (configurable per source on the server). */
export const logoutResult = z.object({ url: z.string() });

// ---- customer -------------------------------------------------------------------------

export const checkAuthBody = z.object({ params: z.array(text().max(100)).max(50) });
/** Each asked key → granted. Keys: `is/channel/account`, `enable/view/top_url_type` (spec §6). */
export const checkAuthResult = z.record(z.string(), z.boolean());

export const viewListsResult = z.object({ lists: z.array(accountOption) });
export const conditionResult = z.object({
  conditions: z.array(
    z.object({ key: z.string(), type: z.enum(['text', 'select']), options: z.array(z.string()).optional() }),
  ),
});
export const enumListsResult = z.record(z.string(), z.record(z.string(), z.string()));
export const authListsResult = z.object({ lists: z.array(menuItem) });
export const cdnTypeResult = z.object({
  lists: z.array(z.object({ type: z.string(), count: z.number().int() })),
});
export const overviewDomainsResult = z.object({
  lists: z.array(domainSummary),
  total: z.number().int(),
  by_status: z.record(z.string(), z.number().int()),
});
export const loginInfoResult = z.object({
  view_id: z.number().int(),
  /** The signed-in account (the owner of the token), whichever account is active. */
  user_id: z.number().int(),
  login: z.string(),
  lists: z.array(accountOption),
  login_account_source: z.number().int(),
  service_status: serviceStatus,
  /** The signed-in account's kind: a sub-account works in its main account (`view_id`). */
  kind: z.enum(['main', 'sub']),
});
/** The console's start-up data in one answer (each part as its own call answers it). */
export const consoleBootResult = z.object({
  login_info: loginInfoResult,
  menu: z.array(menuItem),
  dict: enumListsResult,
  flags: checkAuthResult,
  cwn: z.object({ has_cwn: z.boolean(), cwn_link: z.string() }),
});
export const switchUserBody = z.object({ user_id: z.coerce.number().int().positive() });
export const switchUserResult = z.object({ view_id: z.number().int() });
/** Filters of the customer list; each condition is one that GET /v3/customer/search/condition offers. */
export const customerListsBody = z.object({
  keyword: text().max(100).optional(),
  service_status: serviceStatus.optional(),
  page: z.number().int().min(1).default(1),
  page_size: z.number().int().min(1).max(100).default(20),
});
export const customerListsResult = z.object({
  lists: z.array(accountOption.extend({ service_status: serviceStatus, created_at: z.string() })),
  total: z.number().int(),
});
export const baseInfoBody = z.object({ user_id: z.coerce.number().int().positive().optional() });
export const updateBody = z.object({
  real_name: text().trim().max(50).optional(),
  mobile: text().trim().max(20).optional(),
  email: text().trim().max(254).optional(),
  company: text().trim().max(100).optional(),
});
export const cwnResult = z.object({ has_cwn: z.boolean(), cwn_link: z.string() });

export const productOpenBody = z.object({
  /** spec §5: the agreement is ticked before applying; the server asks for it as the page does. */
  agreement: z.literal(true, { error: 'openService.agreement.required' }),
  mode: z.enum(['flow']),
  is_overseas: z.coerce
    .number()
    .int()
    .refine((v) => v === 1, 'openService.area.unsupported'),
  product: z.enum(['cdn']),
});
export const productOpenResult = z.object({ service_status: serviceStatus });

// ---- feedback -------------------------------------------------------------------------

export const feedbackUploadResult = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
});
/**
 * Trimmed text of 1 to `max` characters, counted as the browser's rule counts them (code points,
 * `validateFeedback`), with the same message ids. Over `2 × max` UTF-16 units is over `max` code
 * points in any case; the document states the limit in characters (JSON Schema counts code points).
 */
export const feedbackText = (
  max: number,
  shape: 'line' | 'multiline',
  messages: { required: string; tooLong: string },
) =>
  text(shape, { missing: messages.required })
    .trim()
    .min(1, messages.required)
    .max(max * 2, messages.tooLong)
    .refine((value) => [...value].length <= max, messages.tooLong)
    .meta({ maxLength: max });

export const feedbackAddBody = z.object({
  type: z.enum(feedbackTypes, { error: 'feedback.type.required' }),
  // One of the dictionary's product keys; typed as a string so a form's free value still compiles.
  product: z
    .string({ error: 'feedback.product.required' })
    .refine((value) => (productKeys as readonly string[]).includes(value), 'feedback.product.required')
    .meta({ enum: productKeys }),
  title: feedbackText(limits.feedback.titleMax, 'line', {
    required: 'feedback.title.required',
    tooLong: 'feedback.title.tooLong',
  }),
  content: feedbackText(limits.feedback.contentMax, 'multiline', {
    required: 'feedback.content.required',
    tooLong: 'feedback.content.tooLong',
  }),
  image_ids: z.array(z.string().uuid()).max(limits.feedback.imagesMax, 'feedback.images.tooMany').default([]),
});
export const feedbackAddResult = z.object({ id: z.number().int() });

// ---- operator (`npm run admin` through the running server) ------------------------------

export const operatorApproveBody = z.object({ login: text().trim().min(1).max(200) });
export const operatorApproveResult = z.object({ login: z.string(), service_status: serviceStatus });
export const operatorPendingResult = z.object({
  lists: z.array(z.object({ login: z.string(), product: z.string(), created_at: z.string() })),
});
