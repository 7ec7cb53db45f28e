import { eq, inArray } from 'drizzle-orm';
import { activationDefaults } from '../../src/contract';
import type { Db } from '../db/client';
import { accounts, domains } from '../db/schema';
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
import { createDomain } from '../modules/overview/service';
import { applyForService, approveApplication } from '../modules/product/service';

export interface SeedOptions {
  password: string;
  cnameSuffix: string;
  /** Customer accounts of the channel account (60 in the demo). */
  customers?: number;
}

/** The demo sign-ins, printed at start (login, what each shows). */
export const demoAccounts = [
  { login: 'demo', shows: 'service open, verified, all add-ons, cloud-storage link, a few domains' },
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

/**
 * The demo data is complete once its last step is done: the canvas account, created last, has its
 * service open. Anything less is a seed that stopped part-way, which `seedDemo` completes.
 */
export const isSeeded = async (db: Db) => (await findAccountByLogin(db, 'canvas'))?.serviceStatus === 'open';

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
  const demoDomains = [
    { name: 'www.demo-shop.com', serviceType: 'web', area: '1', businessType: 'web', status: 'active' },
    { name: 'img.demo-shop.com', serviceType: 'web', area: '1', businessType: 'image', status: 'active' },
    {
      name: 'download.demo-shop.com',
      serviceType: 'download',
      area: '2',
      businessType: 'large_file',
      status: 'configuring',
    },
    {
      name: 'video.demo-shop.com',
      serviceType: 'video',
      area: '3',
      businessType: 'streaming',
      status: 'hung_up',
    },
    {
      name: '*.static.demo-shop.com',
      serviceType: 'web',
      area: '1',
      businessType: 'image',
      status: 'active',
    },
  ];
  const existingDomains = new Set(
    (await db.select({ name: domains.name }).from(domains).where(eq(domains.accountId, demo.id))).map(
      (d) => d.name,
    ),
  );
  for (const d of demoDomains) {
    if (!existingDomains.has(d.name))
      await createDomain(db, { accountId: demo.id, ...d }, options.cnameSuffix);
  }

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

/** Seeds (or completes) the demo data unless it is complete; answers the time taken, or null. */
export async function seedDemoOnce(db: Db, options: SeedOptions): Promise<number | null> {
  if (await isSeeded(db)) return null;
  const started = Date.now();
  await seedDemo(db, options);
  return Date.now() - started;
}
