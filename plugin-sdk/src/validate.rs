//! Field checks with the API's `REQ-102` errors (Spanish details, `data.field`). Each returns
//! the cleaned value.

use crate::{Error, Result};

/// A trimmed, non-empty text of at most `max` characters.
pub fn required(field: &str, value: &str, max: usize) -> Result<String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(Error::required(field));
    }
    optional(field, value, max)
}

/// A trimmed text of at most `max` characters without control characters (empty is fine).
pub fn optional(field: &str, value: &str, max: usize) -> Result<String> {
    volante_checks::text(value, max).map_err(|err| match err {
        volante_checks::TextError::TooLong => {
            Error::invalid_field(field, format!("El campo {field} admite como máximo {max} caracteres"))
        }
        volante_checks::TextError::ControlCharacters => {
            Error::invalid_field(field, format!("El campo {field} contiene caracteres no válidos"))
        }
    })
}

/// Driving licence classes (the spec's fixed list, in its order).
pub const LICENCE_CLASSES: &[&str] =
    &["A", "A1", "A2", "AM", "AML", "B", "B96", "C", "C1", "D", "D1", "EB", "EC", "EC1", "ED", "LCM", "LVA", "RPV"];

/// One licence class of the fixed list, upper-cased; required ("El permiso Z no existe").
pub fn licence_class(field: &str, value: &str) -> Result<String> {
    let upper = value.trim().to_uppercase();
    if upper.is_empty() {
        return Err(Error::required(field));
    }
    LICENCE_CLASSES
        .iter()
        .find(|c| **c == upper)
        .map(|c| c.to_string())
        .ok_or_else(|| Error::invalid_field(field, format!("El permiso {upper} no existe")))
}

/// A list of licence classes: upper-cased, without repeats, in the fixed list's order (so records
/// compare and display the same way). Every unknown class is an error naming its position
/// (`licences[2]`), all of them at once.
pub fn licence_classes(field: &str, values: &[String]) -> Result<Vec<String>> {
    let mut errors = Vec::new();
    let mut classes: Vec<&'static str> = Vec::new();
    for (i, value) in values.iter().enumerate() {
        let upper = value.trim().to_uppercase();
        match LICENCE_CLASSES.iter().find(|c| **c == upper) {
            Some(class) if !classes.contains(class) => classes.push(class),
            Some(_) => {}
            None => errors.push(Error::invalid_field(&format!("{field}[{i}]"), format!("El permiso {upper} no existe"))),
        }
    }
    if let Some(err) = Error::join(errors) {
        return Err(err);
    }
    classes.sort_by_key(|c| LICENCE_CLASSES.iter().position(|l| l == c));
    Ok(classes.into_iter().map(str::to_string).collect())
}

/// A lower-cased e-mail address of plausible shape (empty is fine).
pub fn email(field: &str, value: &str) -> Result<String> {
    if value.trim().is_empty() {
        return Ok(String::new());
    }
    volante_checks::email(value).ok_or_else(|| Error::invalid_field(field, "Introduzca un correo electrónico válido"))
}

/// The DNI/NIE and CIF checks (with the product's exact messages) are shared with the host.
pub use volante_checks::{cif, dni};
use volante_checks::NIF_LETTERS;


/// A DNI/NIE field (empty is fine); errors carry the spec's messages.
pub fn dni_field(field: &str, value: &str) -> Result<String> {
    if value.trim().is_empty() {
        return Ok(String::new());
    }
    dni(value).map_err(|message| Error::invalid_field(field, message))
}


/// A company's fiscal code: a CIF, or the DNI/NIE of a sole trader (empty is fine).
pub fn nif_field(field: &str, value: &str) -> Result<String> {
    let trimmed = value.trim();
    if trimmed.is_empty() {
        return Ok(String::new());
    }
    let first = trimmed.chars().next().unwrap_or('0').to_ascii_uppercase();
    if first.is_ascii_digit() || matches!(first, 'X' | 'Y' | 'Z' | 'K' | 'L' | 'M') {
        if matches!(first, 'K' | 'L' | 'M') {
            // NIF of Spaniards without DNI: letter, 7 digits, control letter of the number.
            let upper = trimmed.to_uppercase();
            let b = upper.as_bytes();
            let ok = b.len() == 9
                && b[1..8].iter().all(u8::is_ascii_digit)
                && std::str::from_utf8(&b[1..8]).ok().and_then(|d| d.parse::<u64>().ok()).map(|n| NIF_LETTERS[(n % 23) as usize])
                    == Some(b[8]);
            return if ok { Ok(upper) } else { Err(Error::invalid_field(field, "Nif erroneo, formato no válido")) };
        }
        return dni(trimmed).map_err(|m| Error::invalid_field(field, m));
    }
    cif(trimmed).map_err(|m| Error::invalid_field(field, m))
}

