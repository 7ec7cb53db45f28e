import { and, eq, inArray } from 'drizzle-orm';
import type { PayloadInput } from '../../src/commands/registry';
import { defaultsOf } from '../../src/commands/domain-config/section';
import type { SectionContent, SectionKind } from '../../src/contract/domain-config';
import type { Db } from '../db/client';
import type { Account } from '../modules/account/service';
import { aggregates } from '../db/schema';
import { applyPlan, seedUuid, type SeedAggregate, type SeedStep } from './plan';

const domainId = (name: string) => seedUuid(`demo-seed.domain.${name}`);

type CacheRule = SectionContent<'domainCache'>['rules'][number];
const rule = (
  type: CacheRule['type'],
  content: string,
  ttl: number,
  priority: number,
  more: Partial<CacheRule> = {},
): CacheRule => ({
  type,
  content,
  ttl,
  priority,
  ignore_no_cache: false,
  follow_origin: false,
  ignore_case: false,
  query: 'keep',
  ...more,
});
const day = 86_400;

/** The versions of one section of one domain: each content, with the days ago it was set. */
type Versions<K extends SectionKind> = [SectionContent<K>, number][];
type DomainConfigPlan = { [K in SectionKind]?: Versions<K> };

const siteCache = (): Versions<'domainCache'> => [
  [
    {
      rules: [
        rule('suffix', 'jpg,jpeg,png,gif,webp,svg', 30 * day, 10),
        rule('suffix', 'css,js', 7 * day, 20),
        rule('directory', '/api', 0, 1),
      ],
    },
    40,
  ],
  [
    {
      rules: [
        rule('suffix', 'jpg,jpeg,png,gif,webp,svg', 30 * day, 10, { ignore_case: true }),
        rule('suffix', 'css,js', 7 * day, 20, { query: 'ignore' }),
        rule('directory', '/api', 0, 1),
        rule('path', '/index.html', 600, 5, { follow_origin: true }),
      ],
    },
    6,
  ],
];

const imageCache = (): Versions<'domainCache'> => [
  [
    {
      rules: [
        rule('suffix', 'jpg,jpeg,png,gif,webp,avif', 90 * day, 10, { ignore_case: true, query: 'ignore' }),
        rule('regex', '^/thumbs/.*\\.(jpg|png)$', 365 * day, 5, { ignore_no_cache: true }),
      ],
    },
    30,
  ],
];

const videoCache = (): Versions<'domainCache'> => [
  [
    {
      rules: [rule('suffix', 'mp4,flv,ts', 30 * day, 10), rule('suffix', 'm3u8', 10, 5, { query: 'ignore' })],
    },
    25,
  ],
];

const https = (hsts: boolean): Versions<'domainHttps'> => [
  [{ ...defaultsOf('domainHttps'), force_https: true, redirect_code: 301, http2: true }, 30],
  ...(hsts
    ? ([
        [
          {
            ...defaultsOf('domainHttps'),
            force_https: true,
            redirect_code: 301,
            http2: true,
            hsts: true,
            hsts_max_age: 31_536_000,
            tls_versions: ['TLSv1.2', 'TLSv1.3'],
          },
          9,
        ],
      ] as Versions<'domainHttps'>)
    : []),
];

const hotlinkProtection = (site: string): Versions<'domainAccess'> => [
  [
    {
      ...defaultsOf('domainAccess'),
      referer: {
        enabled: true,
        mode: 'white',
        entries: [`*.${site}`, site],
        allow_empty: true,
        match: 'fuzzy',
      },
    },
    20,
  ],
];

const apiAccess = (): Versions<'domainAccess'> => [
  [
    {
      ...defaultsOf('domainAccess'),
      ip: {
        enabled: true,
        mode: 'black',
        entries: ['192.0.2.66', '198.51.100.0/24', '203.0.113.128/25'],
        allow_empty: true,
      },
      ua: {
        enabled: true,
        mode: 'black',
        entries: ['BadBot/1.0', 'curl/7.29.0'],
        allow_empty: false,
        match: 'exact',
      },
    },
    15,
  ],
];

const corsHeaders = (): Versions<'domainHeaders'> => [
  [
    {
      request: [{ action: 'set', name: 'X-Forwarded-Proto', value: 'https' }],
      response: [
        { action: 'set', name: 'Access-Control-Allow-Origin', value: '*' },
        { action: 'delete', name: 'X-Powered-By', value: '' },
      ],
    },
    18,
  ],
];

