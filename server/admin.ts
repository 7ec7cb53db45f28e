import type { z } from 'zod';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { AppError } from './http/envelope';
import { t } from './i18n/messages';
import { isProcessAlive, readServerRecord } from './operator/address';
import { readOperatorKey } from './operator/key';
import { setSpecialConfig } from './modules/domain/service';
import { approveApplication, pendingApplications } from './modules/product/service';
import { createEdgeKey, listEdgeKeys, revokeEdgeKey } from './modules/traffic/edge-keys';
import { edgeNodeAction, runEdgeNodeAction } from './modules/ip-check/service';
import { listNodes } from './modules/edge/service';
import type { operatorEdgeNodesResult } from './operator/routes';
import { packageAction, runPackageAction } from './modules/traffic-package/service';
import { billingTypes } from '../src/contract/traffic-package';
import { runTicketAction, ticketAction, type ticketActionResult } from './modules/ticket/service';

/**
 * `npm run admin -- approve <login>` / `pending` / `special-config <domain> on|off`. Talks to the
 * server running on the same DATA_DIR, at the address it recorded there (whatever its PORT): the
 * embedded database allows one process. Only when no server process lives does it open the
 * database itself.
 */
const config = loadConfig();
const [command, login, setting] = process.argv.slice(2);

function usage(): never {
  console.error(
    [
      'usage: npm run admin -- <command>',
      '  approve <login>                    open the service of a pending application',
      '  pending                            list the applications awaiting review',
      '  special-config <domain> on|off     set or clear the special configuration of a domain',
      '  edge-key create|revoke <name>      make (shown once) or revoke the key an edge node sends logs with',
      '  edge-key list                      list the edge keys',
      '  edge-node add <ip> <name> <region> <carrier> [offline]',
      '                                     add or change an edge node (region: GD, BJ… or overseas; carrier: telecom, unicom, mobile, edu, other)',
      '  edge-node remove <ip> | list       remove an edge node, or list them',
      '  edge-nodes                         the nodes running the edge agent: contact, version, deployment',
      '  package grant <login> <size> <region> <days> [YYYY-MM-DD]',
      '                                     grant a traffic package (size: 500GB, 2TB; region: mainland, overseas, global)',
      '  package billing <login> flow|bandwidth|requests [type]',
      `                                     set the billing mode and type of an account (type: ${billingTypes.join(', ')}; the mode's first when absent)`,
      '  package list <login>               list the traffic packages of an account',
      '  ticket list                        list the tickets waiting for support',
      "  ticket reply <id> <text>           answer a ticket as support (the customer's turn then)",
    ].join('\n'),
  );
  process.exit(2);
}

interface Answer {
  code: number;
  msg: string;
  data: Record<string, unknown>;
}

/** The recorded address, with a wildcard interface replaced by the loopback one. */
function reachable(url: string): string {
  const address = new URL(url);
  if (address.hostname === '0.0.0.0') address.hostname = '127.0.0.1';
  if (address.hostname === '[::]') address.hostname = '[::1]';
  return address.origin;
}

