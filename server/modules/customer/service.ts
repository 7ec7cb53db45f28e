import {
  Code,
  limits,
  menuDefinitions,
  permissionKeys,
  validateEmail,
  validateMobile,
  type BaseInfo,
  type Issue,
  type MenuItem,
  type ServiceStatus,
} from '../../../src/contract';
import { serviceStatus } from '../../../src/contract/schemas';
import type { Db } from '../../db/client';
import { signInRequired } from '../../authz/principal';
import { AppError, invalid } from '../../http/envelope';
import { setViewAccount } from '../../identity/service';
import {
  accountOptions,
  findAccountById,
  listAccounts,
  lockAccount,
  updateContacts,
  serviceStatusOf,
  viewableAccountIds,
  type Account,
} from '../account/service';
import { appendAudit, type AuditOrigin } from '../audit/service';

const boundary = () => new AppError(Code.accountBoundary, 'customer.accountBoundary');

/** Permission flags for the asked keys (spec §6: is/channel/account, enable/view/top_url_type). */
export function checkAuth(account: Account, keys: readonly string[]): Record<string, boolean> {
  const flags: Record<string, boolean> = {
    [permissionKeys.channel]: account.isChannel,
    [permissionKeys.topUrlType]: account.topUrlType,
  };
  return Object.fromEntries(keys.map((k) => [k, flags[k] ?? false]));
}

export async function viewableOptions(db: Db, account: Account) {
  return accountOptions(db, await viewableAccountIds(db, account));
}

/** spec §2: the account menu lists at most 50 accounts with the active one first. */
export async function loginInfo(
  db: Db,
  { account, view, viewServiceStatus }: { account: Account; view: Account; viewServiceStatus: ServiceStatus },
) {
  // A plain account views only itself, a sub-account only its main account: no query needed.
  const options = account.isChannel
    ? await viewableOptions(db, account)
    : account.kind === 'sub'
      ? [{ id: view.id, account: view.login }]
      : [{ id: account.id, account: account.login }];
  const active = options.filter((o) => o.id === view.id);
  const others = options.filter((o) => o.id !== view.id);
  return {
    view_id: view.id,
    user_id: account.id,
    login: view.login,
    lists: [...active, ...others].slice(0, limits.accountMenuMax),
    login_account_source: account.source,
    service_status: viewServiceStatus,
    // The signed-in account's kind: a sub-account works in its main account (view_id).
    kind: account.kind,
  };
}

/** The granted menu of an account, groups included when one of their children is granted. */
export function menuOf(granted: ReadonlySet<number>): MenuItem[] {
  const children = menuDefinitions.filter((m) => m.parent_id !== 0 && granted.has(m.menu_id));
  const parents = new Set(children.map((m) => m.parent_id));
  return menuDefinitions
    .filter((m) => parents.has(m.menu_id) || children.includes(m))
    .map(({ menu_id, name, parent_id, path }) => ({ menu_id, name, parent_id, path }));
}

/**
 * Sets the token's default view (what a new tab shows; each tab sends its own `x-view-account`).
 * The boundary check, the update and the audit event happen in one transaction.
 */
export async function switchUser(
  db: Db,
  auth: { tokenHash: string; account: Account; viewAccountId: number },
  userId: number,
  context: { origin: AuditOrigin; ip: string },
): Promise<{ view_id: number }> {
  // The gate let through only an account the caller may view (`objects` of its declaration).
  return db.transaction(async (tx) => {
    if (!(await setViewAccount(tx, auth.tokenHash, userId))) throw signInRequired('invalid');
    await appendAudit(tx, {
      accountId: auth.account.id,
      actorId: auth.account.id,
      action: 'customer.switchUser',
      target: String(userId),
      before: { view_id: auth.viewAccountId },
      after: { view_id: userId },
      ...context,
    });
    return { view_id: userId };
  });
}

