import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, formatDateTime, formatElapsed, formatElapsedSince, formatEuros } from './index';

describe('dates in Europe/Madrid', () => {
  it('formats DD/MM/YYYY', () => {
    expect(formatDate('2026-03-05T10:00:00Z')).toBe('05/03/2026');
    // 23:30 UTC on 31 December is already New Year in Madrid (UTC+1).
    expect(formatDate('2025-12-31T23:30:00Z')).toBe('01/01/2026');
    expect(formatDate('1990-07-15')).toBe('15/07/1990');
  });
  it('formats DD/MM/YYYY - HH:mm:ss with summer and winter time', () => {
    expect(formatDateTime('2026-07-01T08:05:09Z')).toBe('01/07/2026 - 10:05:09');
    expect(formatDateTime('2026-01-15T00:00:00Z')).toBe('15/01/2026 - 01:00:00');
    expect(formatDateTime(new Date(Date.UTC(2026, 2, 29, 0, 59, 59)))).toBe('29/03/2026 - 01:59:59');
    expect(formatDateTime(new Date(Date.UTC(2026, 2, 29, 1, 0, 0)))).toBe('29/03/2026 - 03:00:00');
  });
  it('gives an empty string for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('euros', () => {
  it('formats integer cents in es-ES', () => {
    expect(formatEuros(123450)).toBe('1234,50\u00a0€');
    expect(formatEuros(1234567)).toBe('12.345,67\u00a0€');
    expect(formatEuros(5)).toBe('0,05\u00a0€');
    expect(formatEuros(-2500)).toBe('-25,00\u00a0€');
    expect(formatEuros(null)).toBe('');
  });
});

describe('elapsed time', () => {
  it('uses the 60, 60, 24, 365 thresholds', () => {
    expect(formatElapsed(0)).toBe('0 s');
    expect(formatElapsed(59)).toBe('59 s');
    expect(formatElapsed(60)).toBe('1 m');
    expect(formatElapsed(3599)).toBe('59 m');
    expect(formatElapsed(3600)).toBe('1 h');
    expect(formatElapsed(86399)).toBe('23 h');
    expect(formatElapsed(86400)).toBe('1 d');
    expect(formatElapsed(364 * 86400)).toBe('364 d');
    expect(formatElapsed(365 * 86400)).toBe('1 año');
    expect(formatElapsed(3 * 365 * 86400)).toBe('3 años');
    expect(formatElapsed(-5)).toBe('0 s');
  });
  it('measures since a date', () => {
    expect(formatElapsedSince('2026-01-01T00:00:00Z', '2026-01-01T02:30:00Z')).toBe('2 h');
    expect(formatElapsedSince(null)).toBe('');
  });
});

describe('byte sizes', () => {
  it('uses base 1024 with up to 2 decimals', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(1234567)).toBe('1,18 MB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatBytes(-1)).toBe('');
  });
});
