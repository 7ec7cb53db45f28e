import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database, type Db } from '../../server/db/client';
import { seedDemo } from '../../server/seed/demo';

export const demoPassword = 'Cdn#Demo2026';
export const operatorKey = 'test-operator-key-0123456789';

export interface Harness {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL database's URL, for other connections to it (as other instances open). */
  databaseUrl: string | undefined;
  /** Every log line the app wrote. */
  logs: string[];
  /** Builds another app on the same database (another configuration). */
  appWith(overrides: Partial<Config>): Promise<FastifyInstance>;
}

export interface SuiteOptions {
  /** Customer accounts of the `channel` demo account. */
  customers?: number;
  config?: Partial<Config>;
}

const targets: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A fresh database `cdn_test_<random>` on the DATABASE_URL server, empty or a copy of `template`;
 * dropped by the returned function.
 */
export async function freshPostgres(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL as string;
  const name = `cdn_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // The pool's connections close asynchronously after pool.end(): wait for them (up to 3 s),
      // so FORCE does not terminate a connection that is still closing (an unhandled error).
      for (let i = 0; i < 30; i += 1) {
        const { rows } = await client.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if ((rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A fresh, migrated database of `kind` (not seeded), and the function that disposes of it. */
export async function freshDatabase(
  kind: 'pglite' | 'postgres',
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, drop: () => database.close() };
  }
  const { url, drop } = await freshPostgres();
  const database = await openDatabase({ url });
  return {
    database,
    drop: async () => {
      await database.close();
      await drop();
    },
  };
}

/**
 * Runs `body` once per database: PGlite always, PostgreSQL too when DATABASE_URL is set. One
 * database per file and target, seeded with the demo accounts; the app is built by `buildApp`.
 */
export function describeServer(
  name: string,
  body: (h: () => Harness, kind: 'pglite' | 'postgres') => void,
  options: SuiteOptions = {},
): void {
  for (const kind of targets) {
    describe(`${name} [${kind}]`, () => {
      let harness: Harness | undefined;
      const apps: FastifyInstance[] = [];
      let drop: (() => Promise<void>) | undefined;
      let dataDir: string | undefined;

      beforeAll(async () => {
        // The demo data seeded once for the run (tests/support/seeded-template.ts), copied here;
        // a suite that asks for other data seeds its own.
        const seeded =
          options.customers === undefined && !options.config?.cnameSuffix ? inject('seeded') : undefined;
        const template = seeded?.[kind];
        let url: string | undefined;
        if (kind === 'postgres') ({ url, drop } = await freshPostgres(seeded?.postgres?.database));
        // Files (feedback pictures, certificate keys) go to a folder of this suite, removed after it.
        dataDir = mkdtempSync(join(tmpdir(), 'cdn-suite-'));
        if (template) cpSync(template.dataDir, dataDir, { recursive: true });
        const database = await openDatabase({
          url,
          dataDir: 'memory://',
          ...(kind === 'pglite' && seeded?.pglite
            ? { loadDataDir: new Blob([readFileSync(seeded.pglite.dump)]) }
            : {}),
        });
        const config: Config = {
          ...loadConfig({ STATIC_DIR: '/nonexistent-static', LOG_LEVEL: 'info', DATA_DIR: dataDir }),
          ...options.config,
        };
        if (!template)
          await seedDemo(database.db, {
            dataDir,
            password: demoPassword,
            cnameSuffix: config.cnameSuffix,
            customers: options.customers ?? 3,
          });
        const logs: string[] = [];
        const make = async (overrides: Partial<Config>) => {
          const app = await buildApp({
            database,
            config: { ...config, ...overrides },
            operatorKey,
            logger: { stream: { write: (line: string) => void logs.push(line) } },
            // The tests evaluate the alarm policies and send their messages themselves.
            alarms: { run: false },
          });
          apps.push(app);
          return app;
        };
        const app = await make({});
        harness = { app, db: database.db, database, config, kind, databaseUrl: url, logs, appWith: make };
      });

      afterAll(async () => {
        for (const app of apps) await app.close();
        await harness?.database.close();
        await drop?.();
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      });

      body(() => {
        if (!harness) throw new Error('harness not ready');
        return harness;
      }, kind);
    });
  }
}

export interface Envelope<T = Record<string, unknown>> {
  code: number;
  msg: string;
  data: T;
}

export interface CallOptions {
  token?: string | undefined;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  language?: string;
}

/** One JSON call through `inject`; answers the parsed envelope and the raw response. */
export async function call<T = Record<string, unknown>>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: CallOptions = {},
): Promise<{ body: Envelope<T>; response: LightMyRequestResponse }> {
  const response = await app.inject({
    method,
    url,
    ...(options.query ? { query: options.query } : {}),
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.language ? { 'accept-language': options.language } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: options.body as Record<string, unknown> } : {}),
  });
  return { body: response.json() as Envelope<T>, response };
}

export interface SignIn {
  token: string;
  state: string;
  sessionState: string;
  code: string;
  /** The portal session cookie (`portal_sid=...`). */
  cookie: string;
  viewCode: number;
}

/** The portal form post (from `remoteAddress`, 127.0.0.1 by default): answers the 303 response. */
export async function postLogin(
  app: FastifyInstance,
  login: string,
  password = demoPassword,
  extra: Record<string, string> = {},
  source: 'portal' | 'canvas' = 'portal',
  remoteAddress?: string,
) {
  return app.inject({
    method: 'POST',
    url: `/${source}/login`,
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      username: login,
      password,
      redirect_uri: '/',
      state: 'test-state',
      ...extra,
    }).toString(),
  });
}

export function cookieOf(response: LightMyRequestResponse, name = 'portal_sid'): string {
  const found = response.cookies.find((c) => c.name === name);
  return found ? `${name}=${found.value}` : '';
}

/** The sign-in parameters of a portal redirect (its `Location`). */
export function redirectParams(response: LightMyRequestResponse) {
  const location = new URL(String(response.headers.location), 'http://console.test');
  return {
    state: location.searchParams.get('state') ?? '',
    session_state: location.searchParams.get('session_state') ?? '',
    code: location.searchParams.get('code') ?? '',
  };
}

/** The console's view call: the query of the redirect, and the browser's portal session cookie. */
export async function redeem(app: FastifyInstance, query: Record<string, string>, cookie: string) {
  return call<{ token: string }>(app, 'GET', '/account/user/view', {
    query,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

/** The whole sign-in flow: portal form → code → /account/user/view (with the cookie) → token. */
export async function signIn(
  app: FastifyInstance,
  login: string,
  source: 'portal' | 'canvas' = login === 'canvas' ? 'canvas' : 'portal',
): Promise<SignIn> {
  const response = await postLogin(app, login, demoPassword, {}, source);
  if (response.statusCode !== 303) throw new Error(`sign-in of ${login} answered ${response.statusCode}`);
  const params = redirectParams(response);
  const cookie = cookieOf(response);
  const { body } = await redeem(app, params, cookie);
  return {
    token: body.data.token,
    state: params.state,
    sessionState: params.session_state,
    code: params.code,
    cookie,
    viewCode: body.code,
  };
}

/** The header info productopen needs (spec §7: productopen is sent with the header info). */
export const headerInfo = (s: SignIn) => ({
  'x-auth-state': s.state,
  'x-auth-session-state': s.sessionState,
  'x-auth-code': s.code,
});

/** A multipart body with one file in field `file`. */
export function multipart(
  bytes: Buffer,
  filename: string,
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----cdn${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
