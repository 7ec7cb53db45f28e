import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { Code, limits } from '../../../src/contract';
import {
  ticketEntry,
  ticketReplyBody,
  type TicketDetail,
  type TicketEntry,
  type TicketMessage,
} from '../../../src/contract/ticket';
import type { TicketCategory, TicketStatus } from '../../../src/contract/rules/ticket';
import type { Db, Executor } from '../../db/client';
import { ticketMessages, tickets } from '../../db/schema';
import { AppError } from '../../http/envelope';
import { accountOptions, lockAccount } from '../account/service';
import { appendAudit, type AuditOrigin } from '../audit/service';
import { attachPictures, picturesOfTicketMessages, ticketPicture } from '../suggestion/service';

/**
 * Who reads or writes tickets: the user acting in an account. A main account sees every ticket of
 * the account; a sub-account only those it submitted (a ticket may quote what its submitter alone
 * may see).
 */
export interface TicketViewer {
  accountId: number;
  actorId: number;
  seesAll: boolean;
}

export const ticketViewerOf = (auth: {
  viewAccountId: number;
  accountId: number;
  account: { kind: string };
}): TicketViewer => ({
  accountId: auth.viewAccountId,
  actorId: auth.accountId,
  seesAll: auth.account.kind !== 'sub',
});

interface Context {
  origin: AuditOrigin;
  ip: string;
}

/** The tickets a viewer sees. */
const visibleTo = (viewer: TicketViewer): SQL | undefined =>
  and(
    eq(tickets.accountId, viewer.accountId),
    viewer.seesAll ? undefined : eq(tickets.createdBy, viewer.actorId),
  );

const entryColumns = {
  id: tickets.id,
  accountId: tickets.accountId,
  category: tickets.category,
  title: tickets.title,
  status: tickets.status,
  createdBy: tickets.createdBy,
  messageCount: tickets.messageCount,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
};

type EntryRow = {
  id: number;
  category: string;
  title: string;
  status: string;
  createdBy: number | null;
  messageCount: number;
  createdAt: Date;
  updatedAt: Date;
};

/** User id → login, for the users named in tickets (their submitters, the authors of messages). */
async function loginsOf(db: Executor, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const known = [...new Set(ids.filter((id): id is number => id !== null))];
  const rows = known.length === 0 ? [] : await accountOptions(db, known);
  return new Map(rows.map((row) => [row.id, row.account]));
}

const entryOf = (row: EntryRow, logins: ReadonlyMap<number, string>): TicketEntry => ({
  id: row.id,
  category: row.category as TicketCategory,
  title: row.title,
  status: row.status as TicketStatus,
  creator: (row.createdBy === null ? undefined : logins.get(row.createdBy)) ?? '--',
  message_count: row.messageCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const notFound = () => new AppError(Code.notFound, 'ticket.notFound');

/** The newest tickets the viewer sees (by their last message), and how many it sees in all. */
export async function listTickets(
  db: Executor,
  viewer: TicketViewer,
): Promise<{ lists: TicketEntry[]; total: number; open_max: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select(entryColumns)
      .from(tickets)
      .where(visibleTo(viewer))
      .orderBy(desc(tickets.updatedAt), desc(tickets.id))
      .limit(limits.ticket.listMax),
    db.select({ n: count() }).from(tickets).where(visibleTo(viewer)),
  ]);
  const logins = await loginsOf(
    db,
    rows.map((row) => row.createdBy),
  );
  return {
    lists: rows.map((row) => entryOf(row, logins)),
    total: total?.n ?? 0,
    open_max: limits.ticket.openMax,
  };
}

/** One ticket with its messages, oldest first, and each message's pictures. */
export async function ticketDetail(db: Executor, viewer: TicketViewer, id: number): Promise<TicketDetail> {
  const [row] = await db
    .select(entryColumns)
    .from(tickets)
    .where(and(eq(tickets.id, id), visibleTo(viewer)));
  if (!row) throw notFound();
  const messages = await db
    .select({
      id: ticketMessages.id,
      fromSupport: ticketMessages.fromSupport,
      authorId: ticketMessages.authorId,
      content: ticketMessages.content,
      createdAt: ticketMessages.createdAt,
    })
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, id))
    .orderBy(asc(ticketMessages.id));
  const [pictures, logins] = await Promise.all([
    picturesOfTicketMessages(
      db,
      messages.map((m) => m.id),
    ),
    loginsOf(db, [row.createdBy, ...messages.map((m) => m.authorId)]),
  ]);
  return {
    ...entryOf(row, logins),
    messages: messages.map((m): TicketMessage => ({
      id: m.id,
      from_support: m.fromSupport,
      author: m.fromSupport || m.authorId === null ? null : (logins.get(m.authorId) ?? '--'),
      content: m.content,
      pictures: pictures
        .filter((p) => p.messageId === m.id)
        .map(({ id: pictureId, name, size, type }) => ({ id: pictureId, name, size, type })),
      created_at: m.createdAt.toISOString(),
    })),
  };
}

