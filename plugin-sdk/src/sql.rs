//! SQL inside the call's transaction. Statements use `$1, $2…` placeholders and SQL both engines
//! accept; the host limits them to the plugin's tables and the current business's rows, but a
//! plugin still writes `business_id = $1` itself (the host's checks are the safety net).
//!
//! Rows map to serde types by column name: integers become booleans where the type wants a
//! `bool` (SQLite has no boolean type), and JSON text becomes lists, maps or structs where the
//! type wants those.

use serde::de::{self, DeserializeOwned, IntoDeserializer, Visitor};
use serde::forward_to_deserialize_any;

use crate::bindings::volante::plugin as wit;
pub use crate::bindings::volante::plugin::types::{BatchAnswer, BatchRead, HeldAnswer, HeldJson, JsonKind, JsonRows, PageRead, SqlRows, SqlValue};
use crate::{Error, Result};

/// A value usable as a statement parameter.
pub trait ToSql {
    fn to_sql(&self) -> SqlValue;
}

impl ToSql for SqlValue {
    fn to_sql(&self) -> SqlValue {
        self.clone()
    }
}
impl<T: ToSql + ?Sized> ToSql for &T {
    fn to_sql(&self) -> SqlValue {
        (**self).to_sql()
    }
}
impl<T: ToSql> ToSql for Option<T> {
    fn to_sql(&self) -> SqlValue {
        match self {
            Some(v) => v.to_sql(),
            None => SqlValue::Null,
        }
    }
}
macro_rules! int_to_sql {
    ($($t:ty),*) => {$(impl ToSql for $t { fn to_sql(&self) -> SqlValue { SqlValue::Integer(*self as i64) } })*};
}
int_to_sql!(i8, i16, i32, i64, u8, u16, u32, isize);
impl ToSql for f64 {
    fn to_sql(&self) -> SqlValue {
        SqlValue::Real(*self)
    }
}
impl ToSql for bool {
    fn to_sql(&self) -> SqlValue {
        SqlValue::Boolean(*self)
    }
}
impl ToSql for str {
    fn to_sql(&self) -> SqlValue {
        SqlValue::Text(self.to_string())
    }
}
impl ToSql for String {
    fn to_sql(&self) -> SqlValue {
        SqlValue::Text(self.clone())
    }
}
impl ToSql for [u8] {
    fn to_sql(&self) -> SqlValue {
        SqlValue::Blob(self.to_vec())
    }
}
/// JSON values bind by kind; arrays and objects are stored as JSON text.
impl ToSql for serde_json::Value {
    fn to_sql(&self) -> SqlValue {
        use serde_json::Value;
        match self {
            Value::Null => SqlValue::Null,
            Value::Bool(b) => SqlValue::Boolean(*b),
            Value::Number(n) => match n.as_i64() {
                Some(i) => SqlValue::Integer(i),
                None => SqlValue::Real(n.as_f64().unwrap_or_default()),
            },
            Value::String(s) => SqlValue::Text(s.clone()),
            other => SqlValue::Text(other.to_string()),
        }
    }
}

/// `params![a, b, c]`: statement parameters from anything [`ToSql`].
#[macro_export]
macro_rules! params {
    () => { ::std::vec::Vec::<$crate::sql::SqlValue>::new() };
    ($($value:expr),+ $(,)?) => { ::std::vec![$($crate::sql::ToSql::to_sql(&$value)),+] };
}
pub use crate::params;

/// The rows of a query, raw.
pub fn query_rows(statement: &str, params: &[SqlValue]) -> Result<SqlRows> {
    wit::sql::query(statement, params).map_err(|e| sql_error(statement, e))
}

/// The rows of a query as JSON text written by the host: an array of objects keyed by column
/// name, each column written as `kinds` says (`plain` when not named). For rows handed on without
/// being looked at (a page of a list): they cross into the plugin as one string, and the answer
/// can embed them as they are (`serde_json::value::RawValue`).
pub fn query_json(statement: &str, params: &[SqlValue], kinds: &[(String, JsonKind)]) -> Result<JsonRows> {
    wit::sql::query_json(statement, params, kinds).map_err(|e| sql_error(statement, e))
}

/// Several reads in one crossing into the host (`sql.query-batch`), run in order: for reads known
/// up front, such as a list's total and its page. Each answer has the form its read asked for:
/// [`BatchAnswer::Json`] when `json` names the kinds (as [`query_json`]), else
/// [`BatchAnswer::Rows`]. The first refusal or error ends the batch.
pub fn query_batch(reads: &[BatchRead]) -> Result<Vec<BatchAnswer>> {
    wit::sql::query_batch(reads).map_err(|e| {
        let statements: Vec<&str> = reads.iter().map(|r| r.statement.as_str()).collect();
        Error::internal(format!("{e} (in one of `{}`)", statements.join("`; `")))
    })
}

