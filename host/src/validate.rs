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
    volante_checks::text(value, max).map_err(|err| match err {
        volante_checks::TextError::TooLong => {
            ApiError::invalid_field(field, format!("El campo {field} admite como máximo {max} caracteres"))
        }
        volante_checks::TextError::ControlCharacters => {
            ApiError::invalid_field(field, format!("El campo {field} contiene caracteres no válidos"))
        }
    })
}

/// A lower-cased e-mail address of plausible shape.
pub fn email(field: &str, value: &str) -> ApiResult<String> {
    volante_checks::email(value).ok_or_else(|| ApiError::invalid_field(field, "Introduzca un correo electrónico válido"))
}

/// The Spanish DNI/NIE check with the product's exact messages.
pub use volante_checks::dni;

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

/// For `#[serde(default, deserialize_with = "validate::present")]`: a field that was sent, `null`
/// included (`Some(None)` clears; an absent field stays `None`).
pub fn present<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<Option<i64>>, D::Error> {
    <Option<i64> as serde::Deserialize>::deserialize(deserializer).map(Some)
}
