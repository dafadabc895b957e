//! A dynamic `UPDATE … SET` for partial updates. Column names come from code, never from input.

use serde_json::{json, Value};
use sqlx::AnyConnection;

/// A value bound with its SQL type, so NULLs are typed on PostgreSQL too.
#[derive(Debug, Clone)]
pub enum SqlValue {
    Text(Option<String>),
    Int(Option<i64>),
    Bool(bool),
}

impl From<String> for SqlValue {
    fn from(v: String) -> Self {
        SqlValue::Text(Some(v))
    }
}
impl From<&str> for SqlValue {
    fn from(v: &str) -> Self {
        SqlValue::Text(Some(v.to_string()))
    }
}
impl From<Option<String>> for SqlValue {
    fn from(v: Option<String>) -> Self {
        SqlValue::Text(v)
    }
}
impl From<i64> for SqlValue {
    fn from(v: i64) -> Self {
        SqlValue::Int(Some(v))
    }
}
impl From<Option<i64>> for SqlValue {
    fn from(v: Option<i64>) -> Self {
        SqlValue::Int(v)
    }
}
impl From<bool> for SqlValue {
    fn from(v: bool) -> Self {
        SqlValue::Bool(v)
    }
}

impl SqlValue {
    pub fn to_json(&self) -> Value {
        match self {
            SqlValue::Text(v) => json!(v),
            SqlValue::Int(v) => json!(v),
            SqlValue::Bool(v) => json!(v),
        }
    }
}

/// `UPDATE <table> SET <col> = …, updated_at = now WHERE <key> = id`. Returns rows changed.
pub async fn update_row(
    conn: &mut AnyConnection,
    table: &'static str,
    key: &'static str,
    id: i64,
    sets: &[(&'static str, SqlValue)],
) -> anyhow::Result<u64> {
    let mut sql = format!("UPDATE {table} SET updated_at = $1");
    for (i, (column, _)) in sets.iter().enumerate() {
        debug_assert!(column.chars().all(|c| c.is_ascii_lowercase() || c == '_'));
        sql.push_str(&format!(", {column} = ${}", i + 2));
    }
    sql.push_str(&format!(" WHERE {key} = ${}", sets.len() + 2));
    let mut query = sqlx::query(&sql).bind(crate::db::now());
    for (_, value) in sets {
        query = match value {
            SqlValue::Text(v) => query.bind(v.clone()),
            SqlValue::Int(v) => query.bind(*v),
            SqlValue::Bool(v) => query.bind(*v),
        };
    }
    Ok(query.bind(id).execute(conn).await?.rows_affected())
}

/// The sets as a JSON object, for the audit log.
pub fn sets_json(sets: &[(&'static str, SqlValue)]) -> Value {
    Value::Object(sets.iter().map(|(k, v)| (k.to_string(), v.to_json())).collect())
}
