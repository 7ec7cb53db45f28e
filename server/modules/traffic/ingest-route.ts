import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate, type Zlib } from 'node:zlib';
import { operations } from '../../../src/contract/operations';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../../src/contract';
import { envelopeOf } from '../../../src/contract/schemas';
import { ingestResult, trafficLimits, trafficPaths } from '../../../src/contract/traffic';
import { edgeNodeOf } from '../../authz/hooks';
import type { AppContext } from '../../http/context';
import { AppError, ok } from '../../http/envelope';
import { failureEnvelope } from '../../http/routes';
import { batchIdPattern, type BatchRef } from './edge-batches';
import { ingestText } from './ingest';
import type { RawLogs } from './raw-logs';

/**
 * What one ingestion body may take, received and decompressed:
 * - `bytes`: the body as sent, and again once decompressed, at most `trafficLimits.ingestBytesMax`;
 * - `ratio`: decompressed at most 100 times the compressed bytes inflated so far. Access logs
 *   compress 10–20:1 (each line has its own time, client, URL and user agent); a burst of one
 *   client fetching one URL stays near 30:1. 100:1 leaves ordinary logs ample room, while zeros
 *   (the usual bomb, about 1000:1) are refused after about 1 MB of output, whatever their size;
 * - `ratioFrom`: below 1 MB of output the ratio is not judged, so that a small batch of
 *   near-identical lines is taken whatever its ratio (1 MB is cheap to inflate).
 */
export const ingestBodyLimits = {
  bytes: trafficLimits.ingestBytesMax,
  ratio: 100,
  ratioFrom: 1024 * 1024,
};
export type IngestBodyLimits = typeof ingestBodyLimits;

// 64 KB output pieces: a quarter of the callbacks of zlib's default 16 KB.
const pieceBytes = { chunkSize: 64 * 1024 };
const gunzip = () => createGunzip(pieceBytes);

type Decoder = Transform & Zlib;

/** The encodings `Content-Encoding` may name (those @fastify/compress took before); null: as sent. */
const decoders = new Map<string, (() => Decoder) | null>([
  ['identity', null],
  ['gzip', gunzip],
  ['deflate', () => createInflate(pieceBytes)],
  ['br', () => createBrotliDecompress(pieceBytes)],
]);

const isGzip = (head: Buffer) => head.length > 2 && head[0] === 0x1f && head[1] === 0x8b;

const tooLarge = (limits: IngestBodyLimits) =>
  new AppError(Code.invalidRequest, 'edge.body.tooLarge', {
    max_mb: Math.floor(limits.bytes / (1024 * 1024)),
    ratio: limits.ratio,
  });
const invalid = () => new AppError(Code.invalidRequest, 'edge.body.invalid');

/**
 * The body of an ingestion call, read as it arrives and decompressed on the way: by its
 * `Content-Encoding`, or, without one, as gzip when it starts with gzip's magic bytes (edges that
 * compress without saying so). Inflating runs in zlib's thread pool a piece at a time, so the
 * event loop only collects the pieces; it stops at the first piece over a limit of `limits`
 * (`edge.body.tooLarge`), and a body that is not what it claims is `edge.body.invalid`. On a
 * refusal the rest of the body is dropped as it arrives, never decompressed.
 */
