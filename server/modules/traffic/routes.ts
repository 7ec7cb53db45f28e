import { createHmac } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code, routes } from '../../../src/contract';
import {
  ingestResult,
  reportExportBody,
  trafficLimits,
  trafficMenuPaths,
  trafficPaths,
  type Granularity,
} from '../../../src/contract/traffic';
import { envelopeOf } from '../../../src/contract/schemas';
import { authenticate, requireMenuPath, requireOpenService } from '../../http/auth';
import type { AppContext } from '../../http/context';
import { safeEqual } from '../../http/crypto';
import { AppError, ok, requestLanguage } from '../../http/envelope';
import { t } from '../../i18n/messages';
import { contractRoute, failureEnvelope } from '../../http/routes';
import { KeyVault } from '../cert/key-vault';
import { domainsByIds } from '../domain/service';
import { gateCalls } from './account-gate';
import { checkEdgeKey } from './edge-keys';
import { exportReport } from './export';
import { ingestText } from './ingest';
import { series, scopeOf, top, uniqueVisitors } from './query';
import { requireAllowed, type IdScope } from '../user/scope';
import { RawLogs } from './raw-logs';

const rangeOf = (input: { start: string; end: string }) => ({
  start: Date.parse(input.start),
  end: Date.parse(input.end),
});

