import { isIP } from 'node:net';

/** Every environment variable the server reads, with its default and what it does (the README table). */
export const configVariables = [
  { name: 'PORT', default: '8080', description: 'TCP port the server listens on.' },
  { name: 'HOST', default: '127.0.0.1', description: 'Interface the server listens on.' },
  {
    name: 'DATA_DIR',
    default: './data',
    description:
      "Folder of the embedded database, the operator key and the running server's address (server.json, read by npm run admin).",
  },
  {
    name: 'DATABASE_URL',
    default: '',
    description: 'PostgreSQL connection string; unset: the embedded database under DATA_DIR.',
  },
  { name: 'DEMO', default: '1', description: "Seed the demo accounts on first start; '0' turns it off." },
  { name: 'DEMO_PASSWORD', default: 'Cdn#Demo2026', description: 'Password of every demo account.' },
  {
    name: 'AUTO_APPROVE',
    default: '0',
    description: "'1' approves applications to open the service at once.",
  },
  {
    name: 'PORTAL_LOGOUT_URL',
    default: '/portal/logout',
    description: 'Where the console goes after logout for portal accounts.',
  },
  {
    name: 'CANVAS_LOGOUT_URL',
    default: '/canvas/logout',
    description: 'Where the console goes after logout for canvas accounts.',
  },
  {
    name: 'TOKEN_IDLE_MINUTES',
    default: '120',
    description: 'A console token expires after this many minutes without use.',
  },
  {
    name: 'TOKEN_TTL_HOURS',
    default: '12',
    description: 'A console token expires this many hours after sign-in, used or not.',
  },
  { name: 'CODE_TTL_SECONDS', default: '60', description: 'Lifetime of a single-use sign-in code.' },
  {
    name: 'STATIC_DIR',
    default: './dist',
    description: 'Built console served at /, when the folder exists.',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'Log level: fatal, error, warn, info, debug, trace or silent.',
  },
  {
    name: 'TRUST_PROXY',
    default: '0',
    description:
      'Reverse proxies in front: how many (1, 2) or their addresses and networks (10.0.0.1,192.168.0.0/16); 0: none.',
  },
  {
    name: 'REAUTH_SECONDS',
    default: '300',
    description:
      'How long a sign-in, or a confirmation of the password, counts as recent for the calls that ask for one.',
  },
  {
    name: 'RATE_LIMIT_TOKEN',
    default: '1200',
    description:
      'API calls one console or API token may make per minute; beyond it the call answers 42901 with Retry-After.',
  },
  {
    name: 'RATE_LIMIT_ADDRESS',
    default: '3000',
    description:
      'API calls and portal form posts one client address (IPv6: its /64) may make per minute, whatever the token.',
  },
  {
    name: 'OPERATOR_KEY',
    default: '',
    description:
      'The operator key, given by the environment to instances that share it (npm run cluster); unset: a fresh key is written to DATA_DIR/operator.key at every start.',
  },
  {
    name: 'REDIS_URL',
    default: '',
    description:
      'Redis that keeps the rate-limit counts, shared by every instance; unset: each instance counts on its own.',
  },
  {
    name: 'CLAIM_SECONDS',
    default: '30',
    description:
      'A refresh task, upload check or alarm delivery taken by an instance that stopped (killed, or cut from the database) is taken by another after this many seconds.',
  },
  {
    name: 'ALARM_EVALUATE_SECONDS',
    default: '60',
    description:
      'How often the alarm policies are evaluated on the traffic of their last periods (by one instance of those sharing the database).',
  },
  {
    name: 'CHECK_RESPONSES',
    default: '0',
    description:
      "'1' checks every API answer against the contract before sending it (a mismatch is a 500); the tests turn it on.",
  },
  {
    name: 'CNAME_SUFFIX',
    default: 'cdn.example-edge.net',
    description: 'Suffix of the CNAME given to each accelerated domain.',
  },
  {
    name: 'LOG_DIR',
    default: '',
    description:
      'Folder of the raw access logs kept for log download (hourly gzip files, 30 days); unset: DATA_DIR/logs.',
  },
  {
    name: 'DEMO_TRAFFIC_DAYS',
    default: '90',
    description: 'Days of traffic history the demo seed builds for the demo domains; 0 builds none.',
  },
  {
    name: 'SMTP_URL',
    default: '',
    description:
      'Mail server alarm emails are sent through (smtp://user:pass@host:587 or smtps://…); without it, emails are kept in the delivery log as not sent.',
  },
  {
    name: 'SMTP_FROM',
    default: 'CDN Console <alarm@localhost>',
    description: 'Sender of alarm emails.',
  },
  {
    name: 'ALARM_CALLBACK_PRIVATE',
    default: '0',
    description:
      '1 lets alarm callback URLs reach loopback and private addresses (a test receiver on this machine); refused otherwise.',
  },
  {
    name: 'ORIGIN_PRIVATE',
    default: '0',
    description:
      "'1' lets domain origins be private, loopback or link-local addresses (an origin on the operator's own network); refused otherwise.",
  },
  {
    name: 'EDGE',
    default: 'auto',
    description:
      "'auto' starts one edge node (nginx driven by the edge agent) beside the console when nginx is installed; 'off' never does.",
  },
  {
    name: 'EDGE_HTTP_PORT',
    default: '8081',
    description: 'Port of the local edge node for HTTP (the next port is its control port).',
  },
  {
    name: 'EDGE_HTTPS_PORT',
    default: '8443',
    description: 'Port of the local edge node for HTTPS.',
  },
  {
    name: 'DEMO_ORIGIN_PORT',
    default: '8090',
    description: 'Port of the bundled origin the demo domain edge.demo-shop.com is served from (loopback).',
  },
  {
    name: 'CONTENT_EDGE_DELAY_MS',
    default: '3000',
    description:
      'How long the bundled edge takes to execute a refresh or prefetch task on this machine (a real edge: minutes).',
  },
] as const;

