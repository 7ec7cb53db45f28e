/** Business constants of spec §9 that this code base enforces. */
export const limits = {
  accountMenuMax: 50,
  menuSelectDelayMs: 50,
  feedback: {
    titleMax: 50,
    contentMax: 1000,
    imagesMax: 5,
    imageBytesMax: 5 * 1024 * 1024,
    imageTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/svg+xml'] as const,
    imageExtensions: ['jpg', 'jpeg', 'png', 'gif', 'svg'] as const,
    /** Pictures uploaded and not yet attached to feedback, per account (not in the spec). */
    pendingImagesMax: 20,
    /** Uploads per account in ten minutes, and bytes per account in 24 hours (not in the spec). */
    uploadsPerTenMinutes: 30,
    uploadBytesPerDay: 100 * 1024 * 1024,
  },
  /** Tickets (not in the spec): title and messages as feedback's, pictures as feedback's. */
  ticket: {
    titleMax: 50,
    contentMax: 1000,
    /** Tickets in progress (not closed) per account at once. */
    openMax: 20,
    /** Tickets an account submits in 24 hours, closed ones included. */
    perDayMax: 50,
    /** Messages in one ticket, the first included. */
    messagesMax: 100,
    /** The newest tickets the list answers. */
    listMax: 200,
  },
  /** Domains (spec §5, §9); the figures the spec does not give are marked. */
  domain: {
    nameMax: 100,
    /** Domains, not deleted, of one account (not in the spec; the list is built for tens of thousands). */
    perAccount: 20_000,
    /** Copy configuration: new domains per copy (spec §5: 10, see rules/domain.ts). */
    copyTargetsMax: 10,
    /** Origins of one domain (not in the spec). */
    originsMax: 20,
    levelMin: 10,
    levelMax: 20,
    /** Weight: a positive integer (spec §5); the upper bound is ours. */
    weightMax: 100,
    hostMax: 1024,
    /** Request-header and URL match expressions of an origin (not in the spec). */
    matchMax: 200,
    /** Groups of one account and the length of a group's name (not in the spec). */
    groupsMax: 100,
    groupNameMax: 30,
    /** Rows of one list page; the browser pulls the whole list in pages this size. */
    pageSizeMax: 1000,
    /** Domains of one bulk action (the list's multi-select). */
    bulkMax: 1000,
  },
  subAccountsMax: 5,
  tokensMax: 5,
  exportRowsMax: 2000,
  /**
   * IP blocking. The spec gives no figures for the account-wide ban list; these follow its
   * per-domain IP list (500 entries, one per line) for one request.
   */
  ipBan: {
    /** Lines of one ban request. */
    linesMax: 500,
    /** Entries in force in one account. */
    entriesMax: 10_000,
    reasonMax: 100,
    /** The widest ranges that can be banned: /8 for IPv4, /32 for IPv6. */
    ipv4PrefixMin: 8,
    ipv6PrefixMin: 32,
    /** Rows of one list page; the browser pulls the whole list in pages this size. */
    pageSizeMax: 1000,
  },
  /**
   * Refresh and prefetch (spec §9): refresh 1000 URLs and 100 directories a day, prefetch 1000 a
   * day and 200 a submission. A refresh submission holds at most a day's quota; URL length is ours.
   */
  content: {
    perDay: { url: 1000, dir: 100, prefetch: 1000 },
    perSubmit: { url: 1000, dir: 100, prefetch: 200 },
    urlMax: 1024,
    /** Days a task stays in the records. */
    recordDays: 30,
    /** Rows of one records page; the browser pulls the records whole in pages this size. */
    pageSizeMax: 500,
  },
  /** The IP check (spec §9): addresses per query, and one query per user every 5 seconds. */
  ipCheck: {
    perQuery: 20,
    intervalMs: 5000,
  },
  sync: {
    /** Commands in one push. */
    batchMax: 100,
    /** How long the server keeps a command's answer for replays of the same idempotency key. */
    idempotencyDays: 30,
  },
} as const;

export const languages = ['zh_CN', 'en_US'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'zh_CN';
/**
 * A language's BCP-47 tag, for `Accept-Language`, `<html lang>` and Intl (which rejects the
 * underscores of the catalogs' names).
 */
export const bcp47: Record<Language, string> = { zh_CN: 'zh-CN', en_US: 'en-US' };

/** spec §9 activation defaults: billing mode flow (traffic billing), area value 1 (China mainland). */
export const activationDefaults = { mode: 'flow', is_overseas: 1, product: 'cdn' } as const;

/** spec §4: account source; `login_account_source` 1 means canvas, anything else portal. */
export const accountSources = ['portal', 'canvas'] as const;
export type AccountSource = (typeof accountSources)[number];
export const sourceOf = (loginAccountSource: number): AccountSource =>
  loginAccountSource === 1 ? 'canvas' : 'portal';
