import { and, eq, inArray } from 'drizzle-orm';
import type { PayloadInput } from '../../src/commands/registry';
import type { Origin } from '../../src/contract/domain';
import type { Db } from '../db/client';
import type { Account } from '../modules/account/service';
import { domainGroups, domains } from '../db/schema';
import { hasAuditEvent } from '../modules/audit/service';
import { setSpecialConfig } from '../modules/domain/service';
import { seedDemoConfig } from './demo-config';
import { aggregateOfStep, applyPlan, seedUuid, type SeedAggregate, type SeedStep } from './plan';

/** The demo domain whose special configuration the operator sets, last of the domain seed. */
export const demoSpecialDomain = 'pay.demo-shop.com';

const groupId = (name: string) => seedUuid(`demo-seed.domain-group.${name}`);
const domainId = (name: string) => seedUuid(`demo-seed.domain.${name}`);

const groupNames = ['官网', '电商', '图片与静态资源', '视频', '海外'] as const;
type GroupName = (typeof groupNames)[number];

type OriginInput = Partial<Origin> & Pick<Origin, 'type' | 'address'>;
/** An origin with the form's defaults but for what is given. */
export const origin = (o: OriginInput): Origin => ({
  port: 80,
  host: '',
  protocol: 'http',
  level: 10,
  weight: 10,
  carrier: 'default',
  ip_type: 'all',
  region: 'all',
  sm_crypto: false,
  header_match: '',
  url_match: '',
  ...o,
});

/**
 * Origins in a few shapes the console meets: IP primaries on several carriers with an IP backup,
 * a domain primary (object storage) with an IP backup, HTTPS origins with a back-to-origin host.
 * Addresses are from the blocks reserved for documentation (RFC 5737) or the demo's own domains.
 */
function originsFor(index: number, site: string): Origin[] {
  const net = ['192.0.2', '198.51.100', '203.0.113'][index % 3] ?? '192.0.2';
  const a = 10 + ((index * 7) % 200);
  switch (index % 4) {
    case 0:
      return [
        origin({ type: 'ip', address: `${net}.${a}`, weight: 20 }),
        origin({ type: 'ip', address: `${net}.${a + 1}`, carrier: 'telecom' }),
        origin({ type: 'ip', address: `${net}.${a + 2}`, carrier: 'unicom' }),
        origin({ type: 'ip', address: `${net}.${a + 20}`, level: 20 }),
      ];
    case 1:
      return [
        origin({ type: 'domain', address: `origin.${site}`, port: 443, protocol: 'https', host: site }),
        origin({ type: 'ip', address: `${net}.${a}`, level: 20, port: 443, protocol: 'https' }),
      ];
    case 2:
      return [
        origin({ type: 'ip', address: `${net}.${a}`, protocol: 'follow' }),
        origin({ type: 'ip', address: `${net}.${a + 1}`, carrier: 'mobile', ip_type: 'ipv4' }),
        origin({ type: 'domain', address: `backup.${site}`, level: 15, region: 'inside' }),
      ];
    default:
      return [
        origin({
          type: 'domain',
          address: `demo-bucket-${index}.oss.example.com`,
          host: `demo-bucket-${index}.oss.example.com`,
        }),
        origin({ type: 'ip', address: `${net}.${a}`, level: 20, sm_crypto: true }),
      ];
  }
}

interface DemoDomain {
  name: string;
  group: GroupName | null;
  type: 'web' | 'download' | 'video';
  area: '1' | '2' | '3';
  business: 'web' | 'image' | 'large_file' | 'streaming';
  daysAgo: number;
  /** Later steps, with the days ago each applies. */
  then?: { hangUp?: number; recover?: number; delete?: number; renameTo?: [string, number] };
  /** Created by copying the configuration of this demo domain. */
  copyOf?: string;
  /** Created outside any group, then moved into `group` on this day. */
  movedOn?: number;
}

const d = (
  name: string,
  group: GroupName | null,
  type: DemoDomain['type'],
  area: DemoDomain['area'],
  business: DemoDomain['business'],
  daysAgo: number,
  more: Partial<DemoDomain> = {},
): DemoDomain => ({ name, group, type, area, business, daysAgo, ...more });

