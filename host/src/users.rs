//! Staff accounts as the host owns them: state, e-mail, role, two-factor, per-employee
//! permissions, password reset, the activity log (`user/*`), roles with their permission tree
//! (`employee/permissions/*`), and devices and sessions (`user/sessions/*`).

use std::collections::BTreeSet;

use axum::extract::State;
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::{AnyConnection, Row};

use crate::audit;
use crate::auth::Session;
use crate::db;
use crate::error::{codes, ok, ApiError, ApiJson, ApiResult, Body, Params};
use crate::permissions;
use crate::state::AppState;
use crate::validate;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/user/log", get(user_log))
        .route("/user/state", post(user_state))
        .route("/user/email/update", post(email_update))
        .route("/user/role/update", post(role_update))
        .route("/user/twofactor/update", post(twofactor_update))
        .route("/user/role/permission/update", post(user_permissions_update))
        .route("/user/password/reset", post(password_reset))
        .route("/user/sessions/read", get(sessions_read))
        .route("/user/sessions/list", get(sessions_list))
        .route("/user/sessions/add", get(sessions_add))
        .route("/user/sessions/remove", get(sessions_remove))
        .route("/user/sessions/purge", get(sessions_purge))
        .route("/user/sessions/rename", post(sessions_rename))
        .route("/employee/permissions/read", get(roles_read))
        .route("/employee/permissions/create", post(role_create))
        .route("/employee/permissions/update", post(role_update_tree))
        .route("/employee/permissions/delete", post(role_delete))
}

struct Target {
    user_id: i64,
    email: String,
    first_name: String,
}

/// A user of the caller's business (never another business's, whatever id is sent).
async fn target_user(conn: &mut AnyConnection, session: &Session, user_id: i64) -> ApiResult<Target> {
    let row: Option<(i64, String, String)> =
        sqlx::query_as("SELECT user_id, email, first_name FROM app_user WHERE user_id = $1 AND business_id = $2")
            .bind(user_id)
            .bind(session.business_id)
            .fetch_optional(conn)
            .await?;
    let (user_id, email, first_name) = row.ok_or_else(|| ApiError::not_found("Usuario"))?;
    Ok(Target { user_id, email, first_name })
}

async fn record(conn: &mut AnyConnection, session: &Session, action: &str, kind: &str, id: i64, detail: Value) -> ApiResult<()> {
    audit::record(
        conn,
        audit::Entry {
            business_id: session.business_id,
            actor_user_id: Some(session.user_id),
            action,
            target_kind: kind,
            target_id: id.to_string(),
            detail,
        },
    )
    .await?;
    Ok(())
}

async fn revoke_user_sessions(conn: &mut AnyConnection, user_id: i64) -> anyhow::Result<()> {
    sqlx::query("UPDATE session SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL")
        .bind(db::now())
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(())
}

#[derive(Deserialize)]
struct LogQuery {
    user_id: Option<i64>,
    #[serde(default = "default_limit")]
    limit: i64,
    #[serde(default)]
    offset: i64,
}

fn default_limit() -> i64 {
    50
}

