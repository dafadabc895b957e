//! Built only with the `bench-native` feature: `GET|POST /api/bench/native/contact/readall`, the
//! contacts plugin's list call written as a native handler, so `bench/plugin-overhead` can
//! measure what running it as a plugin costs. It does the same work through the same data path:
//! session, service and permission checks, one transaction on the plugin's data (same file or
//! role), the same two statements, rows to JSON. Being the host's own code it needs no statement
//! guard; that is part of what a plugin costs.

use axum::extract::{FromRequestParts, State};
use axum::routing::post;
use axum::Router;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::auth::Session;
use crate::error::{codes, ApiError};
use crate::plugins::bindings::latest::volante::plugin::types::{JsonKind, SqlValue};
use crate::state::AppState;

const COLUMNS: &str = "id, state, created_at, updated_at, code, branch_id, type, relation, display_name, trade_name, \
    fiscal_name, fiscal_code, first_name, last_name, second_last_name, gender, nationality, birthday, \
    incorporation_date, email, phone, mobile, street, city, province_id, postal_code, notes, avatar_file_id, notifications";

pub fn router() -> Router<AppState> {
    Router::new().route("/bench/native/contact/readall", post(readall))
}

async fn readall(State(state): State<AppState>, mut parts: axum::http::request::Parts) -> Result<Response, ApiError> {
    // Timed from the session on, like the plugins' dispatch, so the two compare.
    let started = std::time::Instant::now();
    let response = match Session::from_request_parts(&mut parts, &state).await {
        Ok(session) => readall_inner(state, session).await,
        Err(err) => Err(err),
    };
    metrics::histogram!("volante_bench_native_seconds").record(started.elapsed().as_secs_f64());
    response
}

async fn readall_inner(state: AppState, session: Session) -> Result<Response, ApiError> {
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
    let sql_started = std::time::Instant::now();
    let total = tx.query(count_sql, vec![SqlValue::Integer(session.business_id)]).await.map_err(anyhow::Error::from)?;
    let total = match total.rows.first().and_then(|r| r.first()) {
        Some(SqlValue::Integer(n)) => *n,
        _ => 0,
    };
    let rows = tx
        .query(&page_sql, vec![SqlValue::Integer(session.business_id), SqlValue::Integer(per_page), SqlValue::Integer((page - 1) * per_page)])
        .await
        .map_err(anyhow::Error::from)?;
    metrics::histogram!("volante_bench_native_sql_seconds").record(sql_started.elapsed().as_secs_f64());
    tx.commit().await?;
    // Written straight to the answer, as a well-made native handler would (no JSON tree), by the
    // same writer as the plugins' `sql.query-json`.
    let to = rows.rows.len() as i64;
    let page = json!({ "total": total, "page": page, "per_page": per_page, "from": if to > 0 { 1 } else { 0 }, "to": to });
    let kinds = [("notifications".to_string(), JsonKind::Boolean)];
    let rest = serde_json::to_string(&page).map_err(anyhow::Error::from)?;
    let mut body = String::with_capacity(crate::plugins::json_rows::estimated_len(&rows.rows, &rows.columns));
    body.push_str("{\"success\":true,\"data\":{\"items\":");
    crate::plugins::json_rows::append_rows_json(&mut body, &rows.columns, &rows.rows, &kinds).map_err(anyhow::Error::msg)?;
    body.push(',');
    body.push_str(&rest[1..]);
    body.push('}');
    Ok(([(axum::http::header::CONTENT_TYPE, "application/json")], body).into_response())
}

/// Create an instance of `plugin` the way a call does and give it back, `n` times: the median
/// time of each step, for the benchmark's breakdown.
pub async fn instantiate_alone(state: &AppState, plugin: &str, n: usize) -> anyhow::Result<(std::time::Duration, std::time::Duration)> {
    use crate::plugins::{host_imports::CallState, runtime};
    let installed = state.plugins.installed(plugin).await.ok_or_else(|| anyhow::anyhow!("{plugin} is not installed"))?;
    let ctx = crate::plugins::anonymous_context(String::new());
    let (mut create, mut give_back) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for _ in 0..n {
        let call = CallState::new(state.clone(), installed.clone(), None, ctx.clone(), None, 0);
        let mut store = runtime::store(&state.plugins.engine, call, &state.plugins.limits);
        let started = std::time::Instant::now();
        installed.pre.instantiate_async(&mut store).await?;
        create.push(started.elapsed());
        let started = std::time::Instant::now();
        drop(store);
        give_back.push(started.elapsed());
    }
    create.sort();
    give_back.sort();
    Ok((create[n / 2], give_back[n / 2]))
}
