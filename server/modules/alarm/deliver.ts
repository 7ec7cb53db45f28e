import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { AlarmChannel, AlarmContact, AlarmGroup, AlarmTemplate } from '../../../src/contract/alarm';
import type { Language } from '../../../src/contract/limits';
import { smsQuotaProblem } from '../../../src/contract/rules/alarm';
import type { Db, Executor } from '../../db/client';
import { alarmDeliveries, alarmEvents, alarmKeys } from '../../db/schema';
import { t } from '../../i18n/messages';
import {
  checkedAddresses,
  OutboundRefused,
  postPinned,
  systemResolver,
  type Resolver,
} from '../../net/outbound';
import type { KeyVault } from '../cert/key-vault';
import { takeLock } from '../domain/service';
import { renewingWhile } from '../../jobs/claims';

/** Sends one SMS; a provider of the operator's plugs in here (none is bundled). */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
}

/** Sends one email. */
export interface MailSender {
  send(to: string, subject: string, text: string): Promise<void>;
}

/** Emails through the mail server of `SMTP_URL` (nodemailer). */
export function smtpSender(url: string, from: string): MailSender {
  const transport = nodemailer.createTransport(url);
  return {
    async send(to, subject, text) {
      await transport.sendMail({ from, to, subject, text });
    },
  };
}

export interface NotifierOptions {
  mail: MailSender | null;
  sms: SmsProvider | null;
  /**
   * Callback URLs may reach loopback and private addresses (server/net/outbound.ts, `local`); never
   * unspecified, multicast, broadcast or reserved ones.
   */
  allowPrivate: boolean;
  /** Resolves a callback's host name, once per attempt; the connection goes to what it answered. */
  resolve: Resolver;
  /** Waits before each retry of a callback; its length is the retries. */
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  /**
   * A delivery whose claim is this old (its server died while sending) is taken again; a sender
   * renews the claims of its round a third of the way through (`server/jobs/claims.ts`).
   */
  claimMs: number;
}

const defaults: NotifierOptions = {
  mail: null,
  sms: null,
  allowPrivate: false,
  resolve: systemResolver,
  retryDelaysMs: [10_000, 60_000, 300_000, 1_800_000],
  timeoutMs: 5000,
  claimMs: 30_000,
};

/** The signature of a callback's body: HMAC-SHA256 of `<timestamp>.<body>` with the account's key, hex. */
export const signatureOf = (key: string, timestamp: string, body: string) =>
  createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex');

/** The account's callback key, made on first use and kept sealed. */
export async function callbackKey(db: Executor, vault: KeyVault, accountId: number, now: Date) {
  const [row] = await db.select().from(alarmKeys).where(eq(alarmKeys.accountId, accountId));
  if (row) return { key: vault.open(row.sealedKey, `alarm:${accountId}`), createdAt: row.createdAt };
  const key = randomBytes(32).toString('base64url');
  await db
    .insert(alarmKeys)
    .values({ accountId, sealedKey: vault.seal(key, `alarm:${accountId}`), createdAt: now })
    .onConflictDoNothing();
  return callbackKey(db, vault, accountId, now);
}

export async function rotateCallbackKey(db: Executor, vault: KeyVault, accountId: number, now: Date) {
  await db.delete(alarmKeys).where(eq(alarmKeys.accountId, accountId));
  return callbackKey(db, vault, accountId, now);
}

type EventRow = typeof alarmEvents.$inferSelect;
type DeliveryRow = typeof alarmDeliveries.$inferSelect;

/** Who a template tells through which channel: one delivery each (callbacks: one per template). */
export function recipientsOf(
  template: AlarmTemplate,
  contacts: readonly AlarmContact[],
  groups: readonly AlarmGroup[],
): { channel: AlarmChannel; recipient: string }[] {
  const ids = new Set(template.contact_ids);
  for (const group of groups)
    if (template.group_ids.includes(group.id)) for (const id of group.contact_ids) ids.add(id);
  const people = contacts.filter((c) => ids.has(c.id));
  const out: { channel: AlarmChannel; recipient: string }[] = [];
  for (const channel of template.channels) {
    if (channel === 'callback') out.push({ channel, recipient: template.callback_url });
    else
      for (const value of new Set(people.map((p) => (channel === 'email' ? p.email : p.phone))))
        out.push({ channel, recipient: value });
  }
  return out;
}

