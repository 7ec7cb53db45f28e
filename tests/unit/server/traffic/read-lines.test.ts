import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { logLine, type LogLineInput } from '../../../../src/contract/traffic';
import { emptySketch, hllAdd, hllCount, hllPosition } from '../../../../server/modules/traffic/hll';
import { RawLogs } from '../../../../server/modules/traffic/raw-logs';
import {
  placeLines,
  quickLine,
  scanText,
  shareOf,
  type ParsedLine,
} from '../../../../server/modules/traffic/read-lines';
import { combineRows, type RollupRows } from '../../../../server/modules/traffic/rollup-rows';

const t0 = Date.UTC(2026, 10, 24, 2, 0, 0);

const base: LogLineInput = {
  time: t0,
  domain: 'www.example.com',
  client: '202.96.134.133',
  method: 'GET',
  url: '/index.html',
  status: 200,
  bytes: 1024,
  request_time: 0.012,
  cache: 'HIT',
  ua: 'Mozilla/5.0',
  referer: 'https://ref.example/',
  blocked_by: null,
  sample: 1,
};

// Values each field is tried with: the bounds of the line format, wrong types, absent.
const tries: Record<string, unknown[]> = {
  time: [0, -1, 1.5, t0, Number.MAX_SAFE_INTEGER, 2 ** 60, '2026-11-24T10:00:00+08:00', 'soon', null],
  domain: ['', 'a', 'x'.repeat(253), 'x'.repeat(254), 'WWW.Example.COM', 7],
  client: [
    '1.2.3.4',
    '255.255.255.255',
    '256.1.1.1',
    '01.2.3.4',
    '1.2.3',
    '::1',
    '2001:db8::1',
    ' 1.2.3.4',
    5,
  ],
  method: ['', 'G', 'x'.repeat(16), 'x'.repeat(17), 'post', null],
  url: ['', '/', '/a?b=c', 3],
  status: [99, 100, 599, 600, 200.5, '200'],
  bytes: [-1, 0, 1.5, 2 ** 53, '1'],
  request_time: [-0.001, 0, Number.POSITIVE_INFINITY, '0.1', null],
  cache: ['HIT', 'MISS', 'hit', 'STALE', null],
  ua: ['', 'x'.repeat(2000), null, 1],
  referer: ['', 'https://a/', null],
  blocked_by: [null, 'ip-ban', 'rate-limit', 'nothing', ''],
  sample: [0, 1, 1_000_000, 1_000_001, 2.5, '3'],
};

function variants(): unknown[] {
  const out: unknown[] = [base, { ...base, extra: 'dropped' }, [], null, 'line', 42];
  for (const [field, values] of Object.entries(tries)) {
    const without: Record<string, unknown> = { ...base };
    delete without[field];
    out.push(without);
    for (const value of values) out.push({ ...base, [field]: value });
  }
  return out;
}

describe('the quick reading of a log line', () => {
  it('takes nothing the line format refuses, and gives what it gives', () => {
    for (const json of variants()) {
      const quick = quickLine(json);
      const checked = logLine.safeParse(json);
      if (quick === null) {
        // Only lines the schema refuses, or the uncommon forms, are left to it.
        const value = (json ?? {}) as { time?: unknown; client?: unknown };
        const uncommon = typeof value.time === 'string' || String(value.client).includes(':');
        if (checked.success) expect(uncommon, JSON.stringify(json)).toBe(true);
        continue;
      }
      expect(checked.success, JSON.stringify(json)).toBe(true);
      expect(quick).toEqual(checked.data);
      expect(Object.keys(quick)).toEqual(Object.keys(checked.data!));
    }
  });

  it('leaves ISO times and IPv6 clients to the schema, which takes them', () => {
    for (const json of [
      { ...base, time: '2026-11-24T10:00:00+08:00' },
      { ...base, client: '2001:db8::1' },
    ]) {
      expect(quickLine(json)).toBeNull();
      expect(logLine.safeParse(json).success).toBe(true);
    }
  });
});

const body = (lines: string[]) => new Uint8Array(Buffer.from(lines.join('\n')));

