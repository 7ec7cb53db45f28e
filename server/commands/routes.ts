import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { targetsOf, type AnyCommand } from '../../src/commands/command';
import { aggregateKinds } from '../../src/commands/kinds';
import { commands } from '../../src/commands/registry';
import { idempotencyKey, idempotencyKeyHeader } from '../../src/contract/commands';
import { envelopeOf } from '../../src/contract/schemas';
import { callerOf } from '../authz/hooks';
import type { AppContext } from '../http/context';
import { invalid, requestLanguage } from '../http/envelope';
import { failureEnvelope } from '../http/routes';
import { executeCommand } from './execute';
import { purgeIdempotencyKeys } from './idempotency';

const baseVersion = z
  .number()
  .int()
  .min(0)
  .optional()
  .describe(
    'The version of the entry the change is based on (0: it does not exist yet). When given and the entry is at another version, nothing is applied and code 40902 answers the current one. When omitted, the version is not checked.',
  );

/** The body of a single-command call: the command's payload and, optionally, `base_version`. */
function bodyOf(payload: z.ZodType): z.ZodType {
  const extra = { base_version: baseVersion };
  return payload instanceof z.ZodObject ? payload.extend(extra) : z.intersection(payload, z.object(extra));
}

const description = [
  'Applies one command, once per idempotency key: sending the same request again with the same',
  '`Idempotency-Key` answers the first answer and changes nothing; the key with a different',
  'request answers 42202. Without `base_version` the version is not checked (last write wins).',
  'Answers `{version, snapshot}` (code 0), or the failure: 40001 invalid, 40301 function not',
  'granted, 40902 version conflict, 40903 the same key is being applied, 40905 refused by a rule,',
  '42203 a limit is reached.',
].join(' ');

/**
 * One POST endpoint per command of the contract, for API callers (the console sends its commands
 * through the push endpoint). The audit origin is `api`. The gate (server/authz) judges the caller
 * against the command's declaration before the body is read, and the executor the objects it
 * touches, exactly as for a command of a push.
 */
export function commandRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const [name, module] of Object.entries(commands) as [string, AnyCommand][]) {
    app.route({
      method: 'POST',
      url: module.api.path,
      config: { permission: { access: 'open', effect: 'write', menu: module.menuPath } },
      schema: {
        summary: module.api.summary,
        description,
        tags: [module.api.tag],
        operationId: name,
        security: [{ bearerAuth: [] }],
        headers: z.looseObject({
          [idempotencyKeyHeader]: idempotencyKey.describe(
            'A key unique to this change, chosen by the caller (8–100 characters: letters, digits, _ . : -).',
          ),
        }),
        body: bodyOf(module.payload),
        response: {
          200: envelopeOf(
            z.object({ version: z.number().int(), snapshot: aggregateKinds[module.primary].snapshot }),
          ).or(failureEnvelope),
        },
      },
      // The gate has judged the caller already, so an anonymous one learns nothing; then the key.
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
        if (!idempotencyKey.safeParse(request.headers[idempotencyKeyHeader]).success)
          throw invalid([{ path: idempotencyKeyHeader, message_id: 'sync.keyRequired' }]);
      },
      handler: async (request) => {
        const auth = callerOf(request);
        const { base_version, ...payload } = request.body as { base_version?: number } & Record<
          string,
          unknown
        >;
        await purgeIdempotencyKeys(ctx.db);
        const { key: _key, ...result } = await executeCommand(
          {
            db: ctx.db,
            language: requestLanguage(request),
            ip: request.ip,
            settings: { cnameSuffix: ctx.config.cnameSuffix, originPrivate: ctx.config.originPrivate },
            changes: ctx.changes,
            notifyOthers: ctx.notifyOthers,
          },
          auth,
          {
            key: String(request.headers[idempotencyKeyHeader]),
            name,
            aggregate_id: targetsOf(module, payload)[0]!.id,
            base_version: base_version ?? null,
            schema_version: module.schemaVersion,
            payload,
          },
          'api',
        );
        return result;
      },
    });
  }
}
