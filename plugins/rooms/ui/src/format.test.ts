import { describe, expect, it } from 'vitest';
import { endsAfterStart, formatClock, formatLocal, formatSpan, refusalText } from './format';

describe('the rooms\' formats', () => {
  it('shows a room\'s times as they come (Spanish time), to the minute', () => {
    expect(formatLocal('2027-01-12T10:00')).toBe('12/01/2027 10:00');
    expect(formatLocal('2027-01-12T10:00:30')).toBe('12/01/2027 10:00');
    expect(formatLocal('')).toBe('');
    expect(formatLocal(null)).toBe('');
    expect(formatLocal('mañana')).toBe('mañana');
  });

  it('shows a span on one day with one date, across days with both', () => {
    expect(formatSpan('2027-01-12T10:00', '2027-01-12T12:00')).toBe('12/01/2027 10:00–12:00');
    expect(formatSpan('2027-01-15T16:00', '2027-01-16T14:00')).toBe('15/01/2027 16:00 – 16/01/2027 14:00');
    expect(formatSpan('2027-01-15T16:00', '')).toBe('15/01/2027 16:00');
    expect(formatSpan(null, '2027-01-16T14:00')).toBe('16/01/2027 14:00');
  });

  it('shows an instant (UTC) as the hour in Spain, summer and winter', () => {
    expect(formatClock('2027-01-12T09:02:00Z')).toBe('10:02');
    expect(formatClock('2027-07-12T09:02:00Z')).toBe('11:02');
    expect(formatClock('')).toBe('');
    expect(formatClock('nunca')).toBe('');
  });

  it('checks that the end comes after the start, when both are given', () => {
    expect(endsAfterStart('2027-01-12T10:00', '2027-01-12T12:00')).toBe(true);
    expect(endsAfterStart('2027-01-12T10:00', '2027-01-12T10:00')).toBe(false);
    expect(endsAfterStart('2027-01-12T10:00', '2027-01-11T12:00')).toBe(false);
    expect(endsAfterStart('', '2027-01-11T12:00')).toBe(true);
  });

  it('puts a refusal\'s reason after its message', () => {
    expect(refusalText({ code: 'PERMISSION-000', details: 'No tiene permiso para esta acción', data: { reason: 'Solo el profesor' } })).toBe('No tiene permiso para esta acción: Solo el profesor');
    expect(refusalText({ code: 'NOT-FOUND-000', details: '', data: null })).toBe('NOT-FOUND-000');
  });
});
