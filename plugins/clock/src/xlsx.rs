//! The report as an Excel workbook (Office Open XML, `.xlsx`): sheet "Registro diario" with a
//! row per interval and a line per day, sheet "Totales" with a row per worker.
//!
//! Written here rather than with a spreadsheet library: the ones for Rust read the system clock
//! when a workbook is created, which a plugin (wasm32 without WASI) does not have. The parts are
//! the minimum Excel, LibreOffice and Google Sheets open: content types, relationships, the
//! workbook, styles (bold headers) and the two sheets with inline strings, in a zip archive whose
//! entries are stored (not compressed).

use volante_plugin_sdk::text::xml_escape as escape;
use volante_plugin_sdk::time::{self, SpanishZone};
use volante_plugin_sdk::Result;

use crate::day::{Day, Total};
use crate::Kind;

pub const CONTENT_TYPE: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// One cell: text, a number, or a bold header.
enum Cell {
    Text(String),
    Number(f64),
    Header(&'static str),
}

fn text(value: impl Into<String>) -> Cell {
    Cell::Text(value.into())
}

/// Hours with two decimals, as a number Excel can add up.
fn hours(minutes: i64) -> Cell {
    Cell::Number((minutes as f64 / 60.0 * 100.0).round() / 100.0)
}

use volante_plugin_sdk::time::spanish_date;

fn local_time(zone: SpanishZone, utc: Option<&str>) -> String {
    utc.and_then(time::parse_utc).map(|secs| zone.clock_time(secs)).unwrap_or_default()
}

/// The workbook's bytes.
pub fn workbook(from: &str, to: &str, zone: SpanishZone, days: &[Day], totals: &[Total]) -> Result<Vec<u8>> {
    let mut daily: Vec<Vec<Cell>> = vec![
        vec![text(format!("Registro de jornada del {} al {} (hora de {})", spanish_date(from), spanish_date(to), zone_label(zone)))],
        vec![],
        ["Fecha", "Trabajador", "Tipo", "Inicio", "Fin", "Horas", "Corregido"].map(Cell::Header).into(),
    ];
    for day in days {
        for entry in &day.entries {
            daily.push(vec![
                text(spanish_date(&day.date)),
                text(day.user_name.clone()),
                text(if entry.kind == Kind::Work { "Trabajo" } else { "Pausa" }),
                text(local_time(zone, Some(&entry.started_at))),
                text(if entry.ended_at.is_some() { local_time(zone, entry.ended_at.as_deref()) } else { "en curso".into() }),
                hours(entry.minutes),
                text(if entry.edited { "Sí" } else { "" }),
            ]);
        }
        daily.push(vec![
            text(spanish_date(&day.date)),
            text(day.user_name.clone()),
            text("Total del día"),
            text(local_time(zone, day.first_start.as_deref())),
            text(local_time(zone, day.last_end.as_deref())),
            hours(day.worked_minutes),
            text(if day.edited { "Sí" } else { "" }),
        ]);
    }
    let mut summary: Vec<Vec<Cell>> = vec![["Trabajador", "Días trabajados", "Horas trabajadas"].map(Cell::Header).into()];
    for total in totals {
        summary.push(vec![text(total.user_name.clone()), Cell::Number(total.days as f64), hours(total.worked_minutes)]);
    }
    let parts = [
        ("[Content_Types].xml", CONTENT_TYPES.to_string()),
        ("_rels/.rels", ROOT_RELS.to_string()),
        ("xl/workbook.xml", WORKBOOK.to_string()),
        ("xl/_rels/workbook.xml.rels", WORKBOOK_RELS.to_string()),
        ("xl/styles.xml", STYLES.to_string()),
        ("xl/worksheets/sheet1.xml", sheet(&daily, &[12.0, 28.0, 14.0, 9.0, 9.0, 9.0, 11.0])),
        ("xl/worksheets/sheet2.xml", sheet(&summary, &[28.0, 16.0, 17.0])),
    ];
    Ok(zip_stored(&parts))
}

fn zone_label(zone: SpanishZone) -> &'static str {
    match zone {
        SpanishZone::Peninsula => "la península",
        SpanishZone::Canary => "Canarias",
    }
}

/// A column's letters: 0 → A, 25 → Z, 26 → AA.
fn column(mut index: usize) -> String {
    let mut letters = Vec::new();
    loop {
        letters.push(b'A' + (index % 26) as u8);
        if index < 26 {
            break;
        }
        index = index / 26 - 1;
    }
    letters.iter().rev().map(|&b| b as char).collect()
}

