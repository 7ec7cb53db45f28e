import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { loadConfig } from './config';
import { generateLines } from './modules/traffic/generator';
import { readServerRecord } from './operator/address';
import { readOperatorKey } from './operator/key';
import { trafficPaths } from '../src/contract/traffic';
import { localEdgeDomain } from './edge-local';

/**
 * `npm run traffic`: with an edge node in contact (`npm start` runs one when nginx is installed),
 * sends real requests through it for the demo domain on the bundled origin, from many loopback
 * client addresses; the node's access log comes back through ingestion like any traffic. Without
 * one, or with `-- synthetic`, streams plausible access logs for the demo domains to the ingestion
 * call every 5 seconds. `npm run traffic -- feed <file>...`: sends JSON-lines files (gzip or not)
 * in batches. The log-sending ones use an edge key: EDGE_KEY, or one made through the operator
 * call (`traffic-generator`) when none is given.
 */
const config = loadConfig();
const [command, ...files] = process.argv.slice(2);

function serverBase(): string {
  const record = readServerRecord(config.dataDir);
  const url = process.env.SERVER_URL ?? record?.url;
  if (!url) {
    console.error(
      `No running server recorded under ${config.dataDir}: start it with npm start, or set SERVER_URL.`,
    );
    process.exit(3);
  }
  const address = new URL(url);
  if (address.hostname === '0.0.0.0') address.hostname = '127.0.0.1';
  return address.origin;
}

async function operator<T>(base: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      'x-operator-key': readOperatorKey(config.dataDir) ?? '',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 0) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

async function send(
  base: string,
  key: string,
  lines: string[],
): Promise<{ accepted: number; rejected: number }> {
  const response = await fetch(`${base}${trafficPaths.ingest}`, {
    method: 'POST',
    headers: {
      authorization: `Edge ${key}`,
      'content-type': 'application/x-ndjson',
      'content-encoding': 'gzip',
    },
    body: gzipSync(lines.join('\n')),
  });
  const answer = (await response.json()) as {
    code: number;
    msg: string;
    data: { accepted: number; rejected: number };
  };
  if (answer.code !== 0) throw new Error(`ingestion refused: ${answer.msg}`);
  return answer.data;
}

const base = serverBase();

/** The edge nodes in contact, as the operator lists them. */
async function liveEdgeNodes() {
  const { nodes } = await operator<{
    nodes: { name: string; address: string; http_port: number; online: boolean }[];
  }>(base, 'GET', '/operator/edge/nodes');
  return nodes.filter((node) => node.online);
}

const paths = ['/', '/index.html', '/static/site.css', '/static/app.js'];
const agents = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0',
  'Mozilla/5.0 (iPhone) Safari/604.1',
  'curl/8.5.0',
];

/** One request through the edge from a client address of 127.0.0.0/8: its status and cache state. */
function through(node: { address: string; http_port: number }, n: number): Promise<string> {
  const path =
    n % 7 === 0 ? `/img/p${n % 40}.png` : n % 29 === 0 ? `/download/f${n % 5}.bin` : paths[n % paths.length]!;
  return new Promise((resolve) => {
    const request = httpRequest(
      {
        host: node.address === '0.0.0.0' ? '127.0.0.1' : node.address,
        port: node.http_port,
        path,
        localAddress: `127.0.0.${1 + (n % 60)}`,
        headers: {
          host: localEdgeDomain,
          'user-agent': agents[n % agents.length]!,
          referer: 'https://www.example.com/',
        },
        agent: false,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(`${response.statusCode} ${response.headers['x-cache'] ?? '-'}`));
      },
    );
    request.on('error', () => resolve('error'));
    request.end();
  });
}

const nodes = command === undefined ? await liveEdgeNodes() : [];
if (command === undefined && nodes.length > 0) {
  const node = nodes[0]!;
  console.log(
    `Sending requests for ${localEdgeDomain} through the edge node ${node.name} (${node.address}:${node.http_port}), about 20 a second (Ctrl+C stops).`,
  );
  const seen = new Map<string, number>();
  for (let n = 0; ; n++) {
    const outcome = await through(node, n);
    seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
    if (n % 20 === 19)
      process.stdout.write(
        `\r${n + 1} requests: ${[...seen].map(([what, count]) => `${what} ×${count}`).join(', ')}   `,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const key =
  process.env.EDGE_KEY ??
  (
    await operator<{ key: string }>(base, 'POST', '/operator/edge-key', {
      action: 'create',
      name: 'traffic-generator',
    })
  ).key;

if (command === 'feed') {
  if (files.length === 0) {
    console.error('usage: npm run traffic -- feed <file.ndjson[.gz]>...');
    process.exit(2);
  }
  for (const file of files) {
    const bytes = readFileSync(file);
    const text = (file.endsWith('.gz') ? (await import('node:zlib')).gunzipSync(bytes) : bytes).toString(
      'utf8',
    );
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    let accepted = 0;
    let rejected = 0;
    for (let i = 0; i < lines.length; i += 20_000) {
      const result = await send(base, key, lines.slice(i, i + 20_000));
      accepted += result.accepted;
      rejected += result.rejected;
    }
    console.log(`${file}: ${accepted} lines taken, ${rejected} refused`);
  }
} else if (command === undefined || command === 'synthetic') {
  const { domains } = await operator<{ domains: { name: string; peak_bps: number }[] }>(
    base,
    'GET',
    '/operator/traffic-domains',
  );
  if (domains.length === 0) {
    console.error('No demo domains with traffic: start the server with the demo (DEMO=1).');
    process.exit(1);
  }
  const step = 5_000;
  let from = Math.floor(Date.now() / step) * step;
  console.log(
    `Sending logs for ${domains.length} demo domains to ${base} every ${step / 1000} s (Ctrl+C stops).`,
  );
  for (;;) {
    const to = from + step;
    const wait = to - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const lines = [
      ...generateLines({
        domains: domains.map((d) => ({ name: d.name, peakBps: d.peak_bps })),
        from,
        to,
        stepMs: step,
        perStep: 3,
        seed: from / step,
      }),
    ].map((l) => JSON.stringify(l));
    try {
      const result = await send(base, key, lines);
      process.stdout.write(`\r${new Date(to).toISOString()}  ${result.accepted} lines taken   `);
    } catch (error) {
      console.error(`\n${(error as Error).message}`);
    }
    from = to;
  }
} else {
  console.error('usage: npm run traffic [-- synthetic | feed <file>...]');
  process.exit(2);
}