/// Like [`query_batch`], but the answers to [`read_json`] reads stay in the host
/// (`sql.query-batch-held`): [`HeldAnswer::Held`] gives their count and a handle for
/// [`crate::JsonText::push_held`]. For a page answered as it is, which then never crosses into
/// the plugin and back.
pub fn query_batch_held(reads: &[BatchRead]) -> Result<Vec<HeldAnswer>> {
    wit::sql::query_batch_held(reads).map_err(|e| {
        let statements: Vec<&str> = reads.iter().map(|r| r.statement.as_str()).collect();
        Error::internal(format!("{e} (in one of `{}`)", statements.join("`; `")))
    })
}

/// A read of a batch that answers rows.
pub fn read(statement: impl Into<String>, params: Vec<SqlValue>) -> BatchRead {
    BatchRead { statement: statement.into(), params, json: None }
}

/// A read of a batch that answers JSON written by the host, as [`query_json`].
pub fn read_json(statement: impl Into<String>, params: Vec<SqlValue>, kinds: Vec<(String, JsonKind)>) -> BatchRead {
    BatchRead { statement: statement.into(), params, json: Some(kinds) }
}

impl BatchAnswer {
    /// The rows of an answer to [`read`] (an answer to [`read_json`] is an internal error).
    pub fn rows(self) -> Result<SqlRows> {
        match self {
            BatchAnswer::Rows(rows) => Ok(rows),
            BatchAnswer::Json(_) => Err(Error::internal("rows were asked for and JSON came")),
        }
    }

    /// The JSON of an answer to [`read_json`].
    pub fn json(self) -> Result<JsonRows> {
        match self {
            BatchAnswer::Json(rows) => Ok(rows),
            BatchAnswer::Rows(_) => Err(Error::internal("JSON was asked for and rows came")),
        }
    }
}

impl HeldAnswer {
    /// The rows of an answer to [`read`] (an answer to [`read_json`] is an internal error).
    pub fn rows(self) -> Result<SqlRows> {
        match self {
            HeldAnswer::Rows(rows) => Ok(rows),
            HeldAnswer::Held(_) => Err(Error::internal("rows were asked for and held JSON came")),
        }
    }

    /// The held JSON of an answer to [`read_json`].
    pub fn held(self) -> Result<HeldJson> {
        match self {
            HeldAnswer::Held(held) => Ok(held),
            HeldAnswer::Rows(_) => Err(Error::internal("JSON was asked for and rows came")),
        }
    }
}

/// The rows of a query, or the host's refusal or the database's error as text (for callers that
/// handle a refusal themselves, e.g. reading a table that may not be granted).
pub fn try_query(statement: &str, params: &[SqlValue]) -> std::result::Result<SqlRows, String> {
    wit::sql::query(statement, params)
}

/// Run a statement, or the host's refusal or the database's error as text.
pub fn try_execute(statement: &str, params: &[SqlValue]) -> std::result::Result<u64, String> {
    wit::sql::execute(statement, params)
}

/// Run a statement; the number of rows it changed.
pub fn execute(statement: &str, params: &[SqlValue]) -> Result<u64> {
    wit::sql::execute(statement, params).map_err(|e| sql_error(statement, e))
}

fn sql_error(statement: &str, message: String) -> Error {
    Error::internal(format!("{message} (in `{statement}`)"))
}

/// Every row as `T`.
pub fn query_as<T: DeserializeOwned>(statement: &str, params: &[SqlValue]) -> Result<Vec<T>> {
    rows_as(query_rows(statement, params)?)
}

/// The first row as `T`; `None` when there is none.
pub fn query_optional<T: DeserializeOwned>(statement: &str, params: &[SqlValue]) -> Result<Option<T>> {
    Ok(query_as(statement, params)?.into_iter().next())
}

/// The first row as `T`; an internal error when there is none (use `query_optional` when a
/// missing row is the client's fault).
pub fn query_one<T: DeserializeOwned>(statement: &str, params: &[SqlValue]) -> Result<T> {
    query_optional(statement, params)?.ok_or_else(|| Error::internal(format!("no row from `{statement}`")))
}

/// The first column of the first row (`SELECT COUNT(*) …`).
pub fn query_scalar<T: DeserializeOwned>(statement: &str, params: &[SqlValue]) -> Result<T> {
    scalar(query_rows(statement, params)?)
}

/// The first column of the first row as `T` (null when there is none).
pub fn scalar<T: DeserializeOwned>(rows: SqlRows) -> Result<T> {
    let value = rows.rows.into_iter().next().and_then(|row| row.into_iter().next()).unwrap_or(SqlValue::Null);
    T::deserialize(ValueDeserializer(value)).map_err(Error::internal)
}

