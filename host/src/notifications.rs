//! The provider's notifications to the schools (`notifications/*`, provider administrators) and
//! each user's inbox of them (`notifications/inbox`, additions), plus the business groups they
//! can be sent to (`business/group/*`, `business/assign/group/update`) and `business/status`.
//! A new notification reaches the open browsers of the schools' users at once (`volante.notification`
//! through the realtime stream).

use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::Row;

use crate::audit;
use crate::auth::Session;
use crate::error::{codes, ok, ApiError, ApiJson, ApiResult, Body, Params};
use crate::realtime::Push;
use crate::state::AppState;
use crate::validate;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/notifications/create", post(create))
        .route("/notifications/update", post(update))
        .route("/notifications/delete", post(delete))
        .route("/notifications/readall", post(readall))
        .route("/notifications/read/{id}", get(read))
        .route("/notifications/group/create", post(group_create))
        .route("/notifications/group/delete", post(group_delete))
        .route("/notifications/group/read", get(group_read))
        .route("/notifications/inbox", get(inbox))
        .route("/notifications/inbox/read", post(inbox_read))
        .route("/business/group/create", post(business_group_create))
        .route("/business/group/delete", post(business_group_delete))
        .route("/business/group/readgroup", get(business_group_read))
        .route("/business/assign/group/update", post(business_assign_group))
        .route("/business/status", post(business_status))
}

const LEVELS: &[&str] = &["info", "warning", "urgent"];
/// The inbox shows the latest this many.
const INBOX: i64 = 50;

/// The audit entry of a provider administrator's change, in its transaction.
pub(crate) async fn audited(tx: &mut sqlx::AnyConnection, session: &Session, business_id: i64, action: &str, target_kind: &str, target_id: i64, detail: Value) -> ApiResult<()> {
    let entry = audit::Entry { business_id, actor_user_id: Some(session.user_id), action, target_kind, target_id: target_id.to_string(), detail };
    Ok(audit::record(tx, entry).await?)
}

fn conflict(details: &str) -> ApiError {
    ApiError::new(codes::CONFLICT, details)
}

fn level(value: &str) -> ApiResult<String> {
    let value = if value.trim().is_empty() { "info" } else { value.trim() };
    if LEVELS.contains(&value) {
        Ok(value.to_string())
    } else {
        Err(ApiError::invalid_field("level", "El nivel es info, warning o urgent"))
    }
}

async fn exists(app: &AppState, statement: &str, id: i64) -> ApiResult<bool> {
    Ok(sqlx::query(statement).bind(id).fetch_optional(&app.db.pool).await?.is_some())
}

async fn check_group(app: &AppState, field: &str, table: &str, id: Option<i64>) -> ApiResult<Option<i64>> {
    match id {
        Some(id) if !exists(app, &format!("SELECT group_id FROM {table} WHERE group_id = $1"), id).await? => {
            Err(ApiError::invalid_field(field, "El grupo no existe"))
        }
        other => Ok(other),
    }
}

const NOTIFICATION_SELECT: &str = "SELECT n.notification_id, n.title, n.body, n.level, n.group_id, n.business_group_id, n.created_at, n.updated_at,
       g.name AS group_name, bg.name AS business_group_name,
       TRIM(COALESCE(u.first_name, '') || ' ' || COALESCE(u.last_name, '')) AS created_by_name,
       (SELECT COUNT(*) FROM notification_read r WHERE r.notification_id = n.notification_id) AS reads
  FROM notification n
  LEFT JOIN notification_group g ON g.group_id = n.group_id
  LEFT JOIN business_group bg ON bg.group_id = n.business_group_id
  LEFT JOIN app_user u ON u.user_id = n.created_by";

