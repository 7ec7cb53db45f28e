import { and, count, eq, inArray, isNull, lt } from 'drizzle-orm';
import { Code, sniffImageType } from '../../../src/contract';
import type { Db } from '../../db/client';
import { accounts, feedback, feedbackImages } from '../../db/schema';
import { AppError, invalid } from '../../http/envelope';
import { appendAudit, type AuditOrigin } from '../audit/service';

export interface UploadedPicture {
  id: string;
  name: string;
  size: number;
  type: string;
}

/** Pictures uploaded but not yet attached to feedback: at most this many per account. */
export const pendingPicturesMax = 20;
/** Unattached pictures older than this are deleted (when a new picture is uploaded). */
export const pendingPictureTtlMs = 24 * 3_600_000;

/**
 * Stores one checked picture: the type comes from its bytes (spec §5: jpg, png, gif, svg).
 * Unattached pictures older than 24 hours are deleted first; an account with 20 unattached
 * pictures is refused (42201). The account row is locked while counting, so parallel uploads
 * cannot pass the limit together.
 */
export async function storePicture(
  db: Db,
  accountId: number,
  file: { name: string; bytes: Buffer },
): Promise<UploadedPicture> {
  const mime = sniffImageType(file.bytes);
  if (!mime) throw new AppError(Code.unsupportedFileType, 'feedback.images.badType');
  const name =
    [...file.name]
      .map((c) => (c.charCodeAt(0) < 0x20 || c === '/' || c === '\\' ? '_' : c))
      .join('')
      .slice(0, 200) || 'picture';
  await db
    .delete(feedbackImages)
    .where(
      and(
        isNull(feedbackImages.feedbackId),
        lt(feedbackImages.createdAt, new Date(Date.now() - pendingPictureTtlMs)),
      ),
    );
  return db.transaction(async (tx) => {
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
    const [pending] = await tx
      .select({ n: count() })
      .from(feedbackImages)
      .where(and(eq(feedbackImages.accountId, accountId), isNull(feedbackImages.feedbackId)));
    if ((pending?.n ?? 0) >= pendingPicturesMax)
      throw new AppError(Code.tooManyFiles, 'feedback.images.pending');
    const [row] = await tx
      .insert(feedbackImages)
      .values({ accountId, name, mime, size: file.bytes.length, data: file.bytes })
      .returning({ id: feedbackImages.id });
    if (!row) throw new Error('picture insert returned nothing');
    return { id: row.id, name, size: file.bytes.length, type: mime };
  });
}

export interface FeedbackInput {
  type: string;
  product: string;
  title: string;
  content: string;
  image_ids: string[];
}

/**
 * Stores feedback and attaches its pictures in one transaction. The pictures must be this
 * account's own uploads not yet attached to other feedback.
 */
export async function addFeedback(
  db: Db,
  who: { accountId: number; actorId: number },
  input: FeedbackInput,
  context: { origin: AuditOrigin; ip: string },
): Promise<{ id: number }> {
  const imageIds = [...new Set(input.image_ids)];
  const badImages = () => invalid([{ path: 'image_ids', message_id: 'feedback.images.invalid' }]);
  if (imageIds.length !== input.image_ids.length) throw badImages();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(feedback)
      .values({
        accountId: who.accountId,
        submittedBy: who.actorId,
        type: input.type,
        product: input.product,
        title: input.title,
        content: input.content,
      })
      .returning({ id: feedback.id });
    if (!row) throw new Error('feedback insert returned nothing');
    if (imageIds.length > 0) {
      const attached = await tx
        .update(feedbackImages)
        .set({ feedbackId: row.id })
        .where(
          and(
            inArray(feedbackImages.id, imageIds),
            eq(feedbackImages.accountId, who.accountId),
            isNull(feedbackImages.feedbackId),
          ),
        )
        .returning({ id: feedbackImages.id });
      if (attached.length !== imageIds.length) throw badImages();
    }
    await appendAudit(tx, {
      accountId: who.accountId,
      actorId: who.actorId,
      action: 'suggestion.add',
      target: String(row.id),
      after: { type: input.type, product: input.product, title: input.title, images: imageIds.length },
      ...context,
    });
    return { id: row.id };
  });
}
