import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AlarmEvent, alarmHistoryQuery } from '../../../src/contract/alarm';
import type { Executor } from '../../db/client';
import type { IdScope } from '../user/scope';
import { alarmDeliveries, alarmEvents } from '../../db/schema';
import { deliveriesOf } from './deliver';

type EventRow = typeof alarmEvents.$inferSelect;

const eventOf = (row: EventRow, deliveries: Record<string, number>): AlarmEvent => ({
  id: row.id,
  policy_id: row.policyId,
  policy_name: row.policyName,
  monitor_type: row.monitorType as AlarmEvent['monitor_type'],
  object: row.objectName,
  content: row.content as AlarmEvent['content'],
  status: row.status,
  started_at: row.startedAt.toISOString(),
  restored_at: row.restoredAt?.toISOString() ?? null,
  deliveries,
});

const escape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The account's alarms, newest first, with their deliveries counted by state: those on the domains
 * `domains` reaches (data permission), and those on the whole account when it reaches every domain.
 */
export async function listHistory(
  db: Executor,
  accountId: number,
  q: z.output<typeof alarmHistoryQuery>,
  domains: IdScope,
) {
  const where = and(
    eq(alarmEvents.accountId, accountId),
    domains.all
      ? undefined
      : domains.ids.size > 0
        ? inArray(alarmEvents.objectId, [...domains.ids])
        : sql`false`,
    q.status ? eq(alarmEvents.status, q.status) : undefined,
    q.start ? gte(alarmEvents.startedAt, new Date(q.start)) : undefined,
    q.end ? lt(alarmEvents.startedAt, new Date(q.end)) : undefined,
    q.keyword
      ? (or(
          ilike(alarmEvents.policyName, `%${escape(q.keyword)}%`),
          ilike(alarmEvents.objectName, `%${escape(q.keyword)}%`),
        ) as SQL)
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(alarmEvents).where(where);
  const rows = await db
    .select()
    .from(alarmEvents)
    .where(where)
    .orderBy(desc(alarmEvents.startedAt), desc(alarmEvents.id))
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size);
  const counts = rows.length
    ? await db
        .select({ eventId: alarmDeliveries.eventId, status: alarmDeliveries.status, n: count() })
        .from(alarmDeliveries)
        .where(
          and(
            eq(alarmDeliveries.accountId, accountId),
            inArray(
              alarmDeliveries.eventId,
              rows.map((r) => r.id),
            ),
          ),
        )
        .groupBy(alarmDeliveries.eventId, alarmDeliveries.status)
    : [];
  const byEvent = new Map<string, Record<string, number>>();
  for (const c of counts) byEvent.set(c.eventId, { ...byEvent.get(c.eventId), [c.status]: c.n });
  return { lists: rows.map((row) => eventOf(row, byEvent.get(row.id) ?? {})), total: total?.n ?? 0 };
}

/** The delivery log of one alarm. */
export async function eventDeliveries(db: Executor, accountId: number, eventId: string) {
  const rows = await deliveriesOf(db, accountId, [eventId]);
  return {
    lists: rows.map((d) => ({
      id: d.id,
      event_id: d.eventId,
      kind: d.kind,
      channel: d.channel,
      recipient: d.recipient,
      status: d.status,
      attempts: d.attempts,
      error: d.error,
      created_at: d.createdAt.toISOString(),
      sent_at: d.sentAt?.toISOString() ?? null,
    })),
  };
}

/** What each of these alarms watches: a domain's id, or '*' for the whole account (absent ones left out). */
export async function eventObjects(
  db: Executor,
  accountId: number,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ objectId: alarmEvents.objectId })
    .from(alarmEvents)
    .where(and(eq(alarmEvents.accountId, accountId), inArray(alarmEvents.id, [...ids])));
  return rows.map((row) => row.objectId);
}
