import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Origin } from '../../src/contract/domain';
import { domainStatuses } from '../../src/contract/rules/domain';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Main accounts and sub-users. `source` 0 = portal, 1 = canvas (spec §4 login_account_source). */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    login: text('login').notNull(),
    passwordHash: text('password_hash').notNull(),
    kind: text('kind', { enum: ['main', 'sub'] })
      .notNull()
      .default('main'),
    parentId: integer('parent_id'),
    source: integer('source').notNull().default(0),
    realNameVerified: boolean('real_name_verified').notNull().default(false),
    realName: text('real_name').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    email: text('email').notNull().default(''),
    company: text('company').notNull().default(''),
    balance: numeric('balance', { precision: 14, scale: 2 }).notNull().default('0'),
    serviceStatus: text('service_status', { enum: ['not_open', 'auditing', 'open'] })
      .notNull()
      .default('not_open'),
    cwnLink: text('cwn_link').notNull().default(''),
    isChannel: boolean('is_channel').notNull().default(false),
    topUrlType: boolean('top_url_type').notNull().default(false),
    /** A sub-account: whether its main account lets it use API tokens (spec §6). */
    apiEnabled: boolean('api_enabled').notNull().default(false),
    remark: text('remark').notNull().default(''),
    /** Two-factor sign-in (spec §4): the TOTP secret sealed by the key vault, and whether it is on. */
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** A secret being enrolled: it replaces `totpSecret` once a code of it is given. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step accepted: a code of that step or an earlier one is not taken again. */
    totpLastStep: integer('totp_last_step'),
    passwordChangedAt: ts('password_changed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('accounts_login_uq').on(sql`lower(${t.login})`)],
);

/** A channel account views and switches to its customer accounts (spec §2 account menu). */
export const channelCustomers = pgTable(
  'channel_customers',
  {
    channelId: integer('channel_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.customerId] })],
);

/** Menu items granted to an account (spec §2, §6). */
export const accountMenus = pgTable(
  'account_menus',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.menuId] })],
);

/**
 * Data permission of a sub-account (spec §6): a domain, a certificate or an owner (`user`, the
 * account that created objects) it may act on; the target '*' is every item of that kind,
 * including those made later.
 */
export const subGrants = pgTable(
  'sub_grants',
  {
    subId: integer('sub_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['domain', 'cert', 'user'] }).notNull(),
    target: text('target').notNull(),
  },
  (t) => [primaryKey({ columns: [t.subId, t.kind, t.target] })],
);

/** Single-use recovery codes of two-factor sign-in; only their hashes are kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.codeHash] })],
);

/**
 * A sign-in whose password was right, waiting for its second factor: the cookie holds the secret,
 * the row its hash, the account and where the sign-in goes on. Short-lived, few attempts.
 */
export const signInChallenges = pgTable('sign_in_challenges', {
  idHash: text('id_hash').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  /** The form's fields to go on with (redirect address, state), as JSON. */
  resume: jsonb('resume').$type<Record<string, string>>().notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
});

/**
 * API tokens (spec §3 Token): made by a main account for itself or a sub-account with API
 * permission, at most five per main account. Only the secret's hash is kept.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    /** The main account the token belongs to (its data). */
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The account it acts as: the main account or one of its sub-accounts. */
    userId: integer('user_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull().unique(),
    hint: text('hint').notNull(),
    remark: text('remark').notNull().default(''),
    access: text('access', { enum: ['read', 'write'] }).notNull(),
    allowedIps: jsonb('allowed_ips').$type<string[]>().notNull().default([]),
    /** null: every domain its user may reach. */
    domainIds: jsonb('domain_ids').$type<string[] | null>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
    expiresAt: ts('expires_at'),
  },
  (t) => [index('api_tokens_account_idx').on(t.accountId)],
);

