import { and, asc, count, eq, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { menuDefinitions, type ServiceStatus } from '../../../src/contract';
import type { Db, Executor } from '../../db/client';
import { accountMenus, accounts, channelCustomers } from '../../db/schema';
import { hashPassword } from '../../http/crypto';
import { appendAudit, type AuditOrigin } from '../audit/service';

export type Account = typeof accounts.$inferSelect;

export interface NewAccount {
  login: string;
  /** The password, hashed here; or `passwordHash` when it was hashed ahead (seeding in bulk). */
  password: string;
  passwordHash?: string;
  kind?: 'main' | 'sub';
  parentId?: number;
  source?: number;
  mobile?: string;
  email?: string;
  company?: string;
  balance?: string;
  cwnLink?: string;
  isChannel?: boolean;
  topUrlType?: boolean;
}

/**
 * The login of the account in `column`, for snapshots that name people by login. A scalar subquery
 * rather than a join: PostgreSQL plans it in a fraction of the time, which counts for the queries
 * every command runs.
 */
export const loginOf = (column: AnyPgColumn) =>
  sql<string | null>`(select ${accounts.login} from ${accounts} where ${accounts.id} = ${column})`;

/** An account that no longer exists is named by its id. */
export const loginOr = (login: string | null, id: number) => login ?? `#${id}`;

/** Creates an account with an argon2id password hash. */
export async function createAccount(db: Executor, input: NewAccount): Promise<Account> {
  const passwordHash = input.passwordHash ?? (await hashPassword(input.password));
  const [row] = await db
    .insert(accounts)
    .values({
      login: input.login,
      passwordHash,
      kind: input.kind ?? 'main',
      parentId: input.parentId ?? null,
      source: input.source ?? 0,
      mobile: input.mobile ?? '',
      email: input.email ?? '',
      company: input.company ?? '',
      balance: input.balance ?? '0',
      cwnLink: input.cwnLink ?? '',
      isChannel: input.isChannel ?? false,
      topUrlType: input.topUrlType ?? false,
    })
    .returning();
  if (!row) throw new Error('account insert returned nothing');
  return row;
}

export async function findAccountById(db: Executor, id: number): Promise<Account | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  return row ?? null;
}

export async function findAccountByLogin(db: Executor, login: string): Promise<Account | null> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(sql`lower(${accounts.login}) = ${login.trim().toLowerCase()}`);
  return row ?? null;
}

/** A sub-user shares the service state of its main account. */
export async function serviceStatusOf(db: Executor, account: Account): Promise<ServiceStatus> {
  if (account.kind === 'sub' && account.parentId != null) {
    const parent = await findAccountById(db, account.parentId);
    if (parent) return parent.serviceStatus;
  }
  return account.serviceStatus;
}

/** The accounts a signed-in account may view: itself and, for a channel account, its customers. */
export async function viewableAccountIds(db: Db, account: Account): Promise<number[]> {
  if (!account.isChannel) return [account.id];
  const rows = await db
    .select({ id: channelCustomers.customerId })
    .from(channelCustomers)
    .where(eq(channelCustomers.channelId, account.id));
  return [account.id, ...rows.map((r) => r.id)];
}

export async function canView(db: Executor, account: Account, targetId: number): Promise<boolean> {
  if (targetId === account.id) return true;
  // A sub-account works in its main account, and only there.
  if (account.kind === 'sub') return targetId === account.parentId;
  if (!account.isChannel) return false;
  const [row] = await db
    .select({ id: channelCustomers.customerId })
    .from(channelCustomers)
    .where(and(eq(channelCustomers.channelId, account.id), eq(channelCustomers.customerId, targetId)));
  return row !== undefined;
}

export async function linkChannelCustomers(db: Db, channelId: number, customerIds: number[]): Promise<void> {
  if (customerIds.length === 0) return;
  await db
    .insert(channelCustomers)
    .values(customerIds.map((customerId) => ({ channelId, customerId })))
    .onConflictDoNothing();
}

/**
 * Grants the default menu (every non-add-on item; main-only items only to main accounts) and,
 * when asked, the add-ons. Groups are granted with their children.
 */
export async function grantMenu(
  db: Executor,
  account: Pick<Account, 'id' | 'kind'>,
  options: { addons?: boolean } = {},
): Promise<void> {
  const items = menuDefinitions.filter(
    (m) => (!m.addon || options.addons === true) && (!m.mainOnly || account.kind === 'main'),
  );
  await db
    .insert(accountMenus)
    .values(items.map((m) => ({ accountId: account.id, menuId: m.menu_id })))
    .onConflictDoNothing();
}

