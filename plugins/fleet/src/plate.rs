//! Spanish number plates and vehicle identification numbers.

/// Consonants of the national plates since 2000 (no vowels, no Ñ or Q).
const CONSONANTS: &str = "BCDFGHJKLMNPRSTVWXYZ";

/// A plate as written on the vehicle, normalised: upper case without spaces or hyphens
/// (`1234 BCD` → `1234BCD`, `m-1234-ab` → `M1234AB`). `None` when it is none of Spain's formats:
/// - national since 2000: four digits and three consonants (`1234BCD`);
/// - with a one-letter prefix on the same pattern: mopeds `C`, trailers `R`, special vehicles
///   `E`, historic `H`, temporary `P`, tourist `T`, `S` (`C1234BCD`, `R1234BCD`);
/// - provincial, before 2000: a one- or two-letter province code, four digits and up to two
///   letters (`M1234AB`, `GR1234A`, `B1234`).
pub fn normalise(raw: &str) -> Option<String> {
    let plate: String = raw.chars().filter(|c| !matches!(c, ' ' | '-' | '.')).flat_map(char::to_uppercase).collect();
    let b = plate.as_bytes();
    let digits = |s: &[u8]| s.iter().all(u8::is_ascii_digit);
    let consonants = |s: &[u8]| s.iter().all(|c| CONSONANTS.as_bytes().contains(c));
    let letters = |s: &[u8]| s.iter().all(u8::is_ascii_uppercase);
    let national = |s: &[u8]| s.len() == 7 && digits(&s[..4]) && consonants(&s[4..]);
    let ok = national(b)
        || (b.len() == 8 && b"CREHPTS".contains(&b[0]) && national(&b[1..]))
        || provincial(b, digits, letters);
    ok.then_some(plate)
}

fn provincial(b: &[u8], digits: impl Fn(&[u8]) -> bool, letters: impl Fn(&[u8]) -> bool) -> bool {
    (1..=2).any(|prefix| {
        b.len() >= prefix + 4
            && b.len() <= prefix + 6
            && letters(&b[..prefix])
            && PROVINCE_CODES.contains(&std::str::from_utf8(&b[..prefix]).unwrap_or(""))
            && digits(&b[prefix..prefix + 4])
            && letters(&b[prefix + 4..])
    })
}

/// The province codes of the plates before 2000.
const PROVINCE_CODES: &[&str] = &[
    "A", "AB", "AL", "AV", "B", "BA", "BI", "BU", "C", "CA", "CC", "CE", "CO", "CR", "CS", "CU", "GC", "GE", "GI", "GR", "GU",
    "H", "HU", "IB", "J", "L", "LE", "LO", "LU", "M", "MA", "ML", "MU", "NA", "O", "OR", "OU", "P", "PM", "PO", "S", "SA",
    "SE", "SG", "SO", "SS", "T", "TE", "TF", "TO", "V", "VA", "VI", "Z", "ZA",
];

/// A VIN (número de bastidor): 17 letters and digits, never I, O or Q. Returns it upper-cased;
/// empty is fine.
pub fn vin(raw: &str) -> Option<String> {
    let vin: String = raw.trim().to_uppercase();
    let ok = vin.is_empty() || (vin.len() == 17 && vin.bytes().all(|c| c.is_ascii_digit() || (c.is_ascii_uppercase() && !b"IOQ".contains(&c))));
    ok.then_some(vin)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn national_plates_are_four_digits_and_three_consonants() {
        assert_eq!(normalise("1234 BCD").as_deref(), Some("1234BCD"));
        assert_eq!(normalise("1234-bcd").as_deref(), Some("1234BCD"));
        for bad in ["1234ABC", "1234BCÑ", "1234QRS", "123BCD", "12345BCD", "", "BCD1234"] {
            assert_eq!(normalise(bad), None, "{bad}");
        }
    }

    #[test]
    fn prefixed_and_provincial_plates() {
        assert_eq!(normalise("C-1234-BCD").as_deref(), Some("C1234BCD"));
        assert_eq!(normalise("R 1234 BCD").as_deref(), Some("R1234BCD"));
        assert_eq!(normalise("M-1234-AB").as_deref(), Some("M1234AB"));
        assert_eq!(normalise("GR-1234-A").as_deref(), Some("GR1234A"));
        assert_eq!(normalise("B-1234").as_deref(), Some("B1234"));
        for bad in ["X1234BCD", "QQ1234AB", "M-1234-ABC", "M-12-AB"] {
            assert_eq!(normalise(bad), None, "{bad}");
        }
    }

    #[test]
    fn vins_are_seventeen_characters_without_i_o_q() {
        assert_eq!(vin(" vf1rfb00x56789012 ").as_deref(), Some("VF1RFB00X56789012"));
        assert_eq!(vin("").as_deref(), Some(""));
        assert_eq!(vin("VF1RFB00I56789012"), None);
        assert_eq!(vin("VF1RFB00X5678901"), None);
    }
}
