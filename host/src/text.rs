//! Text helpers for search.

use unicode_normalization::UnicodeNormalization;

/// Lower-case without accents, so "Álvaro" matches "alvaro" (and "Peña" matches "pena").
pub fn fold(text: &str) -> String {
    text.nfd().filter(|c| !unicode_normalization::char::is_combining_mark(*c)).collect::<String>().to_lowercase()
}

#[cfg(test)]
mod tests {
    #[test]
    fn folds_accents_and_case() {
        assert_eq!(super::fold("Álvaro PEÑA Güell"), "alvaro pena guell");
    }
}