export function readLogBody(
  payload: Readable,
  headers: IncomingHttpHeaders,
  limits: IngestBodyLimits = ingestBodyLimits,
): Promise<Buffer> {
  const declared = headers['content-encoding']?.trim().toLowerCase();
  const refusal =
    declared !== undefined && !decoders.has(declared)
      ? invalid()
      : Number(headers['content-length']) > limits.bytes
        ? tooLarge(limits)
        : null;
  if (refusal) {
    payload.resume();
    return Promise.reject(refusal);
  }
  return new Promise((resolve, reject) => {
    let received = 0;
    let produced = 0;
    const pieces: Buffer[] = [];
    /** Undecided (undefined) until the first bytes are seen, when no encoding is declared. */
    let decoder: Decoder | null | undefined =
      declared === undefined ? undefined : (decoders.get(declared)?.() ?? null);
    let head: Buffer[] = [];
    let settled = false;

    const settle = () => {
      settled = true;
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onAborted);
      decoder?.destroy();
      // Whatever is left of the body is dropped as it arrives.
      payload.resume();
    };
    const fail = (error: AppError) => {
      if (settled) return;
      settle();
      reject(error);
    };
    const done = () => {
      if (settled) return;
      settle();
      resolve(Buffer.concat(pieces, produced));
    };
    const take = (piece: Buffer) => {
      if (settled) return;
      produced += piece.length;
      // zlib counts the compressed bytes it has consumed before it hands over their output.
      const overRatio =
        decoder && produced > limits.ratioFrom && produced > decoder.bytesWritten * limits.ratio;
      if (produced > limits.bytes || overRatio) return fail(tooLarge(limits));
      pieces.push(piece);
    };
    const listen = (to: Decoder) => {
      to.on('data', take);
      to.on('end', done);
      to.on('error', () => fail(invalid()));
    };
    const feed = (chunk: Buffer) => {
      if (!decoder) return take(chunk);
      // Backpressure: the socket is read no faster than zlib inflates.
      if (!decoder.write(chunk)) {
        payload.pause();
        decoder.once('drain', () => !settled && payload.resume());
      }
    };
    const decide = (first: Buffer) => {
      decoder = isGzip(first) ? gunzip() : null;
      if (decoder) listen(decoder);
    };
    function onData(chunk: Buffer) {
      received += chunk.length;
      if (received > limits.bytes) return fail(tooLarge(limits));
      if (decoder !== undefined) return feed(chunk);
      head.push(chunk);
      const first = Buffer.concat(head);
      if (first.length < 3) return;
      head = [];
      decide(first);
      feed(first);
    }
    function onEnd() {
      if (decoder === undefined) {
        const first = Buffer.concat(head);
        decide(first);
        if (first.length > 0) feed(first);
      }
      if (decoder) decoder.end();
      else done();
    }
    function onAborted() {
      fail(invalid());
    }

    if (decoder) listen(decoder);
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onAborted);
  });
}

/** The call's batch (`X-Edge-Batch`) of the node's key, if it names one; `edge.batch.invalid` if malformed. */
function batchOf(request: FastifyRequest): BatchRef | undefined {
  const header = request.headers['x-edge-batch'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !batchIdPattern.test(header))
    throw new AppError(Code.invalidRequest, 'edge.batch.invalid');
  return { keyName: edgeNodeOf(request), id: header };
}

/**
 * Ingestion: edge nodes post JSON lines with their key. The key is checked from the headers,
 * before a byte of the body is read; the body is then bounded per call (bytes, decompression
 * ratio, lines) and read by the ingestion workers, one call at a time per process.
 */
export function ingestRoute(app: FastifyInstance, ctx: AppContext, raw: RawLogs): void {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/x-ndjson', 'application/jsonl', 'text/plain'],
      (request: FastifyRequest, payload: IncomingMessage) => readLogBody(payload, request.headers),
    );
    scope.post(
      trafficPaths.ingest,
      {
        // The gate asks for the edge key before the body is read (server/authz).
        config: { permission: operations.edgeIngest },
        // The body is decompressed here, within the limits, not by the compression plugin.
        decompress: false,
        schema: {
          summary: `Access-log lines from an edge node (JSON lines, see the README for the fields; gzip with Content-Encoding: gzip), with the key the operator made: \`Authorization: Edge <key>\`. Lines are summed into the statistics and kept as hourly raw files; refused lines are counted with the first reasons. A call with \`X-Edge-Batch: <id>\` (1–200 of A–Z a–z 0–9 . _ : -) counts once per key: the same id sent again is answered \`duplicate: true\` with nothing counted. At most ${ingestBodyLimits.bytes / (1024 * 1024)} MB a call once decompressed, compressed at most ${ingestBodyLimits.ratio}:1.`,
          tags: ['edge'],
          operationId: 'edgeIngest',
          security: [{ edgeKey: [] }],
          consumes: ['application/x-ndjson'],
          response: { 200: envelopeOf(ingestResult).or(failureEnvelope) },
        },
      },
      async (request) => {
        const batch = batchOf(request);
        if (!(request.body instanceof Uint8Array))
          throw new AppError(Code.invalidRequest, 'edge.body.invalid');
        return ok(request, await ingestText(ctx.db, raw, request.body, Date.now(), batch));
      },
    );
  });
}