/**
 * The demo account's domains: 31 across five groups and none, every service type, area and
 * business type; four hung up, one deleted, one renamed, one moved, one copied from another.
 * The first five are those of earlier demo data.
 */
const demoDomains: readonly DemoDomain[] = [
  d('www.demo-shop.com', '官网', 'web', '1', 'web', 58),
  d('img.demo-shop.com', '图片与静态资源', 'web', '1', 'image', 57),
  d('download.demo-shop.com', null, 'download', '2', 'large_file', 56),
  d('video.demo-shop.com', '视频', 'video', '3', 'streaming', 55, { then: { hangUp: 20 } }),
  d('*.static.demo-shop.com', '图片与静态资源', 'web', '1', 'image', 54),
  d('demo-shop.com', '官网', 'web', '1', 'web', 53),
  d('m.demo-shop.com', '官网', 'web', '1', 'web', 50, { movedOn: 45 }),
  d('www.demo-media.cn', '官网', 'web', '1', 'web', 49),
  d('news.demo-media.cn', '官网', 'web', '2', 'web', 47),
  d('shop.demo-shop.com', '电商', 'web', '1', 'web', 46),
  d('api.demo-shop.com', '电商', 'web', '1', 'web', 44),
  d(demoSpecialDomain, '电商', 'web', '1', 'web', 43),
  d('cart.demo-shop.com', '电商', 'web', '1', 'web', 41),
  d('promo.demo-shop.com', '电商', 'web', '1', 'image', 40, { then: { hangUp: 12 } }),
  d('seckill.demo-shop.com', '电商', 'web', '2', 'web', 38),
  d('assets.demo-media.cn', '图片与静态资源', 'web', '2', 'image', 37),
  d('img.demo-media.cn', '图片与静态资源', 'web', '1', 'image', 35),
  d('fonts.demo-shop.com', '图片与静态资源', 'web', '2', 'image', 33, { copyOf: 'assets.demo-media.cn' }),
  d('css.demo-media.cn', '图片与静态资源', 'web', '1', 'image', 31),
  d('vod.demo-media.cn', '视频', 'video', '1', 'streaming', 30),
  d('live.demo-media.cn', '视频', 'video', '2', 'streaming', 28, { then: { hangUp: 9 } }),
  d('mv.demo-media.cn', '视频', 'video', '1', 'streaming', 26),
  d('clips.demo-media.cn', '视频', 'video', '3', 'streaming', 24, { then: { hangUp: 15, recover: 14 } }),
  d('global.demo-shop.com', '海外', 'web', '2', 'web', 22),
  d('en.demo-shop.com', '海外', 'web', '3', 'web', 21),
  d('jp.demo-shop.com', '海外', 'web', '3', 'image', 19),
  d('eu.demo-global.com', '海外', 'download', '3', 'large_file', 17),
  d('dl.demo-media.cn', null, 'download', '1', 'large_file', 15),
  d('patch.demo-shop.com', null, 'download', '1', 'large_file', 13, { then: { hangUp: 4 } }),
  d('staging.demo-shop.com', null, 'web', '1', 'web', 10, {
    then: { renameTo: ['beta.demo-shop.com', 6] },
  }),
  d('test.demo-shop.com', null, 'web', '1', 'web', 8, { then: { delete: 3 } }),
];

/** The copy of the demo data: one target. */
const demoCopyId = seedUuid('demo-seed.domain-copy.1');