export async function revokeMenuItems(db: Db, accountId: number, menuIds: number[]): Promise<void> {
  await db
    .delete(accountMenus)
    .where(and(eq(accountMenus.accountId, accountId), inArray(accountMenus.menuId, menuIds)));
}

export async function grantedMenuIds(db: Executor, accountId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: accountMenus.menuId })
    .from(accountMenus)
    .where(eq(accountMenus.accountId, accountId));
  return new Set(rows.map((r) => r.id));
}

/**
 * The menu items an actor may open in the active account (function permission, spec §6): a
 * sub-account those of its own granted that its main account still has, main-only items never;
 * anyone else the active account's.
 */
export async function effectiveMenuIds(
  db: Executor,
  actor: Pick<Account, 'id' | 'kind'>,
  viewId: number,
): Promise<Set<number>> {
  const viewMenu = await grantedMenuIds(db, viewId);
  if (actor.kind !== 'sub') return viewMenu;
  const own = await grantedMenuIds(db, actor.id);
  const mainOnly = new Set(menuDefinitions.filter((m) => m.mainOnly).map((m) => m.menu_id));
  return new Set([...own].filter((id) => viewMenu.has(id) && !mainOnly.has(id)));
}

/** Whether menu items open a path: a group's child item with that path is among them (function permission). */
export function opensPath(menuIds: ReadonlySet<number>, path: string | readonly string[]): boolean {
  const paths: readonly string[] = typeof path === 'string' ? [path] : path;
  return menuDefinitions.some((m) => paths.includes(m.path) && m.parent_id !== 0 && menuIds.has(m.menu_id));
}

/** spec §5-ish: 18 characters, 17 digits then a digit or X. */
export const idCardPattern = /^\d{17}[\dX]$/;

const idCardWeights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const idCardCheckChars = '10X98765432';

/** The GB 11643 check character of the first 17 digits of an ID card number. */
export function idCardCheckChar(first17: string): string {
  const sum = [...first17].reduce((acc, c, i) => acc + Number(c) * (idCardWeights[i] ?? 0), 0);
  return idCardCheckChars[sum % 11] ?? '';
}

/**
 * An 18-character ID card number: the format, a real birth date (YYYYMMDD at positions 7–14) and
 * the GB 11643 check character. Expects the number trimmed and upper-cased.
 */
export function isValidIdCard(idCard: string): boolean {
  if (!idCardPattern.test(idCard)) return false;
  const year = Number(idCard.slice(6, 10));
  const month = Number(idCard.slice(10, 12));
  const day = Number(idCard.slice(12, 14));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    year < 1900 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    date.getTime() > Date.now()
  )
    return false;
  return idCardCheckChar(idCard.slice(0, 17)) === idCard[17];
}

export interface RealNameInput {
  realName: string;
  /** Checked (format, birth date, check character) and then discarded: the number is never stored. */
  idCard: string;
}

/**
 * Marks the account real-name verified, keeping only the real name and the flag. The conditional
 * update is the gate: an account already verified is left unchanged and `false` is answered.
 */
export async function completeRealName(
  db: Db,
  accountId: number,
  input: RealNameInput,
  context: { origin: AuditOrigin; ip?: string; actorId?: number },
): Promise<boolean> {
  const idCard = input.idCard.trim().toUpperCase();
  if (!isValidIdCard(idCard)) throw new Error('invalid ID card number');
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(accounts)
      .set({ realName: input.realName.trim(), realNameVerified: true, updatedAt: new Date() })
      .where(and(eq(accounts.id, accountId), eq(accounts.realNameVerified, false)))
      .returning({ login: accounts.login });
    if (!updated) return false;
    await appendAudit(tx, {
      accountId,
      actorId: context.actorId ?? accountId,
      action: 'account.realName',
      target: updated.login,
      before: { real_name_verified: false },
      after: { real_name_verified: true },
      origin: context.origin,
      ...(context.ip !== undefined ? { ip: context.ip } : {}),
    });
    return true;
  });
}

/** Each account of `ids` as an option of the account menu: id and login, by id. */
export async function accountOptions(db: Executor, ids: readonly number[]) {
  return db
    .select({ id: accounts.id, account: accounts.login })
    .from(accounts)
    .where(inArray(accounts.id, [...ids]))
    .orderBy(asc(accounts.id));
}

/**
 * The accounts of `ids`, filtered by a part of the login and by service state (a sub-user shares
 * the state of its main account, as `serviceStatusOf` answers), paged by id, with the total.
 */
