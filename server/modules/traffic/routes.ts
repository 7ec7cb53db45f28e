import { createHmac } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Code, routes } from '../../../src/contract';
import { operations } from '../../../src/contract/operations';
import {
  reportExportBody,
  trafficLimits,
  trafficPaths,
  type Granularity,
  type TopDimension,
  type TopOrder,
} from '../../../src/contract/traffic';
import type { Principal } from '../../authz/principal';
import type { Db } from '../../db/client';
import { callerOf } from '../../authz/hooks';
import type { AppContext } from '../../http/context';
import { safeEqual } from '../../http/crypto';
import { AppError, ok, requestLanguage } from '../../http/envelope';
import { t } from '../../i18n/messages';
import { contractRoute, failureEnvelope } from '../../http/routes';
import { KeyVault } from '../cert/key-vault';
import { subAccountsOf } from '../account/service';
import { domainsByIds } from '../domain/service';
import { allows, dataScopeOf } from '../user/scope';
import { gateCalls } from './account-gate';
import { exportReport } from './export';
import { ingestRoute } from './ingest-route';
import { series, scopeOf, top, topBySubAccount, uniqueVisitors } from './query';
import { RawLogs } from './raw-logs';

const rangeOf = (input: { start: string; end: string }) => ({
  start: Date.parse(input.start),
  end: Date.parse(input.end),
});

/**
 * The rows of one report dimension for a caller. The sub-account dimension lists the sub-accounts
 * whose objects the caller reaches (a main account: all of them), each over its own domains.
 */
async function reportRows(
  db: Db,
  auth: Pick<Principal, 'scope' | 'account'> & { viewAccountId: number },
  input: {
    all: boolean;
    domain_ids: string[];
    start: string;
    end: string;
    dimension: TopDimension;
    order: TopOrder;
    limit: number;
  },
) {
  // spec §6: the top URLs by traffic are for accounts with the top-URL-type permission.
  if (input.dimension === 'url' && input.order === 'bytes' && !auth.account.topUrlType)
    throw new AppError(Code.forbidden, 'report.topUrlType.disabled');
  const scope = await scopeOf(db, auth.viewAccountId, input, auth.scope.domains);
  const range = rangeOf(input);
  if (input.dimension !== 'sub_account')
    return top(db, scope, range, input.dimension, input.limit, Date.now(), input.order);
  const subs = (await subAccountsOf(db, auth.viewAccountId)).filter((s) =>
    allows(auth.scope.owners, String(s.id)),
  );
  const reach = await Promise.all(
    subs.map(async (s) => ({ login: s.login, domains: (await dataScopeOf(db, s)).domains })),
  );
  return topBySubAccount(db, scope, range, reach, input.limit, Date.now(), input.order);
}

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
  contractRoute(app, ctx, 'trafficTop', async (request, input, auth) =>
    ok(request, await reportRows(ctx.db, auth, input)),
  );
  contractRoute(app, ctx, 'trafficUv', async (request, input, auth) => {
    const scope = await scopeOf(ctx.db, auth.viewAccountId, input, auth.scope.domains);
    return ok(request, await uniqueVisitors(ctx.db, scope, rangeOf(input)));
  });

  // Log download: the files of a domain, each with an address signed for a few minutes. The
  // signature binds account, domain, file and expiry, so an address opens that file only.
  const sign = (accountId: number, domainId: string, name: string, expires: number) =>
    createHmac('sha256', linkKey).update(`${accountId}/${domainId}/${name}/${expires}`).digest('base64url');
  contractRoute(app, ctx, 'logFiles', async (request, input, auth) => {
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
      config: { permission: operations.logDownload },
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
      config: { permission: operations.reportExport },
      schema: {
        summary:
          'The rows of a report (one dimension over a range) as an Excel workbook (xlsx) or CSV, at most 2000 rows; `No data to export` (40402) when the range holds none.',
        tags: ['statistics'],
        operationId: 'reportExport',
        security: [{ bearerAuth: [] }],
        body: reportExportBody,
        response: { 200: failureEnvelope.describe('A refusal; success answers the file itself.') },
      },
    },
    async (request, reply) => {
      const input = reportExportBody.parse(request.body);
      const auth = callerOf(request);
      const accountId = auth.viewAccountId;
      const report = await reportRows(ctx.db, auth, input);
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

  ingestRoute(app, ctx, raw);
}
