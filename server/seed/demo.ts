import { and, eq, inArray } from 'drizzle-orm';
import { activationDefaults } from '../../src/contract';
import type { Db } from '../db/client';
import { accounts, ipBans } from '../db/schema';
import { hashPassword } from '../http/crypto';
import {
  completeRealName,
  createAccount,
  findAccountById,
  findAccountByLogin,
  grantMenu,
  idCardCheckChar,
  linkChannelCustomers,
  type Account,
  type NewAccount,
} from '../modules/account/service';
import { applyForService, approveApplication } from '../modules/product/service';
import { KeyVault } from '../modules/cert/key-vault';
import { domainNames } from '../modules/domain/service';
import { addChild } from '../modules/user/service';
import { noGrants } from '../../src/contract/users';
import { demoCertsSeeded, seedDemoCerts } from './demo-certs';
import { demoContentSeeded, seedDemoContent } from './demo-content';
import { demoEdgeNodesSeeded, seedDemoEdgeNodes } from './demo-edge-nodes';
import { demoPackagesSeeded, seedDemoPackages } from './demo-packages';
import { demoFileSyncSeeded, seedDemoFileSync } from './demo-file-sync';
import { demoAlarmsSeeded, seedDemoAlarms } from './demo-alarms';
import { demoTicketsSeeded, seedDemoTickets } from './demo-tickets';
import { demoDomainsSeeded, seedDemoDomains } from './demo-domains';
import { aggregateOfStep, applyPlan, type SeedAggregate, type SeedStep } from './plan';

export interface SeedOptions {
  password: string;
  cnameSuffix: string;
  /** Customer accounts of the channel account (60 in the demo). */
  customers?: number;
  /**
   * The server's data folder: its key vault seals the demo certificates' private keys. Without it
   * the demo account has no certificates.
   */
  dataDir?: string;
}

/** The demo sign-ins, printed at start (login, what each shows). */
export const demoAccounts = [
  { login: 'demo', shows: 'service open, verified, all add-ons, cloud-storage link, 31 domains in 5 groups' },
  { login: 'newbie', shows: 'verified, service not open: the activation page' },
  { login: 'unverified', shows: 'not verified, service not open: the real-name prompt' },
  { login: 'channel', shows: 'channel account with 60 customer accounts to switch between' },
  { login: 'canvas', shows: 'canvas account (signs in at /canvas/login), no add-ons' },
] as const;

const operator = { origin: 'operator' as const };
let idSerial = 0;
/** A well-formed demo ID card number (valid check character); it is checked and not kept. */
const demoIdCard = () => {
  const first17 = `11010119900307${String(idSerial++ % 1000).padStart(3, '0')}`;
  return `${first17}${idCardCheckChar(first17)}`;
};

/** The account of `input.login`, created when missing: a seed that stopped part-way resumes. */
async function ensureAccount(db: Db, input: NewAccount): Promise<Account> {
  return (await findAccountByLogin(db, input.login)) ?? createAccount(db, input);
}

async function verified(db: Db, input: NewAccount, realName: string): Promise<Account> {
  const account = await ensureAccount(db, input);
  if (!account.realNameVerified)
    await completeRealName(db, account.id, { realName, idCard: demoIdCard() }, operator);
  return { ...account, realName, realNameVerified: true };
}

/** Applies and approves, or finishes whichever of the two is still to do. */
async function opened(db: Db, account: Account): Promise<void> {
  const current = (await findAccountById(db, account.id)) ?? account;
  if (current.serviceStatus === 'open') return;
  if (current.serviceStatus === 'not_open') {
    await applyForService(db, current, activationDefaults, { ...operator, autoApprove: false });
  }
  await approveApplication(db, current.login, operator);
}

const day = 86_400_000;

/** ISO time `days` from `now` (negative: in the past). */
const daysFrom = (now: number, days: number) => new Date(now + days * day).toISOString();

/**
 * The demo ban list: single addresses and ranges of the blocks reserved for documentation and
 * benchmarks (RFC 5737, RFC 3849, RFC 2544); one ban with an expiry ahead, one expired, two
 * unbanned, one changed after it was made. Each entry's commands apply at their own time in the
 * past, so the list has a history.
 */
