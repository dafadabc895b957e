//! The audit log: every change to users, roles, permissions, services and businesses.

use serde_json::Value;

use crate::db;

pub struct Entry<'a> {
    pub business_id: i64,
    pub actor_user_id: Option<i64>,
    pub action: &'a str,
    pub target_kind: &'a str,
    pub target_id: String,
    pub detail: Value,
}

/// Written inside the caller's transaction, so the entry exists exactly when the change does.
pub async fn record(conn: &mut sqlx::AnyConnection, entry: Entry<'_>) -> anyhow::Result<()> {
    sqlx::query(
        "INSERT INTO audit_log (business_id, actor_user_id, action, target_kind, target_id, detail, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(entry.business_id)
    .bind(entry.actor_user_id)
    .bind(entry.action)
    .bind(entry.target_kind)
    .bind(entry.target_id)
    .bind(entry.detail.to_string())
    .bind(db::now())
    .execute(conn)
    .await?;
    Ok(())
}
