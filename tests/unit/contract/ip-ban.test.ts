import { describe, expect, it } from 'vitest';
import { targetsOf } from '../../../src/commands/command';
import { commands } from '../../../src/commands/registry';
import { ipBanBanPayload, ipBanUpdatePayload } from '../../../src/contract/ip-ban';
import { limits } from '../../../src/contract/limits';
import { parseRange } from '../../../src/contract/rules/ip';
import {
  checkBanLines,
  checkBanRequest,
  checkExpiry,
  checkReason,
  effectiveStatus,
  type BannedEntry,
} from '../../../src/contract/rules/ip-ban';

function entry(id: string): BannedEntry {
  const parsed = parseRange(id);
  if (!parsed.ok) throw new Error(id);
  return { id: parsed.text, range: parsed.range };
}

/** Line number → [problem, other] of every line that has a problem. */
const problems = (text: string, inForce: BannedEntry[] = []) =>
  Object.fromEntries(
    checkBanLines(text, inForce)
      .filter((line) => line.problem)
      .map((line) => [line.line, [line.problem, line.other]]),
  );

describe('checkBanLines: the lines of one request', () => {
  it('accepts distinct lines, skipping blank ones but counting them in the line numbers', () => {
    const lines = checkBanLines('192.0.2.1\n\n  198.51.100.0/24  \r\n2001:DB8::/48\n', []);
    expect(lines.map((l) => [l.line, l.text, l.problem])).toEqual([
      [1, '192.0.2.1', undefined],
      [3, '198.51.100.0/24', undefined],
      [4, '2001:db8::/48', undefined],
    ]);
  });

  it('gives no lines for blank text', () => {
    expect(checkBanLines('\n  \n', [])).toEqual([]);
  });

  it('reports each line that does not parse, with its own problem', () => {
    expect(problems('192.0.2.01\n192.0.2.0/33\n10.0.0.0/7\n192.0.2.7/24')).toEqual({
      1: ['ipBan.rule.format', undefined],
      2: ['ipBan.rule.prefix', undefined],
      3: ['ipBan.rule.tooWide', undefined],
      4: ['ipBan.rule.hostBits', undefined],
    });
  });

  it('reports a duplicate with the line it repeats, also when written differently', () => {
    expect(problems('192.0.2.1\n198.51.100.1\n192.0.2.1/32\n2001:db8::1\n2001:DB8:0::1')).toEqual({
      3: ['ipBan.rule.duplicate', '1'],
      5: ['ipBan.rule.duplicate', '4'],
    });
  });

  it('reports a line overlapping an earlier one, either way round', () => {
    expect(problems('192.0.2.0/24\n192.0.2.9')).toEqual({ 2: ['ipBan.rule.overlapsLine', '1'] });
    expect(problems('192.0.2.9\n192.0.2.0/24')).toEqual({ 2: ['ipBan.rule.overlapsLine', '1'] });
    expect(problems('192.0.2.0/25\n192.0.2.128/25\n192.0.2.0/24')).toEqual({
      3: ['ipBan.rule.overlapsLine', '1'],
    });
  });

  it('does not compare a refused line with the others', () => {
    expect(problems('192.0.2.7/24\n192.0.2.7')).toEqual({ 1: ['ipBan.rule.hostBits', undefined] });
  });

  it('reports a line already banned, or overlapping an entry in force, naming the entry', () => {
    const inForce = [entry('192.0.2.0/24'), entry('2001:db8::1')];
    expect(problems('192.0.2.0/24\n2001:db8::1\n198.51.100.1', inForce)).toEqual({
      1: ['ipBan.rule.alreadyBanned', '192.0.2.0/24'],
      2: ['ipBan.rule.alreadyBanned', '2001:db8::1'],
    });
    // Inside the entry, and around it.
    expect(problems('192.0.2.77', inForce)).toEqual({ 1: ['ipBan.rule.overlapsEntry', '192.0.2.0/24'] });
    expect(problems('192.0.0.0/16', inForce)).toEqual({ 1: ['ipBan.rule.overlapsEntry', '192.0.2.0/24'] });
    expect(problems('192.0.3.0/24\n2001:db8::/127', inForce)).toEqual({
      2: ['ipBan.rule.overlapsEntry', '2001:db8::1'],
    });
  });

  it('does not confuse the families: 0.0.0.1 and ::1 are different addresses', () => {
    expect(problems('::1\n0.0.0.1', [entry('0.0.0.1')])).toEqual({
      2: ['ipBan.rule.alreadyBanned', '0.0.0.1'],
    });
  });
});