/// Map rows to `T` by column name.
pub fn rows_as<T: DeserializeOwned>(rows: SqlRows) -> Result<Vec<T>> {
    let columns = rows.columns;
    rows.rows.into_iter().map(|row| row_as(&columns, row)).collect()
}

/// One row (its values in the order of `columns`) as `T`.
pub fn row_as<T: DeserializeOwned>(columns: &[String], row: Vec<SqlValue>) -> Result<T> {
    T::deserialize(RowDeserializer { columns, row }).map_err(Error::internal)
}

/// A row as a JSON object (integers stay numbers).
pub fn row_to_json(columns: &[String], row: Vec<SqlValue>) -> serde_json::Map<String, serde_json::Value> {
    columns.iter().cloned().zip(row.into_iter().map(value_to_json)).collect()
}

pub fn value_to_json(value: SqlValue) -> serde_json::Value {
    use serde_json::Value;
    match value {
        SqlValue::Null => Value::Null,
        SqlValue::Integer(i) => Value::from(i),
        SqlValue::Real(r) => Value::from(r),
        SqlValue::Text(t) => Value::String(t),
        SqlValue::Boolean(b) => Value::Bool(b),
        SqlValue::Blob(b) => Value::from(b),
    }
}

/// `$first, $first+1, …` for `n` values: the placeholders of an `IN (…)` list whose values
/// follow `first - 1` others.
pub fn placeholders(first: usize, n: usize) -> String {
    (first..first + n).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}

/// The placeholders of an `IN (…)` list of `ids`, which it appends to `params` (numbered after
/// those already there).
pub fn id_list(params: &mut Vec<SqlValue>, ids: &[i64]) -> String {
    let first = params.len() + 1;
    params.extend(ids.iter().map(|id| SqlValue::Integer(*id)));
    placeholders(first, ids.len())
}

/// Escape `%`, `_` and `\` for `LIKE … ESCAPE '\'`.
pub fn like_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[derive(Debug)]
pub struct RowError(String);

impl std::fmt::Display for RowError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for RowError {}
impl de::Error for RowError {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        RowError(msg.to_string())
    }
}

struct RowDeserializer<'a> {
    columns: &'a [String],
    row: Vec<SqlValue>,
}

impl<'de, 'a> de::Deserializer<'de> for RowDeserializer<'a> {
    type Error = RowError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, RowError> {
        let entries = self.columns.iter().map(|c| c.as_str()).zip(self.row.into_iter().map(ValueDeserializer));
        let mut map = de::value::MapDeserializer::new(entries);
        let value = visitor.visit_map(&mut map)?;
        map.end()?;
        Ok(value)
    }

    /// A one-column row also reads as that column's value (`query_as::<i64>`).
    fn deserialize_i64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, RowError> {
        self.single()?.deserialize_i64(visitor)
    }
    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, RowError> {
        self.single()?.deserialize_string(visitor)
    }
    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, RowError> {
        self.single()?.deserialize_bool(visitor)
    }

    forward_to_deserialize_any! {
        i8 i16 i32 i128 u8 u16 u32 u64 u128 f32 f64 char str bytes byte_buf option
        unit unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier ignored_any
    }
}

impl<'a> RowDeserializer<'a> {
    fn single(self) -> Result<ValueDeserializer, RowError> {
        if self.row.len() != 1 {
            return Err(RowError(format!("expected one column, found {}", self.row.len())));
        }
        Ok(ValueDeserializer(self.row.into_iter().next().expect("one column")))
    }
}

/// One column value.
pub struct ValueDeserializer(pub SqlValue);

impl<'de> IntoDeserializer<'de, RowError> for ValueDeserializer {
    type Deserializer = Self;
    fn into_deserializer(self) -> Self {
        self
    }
}

impl ValueDeserializer {
    /// JSON text read as a structured value.
    fn json<'de, V: Visitor<'de>>(text: &str, visitor: V, kind: &str) -> Result<V::Value, RowError> {
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| RowError(format!("{kind} column holds no JSON: {e}")))?;
        de::Deserializer::deserialize_any(value, visitor).map_err(|e| RowError(e.to_string()))
    }
}

