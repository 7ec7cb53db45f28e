import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../src/ui/format';

describe('formatDateTime (spec §5)', () => {
  it('writes YYYY-MM-DD HH:mm:ss with padding', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 7, 3, 9))).toBe('2026-01-05 07:03:09');
    expect(formatDateTime(new Date(2026, 11, 31, 23, 59, 59))).toBe('2026-12-31 23:59:59');
  });

  it('reads server strings and epochs', () => {
    expect(formatDateTime('2026-03-04 05:06:07')).toBe('2026-03-04 05:06:07');
    expect(formatDateTime(new Date(2026, 2, 4, 5, 6, 7).getTime())).toBe('2026-03-04 05:06:07');
  });

  it("shows the zero time 1970-01-01 08:00:00 as '--'", () => {
    expect(formatDateTime('1970-01-01 08:00:00')).toBe('--');
    expect(formatDateTime(0)).toBe('--');
    expect(formatDateTime(new Date(0))).toBe('--');
  });

  it("shows nothing readable as '--'", () => {
    expect(formatDateTime(null)).toBe('--');
    expect(formatDateTime(undefined)).toBe('--');
    expect(formatDateTime('')).toBe('--');
    expect(formatDateTime('not a date')).toBe('--');
  });
});
