//! What several harness tests share: a PDF template to sign, a drawn signature, and the text of
//! a mail.
#![allow(dead_code)]

use lopdf::content::{Content, Operation};
use lopdf::{dictionary, Document, Object, Stream};

/// An 8×4 PNG with transparent pixels: a drawn signature.
pub const SIGNATURE: &str = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAgAAAAECAYAAACzzX7wAAAAF0lEQVR4nGNgYAj4D8QMuGm8kiCaUhMAk9YZ8aqd8JsAAAAASUVORK5CYII=";

/// A one-page A4 contract to sign.
pub fn template() -> Vec<u8> {
    let mut doc = Document::with_version("1.5");
    let pages = doc.new_object_id();
    let font = doc.add_object(dictionary! { "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Times-Roman" });
    let content = Content {
        operations: vec![
            Operation::new("BT", vec![]),
            Operation::new("Tf", vec!["F1".into(), 14.into()]),
            Operation::new("Td", vec![72.into(), 780.into()]),
            Operation::new("Tj", vec![Object::string_literal("CONTRATO DE ENSENANZA")]),
            Operation::new("ET", vec![]),
        ],
    };
    let content = doc.add_object(Stream::new(dictionary! {}, content.encode().unwrap()));
    let page = doc.add_object(dictionary! {
        "Type" => "Page", "Parent" => pages, "Contents" => content,
        "Resources" => dictionary! { "Font" => dictionary! { "F1" => font } },
    });
    doc.objects.insert(
        pages,
        Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => vec![page.into()], "Count" => 1, "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()] }),
    );
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages });
    doc.trailer.set("Root", catalog);
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    out
}

/// The text body of a mail of the outbox, decoded (base64 or quoted-printable).
pub fn mail_text(raw: &str) -> String {
    let Some((headers, body)) = raw.split_once("\r\n\r\n").or_else(|| raw.split_once("\n\n")) else { return raw.to_string() };
    let headers = headers.to_lowercase();
    if headers.contains("content-transfer-encoding: base64") {
        let compact: String = body.split_whitespace().collect();
        return String::from_utf8_lossy(&volante_plugin_harness::decode_base64(&compact)).into_owned();
    }
    if !headers.contains("content-transfer-encoding: quoted-printable") {
        return body.to_string();
    }
    let body = body.replace("=\r\n", "").replace("=\n", "");
    let mut bytes = Vec::with_capacity(body.len());
    let raw = body.as_bytes();
    let mut i = 0;
    while i < raw.len() {
        let hex = (raw[i] == b'=' && i + 2 < raw.len()).then(|| std::str::from_utf8(&raw[i + 1..i + 3]).ok()).flatten();
        match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
            Some(byte) => {
                bytes.push(byte);
                i += 3;
            }
            None => {
                bytes.push(raw[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Calendar helpers (Howard Hinnant's), to work with a plugin's "today": days since 1970-01-01
/// of a civil date, and back.
pub fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
}

pub fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = if z >= 0 { z } else { z - 146_096 } / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}
