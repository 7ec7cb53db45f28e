import { limits } from '../limits';
import { parseRange, rangesOverlap, type IpRange, type IpRangeProblem } from './ip';
import { checkText, type TextProblem } from './text';

/** spec §4: an entry of the ban list is banned or unbanned. */
export const ipBanStatuses = ['banned', 'unbanned'] as const;
export type IpBanStatus = (typeof ipBanStatuses)[number];

/** The fields of an entry that decide whether it is in force. */
export interface IpBanState {
  status: IpBanStatus;
  /** ISO time; null means no expiry. */
  expires_at: string | null;
}

/** A ban whose expiry has passed is no longer in force: it reads as unbanned. */
export function effectiveStatus(entry: IpBanState, now: number): IpBanStatus {
  if (entry.status !== 'banned') return 'unbanned';
  return entry.expires_at !== null && Date.parse(entry.expires_at) <= now ? 'unbanned' : 'banned';
}

export type BanLineProblem =
  | IpRangeProblem
  | 'ipBan.rule.duplicate'
  | 'ipBan.rule.overlapsLine'
  | 'ipBan.rule.alreadyBanned'
  | 'ipBan.rule.overlapsEntry';

export interface BanLine {
  /** 1-based line number in the text as typed. */
  line: number;
  input: string;
  /** The canonical text (the entry's id) when the line parses. */
  text?: string;
  range?: IpRange;
  problem?: BanLineProblem;
  /** The other line, or the existing entry, that the problem names. */
  other?: string;
}

export interface BannedEntry {
  id: string;
  range: IpRange;
}

/**
 * Checks the lines of a ban request (one IP or CIDR per line; blank lines are ignored): format,
 * duplicates and overlaps among the lines, then against the entries in force. Same rule on
 * both sides; the server repeats the check against its own list for every entry.
 */
export function checkBanLines(text: string, inForce: readonly BannedEntry[]): BanLine[] {
  const lines: BanLine[] = [];
  const seen: BanLine[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const input = raw.trim();
    if (input === '') continue;
    const line: BanLine = { line: index + 1, input };
    lines.push(line);
    const parsed = parseRange(input);
    if (!parsed.ok) {
      line.problem = parsed.problem;
      continue;
    }
    line.text = parsed.text;
    line.range = parsed.range;
    const duplicate = seen.find((other) => other.text === parsed.text);
    if (duplicate) {
      line.problem = 'ipBan.rule.duplicate';
      line.other = String(duplicate.line);
      continue;
    }
    const overlapping = seen.find((other) => other.range && rangesOverlap(other.range, parsed.range));
    if (overlapping) {
      line.problem = 'ipBan.rule.overlapsLine';
      line.other = String(overlapping.line);
      continue;
    }
    seen.push(line);
    const existing = inForce.find((entry) => rangesOverlap(entry.range, parsed.range));
    if (existing) {
      line.problem = existing.id === parsed.text ? 'ipBan.rule.alreadyBanned' : 'ipBan.rule.overlapsEntry';
      line.other = existing.id;
    }
  }
  return lines;
}

export type BanRequestProblem = 'ipBan.rule.noLines' | 'ipBan.rule.tooManyLines' | 'ipBan.rule.listFull';

/** The limits of one request: at least one line, at most `linesMax`, and room in the list. */
export function checkBanRequest(lineCount: number, inForceCount: number): BanRequestProblem | null {
  if (lineCount === 0) return 'ipBan.rule.noLines';
  if (lineCount > limits.ipBan.linesMax) return 'ipBan.rule.tooManyLines';
  if (inForceCount + lineCount > limits.ipBan.entriesMax) return 'ipBan.rule.listFull';
  return null;
}

export type BanFieldProblem =
  'ipBan.reason.tooLong' | 'ipBan.expiry.format' | 'ipBan.expiry.past' | TextProblem;

/** Reason: optional, one line of at most `reasonMax` characters. */
export function checkReason(reason: string): BanFieldProblem | null {
  return (
    checkText(reason) ?? ([...reason.trim()].length > limits.ipBan.reasonMax ? 'ipBan.reason.tooLong' : null)
  );
}

/** ISO 8601 date and time with seconds and an offset, as the API takes it. */
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/** Expiry: optional; when given, an ISO date and time with an offset, later than `now`. */
export function checkExpiry(expiresAt: string | null, now: number): BanFieldProblem | null {
  if (expiresAt === null) return null;
  if (!isoDateTime.test(expiresAt)) return 'ipBan.expiry.format';
  const time = Date.parse(expiresAt);
  if (Number.isNaN(time)) return 'ipBan.expiry.format';
  return time <= now ? 'ipBan.expiry.past' : null;
}
