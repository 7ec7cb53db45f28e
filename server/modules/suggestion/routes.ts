import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/contract';
import type { AppContext } from '../../http/context';
import { auditContext } from '../../http/context';
import { AppError, invalid, ok } from '../../http/envelope';
import { contractRoute } from '../../http/routes';
import { addFeedback, storePicture } from './service';

const tooLarge = () => new AppError(Code.fileTooLarge, 'feedback.images.tooLarge');
const noFile = () => invalid([{ path: 'file', message_id: 'feedback.images.required' }]);

export function suggestionRoutes(app: FastifyInstance, ctx: AppContext): void {
  contractRoute(app, ctx, 'feedbackUpload', async (request, _input, auth) => {
    if (!request.isMultipart()) throw noFile();
    let part;
    try {
      part = await request.file();
    } catch {
      throw noFile();
    }
    if (!part || part.fieldname !== 'file') throw noFile();
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
      throw error;
    }
    if (part.file.truncated) throw tooLarge();
    const picture = await storePicture(ctx.db, auth.viewAccountId, { name: part.filename, bytes });
    return ok(request, picture, 'feedback.uploaded');
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
