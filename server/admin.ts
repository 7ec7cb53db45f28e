import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { AppError } from './http/envelope';
import { t } from './i18n/messages';
import { readOperatorKey } from './operator/key';
import { approveApplication, pendingApplications } from './modules/product/service';

/**
 * `npm run admin -- approve <login>` / `npm run admin -- pending`. Talks to the running server
 * (the embedded database allows one process); when none answers, opens the database itself.
 */
const config = loadConfig();
const [command, login] = process.argv.slice(2);

function usage(): never {
  console.error('usage: npm run admin -- approve <login> | pending');
  process.exit(2);
}

interface Answer {
  code: number;
  msg: string;
  data: Record<string, unknown>;
}

const serverHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
const base = `http://${serverHost.includes(':') ? `[${serverHost}]` : serverHost}:${config.port}`;

/** Calls the running server; null when nothing listens (connection refused). */
async function callServer(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer | null> {
  const key = readOperatorKey(config.dataDir);
  if (!key) return null;
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        'x-operator-key': key,
        'accept-language': 'en-US',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return (await response.json()) as Answer;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code === 'ECONNREFUSED') return null;
    throw error;
  }
}

async function direct<T>(
  work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

if (command === 'approve') {
  if (!login) usage();
  const answer = await callServer('POST', '/operator/approve', { login });
  if (answer) {
    if (answer.code !== 0) {
      console.error(`approve ${login}: failed: ${answer.msg}`);
      process.exit(1);
    }
    console.log(`approve ${login}: service open (through the running server)`);
  } else {
    try {
      await direct((db) => approveApplication(db, login, { origin: 'operator' }));
      console.log(`approve ${login}: service open (database opened directly)`);
    } catch (error) {
      if (error instanceof AppError) {
        console.error(`approve ${login}: failed: ${t(error.messageId, 'en_US')}`);
        process.exit(1);
      }
      throw error;
    }
  }
} else if (command === 'pending') {
  const answer = await callServer('GET', '/operator/pending');
  const rows = answer
    ? ((answer.data.lists ?? []) as { login: string; product: string; created_at: string }[])
    : (await direct((db) => pendingApplications(db))).map((r) => ({
        login: r.login,
        product: r.product,
        created_at: r.createdAt.toISOString(),
      }));
  if (rows.length === 0) {
    console.log('no pending applications');
    process.exit(1);
  }
  for (const r of rows) console.log(`${r.login}\t${r.product}\t${r.created_at}`);
  console.log(`${rows.length} pending application${rows.length === 1 ? '' : 's'}`);
} else {
  usage();
}