/** The deliveries of an alarm raised or restored, queued in the transaction that records it. */
export async function queueDeliveries(
  tx: Executor,
  event: EventRow,
  kind: 'alarm' | 'restore',
  templates: readonly AlarmTemplate[],
  contacts: readonly AlarmContact[],
  groups: readonly AlarmGroup[],
  now: Date,
): Promise<number> {
  const rows = templates
    .filter((template) => kind === 'alarm' || template.notify === 'alarmAndRestore')
    .flatMap((template) => {
      const wanted = recipientsOf(template, contacts, groups);
      const people = template.channels.filter((c) => c !== 'callback');
      // A channel with nobody to reach is kept in the log, not dropped.
      const unreached = people.filter((c) => !wanted.some((w) => w.channel === c));
      return [
        ...wanted.map((w) => ({ ...w, status: 'pending' as const })),
        ...unreached.map((channel) => ({ channel, recipient: '', status: 'noRecipient' as const })),
      ].map((w) => ({ ...w, language: template.language }));
    });
  if (rows.length === 0) return 0;
  await tx.insert(alarmDeliveries).values(
    rows.map((row) => ({
      accountId: event.accountId,
      id: randomUUID(),
      eventId: event.id,
      kind,
      channel: row.channel,
      recipient: row.recipient,
      language: row.language,
      status: row.status,
      nextAttemptAt: row.status === 'pending' ? now : null,
      createdAt: now,
    })),
  );
  return rows.length;
}

/** The words of a notification in its language. */
export function messageOf(event: EventRow, kind: 'alarm' | 'restore', language: Language) {
  const object = event.objectName || t('alarm.notify.account', language);
  const values = { policy: event.policyName, object };
  const content = event.content
    .map(
      (c) =>
        `${t(`alarm.indicator.${c.indicator}`, language)} ${c.operator === 'gt' ? '>' : '<'} ${c.threshold}: ${c.value}`,
    )
    .join('; ');
  const at = (kind === 'alarm' ? event.startedAt : (event.restoredAt ?? event.startedAt)).toISOString();
  return {
    subject: t(`alarm.notify.subject.${kind}`, language, values),
    text: `${t(`alarm.notify.body.${kind}`, language, values)}\n${content}\n${at}`,
  };
}

/**
 * Sends what the alarms queued: emails through the mail server, SMS through the provider within the
 * §9 quota, callbacks signed and retried. What no channel can send is kept with why.
 */
export class AlarmNotifier {
  private readonly options: NotifierOptions;

  constructor(
    private readonly db: Db,
    private readonly vault: KeyVault,
    options: Partial<NotifierOptions> = {},
  ) {
    this.options = { ...defaults, ...options };
  }

  /** Sends the deliveries due at `now` (a few at a time): how many were tried. */
  async round(now: Date = new Date(), limit = 20): Promise<number> {
    const stale = new Date(now.getTime() - this.options.claimMs);
    const claimed = await this.db
      .update(alarmDeliveries)
      .set({ claimedAt: now })
      .where(
        sql`(${alarmDeliveries.accountId}, ${alarmDeliveries.id}) in (
          select ${alarmDeliveries.accountId}, ${alarmDeliveries.id} from ${alarmDeliveries}
          where ${alarmDeliveries.status} in ('pending', 'retrying') and ${alarmDeliveries.nextAttemptAt} <= ${now}
            and (${alarmDeliveries.claimedAt} is null or ${alarmDeliveries.claimedAt} < ${stale})
          order by ${alarmDeliveries.nextAttemptAt} limit ${limit} for update skip locked)`,
      )
      .returning();
    if (claimed.length === 0) return 0;
    // Sent one after another; those still waiting their turn are renewed meanwhile.
    const waiting = new Set(claimed.map((d) => d.id));
    let claimedAt = now;
    const renew = async (at: Date) => {
      if (waiting.size === 0) return;
      await this.db
        .update(alarmDeliveries)
        .set({ claimedAt: at })
        .where(and(inArray(alarmDeliveries.id, [...waiting]), eq(alarmDeliveries.claimedAt, claimedAt)));
      claimedAt = at;
    };
    await renewingWhile(
      async () => {
        for (const delivery of claimed) {
          await this.deliver(delivery, now);
          waiting.delete(delivery.id);
        }
      },
      renew,
      this.options.claimMs / 3,
    );
    return claimed.length;
  }

  private async finish(d: DeliveryRow, change: Partial<DeliveryRow>) {
    await this.db
      .update(alarmDeliveries)
      .set({ claimedAt: null, ...change })
      .where(and(eq(alarmDeliveries.accountId, d.accountId), eq(alarmDeliveries.id, d.id)));
  }

  private async deliver(d: DeliveryRow, now: Date) {
    const [event] = await this.db
      .select()
      .from(alarmEvents)
      .where(and(eq(alarmEvents.accountId, d.accountId), eq(alarmEvents.id, d.eventId)));
    if (!event) return this.finish(d, { status: 'failed', error: 'event removed', nextAttemptAt: null });
    const language = (d.language === 'en_US' ? 'en_US' : 'zh_CN') as Language;
    const message = messageOf(event, d.kind, language);
    if (d.channel === 'email') {
      if (!this.options.mail) return this.finish(d, { status: 'notConfigured', nextAttemptAt: null });
      return this.attempt(d, now, () => this.options.mail!.send(d.recipient, message.subject, message.text));
    }
    if (d.channel === 'sms') return this.sms(d, now, `${message.subject} ${message.text}`);
    return this.attempt(d, now, () => this.callback(d, event, now));
  }

