//! Built only with the `bench-native` feature: `GET|POST /api/bench/native/contact/readall`, the
//! contacts plugin's list call written as a native handler, so `bench/plugin-overhead` can
//! measure what running it as a plugin costs. It does the same work through the same data path:
//! session, service and permission checks, one transaction on the plugin's data (same file or
//! role), the same two statements, rows to JSON. Being the host's own code it needs no statement
//! guard; that is part of what a plugin costs.

use axum::extract::State;
use axum::routing::post;
use axum::Router;
use serde_json::{json, Map, Value};

use crate::auth::Session;
use crate::error::{codes, ok, ApiError, ApiJson};
use crate::plugins::bindings::latest::volante::plugin::types::SqlValue;
use crate::state::AppState;

const COLUMNS: &str = "id, state, created_at, updated_at, code, branch_id, type, relation, display_name, trade_name, \
    fiscal_name, fiscal_code, first_name, last_name, second_last_name, gender, nationality, birthday, \
    incorporation_date, email, phone, mobile, street, city, province_id, postal_code, notes, avatar_file_id, notifications";

pub fn router() -> Router<AppState> {
    Router::new().route("/bench/native/contact/readall", post(readall))
}

async fn readall(State(state): State<AppState>, session: Session) -> ApiJson {
    if !session.services.contains("contacts") {
        return Err(ApiError::new(codes::SERVICE_DISABLED, "La empresa no tiene este servicio activo"));
    }
    session.require("contact.client")?;
    state.plugins.installed("contacts").await.ok_or_else(|| ApiError::not_found("Plugin"))?;
    let mut tx = state.plugins.data.begin("contacts", session.business_id, true).await?;
    let (per_page, page) = (25i64, 1i64);
    let count_sql = "SELECT COUNT(*) FROM contacts_contact WHERE business_id = $1 AND state <> 'deleted'";
    let page_sql = format!(
        "SELECT {COLUMNS} FROM contacts_contact WHERE business_id = $1 AND state <> 'deleted' \
         ORDER BY display_name ASC, id ASC LIMIT $2 OFFSET $3"
    );
    let total = tx.query(count_sql, vec![SqlValue::Integer(session.business_id)]).await.map_err(anyhow::Error::from)?;
    let total = match total.rows.first().and_then(|r| r.first()) {
        Some(SqlValue::Integer(n)) => *n,
        _ => 0,
    };
    let rows = tx
        .query(&page_sql, vec![SqlValue::Integer(session.business_id), SqlValue::Integer(per_page), SqlValue::Integer((page - 1) * per_page)])
        .await
        .map_err(anyhow::Error::from)?;
    tx.commit().await?;
    let items: Vec<Value> = rows
        .rows
        .iter()
        .map(|row| {
            let mut meta = Map::new();
            let mut data = Map::new();
            for (column, value) in rows.columns.iter().zip(row) {
                let value = match value {
                    SqlValue::Null => Value::Null,
                    SqlValue::Integer(i) if column == "notifications" => json!(*i != 0),
                    SqlValue::Integer(i) => json!(i),
                    SqlValue::Real(f) => json!(f),
                    SqlValue::Text(t) => json!(t),
                    SqlValue::Boolean(b) => json!(b),
                    SqlValue::Blob(_) => Value::Null,
                };
                if matches!(column.as_str(), "id" | "state" | "created_at" | "updated_at") {
                    meta.insert(column.clone(), value);
                } else {
                    data.insert(column.clone(), value);
                }
            }
            meta.extend(data);
            Value::Object(meta)
        })
        .collect();
    let to = items.len() as i64;
    ok(json!({ "items": items, "total": total, "page": page, "per_page": per_page, "from": if to > 0 { 1 } else { 0 }, "to": to }))
}
