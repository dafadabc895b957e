import { formatDate, formatDateTime } from '@volante/plugin-ui';
import type { ConnectionPoint } from './types';

/** What a chart's bar stands for: an hour (24 h) or a day (7 and 14 days), in Spain's time. */
export type ChartUnit = 'hour' | 'day';

export interface ChartBars {
  unit: ChartUnit;
  /** `05 h` (an hour) or `DD/MM` (a day), oldest first, all different. */
  labels: string[];
  /** The highest number of connections sampled in each hour or day. */
  streams: number[];
  /** The highest number of users sampled in each hour or day. */
  users: number[];
}

/** Charts over up to two days draw an hour per bar; longer ones a day per bar. */
export const chartUnit = (hours: number): ChartUnit => (hours <= 48 ? 'hour' : 'day');

/** `DD/MM/YYYY - HH` (an hour's key) and `HH h` (its label); `DD/MM/YYYY` and `DD/MM` for a day. */
function bucketOf(at: string, unit: ChartUnit): { key: string; label: string } | null {
  if (unit === 'hour') {
    const stamp = formatDateTime(at);
    return stamp ? { key: stamp.slice(0, 15), label: `${stamp.slice(13, 15)} h` } : null;
  }
  const day = formatDate(at);
  return day ? { key: day, label: day.slice(0, 5) } : null;
}

/**
 * The samples (one per sampling period, oldest first) as bars the kit's BarChart draws: the peak
 * of each hour or day that was sampled (none is made up for a period without samples). Should two
 * buckets read the same at the window's edges (yesterday's and today's 05 h), the older goes.
 */
export function chartBars(points: ConnectionPoint[], hours: number): ChartBars {
  const unit = chartUnit(hours);
  const buckets = new Map<string, { label: string; streams: number; users: number }>();
  for (const point of points) {
    const bucket = bucketOf(point.at, unit);
    if (!bucket) continue;
    const current = buckets.get(bucket.key);
    if (current) {
      current.streams = Math.max(current.streams, point.streams);
      current.users = Math.max(current.users, point.users);
    } else {
      buckets.set(bucket.key, { label: bucket.label, streams: point.streams, users: point.users });
    }
  }
  const seen = new Set<string>();
  const kept = [...buckets.values()].reverse().filter((b) => !seen.has(b.label) && seen.add(b.label)).reverse();
  return { unit, labels: kept.map((b) => b.label), streams: kept.map((b) => b.streams), users: kept.map((b) => b.users) };
}
