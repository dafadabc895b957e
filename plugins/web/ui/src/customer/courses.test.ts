import { describe, expect, it } from 'vitest';
import { courseProgress, coursesOf, formatDay } from './courses';

describe("the customer's online courses", () => {
  it('shows a plain day as it comes (DD/MM/YYYY), a date-time in Madrid, nothing for none', () => {
    expect(formatDay('2026-12-01')).toBe('01/12/2026');
    expect(formatDay('2027-01-31')).toBe('31/01/2027');
    // late on the 31st in UTC is already the 1st in Madrid
    expect(formatDay('2026-12-31T23:30:00.000Z')).toBe('01/01/2027');
    expect(formatDay(null)).toBe('');
    expect(formatDay('')).toBe('');
  });

  it("takes the host's progress, bounded to 0–100, or counts it from the lessons when missing", () => {
    expect(courseProgress({ progress: 40, done: 4, total: 10 })).toBe(40);
    expect(courseProgress({ progress: 140, done: 4, total: 10 })).toBe(100);
    expect(courseProgress({ progress: -3, done: 0, total: 10 })).toBe(0);
    expect(courseProgress({ progress: undefined as unknown as number, done: 2, total: 3 })).toBe(66);
    expect(courseProgress({ progress: Number.NaN, done: 0, total: 0 })).toBe(0);
  });

  it('reads an answer that is not a list as no course', () => {
    expect(coursesOf(null)).toEqual([]);
    expect(coursesOf({ items: [] })).toEqual([]);
    expect(coursesOf([{ id: 1 }])).toEqual([{ id: 1 }]);
  });
});
