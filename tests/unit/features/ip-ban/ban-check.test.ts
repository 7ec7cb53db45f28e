import { describe, expect, it } from 'vitest';
import { parseRange } from '../../../../src/contract/rules/ip';
import { checkBanLines, type BannedEntry } from '../../../../src/contract/rules/ip-ban';
import {
  checkBanText,
  indexInForce,
  replaceLine,
  suggestionFor,
} from '../../../../src/features/ip-ban/ban-check';

function banned(id: string): BannedEntry {
  const parsed = parseRange(id);
  if (!parsed.ok) throw new Error(id);
  return { id: parsed.text, range: parsed.range };
}

/** A small deterministic generator, so that a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function randomRange(next: () => number): string {
  if (next() < 0.7) {
    // Addresses and ranges in a small space, so that many overlap.
    const prefix = [8, 16, 24, 28, 30, 31, 32][Math.floor(next() * 7)] ?? 32;
    const value =
      (10 << 24) | (Math.floor(next() * 4) << 16) | (Math.floor(next() * 4) << 8) | Math.floor(next() * 256);
    const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
    const network = (value & mask) >>> 0;
    const text = [24, 16, 8, 0].map((s) => (network >>> s) & 255).join('.');
    return prefix === 32 ? text : `${text}/${prefix}`;
  }
  const prefix = [32, 48, 64, 128][Math.floor(next() * 4)] ?? 128;
  const group = Math.floor(next() * 3).toString(16);
  if (prefix === 32) return '2001:db8::/32';
  return prefix === 128 ? `2001:db8:${group}::${Math.floor(next() * 9)}` : `2001:db8:${group}::/${prefix}`;
}

describe('the ban check of the dialog', () => {
  it('finds the same problems as the contract rule against the whole list', () => {
    const next = random(42);
    const seen = new Set<string>();
    for (let round = 0; round < 40; round++) {
      const inForce: BannedEntry[] = [];
      for (let i = 0; i < 60; i++) {
        const parsed = parseRange(randomRange(next));
        if (parsed.ok && !inForce.some((e) => e.id === parsed.text)) inForce.push(banned(parsed.text));
      }
      const text = Array.from({ length: 25 }, () => randomRange(next)).join('\n');
      const expected = checkBanLines(text, inForce);
      expect(checkBanText(text, indexInForce(inForce)).lines, text).toEqual(expected);
      for (const line of expected) if (line.problem) seen.add(line.problem);
    }
    // The cases compared include every kind of problem with the list and between lines.
    expect([...seen].sort()).toEqual(
      expect.arrayContaining([
        'ipBan.rule.alreadyBanned',
        'ipBan.rule.duplicate',
        'ipBan.rule.overlapsEntry',
        'ipBan.rule.overlapsLine',
      ]),
    );
  });

  it('names the entry of the list in force that a line overlaps first', () => {
    const index = indexInForce([banned('10.0.0.0/8'), banned('10.1.0.0/16'), banned('2001:db8::/32')]);
    const check = checkBanText('10.1.2.3\n2001:db8:1::/48\n192.0.2.1', index);
    expect(check.lines.map((l) => [l.line, l.problem, l.other])).toEqual([
      [1, 'ipBan.rule.overlapsEntry', '10.0.0.0/8'],
      [2, 'ipBan.rule.overlapsEntry', '2001:db8::/32'],
      [3, undefined, undefined],
    ]);
    expect(check.problemCount).toBe(2);
    expect(check.valid).toEqual([]);
  });

  it('gives the canonical texts to ban when nothing is wrong', () => {
    const check = checkBanText('  2001:DB8::1 \n\n192.0.2.0/24\n', indexInForce([]));
    expect(check).toMatchObject({
      lineCount: 2,
      request: null,
      problemCount: 0,
      valid: ['2001:db8::1', '192.0.2.0/24'],
    });
  });

  it('checks the request limits: no lines, more than 500, a full list', () => {
    expect(checkBanText(' \n', indexInForce([])).request).toBe('ipBan.rule.noLines');
    const many = Array.from({ length: 501 }, (_, i) => `10.0.${Math.floor(i / 256)}.${i % 256}`).join('\n');
    const tooMany = checkBanText(many, indexInForce([]));
    expect(tooMany).toMatchObject({
      lineCount: 501,
      request: 'ipBan.rule.tooManyLines',
      lines: [],
      valid: [],
    });
    const full = Array.from({ length: 10_000 }, (_, i) =>
      banned(`10.${Math.floor(i / 65536)}.${Math.floor(i / 256) % 256}.${i % 256}`),
    );
    expect(checkBanText('192.0.2.1', indexInForce(full)).request).toBe('ipBan.rule.listFull');
    expect(checkBanText('192.0.2.1', indexInForce(full.slice(1))).request).toBeNull();
  });

  it('offers the network address for a range written with host bits, and puts it in its line', () => {
    const [line] = checkBanText('192.0.2.7/24', indexInForce([])).lines;
    expect(line && suggestionFor(line)).toBe('192.0.2.0/24');
    expect(replaceLine('a\r\n  192.0.2.7/24\nc', 2, '192.0.2.0/24')).toBe('a\r\n  192.0.2.0/24\nc');
    expect(replaceLine('a', 3, 'x')).toBe('a');
  });
});
