import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { findAccountByLogin } from '../../../server/modules/account/service';
import {
  createFeed,
  expiryCalendar,
  feedOwner,
  feedStatus,
  revokeFeed,
} from '../../../server/modules/cert/feed';
import { describeServer } from '../../support/server-harness';

const now = new Date('2026-03-01T08:00:00Z');
const day = 86_400;
const longName =
  '生产环境通配证书；主站, 静态资源; 以及 API 网关\\备用 — Production wildcard, static; gateway 证书（二〇二六年续期）';
const certs = [
  { id: 'c-www', name: 'www', names: ['www.example.com'], notAfter: new Date('2026-03-04T16:35:00Z') },
  {
    id: 'c-long',
    name: longName,
    names: ['*.example.com', 'example.com', '静态.example.com'],
    notAfter: new Date('2026-05-20T23:59:59Z'),
  },
  { id: 'c-api', name: 'api', names: ['api.example.com'], notAfter: new Date('2027-01-01T00:00:00Z') },
];

const texts = {
  zh_CN: {
    calendar: '证书到期',
    summary: (name: string) => `证书“${name}”到期`,
    covers: (names: string[]) => `覆盖域名：${names.join(', ')}`,
  },
  en_US: {
    calendar: 'Certificate expiries',
    summary: (name: string) => `Certificate “${name}” expires`,
    covers: (names: string[]) => `Covers: ${names.join(', ')}`,
  },
};

/** The physical lines of an ICS text, which must end every line with CRLF and nowhere else break. */
function physicalLines(ics: string): string[] {
  expect(ics.endsWith('\r\n')).toBe(true);
  const lines = ics.slice(0, -2).split('\r\n');
  for (const line of lines) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
  }
  return lines;
}

describe.each(['zh_CN', 'en_US'] as const)('the calendar of certificate expiries (%s)', (language) => {
  const text = texts[language];

  it('lists each certificate once, at the instant it expires, with reminders 30, 14 and 7 days before', () => {
    const ics = expiryCalendar(certs, { language, now });
    const lines = physicalLines(ics);
    // The long name's event is folded: the limit is met by folding, not by a short input.
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    // RFC 5545 §3.3.11: with its escapes taken out, a TEXT value holds no comma, semicolon or
    // backslash. ical.js reads a bare comma in SUMMARY leniently, so its parse alone would not tell.
    const unfolded = ics.replace(/\r\n /g, '').split('\r\n');
    for (const line of unfolded.filter((l) => /^(SUMMARY|DESCRIPTION|X-WR-CALNAME):/.test(l))) {
      expect(line.slice(line.indexOf(':') + 1).replace(/\\[\\;,nN]/g, '')).not.toMatch(/[\\;,]/);
    }

    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//CDN Console//Certificate expiries//EN');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(text.calendar);

    const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    expect(events.map((e) => e.uid)).toEqual(certs.map((c) => `${c.id}@cdn-console`));
    for (const cert of certs) {
      const event = events.find((e) => e.uid === `${cert.id}@cdn-console`)!;
      expect(event.startDate.toJSDate()).toEqual(cert.notAfter);
      expect(event.endDate.toJSDate().getTime() - cert.notAfter.getTime()).toBeLessThanOrEqual(60_000);
      expect(event.endDate.toJSDate().getTime()).toBeGreaterThanOrEqual(cert.notAfter.getTime());
      expect(event.component.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-03-01T08:00:00Z');
      expect(event.summary).toBe(text.summary(cert.name));
      expect(event.description).toBe(text.covers(cert.names));
      const alarms = event.component.getAllSubcomponents('valarm');
      expect(alarms.map((a) => (a.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds())).toEqual([
        -30 * day,
        -14 * day,
        -7 * day,
      ]);
      for (const alarm of alarms) {
        expect(alarm.getFirstPropertyValue('action')).toBe('DISPLAY');
        expect(alarm.getFirstPropertyValue('description')).toBe(text.summary(cert.name));
      }
    }
  });

  it('is a valid calendar with no events when there are no certificates', () => {
    const ics = expiryCalendar([], { language, now });
    physicalLines(ics);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(text.calendar);
    expect(calendar.getAllSubcomponents('vevent')).toEqual([]);
  });
});

describeServer('the calendar feed secret', (h) => {
  it('opens the account until a new secret or a revocation replaces it', async () => {
    const accountId = (await findAccountByLogin(h().db, 'demo'))!.id;
    const owner = { accountId, ownerId: accountId };
    await revokeFeed(h().db, owner);
    expect(await feedStatus(h().db, owner)).toEqual({ enabled: false, created_at: null });

    const first = await createFeed(h().db, owner, now);
    expect(first.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await feedOwner(h().db, first.secret)).toEqual(owner);
    expect(await feedStatus(h().db, owner)).toEqual({ enabled: true, created_at: now.toISOString() });

    // The same lookup prefix and length, another tail: the hash decides.
    const last = first.secret.at(-1) === 'A' ? 'B' : 'A';
    expect(await feedOwner(h().db, first.secret.slice(0, -1) + last)).toBeNull();
    expect(await feedOwner(h().db, `${first.secret.slice(0, 12)}${'x'.repeat(31)}`)).toBeNull();
    expect(await feedOwner(h().db, first.secret.slice(0, 12))).toBeNull();
    expect(await feedOwner(h().db, `${first.secret}/`)).toBeNull();

    const later = new Date(now.getTime() + 60_000);
    const second = await createFeed(h().db, owner, later);
    expect(second.secret).not.toBe(first.secret);
    expect(await feedOwner(h().db, first.secret)).toBeNull();
    expect(await feedOwner(h().db, second.secret)).toEqual(owner);
    expect(await feedStatus(h().db, owner)).toEqual({ enabled: true, created_at: later.toISOString() });

    await revokeFeed(h().db, owner);
    expect(await feedOwner(h().db, second.secret)).toBeNull();
    expect(await feedStatus(h().db, owner)).toEqual({ enabled: false, created_at: null });
  });
});
