//! The provider's side of storage: each business's plan and quota
//! (`business/filesystem/plan`, `…/plan/update`) and the overall status (`filesystem/status`).

use axum::extract::State;
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::AnyConnection;

use super::repo;
use crate::auth::Session;
use crate::db;
use crate::error::{ok, ApiError, ApiJson, ApiResult, Body, Params};
use crate::state::AppState;

const GIB: i64 = 1024 * 1024 * 1024;

/// The plans on offer: id, label, quota. `custom` takes the quota given with it.
pub const PLANS: &[(&str, &str, i64)] = &[
    ("basic", "Básico", GIB),
    ("standard", "Estándar", 10 * GIB),
    ("premium", "Premium", 100 * GIB),
    ("custom", "A medida", 0),
];
/// Upper bound of a quota (1 PiB): beyond it a typo, not a plan.
const QUOTA_MAX: i64 = 1024 * 1024 * GIB;

fn plans_json() -> Value {
    json!(PLANS.iter().map(|(id, name, quota)| json!({ "id": id, "name": name, "quota_bytes": quota })).collect::<Vec<_>>())
}

async fn plan_json(conn: &mut AnyConnection, business_id: i64) -> ApiResult<Value> {
    let usage = repo::usage(conn, business_id).await?;
    Ok(json!({
        "business_id": business_id,
        "plan": usage.plan,
        "quota_bytes": usage.quota,
        "used_bytes": usage.used,
        "free_bytes": usage.free(),
        "files": usage.files,
        "folders": usage.folders,
        "plans": plans_json(),
    }))
}

#[derive(Deserialize)]
pub struct PlanQuery {
    business_id: i64,
}

/// `business/filesystem/plan?business_id=` (provider administrators).
pub async fn read(State(state): State<AppState>, session: Session, Params(q): Params<PlanQuery>) -> ApiJson {
    session.require_provider_admin()?;
    ok(plan_json(&mut *state.db.pool.acquire().await?, q.business_id).await?)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanUpdate {
    business_id: i64,
    plan: String,
    /// Bytes; defaults to the plan's quota (required for `custom`).
    quota_bytes: Option<i64>,
}

/// `business/filesystem/plan/update {business_id, plan, quota_bytes?}` (provider administrators).
/// A quota below what is already used is accepted: the business keeps its files and cannot
/// upload until it frees space or gets more.
pub async fn update(State(state): State<AppState>, session: Session, Body(req): Body<PlanUpdate>) -> ApiJson {
    session.require_provider_admin()?;
    let plan = req.plan.trim();
    let Some((plan, _, default_quota)) = PLANS.iter().find(|(id, _, _)| *id == plan) else {
        return Err(ApiError::invalid_field("plan", "Plan de almacenamiento desconocido").with_data(json!({
            "field": "plan",
            "plans": PLANS.iter().map(|(id, _, _)| *id).collect::<Vec<_>>(),
        })));
    };
    let quota = match (req.quota_bytes, *plan) {
        (Some(q), _) => q,
        (None, "custom") => return Err(ApiError::invalid_field("quota_bytes", "Indique la cuota del plan a medida")),
        (None, _) => *default_quota,
    };
    if !(0..=QUOTA_MAX).contains(&quota) {
        return Err(ApiError::invalid_field("quota_bytes", "La cuota debe estar entre 0 y 1 PiB"));
    }
    let mut tx = state.db.begin().await?;
    let before: Option<(String, i64)> =
        sqlx::query_as("SELECT storage_plan, storage_quota FROM business WHERE business_id = $1")
            .bind(req.business_id)
            .fetch_optional(&mut *tx)
            .await?;
    let (old_plan, old_quota) = before.ok_or_else(|| ApiError::not_found_feminine("Empresa"))?;
    sqlx::query("UPDATE business SET storage_plan = $1, storage_quota = $2, updated_at = $3 WHERE business_id = $4")
        .bind(*plan)
        .bind(quota)
        .bind(db::now())
        .bind(req.business_id)
        .execute(&mut *tx)
        .await?;
    crate::audit::record(
        &mut tx,
        crate::audit::Entry {
            business_id: req.business_id,
            actor_user_id: Some(session.user_id),
            action: "storage.plan",
            target_kind: "business",
            target_id: req.business_id.to_string(),
            detail: json!({ "from": { "plan": old_plan, "quota_bytes": old_quota }, "to": { "plan": plan, "quota_bytes": quota } }),
        },
    )
    .await?;
    let body = plan_json(&mut tx, req.business_id).await?;
    tx.commit().await?;
    ok(body)
}

/// `filesystem/status` (provider administrators): storage back end and per-business usage.
pub async fn status(State(state): State<AppState>, session: Session) -> ApiJson {
    session.require_provider_admin()?;
    let rows: Vec<(i64, String, String, i64, i64, i64)> = sqlx::query_as(
        "SELECT b.business_id, b.name, b.storage_plan, b.storage_quota, b.storage_used,
                (SELECT COUNT(*) FROM file f WHERE f.business_id = b.business_id)
         FROM business b ORDER BY b.storage_used DESC, b.business_id",
    )
    .fetch_all(&state.db.pool)
    .await?;
    let used: i64 = rows.iter().map(|r| r.4).sum();
    let files: i64 = rows.iter().map(|r| r.5).sum();
    ok(json!({
        "backend": state.config.storage.backend,
        "max_upload_bytes": state.config.storage.max_upload_bytes,
        "used_bytes": used,
        "files": files,
        "businesses": rows.iter().map(|(id, name, plan, quota, used, files)| json!({
            "business_id": id, "name": name, "plan": plan, "quota_bytes": quota, "used_bytes": used, "files": files,
        })).collect::<Vec<_>>(),
    }))
}