/// `user/log`: the audit entries made by, or about, a user (default: the caller).
async fn user_log(State(state): State<AppState>, session: Session, Params(q): Params<LogQuery>) -> ApiJson {
    let user_id = match q.user_id {
        Some(id) if id != session.user_id => {
            session.require("employee")?;
            target_user(&mut *state.db.pool.acquire().await?, &session, id).await?.user_id
        }
        _ => session.user_id,
    };
    let rows = sqlx::query(
        "SELECT audit_log_id, actor_user_id, action, target_kind, target_id, detail, created_at FROM audit_log
         WHERE business_id = $1 AND (actor_user_id = $2 OR (target_kind = 'user' AND target_id = $3))
         ORDER BY audit_log_id DESC LIMIT $4 OFFSET $5",
    )
    .bind(session.business_id)
    .bind(user_id)
    .bind(user_id.to_string())
    .bind(q.limit.clamp(1, 500))
    .bind(q.offset.max(0))
    .fetch_all(&state.db.pool)
    .await?;
    let entries = rows
        .iter()
        .map(|row| {
            Ok(json!({
                "audit_log_id": row.try_get::<i64, _>("audit_log_id")?,
                "actor_user_id": row.try_get::<Option<i64>, _>("actor_user_id")?,
                "action": row.try_get::<String, _>("action")?,
                "target_kind": row.try_get::<String, _>("target_kind")?,
                "target_id": row.try_get::<String, _>("target_id")?,
                "detail": db::json_column::<Value>(&row.try_get::<String, _>("detail")?)?,
                "created_at": row.try_get::<String, _>("created_at")?,
            }))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    ok(entries)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StateRequest {
    user_id: i64,
    active: bool,
}

/// `user/state`: activate or deactivate an employee's account; deactivation closes its sessions.
async fn user_state(State(state): State<AppState>, session: Session, Body(req): Body<StateRequest>) -> ApiJson {
    session.require("employee")?;
    if req.user_id == session.user_id && !req.active {
        return Err(ApiError::new(codes::CONFLICT, "No puede desactivar su propio usuario"));
    }
    let mut tx = state.db.begin().await?;
    let target = target_user(&mut tx, &session, req.user_id).await?;
    sqlx::query("UPDATE app_user SET is_active = $1, updated_at = $2 WHERE user_id = $3")
        .bind(req.active)
        .bind(db::now())
        .bind(target.user_id)
        .execute(&mut *tx)
        .await?;
    if !req.active {
        revoke_user_sessions(&mut tx, target.user_id).await?;
    }
    record(&mut tx, &session, "user.state", "user", target.user_id, json!({ "active": req.active })).await?;
    tx.commit().await?;
    ok(json!({ "user_id": target.user_id, "active": req.active }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EmailRequest {
    user_id: i64,
    email: String,
}

/// `user/email/update`. A taken address answers ERROR_EMPLOYEE_122 (choose another one).
async fn email_update(State(state): State<AppState>, session: Session, Body(req): Body<EmailRequest>) -> ApiJson {
    if req.user_id != session.user_id {
        session.require("employee")?;
    }
    let email = validate::email("email", &req.email)?;
    let mut tx = state.db.begin().await?;
    let target = target_user(&mut tx, &session, req.user_id).await?;
    let updated = sqlx::query("UPDATE app_user SET email = $1, updated_at = $2 WHERE user_id = $3")
        .bind(&email)
        .bind(db::now())
        .bind(target.user_id)
        .execute(&mut *tx)
        .await;
    match updated {
        Err(err) if db::is_unique_violation(&err) => {
            return Err(ApiError::new(
                codes::EMAIL_EXISTS_CHANGE,
                "Ya existe un usuario con ese correo electrónico, indique otro",
            )
            .with_data(json!({ "field": "email" })))
        }
        other => other?,
    };
    record(&mut tx, &session, "user.email", "user", target.user_id, json!({ "from": target.email, "to": email })).await?;
    tx.commit().await?;
    ok(json!({ "user_id": target.user_id, "email": email }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RoleAssign {
    user_id: i64,
    role_id: Option<i64>,
}

async fn role_update(State(state): State<AppState>, session: Session, Body(req): Body<RoleAssign>) -> ApiJson {
    session.require("employee.permissions")?;
    let mut tx = state.db.begin().await?;
    let target = target_user(&mut tx, &session, req.user_id).await?;
    if let Some(role_id) = req.role_id {
        load_role(&mut tx, session.business_id, role_id).await?;
    }
    sqlx::query("UPDATE app_user SET role_id = $1, updated_at = $2 WHERE user_id = $3")
        .bind(req.role_id)
        .bind(db::now())
        .bind(target.user_id)
        .execute(&mut *tx)
        .await?;
    record(&mut tx, &session, "user.role", "user", target.user_id, json!({ "role_id": req.role_id })).await?;
    tx.commit().await?;
    ok(json!({ "user_id": target.user_id, "role_id": req.role_id }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TwoFactorRequest {
    user_id: Option<i64>,
    enabled: bool,
}

/// Whether new devices need the e-mailed sign-in code. Turning it off needs `employee`.
async fn twofactor_update(State(state): State<AppState>, session: Session, Body(req): Body<TwoFactorRequest>) -> ApiJson {
    let user_id = req.user_id.unwrap_or(session.user_id);
    if user_id != session.user_id || !req.enabled {
        session.require("employee")?;
    }
    let mut tx = state.db.begin().await?;
    let target = target_user(&mut tx, &session, user_id).await?;
    sqlx::query("UPDATE app_user SET two_factor = $1, updated_at = $2 WHERE user_id = $3")
        .bind(req.enabled)
        .bind(db::now())
        .bind(target.user_id)
        .execute(&mut *tx)
        .await?;
    record(&mut tx, &session, "user.two_factor", "user", target.user_id, json!({ "enabled": req.enabled })).await?;
    tx.commit().await?;
    ok(json!({ "user_id": target.user_id, "two_factor": req.enabled }))
}

/// Every permission key a business may grant: the host's tree plus installed plugins'.
async fn check_permissions(state: &AppState, list: &[String]) -> ApiResult<BTreeSet<String>> {
    let known = all_keys(state).await;
    let mut set = BTreeSet::new();
    for key in list {
        if !known.contains(key) {
            return Err(ApiError::invalid_field("permissions", format!("Permiso desconocido: {key}")));
        }
        set.insert(key.clone());
    }
    Ok(set)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UserPermissions {
    user_id: i64,
    permissions: Vec<String>,
}

/// `user/role/permission/update`: an employee's own permissions on top of the role. Removed
/// permissions are written to the audit log as a notification for the employee.
async fn user_permissions_update(
    State(state): State<AppState>,
    session: Session,
    Body(req): Body<UserPermissions>,
) -> ApiJson {
    session.require("employee.permissions")?;
    let wanted = check_permissions(&state, &req.permissions).await?;
    let mut tx = state.db.begin().await?;
    let target = target_user(&mut tx, &session, req.user_id).await?;
    let current: BTreeSet<String> = sqlx::query_as::<_, (String,)>("SELECT permission FROM user_permission WHERE user_id = $1")
        .bind(target.user_id)
        .fetch_all(&mut *tx)
        .await?
        .into_iter()
        .map(|(p,)| p)
        .collect();
    let removed: Vec<&String> = current.difference(&wanted).collect();
    let added: Vec<&String> = wanted.difference(&current).collect();
    sqlx::query("DELETE FROM user_permission WHERE user_id = $1").bind(target.user_id).execute(&mut *tx).await?;
    for permission in &wanted {
        sqlx::query("INSERT INTO user_permission (user_id, permission) VALUES ($1, $2)")
            .bind(target.user_id)
            .bind(permission)
            .execute(&mut *tx)
            .await?;
    }
    record(&mut tx, &session, "user.permissions", "user", target.user_id, json!({ "added": added, "removed": removed }))
        .await?;
    if !removed.is_empty() {
        record(&mut tx, &session, "notification.permissions_removed", "user", target.user_id, json!({ "removed": removed }))
            .await?;
    }
    tx.commit().await?;
    ok(json!({ "user_id": target.user_id, "permissions": wanted }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UserId {
    user_id: i64,
}

/// `user/password/reset`: mail the employee a single-use link to choose a new password.
async fn password_reset(State(state): State<AppState>, session: Session, Body(req): Body<UserId>) -> ApiJson {
    session.require("employee")?;
    let mut tx = state.db.begin().await?;
    let target = target_user(&mut tx, &session, req.user_id).await?;
    record(&mut tx, &session, "user.password_reset", "user", target.user_id, json!({})).await?;
    tx.commit().await?;
    crate::auth::send_reset_link(&state, target.user_id, &target.email, &target.first_name).await.map_err(|err| {
        tracing::error!(error = ?err, "password reset mail failed");
        ApiError::new(codes::RESET_ERROR, "Ha ocurrido un error en el proceso de recuperación")
    })?;
    ok(json!({ "user_id": target.user_id, "sent": true }))
}

// ---------------------------------------------------------------------------------------------
// Devices and sessions

async fn devices_of(state: &AppState, user_ids: &[i64], current_session: i64) -> ApiResult<Vec<Value>> {
    let mut out = Vec::new();
    let now = db::now();
    for &user_id in user_ids {
        let devices = sqlx::query(
            "SELECT d.device_id, d.user_id, d.device_key, d.name, d.authorized_until, d.created_at, d.last_seen_at,
                    u.email, u.first_name, u.last_name
             FROM device d JOIN app_user u ON u.user_id = d.user_id WHERE d.user_id = $1 ORDER BY d.last_seen_at DESC",
        )
        .bind(user_id)
        .fetch_all(&state.db.pool)
        .await?;
        for device in devices {
            let device_id: i64 = device.try_get("device_id")?;
            let sessions = sqlx::query(
                "SELECT session_id, ip, user_agent, created_at, last_seen_at, expires_at FROM session
                 WHERE device_id = $1 AND revoked_at IS NULL AND expires_at > $2 ORDER BY last_seen_at DESC",
            )
            .bind(device_id)
            .bind(&now)
            .fetch_all(&state.db.pool)
            .await?
            .iter()
            .map(|s| {
                let session_id: i64 = s.try_get("session_id")?;
                Ok(json!({
                    "session_id": session_id,
                    "current": session_id == current_session,
                    "ip": s.try_get::<String, _>("ip")?,
                    "user_agent": s.try_get::<String, _>("user_agent")?,
                    "created_at": s.try_get::<String, _>("created_at")?,
                    "last_seen_at": s.try_get::<String, _>("last_seen_at")?,
                    "expires_at": s.try_get::<String, _>("expires_at")?,
                }))
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
            let until: Option<String> = device.try_get("authorized_until")?;
            out.push(json!({
                "device_id": device_id,
                "user_id": device.try_get::<i64, _>("user_id")?,
                "email": device.try_get::<String, _>("email")?,
                "first_name": device.try_get::<String, _>("first_name")?,
                "last_name": device.try_get::<String, _>("last_name")?,
                "device": device.try_get::<String, _>("device_key")?,
                "name": device.try_get::<String, _>("name")?,
                "authorized": until.as_ref().is_some_and(|u| *u > now),
                "authorized_until": until,
                "created_at": device.try_get::<String, _>("created_at")?,
                "last_seen_at": device.try_get::<String, _>("last_seen_at")?,
                "sessions": sessions,
            }));
        }
    }
    Ok(out)
}

#[derive(Deserialize)]
struct UserQuery {
    user_id: Option<i64>,
}

/// The user a sessions call is about: the caller, or, with `employee.devices`, a colleague.
async fn sessions_subject(state: &AppState, session: &Session, user_id: Option<i64>) -> ApiResult<i64> {
    match user_id {
        Some(id) if id != session.user_id => {
            session.require("employee.devices")?;
            Ok(target_user(&mut *state.db.pool.acquire().await?, session, id).await?.user_id)
        }
        _ => Ok(session.user_id),
    }
}

/// `user/sessions/read`: devices and open sessions of one user (default: the caller).
async fn sessions_read(State(state): State<AppState>, session: Session, Params(q): Params<UserQuery>) -> ApiJson {
    let user_id = sessions_subject(&state, &session, q.user_id).await?;
    ok(devices_of(&state, &[user_id], session.session_id).await?)
}

/// `user/sessions/list`: every device of every user of the business.
async fn sessions_list(State(state): State<AppState>, session: Session) -> ApiJson {
    session.require("employee.devices")?;
    let users: Vec<i64> = sqlx::query_as::<_, (i64,)>("SELECT user_id FROM app_user WHERE business_id = $1 ORDER BY user_id")
        .bind(session.business_id)
        .fetch_all(&state.db.pool)
        .await?
        .into_iter()
        .map(|(id,)| id)
        .collect();
    ok(devices_of(&state, &users, session.session_id).await?)
}

#[derive(Deserialize)]
struct AddDevice {
    user_id: Option<i64>,
    device: String,
    #[serde(default)]
    name: String,
    days: Option<i64>,
}

/// `user/sessions/add`: authorise a device for a user in advance, so it signs in without a code.
async fn sessions_add(State(state): State<AppState>, session: Session, Params(q): Params<AddDevice>) -> ApiJson {
    let user_id = sessions_subject(&state, &session, q.user_id).await?;
    let key = q.device.trim();
    if key.is_empty() || key.len() > 128 || !key.chars().all(|c| c.is_ascii_graphic()) {
        return Err(ApiError::invalid_field("device", "Identificador de dispositivo no válido"));
    }
    let days = q.days.unwrap_or(state.config.auth.device_days);
    if !(1..=3650).contains(&days) {
        return Err(ApiError::invalid_field("days", "Número de días no válido"));
    }
    let name = validate::optional("name", &q.name, 120)?;
    let now = db::now();
    let until = db::from_now(chrono::Duration::days(days));
    let mut tx = state.db.begin().await?;
    let (device_id,): (i64,) = sqlx::query_as(
        "INSERT INTO device (user_id, device_key, name, authorized_until, created_at, last_seen_at)
         VALUES ($1, $2, $3, $4, $5, $5)
         ON CONFLICT (user_id, device_key) DO UPDATE SET authorized_until = excluded.authorized_until,
             name = CASE WHEN excluded.name = '' THEN device.name ELSE excluded.name END
         RETURNING device_id",
    )
    .bind(user_id)
    .bind(key)
    .bind(&name)
    .bind(&until)
    .bind(&now)
    .fetch_one(&mut *tx)
    .await?;
    record(&mut tx, &session, "device.add", "user", user_id, json!({ "device_id": device_id, "until": until })).await?;
    tx.commit().await?;
    ok(json!({ "device_id": device_id, "authorized_until": until }))
}

async fn device_owner(state: &AppState, session: &Session, device_id: i64) -> ApiResult<i64> {
    let owner: Option<(i64,)> = sqlx::query_as(
        "SELECT d.user_id FROM device d JOIN app_user u ON u.user_id = d.user_id
         WHERE d.device_id = $1 AND u.business_id = $2",
    )
    .bind(device_id)
    .bind(session.business_id)
    .fetch_optional(&state.db.pool)
    .await?;
    let (user_id,) = owner.ok_or_else(|| ApiError::not_found("Dispositivo"))?;
    if user_id != session.user_id {
        session.require("employee.devices")?;
    }
    Ok(user_id)
}

#[derive(Deserialize)]
struct DeviceQuery {
    device_id: i64,
}

/// `user/sessions/remove`: forget a device; its sessions close.
async fn sessions_remove(State(state): State<AppState>, session: Session, Params(q): Params<DeviceQuery>) -> ApiJson {
    let user_id = device_owner(&state, &session, q.device_id).await?;
    let mut tx = state.db.begin().await?;
    sqlx::query("DELETE FROM session WHERE device_id = $1").bind(q.device_id).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM device WHERE device_id = $1").bind(q.device_id).execute(&mut *tx).await?;
    record(&mut tx, &session, "device.remove", "user", user_id, json!({ "device_id": q.device_id })).await?;
    tx.commit().await?;
    ok(json!({ "device_id": q.device_id, "removed": true }))
}

/// `user/sessions/purge`: forget every device of a user; every session closes.
async fn sessions_purge(State(state): State<AppState>, session: Session, Params(q): Params<UserQuery>) -> ApiJson {
    let user_id = sessions_subject(&state, &session, q.user_id).await?;
    let mut tx = state.db.begin().await?;
    let closed = sqlx::query("DELETE FROM session WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?.rows_affected();
    let removed = sqlx::query("DELETE FROM device WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?.rows_affected();
    record(&mut tx, &session, "device.purge", "user", user_id, json!({ "devices": removed, "sessions": closed })).await?;
    tx.commit().await?;
    ok(json!({ "user_id": user_id, "devices": removed, "sessions": closed }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RenameDevice {
    device_id: i64,
    name: String,
}

async fn sessions_rename(State(state): State<AppState>, session: Session, Body(req): Body<RenameDevice>) -> ApiJson {
    let user_id = device_owner(&state, &session, req.device_id).await?;
    let name = validate::required("name", &req.name, 120)?;
    let mut tx = state.db.begin().await?;
    sqlx::query("UPDATE device SET name = $1 WHERE device_id = $2").bind(&name).bind(req.device_id).execute(&mut *tx).await?;
    record(&mut tx, &session, "device.rename", "user", user_id, json!({ "device_id": req.device_id, "name": name })).await?;
    tx.commit().await?;
    ok(json!({ "device_id": req.device_id, "name": name }))
}

// ---------------------------------------------------------------------------------------------
// Roles

async fn load_role(conn: &mut AnyConnection, business_id: i64, role_id: i64) -> ApiResult<Value> {
    let row = sqlx::query(
        "SELECT role_id, name, is_super, menu_access, permissions, created_at, updated_at FROM role
         WHERE role_id = $1 AND business_id = $2",
    )
    .bind(role_id)
    .bind(business_id)
    .fetch_optional(conn)
    .await?
    .ok_or_else(|| ApiError::not_found("Rol"))?;
    Ok(role_json(&row)?)
}

/// Every permission key: the host's and the installed plugins' own.
async fn all_keys(state: &AppState) -> Vec<String> {
    let plugins = state.plugins.all().await;
    permissions::all_keys_with(&plugins.iter().map(|p| &p.manifest).collect::<Vec<_>>())
}

/// The permission tree the role editor shows, with the installed plugins' branches.
async fn tree(state: &AppState) -> Value {
    let plugins = state.plugins.all().await;
    permissions::tree(&plugins.iter().map(|p| &p.manifest).collect::<Vec<_>>())
}

/// A `super` role holds every key, the plugins' included (`role_json` lists the host's).
async fn with_every_key(state: &AppState, mut role: Value) -> Value {
    if role["is_super"] == json!(true) {
        role["permissions"] = json!(all_keys(state).await);
    }
    role
}

fn role_json(row: &sqlx::any::AnyRow) -> anyhow::Result<Value> {
    let is_super = db::flag(row, "is_super")?;
    Ok(json!({
        "role_id": row.try_get::<i64, _>("role_id")?,
        "name": row.try_get::<String, _>("name")?,
        "is_super": is_super,
        "menu_access": db::flag(row, "menu_access")?,
        "permissions": if is_super { json!(permissions::all_keys()) }
                       else { db::json_column::<Value>(&row.try_get::<String, _>("permissions")?)? },
        "created_at": row.try_get::<String, _>("created_at")?,
        "updated_at": row.try_get::<String, _>("updated_at")?,
    }))
}

#[derive(Deserialize)]
struct RoleQuery {
    role_id: Option<i64>,
    id: Option<i64>,
}

/// `employee/permissions/read`: one role with its users (`role_id`), or every role, with the
/// permission tree the editor shows.
async fn roles_read(State(state): State<AppState>, session: Session, Params(q): Params<RoleQuery>) -> ApiJson {
    session.require("employee.permissions")?;
    if let Some(role_id) = q.role_id.or(q.id) {
        let mut role = load_role(&mut *state.db.pool.acquire().await?, session.business_id, role_id).await?;
        let users = sqlx::query(
            "SELECT user_id, email, first_name, last_name FROM app_user WHERE role_id = $1 AND business_id = $2 ORDER BY first_name",
        )
        .bind(role_id)
        .bind(session.business_id)
        .fetch_all(&state.db.pool)
        .await?
        .iter()
        .map(|u| {
            Ok(json!({
                "user_id": u.try_get::<i64, _>("user_id")?,
                "email": u.try_get::<String, _>("email")?,
                "first_name": u.try_get::<String, _>("first_name")?,
                "last_name": u.try_get::<String, _>("last_name")?,
            }))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
        role["users"] = json!(users);
        let mut role = with_every_key(&state, role).await;
        role["tree"] = tree(&state).await;
        return ok(role);
    }
    let rows = sqlx::query(
        "SELECT r.role_id, r.name, r.is_super, r.menu_access, r.permissions, r.created_at, r.updated_at,
                (SELECT COUNT(*) FROM app_user u WHERE u.role_id = r.role_id) AS user_count
         FROM role r WHERE r.business_id = $1 ORDER BY r.name",
    )
    .bind(session.business_id)
    .fetch_all(&state.db.pool)
    .await?;
    let mut roles = Vec::new();
    for row in &rows {
        let mut role = with_every_key(&state, role_json(row)?).await;
        role["user_count"] = json!(row.try_get::<i64, _>("user_count")?);
        roles.push(role);
    }
    ok(json!({ "roles": roles, "tree": tree(&state).await }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RoleCreate {
    name: String,
    #[serde(default)]
    permissions: Vec<String>,
    #[serde(default = "yes")]
    menu_access: bool,
}

fn yes() -> bool {
    true
}

async fn role_create(State(state): State<AppState>, session: Session, Body(req): Body<RoleCreate>) -> ApiJson {
    session.require("employee.permissions")?;
    let name = validate::required("name", &req.name, 100)?;
    let perms = check_permissions(&state, &req.permissions).await?;
    let now = db::now();
    let mut tx = state.db.begin().await?;
    let inserted: Result<(i64,), sqlx::Error> = sqlx::query_as(
        "INSERT INTO role (business_id, name, menu_access, permissions, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $5) RETURNING role_id",
    )
    .bind(session.business_id)
    .bind(&name)
    .bind(req.menu_access)
    .bind(serde_json::to_string(&perms).map_err(anyhow::Error::from)?)
    .bind(&now)
    .fetch_one(&mut *tx)
    .await;
    let (role_id,) = match inserted {
        Err(err) if db::is_unique_violation(&err) => {
            return Err(ApiError::new(codes::CONFLICT, "Ya existe un rol con ese nombre").with_data(json!({ "field": "name" })))
        }
        other => other?,
    };
    record(&mut tx, &session, "role.create", "role", role_id, json!({ "name": name, "permissions": perms })).await?;
    let role = load_role(&mut tx, session.business_id, role_id).await?;
    tx.commit().await?;
    ok(role)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RoleUpdate {
    #[serde(alias = "id")]
    role_id: i64,
    name: Option<String>,
    permissions: Option<Vec<String>>,
    menu_access: Option<bool>,
}

async fn role_update_tree(State(state): State<AppState>, session: Session, Body(req): Body<RoleUpdate>) -> ApiJson {
    session.require("employee.permissions")?;
    let mut tx = state.db.begin().await?;
    let before = load_role(&mut tx, session.business_id, req.role_id).await?;
    let mut sets: Vec<(&'static str, crate::db_update::SqlValue)> = Vec::new();
    if let Some(name) = &req.name {
        sets.push(("name", validate::required("name", name, 100)?.into()));
    }
    if let Some(list) = &req.permissions {
        if before["is_super"] == json!(true) {
            return Err(ApiError::new(codes::CONFLICT, "El rol super tiene todos los permisos y no se puede modificar"));
        }
        let perms = check_permissions(&state, list).await?;
        sets.push(("permissions", serde_json::to_string(&perms).map_err(anyhow::Error::from)?.into()));
    }
    if let Some(menu) = req.menu_access {
        sets.push(("menu_access", menu.into()));
    }
    match crate::db_update::update_row(&mut tx, "role", "role_id", req.role_id, &sets).await {
        Err(err) if err.downcast_ref::<sqlx::Error>().is_some_and(db::is_unique_violation) => {
            return Err(ApiError::new(codes::CONFLICT, "Ya existe un rol con ese nombre").with_data(json!({ "field": "name" })))
        }
        other => other?,
    };
    record(&mut tx, &session, "role.update", "role", req.role_id, crate::db_update::sets_json(&sets)).await?;
    let role = load_role(&mut tx, session.business_id, req.role_id).await?;
    tx.commit().await?;
    ok(with_every_key(&state, role).await)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RoleId {
    #[serde(alias = "id")]
    role_id: i64,
}

/// Deleting a role leaves its users with no role and no permissions of their own.
async fn role_delete(State(state): State<AppState>, session: Session, Body(req): Body<RoleId>) -> ApiJson {
    session.require("employee.permissions")?;
    let mut tx = state.db.begin().await?;
    let role = load_role(&mut tx, session.business_id, req.role_id).await?;
    if role["is_super"] == json!(true) {
        let (supers,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM role WHERE business_id = $1 AND is_super = TRUE")
            .bind(session.business_id)
            .fetch_one(&mut *tx)
            .await?;
        if supers <= 1 {
            return Err(ApiError::new(codes::CONFLICT, "No se puede eliminar el único rol super de la empresa"));
        }
    }
    let users: Vec<i64> = sqlx::query_as::<_, (i64,)>("SELECT user_id FROM app_user WHERE role_id = $1")
        .bind(req.role_id)
        .fetch_all(&mut *tx)
        .await?
        .into_iter()
        .map(|(id,)| id)
        .collect();
    for user_id in &users {
        sqlx::query("DELETE FROM user_permission WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?;
        sqlx::query("UPDATE app_user SET role_id = NULL, updated_at = $1 WHERE user_id = $2")
            .bind(db::now())
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
    }
    sqlx::query("DELETE FROM role WHERE role_id = $1").bind(req.role_id).execute(&mut *tx).await?;
    record(&mut tx, &session, "role.delete", "role", req.role_id, json!({ "name": role["name"], "users": users })).await?;
    tx.commit().await?;
    ok(json!({ "role_id": req.role_id, "deleted": true, "users": users }))
}
