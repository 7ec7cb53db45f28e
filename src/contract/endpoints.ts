import type { z } from 'zod';
import * as s from './schemas';
import { pushBody, pushResult } from './commands';
import { contentListQuery, contentListResult, contentQuotaResult } from './content';
import { ipCheckBody, ipCheckResult } from './ip-check';
import { trafficPackageListResult } from './traffic-package';
import { resourceQuotaResult } from './resource';
import {
  alarmCallbackKeyResult,
  alarmConfigQuery,
  alarmConfigResult,
  alarmDeliveryQuery,
  alarmDeliveryResult,
  alarmHistoryQuery,
  alarmHistoryResult,
} from './alarm';
import {
  fileSyncChunkQuery,
  fileSyncChunkResult,
  fileSyncCreateBody,
  fileSyncDeleteBody,
  fileSyncDeleteResult,
  fileSyncListResult,
  fileSyncTask,
} from './file-sync';
import { ipBanListQuery, ipBanListResult, ipBanLookupQuery, ipBanLookupResult } from './ip-ban';
import {
  domainDetailQuery,
  domainEntry,
  domainGroupListQuery,
  domainGroupListResult,
  domainListQuery,
  domainListResult,
  domainNamesResult,
} from './domain';
import {
  domainConfigQuery,
  domainConfigResult,
  sectionHistoryQuery,
  sectionHistoryResult,
} from './domain-config';
import {
  certDeleteBody,
  certDeleteResult,
  certDetail,
  certDetailQuery,
  certFeedBody,
  certFeedResult,
  certListQuery,
  certListResult,
  certUploadBody,
  certUploadResult,
} from './cert';
import {
  logFilesBody,
  logFilesResult,
  trafficSeriesBody,
  trafficSeriesResult,
  trafficTopBody,
  trafficTopResult,
  trafficUvBody,
  trafficUvResult,
} from './traffic';
import { routes, type Method } from './routes';
import {
  childAddBody,
  childAddResult,
  childAuthListsBody,
  childAuthListsResult,
  childAuthUpdateBody,
  childAuthUpdateResult,
  childDeleteBody,
  childDeleteResult,
  childDetailResult,
  childListsResult,
  childPasswordBody,
  childUpdateBody,
  childUserBody,
  okResult,
  childSimulateBody,
  childSimulateResult,
  tokenCreateBody,
  tokenCreateResult,
  tokenDeleteBody,
  tokenDeleteResult,
  tokenListsResult,
  passwordChangeBody,
  twoFactorStatusResult,
  twoFactorSetupResult,
  twoFactorEnableBody,
  twoFactorEnableResult,
  twoFactorDisableBody,
  auditListBody,
  auditListResult,
} from './users';

export interface Endpoint {
  method: Method;
  path: string;
  /** GET: query schema; POST: body schema (multipart endpoints: none; binary endpoints: the query). */
  input?: z.ZodType;
  /** A POST whose body is raw bytes (`application/octet-stream`): its `input` is the query. */
  binary?: true;
  output: z.ZodType;
  summary: string;
  /** Who may call it: `public` (no token), `identity` (token, any service state), `open` (service open). */
  access: 'public' | 'identity' | 'open';
  tag: string;
}

const e = <T extends Endpoint>(x: T) => x;