/** Single-use sign-in codes, bound to the `state` they were issued for; only the hash is kept. */
export const authCodes = pgTable('auth_codes', {
  codeHash: text('code_hash').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  state: text('state').notNull(),
  sessionState: text('session_state').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/** Portal (identity provider) sessions: the cookie holds the secret, `session_state` is public. */
export const portalSessions = pgTable('portal_sessions', {
  idHash: text('id_hash').primaryKey(),
  sessionState: text('session_state').notNull(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  endedAt: ts('ended_at'),
});

/** Console bearer tokens: hashed; idle and absolute expiry; revoked at logout. */
export const tokens = pgTable(
  'tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    viewAccountId: integer('view_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    sessionState: text('session_state').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * When its user last proved the password: the portal sign-in the token came from (a single
     * sign-on reuses the session's time), or a confirmation since. Calls that need a recent
     * sign-in read it (`reauth` in src/contract/permissions.ts).
     */
    authenticatedAt: ts('authenticated_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('tokens_account_idx').on(t.accountId), index('tokens_session_idx').on(t.sessionState)],
);

/** Applications to open the service (spec §4: apply, then auditing until approved). */
export const serviceApplications = pgTable('service_applications', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  mode: text('mode').notNull(),
  isOverseas: integer('is_overseas').notNull(),
  product: text('product').notNull(),
  status: text('status', { enum: ['pending', 'approved'] })
    .notNull()
    .default('pending'),
  /** The sign-in (`session_state`) that applied; null for the operator and the demo seed. */
  sessionState: text('session_state'),
  /** Approved at once (AUTO_APPROVE) in the request that applied. */
  autoApproved: boolean('auto_approved').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  decidedAt: ts('decided_at'),
});

/**
 * Accelerated domains (spec §3 "Domain"): the `domain` aggregate. `id` is the UUID the browser
 * chose when it created the domain (offline too); a rename keeps it. A deleted domain keeps its
 * row with the status `deleted`, and its name is free again: the name is unique among the
 * domains of every account that are not deleted. `version` rises by one with every accepted
 * command and every operator change.
 */
export const domains = pgTable(
  'domains',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    name: text('name').notNull(),
    serviceType: text('service_type').notNull(),
    area: text('area').notNull(),
    businessType: text('business_type').notNull(),
    status: text('status', { enum: domainStatuses }).notNull(),
    cname: text('cname').notNull(),
    /** A group of `domain_groups`, or none. */
    groupId: text('group_id'),
    origins: jsonb('origins').$type<Origin[]>().notNull().default([]),
    /** Set by the operator (spec §6 work order): the user cannot rename, delete or copy it. */
    specialConfig: boolean('special_config').notNull().default(false),
    /** The domain whose configuration this one was copied from, and the copy it belongs to. */
    copiedFrom: text('copied_from'),
    copyId: text('copy_id'),
    createdBy: integer('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedBy: integer('updated_by').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex('domains_name_uq')
      .on(t.name)
      .where(sql`status <> 'deleted'`),
    // The list, each sort in the order of an index (the id breaks ties): newest first (the
    // default), by name, by status; changes since a time.
    index('domains_live_created_idx')
      .on(t.accountId, t.createdAt, t.id)
      .where(sql`status <> 'deleted'`),
    index('domains_live_name_idx')
      .on(t.accountId, t.name, t.id)
      .where(sql`status <> 'deleted'`),
    index('domains_status_idx').on(t.accountId, t.status, t.createdAt, t.id),
    index('domains_updated_idx').on(t.accountId, t.updatedAt, t.id),
    // Narrow entries for the list's counts and filters (group, `none`, type, area), and the rule
    // that a group holding domains is not deleted.
    index('domains_group_idx')
      .on(t.accountId, t.groupId)
      .where(sql`status <> 'deleted'`),
    index('domains_kind_idx')
      .on(t.accountId, t.serviceType, t.area)
      .where(sql`status <> 'deleted'`),
    // How many targets a copy has.
    index('domains_copy_idx')
      .on(t.accountId, t.copyId)
      .where(sql`copy_id is not null`),
  ],
);

/**
 * Groups of an account's domains: the `domainGroup` aggregate, named by the browser's UUID. A
 * deleted group keeps its row (`deleted`), so browsers holding it learn of the deletion; its
 * name is free again. Names are unique per account, whatever their case.
 */
export const domainGroups = pgTable(
  'domain_groups',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    name: text('name').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    createdBy: integer('created_by').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedBy: integer('updated_by').notNull(),
    updatedAt: ts('updated_at').notNull(),
    version: integer('version').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex('domain_groups_name_uq')
      .on(t.accountId, sql`lower(${t.name})`)
      .where(sql`not deleted`),
    index('domain_groups_updated_idx').on(t.accountId, t.updatedAt),
  ],
);

export const feedback = pgTable('feedback', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  submittedBy: integer('submitted_by')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  product: text('product').notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Feedback pictures, stored after their content was checked. */
/**
 * Feedback pictures: the bytes are a file of the picture store (`file`, relative to it), never a
 * database value. `data` holds the bytes of pictures uploaded before the store existed, until
 * the server moves them out at start (see the suggestion module).
 */
export const feedbackImages = pgTable(
  'feedback_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    feedbackId: integer('feedback_id').references(() => feedback.id, { onDelete: 'cascade' }),
    /** The ticket message it was attached to, when it was not attached to feedback. */
    ticketMessageId: integer('ticket_message_id').references(() => ticketMessages.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    file: text('file'),
    data: bytea('data'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  // The upload quota sums an account's pictures of the last 24 hours.
  (t) => [
    index('feedback_images_account_created_idx').on(t.accountId, t.createdAt),
    index('feedback_images_ticket_message_idx').on(t.ticketMessageId),
  ],
);

/**
 * Feedback uploads that were received and refused (not a picture, too large, no room among the
 * pictures waiting): they count toward the upload rate and the day's bytes as stored pictures do,
 * on every instance, or sending files that will be refused would be a way around both. Rows older
 * than a day count for nothing and go when the account uploads again.
 */
export const feedbackRefusals = pgTable(
  'feedback_refusals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The bytes received before it was refused. */
    size: integer('size').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('feedback_refusals_account_created_idx').on(t.accountId, t.createdAt)],
);

/**
 * Tickets to support: `status` is `processing` (support's turn), `replied` (the customer's) or
 * `closed`. `createdBy` is the user who submitted it; a sub-account sees only its own.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Null once that user (a sub-account) is deleted: the account keeps the ticket. */
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    category: text('category').notNull(),
    title: text('title').notNull(),
    status: text('status').notNull(),
    messageCount: integer('message_count').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('tickets_account_updated_idx').on(t.accountId, t.updatedAt)],
);

/** The messages of a ticket, the description first; `authorId` is null for support's. */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => accounts.id, { onDelete: 'set null' }),
    fromSupport: boolean('from_support').notNull(),
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.id)],
);

