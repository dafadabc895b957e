import { describe, expect, it } from 'vitest';
import { dateTimeText, firstOfMonthKey, fromLocalInput, timeOnDay, timeText, toLocalInput, todayKey, weekday } from './time';

// vitest.config.ts runs the tests in Europe/Madrid: UTC+1 in winter, UTC+2 in summer.
describe('clock times (UTC from the API, local on screen)', () => {
  it('shows UTC times in local time, 24 h', () => {
    expect(timeText('2026-11-23T08:00:00Z')).toBe('09:00');
    expect(timeText('2026-07-01T16:05:00Z')).toBe('18:05');
    expect(timeText(null)).toBe('');
    expect(dateTimeText('2026-11-23T22:30:00Z')).toBe('23/11/2026 23:30');
  });

  it('adds the day when a time falls on another local day', () => {
    expect(timeOnDay('2026-11-23T20:00:00Z', '2026-11-23')).toBe('21:00');
    expect(timeOnDay('2026-11-23T23:30:00Z', '2026-11-23')).toBe('00:30 (24/11)');
  });

  it('fills datetime-local inputs in local time and turns them back into UTC ISO with Z', () => {
    expect(toLocalInput('2026-11-23T08:00:00Z')).toBe('2026-11-23T09:00');
    expect(fromLocalInput('2026-11-23T09:00')).toBe('2026-11-23T08:00:00Z');
    expect(fromLocalInput('2026-07-01T09:30')).toBe('2026-07-01T07:30:00Z');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('2026-02-30T09:00')).toBeNull();
    expect(fromLocalInput('mañana')).toBeNull();
  });

  it('knows today, the first of the month and the weekday of a local date', () => {
    const now = new Date(2026, 10, 25, 10, 0);
    expect(todayKey(now)).toBe('2026-11-25');
    expect(firstOfMonthKey(now)).toBe('2026-11-01');
    expect(weekday('2026-11-23')).toBe(1);
    expect(weekday('2026-11-29')).toBe(0);
  });
});
