import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { certFeeds } from '../../db/schema';
import { randomSecret, safeEqual, sha256Hex } from '../../http/crypto';

/** The characters of a secret that find its row; the rest is checked against the hash. */
const lookupLength = 12;
const secretPattern = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * A feed is one user's in one account: the main account's, a sub-account's, or a channel
 * account's for a customer. Each lists what its maker may see, and each is made and revoked alone.
 */
export interface FeedOwner {
  /** The account whose certificates it lists. */
  accountId: number;
  /** The user who made it. */
  ownerId: number;
}

const ofOwner = (owner: FeedOwner) =>
  and(eq(certFeeds.accountId, owner.accountId), eq(certFeeds.ownerId, owner.ownerId));

/** Whether the user has a calendar feed of the account, and since when (its address is never shown again). */
export async function feedStatus(
  db: Executor,
  owner: FeedOwner,
): Promise<{ enabled: boolean; created_at: string | null }> {
  const [row] = await db.select({ createdAt: certFeeds.createdAt }).from(certFeeds).where(ofOwner(owner));
  return { enabled: row !== undefined, created_at: row?.createdAt.toISOString() ?? null };
}

/** Makes the user's feed secret, kept hashed: the user's earlier one, if any, stops working. */
export async function createFeed(
  db: Executor,
  owner: FeedOwner,
  now: Date,
): Promise<{ secret: string; created_at: string }> {
  const secret = randomSecret();
  const row = { secretHash: sha256Hex(secret), lookup: secret.slice(0, lookupLength), createdAt: now };
  await db
    .insert(certFeeds)
    .values({ ...owner, ...row })
    .onConflictDoUpdate({ target: [certFeeds.accountId, certFeeds.ownerId], set: row });
  return { secret, created_at: now.toISOString() };
}

/** Removes the user's feed: its address stops answering. Other users' feeds go on. */
export async function revokeFeed(db: Executor, owner: FeedOwner): Promise<void> {
  await db.delete(certFeeds).where(ofOwner(owner));
}

/** The account and maker of the feed this secret opens, or null. */
export async function feedOwner(db: Executor, secret: string): Promise<FeedOwner | null> {
  if (!secretPattern.test(secret)) return null;
  const [row] = await db
    .select({ accountId: certFeeds.accountId, ownerId: certFeeds.ownerId, secretHash: certFeeds.secretHash })
    .from(certFeeds)
    .where(eq(certFeeds.lookup, secret.slice(0, lookupLength)));
  return row && safeEqual(row.secretHash, sha256Hex(secret))
    ? { accountId: row.accountId, ownerId: row.ownerId }
    : null;
}

/** RFC 5545 §3.3.11: a TEXT value with its backslashes, semicolons, commas and line breaks escaped. */
const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** RFC 5545 §3.1: a content line folded at 75 octets, never inside a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // A continuation line starts with a space, which counts towards its 75 octets.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A UTC time in the basic format (`20261124T163500Z`). */
const utc = (time: Date) =>
  time
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

const texts = {
  zh_CN: {
    calendar: '证书到期',
    summary: (name: string) => `证书“${name}”到期`,
    covers: (names: string) => `覆盖域名：${names}`,
  },
  en_US: {
    calendar: 'Certificate expiries',
    summary: (name: string) => `Certificate “${name}” expires`,
    covers: (names: string) => `Covers: ${names}`,
  },
};

/** The in-console notices of spec §9, as the calendar's reminders: 30, 14 and 7 days before. */
const reminderDays = [30, 14, 7];

/**
 * The account's certificate expiries as an iCalendar feed: one event per certificate at the
 * moment it expires, with reminders 30, 14 and 7 days before.
 */
export function expiryCalendar(
  certs: readonly { id: string; name: string; names: readonly string[]; notAfter: Date }[],
  options: { language: 'zh_CN' | 'en_US'; now: Date },
): string {
  const text = texts[options.language];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//CDN Console//Certificate expiries//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(text.calendar)}`,
  ];
  for (const cert of certs) {
    const summary = escapeText(text.summary(cert.name));
    lines.push(
      'BEGIN:VEVENT',
      `UID:${cert.id}@cdn-console`,
      `DTSTAMP:${utc(options.now)}`,
      `DTSTART:${utc(cert.notAfter)}`,
      `DTEND:${utc(new Date(cert.notAfter.getTime() + 60_000))}`,
      `SUMMARY:${summary}`,
      `DESCRIPTION:${escapeText(text.covers(cert.names.join(', ')))}`,
      'TRANSP:TRANSPARENT',
      ...reminderDays.flatMap((days) => [
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        `TRIGGER:-P${days}D`,
        `DESCRIPTION:${summary}`,
        'END:VALARM',
      ]),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
