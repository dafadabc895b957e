import { describe, expect, it } from 'vitest';
import { formatKm, formatPlate, parseWhole, todayKey } from './format';
import { INSURERS, insurerName, tabOf } from './lists';

describe('fleet formatting', () => {
  it('writes stored plates as they are on the vehicle', () => {
    expect(formatPlate('1234BCD')).toBe('1234 BCD');
    expect(formatPlate('C1234BCD')).toBe('C 1234 BCD');
    expect(formatPlate('M1234AB')).toBe('M 1234 AB');
    expect(formatPlate('GR1234A')).toBe('GR 1234 A');
    expect(formatPlate('B1234')).toBe('B 1234');
    expect(formatPlate('XYZ')).toBe('XYZ');
    expect(formatPlate(null)).toBe('');
  });

  it('shows kilometres es-ES and reads whole numbers typed with or without dots', () => {
    expect(formatKm(48210)).toBe('48.210 km');
    expect(formatKm(0)).toBe('0 km');
    expect(formatKm(null)).toBe('');
    expect(parseWhole(' 12.345 ')).toBe(12345);
    expect(parseWhole('')).toBeNull();
    expect(parseWhole('12,5')).toBeNaN();
    expect(todayKey(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });

  it('offers the four insurers by name, with the spec ids', () => {
    expect(INSURERS.map((i) => `${i.id} ${i.name}`)).toEqual(['3 ALLIANZ', '2 LINEA DIRECTA', '1 MAPHRE', '4 PLUS ULTRA']);
    expect(insurerName(1)).toBe('MAPHRE');
    expect(tabOf('por-vencer')).toBe('por-vencer');
    expect(tabOf('otra')).toBe('vigentes');
  });
});
