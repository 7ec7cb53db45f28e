import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { Code, limits, menuDefinitions } from '../../../src/contract';
import type {
  AuthItem,
  ChildSummary,
  DataGrants,
  SecurityLevel,
  childAddBody,
  childUpdateBody,
} from '../../../src/contract/users';
import { noGrants } from '../../../src/contract/users';
import type { Db, Executor } from '../../db/client';
import { subGrants } from '../../db/schema';
import { AppError } from '../../http/envelope';
import { hashPassword } from '../../http/crypto';
import {
  createAccount,
  deleteAccount,
  findAccountById,
  grantedMenuIds,
  lockAccount,
  loginTaken,
  setMenuItems,
  subAccountsOf,
  updateAccount,
  type Account,
} from '../account/service';
import { revokeAccountTokens } from '../../identity/service';
import { appendAudit, type AuditOrigin } from '../audit/service';

/**
 * Sub-accounts (spec §3, §6, §7): made, changed and deleted by their main account, each with the
 * menu items it may open (function permission, a subset of the main account's) and the domains,
 * certificates and owners it may act on (data permission, `sub_grants`).
 */

/**
 * Who changes a sub-account, for the audit log: the main account whose sub-accounts they are (the
 * gate lets only a main account's console sign-in, in a main account, make these calls).
 */
export interface UserActor {
  main: Account;
  /** Who acts: the main account, or a channel account acting for it. */
  actorId: number;
  origin: AuditOrigin;
  ip: string;
}

const limitReached = () => new AppError(Code.limitReached, 'user.limit', { max: limits.subAccountsMax });
const notFound = () => new AppError(Code.notFound, 'common.notFound');

/** Two-factor sign-in and a contact (mobile or email) make it high, one of them medium, neither low. */
export function securityLevelOf(account: Pick<Account, 'mobile' | 'email' | 'totpEnabled'>): SecurityLevel {
  const contacts = account.mobile !== '' || account.email !== '';
  if (account.totpEnabled && contacts) return 'high';
  if (account.totpEnabled || contacts) return 'medium';
  return 'low';
}

export function summaryOf(account: Account): ChildSummary {
  return {
    id: account.id,
    login: account.login,
    real_name: account.realName,
    mobile: account.mobile,
    email: account.email,
    remark: account.remark,
    created_at: account.createdAt.toISOString(),
    security_level: securityLevelOf(account),
    two_factor: { type: 'totp', enabled: account.totpEnabled },
    api_enabled: account.apiEnabled,
  };
}

export const listChildren = subAccountsOf;

/** A sub-account of this main account; any other id is not found (nothing is said of other accounts). */
export async function childOf(db: Executor, mainId: number, userId: number): Promise<Account> {
  const found = await findAccountById(db, userId);
  if (!found || found.kind !== 'sub' || found.parentId !== mainId) throw notFound();
  return found;
}

/**
 * The menu items a sub-account may be given: the main account's, without the main-only ones. A
 * child given brings its group; a group given alone brings nothing (it has no page of its own).
 */
export function consistentMenu(requested: readonly number[], mainMenu: ReadonlySet<number>): number[] {
  const offered = menuDefinitions.filter((m) => !m.mainOnly && mainMenu.has(m.menu_id));
  const wanted = new Set(requested);
  const children = offered.filter((m) => m.parent_id !== 0 && wanted.has(m.menu_id));
  const groups = new Set(children.map((m) => m.parent_id));
  return [...children.map((m) => m.menu_id), ...[...groups].filter((id) => mainMenu.has(id))].sort(
    (a, b) => a - b,
  );
}

/** The authority items of spec §3: the main account's menu (main-only items left out), each checked when granted. */
export function authItemsOf(mainMenu: ReadonlySet<number>, granted: ReadonlySet<number>): AuthItem[] {
  return menuDefinitions
    .filter((m) => !m.mainOnly && mainMenu.has(m.menu_id))
    .map((m) => ({
      menu_id: m.menu_id,
      name: m.name,
      parent_id: m.parent_id,
      checked: granted.has(m.menu_id),
    }));
}

