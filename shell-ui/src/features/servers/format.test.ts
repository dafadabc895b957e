import { describe, expect, it } from 'vitest';
import { chartBars, chartUnit } from './chart';
import { elapsedSince, formatDecimal, formatDuration, formatLoad } from './format';

describe('technical service: formatting', () => {
  it('writes durations with their two largest units', () => {
    expect(formatDuration(3 * 86_400 + 4 * 3_600 + 59)).toBe('3 d 4 h');
    expect(formatDuration(2 * 86_400 + 30)).toBe('2 d');
    expect(formatDuration(4 * 3_600 + 12 * 60 + 7)).toBe('4 h 12 min');
    expect(formatDuration(12 * 60 + 5)).toBe('12 min 5 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(null)).toBe('');
  });

  it('writes how long ago, loads and decimals the Spanish way', () => {
    expect(elapsedSince('2026-03-02T10:00:00Z', '2026-03-02T10:05:30Z')).toBe('5 min');
    expect(elapsedSince('2026-03-02T10:00:00Z', '2026-03-02T10:00:12Z')).toBe('12 s');
    expect(formatLoad([0.5, 1.25, 12])).toBe('0,50 · 1,25 · 12,00');
    expect(formatDecimal(4.25)).toBe('4,25');
    expect(formatDecimal(1)).toBe('1');
  });
});

describe('technical service: the chart bars', () => {
  const at = (iso: string, streams: number, users = streams) => ({ at: iso, streams, users });

  it('draws an hour per bar up to two days, a day per bar beyond', () => {
    expect(chartUnit(24)).toBe('hour');
    expect(chartUnit(168)).toBe('day');
    expect(chartUnit(336)).toBe('day');
  });

  it("takes each Madrid hour's peak, in order", () => {
    const bars = chartBars([at('2026-03-02T08:55:00Z', 3, 1), at('2026-03-02T09:00:00Z', 6, 2), at('2026-03-02T09:55:00Z', 4, 4), at('2026-03-02T10:00:00Z', 1, 1)], 24);
    expect(bars).toEqual({ unit: 'hour', labels: ['09 h', '10 h', '11 h'], streams: [3, 6, 1], users: [1, 4, 1] });
  });

  it("takes each Madrid day's peak (23:30 UTC is the next day in Spain)", () => {
    const bars = chartBars([at('2026-02-27T10:00:00Z', 5), at('2026-02-27T23:30:00Z', 9), at('2026-02-28T12:00:00Z', 2)], 168);
    expect(bars.labels).toEqual(['27/02', '28/02']);
    expect(bars.streams).toEqual([5, 9]);
  });

  it("keeps the newer of two hours that read the same at the window's edges", () => {
    const bars = chartBars([at('2026-03-01T04:10:00Z', 8), at('2026-03-01T12:00:00Z', 2), at('2026-03-02T04:05:00Z', 3)], 24);
    expect(bars.labels).toEqual(['13 h', '05 h']);
    expect(bars.streams).toEqual([2, 3]);
  });

  it('has no bars without samples', () => {
    expect(chartBars([], 24)).toEqual({ unit: 'hour', labels: [], streams: [], users: [] });
  });
});
