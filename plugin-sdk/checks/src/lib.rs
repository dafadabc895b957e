//! Spanish field checks shared by the host (`host/src/validate.rs`) and the plugin SDK
//! (`plugin-sdk/src/validate.rs`), which wrap them in their own error types. No dependencies, so
//! it builds for the host and for wasm guests alike. Messages are the product's (Spanish).

/// The control letters of the DNI/NIE, by the number modulo 23.
pub const NIF_LETTERS: &[u8] = b"TRWAGMYFPDXBNJZSQVHLCKET";

/// The Spanish DNI/NIE check with the product's exact messages (driving-school spec §5);
/// returns the upper-cased document.
pub fn dni(value: &str) -> std::result::Result<String, &'static str> {
    let value = value.trim().to_uppercase();
    let len = value.chars().count();
    if len < 9 {
        return Err("Dni erroneo, faltan caracteres");
    }
    if len > 9 {
        return Err("Dni erroneo, sobran caracteres");
    }
    if !value.is_ascii() {
        return Err("Dni erroneo, formato no válido");
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
    let mut number: u64 = prefix.map(|p| (p - b'0') as u64).unwrap_or(0);
    for d in digits {
        number = number * 10 + (d - b'0') as u64;
    }
    if NIF_LETTERS[(number % 23) as usize] != letter[0] {
        return Err("Dni erroneo, la letra del NIF no se corresponde");
    }
    Ok(value)
}

/// A company's tax code (CIF, `B12345674`), with messages in the style of the DNI check.
pub fn cif(value: &str) -> std::result::Result<String, &'static str> {
    let value: String = value.trim().to_uppercase().chars().filter(|c| *c != '-' && *c != ' ').collect();
    let len = value.chars().count();
    if len < 9 {
        return Err("Cif erroneo, faltan caracteres");
    }
    if len > 9 {
        return Err("Cif erroneo, sobran caracteres");
    }
    let bytes = value.as_bytes();
    if !value.is_ascii() || !b"ABCDEFGHJNPQRSUVW".contains(&bytes[0]) || !bytes[1..8].iter().all(u8::is_ascii_digit) {
        return Err("Cif erroneo, formato no válido");
    }
    let digits: Vec<u32> = bytes[1..8].iter().map(|d| (d - b'0') as u32).collect();
    let mut sum = 0;
    for (i, d) in digits.iter().enumerate() {
        if i % 2 == 0 {
            let doubled = d * 2;
            sum += doubled / 10 + doubled % 10;
        } else {
            sum += d;
        }
    }
    let control = (10 - sum % 10) % 10;
    let control_letter = b"JABCDEFGHI"[control as usize];
    let control_digit = b'0' + control as u8;
    let given = bytes[8];
    let ok = match bytes[0] {
        // Entities that always use a letter, and those that always use a digit.
        b'P' | b'Q' | b'R' | b'S' | b'W' | b'N' => given == control_letter,
        b'A' | b'B' | b'E' | b'H' => given == control_digit,
        _ => given == control_letter || given == control_digit,
    };
    if !ok {
        return Err("Cif erroneo, el dígito de control no se corresponde");
    }
    Ok(value)
}

/// A lower-cased e-mail address of plausible shape, or `None`.
pub fn email(value: &str) -> Option<String> {
    let value = value.trim().to_lowercase();
    let (local, domain) = value.split_once('@')?;
    let valid = !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
        && value.len() <= 254
        && !value.chars().any(|c| c.is_whitespace() || c.is_control())
        && !domain.contains('@');
    valid.then_some(value)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextError {
    TooLong,
    ControlCharacters,
}

/// A trimmed text of at most `max` characters, without control characters other than newline
/// and tab (empty is fine).
pub fn text(value: &str, max: usize) -> Result<String, TextError> {
    let value = value.trim();
    if value.chars().count() > max {
        return Err(TextError::TooLong);
    }
    if value.chars().any(|c| c.is_control() && c != '\n' && c != '\t') {
        return Err(TextError::ControlCharacters);
    }
    Ok(value.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dni_messages() {
        assert_eq!(dni("12345678z").unwrap(), "12345678Z");
        assert_eq!(dni("X1234567L").unwrap(), "X1234567L");
        assert_eq!(dni("1234567Z"), Err("Dni erroneo, faltan caracteres"));
        assert_eq!(dni("123456789Z"), Err("Dni erroneo, sobran caracteres"));
        assert_eq!(dni("1234A678Z"), Err("Dni erroneo, formato no válido"));
        assert_eq!(dni("12345678A"), Err("Dni erroneo, la letra del NIF no se corresponde"));
        assert_eq!(dni("1234567ñZ"), Err("Dni erroneo, formato no válido"));
    }

    #[test]
    fn cif_control() {
        assert_eq!(cif("B12345674").unwrap(), "B12345674");
        assert!(cif("B12345675").is_err());
    }

    #[test]
    fn emails() {
        assert_eq!(email(" Ana@Example.ES ").as_deref(), Some("ana@example.es"));
        for bad in ["", "ana", "ana@", "@x.es", "ana@x", "a b@x.es", "ana@x.es.", "a@b@c.es", "a@x..es"] {
            assert!(email(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn texts() {
        assert_eq!(text(" ok ", 10).unwrap(), "ok");
        assert_eq!(text("ñññññ", 4), Err(TextError::TooLong));
        assert_eq!(text("a\u{0}b", 10), Err(TextError::ControlCharacters));
        assert_eq!(text("a\nb", 10).unwrap(), "a\nb");
    }
}