/**
 * Submits a ticket: its description is its first message. At most `limits.ticket.openMax` of an
 * account's tickets are in progress at once, and `limits.ticket.perDayMax` submitted in 24 hours,
 * counted under the account's lock.
 */
export async function createTicket(
  db: Db,
  viewer: TicketViewer,
  input: { category: TicketCategory; title: string; content: string; image_ids: string[] },
  context: Context,
): Promise<TicketDetail> {
  const id = await db.transaction(async (tx) => {
    await lockAccount(tx, viewer.accountId);
    const dayAgo = new Date(Date.now() - 86_400_000);
    const [counts] = await tx
      .select({
        open: sql<number>`count(*) filter (where ${tickets.status} <> 'closed')::int`,
        today: sql<number>`count(*) filter (where ${tickets.createdAt} > ${dayAgo})::int`,
      })
      .from(tickets)
      .where(eq(tickets.accountId, viewer.accountId));
    if ((counts?.open ?? 0) >= limits.ticket.openMax)
      throw new AppError(Code.limitReached, 'ticket.limit', { max: limits.ticket.openMax });
    // Submitting and closing at once cannot fill the database either.
    if ((counts?.today ?? 0) >= limits.ticket.perDayMax)
      throw new AppError(Code.limitReached, 'ticket.dailyLimit', { max: limits.ticket.perDayMax });
    const [ticket] = await tx
      .insert(tickets)
      .values({
        accountId: viewer.accountId,
        createdBy: viewer.actorId,
        category: input.category,
        title: input.title,
        status: 'processing',
        messageCount: 0,
      })
      .returning({ id: tickets.id });
    if (!ticket) throw new Error('ticket insert returned nothing');
    await addMessage(tx, viewer.accountId, ticket.id, {
      authorId: viewer.actorId,
      content: input.content,
      imageIds: input.image_ids,
      status: 'processing',
    });
    await appendAudit(tx, {
      accountId: viewer.accountId,
      actorId: viewer.actorId,
      action: 'ticket.create',
      target: String(ticket.id),
      after: { category: input.category, title: input.title, images: input.image_ids.length },
      ...context,
    });
    return ticket.id;
  });
  return ticketDetail(db, viewer, id);
}

/** Adds a message to a ticket (row locked by the caller) and sets whose turn it is. */
async function addMessage(
  tx: Executor,
  accountId: number,
  ticketId: number,
  message: { authorId: number | null; content: string; imageIds: readonly string[]; status: TicketStatus },
): Promise<void> {
  const [row] = await tx
    .insert(ticketMessages)
    .values({
      ticketId,
      authorId: message.authorId,
      fromSupport: message.authorId === null,
      content: message.content,
    })
    .returning({ id: ticketMessages.id });
  if (!row) throw new Error('ticket message insert returned nothing');
  await attachPictures(tx, accountId, message.imageIds, { ticketMessageId: row.id });
  await tx
    .update(tickets)
    .set({ status: message.status, messageCount: sql`${tickets.messageCount} + 1`, updatedAt: new Date() })
    .where(eq(tickets.id, ticketId));
}

