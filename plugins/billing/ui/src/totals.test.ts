import { describe, expect, it } from 'vitest';
import { computeTotals, type LineInput } from './totals';

const none = { kind: 'none' } as const;
const line = (price: number, quantity: number, taxRate: number, discount: LineInput['discount'] = none): LineInput => ({ price, quantity, taxRate, discount });

// The same cases as the plugin's table-driven test (src/money.rs), so the preview and the server agree.
describe('live totals follow the plugin rounding rule', () => {
  it('budget of the harness test: 150 € + 10 × 30 € at 10 %, VAT 21 %', () => {
    const t = computeTotals([line(15000, 1000, 2100), line(3000, 10000, 2100, { kind: 'percent', value: 1000 })], none);
    expect([t.gross, t.discount, t.base, t.tax, t.total]).toEqual([45000, 3000, 42000, 8820, 50820]);
    expect(t.byRate).toEqual([{ rate: 2100, base: 42000, tax: 8820 }]);
  });

  it('half-cent ties round away from zero, and 3 × 0.333', () => {
    // 0.05 € × 21 % = 1.05 cents → 1; 0.10 € × 5 % = 0.5 → 1
    expect(computeTotals([line(5, 1000, 2100)], none).tax).toBe(1);
    expect(computeTotals([line(10, 1000, 500)], none).tax).toBe(1);
    expect(computeTotals([line(100, 333, 0), line(100, 333, 0), line(100, 333, 0)], none).gross).toBe(99);
  });

  it('a document amount discount is shared in proportion, the cents left to the largest remainders', () => {
    const t = computeTotals([line(1000, 1000, 2100), line(1000, 1000, 1000), line(1000, 1000, 400)], { kind: 'amount', value: 100 });
    expect(t.lines.map((l) => l.discount)).toEqual([34, 33, 33]);
    expect(t.discount).toBe(100);
    expect(t.base).toBe(2900);
    expect(t.byRate.map((r) => r.rate)).toEqual([2100, 1000, 400]);
  });

  it('a 100 % discount leaves nothing, and a percent document discount applies per line', () => {
    expect(computeTotals([line(9999, 1000, 2100, { kind: 'percent', value: 10000 })], none).total).toBe(0);
    const t = computeTotals([line(1001, 1000, 2100), line(1001, 1000, 2100)], { kind: 'percent', value: 1050 });
    // 10.01 € × 10.5 % = 1.05105 → 105 per line
    expect(t.lines.map((l) => l.discount)).toEqual([105, 105]);
    expect(t.total).toBe(2 * (896 + 188));
  });
});