fn notification_json(row: &sqlx::any::AnyRow) -> anyhow::Result<Value> {
    let group = |id: &str, name: &str| -> anyhow::Result<Value> {
        Ok(match row.try_get::<Option<i64>, _>(id)? {
            Some(group_id) => json!({ "group_id": group_id, "name": row.try_get::<Option<String>, _>(name)? }),
            None => Value::Null,
        })
    };
    Ok(json!({
        "notification_id": row.try_get::<i64, _>("notification_id")?,
        "title": row.try_get::<String, _>("title")?,
        "body": row.try_get::<String, _>("body")?,
        "level": row.try_get::<String, _>("level")?,
        "group": group("group_id", "group_name")?,
        "business_group": group("business_group_id", "business_group_name")?,
        "created_at": row.try_get::<String, _>("created_at")?,
        "updated_at": row.try_get::<String, _>("updated_at")?,
        "created_by_name": row.try_get::<Option<String>, _>("created_by_name")?,
        "reads": row.try_get::<i64, _>("reads")?,
    }))
}

async fn one(app: &AppState, id: i64) -> ApiResult<Value> {
    let row = sqlx::query(&format!("{NOTIFICATION_SELECT} WHERE n.notification_id = $1 AND n.deleted_at IS NULL"))
        .bind(id)
        .fetch_optional(&app.db.pool)
        .await?
        .ok_or_else(|| ApiError::not_found_feminine("Notificación"))?;
    Ok(notification_json(&row)?)
}

