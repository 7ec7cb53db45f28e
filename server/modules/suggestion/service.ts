import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { checkText, Code, limits } from '../../../src/contract';
import type { Db, Executor } from '../../db/client';
import { feedback, feedbackImages, feedbackRefusals } from '../../db/schema';
import { lockAccount } from '../account/service';
import { AppError, invalid } from '../../http/envelope';
import { appendAudit, type AuditOrigin } from '../audit/service';
import type { PictureVerdict } from './picture-check';
import type { PictureStore } from './picture-store';

/** Where pictures are stored and how they are checked (in a worker thread, see PictureInspector). */
export interface PictureServices {
  store: PictureStore;
  inspect(bytes: Buffer): Promise<PictureVerdict>;
}

export interface UploadedPicture {
  id: string;
  name: string;
  size: number;
  type: string;
}

/** Unattached pictures older than this are deleted (when a new picture is uploaded). */
export const pendingPictureTtlMs = 24 * 3_600_000;
const tenMinutesMs = 10 * 60_000;

/**
 * A file name as it may be stored and shown: control and text-direction characters (the text
 * rule's) and path separators become `_`, at most 200 characters.
 */
export function cleanFileName(name: string): string {
  const cleaned = [...name]
    .map((c) => (checkText(c) !== null || c === '/' || c === '\\' ? '_' : c))
    .join('')
    .slice(0, 200)
    .trim();
  return cleaned || 'picture';
}

/**
 * What an account has uploaded lately, for the limits of `limits.feedback`: uploads in ten
 * minutes and bytes in 24 hours, stored or refused; pictures waiting to be attached.
 */
async function recentUploads(db: Executor, accountId: number, now: number) {
  const dayAgo = new Date(now - 24 * 3_600_000);
  const tenMinutesAgo = new Date(now - tenMinutesMs);
  const result = await db.execute<{ recent: number; day_bytes: number; pending: number }>(sql`
    select
      count(*) filter (where created_at > ${tenMinutesAgo})::int as recent,
      coalesce(sum(size) filter (where created_at > ${dayAgo}), 0)::float8 as day_bytes,
      count(*) filter (where waiting)::int as pending
    from (
      select ${feedbackImages.createdAt} as created_at, ${feedbackImages.size} as size,
        ${feedbackImages.feedbackId} is null and ${feedbackImages.ticketMessageId} is null as waiting
      from ${feedbackImages}
      where ${feedbackImages.accountId} = ${accountId}
        and (${feedbackImages.createdAt} > ${dayAgo}
          or (${feedbackImages.feedbackId} is null and ${feedbackImages.ticketMessageId} is null))
      union all
      select ${feedbackRefusals.createdAt}, ${feedbackRefusals.size}, false
      from ${feedbackRefusals}
      where ${feedbackRefusals.accountId} = ${accountId} and ${feedbackRefusals.createdAt} > ${dayAgo}
    ) uploads`);
  const row = result.rows[0];
  return { recent: row?.recent ?? 0, dayBytes: Number(row?.day_bytes ?? 0), pending: row?.pending ?? 0 };
}

/** Notes an upload refused after it was received; refusals past the day's window go meanwhile. */
async function recordRefusal(db: Executor, accountId: number, bytes: number, now: number): Promise<void> {
  await db
    .delete(feedbackRefusals)
    .where(
      and(
        eq(feedbackRefusals.accountId, accountId),
        lt(feedbackRefusals.createdAt, new Date(now - 24 * 3_600_000)),
      ),
    );
  await db.insert(feedbackRefusals).values({ accountId, size: bytes, createdAt: new Date(now) });
}

/**
 * The limits every upload must stay within, whatever becomes of it: uploads in ten minutes
 * (answered as a rate limit, with the wait) and bytes in 24 hours (a quota, with its message).
 */
function checkUploadRate(recent: Awaited<ReturnType<typeof recentUploads>>, bytes: number): void {
  if (recent.recent >= limits.feedback.uploadsPerTenMinutes)
    throw new AppError(Code.rateLimited, 'feedback.images.rateLimited', { retry_after: 60 });
  if (recent.dayBytes + bytes > limits.feedback.uploadBytesPerDay)
    throw new AppError(Code.limitReached, 'feedback.images.quota');
}

/**
 * Counts an upload that was received and is refused (`bytes`: what arrived) toward the rate,
 * under the account's lock as a stored picture is. Over the rate, the rate's answer is thrown
 * instead and nothing is counted: a caller who keeps sending is told to wait, not counted further.
 */
export async function countRefusedUpload(
  db: Db,
  accountId: number,
  bytes: number,
  now = Date.now(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    checkUploadRate(await recentUploads(tx, accountId, now), bytes);
    await recordRefusal(tx, accountId, bytes, now);
  });
}

/** Deletes unattached pictures older than 24 hours: their rows, then their files. */
async function purgeStalePictures(db: Db, store: PictureStore, now: number): Promise<void> {
  const stale = await db
    .delete(feedbackImages)
    .where(
      and(
        isNull(feedbackImages.feedbackId),
        isNull(feedbackImages.ticketMessageId),
        lt(feedbackImages.createdAt, new Date(now - pendingPictureTtlMs)),
      ),
    )
    .returning({ file: feedbackImages.file });
  await store.remove(stale.map((row) => row.file));
}

/**
 * Stores one checked picture (spec §5: jpg, png, gif, svg, at most 5 MB; the type comes from its
 * bytes, an SVG is stored cleaned of scripts and links, a file that is also something else is
 * refused). Over the upload rate, an upload is refused before its content is looked at; one
 * refused after that (its content, or no room among the pictures waiting) still counts toward the
 * rate. The file is written first, outside any transaction; the row is written under the
 * account's lock after the limits are checked again, so parallel uploads cannot pass them
 * together. A refused or failed upload leaves no file behind.
 */
