import { and, eq, like, sql } from 'drizzle-orm';
import { Code } from '../../src/contract';
import { commands as modules, type CommandName, type PayloadInput } from '../../src/commands/registry';
import { targetsOf, type AnyCommand } from '../../src/commands/command';
import type { Origin } from '../../src/contract/domain';
import { executeCommand, type CommandContext } from '../commands/execute';
import { ownPrincipal } from '../authz/principal';
import type { ChangeFeed } from '../http/changes';
import type { Db } from '../db/client';
import { domainGroups, domains } from '../db/schema';
import { findAccountById, findAccountByLogin } from '../modules/account/service';
import { seedUuid } from './plan';

export interface SeedDomainsOptions {
  cnameSuffix: string;
  /** A PostgreSQL server may be serving the database meanwhile: tell it of the changes. */
  notifyOthers?: boolean;
  /** A server of this process serves the database: tell it of the changes. */
  changes?: ChangeFeed;
  /** Commands between two progress reports (default 500). */
  batchSize?: number;
  /** Groups the domains are spread over, created first (default 10; at most 100). */
  groups?: number;
  /** Every n-th domain is hung up after it is created (default 10; 0: none). */
  hungUpEvery?: number;
  /** Called after each batch with the domains done so far (created or already there). */
  onProgress?: (progress: { done: number; count: number; ms: number }) => void;
}

export interface SeedDomainsResult {
  accountId: number;
  /** Domains created by this run; the others of 1..count were there already. */
  created: number;
  skipped: number;
  /** Commands applied (groups, creations, hang-ups). */
  commands: number;
  ms: number;
}

const serviceTypes = ['web', 'web', 'download', 'video'] as const;
const businessOf = { web: 'web', download: 'large_file', video: 'streaming' } as const;
const prefixes = ['www', 'img', 'static', 'api', 'm', 'video', 'download', 'cdn'] as const;

/** The n-th generated domain of an account: a name unique to the account and the number. */
export const seededDomainName = (accountId: number, n: number) =>
  `${prefixes[n % prefixes.length]}${n}.perf-${accountId}.example.com`;

const originsOf = (n: number): Origin[] => {
  const base = { port: 80, host: '', protocol: 'http', weight: 10, carrier: 'default' } as const;
  const more = { ip_type: 'all', region: 'all', sm_crypto: false, header_match: '', url_match: '' } as const;
  return [
    { ...base, ...more, type: 'ip', address: `198.51.100.${n % 250}`, level: 10 },
    { ...base, ...more, type: 'ip', address: `203.0.113.${n % 250}`, level: 20 },
  ];
};

/**
 * Seeds `count` domains into an account for performance work, through the command executor like
 * a user's commands (versions, audit events, idempotency keys `perf-seed.…`): first `groups`
 * groups, then domains 1..count, spread over every service type and area and over the groups
 * (every 11th in none), created a few minutes apart going back in time, and every
 * `hungUpEvery`-th hung up. Domains already there (an earlier run) are skipped, so a run that
 * stopped can be run again; the table is vacuumed and analysed at the end. The account needs the
 * domain list in its menu.
 */
export async function seedDomains(
  db: Db,
  account: number | string,
  count: number,
  options: SeedDomainsOptions,
): Promise<SeedDomainsResult> {
  const started = Date.now();
  const owner =
    typeof account === 'number' ? await findAccountById(db, account) : await findAccountByLogin(db, account);
  if (!owner) throw new Error(`no account ${account}`);
  const batchSize = options.batchSize ?? 500;
  const groupCount = Math.min(options.groups ?? 10, 100);
  const hungUpEvery = options.hungUpEvery ?? 10;
  // The account's own principal: its commands pass the same gate as a user's.
  const actor = await ownPrincipal({ db }, owner);
  let at = new Date(started);
  const ctx: CommandContext = {
    db,
    language: 'en_US',
    ip: '',
    now: () => at,
    settings: { cnameSuffix: options.cnameSuffix },
    notifyOthers: options.notifyOthers ?? false,
    ...(options.changes ? { changes: options.changes } : {}),
  };
  let commands = 0;
  const run = async <N extends CommandName>(key: string, name: N, payload: PayloadInput<N>) => {
    const result = await executeCommand(
      ctx,
      actor,
      {
        key,
        name,
        aggregate_id: targetsOf(
          modules[name] as AnyCommand,
          (modules[name] as AnyCommand).payload.parse(payload),
        )[0]!.id,
        base_version: null,
        schema_version: modules[name].schemaVersion,
        payload,
      },
      'operator',
    );
    if (result.code !== Code.ok) throw new Error(`${name} ${key}: ${result.code} ${result.msg}`);
    commands += 1;
  };

  const prefix = `perf-seed.${owner.id}`;
  const groupIds = Array.from({ length: groupCount }, (_, i) => seedUuid(`${prefix}.group.${i}`));
  const existingGroups = new Set(
    (
      await db.select({ id: domainGroups.id }).from(domainGroups).where(eq(domainGroups.accountId, owner.id))
    ).map((g) => g.id),
  );
  for (const [i, id] of groupIds.entries())
    if (!existingGroups.has(id))
      await run(`${prefix}.group.${i}`, 'domainGroup.create', { id, name: `perf ${i + 1}` });

  const existing = new Set(
    (
      await db
        .select({ name: domains.name })
        .from(domains)
        .where(and(eq(domains.accountId, owner.id), like(domains.name, `%.perf-${owner.id}.example.com`)))
    ).map((r) => r.name),
  );
  let created = 0;
  for (let n = 1; n <= count; n += 1) {
    const name = seededDomainName(owner.id, n);
    if (!existing.has(name)) {
      // Domain n was created (count - n) * 3 minutes before the run: the oldest first.
      at = new Date(started - (count - n) * 180_000);
      const id = seedUuid(`${prefix}.domain.${n}`);
      const serviceType = serviceTypes[n % serviceTypes.length] ?? 'web';
      await run(`${prefix}.domain.${n}`, 'domain.create', {
        id,
        domain: name,
        service_type: serviceType,
        area: String((n % 3) + 1),
        business_type: businessOf[serviceType],
        origins: originsOf(n),
        group_id: groupIds.length > 0 && n % 11 !== 0 ? (groupIds[n % groupIds.length] ?? null) : null,
      });
      if (hungUpEvery > 0 && n % hungUpEvery === 0)
        await run(`${prefix}.domain.${n}.hang-up`, 'domain.hangUp', { id });
      created += 1;
    }
    if (n % batchSize === 0 || n === count)
      options.onProgress?.({ done: n, count, ms: Date.now() - started });
  }
  // Fresh statistics for the planner, and a visibility map for index-only scans (the list's
  // counts and deep pages): PostgreSQL's autovacuum would get there later, PGlite has none.
  if (created > 0) await db.execute(sql`vacuum (analyze) ${domains}`);
  return { accountId: owner.id, created, skipped: count - created, commands, ms: Date.now() - started };
}
