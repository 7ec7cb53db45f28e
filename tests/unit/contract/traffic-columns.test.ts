import { describe, expect, it } from 'vitest';
import {
  columnsOf,
  pointsOf,
  seriesOf,
  trafficColumns,
  trafficSums,
  type TrafficPoint,
} from '../../../src/contract/traffic';

const point = (at: string, n: number): TrafficPoint => ({
  at,
  ...(Object.fromEntries(trafficSums.map((sum, i) => [sum, n * 100 + i])) as Omit<TrafficPoint, 'at'>),
});

describe('a series as columns', () => {
  const points = [point('2026-11-01T00:00:00.000Z', 1), point('2026-11-01T00:05:00.000Z', 2)];

  it('carries every sum of every point and gives them back as they were', () => {
    const columns = columnsOf(points);
    expect(columns.at).toEqual([Date.parse(points[0]!.at), Date.parse(points[1]!.at)]);
    expect(columns.bytes).toEqual([101, 201]);
    expect(trafficColumns.parse(columns)).toEqual(columns);
    expect(pointsOf(columns)).toEqual(points);
  });

  it('gives a whole answer its points and those of the period before as objects', () => {
    const summary = {} as never;
    const answer = {
      granularity: 5,
      points: columnsOf(points),
      summary,
      previous: { points: columnsOf(points.slice(0, 1)), summary },
      markers: [],
      latest_at: null,
    };
    const series = seriesOf(answer);
    expect(series.points).toEqual(points);
    expect(series.previous?.points).toEqual(points.slice(0, 1));
    expect(seriesOf({ ...answer, previous: null }).previous).toBeNull();
  });

  it('is less than half the size of as many objects for a month of 5-minute points', () => {
    const month = Array.from({ length: 8641 }, (_, i) =>
      point(new Date(Date.UTC(2026, 10, 1) + i * 300_000).toISOString(), i),
    );
    expect(JSON.stringify(columnsOf(month)).length * 2).toBeLessThan(JSON.stringify(month).length);
  });
});
