import { and, eq, inArray, isNull } from 'drizzle-orm';
import { Code, sniffImageType } from '../../../src/contract';
import type { Db } from '../../db/client';
import { feedback, feedbackImages } from '../../db/schema';
import { AppError, invalid } from '../../http/envelope';
import { appendAudit, type AuditOrigin } from '../audit/service';

export interface UploadedPicture {
  id: string;
  name: string;
  size: number;
  type: string;
}

/** Stores one checked picture: the type comes from its bytes (spec §5: jpg, png, gif, svg). */
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
  const [row] = await db
    .insert(feedbackImages)
    .values({ accountId, name, mime, size: file.bytes.length, data: file.bytes })
    .returning({ id: feedbackImages.id });
  if (!row) throw new Error('picture insert returned nothing');
  return { id: row.id, name, size: file.bytes.length, type: mime };
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