/** The demo domains' configurations: varied, with a history on some. */
const demoConfigs: Record<string, DomainConfigPlan> = {
  'www.demo-shop.com': {
    domainCache: siteCache(),
    domainHttps: https(true),
    domainHeaders: corsHeaders(),
    domainRewrites: [
      [
        {
          origin_url: [],
          access_url: [{ source: '/old-shop', target: '/shop', target_domain: '' }],
          error_pages: [{ status: 404, target: 'http://{host}/404.html' }],
        },
        12,
      ],
    ],
    domainPerformance: [
      [
        {
          ...defaultsOf('domainPerformance'),
          compression: { ...defaultsOf('domainPerformance').compression, enabled: true },
        },
        33,
      ],
    ],
    domainOrigin: [[{ connect_timeout: 10 }, 35]],
  },
  'img.demo-shop.com': { domainCache: imageCache(), domainAccess: hotlinkProtection('demo-shop.com') },
  'download.demo-shop.com': {
    domainPerformance: [[{ ...defaultsOf('domainPerformance'), post_limit_mb: 200 }, 22]],
    domainSpeedLimit: [[{ rules: [{ type: 'suffix', content: 'zip,exe,dmg', rate_kbps: 10_240 }] }, 20]],
  },
  'video.demo-shop.com': {
    domainCache: videoCache(),
    domainUrlAuth: [
      [{ enabled: true, type: 'A', primary_key: 'DemoVideoKey2026', backup_key: '', lifetime: 1800 }, 24],
    ],
  },
  'demo-shop.com': { domainHttps: https(false), domainCache: siteCache().slice(0, 1) },
  'shop.demo-shop.com': { domainCache: siteCache(), domainHttps: https(true), domainHeaders: corsHeaders() },
  'api.demo-shop.com': {
    domainCache: [[{ rules: [rule('all', '', 0, 0)] }, 40]],
    domainAccess: apiAccess(),
    domainHttps: https(false),
  },
  'pay.demo-shop.com': { domainHttps: https(true), domainAccess: apiAccess() },
  'assets.demo-media.cn': { domainCache: imageCache(), domainAccess: hotlinkProtection('demo-media.cn') },
  'vod.demo-media.cn': {
    domainCache: videoCache(),
    domainUrlAuth: [
      [
        {
          enabled: true,
          type: 'B',
          primary_key: 'VodSignKey88',
          backup_key: 'VodBackupKey99',
          lifetime: 3600,
        },
        20,
      ],
    ],
    domainSpeedLimit: [[{ rules: [{ type: 'directory', content: '/preview', rate_kbps: 512 }] }, 19]],
  },
  'www.demo-media.cn': { domainCache: siteCache(), domainHeaders: corsHeaders() },
};

/** The plan of each section kind: per domain, its versions through `<kind>.set`. */
function configPlans(): Map<SectionKind, SeedAggregate[]> {
  const plans = new Map<SectionKind, SeedAggregate[]>();
  for (const [name, config] of Object.entries(demoConfigs)) {
    const id = domainId(name);
    for (const [kind, versions] of Object.entries(config) as [SectionKind, Versions<SectionKind>][]) {
      const steps = versions.map(
        ([content, daysAgo]): SeedStep =>
          ({
            name: `${kind}.set`,
            payload: { id, content } as PayloadInput<`${typeof kind}.set`>,
            daysAgo,
          }) as SeedStep,
      );
      plans.set(kind, [...(plans.get(kind) ?? []), steps]);
    }
  }
  return plans;
}

/**
 * The demo domains' configurations, through the section commands like a user's edits (resumable:
 * a section at version v has had its first v steps). Runs after the domains are seeded and before
 * the special configuration is set (a work-order domain cannot be edited).
 */
export async function seedDemoConfig(db: Db, account: Account, cnameSuffix: string, now: number) {
  for (const [kind, plan] of configPlans()) {
    const ids = plan.map((steps) => (steps[0]?.payload as { id: string }).id);
    const rows = await db
      .select({ id: aggregates.id, version: aggregates.version })
      .from(aggregates)
      .where(
        and(eq(aggregates.accountId, account.id), eq(aggregates.kind, kind), inArray(aggregates.id, ids)),
      );
    await applyPlan(db, account, plan, {
      keyPrefix: `demo-seed.config.${kind}`,
      versions: new Map(rows.map((r) => [r.id, r.version])),
      cnameSuffix,
      now,
    });
  }
}