export async function storePicture(
  db: Db,
  { store, inspect }: PictureServices,
  accountId: number,
  file: { name: string; bytes: Buffer },
  now = Date.now(),
): Promise<UploadedPicture> {
  const received = file.bytes.length;
  await purgeStalePictures(db, store, now);
  checkUploadRate(await recentUploads(db, accountId, now), received);
  const verdict = await inspect(file.bytes);
  if (!verdict.ok) {
    await countRefusedUpload(db, accountId, received, now);
    throw new AppError(
      Code.unsupportedFileType,
      verdict.reason === 'badType' ? 'feedback.images.badType' : 'feedback.images.unsafe',
    );
  }
  const name = cleanFileName(file.name);
  const size = verdict.bytes.length;
  const id = randomUUID();
  const relative = await store.write(accountId, id, verdict.mime, verdict.bytes);
  try {
    await db.transaction(async (tx) => {
      // One upload of the account at a time past this point: the limits below hold.
      await lockAccount(tx, accountId);
      const recent = await recentUploads(tx, accountId, now);
      checkUploadRate(recent, size);
      if (recent.pending >= limits.feedback.pendingImagesMax)
        throw new AppError(Code.tooManyFiles, 'feedback.images.pending');
      await tx
        .insert(feedbackImages)
        .values({ id, accountId, name, mime: verdict.mime, size, file: relative, createdAt: new Date(now) });
    });
  } catch (error) {
    await store.remove([relative]);
    // No room among the pictures waiting: refused after it was received, so it counts too.
    if (error instanceof AppError && error.code === Code.tooManyFiles)
      await recordRefusal(db, accountId, received, now);
    throw error;
  }
  return { id, name, size, type: verdict.mime };
}

/**
 * Moves pictures stored in the database by earlier versions into the store, a few at a time, so
 * the bytes leave the database once. Runs at start, after the migrations.
 */
export async function movePicturesToStore(db: Db, store: PictureStore): Promise<number> {
  let moved = 0;
  for (;;) {
    const batch = await db
      .select({ id: feedbackImages.id, accountId: feedbackImages.accountId, mime: feedbackImages.mime })
      .from(feedbackImages)
      .where(isNotNull(feedbackImages.data))
      .limit(10);
    if (batch.length === 0) return moved;
    for (const picture of batch) {
      const [row] = await db
        .select({ data: feedbackImages.data })
        .from(feedbackImages)
        .where(eq(feedbackImages.id, picture.id));
      if (!row?.data) continue;
      const relative = await store.write(picture.accountId, picture.id, picture.mime, row.data);
      await db
        .update(feedbackImages)
        .set({ file: relative, data: null })
        .where(inArray(feedbackImages.id, [picture.id]));
      moved += 1;
    }
  }
}

/**
 * Attaches uploaded pictures to feedback or to a ticket's message, in the caller's transaction:
 * each must be the account's own upload, listed once and attached to nothing yet (40001 otherwise).
 */
export async function attachPictures(
  tx: Executor,
  accountId: number,
  ids: readonly string[],
  to: { feedbackId: number } | { ticketMessageId: number },
): Promise<void> {
  if (ids.length === 0) return;
  const badImages = () => invalid([{ path: 'image_ids', message_id: 'feedback.images.invalid' }]);
  if (new Set(ids).size !== ids.length) throw badImages();
  const attached = await tx
    .update(feedbackImages)
    .set(to)
    .where(
      and(
        inArray(feedbackImages.id, [...ids]),
        eq(feedbackImages.accountId, accountId),
        isNull(feedbackImages.feedbackId),
        isNull(feedbackImages.ticketMessageId),
      ),
    )
    .returning({ id: feedbackImages.id });
  if (attached.length !== ids.length) throw badImages();
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
    await attachPictures(tx, who.accountId, input.image_ids, { feedbackId: row.id });
    await appendAudit(tx, {
      accountId: who.accountId,
      actorId: who.actorId,
      action: 'suggestion.add',
      target: String(row.id),
      after: { type: input.type, product: input.product, title: input.title, images: input.image_ids.length },
      ...context,
    });
    return { id: row.id };
  });
}

/** The pictures attached to messages of tickets, oldest first, each with its message. */
export async function picturesOfTicketMessages(db: Executor, messageIds: readonly number[]) {
  if (messageIds.length === 0) return [];
  return db
    .select({
      id: feedbackImages.id,
      messageId: feedbackImages.ticketMessageId,
      name: feedbackImages.name,
      size: feedbackImages.size,
      type: feedbackImages.mime,
    })
    .from(feedbackImages)
    .where(inArray(feedbackImages.ticketMessageId, [...messageIds]))
    .orderBy(asc(feedbackImages.createdAt), asc(feedbackImages.id));
}

/** A picture of the account attached to a ticket's message: its file, type, name and message. */
export async function ticketPicture(db: Executor, accountId: number, id: string) {
  const [row] = await db
    .select({
      file: feedbackImages.file,
      mime: feedbackImages.mime,
      name: feedbackImages.name,
      messageId: feedbackImages.ticketMessageId,
    })
    .from(feedbackImages)
    .where(
      and(
        eq(feedbackImages.id, id),
        eq(feedbackImages.accountId, accountId),
        isNotNull(feedbackImages.ticketMessageId),
      ),
    );
  return row?.file && row.messageId !== null ? { ...row, file: row.file, messageId: row.messageId } : null;
}