/** Every JSON endpoint of the API. Paths of spec §7 are kept exactly. */
export const endpoints = {
  identityView: e({
    ...routes.identityView,
    input: s.viewQuery,
    output: s.viewResult,
    access: 'public',
    tag: 'identity',
    summary: 'Exchange the sign-in code for a token (0) or report service not open (604, token included).',
  }),
  identityValidate: e({
    ...routes.identityValidate,
    output: s.validateResult,
    access: 'public',
    tag: 'identity',
    summary: 'Validate the bearer token: 0 open, 44 not open, 40101 sign in again (data.url).',
  }),
  identityLogout: e({
    ...routes.identityLogout,
    input: s.logoutBody,
    output: s.logoutResult,
    access: 'public',
    tag: 'identity',
    summary:
      'Revoke the bearer token (when one is sent) and answer the logout address of the account source.',
  }),
  identityUser: e({
    ...routes.identityUser,
    output: s.identityUser,
    access: 'public',
    tag: 'identity',
    summary: 'The identity provider user endpoint (portal session cookie): username and balance.',
  }),

  checkAuth: e({
    ...routes.checkAuth,
    input: s.checkAuthBody,
    output: s.checkAuthResult,
    access: 'identity',
    tag: 'customer',
    summary: 'Permission flags for the asked keys (channel account, top-URL type).',
  }),
  viewLists: e({
    ...routes.viewLists,
    input: s.empty,
    output: s.viewListsResult,
    access: 'identity',
    tag: 'customer',
    summary: 'Accounts the signed-in user may view: itself and, for a channel account, its customers.',
  }),
  searchCondition: e({
    ...routes.searchCondition,
    output: s.conditionResult,
    access: 'identity',
    tag: 'customer',
    summary: 'Search conditions offered by the customer list.',
  }),
  enumLists: e({
    ...routes.enumLists,
    output: s.enumListsResult,
    access: 'identity',
    tag: 'common',
    summary: "Enumeration dictionary: code → label in the caller's language.",
  }),
  authLists: e({
    ...routes.authLists,
    output: s.authListsResult,
    access: 'identity',
    tag: 'customer',
    summary: 'The menu granted to the active account.',
  }),
  cdnType: e({
    ...routes.cdnType,
    output: s.cdnTypeResult,
    access: 'open',
    tag: 'overview',
    summary: 'Service types of the active account with their domain counts.',
  }),
  overviewDomains: e({
    ...routes.overviewDomains,
    output: s.overviewDomainsResult,
    access: 'open',
    tag: 'overview',
    summary: "Lean list of the active account's domains with counts by status.",
  }),
  loginInfo: e({
    ...routes.loginInfo,
    output: s.loginInfoResult,
    access: 'identity',
    tag: 'customer',
    summary: 'Active account (view_id), switchable accounts and the account source.',
  }),
  consoleBoot: e({
    ...routes.consoleBoot,
    output: s.consoleBootResult,
    access: 'identity',
    tag: 'customer',
    summary:
      'Start-up data of the console in one call: login info, menu, dictionary, permission flags (is/channel/account, enable/view/top_url_type) and the cloud-storage link.',
  }),
  switchUser: e({
    ...routes.switchUser,
    input: s.switchUserBody,
    output: s.switchUserResult,
    access: 'identity',
    tag: 'customer',
    summary: 'Make another viewable account the active one.',
  }),
  customerLists: e({
    ...routes.customerLists,
    input: s.customerListsBody,
    output: s.customerListsResult,
    access: 'identity',
    tag: 'customer',
    summary: 'Viewable accounts filtered by keyword, paged.',
  }),
  baseInfo: e({
    ...routes.baseInfo,
    input: s.baseInfoBody,
    output: s.baseInfo,
    access: 'identity',
    tag: 'customer',
    summary: 'Base information of the active account or of a viewable user_id.',
  }),
  update: e({
    ...routes.update,
    input: s.updateBody,
    output: s.baseInfo,
    access: 'identity',
    tag: 'customer',
    summary: "Update the active account's contact details (real name, mobile, email, company).",
  }),
  cwn: e({
    ...routes.cwn,
    output: s.cwnResult,
    access: 'identity',
    tag: 'customer',
    summary: 'Cloud-storage link of the active account.',
  }),
  productOpen: e({
    ...routes.productOpen,
    input: s.productOpenBody,
    output: s.productOpenResult,
    access: 'identity',
    tag: 'product',
    summary: 'Apply to open the service (header info required); 11000608 when not real-name verified.',
  }),
  feedbackUpload: e({
    ...routes.feedbackUpload,
    output: s.feedbackUploadResult,
    access: 'identity',
    tag: 'suggestion',
    summary: 'Upload one picture (multipart field `file`): jpg, png, gif or svg by content, at most 5 MB.',
  }),
  feedbackAdd: e({
    ...routes.feedbackAdd,
    input: s.feedbackAddBody,
    output: s.feedbackAddResult,
    access: 'identity',
    tag: 'suggestion',
    summary: 'Submit feedback with up to 5 uploaded pictures.',
  }),
  syncPush: e({
    ...routes.syncPush,
    input: pushBody,
    output: pushResult,
    access: 'open',
    tag: 'sync',
    summary:
      'Apply queued commands in order, each once per idempotency key; one result per command, in the order sent.',
  }),
  ipBanList: e({
    ...routes.ipBanList,
    input: ipBanListQuery,
    output: ipBanListResult,
    access: 'open',
    tag: 'ipBan',
    summary: 'The ban list, searched, filtered and paged; `updated_since` gives only what changed.',
  }),
  contentList: e({
    ...routes.contentList,
    input: contentListQuery,
    output: contentListResult,
    access: 'open',
    tag: 'content',
    summary:
      'Refresh and prefetch records of the last 30 days, newest first: each task with its URLs and their states, filtered by kind, state, URL and submission time, and paged; `updated_since` gives only what changed, progress included.',
  }),
  contentQuota: e({
    ...routes.contentQuota,
    output: contentQuotaResult,
    access: 'open',
    tag: 'content',
    summary:
      "Today's use of the refresh and prefetch quotas (days in UTC+8), with the daily and per-submission limits.",
  }),
  ipCheck: e({
    ...routes.ipCheck,
    input: ipCheckBody,
    output: ipCheckResult,
    access: 'open',
    tag: 'tools',
    summary:
      'IP check: for up to 20 values, each holding a dotted IPv4 address, whether it is one of the edge nodes and its region and carrier. One query per user every 5 seconds (42901 with `retry_after` otherwise).',
  }),
  trafficPackageList: e({
    ...routes.trafficPackageList,
    output: trafficPackageListResult,
    access: 'open',
    tag: 'package',
    summary:
      "The account's traffic packages, newest first: region, total and used flow, effective and expiry times and state, with the account's billing mode (flow packages are not usable under bandwidth billing) and the time up to which usage is counted (hourly; it may lag).",
  }),
  resourceQuota: e({
    ...routes.resourceQuota,
    output: resourceQuotaResult,
    access: 'open',
    tag: 'resource',
    summary:
      "The account's quotas and what it uses of each (domains, domain groups, certificates, IP bans in force, sub-accounts, API tokens), with today's refresh and prefetch quotas (days in UTC+8).",
  }),
  fileSyncList: e({
    ...routes.fileSyncList,
    output: fileSyncListResult,
    access: 'open',
    tag: 'fileSync',
    summary:
      "The account's large-file sync tasks, newest first (at most 500), with its storage used and allowed, the chunk size and the largest file.",
  }),
  fileSyncCreate: e({
    ...routes.fileSyncCreate,
    input: fileSyncCreateBody,
    output: fileSyncTask,
    access: 'open',
    tag: 'fileSync',
    summary:
      'Start an upload: file name, size and MD5 (hex). The bytes follow in chunks (fileSyncChunk); 42203 when the storage quota or the unfinished uploads are full, or the name is held.',
  }),
  fileSyncChunk: e({
    ...routes.fileSyncChunk,
    input: fileSyncChunkQuery,
    binary: true,
    output: fileSyncChunkResult,
    access: 'open',
    tag: 'fileSync',
    summary:
      'Send the next chunk of an upload (body: application/octet-stream, at most the chunk size) at `offset`, the bytes the server holds; 40907 with `data.received` when the offset is elsewhere, so an interrupted upload resumes from there. After the last byte the task is verifying: its MD5 is checked off the request path.',
  }),
  fileSyncDelete: e({
    ...routes.fileSyncDelete,
    input: fileSyncDeleteBody,
    output: fileSyncDeleteResult,
    access: 'open',
    tag: 'fileSync',
    summary:
      'Cancel an upload under way (its bytes are dropped), delete a stored file (recorded as a delete task), or remove a record that holds no file.',
  }),
  alarmConfig: e({
    ...routes.alarmConfig,
    input: alarmConfigQuery,
    output: alarmConfigResult,
    access: 'open',
    tag: 'alarm',
    summary:
      "The account's alarm policies, notification templates, contacts and contact groups; with `updated_since`, those changed after it (deleted ones included) and the next `server_time`.",
  }),
  alarmHistory: e({
    ...routes.alarmHistory,
    input: alarmHistoryQuery,
    output: alarmHistoryResult,
    access: 'open',
    tag: 'alarm',
    summary:
      'Alarms raised by the policies, newest first: time, monitor type, object, content, ongoing or restored, and their deliveries counted by state.',
  }),
  alarmDeliveries: e({
    ...routes.alarmDeliveries,
    input: alarmDeliveryQuery,
    output: alarmDeliveryResult,
    access: 'open',
    tag: 'alarm',
    summary:
      'The delivery log of one alarm: each message by channel and recipient, sent, retried, failed, or kept with why it could not go (no mail server or SMS provider configured, SMS quota, no recipient).',
  }),
  alarmCallbackKey: e({
    ...routes.alarmCallbackKey,
    output: alarmCallbackKeyResult,
    access: 'open',
    tag: 'alarm',
    summary:
      'The key alarm callbacks are signed with: the header X-CDN-Signature is sha256=HMAC-SHA256(key, "<X-CDN-Timestamp>.<body>") in hex.',
  }),
  alarmCallbackKeyRotate: e({
    ...routes.alarmCallbackKeyRotate,
    output: alarmCallbackKeyResult,
    access: 'open',
    tag: 'alarm',
    summary: 'Replace the callback signing key; callbacks are signed with the new key from now on.',
  }),
  ipBanLookup: e({
    ...routes.ipBanLookup,
    input: ipBanLookupQuery,
    output: ipBanLookupResult,
    access: 'open',
    tag: 'ipBan',
    summary: 'Is this IP banned, and by which entry?',
  }),
  domainList: e({
    ...routes.domainList,
    input: domainListQuery,
    output: domainListResult,
    access: 'open',
    tag: 'domain',
    summary:
      'Domains of the active account, filtered (name, status, group, type, area), sorted and paged; `updated_since` gives only what changed, deletions included.',
  }),
  domainNames: e({
    ...routes.domainNames,
    output: domainNamesResult,
    access: 'open',
    tag: 'domain',
    summary: 'Every domain not deleted, id and name only, for selectors.',
  }),
  domainDetail: e({
    ...routes.domainDetail,
    input: domainDetailQuery,
    output: domainEntry,
    access: 'open',
    tag: 'domain',
    summary: 'One domain with its origins (40401 when it does not exist or was deleted).',
  }),
  domainGroupList: e({
    ...routes.domainGroupList,
    input: domainGroupListQuery,
    output: domainGroupListResult,
    access: 'open',
    tag: 'domain',
    summary: 'Groups of domains; `updated_since` gives only what changed, deletions included.',
  }),
  certList: e({
    ...routes.certList,
    input: certListQuery,
    output: certListResult,
    access: 'open',
    tag: 'cert',
    summary:
      'Every certificate of the active account, newest first, with its state and the domains using it; `keyword` (name, CN or SAN) and `expiry` (expired, in7, in30, unexpired) filter it.',
  }),
  certDetail: e({
    ...routes.certDetail,
    input: certDetailQuery,
    output: certDetail,
    access: 'open',
    tag: 'cert',
    summary: 'One certificate with its chain (public parts only; the private key is never answered).',
  }),
  certUpload: e({
    ...routes.certUpload,
    input: certUploadBody,
    output: certUploadResult,
    access: 'open',
    tag: 'cert',
    summary:
      'Upload a certificate (PEM, leaf first, with its chain), its private key and the key password of an encrypted key. A leaf alone is refused; a chain that does not link is refused with `data.forceable` unless `force` is set.',
  }),
  certDelete: e({
    ...routes.certDelete,
    input: certDeleteBody,
    output: certDeleteResult,
    access: 'open',
    tag: 'cert',
    summary: 'Delete a certificate; refused (40905, `data.domains`) while a domain uses it.',
  }),
  certFeed: e({
    ...routes.certFeed,
    output: certFeedResult,
    access: 'open',
    tag: 'cert',
    summary: 'Whether the calendar feed of certificate expiries is on (its address is shown only when made).',
  }),
  certFeedUpdate: e({
    ...routes.certFeedUpdate,
    input: certFeedBody,
    output: certFeedResult,
    access: 'open',
    tag: 'cert',
    summary:
      'Make a new calendar feed address (the earlier one stops working) or revoke it. The address is answered once.',
  }),
  domainConfig: e({
    ...routes.domainConfig,
    input: domainConfigQuery,
    output: domainConfigResult,
    access: 'open',
    tag: 'domainConfig',
    summary:
      'Every configuration section of a domain, each with its version (a section never set: its defaults, version 0); 40401 for a deleted or absent domain.',
  }),
  sectionHistory: e({
    ...routes.sectionHistory,
    input: sectionHistoryQuery,
    output: sectionHistoryResult,
    access: 'open',
    tag: 'domainConfig',
    summary:
      'The versions of one configuration section of a domain, newest first (the newest 200): its content, who, when, which command.',
  }),
  trafficSeries: e({
    ...routes.trafficSeries,
    input: trafficSeriesBody,
    output: trafficSeriesResult,
    access: 'open',
    tag: 'statistics',
    summary:
      'Traffic of the chosen domains (or `all`) over a range at a granularity (1, 5, 60 or 1440 minutes; the finest allowed depends on the range): every period with requests, bytes, hits, status classes, blocked requests, page views and response time, a summary (totals, peak with its time, 95th percentile of 5-minute bandwidth), the previous period when `compare` is set, and markers of configuration changes. Region or carrier filters need hourly or daily points.',
  }),
  trafficTop: e({
    ...routes.trafficTop,
    input: trafficTopBody,
    output: trafficTopResult,
    access: 'open',
    tag: 'statistics',
    summary:
      'The busiest keys of one dimension (URL, referer, client address, UA, region, carrier, status code, domain, response time, blocking rule, blocked client) over a range, by requests, with the totals of the range.',
  }),
  trafficUv: e({
    ...routes.trafficUv,
    input: trafficUvBody,
    output: trafficUvResult,
    access: 'open',
    tag: 'statistics',
    summary:
      'Unique visitors (distinct client addresses, a HyperLogLog estimate with its error) and page views per day (UTC+8), and over the whole range; at most 1000 domains.',
  }),
  logFiles: e({
    ...routes.logFiles,
    input: logFilesBody,
    output: logFilesResult,
    access: 'open',
    tag: 'log',
    summary:
      'The hourly raw log files (gzip, JSON lines) of one domain over at most 31 days, with their sizes and signed download addresses that work for 5 minutes.',
  }),
  childLists: e({
    ...routes.childLists,
    output: childListsResult,
    access: 'identity',
    tag: 'user',
    summary:
      'The sub-accounts of the signed-in main account (at most 5), with their security level and two-factor state.',
  }),
  childAdd: e({
    ...routes.childAdd,
    input: childAddBody,
    output: childAddResult,
    access: 'identity',
    tag: 'user',
    summary:
      'Creates a sub-account of the signed-in main account (at most 5) with its login (fixed once set), password, contacts, menu items and data permission.',
  }),
  childDetail: e({
    ...routes.childDetail,
    input: childUserBody,
    output: childDetailResult,
    access: 'identity',
    tag: 'user',
    summary: 'One sub-account of the signed-in main account.',
  }),
  childUpdate: e({
    ...routes.childUpdate,
    input: childUpdateBody,
    output: childDetailResult,
    access: 'identity',
    tag: 'user',
    summary: 'Changes the name, contacts and remark of a sub-account; its login cannot change.',
  }),
  childPassword: e({
    ...routes.childPassword,
    input: childPasswordBody,
    output: okResult,
    access: 'identity',
    tag: 'user',
    summary: 'Sets a new password for a sub-account (the password policy of spec §5); its sign-ins end.',
  }),
  childDelete: e({
    ...routes.childDelete,
    input: childDeleteBody,
    output: childDeleteResult,
    access: 'identity',
    tag: 'user',
    summary: 'Deletes a sub-account; its sign-ins end. What it created stays with the main account.',
  }),
  childAuthLists: e({
    ...routes.childAuthLists,
    input: childAuthListsBody,
    output: childAuthListsResult,
    access: 'identity',
    tag: 'user',
    summary:
      "A sub-account's authority items (the main account's menu, each checked when granted), its data permission and whether it may use API tokens.",
  }),
  childAuthUpdate: e({
    ...routes.childAuthUpdate,
    input: childAuthUpdateBody,
    output: childAuthUpdateResult,
    access: 'identity',
    tag: 'user',
    summary:
      "Sets a sub-account's menu items (a group with its children kept consistent), data permission by domain, certificate and owner (each 'all, including future items' or a list) and API permission.",
  }),
  childSimulate: e({
    ...routes.childSimulate,
    input: childSimulateBody,
    output: childSimulateResult,
    access: 'identity',
    tag: 'user',
    summary:
      'What a sub-account can do on one domain or certificate: each call acting on it, allowed or refused and why (function or data permission), decided by the checks the server applies to the calls themselves.',
  }),
  tokenLists: e({
    ...routes.tokenLists,
    output: tokenListsResult,
    access: 'identity',
    tag: 'token',
    summary:
      "The main account's API tokens (at most 5), for itself and its sub-accounts; secrets are never answered again.",
  }),
  tokenCreate: e({
    ...routes.tokenCreate,
    input: tokenCreateBody,
    output: tokenCreateResult,
    access: 'identity',
    tag: 'token',
    summary:
      'Creates an API token for the main account or a sub-account with API permission: read-only or read-write, an expiry, the addresses it may be used from and the domains it reaches. The secret is answered once; only its hash is kept.',
  }),
  tokenDelete: e({
    ...routes.tokenDelete,
    input: tokenDeleteBody,
    output: tokenDeleteResult,
    access: 'identity',
    tag: 'token',
    summary: 'Deletes an API token: calls with it are refused from then on.',
  }),
  passwordChange: e({
    ...routes.passwordChange,
    input: passwordChangeBody,
    output: okResult,
    access: 'identity',
    tag: 'security',
    summary:
      "Changes the signed-in account's password (spec §5 policy) after checking the current one; its other sign-ins end.",
  }),
  twoFactorStatus: e({
    ...routes.twoFactorStatus,
    output: twoFactorStatusResult,
    access: 'identity',
    tag: 'security',
    summary: 'Whether two-factor sign-in (TOTP) is on for the signed-in account, and its security level.',
  }),
  twoFactorSetup: e({
    ...routes.twoFactorSetup,
    output: twoFactorSetupResult,
    access: 'identity',
    tag: 'security',
    summary:
      'Starts turning on two-factor sign-in: a new TOTP secret and its otpauth:// address for a QR code.',
  }),
  twoFactorEnable: e({
    ...routes.twoFactorEnable,
    input: twoFactorEnableBody,
    output: twoFactorEnableResult,
    access: 'identity',
    tag: 'security',
    summary:
      'Turns two-factor sign-in on with a code of the new secret; answers ten single-use recovery codes, once.',
  }),
  twoFactorDisable: e({
    ...routes.twoFactorDisable,
    input: twoFactorDisableBody,
    output: okResult,
    access: 'identity',
    tag: 'security',
    summary: 'Turns two-factor sign-in off, with the password and a code (or a recovery code).',
  }),
  auditList: e({
    ...routes.auditList,
    input: auditListBody,
    output: auditListResult,
    access: 'identity',
    tag: 'audit',
    summary:
      "The active account's audit log, newest first: every command, sign-in, permission and token change with actor, account, source, object, field-level change, time and address; filtered and paged.",
  }),
} as const;

export type EndpointName = keyof typeof endpoints;
export type InputOf<N extends EndpointName> = (typeof endpoints)[N] extends {
  input: infer I extends z.ZodType;
}
  ? z.input<I>
  : void;
export type OutputOf<N extends EndpointName> = z.output<(typeof endpoints)[N]['output']>;
