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
      "'1' trusts X-Forwarded-* headers of a reverse proxy (client address, and HTTPS for the Secure cookie flag).",
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
  trustProxy: boolean;
  /** Answers are checked against the contract's schemas (tests); otherwise only serialised. */
  checkResponses: boolean;
  /** Raw access logs (hourly gzip files). */
  logDir: string;
  demoTrafficDays: number;
  /** The bundled edge's time to execute a refresh or prefetch task. */
  contentEdgeDelayMs: number;
  /** Calls per minute: per token, and per client address. */
  rateLimit: { perToken: number; perAddress: number };
  /** Alarm emails: the mail server (none: kept in the delivery log) and the sender. */
  smtpUrl: string | undefined;
  smtpFrom: string;
  /** Alarm callbacks may reach loopback and private addresses. */
  alarmCallbackPrivate: boolean;
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
    trustProxy: get('TRUST_PROXY') === '1',
    logDir: get('LOG_DIR') || `${get('DATA_DIR').replace(/\/+$/, '')}/logs`,
    demoTrafficDays: Number.isInteger(Number(get('DEMO_TRAFFIC_DAYS')))
      ? Math.max(0, Number(get('DEMO_TRAFFIC_DAYS')))
      : 90,
    contentEdgeDelayMs: Number.isInteger(Number(get('CONTENT_EDGE_DELAY_MS')))
      ? Math.max(0, Number(get('CONTENT_EDGE_DELAY_MS')))
      : 3000,
    // Under the test runner unless turned off: every answer a test sees was checked.
    checkResponses: (env.CHECK_RESPONSES ?? (env.VITEST ? '1' : '0')) === '1',
    rateLimit: {
      perToken: positiveInt('RATE_LIMIT_TOKEN', get('RATE_LIMIT_TOKEN')),
      perAddress: positiveInt('RATE_LIMIT_ADDRESS', get('RATE_LIMIT_ADDRESS')),
    },
    smtpUrl: get('SMTP_URL') || undefined,
    smtpFrom: get('SMTP_FROM'),
    alarmCallbackPrivate: get('ALARM_CALLBACK_PRIVATE') === '1',
  };
}