/** Who did what, for the audit log (spec §2 /cdn/user/audit-log). */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id').notNull(),
    actorId: integer('actor_id').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    before: text('before'),
    after: text('after'),
    origin: text('origin').notNull().default('browser'),
    ip: text('ip').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('audit_events_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * Sign-in attempts per login and client address, for the sign-in rate limit (kept in the database
 * so every instance agrees). Counting per address too means nobody can lock another user out.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    login: text('login').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  // Sign-in is throttled per login (any address) and per address (any login).
  (t) => [
    index('login_failures_login_ip_idx').on(t.login, t.ip, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Accepted commands by idempotency key, per account (the active account the command changed), with
 * the answer given: a command sent again with the same key gets this answer and takes no effect
 * twice. Rows older than `limits.sync.idempotencyDays` are purged.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of the canonical request (name, aggregate, base version, schema version, payload). */
    requestHash: text('request_hash').notNull(),
    command: text('command').notNull(),
    /** The stored answer as JSON: `{code, message_id, data}`. */
    response: text('response').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * The IP ban list of an account (spec §2 /cdn/ip-ban). `id` is the canonical IP or CIDR text;
 * `range_start`/`range_end` are the first and last address as integers, so that containment and
 * overlap are tested in SQL. `version` rises by one with every accepted command.
 */
export const ipBans = pgTable(
  'ip_bans',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    family: integer('family').notNull(),
    rangeStart: numeric('range_start', { precision: 39, scale: 0 }).notNull(),
    rangeEnd: numeric('range_end', { precision: 39, scale: 0 }).notNull(),
    prefix: integer('prefix').notNull(),
    reason: text('reason').notNull().default(''),
    expiresAt: ts('expires_at'),
    status: text('status', { enum: ['banned', 'unbanned'] }).notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedBy: integer('updated_by').notNull(),
    updatedAt: ts('updated_at').notNull(),
    version: integer('version').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('ip_bans_range_idx').on(t.accountId, t.family, t.rangeStart),
    index('ip_bans_updated_idx').on(t.accountId, t.updatedAt),
  ],
);

/**
 * Per account, how many ban entries have the status `banned` (in force or expired): an upper bound
 * of the entries in force, kept by the ban commands in the transaction that changes the status,
 * so that the list limit needs an exact count only near the limit.
 */
export const ipBanLists = pgTable('ip_ban_lists', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  banned: integer('banned').notNull().default(0),
});

