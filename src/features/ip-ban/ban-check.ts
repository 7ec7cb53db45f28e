import { limits } from '../../contract/limits';
import { rangeEnd, suggestedNetwork, type IpRange } from '../../contract/rules/ip';
import {
  checkBanLines,
  checkBanRequest,
  type BanLine,
  type BannedEntry,
  type BanRequestProblem,
} from '../../contract/rules/ip-ban';

const bitsOf = (family: 4 | 6) => (family === 4 ? 32 : 128);

/**
 * The entries in force, indexed so that the few a line can overlap are found without comparing
 * the line with all of them (500 lines against 10,000 entries on every keystroke otherwise).
 * Two CIDR ranges overlap only when one contains the other: an entry containing a line holds
 * the line's first address at one of the prefixes in use; an entry inside a line starts
 * between the line's first and last address.
 */
export interface InForceIndex {
  entries: readonly BannedEntry[];
  /** The entries that may overlap any of `ranges`, in the order of `entries`. */
  candidates(ranges: Iterable<IpRange>): BannedEntry[];
}

export function indexInForce(entries: readonly BannedEntry[]): InForceIndex {
  const position = new Map<BannedEntry, number>();
  const byNetwork = new Map<string, BannedEntry[]>();
  const prefixes: Record<4 | 6, Set<number>> = { 4: new Set(), 6: new Set() };
  const starts: Record<4 | 6, BannedEntry[]> = { 4: [], 6: [] };
  entries.forEach((entry, i) => {
    position.set(entry, i);
    const key = `${entry.range.family}/${entry.range.prefix}/${entry.range.start}`;
    byNetwork.set(key, [...(byNetwork.get(key) ?? []), entry]);
    prefixes[entry.range.family].add(entry.range.prefix);
    starts[entry.range.family].push(entry);
  });
  for (const list of Object.values(starts)) list.sort((a, b) => (a.range.start < b.range.start ? -1 : 1));

  function firstStartingAt(list: readonly BannedEntry[], start: bigint): number {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((list[mid]?.range.start ?? 0n) < start) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  return {
    entries,
    candidates(ranges) {
      const found = new Set<BannedEntry>();
      for (const range of ranges) {
        const bits = bitsOf(range.family);
        for (const prefix of prefixes[range.family]) {
          if (prefix > range.prefix) continue;
          const mask = ((1n << BigInt(bits)) - 1n) ^ ((1n << BigInt(bits - prefix)) - 1n);
          const key = `${range.family}/${prefix}/${range.start & mask}`;
          for (const entry of byNetwork.get(key) ?? []) found.add(entry);
        }
        const list = starts[range.family];
        const end = rangeEnd(range);
        for (let i = firstStartingAt(list, range.start); i < list.length; i++) {
          const entry = list[i];
          if (!entry || entry.range.start > end) break;
          found.add(entry);
        }
      }
      return [...found].sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
    },
  };
}

export interface BanCheck {
  /** The non-blank lines, each with its problem if any; empty when there are too many to check. */
  lines: BanLine[];
  lineCount: number;
  /** The problem of the request as a whole (no lines, too many, list full). */
  request: BanRequestProblem | null;
  problemCount: number;
  /** The canonical texts to ban, when nothing is wrong. */
  valid: string[];
}

const countLines = (text: string) => text.split(/\r?\n/).filter((line) => line.trim() !== '').length;

/** The rules of a ban request (checkBanLines, checkBanRequest) against the entries in force. */
export function checkBanText(text: string, index: InForceIndex): BanCheck {
  const lineCount = countLines(text);
  const request = checkBanRequest(lineCount, index.entries.length);
  // Past the limit the request cannot be sent whatever the lines hold: say so, without
  // comparing thousands of pasted lines with each other.
  if (lineCount > limits.ipBan.linesMax) {
    return { lines: [], lineCount, request, problemCount: 0, valid: [] };
  }
  const ranges = checkBanLines(text, []).flatMap((line) => (line.range ? [line.range] : []));
  const lines = checkBanLines(text, index.candidates(ranges));
  const problemCount = lines.filter((line) => line.problem).length;
  const valid = problemCount === 0 && request === null ? lines.map((line) => line.text ?? line.input) : [];
  return { lines, lineCount, request, problemCount, valid };
}

/** For a range written with host bits: the network it probably meant. */
export function suggestionFor(line: BanLine): string | null {
  return line.problem === 'ipBan.rule.hostBits' ? suggestedNetwork(line.input) : null;
}

/** Replaces line `lineNumber` (1-based) of `text`. */
export function replaceLine(text: string, lineNumber: number, replacement: string): string {
  const lines = text.split(/(\r?\n)/);
  // With the separators kept, line n is at index 2(n-1).
  const index = 2 * (lineNumber - 1);
  if (index >= lines.length) return text;
  const indent = /^\s*/.exec(lines[index] ?? '')?.[0] ?? '';
  lines[index] = `${indent}${replacement}`;
  return lines.join('');
}