describe('checkBanRequest: the limits of one request', () => {
  const { linesMax, entriesMax } = limits.ipBan;

  it('uses the limits of the console', () => {
    expect([linesMax, entriesMax]).toEqual([500, 10_000]);
  });

  it.each([
    [0, 0, 'ipBan.rule.noLines'],
    [1, 0, null],
    [500, 0, null],
    [501, 0, 'ipBan.rule.tooManyLines'],
    [1, 9_999, null],
    [1, 10_000, 'ipBan.rule.listFull'],
    [2, 9_999, 'ipBan.rule.listFull'],
    [500, 9_500, null],
    [500, 9_501, 'ipBan.rule.listFull'],
    [501, 9_600, 'ipBan.rule.tooManyLines'],
  ])('%i lines with %i entries in force → %s', (lines, inForce, problem) => {
    expect(checkBanRequest(lines, inForce)).toBe(problem);
  });
});

describe('checkReason: optional, at most 100 characters', () => {
  it.each([
    ['empty', '', null],
    ['100 characters', 'a'.repeat(100), null],
    ['101 characters', 'a'.repeat(101), 'ipBan.reason.tooLong'],
    ['100 Chinese characters', '封'.repeat(100), null],
    ['101 Chinese characters', '封'.repeat(101), 'ipBan.reason.tooLong'],
    ['100 emoji (200 UTF-16 units)', '🚫'.repeat(100), null],
    ['100 characters between spaces', `  ${'a'.repeat(100)}  `, null],
  ])('%s → %s', (_why, reason, problem) => {
    expect(checkReason(reason)).toBe(problem);
  });
});

describe('checkExpiry: optional, later than now', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it.each([
    ['none', null, null],
    ['one millisecond later', '2026-03-01T12:00:00.001Z', null],
    ['a day later, with an offset', '2026-03-02T20:00:00+08:00', null],
    ['exactly now', '2026-03-01T12:00:00Z', 'ipBan.expiry.past'],
    ['now, written with an offset', '2026-03-01T20:00:00+08:00', 'ipBan.expiry.past'],
    ['an hour ago', '2026-03-01T11:00:00Z', 'ipBan.expiry.past'],
    ['not a time', 'tomorrow', 'ipBan.expiry.format'],
    ['without an offset', '2030-01-01T00:00:00', 'ipBan.expiry.format'],
    ['a date only', '2030-01-01', 'ipBan.expiry.format'],
    ['a free-form date', 'Jan 1 2030', 'ipBan.expiry.format'],
    ['empty', '', 'ipBan.expiry.format'],
  ])('%s → %s', (_why, expiry, problem) => {
    expect(checkExpiry(expiry, now)).toBe(problem);
  });
});

describe('effectiveStatus: an expired ban reads as unbanned', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it.each([
    ['banned', null, 'banned'],
    ['banned', '2026-03-01T12:00:00.001Z', 'banned'],
    ['banned', '2026-03-01T12:00:00Z', 'unbanned'],
    ['banned', '2026-02-01T00:00:00Z', 'unbanned'],
    ['unbanned', null, 'unbanned'],
    ['unbanned', '2027-01-01T00:00:00Z', 'unbanned'],
  ] as const)('%s, expiring %s → %s', (status, expires_at, effective) => {
    expect(effectiveStatus({ status, expires_at }, now)).toBe(effective);
  });
});

describe('ban commands', () => {
  it('name the aggregate by the canonical text of the range', () => {
    const payload = ipBanBanPayload.parse({ cidr: ' 2001:DB8:0::/48 ' });
    expect(payload).toEqual({ cidr: '2001:db8::/48', reason: '', expires_at: null });
    expect(targetsOf(commands['ipBan.ban'], payload)).toEqual([{ kind: 'ipBan', id: '2001:db8::/48' }]);
  });

  it('refuse a payload with the rules’ message ids', () => {
    const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
      result.error?.issues.map((issue) => issue.message);
    expect(issues(ipBanBanPayload.safeParse({ cidr: '192.0.2.7/24' }))).toEqual(['ipBan.rule.hostBits']);
    expect(issues(ipBanBanPayload.safeParse({ cidr: '192.0.2.1', reason: 'x'.repeat(101) }))).toEqual([
      'ipBan.reason.tooLong',
    ]);
    expect(
      issues(ipBanUpdatePayload.safeParse({ cidr: '192.0.2.1', reason: '', expires_at: 'tomorrow' })),
    ).toEqual(['ipBan.expiry.format']);
  });
});
