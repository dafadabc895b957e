//! Money in integer cents and rates in hundredths of a percent (`2100` = 21 %), with the one
//! rounding rule of the product: half away from zero to the cent, on exact integer arithmetic.

/// `n / d` rounded half away from zero (`d > 0`).
pub fn round_div(n: i128, d: i128) -> i64 {
    debug_assert!(d > 0);
    let q = n / d;
    let r = n % d;
    let adjust = if 2 * r.abs() >= d { n.signum() } else { 0 };
    (q + adjust) as i64
}

/// `base × rate` for a rate in hundredths of a percent, rounded to the cent: a line's tax, or a
/// percent discount.
pub fn percent_of(base: i64, rate: i64) -> i64 {
    round_div(base as i128 * rate as i128, 10_000)
}

/// Cents as a Spanish reader writes them: `123456` → `1.234,56 €` (for mail and documents).
pub fn spanish(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    let digits = (cents / 100).to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push('.');
        }
        grouped.push(c);
    }
    format!("{sign}{grouped},{:02} €", cents % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_spanish_amounts() {
        assert_eq!(spanish(0), "0,00 €");
        assert_eq!(spanish(60000), "600,00 €");
        assert_eq!(spanish(123456789), "1.234.567,89 €");
        assert_eq!(spanish(-5), "-0,05 €");
    }

    #[test]
    fn rounds_half_away_from_zero() {
        assert_eq!(round_div(5, 10), 1);
        assert_eq!(round_div(4, 10), 0);
        assert_eq!(round_div(-5, 10), -1);
        assert_eq!(percent_of(1000, 2100), 210);
        assert_eq!(percent_of(3333, 2100), 700); // 699.93
        assert_eq!(percent_of(250, 1000), 25);
    }
}