/// The Social Security affiliation number (NAF): 12 digits, the province's two, eight more and
/// two control digits, the remainder modulo 97 of the first ten (of province × 10⁷ + the eight
/// when those are below 10⁷). Spaces, slashes and dashes are dropped; empty is fine. `None` when
/// it is wrong.
pub fn social_security_number(value: &str) -> Option<String> {
    let digits: String = value.chars().filter(|c| !matches!(c, ' ' | '/' | '-')).collect();
    if digits.is_empty() {
        return Some(digits);
    }
    if digits.len() != 12 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let province: u64 = digits[..2].parse().ok()?;
    let number: u64 = digits[2..10].parse().ok()?;
    let control: u64 = digits[10..].parse().ok()?;
    let base = if number < 10_000_000 { number + province * 10_000_000 } else { digits[..10].parse().ok()? };
    (base % 97 == control).then_some(digits)
}

/// A NAF field (empty is fine), normalised to its 12 digits.
pub fn social_security(field: &str, value: &str) -> Result<String> {
    social_security_number(value)
        .ok_or_else(|| Error::invalid_field(field, "El número de la Seguridad Social debe tener 12 cifras y su control correcto"))
}

/// A company's Social Security contribution account code (código de cuenta de cotización,
/// CCC): 11 digits, the province's two, seven more and two control digits, the remainder modulo
/// 97 of the first nine. Spaces, slashes and dashes are dropped; empty is fine.
pub fn contribution_account(field: &str, value: &str) -> Result<String> {
    let digits: String = value.chars().filter(|c| !matches!(c, ' ' | '/' | '-')).collect();
    if digits.is_empty() {
        return Ok(digits);
    }
    let ok = digits.len() == 11
        && digits.bytes().all(|b| b.is_ascii_digit())
        && matches!((digits[..9].parse::<u64>(), digits[9..].parse::<u64>()), (Ok(base), Ok(control)) if base % 97 == control);
    if ok {
        Ok(digits)
    } else {
        Err(Error::invalid_field(field, "El código de cuenta de cotización debe tener 11 cifras y su control correcto"))
    }
}

/// A phone number: Spanish (9 digits starting 6, 7, 8 or 9, optional +34/0034) or international
/// E.164 (`+` and 8 to 15 digits). Spaces, dots, dashes and brackets are dropped. Returns the
/// normalised number: `612345678` for Spanish numbers, `+…` for others.
pub fn phone(field: &str, value: &str) -> Result<String> {
    let cleaned: String = value.chars().filter(|c| !matches!(c, ' ' | '.' | '-' | '(' | ')' | '/')).collect();
    if cleaned.is_empty() {
        return Ok(cleaned);
    }
    let invalid = || Error::invalid_field(field, "El teléfono no es válido");
    let (international, digits) = if let Some(rest) = cleaned.strip_prefix('+') {
        (true, rest.to_string())
    } else if let Some(rest) = cleaned.strip_prefix("00") {
        (true, rest.to_string())
    } else {
        (false, cleaned.clone())
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(invalid());
    }
    let spanish = |d: &str| d.len() == 9 && matches!(d.as_bytes()[0], b'6' | b'7' | b'8' | b'9');
    if !international {
        return if spanish(&digits) { Ok(digits) } else { Err(invalid()) };
    }
    if let Some(national) = digits.strip_prefix("34") {
        return if spanish(national) { Ok(national.to_string()) } else { Err(invalid()) };
    }
    if (8..=15).contains(&digits.len()) && !digits.starts_with('0') {
        Ok(format!("+{digits}"))
    } else {
        Err(invalid())
    }
}