export async function listAccounts(
  db: Executor,
  ids: readonly number[],
  filter: {
    keyword?: string | undefined;
    serviceStatus?: ServiceStatus | undefined;
    page: number;
    pageSize: number;
  },
) {
  const parent = alias(accounts, 'parent');
  const status = sql<ServiceStatus>`coalesce(${parent.serviceStatus}, ${accounts.serviceStatus})`;
  const where = and(
    inArray(accounts.id, [...ids]),
    filter.keyword
      ? ilike(accounts.login, `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      : undefined,
    filter.serviceStatus ? eq(status, filter.serviceStatus) : undefined,
  );
  const parentOf = and(eq(accounts.kind, 'sub'), eq(parent.id, accounts.parentId));
  const [total] = await db.select({ n: count() }).from(accounts).leftJoin(parent, parentOf).where(where);
  const rows = await db
    .select({ id: accounts.id, login: accounts.login, status, createdAt: accounts.createdAt })
    .from(accounts)
    .leftJoin(parent, parentOf)
    .where(where)
    .orderBy(asc(accounts.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  return { rows, total: total?.n ?? 0 };
}

/** Locks the account's row for the transaction (one writer of what hangs on it at a time); null when absent. */
export async function lockAccount(tx: Executor, id: number): Promise<Account | null> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, id)).for('update');
  return row ?? null;
}

/** The contact fields an account may change itself (spec §7 customer/update). */
export interface ContactChanges {
  realName?: string;
  mobile?: string;
  email?: string;
  company?: string;
}

/**
 * Changes an account's contact fields; a real name only while the account is not verified (the
 * conditional update is the gate). Null when the gate refused.
 */
export async function updateContacts(
  tx: Executor,
  id: number,
  changes: ContactChanges,
): Promise<Account | null> {
  const [updated] = await tx
    .update(accounts)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(
      and(
        eq(accounts.id, id),
        changes.realName !== undefined ? eq(accounts.realNameVerified, false) : undefined,
      ),
    )
    .returning();
  return updated ?? null;
}

/**
 * Moves an account's service state from `from` to `to` (or from any state when `from` is
 * omitted): the conditional update is the gate. The account after, or null when it was not in
 * `from`.
 */
export async function moveServiceStatus(
  tx: Executor,
  id: number,
  to: ServiceStatus,
  from?: ServiceStatus,
): Promise<Account | null> {
  const [row] = await tx
    .update(accounts)
    .set({ serviceStatus: to, updatedAt: new Date() })
    .where(and(eq(accounts.id, id), from ? eq(accounts.serviceStatus, from) : undefined))
    .returning();
  return row ?? null;
}

/** The sub-accounts of a main account, oldest first. */
export async function subAccountsOf(db: Executor, mainId: number): Promise<Account[]> {
  return db
    .select()
    .from(accounts)
    .where(and(eq(accounts.kind, 'sub'), eq(accounts.parentId, mainId)))
    .orderBy(asc(accounts.id));
}

/** Whether a login is used by any account, whatever its case. */
export async function loginTaken(db: Executor, login: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`lower(${accounts.login}) = lower(${login})`);
  return row !== undefined;
}

export interface AccountFields {
  realName?: string;
  mobile?: string;
  email?: string;
  remark?: string;
  apiEnabled?: boolean;
  realNameVerified?: boolean;
  passwordHash?: string;
  passwordChangedAt?: Date;
  /** Two-factor sign-in: secrets as sealed by the key vault, never in clear. */
  totpSecret?: string | null;
  totpEnabled?: boolean;
  totpPendingSecret?: string | null;
  totpLastStep?: number | null;
}

/** Changes fields of an account; the account as it is after. */
export async function updateAccount(db: Executor, id: number, fields: AccountFields): Promise<Account> {
  const [row] = await db
    .update(accounts)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(accounts.id, id))
    .returning();
  if (!row) throw new Error(`account ${id} is gone`);
  return row;
}

/**
 * Takes a TOTP time step for the account: true when it is later than the last one taken. The
 * conditional update is the gate, so a code (or an earlier one) is accepted once, even when two
 * requests bring it at the same time.
 */
export async function claimTotpStep(db: Executor, id: number, step: number): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ totpLastStep: step })
    .where(and(eq(accounts.id, id), or(isNull(accounts.totpLastStep), lt(accounts.totpLastStep, step))))
    .returning({ id: accounts.id });
  return rows.length > 0;
}

/** Deletes an account; its menu, grants and sign-ins go with it (foreign keys). */
export async function deleteAccount(db: Executor, id: number): Promise<void> {
  await db.delete(accounts).where(eq(accounts.id, id));
}

/** Replaces the menu items granted to an account. */
export async function setMenuItems(db: Executor, id: number, menuIds: readonly number[]): Promise<void> {
  await db.delete(accountMenus).where(eq(accountMenus.accountId, id));
  if (menuIds.length > 0)
    await db.insert(accountMenus).values(menuIds.map((menuId) => ({ accountId: id, menuId })));
}
