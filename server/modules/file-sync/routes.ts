import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/contract';
import { fileSyncLimits } from '../../../src/contract/file-sync';
import { auditContext, type AppContext } from '../../http/context';
import { AppError, ok } from '../../http/envelope';
import { contractRoute } from '../../http/routes';
import { appendChunk, createUpload, deleteTask, listTasks } from './service';
import { FileSyncStore } from './store';
import { FileSyncVerifier } from './verifier';

export function fileSyncRoutes(app: FastifyInstance, ctx: AppContext): void {
  const store = new FileSyncStore(ctx.config.dataDir);
  const verifier = new FileSyncVerifier(ctx.db, store, { claimMs: ctx.config.claimMs });
  const stop = verifier.start();
  app.addHook('onClose', async () => {
    stop();
    await verifier.kick().catch(() => {});
  });

  const actorOf = (
    request: Parameters<typeof auditContext>[0],
    auth: { viewAccountId: number; accountId: number },
  ) => ({
    accountId: auth.viewAccountId,
    actorId: auth.accountId,
    ...auditContext(request),
  });

  contractRoute(app, ctx, 'fileSyncList', async (request, _input, auth) =>
    ok(request, await listTasks(ctx.db, auth.viewAccountId, auth.scope.owners)),
  );
  contractRoute(app, ctx, 'fileSyncCreate', async (request, input, auth) =>
    ok(request, await createUpload(ctx.db, store, actorOf(request, auth), input, new Date())),
  );
  contractRoute(app, ctx, 'fileSyncDelete', async (request, input, auth) => {
    const result = await deleteTask(ctx.db, store, actorOf(request, auth), input.id, new Date());
    return ok(request, result, `fileSync.done.${result.done}`);
  });

  // The chunks are the only bodies of raw bytes, at most a chunk each: the parser lives in their scope.
  app.register(async (chunks) => {
    chunks.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: fileSyncLimits.chunkBytes },
      (_request, body, done) => done(null, body),
    );
    contractRoute(chunks, ctx, 'fileSyncChunk', async (request, input, auth) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError(Code.unsupportedMediaType, 'fileSync.chunk.contentType');
      const task = await appendChunk(ctx.db, store, auth.viewAccountId, input, request.body, new Date());
      if (task.status === 'verifying') void verifier.kick();
      return ok(request, { task });
    });
  });
}
