import { activationDefaults } from '../../src/contract';
import type { Db } from '../db/client';
import { hashPassword } from '../http/crypto';
import {
  completeRealName,
  createAccount,
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

async function verified(db: Db, input: NewAccount, realName: string): Promise<Account> {
  const account = await createAccount(db, input);
  await completeRealName(db, account.id, { realName, idCard: demoIdCard() }, operator);
  return account;
}

async function opened(db: Db, account: Account): Promise<void> {
  await applyForService(db, { ...account, realNameVerified: true }, activationDefaults, {
    ...operator,
    autoApprove: false,
  });
  await approveApplication(db, account.login, operator);
}

export const isSeeded = async (db: Db) => (await findAccountByLogin(db, 'demo')) !== null;

/** Creates the demo accounts through the services, as users and the operator would. */
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
  const domains = [
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
  for (const d of domains) await createDomain(db, { accountId: demo.id, ...d }, options.cnameSuffix);

  await verified(db, { login: 'newbie', password, email: 'newbie@example.com' }, '李四');
  await createAccount(db, { login: 'unverified', password });

  const channel = await verified(
    db,
    { login: 'channel', password, isChannel: true, company: 'Channel Partner Ltd.', balance: '50000.00' },
    '王五',
  );
  await opened(db, channel);
  // Hash in parallel (argon2 runs on the thread pool), insert in order so ids follow the logins.
  const hashes = await Promise.all(Array.from({ length: customerCount }, () => hashPassword(password)));
  const customers: Account[] = [];
  for (const [i, passwordHash] of hashes.entries()) {
    const login = `customer${String(i + 1).padStart(2, '0')}`;
    customers.push(await createAccount(db, { login, password, passwordHash, company: `Customer ${i + 1}` }));
  }
  for (const customer of customers) {
    await completeRealName(
      db,
      customer.id,
      { realName: `客户${customer.login.slice(-2)}`, idCard: demoIdCard() },
      operator,
    );
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
