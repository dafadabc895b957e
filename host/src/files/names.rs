//! File and folder names, content types and content sniffing.

use serde_json::json;

use crate::error::{codes, ApiError, ApiResult};

pub const NAME_MAX: usize = 255;

/// A file or folder name: trimmed, 1 to 255 characters, no `/`, `\`, `..` or control characters
/// (FILE-002). Names never reach a filesystem path (objects are stored under random handles), but
/// they do reach downloads and other systems, so they are kept clean at the edge.
pub fn check(field: &str, raw: &str) -> ApiResult<String> {
    let name = raw.trim();
    let reason = if name.is_empty() {
        Some("El nombre no puede estar vacío")
    } else if name.chars().count() > NAME_MAX {
        Some("El nombre admite como máximo 255 caracteres")
    } else if name.contains('/') || name.contains('\\') {
        Some("El nombre no puede contener barras")
    } else if name.contains("..") || name == "." {
        Some("El nombre no puede contener '..'")
    } else if name.chars().any(char::is_control) {
        Some("El nombre contiene caracteres no válidos")
    } else {
        None
    };
    match reason {
        Some(details) => Err(ApiError::new(codes::FILE_NAME_INVALID, details).with_data(json!({ "field": field }))),
        None => Ok(name.to_string()),
    }
}

/// The content type a name implies. Content types follow names (also on rename); what is
/// served inline is decided from a short safe list (see `inline_safe`), so a lying name cannot
/// make the host serve active content.
pub fn content_type(name: &str) -> String {
    mime_guess::from_path(name).first_or_octet_stream().essence_str().to_string()
}

/// Types a browser may show inline from our origin without running anything.
pub fn inline_safe(content_type: &str) -> bool {
    matches!(content_type, "image/png" | "image/jpeg" | "image/gif" | "image/webp" | "application/pdf" | "text/plain")
        || content_type.starts_with("audio/")
        || content_type.starts_with("video/")
}

/// `name` without its extension, and the extension (lower-cased, without the dot).
pub fn split_ext(name: &str) -> (&str, Option<String>) {
    match name.rfind('.') {
        Some(i) if i > 0 && i + 1 < name.len() => (&name[..i], Some(name[i + 1..].to_ascii_lowercase())),
        _ => (name, None),
    }
}

/// `stem (n).ext`: the n-th alternative for a name that is taken.
pub fn numbered(name: &str, n: u32) -> String {
    if n <= 1 {
        return name.to_string();
    }
    match split_ext(name) {
        (stem, Some(_)) => format!("{stem} ({n}){}", &name[stem.len()..]),
        (stem, None) => format!("{stem} ({n})"),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    Png,
    Jpeg,
}

impl ImageKind {
    pub fn content_type(self) -> &'static str {
        match self {
            ImageKind::Png => "image/png",
            ImageKind::Jpeg => "image/jpeg",
        }
    }
    pub fn ext(self) -> &'static str {
        match self {
            ImageKind::Png => "png",
            ImageKind::Jpeg => "jpg",
        }
    }
    pub fn format(self) -> image::ImageFormat {
        match self {
            ImageKind::Png => image::ImageFormat::Png,
            ImageKind::Jpeg => image::ImageFormat::Jpeg,
        }
    }
}

/// PNG or JPEG by magic bytes (never by name or declared type).
pub fn sniff_image(head: &[u8]) -> Option<ImageKind> {
    if head.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(ImageKind::Png)
    } else if head.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(ImageKind::Jpeg)
    } else {
        None
    }
}

pub fn is_pdf(head: &[u8]) -> bool {
    // The header may follow a little junk; readers accept it within the first KiB.
    head.windows(5).take(1024).any(|w| w == b"%PDF-")
}

/// `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987).
pub fn content_disposition(kind: &str, name: &str) -> String {
    let fallback: String =
        name.chars().map(|c| if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' { c } else { '_' }).collect();
    let mut encoded = String::new();
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&b) {
            encoded.push(b as char);
        } else {
            encoded.push_str(&format!("%{b:02X}"));
        }
    }
    format!("{kind}; filename=\"{fallback}\"; filename*=UTF-8''{encoded}")
}

/// A LIKE pattern matching `text` anywhere, with `\` as the escape character.
pub fn like_pattern(text: &str) -> String {
    let mut pattern = String::from("%");
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// Form values such as `1`, `true`, `on`, `si`.
pub fn truthy(value: Option<&str>) -> bool {
    matches!(value.map(|v| v.trim().to_ascii_lowercase()).as_deref(), Some("1" | "true" | "on" | "yes" | "si" | "sí"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(check("name", "  Informe 2024.pdf ").unwrap(), "Informe 2024.pdf");
        for bad in ["", "   ", "..", ".", "../etc/passwd", "a/b", "a\\b", "a\u{0}b", "a\nb", "x..y", "a".repeat(256).as_str()] {
            let err = check("name", bad).unwrap_err();
            assert_eq!(err.code(), codes::FILE_NAME_INVALID, "{bad:?}");
        }
        assert!(check("name", &"ñ".repeat(255)).is_ok());
    }

    #[test]
    fn numbering_and_extensions() {
        assert_eq!(numbered("foto.png", 1), "foto.png");
        assert_eq!(numbered("foto.png", 2), "foto (2).png");
        assert_eq!(numbered("LEEME", 3), "LEEME (3)");
        assert_eq!(split_ext("a.tar.GZ"), ("a.tar", Some("gz".into())));
        assert_eq!(split_ext(".bashrc"), (".bashrc", None));
    }

    #[test]
    fn sniffing() {
        assert_eq!(sniff_image(b"\x89PNG\r\n\x1a\n...."), Some(ImageKind::Png));
        assert_eq!(sniff_image(&[0xFF, 0xD8, 0xFF, 0xE0]), Some(ImageKind::Jpeg));
        assert_eq!(sniff_image(b"GIF89a"), None);
        assert!(is_pdf(b"%PDF-1.7\n"));
        assert!(!is_pdf(b"<html>"));
    }

    #[test]
    fn dispositions_and_patterns() {
        assert_eq!(
            content_disposition("inline", "Año \"1\".pdf"),
            "inline; filename=\"A_o _1_.pdf\"; filename*=UTF-8''A%C3%B1o%20%221%22.pdf"
        );
        assert_eq!(like_pattern("50%_a\\"), "%50\\%\\_a\\\\%");
        assert!(inline_safe("image/png") && !inline_safe("text/html") && !inline_safe("image/svg+xml"));
    }
}