export type ConfigVariable = (typeof configVariables)[number]['name'];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demo: boolean;
  demoPassword: string;
  autoApprove: boolean;
  portalLogoutUrl: string;
  canvasLogoutUrl: string;
  tokenIdleMinutes: number;
  tokenTtlHours: number;
  codeTtlSeconds: number;
  staticDir: string;
  logLevel: string;
  cnameSuffix: string;
  /**
   * The reverse proxies whose X-Forwarded-* headers are believed: none, how many stand in front
   * (hops counted from the server), or their addresses and networks. See `fastifyTrustProxy`.
   */
  trustProxy: TrustProxy;
  /** How long a sign-in or a password confirmation counts as recent (`reauth: 'recent'`). */
  reauthMs: number;
  /** Answers are checked against the contract's schemas (tests); otherwise only serialised. */
  checkResponses: boolean;
  /** Raw access logs (hourly gzip files). */
  logDir: string;
  demoTrafficDays: number;
  /** The bundled edge's time to execute a refresh or prefetch task. */
  contentEdgeDelayMs: number;
  /** Calls per minute: per token, and per client address. */
  rateLimit: { perToken: number; perAddress: number };
  /** Where the rate-limit counts are kept for every instance (Redis); unset: in this process. */
  redisUrl: string | undefined;
  /** How old a claim on queued work is before another instance takes the work (`server/jobs/claims.ts`). */
  claimMs: number;
  /** How often the alarm policies are evaluated. */
  alarmEvaluateMs: number;
  /** The operator key given by the environment (instances of one cluster); unset: written afresh at each start. */
  operatorKey: string | undefined;
  /** Alarm emails: the mail server (none: kept in the delivery log) and the sender. */
  smtpUrl: string | undefined;
  smtpFrom: string;
  /** Alarm callbacks may reach loopback and private addresses. */
  alarmCallbackPrivate: boolean;
  /** Domain origins may be loopback, private and link-local addresses. */
  originPrivate: boolean;
  /** Whether `npm start` starts a local edge node (when nginx is there), and its ports. */
  edge: 'auto' | 'off';
  edgeHttpPort: number;
  edgeHttpsPort: number;
  /** The bundled origin of the demo's edge domain. */
  demoOriginPort: number;
}

const defaults = Object.fromEntries(configVariables.map((v) => [v.name, v.default])) as Record<
  ConfigVariable,
  string
>;