describe('reading a body', () => {
  it('numbers every line, blank ones too, and refuses what is not a log line', () => {
    const scan = scanText(
      body([
        JSON.stringify(base),
        '',
        '  ',
        'not json',
        JSON.stringify({ ...base, status: 7 }),
        JSON.stringify(base),
      ]),
    );
    expect(scan.lines).toBe(6);
    expect(scan.checked.map((c) => c.line)).toEqual([1, 6]);
    expect(scan.rejected).toBe(2);
    expect(scan.errors.map((e) => e.line)).toEqual([4, 5]);
    expect(scan.errors[1]!.reason).toMatch(/^status:/);
  });

  it('reads CRLF line ends, spaces around a line and a byte order mark first', () => {
    const text = `\uFEFF${JSON.stringify(base)}\r\n  ${JSON.stringify(base)}  \r\n`;
    const bytes = new Uint8Array(Buffer.from(text));
    const scan = scanText(bytes);
    expect(scan.checked).toHaveLength(2);
    // The kept line is the line itself, without what surrounds it.
    const kept = scan.checked.map((c) => {
      const raw = c.raw as { from: number; to: number };
      return Buffer.from(bytes.subarray(raw.from, raw.to)).toString();
    });
    expect(kept).toEqual([JSON.stringify(base), JSON.stringify(base)]);
  });

  it('gives every line of a domain to one share, and every line to exactly one share', () => {
    const lines = [
      JSON.stringify({ ...base, domain: 'a.example.com' }),
      JSON.stringify({ ...base, domain: 'A.Example.COM' }),
      `{"domain" :  "a.example.com", "time": ${t0}}`,
      JSON.stringify({ ...base, domain: 'b.example.com' }),
      JSON.stringify({ ...base, domain: 'c.example.com' }),
      JSON.stringify({ ...base, domain: 'd.example.com' }),
      'not json',
      JSON.stringify({ ...base, domain: 'e\\u0078.example.com' }),
      '{"no":"domain"}',
    ];
    const bytes = body(lines);
    const offsets: [number, number][] = [];
    let at = 0;
    for (const line of lines) {
      offsets.push([at, at + Buffer.byteLength(line)]);
      at += Buffer.byteLength(line) + 1;
    }
    const shareOfLine = (i: number) => shareOf(bytes, offsets[i]![0], offsets[i]![1], 3);
    expect(shareOfLine(1)).toBe(shareOfLine(0));
    expect(shareOfLine(2)).toBe(shareOfLine(0));
    // Escapes and lines without a domain go to the first share.
    expect(shareOfLine(7)).toBe(0);
    expect(shareOfLine(8)).toBe(0);
    expect(new Set([3, 4, 5, 0].map(shareOfLine)).size).toBeGreaterThan(1);

    const whole = scanText(bytes);
    const shares = [0, 1, 2].map((index) => scanText(bytes, { index, of: 3 }));
    expect(shares.flatMap((s) => s.checked.map((c) => c.line)).sort((a, b) => a - b)).toEqual(
      whole.checked.map((c) => c.line),
    );
    expect(shares.flatMap((s) => s.errors).sort((a, b) => a.line - b.line)).toEqual(whole.errors);
    expect(shares.reduce((n, s) => n + s.rejected, 0)).toBe(whole.rejected);
  });

  it('refuses lines past the per-call limit, of unknown domains and out of time', () => {
    const domains = [{ id: 'd1', accountId: 1, name: 'www.example.com' }];
    const now = t0 + 60_000;
    const scan = scanText(
      body([
        JSON.stringify(base),
        JSON.stringify({ ...base, domain: 'other.example.com' }),
        JSON.stringify({ ...base, time: now + 3_600_000 }),
        JSON.stringify({ ...base, domain: 'WWW.EXAMPLE.COM' }),
      ]),
    );
    const placed = placeLines(scan, domains, now);
    expect(placed.lines.map((l) => l.hit.domainId)).toEqual(['d1', 'd1']);
    expect(placed.errors).toEqual([
      { line: 2, reason: 'unknown domain other.example.com' },
      { line: 3, reason: 'time out of range' },
    ]);
  });
});

describe('keeping raw lines', () => {
  it('packs lines from the body as they came, and lines given as text, per domain and hour', () => {
    const lines = [JSON.stringify(base), JSON.stringify({ ...base, url: '/b' })];
    const bytes = body(lines);
    const scan = scanText(bytes);
    const hit = (domainId: string, at: number) =>
      ({ accountId: 1, domainId, at }) as unknown as ParsedLine['hit'];
    const parsed: ParsedLine[] = [
      { hit: hit('d1', t0), raw: scan.checked[0]!.raw },
      { hit: hit('d1', t0 + 60_000), raw: scan.checked[1]!.raw },
      { hit: hit('d1', t0 + 60_000), raw: '{"given":"as text"}' },
      { hit: hit('d2', t0), raw: scan.checked[1]!.raw },
      { hit: hit('d1', t0 + 3_600_000), raw: '' },
    ];
    const packed = RawLogs.pack(parsed, t0, bytes);
    expect(packed.map((p) => [p.domainId, RawLogs.hourName(p.at)])).toEqual([
      ['d1', RawLogs.hourName(t0)],
      ['d2', RawLogs.hourName(t0)],
    ]);
    expect(gunzipSync(packed[0]!.bytes).toString()).toBe(`${lines[0]}\n${lines[1]}\n{"given":"as text"}\n`);
    expect(gunzipSync(packed[1]!.bytes).toString()).toBe(`${lines[1]}\n`);
  });
});

describe('the rows of several pieces', () => {
  it('merges the pieces’ visitor sketches of one domain and day, and keeps every statement', () => {
    const sketch = (clients: string[]) => {
      const s = emptySketch();
      for (const c of clients) hllAdd(s, hllPosition(c));
      return Buffer.from(s).toString('hex');
    };
    const piece = (clients: string[], domainId: string): RollupRows => ({
      spans: [],
      chunks: [{ table: 'traffic_1m', shape: 'points', columns: [] }],
      sketches: [
        { accountId: 1, domainId, day: t0, hex: sketch(clients) },
        { accountId: 1, domainId: '*', day: t0, hex: sketch(clients) },
      ],
    });
    const rows = combineRows([piece(['1.1.1.1', '2.2.2.2'], 'a'), piece(['2.2.2.2', '3.3.3.3'], 'b')]);
    expect(rows.chunks).toHaveLength(2);
    const count = (domainId: string) =>
      hllCount(Buffer.from(rows.sketches.find((s) => s.domainId === domainId)!.hex, 'hex'));
    expect(rows.sketches).toHaveLength(3);
    expect(count('a')).toBe(2);
    expect(count('b')).toBe(2);
    expect(count('*')).toBe(3);
  });
});