/// An optional date field: `None`, or a valid date as [`date`] reads it (empty text is `None`).
pub fn optional_date(field: &str, value: Option<String>) -> Result<Option<String>> {
    let clean = date(field, value.as_deref().unwrap_or(""))?;
    Ok((!clean.is_empty()).then_some(clean))
}

/// A calendar date, `YYYY-MM-DD` or as shown in Spain `DD/MM/YYYY`; returns `YYYY-MM-DD`
/// (empty is fine).
pub fn date(field: &str, value: &str) -> Result<String> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(String::new());
    }
    let spanish;
    let value = match value.split('/').collect::<Vec<_>>().as_slice() {
        [d, m, y] if d.len() == 2 && m.len() == 2 && y.len() == 4 => {
            spanish = format!("{y}-{m}-{d}");
            spanish.as_str()
        }
        _ => value,
    };
    let invalid = || Error::invalid_field(field, format!("El campo {field} debe ser una fecha AAAA-MM-DD"));
    let b = value.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return Err(invalid());
    }
    let num = |r: std::ops::Range<usize>| value.get(r).filter(|s| s.bytes().all(|c| c.is_ascii_digit())).and_then(|s| s.parse::<u32>().ok());
    let (Some(y), Some(m), Some(d)) = (num(0..4), num(5..7), num(8..10)) else { return Err(invalid()) };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return Err(invalid()),
    };
    if !(1..=days).contains(&d) || y < 1900 {
        return Err(invalid());
    }
    Ok(value.to_string())
}

/// A Spanish postal code (5 digits, province 01–52); when `province_id` is given the code must
/// belong to it (the province ids are the INE codes, which postal codes start with).
pub fn postal_code(field: &str, value: &str, province_id: Option<i64>) -> Result<String> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(String::new());
    }
    let prefix = if value.len() == 5 && value.bytes().all(|c| c.is_ascii_digit()) { value[..2].parse::<i64>().ok() } else { None };
    match prefix {
        Some(p) if (1..=52).contains(&p) => {
            if province_id.is_some_and(|id| id != p) {
                return Err(Error::invalid_field(field, "El código postal no corresponde a la provincia"));
            }
            Ok(value.to_string())
        }
        _ => Err(Error::invalid_field(field, "El código postal no es válido")),
    }
}

/// One of a fixed list.
pub fn one_of<'a>(field: &str, value: &str, allowed: &[&'a str]) -> Result<&'a str> {
    allowed.iter().find(|a| **a == value).copied().ok_or_else(|| {
        Error::invalid_field(field, format!("El campo {field} debe ser uno de: {}", allowed.join(", ")))
    })
}

/// An IBAN (empty is fine): spaces dropped, upper case, the country's two letters, two check
/// digits and 11 to 30 letters and digits whose ISO 13616 remainder (mod 97) is 1; a Spanish one
/// is 24 characters long.
pub fn iban(field: &str, value: &str) -> Result<String> {
    let clean: String = value.chars().filter(|c| !c.is_whitespace() && *c != '-').collect::<String>().to_uppercase();
    if clean.is_empty() {
        return Ok(clean);
    }
    let bytes = clean.as_bytes();
    let shaped = (15..=34).contains(&bytes.len())
        && bytes[..2].iter().all(u8::is_ascii_uppercase)
        && bytes[2..4].iter().all(u8::is_ascii_digit)
        && bytes[4..].iter().all(u8::is_ascii_alphanumeric)
        && (!clean.starts_with("ES") || bytes.len() == 24);
    if !shaped || iban_remainder(&clean) != 1 {
        return Err(Error::invalid_field(field, "El IBAN no es válido"));
    }
    Ok(clean)
}

/// ISO 13616: the first four characters moved to the end, letters as 10 to 35, modulo 97.
fn iban_remainder(iban: &str) -> u32 {
    let (head, tail) = iban.split_at(4);
    tail.chars().chain(head.chars()).fold(0u32, |acc, c| match c.to_digit(36) {
        Some(d) if d >= 10 => (acc * 100 + d) % 97,
        Some(d) => (acc * 10 + d) % 97,
        None => 0,
    })
}

