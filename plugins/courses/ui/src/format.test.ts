import { describe, expect, it } from 'vitest';
import { formatHours, parseHours, parseWhole } from './format';

describe('hours and numbers', () => {
  it('shows hours es-ES without trailing zeros', () => {
    expect([formatHours(4), formatHours(4.5), formatHours(1.25), formatHours(0), formatHours(null)]).toEqual(['4', '4,5', '1,25', '0', '']);
  });
  it('reads hours with a comma or a dot, at most two decimals', () => {
    expect([parseHours('12'), parseHours('12,5'), parseHours(' 7.25 '), parseHours('1,234'), parseHours('doce'), parseHours('-3')]).toEqual([12, 12.5, 7.25, null, null, null]);
  });
  it('reads whole numbers only', () => {
    expect([parseWhole(' 20 '), parseWhole('2,5'), parseWhole(''), parseWhole('x')]).toEqual([20, null, null, null]);
  });
});