/** Calls the server; null when nothing listens at its address. */
async function callServer(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Answer | null> {
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        'x-operator-key': readOperatorKey(config.dataDir) ?? '',
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

type Route = { kind: 'server'; base: string; answer: Answer } | { kind: 'direct' };

/**
 * Where the command goes: the live server of this DATA_DIR when it answers; the database itself
 * when no server process lives. A live server that does not answer (starting, stopping) holds the
 * embedded database, so the command is refused rather than open it a second time.
 */
async function route(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Route> {
  const record = readServerRecord(config.dataDir);
  if (!record || !isProcessAlive(record.pid)) return { kind: 'direct' };
  if (record.url) {
    const base = reachable(record.url);
    const answer = await callServer(base, method, path, body);
    if (answer) return { kind: 'server', base, answer };
  }
  // PostgreSQL serves any number of processes: going direct is safe there.
  if (config.databaseUrl) return { kind: 'direct' };
  console.error(
    `The server (process ${record.pid}) holds ${config.dataDir} but does not answer yet; ` +
      'it is starting or stopping. Try again in a moment.',
  );
  process.exit(3);
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

const through = (r: Route) =>
  r.kind === 'server' ? `through the running server at ${r.base}` : 'database opened directly';

if (command === 'approve') {
  if (!login) usage();
  const r = await route('POST', '/operator/approve', { login });
  if (r.kind === 'server') {
    if (r.answer.code !== 0) {
      console.error(`approve ${login}: failed: ${r.answer.msg} (${through(r)})`);
      process.exit(1);
    }
  } else {
    try {
      await direct((db) => approveApplication(db, login, { origin: 'operator' }));
    } catch (error) {
      if (error instanceof AppError) {
        console.error(`approve ${login}: failed: ${t(error.messageId, 'en_US')} (${through(r)})`);
        process.exit(1);
      }
      throw error;
    }
  }
  console.log(`approve ${login}: service open (${through(r)})`);
} else if (command === 'pending') {
  const r = await route('GET', '/operator/pending');
  if (r.kind === 'server' && r.answer.code !== 0) {
    console.error(`pending: failed: ${r.answer.msg} (${through(r)})`);
    process.exit(1);
  }
  const rows =
    r.kind === 'server'
      ? ((r.answer.data.lists ?? []) as { login: string; product: string; created_at: string }[])
      : (await direct((db) => pendingApplications(db))).map((p) => ({
          login: p.login,
          product: p.product,
          created_at: p.createdAt.toISOString(),
        }));
  if (rows.length === 0) {
    console.log(`no pending applications (${through(r)})`);
    process.exit(1);
  }
  for (const p of rows) console.log(`${p.login}\t${p.product}\t${p.created_at}`);
  console.log(`${rows.length} pending application${rows.length === 1 ? '' : 's'} (${through(r)})`);
} else if (command === 'special-config') {
  const domain = login;
  if (!domain || (setting !== 'on' && setting !== 'off')) usage();
  const on = setting === 'on';
  const r = await route('POST', '/operator/special-config', { domain, special_config: on });
  let outcome: { version: number; changed: boolean };
  if (r.kind === 'server') {
    if (r.answer.code !== 0) {
      console.error(`special-config ${domain}: failed: ${r.answer.msg} (${through(r)})`);
      process.exit(1);
    }
    outcome = r.answer.data as { version: number; changed: boolean };
  } else {
    try {
      const { entry, changed } = await direct((db) =>
        setSpecialConfig(db, domain, on, { origin: 'operator', notifyOthers: Boolean(config.databaseUrl) }),
      );
      outcome = { version: entry.version, changed };
    } catch (error) {
      if (error instanceof AppError) {
        console.error(`special-config ${domain}: failed: ${t(error.messageId, 'en_US')} (${through(r)})`);
        process.exit(1);
      }
      throw error;
    }
  }
  const state = on ? 'on' : 'off';
  console.log(
    outcome.changed
      ? `special-config ${domain}: ${state}, version ${outcome.version} (${through(r)})`
      : `special-config ${domain}: already ${state}, unchanged (${through(r)})`,
  );
} else if (command === 'edge-key') {
  const action = login;
  const name = setting;
  if (action !== 'create' && action !== 'revoke' && action !== 'list') usage();
  if (action !== 'list' && !name) usage();
  const r = await route('POST', '/operator/edge-key', { action, ...(name ? { name } : {}) });
  let answer: {
    key: string | null;
    keys: { name: string; created_at: string; last_used_at: string | null; revoked: boolean }[];
  };
  if (r.kind === 'server') {
    if (r.answer.code !== 0) {
      console.error(`edge-key ${action}: failed: ${r.answer.msg} (${through(r)})`);
      process.exit(1);
    }
    answer = r.answer.data as typeof answer;
  } else {
    answer = await direct(async (db) => {
      const now = new Date();
      if (action === 'create') return { key: (await createEdgeKey(db, name!, now)).key, keys: [] };
      if (action === 'revoke') {
        if (!(await revokeEdgeKey(db, name!, now))) {
          console.error(`edge-key revoke: no live key named ${name}`);
          process.exit(1);
        }
        return { key: null, keys: [] };
      }
      return {
        key: null,
        keys: (await listEdgeKeys(db)).map((k) => ({
          name: k.name,
          created_at: k.createdAt.toISOString(),
          last_used_at: k.lastUsedAt?.toISOString() ?? null,
          revoked: k.revokedAt !== null,
        })),
      };
    });
  }
  if (action === 'create')
    console.log(`edge key ${name} (shown once, send it as "Authorization: Edge <key>"):\n${answer.key}`);
  else if (action === 'revoke') console.log(`edge key ${name}: revoked (${through(r)})`);
  else
    for (const k of answer.keys)
      console.log(
        `${k.name}\t${k.revoked ? 'revoked' : 'live'}\tcreated ${k.created_at}\tlast used ${k.last_used_at ?? 'never'}`,
      );
} else if (command === 'edge-node') {
  const [action, address, name, region, carrier, state] = process.argv.slice(3);
  const parsed = edgeNodeAction.safeParse(
    action === 'add'
      ? { action, address, name, region, carrier, online: state !== 'offline' }
      : { action, ...(address ? { address } : {}) },
  );
  if (!parsed.success) usage();
  const r = await route('POST', '/operator/edge-node', parsed.data);
  let nodes: { address: string; name: string; region: string; carrier: string; online: boolean }[];
  if (r.kind === 'server') {
    if (r.answer.code !== 0) {
      console.error(`edge-node ${action}: failed: ${r.answer.msg} (${through(r)})`);
      process.exit(1);
    }
    nodes = (r.answer.data as { nodes: typeof nodes }).nodes;
  } else {
    try {
      nodes = (await direct((db) => runEdgeNodeAction(db, parsed.data, new Date()))).nodes;
    } catch (error) {
      if (error instanceof AppError) {
        console.error(`edge-node ${action}: failed: ${t(error.messageId, 'en_US')} (${through(r)})`);
        process.exit(1);
      }
      throw error;
    }
  }
  if (action === 'list')
    for (const n of nodes)
      console.log(`${n.address}\t${n.name}\t${n.region}\t${n.carrier}\t${n.online ? 'online' : 'offline'}`);
  else console.log(`edge-node ${action} ${address}: done, ${nodes.length} nodes (${through(r)})`);
} else if (command === 'edge-nodes') {
  // The nodes that run the edge agent, as they reported themselves.
  const r = await route('GET', '/operator/edge/nodes');
  let nodes: z.output<typeof operatorEdgeNodesResult>['nodes'];
  if (r.kind === 'server') {
    if (r.answer.code !== 0) {
      console.error(`edge-nodes: failed: ${r.answer.msg} (${through(r)})`);
      process.exit(1);
    }
    nodes = (r.answer.data as { nodes: typeof nodes }).nodes;
  } else nodes = await direct((db) => listNodes(db, new Date()));
  if (nodes.length === 0) console.log('No edge node has registered (npm run edge -- --console URL --key K).');
  for (const n of nodes)
    console.log(
      [
        n.name,
        `${n.address}:${n.http_port}/${n.https_port}`,
        `agent ${n.version}`,
        n.online ? 'online' : 'offline',
        `last contact ${n.last_seen_at}`,
        n.applied_seq >= n.latest_seq ? 'up to date' : `applied ${n.applied_seq} of ${n.latest_seq}`,
        n.failed_domains > 0 ? `${n.failed_domains} domains refused` : 'no refusals',
      ].join('\t'),
    );
} else if (command === 'package') {
  const [action, who, ...rest] = process.argv.slice(3);
  const [size, region, days, effective] = rest;
  const parsed = packageAction.safeParse(
    action === 'grant'
      ? { action, login: who, size, region, days, ...(effective ? { effective } : {}) }
      : action === 'billing'
        ? { action, login: who, mode: rest[0], ...(rest[1] ? { type: rest[1] } : {}) }
        : { action, login: who },
  );
  if (!parsed.success) usage();
  const r = await route('POST', '/operator/package', parsed.data);
  let answer: {
    lists: {
      region: string;
      total_bytes: number;
      used_bytes: number;
      effective_at: string;
      expires_at: string;
      status: string;
    }[];
    billing_mode: string;
    billing_type: string;
  };
  if (r.kind === 'server') {
    if (r.answer.code !== 0) {
      console.error(`package ${action}: failed: ${r.answer.msg} (${through(r)})`);
      process.exit(1);
    }
    answer = r.answer.data as typeof answer;
  } else {
    try {
      answer = await direct((db) => runPackageAction(db, parsed.data, new Date()));
    } catch (error) {
      if (error instanceof AppError) {
        console.error(`package ${action}: failed: ${t(error.messageId, 'en_US')} (${through(r)})`);
        process.exit(1);
      }
      throw error;
    }
  }
  console.log(
    `${who}: billing mode ${answer.billing_mode} (${answer.billing_type}), ${answer.lists.length} packages (${through(r)})`,
  );
  for (const p of answer.lists)
    console.log(
      `  ${p.region}\t${(p.used_bytes / 1e9).toFixed(1)} / ${(p.total_bytes / 1e9).toFixed(1)} GB\t${p.effective_at} → ${p.expires_at}\t${p.status}`,
    );
} else if (command === 'ticket') {
  const [action, id, ...words] = process.argv.slice(3);
  const parsed = ticketAction.safeParse(
    action === 'reply' ? { action, id, content: words.join(' ') } : { action },
  );
  if (!parsed.success) usage();
  const r = await route('POST', '/operator/ticket', parsed.data);
  let answer: z.output<typeof ticketActionResult>;
  if (r.kind === 'server') {
    if (r.answer.code !== 0) {
      console.error(`ticket ${action}: failed: ${r.answer.msg} (${through(r)})`);
      process.exit(1);
    }
    answer = r.answer.data as typeof answer;
  } else {
    try {
      answer = await direct((db) => runTicketAction(db, parsed.data));
    } catch (error) {
      if (error instanceof AppError) {
        console.error(`ticket ${action}: failed: ${t(error.messageId, 'en_US')} (${through(r)})`);
        process.exit(1);
      }
      throw error;
    }
  }
  if (parsed.data.action === 'reply') console.log(`ticket ${parsed.data.id}: replied (${through(r)})`);
  console.log(`${answer.waiting.length} tickets waiting for support`);
  for (const w of answer.waiting)
    console.log(`  #${w.id}\t${w.account}/${w.creator}\t${w.category}\t${w.updated_at}\t${w.title}`);
} else {
  usage();
}