/**
 * Aggregates kept as one JSON document each (src/commands/kinds.ts, storage `document`): the
 * targets of a copy, the sections of a domain's configuration. A document's state is the command
 * module's own; the version rises by one with each command.
 */
export const aggregates = pgTable(
  'aggregates',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    version: integer('version').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedBy: integer('updated_by').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind, t.id] })],
);

/** Every version of a document aggregate: its history, what a revert goes back to. */
export const aggregateVersions = pgTable(
  'aggregate_versions',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    version: integer('version').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** The command that made it. */
    command: text('command').notNull(),
    actorId: integer('actor_id').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind, t.id, t.version] })],
);

/**
 * Uploaded certificates (spec §3 Certificate): what the leaf says, the chain in PEM, and the private
 * key sealed by the server's key vault (server/modules/cert/key-vault.ts), never answered by a call.
 * Which domains use one is their HTTPS section's (`certificate_id`), read through the domain module.
 */
export const certificates = pgTable(
  'certificates',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    name: text('name').notNull(),
    cn: text('cn').notNull(),
    sans: jsonb('sans').$type<string[]>().notNull(),
    /** The CN and the SANs, once each, lower case: what coverage and search read. */
    names: jsonb('names').$type<string[]>().notNull(),
    wildcard: boolean('wildcard').notNull(),
    issuer: text('issuer').notNull(),
    algorithm: text('algorithm', { enum: ['RSA', 'ECDSA'] }).notNull(),
    /** The validation level its policies name (spec §3 level): DV, OV or EV; '' when they name none. */
    level: text('level', { enum: ['DV', 'OV', 'EV', ''] })
      .notNull()
      .default(''),
    keySize: integer('key_size').notNull(),
    notBefore: ts('not_before').notNull(),
    notAfter: ts('not_after').notNull(),
    serial: text('serial').notNull(),
    fingerprint256: text('fingerprint256').notNull(),
    /** The leaf then its chain, PEM, in the order that links them. */
    chainPem: text('chain_pem').notNull(),
    /** False when the chain did not link and the upload was forced (spec §5). */
    chainVerified: boolean('chain_verified').notNull(),
    sealedKey: text('sealed_key').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedBy: integer('updated_by').notNull(),
    updatedAt: ts('updated_at').notNull(),
    version: integer('version').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex('certificates_name_idx').on(t.accountId, t.name),
    index('certificates_not_after_idx').on(t.accountId, t.notAfter),
  ],
);

/**
 * Calendar feeds of certificate expiries, one per account and user who made it: the hash of its
 * secret, revocable by a new one. A feed lists what its maker may see when it is read.
 */
export const certFeeds = pgTable(
  'cert_feeds',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The user who made it (the main account or a sub-account); the feed ends with it. */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    /** The first characters of the secret, to find its row without scanning. */
    lookup: text('lookup').notNull().unique(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.ownerId] })],
);

/*
 * Traffic rollups (server/modules/traffic): sums of access-log lines per domain and period, and
 * per account (`domain_id` '*', every domain together) so a query over all of an account's domains
 * reads one row per point. Every table is partitioned by range of `at` (the migration says so;
 * the partitions are made and dropped by the module's maintenance), daily for the fine grains and
 * monthly for the coarse ones; a default partition catches what no partition holds yet.
 */
const count = (name: string) => bigint(name, { mode: 'number' }).notNull();
const pointColumns = () => ({
  accountId: integer('account_id').notNull(),
  domainId: text('domain_id').notNull(),
  at: ts('at').notNull(),
  requests: count('requests'),
  bytes: count('bytes'),
  hitRequests: count('hit_requests'),
  hitBytes: count('hit_bytes'),
  s2xx: count('s2xx'),
  s3xx: count('s3xx'),
  s4xx: count('s4xx'),
  s5xx: count('s5xx'),
  blocked: count('blocked'),
  pv: count('pv'),
  rtMs: count('rt_ms'),
});
const pointsTable = (name: string) =>
  pgTable(name, pointColumns(), (t) => [primaryKey({ columns: [t.accountId, t.domainId, t.at] })]);
