import type { z } from 'zod';
import * as s from './schemas';
import { pushBody, pushResult } from './commands';
import { contentListQuery, contentListResult, contentQuotaAnswer } from './content';
import { ipCheckBody, ipCheckResult } from './ip-check';
import { billingSummaryResult, trafficPackageListResult } from './traffic-package';
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
import { domainDeploymentQuery, domainDeploymentResult } from './edge';
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
import type { Permission } from './permissions';
import {
  ticketCloseBody,
  ticketCreateBody,
  ticketDetailBody,
  ticketDetailResult,
  ticketListsResult,
  ticketReplyBody,
} from './ticket';
import { routes, type Method } from './routes';
import { trafficMenuPaths } from './traffic-constants';
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
  passwordConfirmBody,
  passwordConfirmResult,
  twoFactorStatusResult,
  twoFactorSetupResult,
  twoFactorEnableBody,
  twoFactorEnableResult,
  twoFactorDisableBody,
  auditListBody,
  auditListResult,
} from './users';

export interface Endpoint extends Permission<never> {
  method: Method;
  path: string;
  /** GET: query schema; POST: body schema (multipart endpoints: none; binary endpoints: the query). */
  input?: z.ZodType;
  /** A POST whose body is raw bytes (`application/octet-stream`): its `input` is the query. */
  binary?: true;
  output: z.ZodType;
  summary: string;
  /**
   * Who may call it: `public` (no token), `identity` (token, any service state), `open` (service
   * open); with what else it needs (spec §6), decided by the server's one gate: see `./permissions`.
   */
  access: 'public' | 'identity' | 'open';
  tag: string;
}

const e = <T extends Endpoint>(x: T) => x;

/** The objects of a call on one domain, named by its id. */
const oneDomain = (i: { id: string }) => ({ domains: [i.id] });
/** The objects of a statistics query: the chosen domains, or (`all`) those the caller reaches. */
const chosenDomains = (i: { all: boolean; domain_ids: readonly string[] }) => ({
  domains: i.all ? [] : i.domain_ids,
});

/** What the endpoints of one area share: who may call them, and their tag. */
const areas = {
  identity: { access: 'public', tag: 'identity' },
  customer: { access: 'identity', tag: 'customer' },
  overview: { access: 'open', menu: '/cdn/dashboard', tag: 'overview' },
  suggestion: { access: 'identity', tag: 'suggestion' },
  ticket: { access: 'identity', tag: 'ticket' },
  ipBan: { access: 'open', menu: '/cdn/ip-ban', tag: 'ipBan' },
  content: { access: 'open', menu: '/cdn/content', tag: 'content' },
  fileSync: { access: 'open', menu: '/cdn/file-sync', tag: 'fileSync' },
  alarm: { access: 'open', menu: '/cdn/alarm-manage', tag: 'alarm' },
  domain: { access: 'open', menu: '/cdn/domain/list', tag: 'domain' },
  domainConfig: { access: 'open', menu: '/cdn/domain/list', objects: oneDomain, tag: 'domainConfig' },
  cert: { access: 'open', menu: '/cdn/cert', tag: 'cert' },
  statistics: { access: 'open', menu: trafficMenuPaths, objects: chosenDomains, tag: 'statistics' },
  subAccounts: { access: 'identity', menu: '/cdn/user/list', callers: 'main', tag: 'user' },
  tokens: { access: 'identity', menu: '/cdn/token-manage', callers: 'main', tag: 'token' },
  security: { access: 'identity', callers: 'console', tag: 'security' },
} as const;