  /** One SMS under the account's quota: the check and the count are one account at a time. */
  private async sms(d: DeliveryRow, now: Date, text: string) {
    await this.db.transaction(async (tx) => {
      await takeLock(tx, `alarmSms:${d.accountId}`);
      const since = new Date(now.getTime() - 86_400_000 - 3_600_000);
      const sent = await tx
        .select({ at: alarmDeliveries.sentAt })
        .from(alarmDeliveries)
        .where(
          and(
            eq(alarmDeliveries.accountId, d.accountId),
            eq(alarmDeliveries.channel, 'sms'),
            eq(alarmDeliveries.status, 'sent'),
            gte(alarmDeliveries.sentAt, since),
            lte(alarmDeliveries.sentAt, now),
          ),
        );
      const full = smsQuotaProblem(
        sent.map((s) => s.at!.getTime()),
        now.getTime(),
      );
      const where = and(eq(alarmDeliveries.accountId, d.accountId), eq(alarmDeliveries.id, d.id));
      if (full) {
        await tx
          .update(alarmDeliveries)
          .set({ status: 'quotaExceeded', error: full, nextAttemptAt: null, claimedAt: null })
          .where(where);
        return;
      }
      if (!this.options.sms) {
        await tx
          .update(alarmDeliveries)
          .set({ status: 'notConfigured', nextAttemptAt: null, claimedAt: null })
          .where(where);
        return;
      }
      try {
        await this.options.sms.send(d.recipient, text);
        await tx
          .update(alarmDeliveries)
          .set({
            status: 'sent',
            sentAt: now,
            attempts: d.attempts + 1,
            nextAttemptAt: null,
            claimedAt: null,
          })
          .where(where);
      } catch (error) {
        await tx
          .update(alarmDeliveries)
          .set({ ...this.afterFailure(d, now, error), claimedAt: null })
          .where(where);
      }
    });
  }

  private afterFailure(d: DeliveryRow, now: Date, error: unknown): Partial<DeliveryRow> {
    const attempts = d.attempts + 1;
    const wait = this.options.retryDelaysMs[attempts - 1];
    const text = error instanceof Error ? error.message : String(error);
    return wait === undefined
      ? { status: 'failed', attempts, error: text.slice(0, 500), nextAttemptAt: null }
      : {
          status: 'retrying',
          attempts,
          error: text.slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + wait),
        };
  }

  private async attempt(d: DeliveryRow, now: Date, send: () => Promise<void>) {
    try {
      await send();
      await this.finish(d, {
        status: 'sent',
        sentAt: now,
        attempts: d.attempts + 1,
        error: null,
        nextAttemptAt: null,
      });
    } catch (error) {
      await this.finish(d, this.afterFailure(d, now, error));
    }
  }

  /** The addresses a callback's host may be connected to, or why it may not be. */
  private async reachable(url: URL) {
    try {
      return await checkedAddresses(
        url.hostname,
        this.options.allowPrivate ? ['local'] : [],
        this.options.resolve,
      );
    } catch (error) {
      if (!(error instanceof OutboundRefused)) throw error;
      throw new Error(
        error.kind === 'local'
          ? 'the callback URL reaches a private address'
          : 'the callback URL reaches a reserved address',
      );
    }
  }

  private async callback(d: DeliveryRow, event: EventRow, now: Date) {
    const url = new URL(d.recipient);
    const addresses = await this.reachable(url);
    const { key } = await callbackKey(this.db, this.vault, d.accountId, now);
    const body = JSON.stringify({
      delivery_id: d.id,
      event_id: event.id,
      kind: d.kind,
      policy_id: event.policyId,
      policy_name: event.policyName,
      monitor_type: event.monitorType,
      object: event.objectName,
      content: event.content,
      status: event.status,
      started_at: event.startedAt.toISOString(),
      restored_at: event.restoredAt?.toISOString() ?? null,
    });
    const timestamp = String(Math.floor(now.getTime() / 1000));
    const status = await postPinned(url, addresses, {
      timeoutMs: this.options.timeoutMs,
      headers: {
        'content-type': 'application/json',
        'x-cdn-timestamp': timestamp,
        'x-cdn-signature': `sha256=${signatureOf(key, timestamp, body)}`,
      },
      body,
    });
    if (status < 200 || status >= 300) throw new Error(`HTTP ${status}`);
  }
}

/** Deliveries of some events, newest first. */
export async function deliveriesOf(db: Executor, accountId: number, eventIds: readonly string[]) {
  if (eventIds.length === 0) return [];
  return db
    .select()
    .from(alarmDeliveries)
    .where(and(eq(alarmDeliveries.accountId, accountId), inArray(alarmDeliveries.eventId, [...eventIds])))
    .orderBy(alarmDeliveries.createdAt);
}