function demoBanPlan(now: number): SeedAggregate[] {
  const ban = (cidr: string, reason: string, daysAgo: number, expiresAt: string | null = null): SeedStep => ({
    name: 'ipBan.ban',
    payload: { cidr, reason, expires_at: expiresAt },
    daysAgo,
  });
  const unban = (cidr: string, daysAgo: number): SeedStep => ({
    name: 'ipBan.unban',
    payload: { cidr },
    daysAgo,
  });
  return [
    [ban('203.0.113.7', '撞库攻击 /login', 30)],
    [ban('198.51.100.0/24', '恶意爬取商品页面', 26)],
    [ban('192.0.2.15', 'Hotlinking images at a high rate', 21)],
    [
      ban('203.0.113.9', 'Suspicious requests', 18),
      {
        name: 'ipBan.update',
        payload: {
          cidr: '203.0.113.9',
          reason: 'Vulnerability scanning (wp-admin probes)',
          expires_at: null,
        },
        daysAgo: 17,
      },
    ],
    [ban('2001:db8:85a3::8a2e:370:7334', 'Repeated 404 probing', 15)],
    [ban('2001:db8:1234::/48', 'Abusive crawler network', 12)],
    [ban('192.0.2.32/27', 'Load test by a partner', 11), unban('192.0.2.32/27', 9)],
    [ban('2001:db8:abcd:12::/64', 'Misconfigured monitoring probe', 10), unban('2001:db8:abcd:12::/64', 8)],
    [ban('192.0.2.200', 'Brute-force attempts, temporary ban', 7, daysFrom(now, -2))],
    [ban('198.18.0.0/15', 'Benchmark traffic from an unknown source', 5)],
    [ban('192.0.2.96/28', '评论区垃圾信息', 3)],
    [ban('203.0.113.64/26', '流量突增，排查中', 1, daysFrom(now, 14))],
  ];
}

/** Bans of the demo account, through the command executor like a user's commands (see `applyPlan`). */
async function seedIpBans(db: Db, account: Account, cnameSuffix: string): Promise<void> {
  const now = Date.now();
  const rows = await db
    .select({ id: ipBans.id, version: ipBans.version })
    .from(ipBans)
    .where(eq(ipBans.accountId, account.id));
  await applyPlan(db, account, demoBanPlan(now), {
    keyPrefix: 'demo-seed.ip-ban',
    versions: new Map(rows.map((r) => [r.id, r.version])),
    cnameSuffix,
    now,
  });
}

/**
 * The demo data is complete once its last steps are done: the canvas account, created last, has
 * its service open; the demo account has the last entry of its ban list and the special
 * configuration of its domains, its certificates and its refresh records (added later than the rest: older demo data
 * gets them at the next start). Anything less is a seed that stopped part-way, which `seedDemo` completes.
 */
export async function isSeeded(db: Db, options: { dataDir?: string } = {}): Promise<boolean> {
  if ((await findAccountByLogin(db, 'canvas'))?.serviceStatus !== 'open') return false;
  const demo = await findAccountByLogin(db, 'demo');
  const lastBan = demoBanPlan(Date.now()).at(-1)?.[0];
  if (!demo || lastBan === undefined) return false;
  const [row] = await db
    .select({ id: ipBans.id })
    .from(ipBans)
    .where(and(eq(ipBans.accountId, demo.id), eq(ipBans.id, aggregateOfStep(lastBan))));
  return (
    row !== undefined &&
    (await demoDomainsSeeded(db, demo.id)) &&
    (await findAccountByLogin(db, 'demo-analyst')) !== null &&
    (await demoContentSeeded(db, demo.id)) &&
    (await demoEdgeNodesSeeded(db)) &&
    (await demoPackagesSeeded(db, demo.id)) &&
    (await demoAlarmsSeeded(db, demo.id)) &&
    (await demoTicketsSeeded(db, demo)) &&
    (!options.dataDir || (await demoCertsSeeded(db, demo.id))) &&
    (!options.dataDir || (await demoFileSyncSeeded(db, demo.id)))
  );
}

/**
 * Creates the demo accounts through the services, as users and the operator would. Every step
 * creates only what is missing, so running it again after an interruption completes the data.
 */
