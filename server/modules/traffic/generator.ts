import type { LogLineInput } from '../../../src/contract/traffic';
import { statsOffsetMs } from '../../../src/contract/traffic';

/**
 * Plausible access logs for demo domains: a day curve (quiet at 04:00, busiest at 21:00 UTC+8), a
 * week curve (weekends busier), clients across provinces and carriers, a status mix, cache hits
 * by content type, and now and then an attack burst that the edge blocks. Deterministic for a seed,
 * so the demo's history is the same on every machine. `npm run traffic` streams it live through
 * the ingestion call; the demo seed loads 90 days of it through the bulk path.
 */
export interface TrafficDomain {
  name: string;
  /** Bandwidth at the busiest hour, in bits per second. */
  peakBps: number;
}

/** A small, fast PRNG (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// /24 networks of the provinces and carriers the bundled IP database places; weights by population.
const networks: readonly [string, number][] = [
  ['202.96.134', 8], ['58.60.188', 6], ['183.232.231', 6], ['210.21.196', 4], ['113.108.81', 4],
  ['61.135.169', 5], ['221.130.33', 4], ['218.30.118', 4], ['112.80.248', 5], ['61.147.37', 4],
  ['101.226.4', 5], ['180.163.26', 3], ['59.111.160', 5], ['60.28.1', 2], ['61.139.2', 4],
  ['218.6.1', 3], ['222.85.1', 4], ['202.100.64', 1], ['61.128.128', 2], ['202.101.224', 2],
  ['166.111.8', 2], ['202.112.0', 1], ['210.0.255', 1], ['203.198.7', 1], ['8.8.8', 1], ['151.101.1', 1],
]; // prettier-ignore
const attackers = ['104.16.1', '52.84.1', '1.1.1'];

const agents = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.54',
  'Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'okhttp/4.12.0',
  'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
];
const referers = [
  '',
  '',
  '',
  'https://www.baidu.com/',
  'https://weixin.qq.com/',
  'https://www.so.com/s?q=cdn',
];

interface Resource {
  path: string;
  bytes: number;
  hitRate: number;
  weight: number;
}
const resources: readonly Resource[] = [
  { path: '/', bytes: 42_000, hitRate: 0.7, weight: 10 },
  { path: '/index.html', bytes: 42_000, hitRate: 0.7, weight: 4 },
  { path: '/news/2026/11/list.html', bytes: 65_000, hitRate: 0.8, weight: 4 },
  { path: '/static/js/app.4f2a.js', bytes: 310_000, hitRate: 0.97, weight: 10 },
  { path: '/static/css/app.9c1e.css', bytes: 58_000, hitRate: 0.97, weight: 10 },
  { path: '/img/banner-1.jpg', bytes: 420_000, hitRate: 0.95, weight: 8 },
  { path: '/img/banner-2.jpg', bytes: 380_000, hitRate: 0.95, weight: 6 },
  { path: '/img/logo.png', bytes: 12_000, hitRate: 0.99, weight: 8 },
  { path: '/video/intro/seg-00012.ts', bytes: 2_400_000, hitRate: 0.9, weight: 6 },
  { path: '/download/client-setup.exe', bytes: 48_000_000, hitRate: 0.92, weight: 1 },
  { path: '/api/v1/items?page=1', bytes: 3_200, hitRate: 0, weight: 5 },
];
const resourceWeight = resources.reduce((s, r) => s + r.weight, 0);
const networkWeight = networks.reduce((s, [, w]) => s + w, 0);

function pick<T>(items: readonly [T, number][], total: number, r: number): T {
  let x = r * total;
  for (const [item, w] of items) {
    x -= w;
    if (x < 0) return item;
  }
  return items[items.length - 1]![0];
}

/** Traffic at a time as a share of the busiest hour. */
export function curve(at: number): number {
  const local = new Date(at + statsOffsetMs);
  const hour = local.getUTCHours() + local.getUTCMinutes() / 60;
  // Lowest near 04:00, highest near 21:00.
  const daily = 0.55 - 0.45 * Math.cos(((hour - 4) / 24) * 2 * Math.PI) + (hour > 19 && hour < 23 ? 0.1 : 0);
  const weekday = local.getUTCDay();
  const weekly = weekday === 0 || weekday === 6 ? 1.12 : 1;
  return Math.min(1.1, Math.max(0.08, daily * weekly));
}