/** The grants of a sub-account as the contract shows them. */
export async function grantsOf(db: Executor, subId: number): Promise<DataGrants> {
  const rows = await db
    .select({ kind: subGrants.kind, target: subGrants.target })
    .from(subGrants)
    .where(eq(subGrants.subId, subId));
  const grants = noGrants();
  for (const row of rows) {
    if (row.kind === 'domain') {
      if (row.target === '*') grants.domains.all = true;
      else grants.domains.ids.push(row.target);
    } else if (row.kind === 'cert') {
      if (row.target === '*') grants.certs.all = true;
      else grants.certs.ids.push(row.target);
    } else if (row.target === '*') grants.users.all = true;
    else grants.users.ids.push(Number(row.target));
  }
  grants.domains.ids.sort();
  grants.certs.ids.sort();
  grants.users.ids.sort((a, b) => a - b);
  return grants;
}

/**
 * Replaces the grants of a sub-account. "All" replaces the list of its kind; an owner must be the
 * main account or one of its sub-accounts. Domains and certificates named are kept as given: one
 * deleted later simply matches nothing.
 */
async function writeGrants(tx: Executor, main: Account, subId: number, grants: DataGrants): Promise<void> {
  const family = new Set([main.id, ...(await listChildren(tx, main.id)).map((a) => a.id)]);
  for (const user of grants.users.ids)
    if (!family.has(user)) throw new AppError(Code.invalidRequest, 'user.grant.owner');
  const rows: { subId: number; kind: 'domain' | 'cert' | 'user'; target: string }[] = [];
  const add = (
    kind: 'domain' | 'cert' | 'user',
    set: { all: boolean; ids: readonly (string | number)[] },
  ) => {
    if (set.all) rows.push({ subId, kind, target: '*' });
    else for (const id of new Set(set.ids)) rows.push({ subId, kind, target: String(id) });
  };
  add('domain', grants.domains);
  add('cert', grants.certs);
  add('user', grants.users);
  await tx.delete(subGrants).where(eq(subGrants.subId, subId));
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(subGrants).values(rows.slice(i, i + 1000));
}

async function writeMenu(tx: Executor, main: Account, subId: number, requested: readonly number[]) {
  const menu = consistentMenu(requested, await grantedMenuIds(tx, main.id));
  await setMenuItems(tx, subId, menu);
  return menu;
}

export async function addChild(
  db: Db,
  actor: UserActor,
  input: z.output<typeof childAddBody>,
): Promise<Account> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    // One writer of the main account's sub-accounts at a time: the limit holds under concurrent calls.
    await lockAccount(tx, actor.main.id);
    if ((await subAccountsOf(tx, actor.main.id)).length >= limits.subAccountsMax) throw limitReached();
    if (await loginTaken(tx, input.login))
      throw new AppError(Code.alreadyApplied, 'user.login.taken', { login: input.login });
    const sub = await createAccount(tx, {
      login: input.login,
      password: '',
      passwordHash,
      kind: 'sub',
      parentId: actor.main.id,
      mobile: input.mobile,
      email: input.email,
    });
    const updated = await updateAccount(tx, sub.id, {
      realName: input.real_name,
      remark: input.remark,
      apiEnabled: input.api_enabled,
      // A sub-account shares its main account's verification and service (spec §6).
      realNameVerified: actor.main.realNameVerified,
    });
    const menu = await writeMenu(tx, actor.main, sub.id, input.menu_ids);
    await writeGrants(tx, actor.main, sub.id, input.data);
    await appendAudit(tx, {
      accountId: actor.main.id,
      actorId: actor.actorId,
      action: 'childAdd',
      target: input.login,
      after: {
        login: input.login,
        real_name: input.real_name,
        mobile: input.mobile,
        email: input.email,
        remark: input.remark,
        menu_ids: menu,
        data: input.data,
        api_enabled: input.api_enabled,
      },
      origin: actor.origin,
      ip: actor.ip,
    });
    return updated;
  });
}