function demoDomainPlan(): { groups: SeedAggregate[]; domains: SeedAggregate[] } {
  const groups: SeedAggregate[] = groupNames.map((name, i) => [
    { name: 'domainGroup.create', payload: { id: groupId(name), name }, daysAgo: 60 - i },
  ]);
  const plan = demoDomains.map((demo, index): SeedAggregate => {
    const id = domainId(demo.name);
    const site = demo.name.replace(/^\*\./, '');
    const fields: PayloadInput<'domain.create'> = {
      id,
      domain: demo.name,
      service_type: demo.type,
      area: demo.area,
      business_type: demo.business,
      origins: originsFor(index, site),
      group_id: demo.group && demo.movedOn === undefined ? groupId(demo.group) : null,
    };
    const source = demo.copyOf ? demoDomains.find((s) => s.name === demo.copyOf) : undefined;
    const first: SeedStep = source
      ? {
          name: 'domain.copyConfig',
          payload: {
            ...fields,
            origins: originsFor(demoDomains.indexOf(source), source.name),
            source_id: domainId(source.name),
            copy_id: demoCopyId,
            contents: ['basic', 'origin', 'group'],
          },
          daysAgo: demo.daysAgo,
        }
      : { name: 'domain.create', payload: fields, daysAgo: demo.daysAgo };
    const steps: SeedStep[] = [first];
    if (demo.movedOn !== undefined && demo.group)
      steps.push({
        name: 'domain.move',
        payload: { id, group_id: groupId(demo.group) },
        daysAgo: demo.movedOn,
      });
    const then = demo.then ?? {};
    if (then.hangUp !== undefined)
      steps.push({ name: 'domain.hangUp', payload: { id }, daysAgo: then.hangUp });
    if (then.recover !== undefined)
      steps.push({ name: 'domain.recover', payload: { id }, daysAgo: then.recover });
    if (then.renameTo)
      steps.push({
        name: 'domain.rename',
        payload: { id, domain: then.renameTo[0] },
        daysAgo: then.renameTo[1],
      });
    if (then.delete !== undefined)
      steps.push({ name: 'domain.delete', payload: { id }, daysAgo: then.delete });
    return steps;
  });
  return { groups, domains: plan };
}

/** The demo domain plan's figures, for tests. */
export const demoDomainFigures = {
  groups: groupNames.length,
  domains: demoDomains.length,
  hungUp: demoDomains.filter((x) => x.then?.hangUp !== undefined && x.then.recover === undefined).length,
  deleted: demoDomains.filter((x) => x.then?.delete !== undefined).length,
};

/**
 * The demo account's groups and domains, through the command executor (resumable like the ban
 * list), then the special configuration of one domain through the operator's service.
 */
export async function seedDemoDomains(db: Db, account: Account, cnameSuffix: string): Promise<void> {
  const now = Date.now();
  const plan = demoDomainPlan();
  const groupRows = await db
    .select({ id: domainGroups.id, version: domainGroups.version })
    .from(domainGroups)
    .where(
      and(
        eq(domainGroups.accountId, account.id),
        inArray(
          domainGroups.id,
          plan.groups.flatMap((steps) => (steps[0] ? [aggregateOfStep(steps[0])] : [])),
        ),
      ),
    );
  await applyPlan(db, account, plan.groups, {
    keyPrefix: 'demo-seed.domain-group',
    versions: new Map(groupRows.map((r) => [r.id, r.version])),
    cnameSuffix,
    now,
  });
  const domainRows = await db
    .select({ id: domains.id, version: domains.version })
    .from(domains)
    .where(
      and(
        eq(domains.accountId, account.id),
        inArray(
          domains.id,
          plan.domains.flatMap((steps) => (steps[0] ? [aggregateOfStep(steps[0])] : [])),
        ),
      ),
    );
  await applyPlan(db, account, plan.domains, {
    keyPrefix: 'demo-seed.domain',
    versions: new Map(domainRows.map((r) => [r.id, r.version])),
    cnameSuffix,
    now,
  });
  await seedDemoConfig(db, account, cnameSuffix, now);
  const [special] = await db
    .select({ status: domains.status })
    .from(domains)
    .where(and(eq(domains.accountId, account.id), eq(domains.id, domainId(demoSpecialDomain))));
  // Set by name: only while the demo account's domain holds the name, and only once (the operator
  // may have cleared it since: that stays).
  if (special && special.status !== 'deleted' && !(await demoDomainsSeeded(db, account.id)))
    await setSpecialConfig(db, demoSpecialDomain, true, { origin: 'operator' });
}

/**
 * Whether the demo domain seed finished: its last step, the special configuration of one domain,
 * was made (an audit event says so, whatever the setting is now).
 */
export const demoDomainsSeeded = (db: Db, accountId: number) =>
  hasAuditEvent(db, { accountId, action: 'domain.specialConfig', target: domainId(demoSpecialDomain) });
