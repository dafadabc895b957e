//! Money: integer cents everywhere, and the ONE rounding rule of every document.
//!
//! # The rule
//!
//! Inputs: unit price `price` in cents (tax not included, never negative), `quantity` in
//! thousandths of a unit (`1000` = 1; never negative), an optional line discount (percent in
//! hundredths of a percent, `1050` = 10.50 %, at most 100 %; or an amount in cents, at most the
//! line's gross), a tax rate in hundredths of a percent (`2100` = 21 %), and an optional document
//! discount (percent or amount, same units).
//!
//! Every rounding is **half away from zero to the cent** (`0.5` → `1`, `-0.5` → `-1`), done on
//! exact integer arithmetic (`i128`), never on floats. Per line, in this order:
//!
//! 1. `gross = round(price × quantity / 1000)`
//! 2. `line_discount = round(gross × percent / 10000)` or the amount as given
//! 3. `net = gross − line_discount`
//! 4. document discount: percent → `doc_share = round(net × percent / 10000)` on each line;
//!    amount → shared among the lines in proportion to their `net` (each share rounded down,
//!    the cents left over go one by one to the lines with the largest remainders, ties to the
//!    first line), so the shares add up to the amount exactly
//! 5. `base = net − doc_share`
//! 6. `tax = round(base × rate / 10000)` (per line)
//! 7. `total = base + tax`
//!
//! Document totals are plain sums of the line values; the summary per tax rate sums the lines'
//! bases and taxes of that rate. Nothing is recomputed from the totals, so the document always
//! adds up to the cent.

use std::fmt;

/// A refused input: which field (`lines[2].quantity`, `discount`) and why (Spanish, for the user).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoneyError {
    pub field: String,
    pub message: String,
}

impl MoneyError {
    fn new(field: impl Into<String>, message: impl Into<String>) -> MoneyError {
        MoneyError { field: field.into(), message: message.into() }
    }
}

impl fmt::Display for MoneyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

pub use volante_plugin_sdk::money::round_div;

/// A decimal number from the API (`1.5`, `0.333`) as thousandths. More than three decimals,
/// not finite or out of range: refused.
pub fn quantity_from_decimal(field: &str, value: f64) -> Result<i64, MoneyError> {
    if !value.is_finite() || value.abs() > 1e12 {
        return Err(MoneyError::new(field, "La cantidad no es válida"));
    }
    let milli = (value * 1000.0).round();
    if ((value * 1000.0) - milli).abs() > 1e-6 {
        return Err(MoneyError::new(field, "La cantidad admite como máximo 3 decimales"));
    }
    Ok(milli as i64)
}

/// A percentage from the API (`21`, `10.5`) as hundredths of a percent. More than two
/// decimals, not finite or out of range: refused.
pub fn percent_from_decimal(field: &str, value: f64) -> Result<i64, MoneyError> {
    if !value.is_finite() || value.abs() > 1e9 {
        return Err(MoneyError::new(field, "El porcentaje no es válido"));
    }
    let bp = (value * 100.0).round();
    if ((value * 100.0) - bp).abs() > 1e-6 {
        return Err(MoneyError::new(field, "El porcentaje admite como máximo 2 decimales"));
    }
    Ok(bp as i64)
}

/// Cents as euros with a dot and two decimals (`12345` → `123.45`, `-5` → `-0.05`): the form
/// VeriFactu and Facturae use.
pub fn euros(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let abs = cents.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

/// Hundredths of a percent as a decimal text (`2100` → `21.00`).
pub fn percent_text(bp: i64) -> String {
    euros(bp)
}

/// A discount, on a line or on the document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Discount {
    #[default]
    None,
    /// Hundredths of a percent (`1000` = 10 %).
    Percent(i64),
    /// Cents.
    Amount(i64),
}

/// One line's inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LineInput {
    /// Unit price in cents, tax not included.
    pub price: i64,
    /// Thousandths of a unit.
    pub quantity: i64,
    pub discount: Discount,
    /// Hundredths of a percent.
    pub tax_rate: i64,
}

