import { describe, expect, it } from 'vitest';
import { byteTicks, formatValue } from '../../../../src/features/statistics/metrics';

describe('axis ticks for bytes', () => {
  it.each([
    [14.77 * 1024 ** 4, 4, ['0 B', '5.00 TB', '10.00 TB', '15.00 TB']],
    [1.09 * 1024 ** 4, 5, ['0 B', '512.00 GB', '1.00 TB', '1.50 TB']],
    [900, 4, ['0 B', '500 B', '1000 B']],
    [3 * 1024 ** 2, 4, ['0 B', '1.00 MB', '2.00 MB', '3.00 MB']],
  ])('steps round in the unit the largest value reads in (%d)', (max, count, labels) => {
    const ticks = byteTicks(max, count);
    expect(ticks.map((t) => formatValue(t, 'bytes', 'en-US'))).toEqual(labels);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
  });

  it('gives one tick for nothing', () => {
    expect(byteTicks(0, 4)).toEqual([0]);
  });
});