function positiveInt(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function port(name: string, raw: string): number {
  const value = positiveInt(name, raw);
  if (value > 65_535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return value;
}

function edgeSetting(raw: string): 'auto' | 'off' {
  if (raw !== 'auto' && raw !== 'off') throw new Error(`EDGE must be auto or off, got "${raw}"`);
  return raw;
}

export type TrustProxy = false | number | string[];

/** An address or network as proxy-addr reads it: `10.0.0.1`, `192.168.0.0/16`, `2001:db8::/32`. */
function isAddressOrNetwork(entry: string): boolean {
  const [address = '', prefix, ...more] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || more.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** OPERATOR_KEY: unset, or a secret of at least 32 characters (a weak one is refused, not used). */
function operatorKeySetting(raw: string): string | undefined {
  if (raw === '') return undefined;
  if (raw.length < 32 || /\s/.test(raw))
    throw new Error(
      'OPERATOR_KEY must be at least 32 characters without spaces (npm run cluster makes one).',
    );
  return raw;
}

/**
 * TRUST_PROXY: `0` none, `1`, `2`… that many proxies, or a comma-separated list of their
 * addresses and networks. Anything else (`true`, `yes`, `*`) is refused rather than read as
 * "trust every address", which would let any client name its own address.
 */
function trustProxySetting(raw: string): TrustProxy {
  const text = raw.trim();
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  if (!entries.every(isAddressOrNetwork))
    throw new Error(
      `TRUST_PROXY must be the number of proxies in front (1, 2) or a comma-separated list of their addresses or networks (10.0.0.1,192.168.0.0/16), got "${raw}"`,
    );
  return entries;
}

/**
 * Fastify's `trustProxy` for the setting. The client is the right-most address of
 * X-Forwarded-For that no trusted proxy wrote: each proxy appends the address it was reached from,
 * so the entries left of that one are the client's own words. A hop count N trusts the connecting
 * peer and the N − 1 entries nearest to it; Fastify takes no bare number (it then trusts nothing),
 * hence the function. A list is handed over as it is: proxy-addr trusts those addresses at any hop.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** Reads the environment once into a typed configuration; throws on malformed numbers. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const get = (name: ConfigVariable): string => {
    const value = env[name];
    return value === undefined || value === '' ? defaults[name] : value;
  };
  return {
    port: Number(get('PORT')) >= 0 ? Number(get('PORT')) : 8080,
    host: get('HOST'),
    dataDir: get('DATA_DIR'),
    databaseUrl: get('DATABASE_URL') || undefined,
    demo: get('DEMO') !== '0',
    demoPassword: get('DEMO_PASSWORD'),
    autoApprove: get('AUTO_APPROVE') === '1',
    portalLogoutUrl: get('PORTAL_LOGOUT_URL'),
    canvasLogoutUrl: get('CANVAS_LOGOUT_URL'),
    tokenIdleMinutes: positiveInt('TOKEN_IDLE_MINUTES', get('TOKEN_IDLE_MINUTES')),
    tokenTtlHours: positiveInt('TOKEN_TTL_HOURS', get('TOKEN_TTL_HOURS')),
    codeTtlSeconds: positiveInt('CODE_TTL_SECONDS', get('CODE_TTL_SECONDS')),
    staticDir: get('STATIC_DIR'),
    logLevel: get('LOG_LEVEL'),
    cnameSuffix: get('CNAME_SUFFIX'),
    trustProxy: trustProxySetting(get('TRUST_PROXY')),
    logDir: get('LOG_DIR') || `${get('DATA_DIR').replace(/\/+$/, '')}/logs`,
    demoTrafficDays: Number.isInteger(Number(get('DEMO_TRAFFIC_DAYS')))
      ? Math.max(0, Number(get('DEMO_TRAFFIC_DAYS')))
      : 90,
    contentEdgeDelayMs: Number.isInteger(Number(get('CONTENT_EDGE_DELAY_MS')))
      ? Math.max(0, Number(get('CONTENT_EDGE_DELAY_MS')))
      : 3000,
    reauthMs: positiveInt('REAUTH_SECONDS', get('REAUTH_SECONDS')) * 1000,
    // Under the test runner unless turned off: every answer a test sees was checked.
    checkResponses: (env.CHECK_RESPONSES ?? (env.VITEST ? '1' : '0')) === '1',
    rateLimit: {
      perToken: positiveInt('RATE_LIMIT_TOKEN', get('RATE_LIMIT_TOKEN')),
      perAddress: positiveInt('RATE_LIMIT_ADDRESS', get('RATE_LIMIT_ADDRESS')),
    },
    redisUrl: get('REDIS_URL') || undefined,
    claimMs: positiveInt('CLAIM_SECONDS', get('CLAIM_SECONDS')) * 1000,
    alarmEvaluateMs: positiveInt('ALARM_EVALUATE_SECONDS', get('ALARM_EVALUATE_SECONDS')) * 1000,
    operatorKey: operatorKeySetting(get('OPERATOR_KEY')),
    smtpUrl: get('SMTP_URL') || undefined,
    smtpFrom: get('SMTP_FROM'),
    alarmCallbackPrivate: get('ALARM_CALLBACK_PRIVATE') === '1',
    originPrivate: get('ORIGIN_PRIVATE') === '1',
    edge: edgeSetting(get('EDGE')),
    edgeHttpPort: port('EDGE_HTTP_PORT', get('EDGE_HTTP_PORT')),
    edgeHttpsPort: port('EDGE_HTTPS_PORT', get('EDGE_HTTPS_PORT')),
    demoOriginPort: port('DEMO_ORIGIN_PORT', get('DEMO_ORIGIN_PORT')),
  };
}