/** The ticket, locked for this transaction, if the viewer sees it (any ticket for support). */
async function lockTicket(tx: Executor, id: number, viewer: TicketViewer | null) {
  const [row] = await tx
    .select({
      accountId: tickets.accountId,
      status: tickets.status,
      messageCount: tickets.messageCount,
    })
    .from(tickets)
    .where(and(eq(tickets.id, id), viewer ? visibleTo(viewer) : undefined))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** Refuses a message to a closed ticket or one that is full. */
function checkOpen(ticket: { status: string; messageCount: number }): void {
  if (ticket.status === 'closed') throw new AppError(Code.invalidTransition, 'ticket.closed');
  if (ticket.messageCount >= limits.ticket.messagesMax)
    throw new AppError(Code.limitReached, 'ticket.messagesLimit', { max: limits.ticket.messagesMax });
}

/** The customer writes again: the ticket waits for support. */
export async function replyTicket(
  db: Db,
  viewer: TicketViewer,
  input: { id: number; content: string; image_ids: string[] },
  context: Context,
): Promise<TicketDetail> {
  await db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, input.id, viewer);
    checkOpen(ticket);
    await addMessage(tx, viewer.accountId, input.id, {
      authorId: viewer.actorId,
      content: input.content,
      imageIds: input.image_ids,
      status: 'processing',
    });
    await appendAudit(tx, {
      accountId: viewer.accountId,
      actorId: viewer.actorId,
      action: 'ticket.reply',
      target: String(input.id),
      after: { images: input.image_ids.length },
      ...context,
    });
  });
  return ticketDetail(db, viewer, input.id);
}

/** Closes a ticket; closing a closed one changes nothing. */
export async function closeTicket(
  db: Db,
  viewer: TicketViewer,
  id: number,
  context: Context,
): Promise<TicketDetail> {
  await db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, id, viewer);
    if (ticket.status === 'closed') return;
    await tx.update(tickets).set({ status: 'closed', updatedAt: new Date() }).where(eq(tickets.id, id));
    await appendAudit(tx, {
      accountId: viewer.accountId,
      actorId: viewer.actorId,
      action: 'ticket.close',
      target: String(id),
      before: { status: ticket.status },
      after: { status: 'closed' },
      ...context,
    });
  });
  return ticketDetail(db, viewer, id);
}

/** Support answers (the operator's `npm run admin -- ticket reply`): the customer's turn. */
async function supportReply(db: Db, id: number, content: string, context: Context): Promise<void> {
  await db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, id, null);
    checkOpen(ticket);
    await addMessage(tx, ticket.accountId, id, { authorId: null, content, imageIds: [], status: 'replied' });
    await appendAudit(tx, {
      accountId: ticket.accountId,
      actorId: ticket.accountId,
      action: 'ticket.support',
      target: String(id),
      after: { status: 'replied' },
      ...context,
    });
  });
}

/** The tickets waiting for support, oldest first, for the operator. */
async function waitingTickets(db: Executor) {
  const rows = await db
    .select(entryColumns)
    .from(tickets)
    .where(eq(tickets.status, 'processing'))
    .orderBy(asc(tickets.updatedAt))
    .limit(limits.ticket.listMax);
  const logins = await loginsOf(db, [
    ...rows.map((row) => row.createdBy),
    ...rows.map((row) => row.accountId),
  ]);
  return rows.map((row) => ({ ...entryOf(row, logins), account: logins.get(row.accountId) ?? '--' }));
}

/** A picture of a ticket the viewer sees: where its file is, its type and name. */
export async function ticketPictureOf(db: Executor, viewer: TicketViewer, pictureId: string) {
  const picture = await ticketPicture(db, viewer.accountId, pictureId);
  if (!picture) throw notFound();
  const [message] = await db
    .select({ id: ticketMessages.id })
    .from(ticketMessages)
    .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
    .where(and(eq(ticketMessages.id, picture.messageId), visibleTo(viewer)));
  if (!message) throw notFound();
  return { file: picture.file, mime: picture.mime, name: picture.name };
}

/** The operator's actions on tickets: list those waiting for support, or answer one. */
export const ticketAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('list') }),
  z.object({
    action: z.literal('reply'),
    id: ticketReplyBody.shape.id,
    content: ticketReplyBody.shape.content,
  }),
]);

export const ticketActionResult = z.object({
  /** The tickets waiting for support after the action, oldest first. */
  waiting: z.array(ticketEntry.extend({ account: z.string() })),
});

/** Carries out an operator's action: the tickets waiting after it. 40401 unknown ticket, 40906 closed. */
export async function runTicketAction(
  db: Db,
  action: z.output<typeof ticketAction>,
  ip = '',
): Promise<z.output<typeof ticketActionResult>> {
  if (action.action === 'reply')
    await supportReply(db, action.id, action.content, { origin: 'operator', ip });
  return { waiting: await waitingTickets(db) };
}
