//! Answers given in parts (`answer.respond`, interface 0.1.3): JSON text the guest wrote around
//! rows the host holds (`sql.query-batch-held`). The rows never cross into the guest, and the
//! host checks only what the guest wrote: the held rows are its own JSON.
//!
//! And pages the host reads once the guest has returned (`answer.respond-page`, interface
//! 0.1.4): the guest plans a list's two reads and is done; the host runs them and writes the
//! page.

use std::fmt::Write as _;

use super::bindings::latest::volante::plugin::types::{AnswerPart, JsonKind, SqlRows, SqlValue};
use super::data::PluginTx;

/// The API's success envelope before its `data`; it closes with `}`.
const ENVELOPE_OPEN: &str = "{\"success\":true,\"data\":";

/// A plugin's answer: JSON text the host has checked to be one value, either parsed whole,
/// joined from parts whose text was checked around its held rows, or written by the host (a
/// page) after the envelope's opening, so that the answer is not copied into it.
#[derive(Debug)]
pub struct JsonAnswer {
    text: String,
    /// Where the answer starts in `text`: 0, or after `ENVELOPE_OPEN`.
    start: usize,
}

impl JsonAnswer {
    /// `text` if it is one JSON value (parsed, without building a tree).
    pub fn parse(text: String) -> Option<JsonAnswer> {
        serde_json::from_str::<serde::de::IgnoredAny>(&text).ok().map(|_| JsonAnswer { text, start: 0 })
    }

    pub fn as_str(&self) -> &str {
        &self.text[self.start..]
    }

    /// The response body: the answer in the API's success envelope.
    pub fn into_envelope(self) -> String {
        let JsonAnswer { mut text, start } = self;
        if start == 0 {
            let mut body = String::with_capacity(ENVELOPE_OPEN.len() + text.len() + 1);
            body.push_str(ENVELOPE_OPEN);
            body.push_str(&text);
            text = body;
        }
        text.push('}');
        text
    }
}

/// Keep `json` (rows the host wrote) for the call's answer, and give its handle. What a call holds
/// in all may not pass the largest answer (held rows are only good for answering), so the host's
/// memory stays bounded whatever the guest asks for.
pub fn hold(held: &mut Vec<String>, json: String, max_bytes: usize) -> Result<u32, String> {
    let holding = held.iter().map(String::len).sum::<usize>() + json.len();
    if holding > max_bytes {
        return Err(format!("Las filas retenidas ({holding} bytes) superan el máximo de una respuesta ({max_bytes} bytes)"));
    }
    held.push(json);
    Ok(held.len() as u32 - 1)
}

/// Check `parts` against the rows held so far: every handle known, no held rows inside a string,
/// the whole one JSON value, at most `max_bytes` long. The error is for the guest.
pub fn check(parts: &[AnswerPart], held: &[String], max_bytes: usize) -> Result<(), String> {
    // The guest's text with each held array replaced by `[]`: an array stands for an array at
    // a place outside any string, so this is one JSON value exactly when the joined answer is.
    let mut skeleton = String::new();
    let mut length = 0usize;
    let (mut in_string, mut escaped) = (false, false);
    for part in parts {
        match part {
            AnswerPart::Text(text) => {
                for byte in text.bytes() {
                    match (in_string, escaped, byte) {
                        (true, true, _) => escaped = false,
                        (true, false, b'\\') => escaped = true,
                        (_, false, b'"') => in_string = !in_string,
                        _ => {}
                    }
                }
                skeleton.push_str(text);
                length += text.len();
            }
            AnswerPart::Held(handle) => {
                let rows = held.get(*handle as usize).ok_or_else(|| format!("No hay filas retenidas con el identificador {handle}"))?;
                if in_string {
                    return Err("Las filas retenidas no pueden ir dentro de una cadena".into());
                }
                skeleton.push_str("[]");
                length += rows.len();
            }
        }
    }
    if length > max_bytes {
        return Err(format!("La respuesta ({length} bytes) supera el máximo de {max_bytes} bytes"));
    }
    serde_json::from_str::<serde::de::IgnoredAny>(&skeleton).map_err(|err| format!("La respuesta no es JSON válido: {err}"))?;
    Ok(())
}

/// The answer `parts` make, already [`check`]ed against `held`.
pub fn join(parts: &[AnswerPart], held: &[String]) -> JsonAnswer {
    fn piece<'a>(part: &'a AnswerPart, held: &'a [String]) -> &'a str {
        match part {
            AnswerPart::Text(text) => text,
            AnswerPart::Held(handle) => &held[*handle as usize],
        }
    }
    let mut text = String::with_capacity(parts.iter().map(|p| piece(p, held).len()).sum());
    for part in parts {
        text.push_str(piece(part, held));
    }
    JsonAnswer { text, start: 0 }
}

/// A page's two reads as the guest gave them to `answer.respond-page`, already checked
/// (`CallState::check`): each a statement with its parameters.
#[derive(Debug)]
pub struct PageStatements {
    pub total: (String, Vec<SqlValue>),
    pub items: (String, Vec<SqlValue>),
    pub kinds: Vec<(String, JsonKind)>,
    pub page: u32,
    pub per_page: u32,
}