/// One line's amounts, in cents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LineAmounts {
    pub gross: i64,
    pub discount: i64,
    pub doc_discount: i64,
    pub base: i64,
    pub tax: i64,
    pub total: i64,
}

/// The bases and taxes of one rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateSummary {
    pub rate: i64,
    pub base: i64,
    pub tax: i64,
}

/// A document's amounts, in cents.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Totals {
    pub lines: Vec<LineAmounts>,
    pub gross: i64,
    /// Line discounts plus the document discount.
    pub discount: i64,
    pub base: i64,
    pub tax: i64,
    pub total: i64,
    /// Ordered by rate, highest first.
    pub by_rate: Vec<RateSummary>,
}

fn check_discount(field: &str, discount: Discount) -> Result<(), MoneyError> {
    match discount {
        Discount::None => Ok(()),
        Discount::Percent(p) if !(0..=10_000).contains(&p) => {
            Err(MoneyError::new(field, "El descuento debe estar entre 0 y 100 %"))
        }
        Discount::Amount(a) if a < 0 => Err(MoneyError::new(field, "El descuento no puede ser negativo")),
        _ => Ok(()),
    }
}

/// Apply the rule (see the module's documentation) to a document's lines.
pub fn compute(lines: &[LineInput], doc_discount: Discount) -> Result<Totals, MoneyError> {
    let mut amounts = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        if line.price < 0 {
            return Err(MoneyError::new(format!("lines[{i}].price"), "El precio no puede ser negativo"));
        }
        if line.quantity < 0 {
            return Err(MoneyError::new(format!("lines[{i}].quantity"), "La cantidad no puede ser negativa"));
        }
        if !(0..=10_000).contains(&line.tax_rate) {
            return Err(MoneyError::new(format!("lines[{i}].tax"), "El tipo de impuesto no es válido"));
        }
        let field = format!("lines[{i}].discount");
        check_discount(&field, line.discount)?;
        let gross = round_div(line.price as i128 * line.quantity as i128, 1000);
        let discount = match line.discount {
            Discount::None => 0,
            Discount::Percent(p) => round_div(gross as i128 * p as i128, 10_000),
            Discount::Amount(a) if a > gross => {
                return Err(MoneyError::new(field, "El descuento es mayor que el importe de la línea"));
            }
            Discount::Amount(a) => a,
        };
        amounts.push(LineAmounts { gross, discount, ..LineAmounts::default() });
    }

    check_discount("discount", doc_discount)?;
    let nets: Vec<i64> = amounts.iter().map(|a| a.gross - a.discount).collect();
    let net_sum: i64 = nets.iter().sum();
    let shares: Vec<i64> = match doc_discount {
        Discount::None => vec![0; nets.len()],
        Discount::Percent(p) => nets.iter().map(|n| round_div(*n as i128 * p as i128, 10_000)).collect(),
        Discount::Amount(a) if a > net_sum => {
            return Err(MoneyError::new("discount", "El descuento es mayor que el importe del documento"));
        }
        Discount::Amount(0) => vec![0; nets.len()],
        Discount::Amount(a) => {
            // Proportional, rounded down, then the largest remainders get the cents left.
            let mut shares: Vec<i64> = Vec::with_capacity(nets.len());
            let mut remainders: Vec<(i128, usize)> = Vec::with_capacity(nets.len());
            for (i, n) in nets.iter().enumerate() {
                let exact = a as i128 * *n as i128;
                shares.push((exact / net_sum as i128) as i64);
                remainders.push((exact % net_sum as i128, i));
            }
            let mut left = a - shares.iter().sum::<i64>();
            remainders.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
            for (_, i) in remainders {
                if left == 0 {
                    break;
                }
                shares[i] += 1;
                left -= 1;
            }
            shares
        }
    };

    let mut totals = Totals::default();
    for ((amount, share), line) in amounts.iter_mut().zip(shares).zip(lines) {
        amount.doc_discount = share;
        amount.base = amount.gross - amount.discount - share;
        amount.tax = round_div(amount.base as i128 * line.tax_rate as i128, 10_000);
        amount.total = amount.base + amount.tax;
        totals.gross += amount.gross;
        totals.discount += amount.discount + share;
        totals.base += amount.base;
        totals.tax += amount.tax;
        totals.total += amount.total;
        match totals.by_rate.iter_mut().find(|r| r.rate == line.tax_rate) {
            Some(r) => {
                r.base += amount.base;
                r.tax += amount.tax;
            }
            None => totals.by_rate.push(RateSummary { rate: line.tax_rate, base: amount.base, tax: amount.tax }),
        }
    }
    totals.by_rate.sort_by_key(|r| std::cmp::Reverse(r.rate));
    totals.lines = amounts;
    Ok(totals)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(price: i64, quantity: i64, discount: Discount, tax_rate: i64) -> LineInput {
        LineInput { price, quantity, discount, tax_rate }
    }

    #[test]
    fn round_half_away_from_zero() {
        assert_eq!(round_div(5, 10), 1);
        assert_eq!(round_div(4, 10), 0);
        assert_eq!(round_div(-5, 10), -1);
        assert_eq!(round_div(-4, 10), 0);
        assert_eq!(round_div(15, 10), 2);
        assert_eq!(round_div(25, 10), 3); // not banker's rounding
        assert_eq!(round_div(0, 7), 0);
    }

    /// (case, lines, document discount, expected (gross, discount, base, tax, total)).
    #[test]
    fn awkward_cases() {
        use Discount::*;
        let cases: Vec<(&str, Vec<LineInput>, Discount, (i64, i64, i64, i64, i64))> = vec![
            ("one unit at 21 %", vec![line(10_000, 1000, None, 2100)], None, (10_000, 0, 10_000, 2_100, 12_100)),
            // 0.5 cent tax: 2.50 € × 21 % = 0.525 → 0.53 (half away from zero).
            ("tie on tax", vec![line(250, 1000, None, 2100)], None, (250, 0, 250, 53, 303)),
            // 0.05 € × 10 % = 0.005 → 0.01.
            ("half-cent tie at 10 %", vec![line(5, 1000, None, 1000)], None, (5, 0, 5, 1, 6)),
            // 3 × 0.333 units of 1.00 €: 0.999 → 1.00 (per line 0.333 → 0.33, three lines 0.99).
            ("3 × 0.333 as one line", vec![line(100, 999, None, 0)], None, (100, 0, 100, 0, 100)),
            (
                "0.333 on three lines",
                vec![line(100, 333, None, 0), line(100, 333, None, 0), line(100, 333, None, 0)],
                None,
                (99, 0, 99, 0, 99),
            ),
            // 1/3 of a price: 10.00 × 0.333 = 3.33.
            ("thirds", vec![line(1000, 333, None, 2100)], None, (333, 0, 333, 70, 403)),
            // Half-cent on the gross: 0.15 € × 0.5 = 0.075 → 0.08.
            ("tie on gross", vec![line(15, 500, None, 0)], None, (8, 0, 8, 0, 8)),
            ("100 % line discount", vec![line(4_500, 2000, Percent(10_000), 2100)], None, (9_000, 9_000, 0, 0, 0)),
            ("100 % document discount", vec![line(4_500, 2000, None, 2100)], Percent(10_000), (9_000, 9_000, 0, 0, 0)),
            // 33.33 € × 15 % = 4.9995 → 5.00.
            ("percent discount rounding", vec![line(3_333, 1000, Percent(1500), 2100)], None, (3_333, 500, 2_833, 595, 3_428)),
            ("amount discount equal to the line", vec![line(1_000, 1000, Amount(1_000), 2100)], None, (1_000, 1_000, 0, 0, 0)),
            (
                "VAT rates 21/10/4/0",
                vec![line(1_000, 1000, None, 2100), line(1_000, 1000, None, 1000), line(1_000, 1000, None, 400), line(1_000, 1000, None, 0)],
                None,
                (4_000, 0, 4_000, 350, 4_350),
            ),
            // IGIC (Canarias): general 7 %, reduced 3 %, increased 9.5 %.
            (
                "IGIC 7 / 3 / 9.5",
                vec![line(1_999, 1000, None, 700), line(1_999, 1000, None, 300), line(1_999, 1000, None, 950)],
                None,
                // 139.93 → 140, 59.97 → 60, 189.905 → 190
                (5_997, 0, 5_997, 390, 6_387),
            ),
            (
                "document amount discount shared in proportion",
                // nets 100, 200; 1.00 € shared 33.33.. / 66.66.. → 33 + 67 (largest remainder)
                vec![line(100, 1000, None, 2100), line(200, 1000, None, 1000)],
                Amount(100),
                (300, 100, 200, 14 + 13, 227),
            ),
            ("zero quantity", vec![line(1_000, 0, None, 2100)], None, (0, 0, 0, 0, 0)),
            ("no lines", vec![], None, (0, 0, 0, 0, 0)),
            // Large amounts do not overflow: 9,999,999.99 € × 1000 units.
            ("large", vec![line(999_999_999, 1_000_000, None, 2100)], None, (999_999_999_000, 0, 999_999_999_000, 209_999_999_790, 1_209_999_998_790)),
        ];
        for (name, lines, doc, expected) in cases {
            let t = compute(&lines, doc).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!((t.gross, t.discount, t.base, t.tax, t.total), expected, "{name}");
            // The document always adds up.
            assert_eq!(t.lines.iter().map(|l| l.total).sum::<i64>(), t.total, "{name}");
            assert_eq!(t.base + t.tax, t.total, "{name}");
            assert_eq!(t.by_rate.iter().map(|r| r.tax).sum::<i64>(), t.tax, "{name}");
            assert_eq!(t.gross - t.discount, t.base, "{name}");
        }
    }

    #[test]
    fn document_amount_discount_adds_up_exactly() {
        // 0.10 € over three equal lines: 4 + 3 + 3 (the first line gets the tie).
        let lines = vec![line(100, 1000, Discount::None, 0); 3];
        let t = compute(&lines, Discount::Amount(10)).unwrap();
        let shares: Vec<i64> = t.lines.iter().map(|l| l.doc_discount).collect();
        assert_eq!(shares, [4, 3, 3]);
        assert_eq!(t.discount, 10);
    }

    #[test]
    fn refusals() {
        use Discount::*;
        let cases: Vec<(Vec<LineInput>, Discount, &str)> = vec![
            (vec![line(100, -1000, None, 2100)], None, "lines[0].quantity"),
            (vec![line(-100, 1000, None, 2100)], None, "lines[0].price"),
            (vec![line(100, 1000, Amount(101), 2100)], None, "lines[0].discount"),
            (vec![line(100, 1000, Percent(10_001), 2100)], None, "lines[0].discount"),
            (vec![line(100, 1000, Amount(-1), 2100)], None, "lines[0].discount"),
            (vec![line(100, 1000, None, 2100)], Amount(101), "discount"),
            (vec![line(100, 1000, None, 2100)], Percent(-1), "discount"),
            (vec![line(100, 1000, None, 2100), line(1, 1000, None, -5)], None, "lines[1].tax"),
        ];
        for (lines, doc, field) in cases {
            let err = compute(&lines, doc).unwrap_err();
            assert_eq!(err.field, field, "{err}");
        }
    }

    #[test]
    fn decimals_from_the_api() {
        assert_eq!(quantity_from_decimal("q", 1.0), Ok(1000));
        assert_eq!(quantity_from_decimal("q", 0.333), Ok(333));
        assert_eq!(quantity_from_decimal("q", 2.5), Ok(2500));
        assert!(quantity_from_decimal("q", 0.3333).is_err());
        assert!(quantity_from_decimal("q", f64::NAN).is_err());
        assert_eq!(percent_from_decimal("p", 21.0), Ok(2100));
        assert_eq!(percent_from_decimal("p", 9.5), Ok(950));
        assert_eq!(percent_from_decimal("p", 0.07), Ok(7));
        assert!(percent_from_decimal("p", 10.555).is_err());
        assert_eq!(euros(12_345), "123.45");
        assert_eq!(euros(5), "0.05");
        assert_eq!(euros(-5), "-0.05");
        assert_eq!(euros(0), "0.00");
        assert_eq!(percent_text(950), "9.50");
    }
}
