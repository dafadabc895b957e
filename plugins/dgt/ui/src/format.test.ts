import { describe, expect, it } from 'vitest';
import { changedFields, entryStatus, formatRate, longDate, newestExamFirst, parseWhole, registerName, today } from './format';

describe('the screens\' helpers', () => {
  it('today is the date in Spain, not UTC\'s', () => {
    // 23:30 UTC on 31 December is already 1 January in Madrid
    expect(today(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(today(new Date('2026-07-15T10:00:00Z'))).toBe('2026-07-15');
  });
  it('an entry is in training until its licence is issued or it leaves', () => {
    expect(entryStatus({ licence_issued_on: null, left_on: null })).toBe('open');
    expect(entryStatus({ licence_issued_on: '2026-10-05', left_on: null })).toBe('issued');
    expect(entryStatus({ licence_issued_on: null, left_on: '2026-10-05' })).toBe('left');
  });
  it('names as the register writes them, whole numbers, and what changed', () => {
    expect(registerName({ first_name: 'Lucía', last_names: 'García Pérez' })).toBe('García Pérez, Lucía');
    expect(registerName({ first_name: 'Lucía', last_names: ' ' })).toBe('Lucía');
    expect([parseWhole(' 38 '), parseWhole('3,5'), parseWhole('')]).toEqual([38, null, null]);
    const before: { name: string; closed_on?: string | null; capacity: number } = { name: 'Libro 3', capacity: 200 };
    // a missing field counts as null: only the capacity changed
    expect(changedFields({ name: 'Libro 3', closed_on: null, capacity: 300 }, before)).toEqual({ capacity: 300 });
  });
  it('a pass rate in hundredths of a percent, as a Spanish number with two decimals', () => {
    expect([formatRate(6667), formatRate(10000), formatRate(0), formatRate(5)]).toEqual(['66,67', '100,00', '0,00', '0,05']);
  });
  it('a date as a letter writes it', () => {
    expect([longDate('2026-11-25'), longDate('2027-01-01'), longDate(null), longDate('2026-02-30'), longDate('25/11/2026')]).toEqual([
      '25 de noviembre de 2026', '1 de enero de 2027', '', '', '',
    ]);
  });
  it('folders by their exam, the newest first, the undated before them, then the newest folder', () => {
    const folders = [
      { id: 1, exam_date: '2026-10-01' },
      { id: 2, exam_date: null },
      { id: 3, exam_date: '2026-12-03' },
      { id: 4, exam_date: '2026-10-01' },
      { id: 5, exam_date: null },
    ];
    expect(newestExamFirst(folders).map((f) => f.id)).toEqual([5, 2, 3, 4, 1]);
    // the list given is left as it was
    expect(folders.map((f) => f.id)).toEqual([1, 2, 3, 4, 5]);
  });
});