impl<'de> de::Deserializer<'de> for ValueDeserializer {
    type Error = RowError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, RowError> {
        match self.0 {
            SqlValue::Null => visitor.visit_unit(),
            SqlValue::Integer(i) => visitor.visit_i64(i),
            SqlValue::Real(r) => visitor.visit_f64(r),
            SqlValue::Text(t) => visitor.visit_string(t),
            SqlValue::Boolean(b) => visitor.visit_bool(b),
            SqlValue::Blob(b) => visitor.visit_byte_buf(b),
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, RowError> {
        match self.0 {
            SqlValue::Integer(i) => visitor.visit_bool(i != 0),
            SqlValue::Text(t) if t == "0" || t == "1" || t == "true" || t == "false" => visitor.visit_bool(t == "1" || t == "true"),
            other => ValueDeserializer(other).deserialize_any(visitor),
        }
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, RowError> {
        match self.0 {
            SqlValue::Integer(i) => visitor.visit_f64(i as f64),
            other => ValueDeserializer(other).deserialize_any(visitor),
        }
    }

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, RowError> {
        self.deserialize_f64(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, RowError> {
        match self.0 {
            SqlValue::Null => visitor.visit_none(),
            other => visitor.visit_some(ValueDeserializer(other)),
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, RowError> {
        match self.0 {
            SqlValue::Text(t) => ValueDeserializer::json(&t, visitor, "list"),
            SqlValue::Null => visitor.visit_seq(de::value::SeqDeserializer::new(std::iter::empty::<ValueDeserializer>())),
            other => ValueDeserializer(other).deserialize_any(visitor),
        }
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, RowError> {
        match self.0 {
            SqlValue::Text(t) => ValueDeserializer::json(&t, visitor, "map"),
            other => ValueDeserializer(other).deserialize_any(visitor),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, RowError> {
        self.deserialize_map(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, RowError> {
        match self.0 {
            SqlValue::Text(t) => IntoDeserializer::<RowError>::into_deserializer(t).deserialize_enum(name, variants, visitor),
            other => ValueDeserializer(other).deserialize_any(visitor),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, RowError> {
        visitor.visit_newtype_struct(self)
    }

    forward_to_deserialize_any! {
        i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 char str string bytes byte_buf
        unit unit_struct tuple tuple_struct identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn id_lists_number_after_the_params_there() {
        let mut params = vec![SqlValue::Integer(7)];
        assert_eq!(id_list(&mut params, &[3, 5]), "$2, $3");
        assert_eq!(params, vec![SqlValue::Integer(7), SqlValue::Integer(3), SqlValue::Integer(5)]);
        assert_eq!(id_list(&mut params, &[]), "");
    }
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Row {
        id: i64,
        active: bool,
        maybe: Option<bool>,
        name: Option<String>,
        tags: Vec<String>,
        ratio: f64,
        #[serde(default)]
        missing: String,
    }

    fn rows(columns: &[&str], rows: Vec<Vec<SqlValue>>) -> SqlRows {
        SqlRows { columns: columns.iter().map(|c| c.to_string()).collect(), rows }
    }

    #[test]
    fn maps_rows_by_name() {
        let r = rows(
            &["id", "active", "maybe", "name", "tags", "ratio", "extra"],
            vec![
                vec![
                    SqlValue::Integer(7),
                    SqlValue::Integer(1),
                    SqlValue::Integer(0),
                    SqlValue::Null,
                    SqlValue::Text("[\"a\",\"b\"]".into()),
                    SqlValue::Integer(2),
                    SqlValue::Text("ignored".into()),
                ],
                vec![
                    SqlValue::Integer(8),
                    SqlValue::Boolean(false),
                    SqlValue::Null,
                    SqlValue::Text("x".into()),
                    SqlValue::Null,
                    SqlValue::Real(0.5),
                    SqlValue::Null,
                ],
            ],
        );
        let got: Vec<Row> = rows_as(r).unwrap();
        assert_eq!(
            got[0],
            Row { id: 7, active: true, maybe: Some(false), name: None, tags: vec!["a".into(), "b".into()], ratio: 2.0, missing: String::new() }
        );
        assert_eq!(got[1].tags, Vec::<String>::new());
        assert!(!got[1].active && got[1].maybe.is_none() && got[1].name.as_deref() == Some("x"));
    }

    #[test]
    fn single_columns_and_json() {
        let got: Vec<i64> = rows_as(rows(&["n"], vec![vec![SqlValue::Integer(3)]])).unwrap();
        assert_eq!(got, [3]);
        let got: Vec<serde_json::Value> = rows_as(rows(&["a", "b"], vec![vec![SqlValue::Integer(1), SqlValue::Text("t".into())]])).unwrap();
        assert_eq!(got[0], serde_json::json!({"a": 1, "b": "t"}));
        let p = params![1i64, "a", Some(true), None::<String>, serde_json::json!(["x"])];
        assert_eq!(
            p,
            vec![SqlValue::Integer(1), SqlValue::Text("a".into()), SqlValue::Boolean(true), SqlValue::Null, SqlValue::Text("[\"x\"]".into())]
        );
        assert_eq!(like_escape("50%_a\\"), "50\\%\\_a\\\\");
    }
}