/// Spanish provinces by INE code (1–52), for addresses.
pub fn province_name(code: i64) -> &'static str {
    const NAMES: [&str; 52] = [
        "Araba/Álava", "Albacete", "Alicante/Alacant", "Almería", "Ávila", "Badajoz", "Illes Balears", "Barcelona", "Burgos",
        "Cáceres", "Cádiz", "Castellón/Castelló", "Ciudad Real", "Córdoba", "A Coruña", "Cuenca", "Girona", "Granada",
        "Guadalajara", "Gipuzkoa", "Huelva", "Huesca", "Jaén", "León", "Lleida", "La Rioja", "Lugo", "Madrid", "Málaga",
        "Murcia", "Navarra", "Ourense", "Asturias", "Palencia", "Las Palmas", "Pontevedra", "Salamanca",
        "Santa Cruz de Tenerife", "Cantabria", "Segovia", "Sevilla", "Soria", "Tarragona", "Teruel", "Toledo",
        "Valencia/València", "Valladolid", "Bizkaia", "Zamora", "Zaragoza", "Ceuta", "Melilla",
    ];
    if (1..=52).contains(&code) {
        NAMES[(code - 1) as usize]
    } else {
        ""
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_licence_class() {
        assert_eq!(licence_class("licence", " b ").unwrap(), "B");
        assert_eq!(licence_class("licence", "am").unwrap(), "AM");
        let err = licence_class("licence", "z").unwrap_err();
        assert_eq!((err.field(), err.details.as_str()), (Some("licence"), "El permiso Z no existe"));
        assert_eq!(licence_class("licence", " ").unwrap_err().field(), Some("licence"));
    }

    #[test]
    fn social_security_numbers_carry_their_control() {
        assert_eq!(social_security_number("28 12345678 40").as_deref(), Some("281234567840"));
        assert_eq!(social_security_number("08/01234567/74").as_deref(), Some("080123456774"));
        assert_eq!(social_security_number("").as_deref(), Some(""));
        assert_eq!(social_security_number("281234567841"), None);
        assert_eq!(social_security_number("28123456784"), None);
        assert_eq!(social_security_number("2812345678AB"), None);
        assert_eq!(social_security("naf", "281234567841").unwrap_err().field(), Some("naf"));
    }

    #[test]
    fn contribution_accounts_carry_their_control() {
        assert_eq!(contribution_account("ccc", "28 1234567 42").unwrap(), "28123456742");
        assert_eq!(contribution_account("ccc", "08/0123456/01").unwrap(), "08012345601");
        assert_eq!(contribution_account("ccc", "").unwrap(), "");
        for bad in ["28123456743", "2812345674", "28A23456742"] {
            assert_eq!(contribution_account("ccc", bad).unwrap_err().field(), Some("ccc"), "{bad}");
        }
    }

    #[test]
    fn ibans_are_checked_by_their_remainder() {
        assert_eq!(iban("iban", "es91 2100 0418 4502 0005 1332").unwrap(), "ES9121000418450200051332");
        assert_eq!(iban("iban", "GB82WEST12345698765432").unwrap(), "GB82WEST12345698765432");
        assert_eq!(iban("iban", "").unwrap(), "");
        for bad in ["ES9121000418450200051333", "ES91210004184502000513", "9121000418450200051332", "ES9!21000418450200051332"] {
            assert_eq!(iban("iban", bad).unwrap_err().field(), Some("iban"), "{bad}");
        }
    }

    #[test]
    fn dni_messages_are_the_specs() {
        assert_eq!(dni("12345678z").unwrap(), "12345678Z");
        assert_eq!(dni("X1234567L").unwrap(), "X1234567L");
        assert_eq!(dni("Y1234567X").unwrap(), "Y1234567X");
        assert_eq!(dni("1234567Z"), Err("Dni erroneo, faltan caracteres"));
        assert_eq!(dni("123456789Z"), Err("Dni erroneo, sobran caracteres"));
        assert_eq!(dni("1234A678Z"), Err("Dni erroneo, formato no válido"));
        assert_eq!(dni("12345678A"), Err("Dni erroneo, la letra del NIF no se corresponde"));
        assert_eq!(dni("ÑÑÑÑÑÑÑÑÑ"), Err("Dni erroneo, formato no válido"));
        let err = dni_field("fiscal_code", "1").unwrap_err();
        assert_eq!((err.field(), err.details.as_str()), (Some("fiscal_code"), "Dni erroneo, faltan caracteres"));
        assert_eq!(dni_field("f", " ").unwrap(), "");
    }

    #[test]
    fn cif_and_nif() {
        assert_eq!(cif("B12345674").unwrap(), "B12345674");
        assert_eq!(cif("b-1234567-4").unwrap(), "B12345674");
        assert_eq!(cif("Q2826000H").unwrap(), "Q2826000H");
        assert_eq!(cif("B12345675"), Err("Cif erroneo, el dígito de control no se corresponde"));
        assert_eq!(cif("B1234567"), Err("Cif erroneo, faltan caracteres"));
        assert_eq!(cif("I12345674"), Err("Cif erroneo, formato no válido"));
        assert_eq!(nif_field("f", "12345678Z").unwrap(), "12345678Z");
        assert_eq!(nif_field("f", "A58818501").unwrap(), "A58818501");
        assert!(nif_field("f", "A58818502").is_err());
    }

    #[test]
    fn phones() {
        assert_eq!(phone("p", "612 34 56 78").unwrap(), "612345678");
        assert_eq!(phone("p", "+34 912-345-678").unwrap(), "912345678");
        assert_eq!(phone("p", "0034612345678").unwrap(), "612345678");
        assert_eq!(phone("p", "+44 20 7946 0958").unwrap(), "+442079460958");
        assert_eq!(phone("p", "").unwrap(), "");
        for bad in ["512345678", "61234567", "phone", "+34 512345678", "+1234", "6123456789"] {
            assert!(phone("p", bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn dates_and_postal_codes() {
        assert_eq!(date("d", "2024-02-29").unwrap(), "2024-02-29");
        assert_eq!(date("d", "29/02/2024").unwrap(), "2024-02-29");
        assert_eq!(date("d", "").unwrap(), "");
        for bad in ["2023-02-29", "2024-13-01", "24-01-01", "2024/01/01", "1850-01-01", "2024-1-01"] {
            assert!(date("d", bad).is_err(), "{bad}");
        }
        assert_eq!(postal_code("c", "28001", Some(28)).unwrap(), "28001");
        assert_eq!(postal_code("c", "08001", None).unwrap(), "08001");
        assert!(postal_code("c", "28001", Some(8)).is_err());
        assert!(postal_code("c", "53001", None).is_err());
        assert!(postal_code("c", "2800", None).is_err());
        assert!(email("e", "a@b").is_err());
        assert_eq!(email("e", " A@B.es").unwrap(), "a@b.es");
        assert_eq!(one_of("t", "P", &["P", "E"]).unwrap(), "P");
    }
}

/// A png or jpeg image of the business's document manager (content type and name both say so),
/// for avatars, thumbnails and product pictures: "La imagen no existe" / "La imagen debe ser
/// png, jpg o jpeg".
pub fn image_file(field: &str, file_id: i64) -> Result<()> {
    let Some(info) = crate::host::files::info(file_id) else {
        return Err(Error::invalid_field(field, "La imagen no existe"));
    };
    let content_type = info.content_type.to_lowercase();
    let extension = info.name.rsplit('.').next().unwrap_or_default().to_lowercase();
    if matches!(content_type.as_str(), "image/png" | "image/jpeg" | "image/jpg") && matches!(extension.as_str(), "png" | "jpg" | "jpeg") {
        Ok(())
    } else {
        Err(Error::invalid_field(field, "La imagen debe ser png, jpg o jpeg"))
    }
}

/// A CSS colour for the UI's chips, `#RGB` or `#RRGGBB`, or empty: trimmed.
pub fn color(field: &str, value: &str) -> Result<String> {
    let color = value.trim();
    let valid = color.is_empty() || (color.starts_with('#') && matches!(color.len(), 4 | 7) && color[1..].chars().all(|c| c.is_ascii_hexdigit()));
    if valid {
        Ok(color.to_string())
    } else {
        Err(Error::invalid_field(field, "El color no es válido (#RGB o #RRGGBB)"))
    }
}
