//! Parsing input into clean values at the edge, with the catalogue's field errors.

use crate::error::{ApiError, ApiResult};

/// A trimmed, non-empty string of at most `max` characters.
pub fn required(field: &str, value: &str, max: usize) -> ApiResult<String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(ApiError::invalid_field(field, format!("El campo {field} es obligatorio")));
    }
    optional(field, value, max)
}

/// A trimmed string of at most `max` characters, without control characters.
pub fn optional(field: &str, value: &str, max: usize) -> ApiResult<String> {
    let value = value.trim();
    if value.chars().count() > max {
        return Err(ApiError::invalid_field(field, format!("El campo {field} admite como máximo {max} caracteres")));
    }
    if value.chars().any(|c| c.is_control() && c != '\n' && c != '\t') {
        return Err(ApiError::invalid_field(field, format!("El campo {field} contiene caracteres no válidos")));
    }
    Ok(value.to_string())
}

/// A lower-cased e-mail address of plausible shape.
pub fn email(field: &str, value: &str) -> ApiResult<String> {
    let value = value.trim().to_lowercase();
    let valid = match value.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && value.len() <= 254
                && !value.chars().any(|c| c.is_whitespace() || c.is_control())
                && !domain.contains('@')
        }
        None => false,
    };
    if !valid {
        return Err(ApiError::invalid_field(field, "Introduzca un correo electrónico válido"));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails() {
        assert_eq!(email("e", " Ana@Example.ES ").unwrap(), "ana@example.es");
        for bad in ["", "ana", "ana@", "@x.es", "ana@x", "a b@x.es", "ana@x.es.", "a@b@c.es"] {
            assert!(email("e", bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn required_and_lengths() {
        assert!(required("n", "   ", 10).is_err());
        assert_eq!(required("n", " ok ", 10).unwrap(), "ok");
        assert!(optional("n", "ñññññ", 4).is_err());
        assert!(optional("n", "a\u{0}b", 10).is_err());
    }
}

const NIF_LETTERS: &[u8] = b"TRWAGMYFPDXBNJZSQVHLCKET";

/// The Spanish DNI/NIE check with the product's exact messages; returns the upper-cased value.
pub fn dni(value: &str) -> Result<String, &'static str> {
    let value = value.trim().to_uppercase();
    let len = value.chars().count();
    if len < 9 {
        return Err("Dni erroneo, faltan caracteres");
    }
    if len > 9 {
        return Err("Dni erroneo, sobran caracteres");
    }
    let bytes = value.as_bytes();
    let (prefix, rest) = match bytes[0] {
        b'X' => (Some(b'0'), &bytes[1..]),
        b'Y' => (Some(b'1'), &bytes[1..]),
        b'Z' => (Some(b'2'), &bytes[1..]),
        _ => (None, bytes),
    };
    let (digits, letter) = rest.split_at(rest.len() - 1);
    if !(5..=8).contains(&digits.len()) || !digits.iter().all(u8::is_ascii_digit) || !letter[0].is_ascii_uppercase() {
        return Err("Dni erroneo, formato no válido");
    }
    let mut number = String::new();
    if let Some(p) = prefix {
        number.push(p as char);
    }
    number.push_str(std::str::from_utf8(digits).expect("ascii digits"));
    let number: u64 = number.parse().map_err(|_| "Dni erroneo, formato no válido")?;
    if NIF_LETTERS[(number % 23) as usize] != letter[0] {
        return Err("Dni erroneo, la letra del NIF no se corresponde");
    }
    Ok(value)
}

/// An optional identity document field: empty is fine, anything else must pass the DNI/NIE check.
pub fn optional_dni(field: &str, value: &str) -> ApiResult<String> {
    if value.trim().is_empty() {
        return Ok(String::new());
    }
    dni(value).map_err(|message| ApiError::invalid_field(field, message))
}

/// A `YYYY-MM-DD` date.
pub fn date(field: &str, value: &str) -> ApiResult<String> {
    chrono::NaiveDate::parse_from_str(value.trim(), "%Y-%m-%d")
        .map(|d| d.format("%Y-%m-%d").to_string())
        .map_err(|_| ApiError::invalid_field(field, format!("El campo {field} debe ser una fecha AAAA-MM-DD")))
}

#[cfg(test)]
mod dni_tests {
    use super::dni;

    #[test]
    fn dni_messages() {
        assert_eq!(dni("12345678z").unwrap(), "12345678Z");
        assert_eq!(dni("X1234567L").unwrap(), "X1234567L");
        assert_eq!(dni("1234567Z"), Err("Dni erroneo, faltan caracteres"));
        assert_eq!(dni("123456789Z"), Err("Dni erroneo, sobran caracteres"));
        assert_eq!(dni("1234A678Z"), Err("Dni erroneo, formato no válido"));
        assert_eq!(dni("12345678A"), Err("Dni erroneo, la letra del NIF no se corresponde"));
    }
}
