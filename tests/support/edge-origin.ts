import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the origin answers to a request. */
export interface OriginAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** The body; `size` bytes of filler when absent (and `size` given), else a line naming the request. */
  body?: string | Buffer;
  size?: number;
  /** Wait before answering (a slow origin). */
  delayMs?: number;
  /** Drop the connection without answering (a failing origin). */
  destroy?: boolean;
}

/** One request the origin received. */
export interface OriginRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  bodyBytes: number;
}

type Route = {
  match: (url: string) => boolean;
  answer: OriginAnswer | ((request: OriginRequest) => OriginAnswer);
};

/**
 * A loopback origin (node:http on a free port) for the edge's tests: it records every request
 * (what nginx sent it, headers included), answers by route, and can be slow, fail or be closed.
 */
export class EdgeOrigin {
  readonly requests: OriginRequest[] = [];
  private routes: Route[] = [];

  private constructor(
    private readonly server: Server,
    readonly port: number,
    readonly name: string,
  ) {}

  static async start(name = 'origin'): Promise<EdgeOrigin> {
    let origin: EdgeOrigin | null = null;
    const server = createServer((req, res) => {
      let bodyBytes = 0;
      req.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
      req.on('end', () => {
        const request: OriginRequest = {
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          headers: req.headers,
          bodyBytes,
        };
        origin?.requests.push(request);
        const route = origin?.routes.find((r) => r.match(request.url));
        const answer = route
          ? typeof route.answer === 'function'
            ? route.answer(request)
            : route.answer
          : {};
        const send = () => {
          if (answer.destroy) {
            req.socket.destroy();
            return;
          }
          const body =
            answer.body ??
            (answer.size !== undefined
              ? Buffer.alloc(answer.size, 'abcdefghijklmnopqrstuvwxyz0123456789\n')
              : `${name} ${request.method} ${request.url}\n`);
          res.writeHead(answer.status ?? 200, {
            'Content-Type': 'text/plain',
            'Content-Length': String(Buffer.byteLength(body)),
            'X-Origin': name,
            ...answer.headers,
          });
          res.end(body);
        };
        if (answer.delayMs) setTimeout(send, answer.delayMs);
        else send();
      });
    });
    server.keepAliveTimeout = 1000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = new EdgeOrigin(server, (server.address() as AddressInfo).port, name);
    return origin;
  }

  /** Answers requests whose path (and query) starts with `prefix`, or matches the regex; the latest route wins. */
  route(match: string | RegExp, answer: Route['answer']): this {
    const test =
      typeof match === 'string' ? (url: string) => url.startsWith(match) : (url: string) => match.test(url);
    this.routes.unshift({ match: test, answer });
    return this;
  }

  /** The requests for a path (and query) starting with `prefix`. */
  received(prefix = '/'): OriginRequest[] {
    return this.requests.filter((r) => r.url.startsWith(prefix));
  }

  count(prefix = '/'): number {
    return this.received(prefix).length;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