export async function customerLists(
  db: Db,
  account: Account,
  filter: {
    keyword?: string | undefined;
    service_status?: ServiceStatus | undefined;
    page: number;
    page_size: number;
  },
) {
  const { rows, total } = await listAccounts(db, await viewableAccountIds(db, account), {
    keyword: filter.keyword?.trim(),
    serviceStatus: filter.service_status,
    page: filter.page,
    pageSize: filter.page_size,
  });
  return {
    lists: rows.map((r) => ({
      id: r.id,
      account: r.login,
      service_status: r.status,
      created_at: r.createdAt.toISOString(),
    })),
    total,
  };
}

export async function baseInfoOf(db: Db, account: Account): Promise<BaseInfo> {
  return {
    id: account.id,
    login: account.login,
    kind: account.kind,
    real_name: account.realName,
    real_name_verified: account.realNameVerified,
    mobile: account.mobile,
    email: account.email,
    company: account.company,
    balance: account.balance,
    service_status: await serviceStatusOf(db, account),
    login_account_source: account.source,
    created_at: account.createdAt.toISOString(),
  };
}

/** Base information of the active account, or of another account the caller may view. */
export async function baseInfo(
  db: Db,
  auth: { account: Account; view: Account },
  userId: number | undefined,
): Promise<BaseInfo> {
  if (userId === undefined || userId === auth.view.id) return baseInfoOf(db, auth.view);
  // The gate let through only an account the caller may view.
  const target = await findAccountById(db, userId);
  if (!target) throw boundary();
  return baseInfoOf(db, target);
}

export interface ContactUpdate {
  real_name?: string | undefined;
  mobile?: string | undefined;
  email?: string | undefined;
  company?: string | undefined;
}

/**
 * Updates the active account's contact details after the contract's rules (spec §5). A
 * sub-account changes its own: it works in its main account but never edits that account.
 */
export async function updateContact(
  db: Db,
  auth: { account: Account; view: Account },
  input: ContactUpdate,
  context: { origin: AuditOrigin; ip: string },
): Promise<BaseInfo> {
  const issues: Issue[] = [];
  if (input.mobile !== undefined) {
    const id = validateMobile(input.mobile);
    if (id) issues.push({ path: 'mobile', message_id: id });
  }
  if (input.email !== undefined) {
    const id = validateEmail(input.email);
    if (id) issues.push({ path: 'email', message_id: id });
  }
  if (issues.length > 0) throw invalid(issues);
  const realNameLocked = () => invalid([{ path: 'real_name', message_id: 'account.realName.locked' }]);
  const after = await db.transaction(async (tx) => {
    // The row is locked for the transaction: the checks below see what the update changes.
    const target = auth.account.kind === 'sub' ? auth.account : auth.view;
    const before = await lockAccount(tx, target.id);
    if (!before) throw boundary();
    // A verified account keeps its real name; sending it unchanged is not a change.
    const realName =
      input.real_name === undefined || input.real_name === before.realName ? undefined : input.real_name;
    if (realName !== undefined && before.realNameVerified) throw realNameLocked();
    const changes = {
      ...(realName !== undefined ? { realName } : {}),
      ...(input.mobile !== undefined ? { mobile: input.mobile } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.company !== undefined ? { company: input.company } : {}),
    };
    let row = before;
    if (Object.keys(changes).length > 0) {
      // The conditional update is the gate: a real name changes only while the account is unverified.
      const updated = await updateContacts(tx, before.id, changes);
      if (!updated) throw realNameLocked();
      row = updated;
    }
    const pick = (a: Account) => ({
      real_name: a.realName,
      mobile: a.mobile,
      email: a.email,
      company: a.company,
    });
    await appendAudit(tx, {
      accountId: before.id,
      actorId: auth.account.id,
      action: 'customer.update',
      target: before.login,
      before: pick(before),
      after: pick(row),
      ...context,
    });
    return row;
  });
  return baseInfoOf(db, after);
}

/** The conditions POST /v3/customer/customer/lists filters by (its body schema has the same keys). */
export const searchConditions = {
  conditions: [
    { key: 'keyword', type: 'text' as const },
    { key: 'service_status', type: 'select' as const, options: [...serviceStatus.options] },
  ],
};
