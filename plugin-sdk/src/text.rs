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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_spanish_text() {
        assert_eq!(fold("  José-María  ÁLVAREZ, Nº 5 "), "jose maria alvarez no 5");
        assert_eq!(fold("Peñíscola L·leida Çà"), "peniscola l leida ca");
        assert_eq!(fold("ana@Correo.ES"), "ana@correo.es");
        assert_eq!(fold(""), "");
        assert_eq!(words(" ñu  Ávila "), ["nu", "avila"]);
    }
}
