//! Rows written as JSON by the host (`sql.query-json`): one array of objects keyed by column
//! name, each column's values written as its `json-kind` says. Plugins use it for rows they hand
//! on without looking at them, so the rows cross into the guest as one string instead of one
//! lowered value per cell.

use serde::ser::{Error as _, Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::value::RawValue;

use super::bindings::latest::volante::plugin::types::{JsonKind, SqlValue};

/// `rows` (their values in the order of `columns`) as a JSON array of objects. `kinds` names the
/// columns that are not `plain`; a value that does not fit its kind is an error naming the column.
pub fn rows_json(columns: &[String], rows: &[Vec<SqlValue>], kinds: &[(String, JsonKind)]) -> Result<String, String> {
    let mut out = String::new();
    append_rows_json(&mut out, columns, rows, kinds)?;
    Ok(out)
}

/// About how long `rows` are as JSON, to size the answer they are written into once.
pub fn estimated_len(rows: &[Vec<SqlValue>], columns: &[String]) -> usize {
    rows.len() * columns.len() * 24 + 160
}

/// [`rows_json`] written at the end of `out`, for an answer built around the rows without
/// copying them again. On error `out` is left as it was.
pub fn append_rows_json(out: &mut String, columns: &[String], rows: &[Vec<SqlValue>], kinds: &[(String, JsonKind)]) -> Result<(), String> {
    let kinds: Vec<JsonKind> = columns
        .iter()
        .map(|column| kinds.iter().find(|(name, _)| name == column).map_or(JsonKind::Plain, |(_, kind)| *kind))
        .collect();
    let length = out.len();
    // SAFETY: serde_json writes only whole UTF-8 text; on error the bytes it wrote are cut off
    // at `length`, a char boundary of the string as it was.
    let bytes = unsafe { out.as_mut_vec() };
    serde_json::to_writer(&mut *bytes, &Rows { columns, kinds: &kinds, rows }).map_err(|err| {
        bytes.truncate(length);
        err.to_string()
    })
}

struct Rows<'a> {
    columns: &'a [String],
    kinds: &'a [JsonKind],
    rows: &'a [Vec<SqlValue>],
}

impl Serialize for Rows<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.rows.len()))?;
        for row in self.rows {
            seq.serialize_element(&Row { columns: self.columns, kinds: self.kinds, row })?;
        }
        seq.end()
    }
}

struct Row<'a> {
    columns: &'a [String],
    kinds: &'a [JsonKind],
    row: &'a [SqlValue],
}

impl Serialize for Row<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.columns.len()))?;
        for ((column, kind), value) in self.columns.iter().zip(self.kinds).zip(self.row) {
            map.serialize_key(column)?;
            match (kind, value) {
                (_, SqlValue::Null) => map.serialize_value(&())?,
                (JsonKind::Boolean, SqlValue::Integer(i)) => map.serialize_value(&(*i != 0))?,
                (JsonKind::Boolean, SqlValue::Boolean(b)) => map.serialize_value(b)?,
                (JsonKind::Boolean, _) => return Err(S::Error::custom(format!("column {column} is not a boolean"))),
                (JsonKind::Json, SqlValue::Text(text)) => match serde_json::from_str::<&RawValue>(text) {
                    Ok(raw) => map.serialize_value(raw)?,
                    Err(_) => return Err(S::Error::custom(format!("column {column} does not hold JSON"))),
                },
                (JsonKind::Json, _) => return Err(S::Error::custom(format!("column {column} does not hold JSON text"))),
                (JsonKind::Plain, SqlValue::Integer(i)) => map.serialize_value(i)?,
                (JsonKind::Plain, SqlValue::Real(r)) => map.serialize_value(r)?,
                (JsonKind::Plain, SqlValue::Text(t)) => map.serialize_value(t)?,
                (JsonKind::Plain, SqlValue::Boolean(b)) => map.serialize_value(b)?,
                (JsonKind::Plain, SqlValue::Blob(bytes)) => map.serialize_value(bytes)?,
            }
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn columns(names: &[&str]) -> Vec<String> {
        names.iter().map(|n| n.to_string()).collect()
    }

    #[test]
    fn each_kind_is_written_as_it_says() {
        let cols = columns(&["id", "name", "price", "active", "pg_active", "tags", "photo", "note"]);
        let rows = vec![vec![
            SqlValue::Integer(7),
            SqlValue::Text("Peña \"la\" \\ 1".into()),
            SqlValue::Real(12.5),
            SqlValue::Integer(1),
            SqlValue::Boolean(false),
            SqlValue::Text(r#"[{"a": 1}, "b"]"#.into()),
            SqlValue::Blob(vec![1, 2]),
            SqlValue::Null,
        ]];
        let kinds = vec![("active".into(), JsonKind::Boolean), ("pg_active".into(), JsonKind::Boolean), ("tags".into(), JsonKind::Json), ("note".into(), JsonKind::Json)];
        let text = rows_json(&cols, &rows, &kinds).unwrap();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            value,
            serde_json::json!([{"id": 7, "name": "Peña \"la\" \\ 1", "price": 12.5, "active": true, "pg_active": false,
                "tags": [{"a": 1}, "b"], "photo": [1, 2], "note": null}])
        );
        // Keys keep the statement's order.
        assert!(text.starts_with(r#"[{"id":7,"name":"#), "{text}");
    }

    #[test]
    fn rows_are_appended_and_a_failure_leaves_the_text_as_it_was() {
        let cols = columns(&["flag"]);
        let mut out = String::from("{\"items\":");
        append_rows_json(&mut out, &cols, &[vec![SqlValue::Integer(1)]], &[("flag".into(), JsonKind::Boolean)]).unwrap();
        assert_eq!(out, r#"{"items":[{"flag":true}]"#);
        let err = append_rows_json(&mut out, &cols, &[vec![SqlValue::Integer(0)], vec![SqlValue::Text("yes".into())]], &[("flag".into(), JsonKind::Boolean)]);
        assert!(err.is_err());
        assert_eq!(out, r#"{"items":[{"flag":true}]"#);
    }

    #[test]
    fn no_rows_is_an_empty_array() {
        assert_eq!(rows_json(&[], &[], &[]).unwrap(), "[]");
    }

    #[test]
    fn a_value_that_does_not_fit_its_kind_names_the_column() {
        let cols = columns(&["flag"]);
        let err = rows_json(&cols, &[vec![SqlValue::Text("yes".into())]], &[("flag".into(), JsonKind::Boolean)]).unwrap_err();
        assert!(err.contains("flag"), "{err}");
        let cols = columns(&["extra"]);
        let err = rows_json(&cols, &[vec![SqlValue::Text("{broken".into())]], &[("extra".into(), JsonKind::Json)]).unwrap_err();
        assert!(err.contains("extra") && err.contains("JSON"), "{err}");
    }
}