export async function seedDemo(db: Db, options: SeedOptions): Promise<void> {
  const password = options.password;
  const customerCount = options.customers ?? 60;

  const demo = await verified(
    db,
    {
      login: 'demo',
      password,
      mobile: '13800138000',
      email: 'demo@example.com',
      company: 'Demo Trading Co.',
      balance: '1280.50',
      cwnLink: 'https://oss.example.com/console',
      topUrlType: true,
    },
    '张三',
  );
  await opened(db, demo);
  await grantMenu(db, demo, { addons: true });
  await seedIpBans(db, demo, options.cnameSuffix);
  await seedDemoDomains(db, demo, options.cnameSuffix);
  if (options.dataDir) await seedDemoCerts(db, demo, KeyVault.open(options.dataDir), Date.now());
  await seedDemoSubAccount(db, demo, password);
  await seedDemoContent(db, demo, options.cnameSuffix, Date.now());
  await seedDemoEdgeNodes(db, new Date());
  await seedDemoPackages(db, demo.id, new Date());
  if (options.dataDir) await seedDemoFileSync(db, demo, options.dataDir, Date.now());
  await seedDemoAlarms(db, demo, options.cnameSuffix, Date.now());
  await seedDemoTickets(db, demo);

  await verified(db, { login: 'newbie', password, email: 'newbie@example.com' }, '李四');
  await ensureAccount(db, { login: 'unverified', password });

  const channel = await verified(
    db,
    { login: 'channel', password, isChannel: true, company: 'Channel Partner Ltd.', balance: '50000.00' },
    '王五',
  );
  await opened(db, channel);
  const logins = Array.from({ length: customerCount }, (_, i) => `customer${String(i + 1).padStart(2, '0')}`);
  const existing = new Map(
    (await db.select().from(accounts).where(inArray(accounts.login, logins))).map((a) => [a.login, a]),
  );
  const missing = logins.filter((login) => !existing.has(login));
  // Hash in parallel (argon2 runs on the thread pool), insert in order so ids follow the logins.
  const hashes = await Promise.all(missing.map(() => hashPassword(password)));
  for (const [i, login] of missing.entries()) {
    const number = logins.indexOf(login) + 1;
    existing.set(
      login,
      await createAccount(db, { login, password, passwordHash: hashes[i], company: `Customer ${number}` }),
    );
  }
  const customers = logins.flatMap((login) => existing.get(login) ?? []);
  for (const customer of customers) {
    if (!customer.realNameVerified) {
      await completeRealName(
        db,
        customer.id,
        { realName: `客户${customer.login.slice(-2)}`, idCard: demoIdCard() },
        operator,
      );
    }
    await opened(db, customer);
  }
  await linkChannelCustomers(
    db,
    channel.id,
    customers.map((c) => c.id),
  );

  const canvas = await verified(
    db,
    { login: 'canvas', password, source: 1, email: 'canvas@example.com' },
    '赵六',
  );
  await opened(db, canvas);
}

/**
 * A sub-account of the demo, made as its main account makes one: the overview, the domain list
 * and basic statistics, on two of its domains.
 */
async function seedDemoSubAccount(db: Db, demo: Account, password: string): Promise<void> {
  if (await findAccountByLogin(db, 'demo-analyst')) return;
  const domains = (await domainNames(db, demo.id)).filter((d) => d.status === 'active').slice(0, 2);
  await addChild(
    db,
    { main: demo, actorId: demo.id, origin: 'operator', ip: '' },
    {
      login: 'demo-analyst',
      password,
      confirm_password: password,
      real_name: '数据分析',
      mobile: '13900139000',
      email: 'analyst@example.com',
      remark: '',
      menu_ids: [101, 201, 401],
      data: { ...noGrants(), domains: { all: false, ids: domains.map((d) => d.id) } },
      api_enabled: false,
    },
  );
}

/** Seeds (or completes) the demo data unless it is complete; answers the time taken, or null. */
export async function seedDemoOnce(db: Db, options: SeedOptions): Promise<number | null> {
  if (await isSeeded(db, options)) return null;
  const started = Date.now();
  await seedDemo(db, options);
  return Date.now() - started;
}