/** Whether a domain is under an attack burst at a time: 20 minutes about every two days. */
export function underAttack(domainIndex: number, at: number): boolean {
  const slot = Math.floor(at / (20 * 60_000));
  const r = random(slot * 7919 + domainIndex * 104729)();
  return domainIndex === 0 && r < 1 / 144;
}

/**
 * The lines of every domain from `from` to `to` (ms), `perStep` lines per domain each `stepMs`,
 * each standing for as many requests (`sample`) as the domain's bandwidth at that time needs.
 */
export interface GenerateOptions {
  domains: readonly TrafficDomain[];
  from: number;
  to: number;
  stepMs: number;
  perStep: number;
  seed: number;
}

export function* generateLines(options: GenerateOptions): Generator<LogLineInput> {
  const next = random(options.seed);
  for (let at = options.from; at < options.to; at += options.stepMs) {
    const share = curve(at);
    for (const [index, domain] of options.domains.entries()) {
      const bytesPerStep = ((domain.peakBps * share) / 8) * (options.stepMs / 1000) * (0.9 + 0.2 * next());
      // Each line stands for requests of its resource: a share of the step's bytes.
      const chosen: Resource[] = [];
      for (let i = 0; i < options.perStep; i++) {
        let x = next() * resourceWeight;
        let found = resources[0]!;
        for (const r of resources) {
          x -= r.weight;
          if (x < 0) {
            found = r;
            break;
          }
        }
        chosen.push(found);
      }
      const bytesPerLine = bytesPerStep / options.perStep;
      for (const resource of chosen) {
        const time = at + Math.floor(next() * options.stepMs);
        const roll = next();
        const status =
          resource.path.startsWith('/video') && roll < 0.2
            ? 206
            : roll < 0.9
              ? 200
              : roll < 0.95
                ? 304
                : roll < 0.985
                  ? 404
                  : roll < 0.993
                    ? 403
                    : roll < 0.997
                      ? 502
                      : 500;
        const size =
          status === 304 ? 300 : status >= 400 ? 600 : Math.round(resource.bytes * (0.8 + 0.4 * next()));
        const sample = Math.max(1, Math.min(1_000_000, Math.round(bytesPerLine / size)));
        const net = pick(networks, networkWeight, next());
        yield {
          time,
          domain: domain.name,
          client: `${net}.${1 + Math.floor(next() * 254)}`,
          method: resource.path.startsWith('/api') && next() < 0.3 ? 'POST' : 'GET',
          url: resource.path,
          status,
          bytes: size,
          request_time:
            Math.round((resource.bytes / 4_000_000 + 0.005 + next() * (next() < 0.05 ? 1.5 : 0.08)) * 1000) /
            1000,
          cache: next() < resource.hitRate ? 'HIT' : 'MISS',
          ua: agents[Math.floor(next() * agents.length)]!,
          referer: referers[Math.floor(next() * referers.length)]!,
          blocked_by: null,
          sample,
        };
      }
      if (underAttack(index, at)) {
        for (let i = 0; i < options.perStep * 2; i++) {
          yield {
            time: at + Math.floor(next() * options.stepMs),
            domain: domain.name,
            client: `${attackers[Math.floor(next() * attackers.length)]}.${1 + Math.floor(next() * 20)}`,
            method: 'GET',
            url: `/search?q=${Math.floor(next() * 1e6)}`,
            status: 403,
            bytes: 480,
            request_time: 0.001,
            cache: 'MISS',
            ua: 'python-requests/2.32.3',
            referer: '',
            blocked_by: next() < 0.7 ? 'rate-limit' : 'ip-ban',
            sample: Math.max(1, Math.round((options.stepMs / 1000) * 400)),
          };
        }
      }
    }
  }
}
