import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AlarmContact, AlarmGroup, AlarmPolicy, AlarmTemplate } from '../../../src/contract/alarm';
import { liveDocumentsOfKind } from '../../aggregates/documents';
import { Leases, onOneInstance } from '../../jobs/leases';
import type { Db } from '../../db/client';
import { alarmEvents } from '../../db/schema';
import { liveDomainsAmong, takeLock } from '../domain/service';
import { readColumns } from '../traffic/query';
import { queueDeliveries } from './deliver';
import { verdictOf, type PeriodSums } from './evaluate';
import { settingsOf } from './settings';

const minute = 60_000;

interface Recipients {
  templates: AlarmTemplate[];
  contacts: AlarmContact[];
  groups: AlarmGroup[];
}

export interface SchedulerOptions {
  /** How long after a period ends its logs are taken to be in. */
  lagMs: number;
}

/**
 * Evaluates every policy that is on, every minute, on the traffic rollups: an object whose rules
 * held over the policy's last N periods gets an ongoing alarm (and its notifications); an ongoing
 * alarm whose rules no longer hold in the last period is restored (and told, when its templates
 * say so). Alarms of policies turned off, deleted, or no longer watching the object are restored
 * without a notice.
 */
export class AlarmScheduler {
  private readonly options: SchedulerOptions;

  constructor(
    private readonly db: Db,
    options: Partial<SchedulerOptions> = {},
  ) {
    this.options = { lagMs: 30_000, ...options };
  }

  /** One evaluation at `now`: the alarms raised and restored. */
  async tick(now: Date = new Date()): Promise<{ raised: number; restored: number }> {
    const documents = await liveDocumentsOfKind(this.db, 'alarmPolicy');
    const policies = documents.map((d) => ({
      accountId: d.accountId,
      policy: { ...d.data, id: d.id, version: d.version } as unknown as AlarmPolicy,
    }));
    let raised = 0;
    let restored = 0;
    const watched = new Set<string>();
    // Who each account's alarms tell: read once a tick, by the first alarm of the account that needs it.
    const recipients = new Map<number, Promise<Recipients>>();
    const recipientsOf = (accountId: number) => {
      let found = recipients.get(accountId);
      if (!found) {
        found = Promise.all([
          settingsOf(this.db, accountId, 'alarmTemplate'),
          settingsOf(this.db, accountId, 'alarmContact'),
          settingsOf(this.db, accountId, 'alarmGroup'),
        ]).then(([templates, contacts, groups]) => ({ templates, contacts, groups }));
        recipients.set(accountId, found);
      }
      return found;
    };
    for (const { accountId, policy } of policies) {
      if (!policy.enabled) continue;
      const objects =
        policy.monitor_type === 'account'
          ? [{ id: '*', domain: '' }]
          : await liveDomainsAmong(this.db, accountId, policy.domain_ids);
      for (const object of objects) {
        watched.add(`${accountId}\u0000${policy.id}\u0000${object.id}`);
        const outcome = await this.judge(accountId, policy, object, now, recipientsOf);
        if (outcome === 'raised') raised++;
        if (outcome === 'restored') restored++;
      }
    }
    // Ongoing alarms nothing watches any more end now.
    const ongoing = await this.db
      .select({
        accountId: alarmEvents.accountId,
        id: alarmEvents.id,
        policyId: alarmEvents.policyId,
        objectId: alarmEvents.objectId,
      })
      .from(alarmEvents)
      .where(eq(alarmEvents.status, 'ongoing'));
    for (const event of ongoing) {
      if (watched.has(`${event.accountId}\u0000${event.policyId}\u0000${event.objectId}`)) continue;
      await this.db
        .update(alarmEvents)
        .set({ status: 'restored', restoredAt: now })
        .where(and(eq(alarmEvents.accountId, event.accountId), eq(alarmEvents.id, event.id)));
      restored++;
    }
    return { raised, restored };
  }

  private async judge(
    accountId: number,
    policy: AlarmPolicy,
    object: { id: string; domain: string },
    now: Date,
    recipientsOf: (accountId: number) => Promise<Recipients>,
  ): Promise<'raised' | 'restored' | null> {
    const step = policy.period * minute;
    const end = Math.floor((now.getTime() - this.options.lagMs) / step) * step;
    const start = end - policy.periods * step;
    const columns = await readColumns(
      this.db,
      { accountId, domainIds: object.id === '*' ? 'all' : [object.id] },
      { start, end },
      policy.period,
    );
    const last: PeriodSums[] = columns.at.map((_, i) => ({
      requests: columns.requests[i] ?? 0,
      bytes: columns.bytes[i] ?? 0,
      hit_requests: columns.hit_requests[i] ?? 0,
      s4xx: columns.s4xx[i] ?? 0,
      s5xx: columns.s5xx[i] ?? 0,
      rt_ms: columns.rt_ms[i] ?? 0,
    }));
    const verdict = verdictOf(policy.rules, policy.match, policy.periods, last, policy.period);
    // Read before the transaction (not inside it): the embedded database has one connection.
    const people =
      (verdict.raised || verdict.clear) && policy.template_ids.length > 0
        ? await recipientsOf(accountId)
        : null;
    return this.db.transaction(async (tx) => {
      await takeLock(tx, `alarm:${accountId}:${policy.id}:${object.id}`);
      const [open] = await tx
        .select()
        .from(alarmEvents)
        .where(
          and(
            eq(alarmEvents.accountId, accountId),
            eq(alarmEvents.policyId, policy.id),
            eq(alarmEvents.objectId, object.id),
            eq(alarmEvents.status, 'ongoing'),
          ),
        );
      const notify = async (event: typeof alarmEvents.$inferSelect, kind: 'alarm' | 'restore') => {
        if (!people) return;
        const chosen = people.templates.filter((t) => policy.template_ids.includes(t.id));
        await queueDeliveries(tx, event, kind, chosen, people.contacts, people.groups, now);
      };
      if (!open && verdict.raised) {
        const [event] = await tx
          .insert(alarmEvents)
          .values({
            accountId,
            id: randomUUID(),
            policyId: policy.id,
            policyName: policy.name,
            monitorType: policy.monitor_type,
            objectId: object.id,
            objectName: object.domain,
            content: verdict.values,
            status: 'ongoing',
            startedAt: now,
          })
          .returning();
        await notify(event!, 'alarm');
        return 'raised';
      }
      if (open && verdict.clear) {
        const [event] = await tx
          .update(alarmEvents)
          .set({ status: 'restored', restoredAt: now })
          .where(and(eq(alarmEvents.accountId, accountId), eq(alarmEvents.id, open.id)))
          .returning();
        await notify(event!, 'restore');
        return 'restored';
      }
      return null;
    });
  }

  /**
   * Evaluates every `evaluateMs` (a minute), on one instance of those sharing the database
   * (`server/jobs`), and sends what is due every `sendMs` on every instance (a delivery is taken by
   * one of them) until stopped.
   */
  start(send: () => Promise<unknown>, sendMs = 2000, evaluateMs = minute): () => Promise<void> {
    const stopEvaluating = onOneInstance(new Leases(this.db), 'alarm.evaluate', () => this.tick(), {
      everyMs: evaluateMs,
      atStart: false,
      onError: (error) => console.error('evaluating the alarm policies failed:', error),
    });
    const sending = setInterval(() => void send().catch(() => {}), sendMs);
    sending.unref();
    return async () => {
      clearInterval(sending);
      await stopEvaluating();
    };
  }
}