/// Every school a notification reaches: all of them, or those of a business group.
async fn reached(app: &AppState, business_group_id: Option<i64>) -> ApiResult<Vec<i64>> {
    let rows: Vec<(i64,)> = match business_group_id {
        Some(group) => sqlx::query_as("SELECT business_id FROM business WHERE is_provider = FALSE AND group_id = $1").bind(group).fetch_all(&app.db.pool).await?,
        None => sqlx::query_as("SELECT business_id FROM business WHERE is_provider = FALSE").fetch_all(&app.db.pool).await?,
    };
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NotificationBody {
    #[serde(default)]
    notification_id: Option<i64>,
    title: Option<String>,
    body: Option<String>,
    level: Option<String>,
    #[serde(default, deserialize_with = "validate::present")]
    group_id: Option<Option<i64>>,
    #[serde(default, deserialize_with = "validate::present")]
    business_group_id: Option<Option<i64>>,
}

/// `POST notifications/create`.
async fn create(State(app): State<AppState>, session: Session, Body(req): Body<NotificationBody>) -> ApiJson {
    session.require_provider_admin()?;
    let title = validate::required("title", req.title.as_deref().unwrap_or(""), 150)?;
    let body = validate::optional("body", req.body.as_deref().unwrap_or(""), 5000)?;
    let level = level(req.level.as_deref().unwrap_or(""))?;
    let group = check_group(&app, "group_id", "notification_group", req.group_id.flatten()).await?;
    let audience = check_group(&app, "business_group_id", "business_group", req.business_group_id.flatten()).await?;
    let now = crate::db::now();
    let mut tx = app.db.begin().await?;
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO notification (title, body, level, group_id, business_group_id, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING notification_id",
    )
    .bind(&title)
    .bind(&body)
    .bind(&level)
    .bind(group)
    .bind(audience)
    .bind(session.user_id)
    .bind(&now)
    .fetch_one(&mut *tx)
    .await?;
    audited(&mut tx, &session, session.business_id, "notification.create", "notification", id, json!({ "title": title, "level": level, "business_group_id": audience })).await?;
    tx.commit().await?;
    let data = json!({ "notification_id": id, "title": title, "level": level }).to_string();
    let pushes = reached(&app, audience)
        .await?
        .into_iter()
        .map(|business_id| Push { business_id, users: None, services: vec![], event: "volante.notification".into(), data: data.clone() })
        .collect();
    app.realtime.publish(&app.db, pushes).await;
    ok(one(&app, id).await?)
}

/// `POST notifications/update`: the fields sent change (no new push: it was announced once).
async fn update(State(app): State<AppState>, session: Session, Body(req): Body<NotificationBody>) -> ApiJson {
    session.require_provider_admin()?;
    let id = req.notification_id.ok_or_else(|| ApiError::invalid_field("notification_id", "Indique la notificación"))?;
    one(&app, id).await?;
    let mut sets: Vec<(&'static str, crate::db_update::SqlValue)> = Vec::new();
    if let Some(title) = &req.title {
        sets.push(("title", validate::required("title", title, 150)?.into()));
    }
    if let Some(body) = &req.body {
        sets.push(("body", validate::optional("body", body, 5000)?.into()));
    }
    if let Some(value) = &req.level {
        sets.push(("level", level(value)?.into()));
    }
    if let Some(group) = req.group_id {
        sets.push(("group_id", check_group(&app, "group_id", "notification_group", group).await?.into()));
    }
    if let Some(audience) = req.business_group_id {
        sets.push(("business_group_id", check_group(&app, "business_group_id", "business_group", audience).await?.into()));
    }
    let mut tx = app.db.begin().await?;
    crate::db_update::update_row(&mut tx, "notification", "notification_id", id, &sets).await?;
    audited(&mut tx, &session, session.business_id, "notification.update", "notification", id, crate::db_update::sets_json(&sets)).await?;
    tx.commit().await?;
    ok(one(&app, id).await?)
}

#[derive(Deserialize)]
struct NotificationId {
    notification_id: i64,
}

/// `POST notifications/delete`: it leaves every inbox.
async fn delete(State(app): State<AppState>, session: Session, Body(req): Body<NotificationId>) -> ApiJson {
    session.require_provider_admin()?;
    one(&app, req.notification_id).await?;
    let mut tx = app.db.begin().await?;
    sqlx::query("UPDATE notification SET deleted_at = $1 WHERE notification_id = $2").bind(crate::db::now()).bind(req.notification_id).execute(&mut *tx).await?;
    audited(&mut tx, &session, session.business_id, "notification.delete", "notification", req.notification_id, json!({})).await?;
    tx.commit().await?;
    ok(json!({ "notification_id": req.notification_id }))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct ListBody {
    search: String,
    group_id: Option<i64>,
    page: Option<i64>,
    per_page: Option<i64>,
}

/// `POST notifications/readall`: newest first, searched in title and body.
async fn readall(State(app): State<AppState>, session: Session, Body(req): Body<ListBody>) -> ApiJson {
    session.require_provider_admin()?;
    let per_page = req.per_page.unwrap_or(25);
    if !(1..=500).contains(&per_page) {
        return Err(ApiError::invalid_field("per_page", "Entre 1 y 500"));
    }
    let page = req.page.unwrap_or(1).max(1);
    let mut filter = String::from(" WHERE n.deleted_at IS NULL");
    let mut params: Vec<String> = Vec::new();
    let search = req.search.trim().to_lowercase();
    if search.chars().count() >= 2 {
        params.push(format!("%{}%", search.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")));
        filter.push_str(&format!(" AND (LOWER(n.title) LIKE ${0} ESCAPE '\\' OR LOWER(n.body) LIKE ${0} ESCAPE '\\')", params.len()));
    }
    let group = req.group_id;
    if group.is_some() {
        filter.push_str(&format!(" AND n.group_id = ${}", params.len() + 1));
    }
    let count = format!("SELECT COUNT(*) AS total FROM notification n{filter}");
    let list = format!("{NOTIFICATION_SELECT}{filter} ORDER BY n.notification_id DESC LIMIT {per_page} OFFSET {}", (page - 1) * per_page);
    fn bind<'q>(statement: &'q str, params: &[String], group: Option<i64>) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
        let mut query = sqlx::query(statement);
        for p in params {
            query = query.bind(p.clone());
        }
        if let Some(group) = group {
            query = query.bind(group);
        }
        query
    }
    let total: i64 = bind(&count, &params, group).fetch_one(&app.db.pool).await?.try_get("total")?;
    let rows = bind(&list, &params, group).fetch_all(&app.db.pool).await?;
    let items = rows.iter().map(notification_json).collect::<anyhow::Result<Vec<_>>>()?;
    ok(json!({ "items": items, "total": total, "page": page, "per_page": per_page }))
}

/// `GET notifications/read/{id}`.
async fn read(State(app): State<AppState>, session: Session, Path(id): Path<String>) -> ApiJson {
    session.require_provider_admin()?;
    let id: i64 = id.trim().parse().map_err(|_| ApiError::not_found_feminine("Notificación"))?;
    ok(one(&app, id).await?)
}

#[derive(Deserialize)]
struct GroupName {
    name: String,
}

#[derive(Deserialize)]
struct GroupId {
    group_id: i64,
}

/// A new named group in `table` (names are unique; audited as `<table>.create`).
pub(crate) async fn named_group(app: &AppState, session: &Session, table: &str, name: &str) -> ApiResult<(i64, String)> {
    session.require_provider_admin()?;
    let name = validate::required("name", name, 100)?;
    let taken = sqlx::query(&format!("SELECT group_id FROM {table} WHERE LOWER(name) = $1"))
        .bind(name.to_lowercase())
        .fetch_optional(&app.db.pool)
        .await?;
    if taken.is_some() {
        return Err(conflict("Ya existe un grupo con ese nombre").with_data(json!({ "field": "name" })));
    }
    let mut tx = app.db.begin().await?;
    let (id,): (i64,) = sqlx::query_as(&format!("INSERT INTO {table} (name, created_at) VALUES ($1, $2) RETURNING group_id"))
        .bind(&name)
        .bind(crate::db::now())
        .fetch_one(&mut *tx)
        .await?;
    audited(&mut tx, session, session.business_id, &format!("{table}.create"), table, id, json!({ "name": name })).await?;
    tx.commit().await?;
    Ok((id, name))
}

async fn group_create(State(app): State<AppState>, session: Session, Body(req): Body<GroupName>) -> ApiJson {
    let (group_id, name) = named_group(&app, &session, "notification_group", &req.name).await?;
    ok(json!({ "group_id": group_id, "name": name, "notifications": 0 }))
}

/// `POST notifications/group/delete`: its notifications stay, without a group.
async fn group_delete(State(app): State<AppState>, session: Session, Body(req): Body<GroupId>) -> ApiJson {
    session.require_provider_admin()?;
    if !exists(&app, "SELECT group_id FROM notification_group WHERE group_id = $1", req.group_id).await? {
        return Err(ApiError::not_found("Grupo"));
    }
    let mut tx = app.db.begin().await?;
    sqlx::query("UPDATE notification SET group_id = NULL WHERE group_id = $1").bind(req.group_id).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM notification_group WHERE group_id = $1").bind(req.group_id).execute(&mut *tx).await?;
    audited(&mut tx, &session, session.business_id, "notification_group.delete", "notification_group", req.group_id, json!({})).await?;
    tx.commit().await?;
    ok(json!({ "group_id": req.group_id }))
}

async fn group_read(State(app): State<AppState>, session: Session) -> ApiJson {
    session.require_provider_admin()?;
    ok(counted_groups(
        &app,
        "SELECT g.group_id, g.name, (SELECT COUNT(*) FROM notification n WHERE n.group_id = g.group_id AND n.deleted_at IS NULL) AS counted
         FROM notification_group g ORDER BY g.name",
        "notifications",
    )
    .await?)
}

/// Groups with how many of something each has, as `[{group_id, name, <counted>}]`.
pub(crate) async fn counted_groups(app: &AppState, statement: &str, counted: &str) -> ApiResult<Vec<Value>> {
    let rows = sqlx::query(statement).fetch_all(&app.db.pool).await?;
    let groups = rows
        .iter()
        .map(|r| Ok(json!({ "group_id": r.try_get::<i64, _>("group_id")?, "name": r.try_get::<String, _>("name")?, counted: r.try_get::<i64, _>("counted")? })))
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(groups)
}

// ---- the staff's inbox ----

/// The notifications a user's school receives: to every school, or to its business group.
const VISIBLE: &str = "n.deleted_at IS NULL AND (n.business_group_id IS NULL OR n.business_group_id = (SELECT b.group_id FROM business b WHERE b.business_id = $2))";

async fn unread(app: &AppState, session: &Session) -> ApiResult<i64> {
    if session.is_provider {
        return Ok(0);
    }
    let row = sqlx::query(&format!(
        "SELECT COUNT(*) AS unread FROM notification n WHERE {VISIBLE}
           AND NOT EXISTS (SELECT 1 FROM notification_read r WHERE r.notification_id = n.notification_id AND r.user_id = $1)"
    ))
    .bind(session.user_id)
    .bind(session.business_id)
    .fetch_one(&app.db.pool)
    .await?;
    Ok(row.try_get("unread")?)
}

/// `GET notifications/inbox`: the latest the provider sent to the caller's school, newest first.
async fn inbox(State(app): State<AppState>, session: Session) -> ApiJson {
    // The provider's own staff write them; they receive none.
    if session.is_provider {
        return ok(json!({ "items": [], "unread": 0 }));
    }
    let rows = sqlx::query(&format!(
        "SELECT n.notification_id, n.title, n.body, n.level, n.created_at, g.name AS group_name,
                CASE WHEN r.user_id IS NULL THEN 0 ELSE 1 END AS is_read
           FROM notification n
           LEFT JOIN notification_group g ON g.group_id = n.group_id
           LEFT JOIN notification_read r ON r.notification_id = n.notification_id AND r.user_id = $1
          WHERE {VISIBLE}
          ORDER BY n.notification_id DESC LIMIT {INBOX}"
    ))
    .bind(session.user_id)
    .bind(session.business_id)
    .fetch_all(&app.db.pool)
    .await?;
    let items = rows
        .iter()
        .map(|r| {
            Ok(json!({
                "notification_id": r.try_get::<i64, _>("notification_id")?,
                "title": r.try_get::<String, _>("title")?,
                "body": r.try_get::<String, _>("body")?,
                "level": r.try_get::<String, _>("level")?,
                "group_name": r.try_get::<Option<String>, _>("group_name")?,
                "created_at": r.try_get::<String, _>("created_at")?,
                "read": r.try_get::<i64, _>("is_read")? == 1,
            }))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    ok(json!({ "items": items, "unread": unread(&app, &session).await? }))
}

#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
struct InboxRead {
    notification_id: Option<i64>,
    all: bool,
}

/// `POST notifications/inbox/read`: one, or all, read by the caller.
async fn inbox_read(State(app): State<AppState>, session: Session, Body(req): Body<InboxRead>) -> ApiJson {
    let now = crate::db::now();
    match (req.notification_id, req.all) {
        (_, true) if !session.is_provider => {
            sqlx::query(&format!(
                "INSERT INTO notification_read (notification_id, user_id, read_at)
                 SELECT n.notification_id, $1, $3 FROM notification n WHERE {VISIBLE}
                   AND NOT EXISTS (SELECT 1 FROM notification_read r WHERE r.notification_id = n.notification_id AND r.user_id = $1)"
            ))
            .bind(session.user_id)
            .bind(session.business_id)
            .bind(&now)
            .execute(&app.db.pool)
            .await?;
        }
        (_, true) => {}
        (Some(id), false) => {
            let visible = !session.is_provider
                && sqlx::query(&format!("SELECT n.notification_id FROM notification n WHERE {VISIBLE} AND n.notification_id = $3"))
                    .bind(session.user_id)
                    .bind(session.business_id)
                    .bind(id)
                    .fetch_optional(&app.db.pool)
                    .await?
                    .is_some();
            if !visible {
                return Err(ApiError::not_found_feminine("Notificación"));
            }
            sqlx::query("INSERT INTO notification_read (notification_id, user_id, read_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
                .bind(id)
                .bind(session.user_id)
                .bind(&now)
                .execute(&app.db.pool)
                .await?;
        }
        (None, false) => return Err(ApiError::invalid_field("notification_id", "Indique la notificación o all")),
    }
    let unread = unread(&app, &session).await?;
    let push = Push {
        business_id: session.business_id,
        users: Some(vec![session.user_id]),
        services: vec![],
        event: "volante.notification_read".into(),
        data: json!({ "unread": unread }).to_string(),
    };
    app.realtime.publish(&app.db, vec![push]).await;
    ok(json!({ "unread": unread }))
}

// ---- business groups and status ----

async fn business_group_create(State(app): State<AppState>, session: Session, Body(req): Body<GroupName>) -> ApiJson {
    let (group_id, name) = named_group(&app, &session, "business_group", &req.name).await?;
    ok(json!({ "group_id": group_id, "name": name, "businesses": 0 }))
}

/// `POST business/group/delete`: its schools stay, without a group; refused while notifications
/// are addressed to it (they would otherwise reach every school).
async fn business_group_delete(State(app): State<AppState>, session: Session, Body(req): Body<GroupId>) -> ApiJson {
    session.require_provider_admin()?;
    if !exists(&app, "SELECT group_id FROM business_group WHERE group_id = $1", req.group_id).await? {
        return Err(ApiError::not_found("Grupo"));
    }
    if exists(&app, "SELECT notification_id FROM notification WHERE business_group_id = $1 AND deleted_at IS NULL", req.group_id).await? {
        return Err(conflict("Hay notificaciones dirigidas a este grupo"));
    }
    let mut tx = app.db.begin().await?;
    sqlx::query("UPDATE business SET group_id = NULL WHERE group_id = $1").bind(req.group_id).execute(&mut *tx).await?;
    sqlx::query("UPDATE notification SET business_group_id = NULL WHERE business_group_id = $1 AND deleted_at IS NOT NULL")
        .bind(req.group_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM business_group WHERE group_id = $1").bind(req.group_id).execute(&mut *tx).await?;
    audited(&mut tx, &session, session.business_id, "business_group.delete", "business_group", req.group_id, json!({})).await?;
    tx.commit().await?;
    ok(json!({ "group_id": req.group_id }))
}

async fn business_group_read(State(app): State<AppState>, session: Session) -> ApiJson {
    session.require_provider_admin()?;
    ok(counted_groups(
        &app,
        "SELECT g.group_id, g.name, (SELECT COUNT(*) FROM business b WHERE b.group_id = g.group_id) AS counted FROM business_group g ORDER BY g.name",
        "businesses",
    )
    .await?)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AssignGroup {
    business_id: i64,
    group_id: Option<i64>,
}

/// A school of the provider's (not the provider itself, not another tenant's id that does not exist).
async fn school(app: &AppState, business_id: i64) -> ApiResult<bool> {
    let row = sqlx::query("SELECT is_provider FROM business WHERE business_id = $1").bind(business_id).fetch_optional(&app.db.pool).await?;
    let row = row.ok_or_else(|| ApiError::not_found_feminine("Empresa"))?;
    Ok(!crate::db::flag(&row, "is_provider")?)
}

async fn business_assign_group(State(app): State<AppState>, session: Session, Body(req): Body<AssignGroup>) -> ApiJson {
    session.require_provider_admin()?;
    school(&app, req.business_id).await?;
    let group = check_group(&app, "group_id", "business_group", req.group_id).await?;
    let mut tx = app.db.begin().await?;
    sqlx::query("UPDATE business SET group_id = $1, updated_at = $2 WHERE business_id = $3").bind(group).bind(crate::db::now()).bind(req.business_id).execute(&mut *tx).await?;
    audited(&mut tx, &session, req.business_id, "business.group", "business", req.business_id, json!({ "group_id": group })).await?;
    tx.commit().await?;
    crate::business::read(State(app), session, Params(crate::business::BusinessQuery { business_id: Some(req.business_id), all: false })).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StatusBody {
    business_id: i64,
    status: String,
}

/// `POST business/status`: `active`, `suspended` (its staff cannot sign in, and their sessions
/// stop) or `trial`. The provider's own business is never suspended.
async fn business_status(State(app): State<AppState>, session: Session, Body(req): Body<StatusBody>) -> ApiJson {
    session.require_provider_admin()?;
    let status = req.status.trim();
    if !matches!(status, "active" | "suspended" | "trial") {
        return Err(ApiError::invalid_field("status", "El estado es active, suspended o trial"));
    }
    if !school(&app, req.business_id).await? && status != "active" {
        return Err(ApiError::invalid_field("status", "La empresa del proveedor siempre está activa"));
    }
    let mut tx = app.db.begin().await?;
    sqlx::query("UPDATE business SET status = $1, updated_at = $2 WHERE business_id = $3").bind(status).bind(crate::db::now()).bind(req.business_id).execute(&mut *tx).await?;
    audited(&mut tx, &session, req.business_id, "business.status", "business", req.business_id, json!({ "status": status })).await?;
    tx.commit().await?;
    crate::business::read(State(app), session, Params(crate::business::BusinessQuery { business_id: Some(req.business_id), all: false })).await
}
