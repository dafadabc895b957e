//! The field checks of this module that the SDK does not have: a class's time and length, a
//! group's dates in order, and a link's address. Each answers the API's `REQ-102` naming the
//! field, with a Spanish message.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::{time, validate};

/// A class's shortest and longest length, in minutes.
pub const MINUTES: std::ops::RangeInclusive<i64> = 5..=480;

/// A clock time `HH:MM` (Spain's local time, as the timetable reads), or none when empty.
pub fn clock_time(field: &str, value: Option<&str>) -> Result<Option<String>> {
    let value = value.map(str::trim).unwrap_or_default();
    if value.is_empty() {
        return Ok(None);
    }
    time::clock_minutes(value)
        .map(|minutes| Some(time::clock_text(minutes)))
        .ok_or_else(|| Error::invalid_field(field, format!("El campo {field} debe ser una hora HH:MM")))
}

/// A time is only given with a date: `starts_at` needs `scheduled_on`.
pub fn time_needs_date(date: Option<&str>, time: Option<&str>) -> Result<()> {
    if time.is_some() && date.is_none() {
        return Err(Error::invalid_field("starts_at", "Indique la fecha de la clase para darle una hora"));
    }
    Ok(())
}

/// A class's length in minutes, from 5 to 480.
pub fn minutes(field: &str, value: i64) -> Result<i64> {
    if MINUTES.contains(&value) {
        Ok(value)
    } else {
        Err(Error::invalid_field(field, format!("La duración debe estar entre {} y {} minutos", MINUTES.start(), MINUTES.end())))
    }
}

/// The end of a period is not before its start (`YYYY-MM-DD` compare as text).
pub fn dates_in_order(starts_on: Option<&str>, ends_on: Option<&str>) -> Result<()> {
    match (starts_on, ends_on) {
        (Some(start), Some(end)) if end < start => Err(Error::invalid_field("ends_on", "La fecha de fin no puede ser anterior a la de inicio")),
        _ => Ok(()),
    }
}

/// An optional date (`YYYY-MM-DD`, or `DD/MM/YYYY` as Spain writes it): none when empty.
pub fn date(field: &str, value: Option<&str>) -> Result<Option<String>> {
    validate::optional_date(field, value.map(str::to_string))
}

/// A web address: required, at most 500 characters, `http://` or `https://` and a host, without
/// spaces.
pub fn url(field: &str, value: &str) -> Result<String> {
    let url = validate::required(field, value, 500)?;
    let lower = url.to_ascii_lowercase();
    let Some(rest) = lower.strip_prefix("https://").or_else(|| lower.strip_prefix("http://")) else {
        return Err(Error::invalid_field(field, "La dirección debe empezar por http:// o https://"));
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    if host.is_empty() || url.chars().any(char::is_whitespace) {
        return Err(Error::invalid_field(field, "La dirección no es válida"));
    }
    Ok(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_times_are_hh_mm() {
        assert_eq!(clock_time("starts_at", Some("09:30")).unwrap().as_deref(), Some("09:30"));
        assert_eq!(clock_time("starts_at", Some(" 18:05 ")).unwrap().as_deref(), Some("18:05"));
        assert_eq!(clock_time("starts_at", Some("")).unwrap(), None);
        assert_eq!(clock_time("starts_at", None).unwrap(), None);
        for bad in ["9:30", "24:00", "12:60", "12h", "12:3a"] {
            let err = clock_time("starts_at", Some(bad)).unwrap_err();
            assert_eq!((err.field(), err.details.as_str()), (Some("starts_at"), "El campo starts_at debe ser una hora HH:MM"), "{bad}");
        }
    }

    #[test]
    fn a_time_comes_with_a_date() {
        assert!(time_needs_date(Some("2026-10-05"), Some("09:00")).is_ok());
        assert!(time_needs_date(Some("2026-10-05"), None).is_ok());
        assert!(time_needs_date(None, None).is_ok());
        assert_eq!(time_needs_date(None, Some("09:00")).unwrap_err().field(), Some("starts_at"));
    }

    #[test]
    fn a_class_lasts_5_to_480_minutes() {
        assert_eq!(minutes("minutes", 5).unwrap(), 5);
        assert_eq!(minutes("minutes", 480).unwrap(), 480);
        let err = minutes("minutes", 4).unwrap_err();
        assert_eq!((err.field(), err.details.as_str()), (Some("minutes"), "La duración debe estar entre 5 y 480 minutos"));
        assert!(minutes("minutes", 481).is_err());
        assert!(minutes("minutes", -60).is_err());
    }

    #[test]
    fn dates_are_read_and_kept_in_order() {
        assert_eq!(date("starts_on", Some("2026-10-05")).unwrap().as_deref(), Some("2026-10-05"));
        assert_eq!(date("starts_on", Some("05/10/2026")).unwrap().as_deref(), Some("2026-10-05"));
        assert_eq!(date("starts_on", Some(" ")).unwrap(), None);
        assert_eq!(date("starts_on", Some("2026-02-30")).unwrap_err().field(), Some("starts_on"));
        assert!(dates_in_order(Some("2026-10-05"), Some("2026-10-05")).is_ok());
        assert!(dates_in_order(Some("2026-10-05"), Some("2026-12-20")).is_ok());
        assert!(dates_in_order(None, Some("2026-12-20")).is_ok());
        assert!(dates_in_order(Some("2026-10-05"), None).is_ok());
        let err = dates_in_order(Some("2026-10-05"), Some("2026-10-04")).unwrap_err();
        assert_eq!((err.field(), err.details.as_str()), (Some("ends_on"), "La fecha de fin no puede ser anterior a la de inicio"));
    }

    #[test]
    fn links_are_web_addresses() {
        assert_eq!(url("url", " https://www.dgt.es/inicio ").unwrap(), "https://www.dgt.es/inicio");
        assert_eq!(url("url", "HTTP://example.com?q=1").unwrap(), "HTTP://example.com?q=1");
        assert_eq!(url("url", "http://localhost:8080/a#b").unwrap(), "http://localhost:8080/a#b");
        assert_eq!(url("url", "").unwrap_err().details, "El campo url es obligatorio");
        for bad in ["ftp://example.com", "www.dgt.es", "javascript:alert(1)", "mailto:a@b.es"] {
            let err = url("url", bad).unwrap_err();
            assert_eq!((err.field(), err.details.as_str()), (Some("url"), "La dirección debe empezar por http:// o https://"), "{bad}");
        }
        for bad in ["https://", "http:///path", "https://dgt.es/a b"] {
            assert_eq!(url("url", bad).unwrap_err().details, "La dirección no es válida", "{bad}");
        }
        let long = format!("https://example.com/{}", "a".repeat(500));
        assert_eq!(url("url", &long).unwrap_err().details, "El campo url admite como máximo 500 caracteres");
    }
}
