import { describe, expect, it } from 'vitest';
import { byDay, changedFields, charged, dayHeading, lessonTimes, parseWhole, today } from './format';
import { typeBody, typeDraft } from './components/TypeForm';
import { parseQuantity } from './components/StudentBags';
import { teacherOptions, vehicleLabel } from './useStaff';

describe("the screens' helpers", () => {
  it("today is the date in Spain, not UTC's", () => {
    // 23:30 UTC on 31 December is already 1 January in Madrid
    expect(today(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(today(new Date('2026-07-15T10:00:00Z'))).toBe('2026-07-15');
  });

  it('days as the agenda heads them, lessons grouped by day in order, times and what is charged', () => {
    expect(dayHeading('2026-12-01')).toBe('martes, 01/12/2026');
    expect(dayHeading('2027-01-03')).toBe('domingo, 03/01/2027');
    const days = byDay([
      { id: 1, date: '2026-12-01' },
      { id: 2, date: '2026-12-01' },
      { id: 3, date: '2026-12-02' },
    ]);
    expect(days.map((d) => [d.date, d.lessons.map((l) => l.id)])).toEqual([
      ['2026-12-01', [1, 2]],
      ['2026-12-02', [3]],
    ]);
    expect(lessonTimes({ start_time: '10:00', end_time: '10:45' })).toBe('10:00–10:45');
    expect((['scheduled', 'done', 'no_show', 'cancelled'] as const).map((status) => charged({ status }))).toEqual([false, true, true, false]);
  });

  it('whole numbers, pack sizes, what changed, and a type body with its price in cents', () => {
    expect([parseWhole(' 45 '), parseWhole('4,5'), parseWhole('')]).toEqual([45, null, null]);
    expect([parseQuantity('10'), parseQuantity(''), parseQuantity('0'), parseQuantity('201'), parseQuantity('2.5')]).toEqual([10, 'required', 'invalid', 'invalid', 'invalid']);
    expect(changedFields({ name: 'Práctica B', minutes: 60 }, { name: 'Práctica B', minutes: 45 })).toEqual({ minutes: 60 });
    const draft = { ...typeDraft(null), name: ' Práctica B 45 min ', licence: 'B', minutes: '45', price: { cents: 3800, text: '38' } };
    expect(typeBody(draft)).toEqual({ body: { name: 'Práctica B 45 min', licence: 'B', minutes: 45, price: 3800, description: '' } });
    expect(typeBody({ ...draft, minutes: '10' })).toEqual({ field: 'minutes', problem: 'minutes' });
    expect(typeBody({ ...draft, price: { cents: null, text: '' } })).toEqual({ field: 'price', problem: 'required' });
    expect(typeBody({ ...draft, price: { cents: null, text: '3,555' } })).toEqual({ field: 'price', problem: 'price' });
  });

  it("a teacher select keeps the current teacher when the list lacks them; vehicles by plate and model", () => {
    const list = [{ user_id: 7, name: 'Ana García', branch_id: 1 }];
    expect(teacherOptions(list, { user_id: 9, name: 'Eva Antigua' })).toEqual([
      { value: '9', label: 'Eva Antigua' },
      { value: '7', label: 'Ana García' },
    ]);
    expect(teacherOptions(null, { user_id: 7, name: 'Ana García' })).toEqual([{ value: '7', label: 'Ana García' }]);
    expect(teacherOptions(list, { user_id: 7, name: 'Ana' })).toEqual([{ value: '7', label: 'Ana García' }]);
    expect(vehicleLabel({ id: 5, plate: '1234 ABC', model: 'Ibiza', brand: 'Seat' })).toBe('1234 ABC · Seat Ibiza');
  });
});
