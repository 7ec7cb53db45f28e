import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/client';
import { createEdgeKey } from '../../server/modules/traffic/edge-keys';
import type { LogLineInput } from '../../src/contract/traffic';

/** One access-log line of a GET served from the cache, as an edge writes it; `over` changes any field. */
export const logLine = (domain: string, over: Partial<LogLineInput> = {}): LogLineInput => ({
  time: new Date(Date.now() - 60_000).toISOString(),
  domain,
  client: '1.2.4.8',
  method: 'GET',
  url: '/',
  status: 200,
  bytes: 1000,
  request_time: 0.01,
  cache: 'HIT',
  ...over,
});

/** Sends lines as an edge does (a new edge key, gzip-compressed NDJSON); answers the response. */
export async function ingestLines(
  app: FastifyInstance,
  db: Db,
  edge: string,
  lines: readonly LogLineInput[],
) {
  const { key } = await createEdgeKey(db, edge, new Date());
  return app.inject({
    method: 'POST',
    url: '/v3/edge/log/ingest',
    headers: {
      authorization: `Edge ${key}`,
      'content-type': 'application/x-ndjson',
      'content-encoding': 'gzip',
    },
    payload: gzipSync(lines.map((line) => JSON.stringify(line)).join('\n')),
  });
}
