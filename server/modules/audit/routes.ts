import type { FastifyInstance } from 'fastify';
import { Code, limits } from '../../../src/contract';
import type { z } from 'zod';
import { operations } from '../../../src/contract/operations';
import { auditExportBody, auditPaths, type auditListBody } from '../../../src/contract/users';
import { callerOf } from '../../authz/hooks';
import type { AppContext } from '../../http/context';
import { AppError, ok } from '../../http/envelope';
import { contractRoute, failureEnvelope } from '../../http/routes';
import { domainsByIds } from '../domain/service';
import { gateCalls } from '../traffic/account-gate';
import { auditEntries, countAuditEntries, type AuditFilter } from './read';
import { exportAudit } from './export';

const filterOf = (input: Omit<z.output<typeof auditListBody>, 'page' | 'page_size'>): AuditFilter => ({
  keyword: input.keyword,
  actorId: input.actor_id,
  action: input.action,
  source: input.source,
  start: input.start === undefined ? undefined : new Date(input.start),
  end: input.end === undefined ? undefined : new Date(input.end),
});

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The audit log of the active account (spec §2 /cdn/user/audit-log), a main account's function:
 * the list, and the same list as a file. Sub-accounts never hold the menu item, so both answer
 * them 40301.
 */
export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  contractRoute(app, ctx, 'auditList', async (request, input, auth) => {
    const filter = filterOf(input);
    const [lists, total] = await Promise.all([
      auditEntries(ctx.db, auth.viewAccountId, filter, {
        offset: (input.page - 1) * input.page_size,
        limit: input.page_size,
      }),
      countAuditEntries(ctx.db, auth.viewAccountId, filter),
    ]);
    return ok(request, { lists, total });
  });

  // Export: a heavy read, held per caller like the statistics exports before it reaches the database.
  gateCalls(app, [auditPaths.export]);
  app.post(
    auditPaths.export,
    {
      config: { permission: operations.auditExport },
      schema: {
        summary: `The audit log with the list's filters as an Excel workbook (xlsx) or CSV: the newest ${limits.exportRowsMax} entries at most, with field-level changes; \`No data to export\` (40401) when none matches.`,
        tags: ['audit'],
        operationId: 'auditExport',
        security: [{ bearerAuth: [] }],
        body: auditExportBody,
        response: { 200: failureEnvelope.describe('A refusal; success answers the file itself.') },
      },
    },
    async (request, reply) => {
      const input = auditExportBody.parse(request.body);
      const accountId = callerOf(request).viewAccountId;
      const entries = await auditEntries(ctx.db, accountId, filterOf(input), {
        offset: 0,
        limit: limits.exportRowsMax,
      });
      if (entries.length === 0) throw new AppError(Code.notFound, 'report.export.empty');
      // Domains by their names, as the screen shows them; other objects as they are.
      const ids = [...new Set(entries.map((e) => e.target).filter((target) => uuidPattern.test(target)))];
      const names = new Map((await domainsByIds(ctx.db, accountId, ids)).map((d) => [d.id, d.domain]));
      const file = await exportAudit(
        input.format,
        entries,
        (target) => names.get(target) ?? target,
        input.language,
      );
      return reply
        .header('content-type', file.type)
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
}
