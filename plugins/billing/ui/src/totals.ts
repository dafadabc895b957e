/**
 * The live totals the editors show while typing: the plugin's rounding rule
 * (plugins/billing/README.md, src/money.rs) on integers. The server computes the stored
 * amounts again on save, and those are the ones shown afterwards: these are only a preview.
 */
import { roundDiv } from '@volante/plugin-ui';

export type Discount = { kind: 'none' } | { kind: 'percent'; value: number } | { kind: 'amount'; value: number };

export interface LineInput {
  /** Cents. */
  price: number;
  /** Thousandths. */
  quantity: number;
  /** Percent in hundredths, or cents. */
  discount: Discount;
  /** Hundredths of a percent. */
  taxRate: number;
}

export interface LineAmounts {
  gross: number;
  discount: number;
  base: number;
  tax: number;
  total: number;
}

export interface Totals {
  lines: LineAmounts[];
  gross: number;
  discount: number;
  base: number;
  tax: number;
  total: number;
  /** Per rate, highest first. */
  byRate: { rate: number; base: number; tax: number }[];
}

function lineDiscount(gross: number, d: Discount): number {
  if (d.kind === 'percent') return roundDiv(gross * d.value, 10_000);
  if (d.kind === 'amount') return Math.min(d.value, gross);
  return 0;
}

/** Shares of a document discount, per line (percent per line; an amount in proportion, largest remainders first). */
function documentShares(nets: number[], d: Discount): number[] {
  if (d.kind === 'percent') return nets.map((n) => roundDiv(n * d.value, 10_000));
  if (d.kind !== 'amount' || d.value <= 0) return nets.map(() => 0);
  const sum = nets.reduce((a, b) => a + b, 0);
  if (sum <= 0) return nets.map(() => 0);
  const amount = Math.min(d.value, sum);
  const shares = nets.map((n) => Math.floor((amount * n) / sum));
  const remainders = nets.map((n, i) => ({ r: (amount * n) % sum, i })).sort((a, b) => b.r - a.r || a.i - b.i);
  let left = amount - shares.reduce((a, b) => a + b, 0);
  for (const { i } of remainders) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

export function computeTotals(lines: LineInput[], documentDiscount: Discount): Totals {
  const partial = lines.map((l) => {
    const gross = roundDiv(l.price * l.quantity, 1000);
    return { gross, discount: lineDiscount(gross, l.discount) };
  });
  const shares = documentShares(
    partial.map((p) => p.gross - p.discount),
    documentDiscount,
  );
  const totals: Totals = { lines: [], gross: 0, discount: 0, base: 0, tax: 0, total: 0, byRate: [] };
  partial.forEach((p, i) => {
    const base = p.gross - p.discount - shares[i];
    const tax = roundDiv(base * lines[i].taxRate, 10_000);
    const amounts = { gross: p.gross, discount: p.discount + shares[i], base, tax, total: base + tax };
    totals.lines.push(amounts);
    totals.gross += amounts.gross;
    totals.discount += amounts.discount;
    totals.base += base;
    totals.tax += tax;
    totals.total += amounts.total;
    const rate = totals.byRate.find((r) => r.rate === lines[i].taxRate);
    if (rate) {
      rate.base += base;
      rate.tax += tax;
    } else totals.byRate.push({ rate: lines[i].taxRate, base, tax });
  });
  totals.byRate.sort((a, b) => b.rate - a.rate);
  return totals;
}