export const traffic1m = pointsTable('traffic_1m');
export const traffic5m = pointsTable('traffic_5m');
export const traffic1h = pointsTable('traffic_1h');
export const traffic1d = pointsTable('traffic_1d');

const geoTable = (name: string) =>
  pgTable(
    name,
    {
      accountId: integer('account_id').notNull(),
      domainId: text('domain_id').notNull(),
      at: ts('at').notNull(),
      region: text('region').notNull(),
      carrier: text('carrier').notNull(),
      requests: count('requests'),
      bytes: count('bytes'),
      hitRequests: count('hit_requests'),
      hitBytes: count('hit_bytes'),
    },
    (t) => [primaryKey({ columns: [t.accountId, t.domainId, t.at, t.region, t.carrier] })],
  );
export const trafficGeo1h = geoTable('traffic_geo_1h');
export const trafficGeo1d = geoTable('traffic_geo_1d');

/** Report dimensions (top URLs, referers, clients, UAs, status codes, ...); key '' is "the rest". */
const dimsTable = (name: string) =>
  pgTable(
    name,
    {
      accountId: integer('account_id').notNull(),
      domainId: text('domain_id').notNull(),
      at: ts('at').notNull(),
      dim: text('dim').notNull(),
      key: text('key').notNull(),
      requests: count('requests'),
      bytes: count('bytes'),
    },
    (t) => [primaryKey({ columns: [t.accountId, t.domainId, t.dim, t.at, t.key] })],
  );
export const trafficDims1h = dimsTable('traffic_dims_1h');
export const trafficDims1d = dimsTable('traffic_dims_1d');

/** Distinct clients of a domain (or '*') and day: a HyperLogLog sketch (server/modules/traffic/hll.ts). */
export const trafficUv = pgTable(
  'traffic_uv',
  {
    accountId: integer('account_id').notNull(),
    domainId: text('domain_id').notNull(),
    day: ts('day').notNull(),
    sketch: bytea('sketch').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.domainId, t.day] })],
);

/** Keys of edge nodes that send access logs: made by the operator, kept as hashes. */
export const edgeKeys = pgTable('edge_keys', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  keyHash: text('key_hash').notNull().unique(),
  createdAt: ts('created_at').notNull(),
  lastUsedAt: ts('last_used_at'),
  revokedAt: ts('revoked_at'),
});

/**
 * Refresh and prefetch tasks (src/commands/content): one row a submission, its URLs with their
 * states in `urls`. The commands write the row with a new version; the worker moves the states
 * without one (its progress is no edit to conflict with), and both mark `changed_at`, which the
 * records' `updated_since` reads.
 */
export const contentTasks = pgTable(
  'content_tasks',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    kind: text('kind', { enum: ['url', 'dir', 'prefetch'] }).notNull(),
    urls: jsonb('urls').$type<{ url: string; status: string; message_id?: string }[]>().notNull(),
    status: text('status', { enum: ['pending', 'running', 'success', 'failure'] }).notNull(),
    attempts: integer('attempts').notNull(),
    /** When the worker took it: a task running long past this is taken again (a worker that died). */
    claimedAt: ts('claimed_at'),
    finishedAt: ts('finished_at'),
    changedAt: ts('changed_at').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedBy: integer('updated_by').notNull(),
    updatedAt: ts('updated_at').notNull(),
    version: integer('version').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('content_tasks_created_idx').on(t.accountId, t.createdAt),
    index('content_tasks_changed_idx').on(t.accountId, t.changedAt),
    // The worker's queue: only tasks waiting or running.
    index('content_tasks_queue_idx')
      .on(t.status, t.createdAt)
      .where(sql`status in ('pending', 'running')`),
  ],
);

/** URLs of each kind submitted per account and day (UTC+8), retries included: the daily quota (spec §9). */
export const contentUsage = pgTable(
  'content_usage',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD, UTC+8. */
    day: text('day').notNull(),
    kind: text('kind').notNull(),
    used: integer('used').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.kind] })],
);

