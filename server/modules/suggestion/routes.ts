import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { Code, limits } from '../../../src/contract';
import type { AppContext } from '../../http/context';
import { auditContext } from '../../http/context';
import { AppError, invalid, ok } from '../../http/envelope';
import { contractRoute } from '../../http/routes';
import { PictureInspector } from './picture-inspector';
import { PictureStore } from './picture-store';
import { addFeedback, countRefusedUpload, storePicture, type PictureServices } from './service';

const tooLarge = () => new AppError(Code.fileTooLarge, 'feedback.images.tooLarge');
const noFile = () => invalid([{ path: 'file', message_id: 'feedback.images.required' }]);

export function suggestionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const inspector = new PictureInspector();
  const pictures: PictureServices = {
    store: new PictureStore(ctx.config.dataDir),
    inspect: (bytes) => inspector.inspect(bytes),
  };
  app.addHook('onClose', () => inspector.close());

  // The upload is the only route that takes multipart bodies: the parser lives in its scope.
  app.register(async (upload) => {
    await upload.register(fastifyMultipart, {
      limits: { fileSize: limits.feedback.imageBytesMax, files: 1, fields: 0, parts: 1 },
    });
    contractRoute(upload, ctx, 'feedbackUpload', async (request, _input, auth) => {
      if (!request.isMultipart()) throw noFile();
      let part;
      try {
        part = await request.file();
      } catch {
        throw noFile();
      }
      if (!part || part.fieldname !== 'file') throw noFile();
      // A file over the limit was received up to it before it was refused: it counts toward the rate.
      const refuseTooLarge = async () => {
        await countRefusedUpload(ctx.db, auth.viewAccountId, limits.feedback.imageBytesMax);
        return tooLarge();
      };
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if (error instanceof upload.multipartErrors.RequestFileTooLargeError) throw await refuseTooLarge();
        throw error;
      }
      if (part.file.truncated) throw await refuseTooLarge();
      const picture = await storePicture(ctx.db, pictures, auth.viewAccountId, {
        name: part.filename,
        bytes,
      });
      return ok(request, picture, 'feedback.uploaded');
    });
  });

  contractRoute(app, ctx, 'feedbackAdd', async (request, input, auth) =>
    ok(
      request,
      await addFeedback(
        ctx.db,
        { accountId: auth.viewAccountId, actorId: auth.accountId },
        input,
        auditContext(request),
      ),
      'feedback.submitted',
    ),
  );
}