/** Every JSON endpoint of the API. Paths of spec §7 are kept exactly. */
export const endpoints = {
  identityView: e({
    ...routes.identityView,
    ...areas.identity,
    input: s.viewQuery,
    output: s.viewResult,
    effect: 'write',
    summary: 'Exchange the sign-in code for a token (0) or report service not open (604, token included).',
  }),
  identityValidate: e({
    ...routes.identityValidate,
    ...areas.identity,
    output: s.validateResult,
    ownSignIn: true,
    effect: 'read',
    summary: 'Validate the bearer token: 0 open, 44 not open, 40101 sign in again (data.url).',
  }),
  identityLogout: e({
    ...routes.identityLogout,
    ...areas.identity,
    input: s.logoutBody,
    output: s.logoutResult,
    effect: 'write',
    summary:
      'Revoke the bearer token (when one is sent) and answer the logout address of the account source.',
  }),
  identityUser: e({
    ...routes.identityUser,
    ...areas.identity,
    output: s.identityUser,
    effect: 'read',
    summary: 'The identity provider user endpoint (portal session cookie): username and balance.',
  }),

  checkAuth: e({
    ...routes.checkAuth,
    ...areas.customer,
    input: s.checkAuthBody,
    output: s.checkAuthResult,
    effect: 'read',
    summary: 'Permission flags for the asked keys (channel account, top-URL type).',
  }),
  viewLists: e({
    ...routes.viewLists,
    ...areas.customer,
    input: s.empty,
    output: s.viewListsResult,
    effect: 'read',
    summary: 'Accounts the signed-in user may view: itself and, for a channel account, its customers.',
  }),
  searchCondition: e({
    ...routes.searchCondition,
    ...areas.customer,
    output: s.conditionResult,
    effect: 'read',
    summary: 'Search conditions offered by the customer list.',
  }),
  enumLists: e({
    ...routes.enumLists,
    output: s.enumListsResult,
    access: 'identity',
    effect: 'read',
    tag: 'common',
    summary: "Enumeration dictionary: code → label in the caller's language.",
  }),
  authLists: e({
    ...routes.authLists,
    ...areas.customer,
    output: s.authListsResult,
    effect: 'read',
    summary: 'The menu granted to the active account.',
  }),
  cdnType: e({
    ...routes.cdnType,
    ...areas.overview,
    output: s.cdnTypeResult,
    effect: 'read',
    summary: 'Service types of the active account with their domain counts.',
  }),
  overviewDomains: e({
    ...routes.overviewDomains,
    ...areas.overview,
    output: s.overviewDomainsResult,
    effect: 'read',
    summary: "Lean list of the active account's domains with counts by status.",
  }),
  loginInfo: e({
    ...routes.loginInfo,
    ...areas.customer,
    output: s.loginInfoResult,
    effect: 'read',
    summary: 'Active account (view_id), switchable accounts and the account source.',
  }),
  consoleBoot: e({
    ...routes.consoleBoot,
    ...areas.customer,
    output: s.consoleBootResult,
    effect: 'read',
    summary:
      'Start-up data of the console in one call: login info, menu, dictionary, permission flags (is/channel/account, enable/view/top_url_type) and the cloud-storage link.',
  }),
  switchUser: e({
    ...routes.switchUser,
    ...areas.customer,
    input: s.switchUserBody,
    output: s.switchUserResult,
    effect: 'write',
    callers: 'console',
    objects: (i: z.output<typeof s.switchUserBody>) => ({ accounts: [i.user_id] }),
    summary: 'Make another viewable account the active one.',
  }),
  customerLists: e({
    ...routes.customerLists,
    ...areas.customer,
    input: s.customerListsBody,
    output: s.customerListsResult,
    effect: 'read',
    summary: 'Viewable accounts filtered by keyword, paged.',
  }),
  baseInfo: e({
    ...routes.baseInfo,
    ...areas.customer,
    input: s.baseInfoBody,
    output: s.baseInfo,
    effect: 'read',
    objects: (i: z.output<typeof s.baseInfoBody>) => ({
      accounts: i.user_id === undefined ? [] : [i.user_id],
    }),
    summary: 'Base information of the active account or of a viewable user_id.',
  }),
  update: e({
    ...routes.update,
    ...areas.customer,
    input: s.updateBody,
    output: s.baseInfo,
    effect: 'write',
    summary: "Update the active account's contact details (real name, mobile, email, company).",
  }),
  cwn: e({
    ...routes.cwn,
    ...areas.customer,
    output: s.cwnResult,
    effect: 'read',
    summary: 'Cloud-storage link of the active account.',
  }),
  productOpen: e({
    ...routes.productOpen,
    input: s.productOpenBody,
    output: s.productOpenResult,
    access: 'identity',
    effect: 'write',
    callers: 'main',
    callersRefused: 'openService.mainAccountOnly',
    tag: 'product',
    summary:
      'Apply to open the service (header info required, `agreement` ticked: 40001 otherwise); 11000608 when not real-name verified.',
  }),
  feedbackUpload: e({
    ...routes.feedbackUpload,
    ...areas.suggestion,
    output: s.feedbackUploadResult,
    effect: 'write',
    summary:
      'Upload one picture (multipart field `file`) for feedback or a ticket: jpg, png, gif or svg by content, at most 5 MB.',
  }),
  feedbackAdd: e({
    ...routes.feedbackAdd,
    ...areas.suggestion,
    input: s.feedbackAddBody,
    output: s.feedbackAddResult,
    effect: 'write',
    summary: 'Submit feedback with up to 5 uploaded pictures.',
  }),
  ticketLists: e({
    ...routes.ticketLists,
    ...areas.ticket,
    output: ticketListsResult,
    effect: 'read',
    summary:
      'The tickets the caller sees, newest activity first (at most 200): all of the account for a main account, its own for a sub-account.',
  }),
  ticketDetail: e({
    ...routes.ticketDetail,
    ...areas.ticket,
    input: ticketDetailBody,
    output: ticketDetailResult,
    effect: 'read',
    summary: "One ticket with its messages and their pictures' ids; 40401 when the caller does not see it.",
  }),
  ticketCreate: e({
    ...routes.ticketCreate,
    ...areas.ticket,
    input: ticketCreateBody,
    output: ticketDetailResult,
    effect: 'write',
    summary:
      'Submit a ticket: category, title, description and up to 5 uploaded pictures. At most 20 tickets of an account in progress at once, and 50 submitted in 24 hours (42203).',
  }),
  ticketReply: e({
    ...routes.ticketReply,
    ...areas.ticket,
    input: ticketReplyBody,
    output: ticketDetailResult,
    effect: 'write',
    summary:
      'Add a message to a ticket in progress, with up to 5 uploaded pictures; the ticket waits for support again. 40906 when it is closed.',
  }),
  ticketClose: e({
    ...routes.ticketClose,
    ...areas.ticket,
    input: ticketCloseBody,
    output: ticketDetailResult,
    effect: 'write',
    summary: 'Close a ticket once the problem is solved; a closed ticket takes no more messages.',
  }),
  syncPush: e({
    ...routes.syncPush,
    input: pushBody,
    output: pushResult,
    access: 'open',
    effect: 'write',
    tag: 'sync',
    summary:
      'Apply queued commands in order, each once per idempotency key; one result per command, in the order sent.',
  }),
  ipBanList: e({
    ...routes.ipBanList,
    ...areas.ipBan,
    input: ipBanListQuery,
    output: ipBanListResult,
    effect: 'read',
    summary: 'The ban list, searched, filtered and paged; `updated_since` gives only what changed.',
  }),
  contentList: e({
    ...routes.contentList,
    ...areas.content,
    input: contentListQuery,
    output: contentListResult,
    effect: 'read',
    summary:
      'Refresh and prefetch records of the last 30 days, newest first: each task with its URLs and their states, filtered by kind, state, URL and submission time, and paged; `updated_since` gives only what changed, progress included.',
  }),
  contentQuota: e({
    ...routes.contentQuota,
    ...areas.content,
    output: contentQuotaAnswer,
    effect: 'read',
    summary:
      "Today's use of the refresh and prefetch quotas (days in UTC+8), with the daily and per-submission limits.",
  }),
  ipCheck: e({
    ...routes.ipCheck,
    input: ipCheckBody,
    output: ipCheckResult,
    access: 'open',
    effect: 'read',
    menu: '/cdn/utils/ipinquiry',
    tag: 'tools',
    summary:
      'IP check: for up to 20 values, each holding a dotted IPv4 address, whether it is one of the edge nodes and its region and carrier. One query per user every 5 seconds (42901 with `retry_after` otherwise).',
  }),
  trafficPackageList: e({
    ...routes.trafficPackageList,
    output: trafficPackageListResult,
    access: 'open',
    effect: 'read',
    menu: '/cdn/traffic-package',
    tag: 'package',
    summary:
      "The account's traffic packages, newest first: region, total and used flow, effective and expiry times and state, with the account's billing mode and type (flow packages are not usable under bandwidth billing) and the time up to which usage is counted (hourly; it may lag).",
  }),
  billingSummary: e({
    ...routes.billingSummary,
    ...areas.overview,
    output: billingSummaryResult,
    effect: 'read',
    summary:
      "The account's billing mode and billing type (spec §9, set by the operator) and this month's billed quantity so far (UTC+8 month): bytes under traffic billing, the type's bandwidth figure under bandwidth billing, requests or page views under request billing. A sub-account's figure is of the domains granted to it.",
  }),
  resourceQuota: e({
    ...routes.resourceQuota,
    output: resourceQuotaResult,
    access: 'open',
    effect: 'read',
    menu: '/cdn/resource-config',
    tag: 'resource',
    summary:
      "The account's quotas and what it uses of each (domains, domain groups, certificates, IP bans in force, sub-accounts, API tokens), with today's refresh and prefetch quotas (days in UTC+8).",
  }),
  fileSyncList: e({
    ...routes.fileSyncList,
    ...areas.fileSync,
    output: fileSyncListResult,
    effect: 'read',
    summary:
      "The account's large-file sync tasks, newest first (at most 500), with its storage used and allowed, the chunk size and the largest file.",
  }),
  fileSyncCreate: e({
    ...routes.fileSyncCreate,
    ...areas.fileSync,
    input: fileSyncCreateBody,
    output: fileSyncTask,
    effect: 'write',
    summary:
      'Start an upload: file name, size and MD5 (hex). The bytes follow in chunks (fileSyncChunk); 42203 when the storage quota or the unfinished uploads are full, or the name is held.',
  }),
  fileSyncChunk: e({
    ...routes.fileSyncChunk,
    ...areas.fileSync,
    input: fileSyncChunkQuery,
    binary: true,
    output: fileSyncChunkResult,
    effect: 'write',
    objects: (i: z.output<typeof fileSyncChunkQuery>) => ({ fileTasks: [i.id] }),
    summary:
      'Send the next chunk of an upload (body: application/octet-stream, at most the chunk size) at `offset`, the bytes the server holds; 40907 with `data.received` when the offset is elsewhere, so an interrupted upload resumes from there. After the last byte the task is verifying: its MD5 is checked off the request path.',
  }),
  fileSyncDelete: e({
    ...routes.fileSyncDelete,
    ...areas.fileSync,
    input: fileSyncDeleteBody,
    output: fileSyncDeleteResult,
    effect: 'write',
    objects: (i: z.output<typeof fileSyncDeleteBody>) => ({ fileTasks: [i.id] }),
    summary:
      'Cancel an upload under way (its bytes are dropped), delete a stored file (recorded as a delete task), or remove a record that holds no file.',
  }),
  alarmConfig: e({
    ...routes.alarmConfig,
    ...areas.alarm,
    input: alarmConfigQuery,
    output: alarmConfigResult,
    effect: 'read',
    summary:
      "The account's alarm policies, notification templates, contacts and contact groups; with `updated_since`, those changed after it (deleted ones included) and the next `server_time`.",
  }),
  alarmHistory: e({
    ...routes.alarmHistory,
    ...areas.alarm,
    input: alarmHistoryQuery,
    output: alarmHistoryResult,
    effect: 'read',
    summary:
      'Alarms raised by the policies, newest first: time, monitor type, object, content, ongoing or restored, and their deliveries counted by state.',
  }),
  alarmDeliveries: e({
    ...routes.alarmDeliveries,
    ...areas.alarm,
    input: alarmDeliveryQuery,
    output: alarmDeliveryResult,
    effect: 'read',
    objects: (i: z.output<typeof alarmDeliveryQuery>) => ({ alarmEvents: [i.event_id] }),
    summary:
      'The delivery log of one alarm: each message by channel and recipient, sent, retried, failed, or kept with why it could not go (no mail server or SMS provider configured, SMS quota, no recipient).',
  }),
  alarmCallbackKey: e({
    ...routes.alarmCallbackKey,
    ...areas.alarm,
    output: alarmCallbackKeyResult,
    // The key is a secret: only callers that may change things read it.
    effect: 'write',
    objects: () => ({ settings: true }),
    summary:
      'The key alarm callbacks are signed with: the header X-CDN-Signature is sha256=HMAC-SHA256(key, "<X-CDN-Timestamp>.<body>") in hex.',
  }),
  alarmCallbackKeyRotate: e({
    ...routes.alarmCallbackKeyRotate,
    ...areas.alarm,
    output: alarmCallbackKeyResult,
    effect: 'write',
    objects: () => ({ settings: true }),
    summary: 'Replace the callback signing key; callbacks are signed with the new key from now on.',
  }),
  ipBanLookup: e({
    ...routes.ipBanLookup,
    ...areas.ipBan,
    input: ipBanLookupQuery,
    output: ipBanLookupResult,
    effect: 'read',
    summary: 'Is this IP banned, and by which entry?',
  }),
  domainList: e({
    ...routes.domainList,
    ...areas.domain,
    input: domainListQuery,
    output: domainListResult,
    effect: 'read',
    summary:
      'Domains of the active account, filtered (name, status, group, type, area), sorted and paged; `updated_since` gives only what changed, deletions included.',
  }),
  domainNames: e({
    ...routes.domainNames,
    ...areas.domain,
    output: domainNamesResult,
    effect: 'read',
    summary: 'Every domain not deleted, id and name only, for selectors.',
  }),
  domainDetail: e({
    ...routes.domainDetail,
    ...areas.domain,
    input: domainDetailQuery,
    output: domainEntry,
    effect: 'read',
    objects: oneDomain,
    summary: 'One domain with its origins (40401 when it does not exist or was deleted).',
  }),
  domainGroupList: e({
    ...routes.domainGroupList,
    ...areas.domain,
    input: domainGroupListQuery,
    output: domainGroupListResult,
    effect: 'read',
    summary: 'Groups of domains; `updated_since` gives only what changed, deletions included.',
  }),
  certList: e({
    ...routes.certList,
    ...areas.cert,
    input: certListQuery,
    output: certListResult,
    effect: 'read',
    summary:
      'Every certificate of the active account, newest first, with its state and the domains using it; `keyword` (name, CN or SAN) and `expiry` (expired, in7, in30, unexpired) filter it.',
  }),
  certDetail: e({
    ...routes.certDetail,
    ...areas.cert,
    input: certDetailQuery,
    output: certDetail,
    effect: 'read',
    objects: (i: z.output<typeof certDetailQuery>) => ({ certs: [i.id] }),
    summary: 'One certificate with its chain (public parts only; the private key is never answered).',
  }),
  certUpload: e({
    ...routes.certUpload,
    ...areas.cert,
    input: certUploadBody,
    output: certUploadResult,
    effect: 'write',
    summary:
      'Upload a certificate (PEM, leaf first, with its chain), its private key and the key password of an encrypted key. A leaf alone is refused; a chain that does not link is refused with `data.forceable` unless `force` is set.',
  }),
  certDelete: e({
    ...routes.certDelete,
    ...areas.cert,
    input: certDeleteBody,
    output: certDeleteResult,
    effect: 'write',
    objects: (i: z.output<typeof certDeleteBody>) => ({ certs: [i.id] }),
    summary: 'Delete a certificate; refused (40905, `data.domains`) while a domain uses it.',
  }),
  certFeed: e({
    ...routes.certFeed,
    ...areas.cert,
    output: certFeedResult,
    effect: 'read',
    summary: 'Whether the calendar feed of certificate expiries is on (its address is shown only when made).',
  }),
  certFeedUpdate: e({
    ...routes.certFeedUpdate,
    ...areas.cert,
    input: certFeedBody,
    output: certFeedResult,
    effect: 'write',
    summary:
      'Make a new calendar feed address (the earlier one stops working) or revoke it. The address is answered once.',
  }),
  domainConfig: e({
    ...routes.domainConfig,
    ...areas.domainConfig,
    input: domainConfigQuery,
    output: domainConfigResult,
    effect: 'read',
    summary:
      'Every configuration section of a domain, each with its version (a section never set: its defaults, version 0); 40401 for a deleted or absent domain.',
  }),
  domainDeployment: e({
    ...routes.domainDeployment,
    ...areas.domainConfig,
    input: domainDeploymentQuery,
    output: domainDeploymentResult,
    effect: 'read',
    summary:
      'How the domain’s configuration stands at the edge, part by part (its origins and status, then each section): the version, and whether every edge node in contact serves it (effective), takes it (deploying) or refused it (failed, with the reason); local when no edge node is registered. 40401 for a deleted or absent domain.',
  }),
  sectionHistory: e({
    ...routes.sectionHistory,
    ...areas.domainConfig,
    input: sectionHistoryQuery,
    output: sectionHistoryResult,
    effect: 'read',
    summary:
      'The versions of one configuration section of a domain, newest first (the newest 200): its content, who, when, which command.',
  }),
  trafficSeries: e({
    ...routes.trafficSeries,
    ...areas.statistics,
    input: trafficSeriesBody,
    output: trafficSeriesResult,
    effect: 'read',
    summary:
      'Traffic of the chosen domains (or `all`) over a range at a granularity (1, 5, 60 or 1440 minutes; the finest allowed depends on the range): every period with requests, bytes, hits, status classes, blocked requests, page views and response time, a summary (totals, peak with its time, 95th percentile of 5-minute bandwidth), the previous period when `compare` is set, and markers of configuration changes. Region or carrier filters need hourly or daily points.',
  }),
  trafficTop: e({
    ...routes.trafficTop,
    ...areas.statistics,
    input: trafficTopBody,
    output: trafficTopResult,
    effect: 'read',
    summary:
      'The busiest keys of one dimension (URL, referer, client address, UA, region, carrier, status code, domain, response time, blocking rule, blocked client) over a range, by requests, with the totals of the range.',
  }),
  trafficUv: e({
    ...routes.trafficUv,
    ...areas.statistics,
    input: trafficUvBody,
    output: trafficUvResult,
    effect: 'read',
    summary:
      'Unique visitors (distinct client addresses, a HyperLogLog estimate with its error) and page views per day (UTC+8), and over the whole range; at most 1000 domains.',
  }),
  logFiles: e({
    ...routes.logFiles,
    input: logFilesBody,
    output: logFilesResult,
    access: 'open',
    effect: 'read',
    menu: '/cdn/log',
    objects: (i: z.output<typeof logFilesBody>) => ({ domains: [i.domain_id] }),
    tag: 'log',
    summary:
      'The hourly raw log files (gzip, JSON lines) of one domain over at most 31 days, with their sizes and signed download addresses that work for 5 minutes.',
  }),
  childLists: e({
    ...routes.childLists,
    ...areas.subAccounts,
    output: childListsResult,
    effect: 'read',
    summary:
      'The sub-accounts of the signed-in main account (at most 5), with their security level and two-factor state.',
  }),
  childAdd: e({
    ...routes.childAdd,
    ...areas.subAccounts,
    input: childAddBody,
    output: childAddResult,
    effect: 'write',
    reauth: 'recent',
    summary:
      'Creates a sub-account of the signed-in main account (at most 5) with its login (fixed once set), password, contacts, menu items and data permission.',
  }),
  childDetail: e({
    ...routes.childDetail,
    ...areas.subAccounts,
    input: childUserBody,
    output: childDetailResult,
    effect: 'read',
    summary: 'One sub-account of the signed-in main account.',
  }),
  childUpdate: e({
    ...routes.childUpdate,
    ...areas.subAccounts,
    input: childUpdateBody,
    output: childDetailResult,
    effect: 'write',
    summary: 'Changes the name, contacts and remark of a sub-account; its login cannot change.',
  }),
  childPassword: e({
    ...routes.childPassword,
    ...areas.subAccounts,
    input: childPasswordBody,
    output: okResult,
    effect: 'write',
    reauth: 'recent',
    summary: 'Sets a new password for a sub-account (the password policy of spec §5); its sign-ins end.',
  }),
  childDelete: e({
    ...routes.childDelete,
    ...areas.subAccounts,
    input: childDeleteBody,
    output: childDeleteResult,
    effect: 'write',
    summary: 'Deletes a sub-account; its sign-ins end. What it created stays with the main account.',
  }),
  childAuthLists: e({
    ...routes.childAuthLists,
    ...areas.subAccounts,
    input: childAuthListsBody,
    output: childAuthListsResult,
    effect: 'read',
    summary:
      "A sub-account's authority items (the main account's menu, each checked when granted), its data permission and whether it may use API tokens.",
  }),
  childAuthUpdate: e({
    ...routes.childAuthUpdate,
    ...areas.subAccounts,
    input: childAuthUpdateBody,
    output: childAuthUpdateResult,
    effect: 'write',
    reauth: 'recent',
    summary:
      "Sets a sub-account's menu items (a group with its children kept consistent), data permission by domain, certificate and owner (each 'all, including future items' or a list) and API permission.",
  }),
  childSimulate: e({
    ...routes.childSimulate,
    ...areas.subAccounts,
    input: childSimulateBody,
    output: childSimulateResult,
    effect: 'read',
    summary:
      'What a sub-account can do on one domain or certificate: each call acting on it, allowed or refused and why (function or data permission), decided by the checks the server applies to the calls themselves.',
  }),
  tokenLists: e({
    ...routes.tokenLists,
    ...areas.tokens,
    output: tokenListsResult,
    effect: 'read',
    summary:
      "The main account's API tokens (at most 5), for itself and its sub-accounts; secrets are never answered again.",
  }),
  tokenCreate: e({
    ...routes.tokenCreate,
    ...areas.tokens,
    input: tokenCreateBody,
    output: tokenCreateResult,
    effect: 'write',
    reauth: 'recent',
    summary:
      'Creates an API token for the main account or a sub-account with API permission: read-only or read-write, an expiry, the addresses it may be used from and the domains it reaches. The secret is answered once; only its hash is kept.',
  }),
  tokenDelete: e({
    ...routes.tokenDelete,
    ...areas.tokens,
    input: tokenDeleteBody,
    output: tokenDeleteResult,
    effect: 'write',
    summary:
      'Deletes an API token: calls with it are refused from then on. `confirm` is the user name the token calls as, typed to confirm (40001 otherwise).',
  }),
  passwordChange: e({
    ...routes.passwordChange,
    ...areas.security,
    input: passwordChangeBody,
    output: okResult,
    effect: 'write',
    reauth: 'password',
    summary:
      "Changes the signed-in account's password (spec §5 policy) after checking the current one; its other sign-ins end.",
  }),
  passwordConfirm: e({
    ...routes.passwordConfirm,
    ...areas.security,
    input: passwordConfirmBody,
    output: passwordConfirmResult,
    effect: 'write',
    summary:
      "Confirms the signed-in account's password: for five minutes this sign-in may make the calls that need a recent sign-in (turning two-factor sign-in on, creating tokens, changing sub-accounts' permissions); a wrong password counts as a failed sign-in.",
  }),
  twoFactorStatus: e({
    ...routes.twoFactorStatus,
    ...areas.security,
    output: twoFactorStatusResult,
    effect: 'read',
    summary: 'Whether two-factor sign-in (TOTP) is on for the signed-in account, and its security level.',
  }),
  twoFactorSetup: e({
    ...routes.twoFactorSetup,
    ...areas.security,
    output: twoFactorSetupResult,
    effect: 'write',
    reauth: 'recent',
    summary:
      'Starts turning on two-factor sign-in: a new TOTP secret and its otpauth:// address for a QR code.',
  }),
  twoFactorEnable: e({
    ...routes.twoFactorEnable,
    ...areas.security,
    input: twoFactorEnableBody,
    output: twoFactorEnableResult,
    effect: 'write',
    reauth: 'recent',
    summary:
      'Turns two-factor sign-in on with a code of the new secret; answers ten single-use recovery codes, once.',
  }),
  twoFactorDisable: e({
    ...routes.twoFactorDisable,
    ...areas.security,
    input: twoFactorDisableBody,
    output: okResult,
    effect: 'write',
    reauth: 'password',
    summary: 'Turns two-factor sign-in off, with the password and a code (or a recovery code).',
  }),
  auditList: e({
    ...routes.auditList,
    input: auditListBody,
    output: auditListResult,
    access: 'identity',
    effect: 'read',
    menu: '/cdn/user/audit-log',
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