/**
 * The provider's edge nodes, as the operator keeps them (`npm run admin -- edge-node`): what the
 * IP check answers "ours" for. Region and carrier are the operator's, not the IP database's.
 */
export const edgeNodes = pgTable('edge_nodes', {
  address: text('address').primaryKey(),
  name: text('name').notNull(),
  region: text('region').notNull(),
  carrier: text('carrier').notNull(),
  online: boolean('online').notNull().default(true),
  createdAt: ts('created_at').notNull(),
});

/**
 * Edge nodes that run the edge agent (`npm run edge`): one a key (`edge_keys.name`). A node
 * registers when it starts, pulls the configuration and reports what took effect: `applied_seq`
 * is the last change (`edge_revisions.seq`) in effect on it, but for its `edge_failures`.
 */
export const edgeAgents = pgTable('edge_agents', {
  keyName: text('key_name').primaryKey(),
  address: text('address').notNull(),
  version: text('version').notNull(),
  httpPort: integer('http_port').notNull(),
  httpsPort: integer('https_port').notNull(),
  registeredAt: ts('registered_at').notNull(),
  lastSeenAt: ts('last_seen_at').notNull(),
  appliedSeq: bigint('applied_seq', { mode: 'number' }).notNull().default(0),
});

/**
 * What each node serves for each domain: the versions in effect (the domain aggregate's and each
 * section's), and the last configuration it could not make nginx take, with nginx's reason.
 */
export const edgeDomainStates = pgTable(
  'edge_domain_states',
  {
    keyName: text('key_name')
      .notNull()
      .references(() => edgeAgents.keyName, { onDelete: 'cascade' }),
    domainId: text('domain_id').notNull(),
    /** The change (`edge_revisions.seq`) last tried. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** The versions in effect, by `domain` and section kind; empty when the domain is served by nothing yet. */
    versions: jsonb('versions').$type<Record<string, number>>().notNull(),
    failedSeq: bigint('failed_seq', { mode: 'number' }),
    reason: text('reason'),
    at: ts('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyName, t.domainId] })],
);

/**
 * The last change of what the edge serves for each domain: its aggregate, a section, its
 * certificate or its account's IP bans. `seq` comes from one sequence, so a node asks for what
 * changed after the last one it holds.
 */
export const edgeRevisions = pgTable(
  'edge_revisions',
  {
    domainId: text('domain_id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('edge_revisions_seq_idx').on(t.seq)],
);

/** A refresh or prefetch task's URLs sent to one node, and what the node answered. */
export const edgeJobs = pgTable(
  'edge_jobs',
  {
    id: uuid('id').notNull(),
    keyName: text('key_name')
      .notNull()
      .references(() => edgeAgents.keyName, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['url', 'dir', 'prefetch'] }).notNull(),
    urls: jsonb('urls').$type<string[]>().notNull(),
    results: jsonb('results').$type<(string | null)[]>(),
    createdAt: ts('created_at').notNull(),
    doneAt: ts('done_at'),
  },
  (t) => [primaryKey({ columns: [t.id, t.keyName] }), index('edge_jobs_open_idx').on(t.keyName, t.doneAt)],
);

/** Access-log batches already counted, by the node and the batch's id: a batch sent again counts once. */
export const edgeBatches = pgTable(
  'edge_batches',
  {
    keyName: text('key_name').notNull(),
    batchId: text('batch_id').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyName, t.batchId] }), index('edge_batches_at_idx').on(t.at)],
);

/** When each user last ran an IP check: one query per user every 5 seconds (spec §9). */
export const ipCheckCalls = pgTable('ip_check_calls', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  lastAt: ts('last_at').notNull(),
});