export async function updateChild(
  db: Db,
  actor: UserActor,
  input: z.output<typeof childUpdateBody>,
): Promise<Account> {
  return db.transaction(async (tx) => {
    const sub = await childOf(tx, actor.main.id, input.user_id);
    const changes = {
      ...(input.real_name !== undefined ? { realName: input.real_name } : {}),
      ...(input.mobile !== undefined ? { mobile: input.mobile } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.remark !== undefined ? { remark: input.remark } : {}),
    };
    const before = { real_name: sub.realName, mobile: sub.mobile, email: sub.email, remark: sub.remark };
    const updated = await updateAccount(tx, sub.id, changes);
    const after = {
      real_name: updated.realName,
      mobile: updated.mobile,
      email: updated.email,
      remark: updated.remark,
    };
    await appendAudit(tx, {
      accountId: actor.main.id,
      actorId: actor.actorId,
      action: 'childUpdate',
      target: sub.login,
      before,
      after,
      origin: actor.origin,
      ip: actor.ip,
    });
    return updated;
  });
}

export async function resetChildPassword(db: Db, actor: UserActor, userId: number, password: string) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const sub = await childOf(tx, actor.main.id, userId);
    await updateAccount(tx, sub.id, { passwordHash });
    await revokeAccountTokens(tx, sub.id);
    await appendAudit(tx, {
      accountId: actor.main.id,
      actorId: actor.actorId,
      action: 'childPassword',
      target: sub.login,
      origin: actor.origin,
      ip: actor.ip,
    });
  });
}

export async function deleteChild(db: Db, actor: UserActor, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const sub = await childOf(tx, actor.main.id, userId);
    await revokeAccountTokens(tx, sub.id);
    // Its menu, grants and sign-ins go with it; what it created stays with the main account.
    await deleteAccount(tx, sub.id);
    await appendAudit(tx, {
      accountId: actor.main.id,
      actorId: actor.actorId,
      action: 'childDelete',
      target: sub.login,
      before: summaryOf(sub),
      origin: actor.origin,
      ip: actor.ip,
    });
  });
}

export async function authListsOf(db: Executor, main: Account, userId: number) {
  const sub = await childOf(db, main.id, userId);
  return {
    auths: authItemsOf(await grantedMenuIds(db, main.id), await grantedMenuIds(db, sub.id)),
    data: await grantsOf(db, sub.id),
    api_enabled: sub.apiEnabled,
  };
}

export async function updateAuth(
  db: Db,
  actor: UserActor,
  input: { child_user_id: number; menu_ids: number[]; data: DataGrants; api_enabled: boolean },
) {
  await db.transaction(async (tx) => {
    const sub = await childOf(tx, actor.main.id, input.child_user_id);
    const before = {
      menu_ids: [...(await grantedMenuIds(tx, sub.id))].sort((a, b) => a - b),
      data: await grantsOf(tx, sub.id),
      api_enabled: sub.apiEnabled,
    };
    const menu = await writeMenu(tx, actor.main, sub.id, input.menu_ids);
    await writeGrants(tx, actor.main, sub.id, input.data);
    await updateAccount(tx, sub.id, { apiEnabled: input.api_enabled });
    await appendAudit(tx, {
      accountId: actor.main.id,
      actorId: actor.actorId,
      action: 'childAuthUpdate',
      target: sub.login,
      before,
      after: { menu_ids: menu, data: await grantsOf(tx, sub.id), api_enabled: input.api_enabled },
      origin: actor.origin,
      ip: actor.ip,
    });
  });
  return authListsOf(db, actor.main, input.child_user_id);
}
