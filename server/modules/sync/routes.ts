import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/contract';
import { purgeIdempotencyKeys } from '../../commands/idempotency';
import type { AppContext } from '../../http/context';
import { AppError, ok, requestLanguage } from '../../http/envelope';
import { contractRoute } from '../../http/routes';
import { pushCommands } from './service';

export function syncRoutes(app: FastifyInstance, ctx: AppContext): void {
  contractRoute(app, ctx, 'syncPush', async (request, input, auth) => {
    // The outbox belongs to the account that made the edits; another sign-in must not send them.
    if (input.actor_id !== auth.accountId) throw new AppError(Code.actorMismatch, 'sync.actorMismatch');
    await purgeIdempotencyKeys(ctx.db);
    const results = await pushCommands(
      {
        db: ctx.db,
        language: requestLanguage(request),
        ip: request.ip,
        settings: { cnameSuffix: ctx.config.cnameSuffix, originPrivate: ctx.config.originPrivate },
        changes: ctx.changes,
        notifyOthers: ctx.notifyOthers,
      },
      auth,
      input.commands,
      (error, command) =>
        request.log.error({ err: error, command: command.name, key: command.key }, 'command failed'),
      auth.api ? 'api' : undefined,
    );
    return ok(request, { results });
  });
}