/** Traffic packages the operator granted (server/modules/traffic-package). */
export const trafficPackages = pgTable(
  'traffic_packages',
  {
    id: uuid('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    region: text('region').notNull(),
    totalBytes: bigint('total_bytes', { mode: 'number' }).notNull(),
    usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
    effectiveAt: ts('effective_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    grantedAt: ts('granted_at').notNull(),
  },
  (t) => [index('traffic_packages_account_idx').on(t.accountId, t.expiresAt)],
);

/**
 * Per account: its billing mode and billing type (spec §9, set by the operator; traffic billing
 * unless said otherwise, the mode's default type when none is set) and the hour up to which its
 * flow has been counted against its packages.
 */
export const packageAccounts = pgTable('package_accounts', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  billingMode: text('billing_mode').notNull().default('flow'),
  billingType: text('billing_type'),
  countedUntil: ts('counted_until'),
});

/**
 * Large-file sync tasks (spec §3): uploads whose bytes arrive in chunks (`received` counts the
 * bytes held, in order) into DATA_DIR/file-sync/<account>/<id>, and the deletions of stored files.
 */
export const fileSyncTasks = pgTable(
  'file_sync_tasks',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    operation: text('operation', { enum: ['upload', 'delete'] }).notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    md5: text('md5').notNull(),
    status: text('status', {
      enum: ['uploading', 'verifying', 'succeeded', 'failed', 'cancelled', 'deleted'],
    }).notNull(),
    failure: text('failure'),
    /** When a verifier took it: one that died is replaced once this is old. */
    claimedAt: ts('claimed_at'),
    createdBy: integer('created_by').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('file_sync_tasks_created_idx').on(t.accountId, t.createdAt),
    // A name is held once among the files stored or on their way.
    uniqueIndex('file_sync_tasks_name_uq')
      .on(t.accountId, t.name)
      .where(sql`operation = 'upload' and status in ('uploading', 'verifying', 'succeeded')`),
    index('file_sync_tasks_verify_idx')
      .on(t.status, t.updatedAt)
      .where(sql`status = 'verifying'`),
  ],
);

/**
 * Alarms raised by the policies (spec §3 alarm history, §4 ongoing or restored): one row per
 * policy and object from the period its condition held to the period it stopped holding.
 */
export const alarmEvents = pgTable(
  'alarm_events',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    policyId: text('policy_id').notNull(),
    policyName: text('policy_name').notNull(),
    monitorType: text('monitor_type').notNull(),
    /** The domain's id, or '*' for the whole account. */
    objectId: text('object_id').notNull(),
    objectName: text('object_name').notNull(),
    content: jsonb('content')
      .$type<{ indicator: string; operator: string; threshold: number; value: number }[]>()
      .notNull(),
    status: text('status', { enum: ['ongoing', 'restored'] }).notNull(),
    startedAt: ts('started_at').notNull(),
    restoredAt: ts('restored_at'),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('alarm_events_started_idx').on(t.accountId, t.startedAt),
    // At most one ongoing alarm per policy and object.
    uniqueIndex('alarm_events_ongoing_uq')
      .on(t.accountId, t.policyId, t.objectId)
      .where(sql`status = 'ongoing'`),
  ],
);

/**
 * Each message of an alarm to one recipient through one channel: sent, retried (callbacks), or
 * kept with why it could not go (no channel configured, SMS quota) — never dropped silently.
 */
export const alarmDeliveries = pgTable(
  'alarm_deliveries',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    eventId: text('event_id').notNull(),
    kind: text('kind', { enum: ['alarm', 'restore'] }).notNull(),
    channel: text('channel', { enum: ['email', 'sms', 'callback'] }).notNull(),
    recipient: text('recipient').notNull(),
    language: text('language').notNull(),
    status: text('status', {
      enum: ['pending', 'sent', 'retrying', 'failed', 'notConfigured', 'quotaExceeded', 'noRecipient'],
    }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    claimedAt: ts('claimed_at'),
    error: text('error'),
    createdAt: ts('created_at').notNull(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('alarm_deliveries_event_idx').on(t.accountId, t.eventId),
    index('alarm_deliveries_queue_idx')
      .on(t.nextAttemptAt)
      .where(sql`status in ('pending', 'retrying')`),
    index('alarm_deliveries_sms_idx')
      .on(t.accountId, t.sentAt)
      .where(sql`channel = 'sms' and status = 'sent'`),
  ],
);

/** The key an account's alarm callbacks are signed with (HMAC-SHA256), sealed like certificate keys. */
export const alarmKeys = pgTable('alarm_keys', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  sealedKey: text('sealed_key').notNull(),
  createdAt: ts('created_at').notNull(),
});

/**
 * Background work done by one instance at a time (server/jobs): who holds a job's lease and
 * until when. A holder renews its lease as it runs; a crashed one's lease runs out and another
 * instance takes the job.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: ts('expires_at').notNull(),
  takenAt: ts('taken_at').notNull(),
});
