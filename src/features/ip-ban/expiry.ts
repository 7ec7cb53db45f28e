import { checkExpiry, type BanFieldProblem } from '../../contract/rules/ip-ban';

const HOUR = 3_600_000;

/** The expiry choices of the ban and edit forms; a preset counts from the moment of submitting. */
export const expiryPresets = {
  hour: HOUR,
  day: 24 * HOUR,
  week: 7 * 24 * HOUR,
  month: 30 * 24 * HOUR,
} as const;
export type ExpiryPreset = keyof typeof expiryPresets;

export type ExpiryMode = 'none' | ExpiryPreset | 'custom' | 'unchanged';

export interface ExpiryChoice {
  mode: ExpiryMode;
  /** A `datetime-local` value (local time, minutes), for `custom`. */
  custom: string;
  /** The entry's expiry, for `unchanged` (the edit form). */
  current?: string | null;
}

export const noExpiry: ExpiryChoice = { mode: 'none', custom: '' };

/** The `datetime-local` text of a time, in the viewer's zone. */
export function localInputValue(time: number): string {
  const date = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The choice of the edit form for an entry's expiry: kept as it is unless changed. */
export function choiceFor(expiresAt: string | null): ExpiryChoice {
  if (expiresAt === null) return { mode: 'none', custom: '' };
  const time = Date.parse(expiresAt);
  return { mode: 'unchanged', custom: Number.isNaN(time) ? '' : localInputValue(time), current: expiresAt };
}

/** The expiry to send (ISO 8601, UTC), or the rule the choice breaks. */
export function resolveExpiry(
  choice: ExpiryChoice,
  now: number,
): { ok: true; expiresAt: string | null } | { ok: false; problem: BanFieldProblem } {
  let expiresAt: string | null;
  switch (choice.mode) {
    case 'none':
      return { ok: true, expiresAt: null };
    case 'unchanged':
      expiresAt = choice.current ?? null;
      break;
    case 'custom': {
      // A datetime-local value without a time zone reads as local time.
      const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(choice.custom)
        ? new Date(choice.custom).getTime()
        : NaN;
      if (Number.isNaN(time)) return { ok: false, problem: 'ipBan.expiry.format' };
      expiresAt = new Date(time).toISOString();
      break;
    }
    default:
      expiresAt = new Date(now + expiryPresets[choice.mode]).toISOString();
  }
  const problem = checkExpiry(expiresAt, now);
  return problem === null ? { ok: true, expiresAt } : { ok: false, problem };
}
