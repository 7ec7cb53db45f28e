import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

export interface CallbackReceiver {
  /** Where alarm callbacks are sent (loopback). */
  url: string;
  /** What it was sent, in order. */
  calls: Received[];
  /** The `delivery_id` of every call, in order (a copy sent again appears twice). */
  deliveryIds(): string[];
  close(): Promise<void>;
}

/** An alarm callback receiver on loopback that answers `status(n)` to its n-th call (200). */
export async function callbackReceiver(status: (n: number) => number = () => 200): Promise<CallbackReceiver> {
  const calls: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      calls.push({ headers: request.headers, body });
      response.statusCode = status(calls.length);
      response.end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/alarm`,
    calls,
    deliveryIds: () => calls.map((c) => (JSON.parse(c.body) as { delivery_id: string }).delivery_id),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * An alarm policy on the whole account raised by any request in its last minute (the traffic a
 * test sends raises it at once), telling `templateIds`.
 */
export const anyRequestsPolicy = (name: string, templateIds: string[]) => ({
  id: randomUUID(),
  name,
  monitor_type: 'account',
  rules: [{ indicator: 'requests', operator: 'gt', threshold: 0 }],
  period: 1,
  periods: 1,
  template_ids: templateIds,
});