/// Read `page` in `tx` and write it in the API's list format (the SDK's `resource::Page`). The
/// error, for the host's log, names the read that failed. The caller checks the answer's size.
pub async fn read_page(tx: &mut PluginTx, page: PageStatements) -> Result<JsonAnswer, String> {
    let PageStatements { total: (total_sql, total_params), items: (items_sql, items_params), kinds, page, per_page } = page;
    let total = read(tx, &total_sql, total_params).await?;
    let total = match total.rows.first().and_then(|row| row.first()) {
        None => 0,
        Some(SqlValue::Integer(n)) => *n,
        Some(other) => return Err(format!("the total is not a whole number ({other:?}) (in `{total_sql}`)")),
    };
    let rows = read(tx, &items_sql, items_params).await?;
    let offset = (page as i64 - 1) * per_page as i64;
    let count = rows.rows.len() as i64;
    let from = if count == 0 { 0 } else { offset + 1 };
    // Written once, in its envelope: the items straight after `{"items":`.
    let mut text = String::with_capacity(super::json_rows::estimated_len(&rows.rows, &rows.columns));
    text.push_str(ENVELOPE_OPEN);
    text.push_str("{\"items\":");
    super::json_rows::append_rows_json(&mut text, &rows.columns, &rows.rows, &kinds)?;
    let _ = write!(text, ",\"total\":{total},\"page\":{page},\"per_page\":{per_page},\"from\":{from},\"to\":{}}}", offset + count);
    Ok(JsonAnswer { text, start: ENVELOPE_OPEN.len() })
}

/// One of a page's reads; the error names the statement.
async fn read(tx: &mut PluginTx, sql: &str, params: Vec<SqlValue>) -> Result<SqlRows, String> {
    match super::host_imports::run_checked(tx, sql, params, false).await {
        Ok(Ok(rows)) => Ok(rows),
        // Only a write gives a count.
        Ok(Err(_)) => Ok(SqlRows { columns: Vec::new(), rows: Vec::new() }),
        Err(err) => Err(format!("{err} (in `{sql}`)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> AnswerPart {
        AnswerPart::Text(s.into())
    }

    fn held() -> Vec<String> {
        vec![r#"[{"name":"Ana \"la\" Peña"}]"#.into(), "[]".into()]
    }

    #[test]
    fn text_around_held_rows_joins_into_the_answer() {
        let parts = [text(r#"{"items":"#), AnswerPart::Held(0), text(r#","other":"#), AnswerPart::Held(1), text(r#","total":1}"#)];
        check(&parts, &held(), 1000).unwrap();
        let answer = join(&parts, &held());
        let value: serde_json::Value = serde_json::from_str(answer.as_str()).unwrap();
        assert_eq!(value, serde_json::json!({"items": [{"name": "Ana \"la\" Peña"}], "other": [], "total": 1}));
        // The same held rows may appear twice, and an answer may be text only.
        check(&[text("["), AnswerPart::Held(0), text(","), AnswerPart::Held(0), text("]")], &held(), 1000).unwrap();
        check(&[text(r#"{"a":1}"#)], &[], 10).unwrap();
    }

    #[test]
    fn held_rows_inside_a_string_are_refused() {
        for parts in [
            vec![text(r#"{"a":""#), AnswerPart::Held(0), text(r#""}"#)],
            vec![text(r#"{"a":"x\""#), AnswerPart::Held(0), text(r#""}"#)],
            vec![text(r#"{"a":"x"#), text(r#"y"#), AnswerPart::Held(1), text(r#""}"#)],
        ] {
            let err = check(&parts, &held(), 1000).unwrap_err();
            assert!(err.contains("cadena"), "{err}");
        }
        // An escaped backslash ends before the quote that closes the string.
        check(&[text(r#"{"a":"x\\","b":"#), AnswerPart::Held(1), text("}")], &held(), 1000).unwrap();
    }

    #[test]
    fn what_is_not_one_json_value_is_refused() {
        for parts in [
            vec![text(r#"{"items":"#), AnswerPart::Held(0)],
            vec![text("[1"), AnswerPart::Held(0), text("]")],
            vec![AnswerPart::Held(0), AnswerPart::Held(1)],
            vec![text(r#"{"a":1}"#), text(r#"{"b":2}"#)],
            vec![],
        ] {
            let err = check(&parts, &held(), 1000).unwrap_err();
            assert!(err.contains("JSON"), "{parts:?}: {err}");
        }
    }

    #[test]
    fn unknown_handles_and_oversized_answers_are_refused() {
        let err = check(&[AnswerPart::Held(7)], &held(), 1000).unwrap_err();
        assert!(err.contains('7'), "{err}");
        // Held rows count towards the answer's size.
        let err = check(&[text(r#"{"items":"#), AnswerPart::Held(0), text("}")], &held(), 20).unwrap_err();
        assert!(err.contains("supera"), "{err}");
    }

    #[test]
    fn what_a_call_holds_is_bounded() {
        let mut held = Vec::new();
        assert_eq!(hold(&mut held, "[1,2]".into(), 12), Ok(0));
        assert_eq!(hold(&mut held, "[3,4]".into(), 12), Ok(1));
        let err = hold(&mut held, "[5]".into(), 12).unwrap_err();
        assert!(err.contains("13 bytes"), "{err}");
        assert_eq!(held, ["[1,2]", "[3,4]"]);
    }

    #[test]
    fn answers_go_out_in_the_envelope() {
        let parsed = JsonAnswer::parse(r#"{"a":1}"#.into()).unwrap();
        assert_eq!(parsed.into_envelope(), r#"{"success":true,"data":{"a":1}}"#);
        let written = JsonAnswer { text: format!("{ENVELOPE_OPEN}[1]"), start: ENVELOPE_OPEN.len() };
        assert_eq!(written.as_str(), "[1]");
        assert_eq!(written.into_envelope(), r#"{"success":true,"data":[1]}"#);
    }

    #[test]
    fn a_whole_answer_is_parsed() {
        assert!(JsonAnswer::parse(r#"{"a":[1,2]}"#.into()).is_some());
        assert!(JsonAnswer::parse(r#"{"a":"#.into()).is_none());
        assert!(JsonAnswer::parse("1 2".into()).is_none());
    }
}
