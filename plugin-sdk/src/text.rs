//! Text folding for search: lower case, accents and marks removed, punctuation to spaces, runs
//! of spaces collapsed. Done in Rust and stored (`search_text`) so the same search works on
//! SQLite and PostgreSQL without collations or extensions.

/// `"  José-María  ÁLVAREZ, Nº 5 "` → `"jose maria alvarez no 5"`.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = true;
    let mut push = |c: char, out: &mut String| {
        if c.is_alphanumeric() || c == '@' || c == '.' {
            out.push(c);
            space = false;
        } else if !space {
            out.push(' ');
            space = true;
        }
    };
    for c in text.chars().flat_map(char::to_lowercase) {
        match fold_char(c) {
            Some(base) => base.chars().for_each(|b| push(b, &mut out)),
            None => push(c, &mut out),
        }
    }
    if out.ends_with(' ') {
        out.pop();
    }
    out
}

/// The base letters of a lower-case Latin character with a mark (Spanish, Catalan, Galician,
/// Basque, Portuguese and French accents, plus ligatures); `None` keeps the character.
fn fold_char(c: char) -> Option<&'static str> {
    Some(match c {
        'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' | 'ā' => "a",
        'é' | 'è' | 'ê' | 'ë' | 'ē' => "e",
        'í' | 'ì' | 'î' | 'ï' | 'ī' => "i",
        'ó' | 'ò' | 'ô' | 'ö' | 'õ' | 'ø' | 'ō' => "o",
        'ú' | 'ù' | 'û' | 'ü' | 'ū' => "u",
        'ñ' => "n",
        'ç' => "c",
        'ý' | 'ÿ' => "y",
        'º' => "o",
        'ª' => "a",
        'æ' => "ae",
        'œ' => "oe",
        'ß' => "ss",
        _ => return None,
    })
}

/// The folded words of a search query, without empties.
pub fn words(query: &str) -> Vec<String> {
    fold(query).split(' ').filter(|w| !w.is_empty()).map(str::to_string).collect()
}

/// Standard base64 (for JSON answers).
pub fn base64(bytes: &[u8]) -> String {
    const T: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        out.push(T[(n >> 18) as usize & 63] as char);
        out.push(T[(n >> 12) as usize & 63] as char);
        out.push(if chunk.len() > 1 { T[(n >> 6) as usize & 63] as char } else { '=' });
        out.push(if chunk.len() > 2 { T[n as usize & 63] as char } else { '=' });
    }
    out
}

/// A size in bytes as a Spanish reader writes it: `512 B`, `12,5 KB`, `50 MB`, `1,2 GB` (units
/// of 1,024; one decimal below 10 of a unit, dropped when it is 0).
pub fn file_size(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KB", "MB", "GB", "TB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit < UNITS.len() - 1 {
        value /= 1024.0;
        unit += 1;
    }
    let text = if unit == 0 || value >= 10.0 { format!("{}", value.round() as u64) } else { format!("{:.1}", value) };
    let text = text.strip_suffix(".0").unwrap_or(&text).replace('.', ",");
    format!("{text} {}", UNITS[unit])
}

/// `&`, `<`, `>`, `"` and `'` escaped; control characters other than tab and newlines dropped
/// (XML 1.0 forbids them).
pub fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod size_tests {
    use super::file_size;

    #[test]
    fn sizes_read_as_a_spanish_reader_writes_them() {
        assert_eq!(file_size(512), "512 B");
        assert_eq!(file_size(5_632), "5,5 KB");
        assert_eq!(file_size(12_800), "13 KB");
        assert_eq!(file_size(50 << 20), "50 MB");
        assert_eq!(file_size(3 << 29), "1,5 GB");
        assert_eq!(file_size(2 << 30), "2 GB");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_pads_the_last_group() {
        assert_eq!(base64(b"Man"), "TWFu");
        assert_eq!(base64(b"Ma"), "TWE=");
        assert_eq!(base64(b"M"), "TQ==");
        assert_eq!(base64(b""), "");
    }

    #[test]
    fn xml_escapes_markup_and_drops_control_characters() {
        assert_eq!(xml_escape("Ana <Pérez> & \"Cía\" 'SL'\u{1}\tfin"), "Ana &lt;Pérez&gt; &amp; &quot;Cía&quot; &apos;SL&apos;\tfin");
    }

    #[test]
    fn folds_spanish_text() {
        assert_eq!(fold("  José-María  ÁLVAREZ, Nº 5 "), "jose maria alvarez no 5");
        assert_eq!(fold("Peñíscola L·leida Çà"), "peniscola l leida ca");
        assert_eq!(fold("ana@Correo.ES"), "ana@correo.es");
        assert_eq!(fold(""), "");
        assert_eq!(words(" ñu  Ávila "), ["nu", "avila"]);
    }
}