fn sheet(rows: &[Vec<Cell>], widths: &[f64]) -> String {
    let mut xml = String::from(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cols>"#,
    );
    for (i, width) in widths.iter().enumerate() {
        xml.push_str(&format!(r#"<col min="{n}" max="{n}" width="{width}" customWidth="1"/>"#, n = i + 1));
    }
    xml.push_str("</cols><sheetData>");
    for (r, row) in rows.iter().enumerate() {
        xml.push_str(&format!(r#"<row r="{}">"#, r + 1));
        for (c, cell) in row.iter().enumerate() {
            let at = format!("{}{}", column(c), r + 1);
            match cell {
                Cell::Text(value) if value.is_empty() => {}
                Cell::Text(value) => xml.push_str(&format!(r#"<c r="{at}" t="inlineStr"><is><t xml:space="preserve">{}</t></is></c>"#, escape(value))),
                Cell::Header(value) => xml.push_str(&format!(r#"<c r="{at}" t="inlineStr" s="1"><is><t>{}</t></is></c>"#, escape(value))),
                Cell::Number(value) => xml.push_str(&format!(r#"<c r="{at}"><v>{value}</v></c>"#)),
            }
        }
        xml.push_str("</row>");
    }
    xml.push_str("</sheetData></worksheet>");
    xml
}

const CONTENT_TYPES: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>"#;

const ROOT_RELS: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#;

const WORKBOOK: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Registro diario" sheetId="1" r:id="rId1"/><sheet name="Totales" sheetId="2" r:id="rId2"/></sheets></workbook>"#;

const WORKBOOK_RELS: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>"#;

const STYLES: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>"#;

/// A zip archive of `parts`, stored without compression, dated 1980-01-01 (the archive's
/// epoch: the workbook's content carries the dates that matter).
fn zip_stored(parts: &[(&str, String)]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, content) in parts {
        let (name, data) = (name.as_bytes(), content.as_bytes());
        let crc = crc32fast::hash(data);
        let offset = out.len() as u32;
        // Local file header: version 2.0, no flags, stored, DOS time 00:00 and date 1980-01-01.
        out.extend_from_slice(&0x0403_4b50u32.to_le_bytes());
        for field in [20u16, 0x0800, 0, 0, 0x21] {
            out.extend_from_slice(&field.to_le_bytes());
        }
        for field in [crc, data.len() as u32, data.len() as u32] {
            out.extend_from_slice(&field.to_le_bytes());
        }
        out.extend_from_slice(&(name.len() as u16).to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
        out.extend_from_slice(name);
        out.extend_from_slice(data);
        // Its central directory entry.
        central.extend_from_slice(&0x0201_4b50u32.to_le_bytes());
        for field in [20u16, 20, 0x0800, 0, 0, 0x21] {
            central.extend_from_slice(&field.to_le_bytes());
        }
        for field in [crc, data.len() as u32, data.len() as u32] {
            central.extend_from_slice(&field.to_le_bytes());
        }
        for field in [name.len() as u16, 0, 0, 0, 0] {
            central.extend_from_slice(&field.to_le_bytes());
        }
        central.extend_from_slice(&0u32.to_le_bytes());
        central.extend_from_slice(&offset.to_le_bytes());
        central.extend_from_slice(name);
    }
    let (central_offset, central_len) = (out.len() as u32, central.len() as u32);
    out.extend_from_slice(&central);
    out.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    for field in [0u16, 0, parts.len() as u16, parts.len() as u16] {
        out.extend_from_slice(&field.to_le_bytes());
    }
    out.extend_from_slice(&central_len.to_le_bytes());
    out.extend_from_slice(&central_offset.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Entry;

    #[test]
    fn columns_are_lettered_like_excel() {
        assert_eq!([0, 25, 26, 27, 701, 702].map(column), ["A", "Z", "AA", "AB", "ZZ", "AAA"]);
    }

    #[test]
    fn the_workbook_is_a_zip_excel_and_unzip_can_read() {
        let entry = Entry {
            id: 1,
            user_id: 5,
            user_name: "Ana <Pérez> & Cía".into(),
            branch_id: None,
            kind: Kind::Work,
            started_at: "2026-11-23T07:00:00Z".into(),
            ended_at: Some("2026-11-23T15:30:00Z".into()),
            work_date: "2026-11-23".into(),
            minutes: 510,
            edited: true,
            changes: None,
        };
        let day = Day {
            date: "2026-11-23".into(),
            user_id: 5,
            user_name: entry.user_name.clone(),
            branch_id: None,
            first_start: Some(entry.started_at.clone()),
            last_end: entry.ended_at.clone(),
            worked_minutes: 510,
            paused_minutes: 0,
            open: false,
            edited: true,
            entries: vec![entry],
        };
        let total = Total { user_id: 5, user_name: day.user_name.clone(), days: 1, worked_minutes: 510 };
        let bytes = workbook("2026-11-01", "2026-11-30", SpanishZone::Peninsula, &[day], &[total]).unwrap();
        assert_eq!(&bytes[..4], b"PK\x03\x04");
        let dir = std::env::temp_dir().join(format!("clock-xlsx-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("report.xlsx");
        std::fs::write(&file, &bytes).unwrap();
        // `unzip -t` checks every entry's CRC; it is on the test machines (scripts/setup.sh).
        let tested = std::process::Command::new("unzip").arg("-tq").arg(&file).output().expect("unzip");
        assert!(tested.status.success(), "{}", String::from_utf8_lossy(&tested.stdout));
        let sheet = std::process::Command::new("unzip").arg("-p").arg(&file).arg("xl/worksheets/sheet1.xml").output().unwrap();
        let sheet = String::from_utf8(sheet.stdout).unwrap();
        // Local (peninsular winter) times, escaped names, hours as numbers.
        assert!(sheet.contains(">08:00<") && sheet.contains(">16:30<"), "{sheet}");
        assert!(sheet.contains("Ana &lt;Pérez&gt; &amp; Cía"));
        assert!(sheet.contains("<v>8.5</v>"));
        assert!(sheet.contains("23/11/2026"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