export function trafficRoutes(app: FastifyInstance, ctx: AppContext): void {
  const raw = new RawLogs(ctx.config.logDir);
  const linkKey = KeyVault.open(ctx.config.dataDir).derive('log-download-links');

  // Statistics reads and exports: a burst of one caller is held before it reaches the database.
  gateCalls(app, [
    routes.trafficSeries.path,
    routes.trafficTop.path,
    routes.trafficUv.path,
    trafficPaths.reportExport,
  ]);
  contractRoute(app, ctx, 'trafficSeries', async (request, input, auth) => {
    const scope = await scopeOf(ctx.db, auth.viewAccountId, input, auth.scope.domains);
    const answer = await series(ctx.db, scope, rangeOf(input), input.granularity as Granularity, {
      compare: input.compare,
      region: input.region,
      carrier: input.carrier,
      now: Date.now(),
    });
    // The points go as columns (src/contract/traffic.ts `trafficColumns`), as they are read.
    return ok(request, answer);
  });
  contractRoute(app, ctx, 'trafficTop', async (request, input, auth) => {
    const scope = await scopeOf(ctx.db, auth.viewAccountId, input, auth.scope.domains);
    return ok(request, await top(ctx.db, scope, rangeOf(input), input.dimension, input.limit, Date.now()));
  });
  contractRoute(app, ctx, 'trafficUv', async (request, input, auth) => {
    const scope = await scopeOf(ctx.db, auth.viewAccountId, input, auth.scope.domains);
    return ok(request, await uniqueVisitors(ctx.db, scope, rangeOf(input)));
  });

  // Log download: the files of a domain, each with an address signed for a few minutes. The
  // signature binds account, domain, file and expiry, so an address opens that file only.
  const sign = (accountId: number, domainId: string, name: string, expires: number) =>
    createHmac('sha256', linkKey).update(`${accountId}/${domainId}/${name}/${expires}`).digest('base64url');
  contractRoute(app, ctx, 'logFiles', async (request, input, auth) => {
    requireAllowed(auth.scope.domains, input.domain_id);
    const [domain] = await domainsByIds(ctx.db, auth.viewAccountId, [input.domain_id]);
    if (!domain) throw new AppError(Code.notFound, 'traffic.domain.notFound');
    const { start, end } = rangeOf(input);
    const expires = Date.now() + trafficLimits.logLinkSeconds * 1000;
    const files = await raw.list(auth.viewAccountId, domain.id, start, end);
    const link = (name: string) => {
      const signature = sign(auth.viewAccountId, domain.id, name, expires);
      return `${trafficPaths.logDownload}${auth.viewAccountId}/${domain.id}/${name}?expires=${expires}&signature=${signature}`;
    };
    return ok(request, {
      files: files.map((f) => ({ ...f, name: `${domain.domain}_${f.name}`, url: link(f.name) })),
      expires_at: new Date(expires).toISOString(),
    });
  });
  app.get<{
    Params: { account: string; domain: string; name: string };
    Querystring: { expires?: string; signature?: string };
  }>(
    `${trafficPaths.logDownload}:account/:domain/:name`,
    {
      schema: {
        summary:
          'Download one hourly log file (gzip) through the signed address `logFiles` answered; it works for 5 minutes.',
        tags: ['log'],
        operationId: 'logDownload',
      },
    },
    async (request, reply) => {
      const { account, domain, name } = request.params;
      const expires = Number(request.query.expires);
      const given = request.query.signature ?? '';
      const valid =
        /^\d+$/.test(account) &&
        /^[0-9a-f-]{36}$/.test(domain) &&
        /^\d{10}\.log\.gz$/.test(name) &&
        Number.isFinite(expires) &&
        safeEqual(given, sign(Number(account), domain, name, expires));
      if (!valid || expires < Date.now()) {
        return reply.status(403).send({
          code: Code.forbidden,
          msg: t('log.link.expired', requestLanguage(request)),
          data: {},
        });
      }
      const file = join(raw.folder(Number(account), domain), name);
      if (!existsSync(file))
        return reply.status(404).send({ code: Code.notFound, msg: 'Not found', data: {} });
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file));
    },
  );

  // Report export: the report's rows as an Excel workbook or CSV (spec §8, §9: at most 2000 rows).
  app.post(
    trafficPaths.reportExport,
    {
      schema: {
        summary:
          'The rows of a report (one dimension over a range) as an Excel workbook (xlsx) or CSV, at most 2000 rows; `No data to export` (40402) when the range holds none.',
        tags: ['statistics'],
        operationId: 'reportExport',
        security: [{ bearerAuth: [] }],
        body: reportExportBody,
        response: { 200: failureEnvelope.describe('A refusal; success answers the file itself.') },
      },
      preValidation: async (request: FastifyRequest) => {
        const auth = await authenticate(ctx, request);
        requireOpenService(auth);
        requireMenuPath(auth, trafficMenuPaths);
        (request as FastifyRequest & { viewAccountId?: number }).viewAccountId = auth.viewAccountId;
        (request as FastifyRequest & { granted?: IdScope }).granted = auth.scope.domains;
      },
    },
    async (request, reply) => {
      const input = reportExportBody.parse(request.body);
      const accountId = (request as FastifyRequest & { viewAccountId?: number }).viewAccountId as number;
      const granted = (request as FastifyRequest & { granted?: IdScope }).granted;
      const scope = await scopeOf(ctx.db, accountId, input, granted);
      const report = await top(ctx.db, scope, rangeOf(input), input.dimension, input.limit, Date.now());
      if (report.rows.length === 0) throw new AppError(Code.notFound, 'report.export.empty');
      const names =
        input.dimension === 'domain'
          ? new Map(
              (
                await domainsByIds(
                  ctx.db,
                  accountId,
                  report.rows.map((r) => r.key),
                )
              ).map((d) => [d.id, d.domain]),
            )
          : null;
      const rows = report.rows.map((r) => ({ ...r, key: names?.get(r.key) ?? r.key }));
      const file = await exportReport(input.format, input.dimension, rows, report, input.language);
      return reply
        .header('content-type', file.type)
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  // Ingestion: edge nodes post JSON lines with their key. Bounded per call (lines and bytes), one
  // call at a time per process.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/x-ndjson', 'application/jsonl', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: trafficLimits.ingestBytesMax },
      (request, body, done) => {
        try {
          const buffer = body as Buffer;
          // The compression plugin may have inflated the body already: the gzip magic decides.
          const gzipped = buffer.length > 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
          // Read as text by the ingestion workers.
          done(
            null,
            gzipped ? gunzipSync(buffer, { maxOutputLength: trafficLimits.ingestBytesMax * 4 }) : buffer,
          );
        } catch {
          done(new AppError(Code.invalidRequest, 'edge.body.invalid'), undefined);
        }
      },
    );
    scope.post(
      trafficPaths.ingest,
      {
        bodyLimit: trafficLimits.ingestBytesMax,
        schema: {
          summary:
            'Access-log lines from an edge node (JSON lines, see the README for the fields; gzip with Content-Encoding: gzip), with the key the operator made: `Authorization: Edge <key>`. Lines are summed into the statistics and kept as hourly raw files; refused lines are counted with the first reasons.',
          tags: ['edge'],
          operationId: 'edgeIngest',
          security: [{ edgeKey: [] }],
          consumes: ['application/x-ndjson'],
          response: { 200: envelopeOf(ingestResult).or(failureEnvelope) },
        },
        preValidation: async (request) => {
          const header = request.headers.authorization ?? '';
          const key = header.startsWith('Edge ') ? header.slice(5).trim() : '';
          if (!key || !(await checkEdgeKey(ctx.db, key, new Date())))
            throw new AppError(Code.tokenInvalid, 'edge.keyInvalid');
        },
      },
      async (request) => {
        if (!(request.body instanceof Uint8Array))
          throw new AppError(Code.invalidRequest, 'edge.body.invalid');
        return ok(request, await ingestText(ctx.db, raw, request.body, Date.now()));
      },
    );
  });
}
