//! Businesses (tenants), branches, positions and the provider's administration of businesses
//! and their services. The provider is itself a business, flagged `is_provider`.

use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::Router;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use sqlx::{AnyConnection, Row};

use crate::audit;
use crate::auth::Session;
use crate::db;
use crate::db_update::SqlValue;
use crate::error::{codes, ok, ApiError, ApiJson, ApiResult, Body, Params};
use crate::state::AppState;
use crate::validate;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/business/create", post(create))
        .route("/business/update", post(update))
        .route("/business/read", get(read))
        .route("/business/hermes/read", get(hermes_read))
        .route("/business/services/update", post(services_update))
        .route("/business/removecomplete", get(remove_complete))
        .route("/business/branch/create", post(branch_create))
        .route("/business/branch/read/{id}", get(branch_read))
        .route("/business/branch/points", get(branch_points))
        .route("/business/branch/cap", get(branch_cap))
        .route("/business/branch/facilauto", get(branch_facilauto))
        .route("/business/branch/update", post(branch_update))
        .route("/business/branch/delete", post(branch_delete))
        .route("/business/branch/list", get(branch_list))
        .route("/business/rol/list", get(role_list))
        .route("/business/position/read", get(position_read))
        .route("/business/initalpositions", get(initial_positions))
        .route("/business/ficha/read", get(record_card))
        .route("/valkiria/renuevaproductos/update", post(renew_products_update))
}

pub struct NewBusiness {
    pub name: String,
    pub fiscal_name: String,
    pub fiscal_code: String,
    pub email: String,
    pub status: &'static str,
    pub is_provider: bool,
}

pub struct CreatedBusiness {
    pub business_id: i64,
    pub branch_id: i64,
    pub super_role_id: i64,
    pub teacher_role_id: i64,
}

/// Permissions of the default "Profesor" role: classes and the virtual classroom; no contacts or
/// administration until the school grants them.
pub const TEACHER_PERMISSIONS: &[&str] = &["dashboard", "formative", "formative.virtual_classroom"];
/// Permissions of the default "Administración" role.
pub const OFFICE_PERMISSIONS: &[&str] = &[
    "dashboard",
    "contact",
    "contact.client",
    "contact.provider",
    "product",
    "billing",
    "invoicing",
    "filesystem",
    "business.branches",
];
const DEFAULT_POSITIONS: &[&str] = &["Director", "Profesor", "Administrativo", "Comercial"];

/// A business with its first branch, default roles (one `super`) and positions.
pub async fn create_business(conn: &mut AnyConnection, new: NewBusiness) -> anyhow::Result<CreatedBusiness> {
    let now = db::now();
    let (business_id,): (i64,) = sqlx::query_as(
        "INSERT INTO business (name, fiscal_name, fiscal_code, email, status, is_provider, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING business_id",
    )
    .bind(&new.name)
    .bind(&new.fiscal_name)
    .bind(&new.fiscal_code)
    .bind(&new.email)
    .bind(new.status)
    .bind(new.is_provider)
    .bind(&now)
    .fetch_one(&mut *conn)
    .await?;
    let (branch_id,): (i64,) = sqlx::query_as(
        "INSERT INTO branch (business_id, trade_name, email, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
         RETURNING branch_id",
    )
    .bind(business_id)
    .bind(&new.name)
    .bind(&new.email)
    .bind(&now)
    .fetch_one(&mut *conn)
    .await?;
    let super_role_id = insert_role(conn, business_id, "Dirección", true, &[]).await?;
    let teacher_role_id = insert_role(conn, business_id, "Profesor", false, TEACHER_PERMISSIONS).await?;
    insert_role(conn, business_id, "Administración", false, OFFICE_PERMISSIONS).await?;
    add_default_positions(conn, business_id).await?;
    Ok(CreatedBusiness { business_id, branch_id, super_role_id, teacher_role_id })
}

/// Give a business the default positions it lacks (by name, whatever the case); answers the
/// names added.
async fn add_default_positions(conn: &mut AnyConnection, business_id: i64) -> anyhow::Result<Vec<&'static str>> {
    let existing: Vec<(String,)> = sqlx::query_as("SELECT name FROM position WHERE business_id = $1")
        .bind(business_id)
        .fetch_all(&mut *conn)
        .await?;
    let existing: Vec<String> = existing.into_iter().map(|(name,)| name.trim().to_lowercase()).collect();
    let now = db::now();
    let mut added = Vec::new();
    for name in DEFAULT_POSITIONS.iter().filter(|name| !existing.contains(&name.to_lowercase())) {
        sqlx::query("INSERT INTO position (business_id, name, created_at) VALUES ($1, $2, $3)")
            .bind(business_id)
            .bind(*name)
            .bind(&now)
            .execute(&mut *conn)
            .await?;
        added.push(*name);
    }
    Ok(added)
}

async fn insert_role(
    conn: &mut AnyConnection,
    business_id: i64,
    name: &str,
    is_super: bool,
    permissions: &[&str],
) -> anyhow::Result<i64> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO role (business_id, name, is_super, permissions, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $5) RETURNING role_id",
    )
    .bind(business_id)
    .bind(name)
    .bind(is_super)
    .bind(serde_json::to_string(permissions)?)
    .bind(db::now())
    .fetch_one(conn)
    .await?;
    Ok(id)
}

pub struct NewUser {
    pub business_id: i64,
    pub branch_id: Option<i64>,
    pub role_id: Option<i64>,
    pub email: String,
    pub password_hash: Option<String>,
    pub first_name: String,
    pub last_name: String,
}

#[derive(Debug, thiserror::Error)]
pub enum CreateUserError {
    #[error("e-mail already in use")]
    EmailExists,
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

/// A user, granted every service the business has on.
pub async fn create_user(conn: &mut AnyConnection, new: NewUser) -> Result<i64, CreateUserError> {
    let now = db::now();
    let inserted: Result<(i64,), sqlx::Error> = sqlx::query_as(
        "INSERT INTO app_user (business_id, branch_id, role_id, email, password_hash, first_name, last_name,
                               created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING user_id",
    )
    .bind(new.business_id)
    .bind(new.branch_id)
    .bind(new.role_id)
    .bind(&new.email)
    .bind(&new.password_hash)
    .bind(&new.first_name)
    .bind(&new.last_name)
    .bind(&now)
    .fetch_one(&mut *conn)
    .await;
    let (user_id,) = match inserted {
        Ok(row) => row,
        Err(err) if db::is_unique_violation(&err) => return Err(CreateUserError::EmailExists),
        Err(err) => return Err(CreateUserError::Other(err.into())),
    };
    sqlx::query(
        "INSERT INTO user_service (user_id, service_id) SELECT $1, service_id FROM business_service WHERE business_id = $2",
    )
    .bind(user_id)
    .bind(new.business_id)
    .execute(&mut *conn)
    .await
    .map_err(anyhow::Error::from)?;
    Ok(user_id)
}

/// Register a service id (host or plugin) so businesses and users can have it.
pub async fn ensure_service(conn: &mut AnyConnection, service_id: &str, name: &str, origin: &str) -> anyhow::Result<()> {
    sqlx::query("INSERT INTO service (service_id, name, origin) VALUES ($1, $2, $3) ON CONFLICT (service_id) DO NOTHING")
        .bind(service_id)
        .bind(name)
        .bind(origin)
        .execute(conn)
        .await?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Businesses

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AdminInput {
    email: String,
    first_name: String,
    #[serde(default)]
    last_name: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BusinessCreate {
    name: String,
    #[serde(default)]
    fiscal_name: String,
    #[serde(default)]
    fiscal_code: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    services: Vec<String>,
    admin: AdminInput,
}

/// `business/create` (provider only): the business, its defaults and its first `super` user, who
/// gets a welcome e-mail with a link to choose a password.
async fn create(State(state): State<AppState>, session: Session, Body(req): Body<BusinessCreate>) -> ApiJson {
    session.require_provider_admin()?;
    let name = validate::required("name", &req.name, 200)?;
    let fiscal_name = match validate::optional("fiscal_name", &req.fiscal_name, 200)? {
        f if f.is_empty() => name.clone(),
        f => f,
    };
    let admin_email = validate::email("admin.email", &req.admin.email)?;
    let business_email =
        if req.email.trim().is_empty() { admin_email.clone() } else { validate::email("email", &req.email)? };
    let first_name = validate::required("admin.first_name", &req.admin.first_name, 100)?;
    let mut tx = state.db.begin().await?;
    let created = create_business(
        &mut tx,
        NewBusiness {
            name: name.clone(),
            fiscal_name,
            fiscal_code: validate::optional("fiscal_code", &req.fiscal_code, 20)?.to_uppercase(),
            email: business_email,
            status: "active",
            is_provider: false,
        },
    )
    .await?;
    set_services(&mut tx, created.business_id, &req.services).await?;
    state.plugins.prepare_business(&mut tx, created.business_id, &req.services).await?;
    let user_id = create_user(
        &mut tx,
        NewUser {
            business_id: created.business_id,
            branch_id: Some(created.branch_id),
            role_id: Some(created.super_role_id),
            email: admin_email.clone(),
            password_hash: None,
            first_name: first_name.clone(),
            last_name: validate::optional("admin.last_name", &req.admin.last_name, 100)?,
        },
    )
    .await
    .map_err(|err| match err {
        CreateUserError::EmailExists => ApiError::new(codes::EMAIL_EXISTS, "Ya existe un usuario con ese correo electrónico")
            .with_data(json!({ "field": "admin.email" })),
        CreateUserError::Other(err) => ApiError::Internal(err),
    })?;
    audit::record(
        &mut tx,
        audit::Entry {
            business_id: created.business_id,
            actor_user_id: Some(session.user_id),
            action: "business.create",
            target_kind: "business",
            target_id: created.business_id.to_string(),
            detail: json!({ "name": name, "services": req.services, "admin_user_id": user_id }),
        },
    )
    .await?;
    tx.commit().await?;
    crate::auth::send_reset_link(&state, user_id, &admin_email, &first_name)
        .await
        .map_err(|err| ApiError::Internal(err.context("Failed to send the new administrator's link")))?;
    ok(json!({ "business_id": created.business_id, "branch_id": created.branch_id, "user_id": user_id }))
}

/// Replace a business's services with `services`; users keep only grants the business still has.
async fn set_services(conn: &mut AnyConnection, business_id: i64, services: &[String]) -> ApiResult<()> {
    for service in services {
        let known: Option<(String,)> = sqlx::query_as("SELECT service_id FROM service WHERE service_id = $1")
            .bind(service)
            .fetch_optional(&mut *conn)
            .await?;
        if known.is_none() {
            return Err(ApiError::invalid_field("services", format!("Servicio desconocido: {service}")));
        }
    }
    let now = db::now();
    let current: Vec<(String,)> = sqlx::query_as("SELECT service_id FROM business_service WHERE business_id = $1")
        .bind(business_id)
        .fetch_all(&mut *conn)
        .await?;
    for (service,) in &current {
        if !services.contains(service) {
            sqlx::query("DELETE FROM business_service WHERE business_id = $1 AND service_id = $2")
                .bind(business_id)
                .bind(service)
                .execute(&mut *conn)
                .await?;
        }
    }
    for service in services {
        if current.iter().any(|(s,)| s == service) {
            continue;
        }
        sqlx::query(
            "INSERT INTO business_service (business_id, service_id, enabled_at) VALUES ($1, $2, $3)
             ON CONFLICT (business_id, service_id) DO NOTHING",
        )
        .bind(business_id)
        .bind(service)
        .bind(&now)
        .execute(&mut *conn)
        .await?;
        // A service switched on for the business is on for its staff too; the provider can then
        // switch it off per user. Grants kept from earlier are honoured again.
        sqlx::query(
            "INSERT INTO user_service (user_id, service_id) SELECT user_id, $1 FROM app_user WHERE business_id = $2
             ON CONFLICT (user_id, service_id) DO NOTHING",
        )
        .bind(service)
        .bind(business_id)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Switch `services` on for a business (keeping the ones it has) and prepare their plugins.
pub async fn enable_services(state: &AppState, business_id: i64, services: &[String]) -> ApiResult<()> {
    let mut tx = state.db.begin().await?;
    let current: Vec<(String,)> = sqlx::query_as("SELECT service_id FROM business_service WHERE business_id = $1")
        .bind(business_id)
        .fetch_all(&mut *tx)
        .await?;
    let mut all: Vec<String> = current.into_iter().map(|(s,)| s).collect();
    for service in services {
        if !all.contains(service) {
            all.push(service.clone());
        }
    }
    set_services(&mut tx, business_id, &all).await?;
    state.plugins.prepare_business(&mut tx, business_id, &all).await?;
    tx.commit().await?;
    Ok(())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ServicesUpdate {
    business_id: i64,
    /// The business's full list of services.
    #[serde(default)]
    services: Option<Vec<String>>,
    /// Or one service switched for one user of that business.
    #[serde(default)]
    user_id: Option<i64>,
    #[serde(default)]
    service_id: Option<String>,
    #[serde(default)]
    enabled: Option<bool>,
}

/// `business/services/update` (provider only): switch services per business, or per user.
/// Takes effect on the next call: sessions read services afresh on every request.
async fn services_update(State(state): State<AppState>, session: Session, Body(req): Body<ServicesUpdate>) -> ApiJson {
    session.require_provider_admin()?;
    let mut tx = state.db.begin().await?;
    let exists: Option<(i64,)> = sqlx::query_as("SELECT business_id FROM business WHERE business_id = $1")
        .bind(req.business_id)
        .fetch_optional(&mut *tx)
        .await?;
    exists.ok_or_else(|| ApiError::not_found_feminine("Empresa"))?;
    let detail;
    match (req.services, req.user_id, req.service_id, req.enabled) {
        (Some(services), None, None, None) => {
            set_services(&mut tx, req.business_id, &services).await?;
            // Plugins serving a newly enabled service get their migrations for this business.
            state.plugins.prepare_business(&mut tx, req.business_id, &services).await?;
            detail = json!({ "services": services });
        }
        (None, Some(user_id), Some(service_id), Some(enabled)) => {
            let user: Option<(i64,)> = sqlx::query_as("SELECT user_id FROM app_user WHERE user_id = $1 AND business_id = $2")
                .bind(user_id)
                .bind(req.business_id)
                .fetch_optional(&mut *tx)
                .await?;
            user.ok_or_else(|| ApiError::not_found("Usuario"))?;
            if enabled {
                let on: Option<(String,)> = sqlx::query_as(
                    "SELECT service_id FROM business_service WHERE business_id = $1 AND service_id = $2",
                )
                .bind(req.business_id)
                .bind(&service_id)
                .fetch_optional(&mut *tx)
                .await?;
                if on.is_none() {
                    return Err(ApiError::new(codes::SERVICE_DISABLED, "La empresa no tiene ese servicio activo")
                        .with_data(json!({ "service": service_id })));
                }
                sqlx::query(
                    "INSERT INTO user_service (user_id, service_id) VALUES ($1, $2) ON CONFLICT (user_id, service_id) DO NOTHING",
                )
                .bind(user_id)
                .bind(&service_id)
                .execute(&mut *tx)
                .await?;
            } else {
                sqlx::query("DELETE FROM user_service WHERE user_id = $1 AND service_id = $2")
                    .bind(user_id)
                    .bind(&service_id)
                    .execute(&mut *tx)
                    .await?;
            }
            detail = json!({ "user_id": user_id, "service_id": service_id, "enabled": enabled });
        }
        _ => {
            return Err(ApiError::invalid_field(
                "services",
                "Indique la lista de servicios de la empresa, o usuario, servicio y estado",
            ))
        }
    }
    audit::record(
        &mut tx,
        audit::Entry {
            business_id: req.business_id,
            actor_user_id: Some(session.user_id),
            action: "services.update",
            target_kind: "business",
            target_id: req.business_id.to_string(),
            detail,
        },
    )
    .await?;
    tx.commit().await?;
    ok(business_services(&state, req.business_id).await?)
}

async fn business_services(state: &AppState, business_id: i64) -> anyhow::Result<Vec<Value>> {
    let rows = sqlx::query(
        "SELECT s.service_id, s.name, bs.enabled_at FROM business_service bs
         JOIN service s ON s.service_id = bs.service_id WHERE bs.business_id = $1 ORDER BY s.service_id",
    )
    .bind(business_id)
    .fetch_all(&state.db.pool)
    .await?;
    rows.into_iter()
        .map(|row| {
            Ok(json!({
                "id": row.try_get::<String, _>("service_id")?,
                "name": row.try_get::<String, _>("name")?,
                "enabled_at": row.try_get::<String, _>("enabled_at")?,
            }))
        })
        .collect()
}

const BUSINESS_COLUMNS: &str = "business_id, name, fiscal_name, fiscal_code, email, phone, address, city, province_id,
    postal_code, is_provider, status, storage_plan, storage_quota, created_at, updated_at, group_id,
    (SELECT g.name FROM business_group g WHERE g.group_id = business.group_id) AS group_name";

fn business_json(row: &sqlx::any::AnyRow) -> anyhow::Result<Value> {
    Ok(json!({
        "business_id": row.try_get::<i64, _>("business_id")?,
        "name": row.try_get::<String, _>("name")?,
        "fiscal_name": row.try_get::<String, _>("fiscal_name")?,
        "fiscal_code": row.try_get::<String, _>("fiscal_code")?,
        "email": row.try_get::<String, _>("email")?,
        "phone": row.try_get::<String, _>("phone")?,
        "address": row.try_get::<String, _>("address")?,
        "city": row.try_get::<String, _>("city")?,
        "province_id": row.try_get::<Option<i64>, _>("province_id")?,
        "postal_code": row.try_get::<String, _>("postal_code")?,
        "is_provider": db::flag(row, "is_provider")?,
        "status": row.try_get::<String, _>("status")?,
        "storage_plan": row.try_get::<String, _>("storage_plan")?,
        "storage_quota": row.try_get::<i64, _>("storage_quota")?,
        "created_at": row.try_get::<String, _>("created_at")?,
        "updated_at": row.try_get::<String, _>("updated_at")?,
        "group_id": row.try_get::<Option<i64>, _>("group_id")?,
        "group_name": row.try_get::<Option<String>, _>("group_name")?,
    }))
}

#[derive(Deserialize)]
pub(crate) struct BusinessQuery {
    pub(crate) business_id: Option<i64>,
    /// Provider administrators: every business.
    #[serde(default)]
    pub(crate) all: bool,
}

#[derive(Deserialize)]
pub(crate) struct RemoveQuery {
    business_id: i64,
    /// The business's name, typed again.
    #[serde(default)]
    confirm: String,
}

/// `GET business/removecomplete?business_id=&confirm=` (provider administrators): a school that
/// has left, removed with everything it had, as the processor contract asks at its end (RGPD art.
/// 28.3.g): every plugin's data of it, its files, then its users, sessions, branches, roles,
/// settings, links, timers, mail and audit trail (the host's rows go with the business row). Only
/// a suspended school, and only with its name typed again in `confirm`. The parts outside the
/// host's database go first, so a failure leaves the school there, suspended, to try again.
/// The provider's own audit trail keeps who removed which school and how much went.
async fn remove_complete(State(state): State<AppState>, session: Session, Params(q): Params<RemoveQuery>) -> ApiJson {
    session.require_provider_admin()?;
    let row = sqlx::query("SELECT name, status, is_provider FROM business WHERE business_id = $1")
        .bind(q.business_id)
        .fetch_optional(&state.db.pool)
        .await?
        .ok_or_else(|| ApiError::not_found_feminine("Empresa"))?;
    let name: String = row.try_get("name")?;
    if db::flag(&row, "is_provider")? {
        return Err(ApiError::invalid_field("business_id", "La empresa del proveedor no se puede eliminar"));
    }
    if row.try_get::<String, _>("status")? != "suspended" {
        return Err(ApiError::new(codes::CONFLICT, "Suspenda la empresa antes de eliminarla por completo"));
    }
    if q.confirm.trim().to_lowercase() != name.trim().to_lowercase() {
        return Err(ApiError::invalid_field("confirm", "Escriba el nombre de la empresa para confirmar que se elimina por completo"));
    }
    let count = |sql: &'static str| {
        let pool = state.db.pool.clone();
        async move { sqlx::query_scalar::<_, i64>(sql).bind(q.business_id).fetch_one(&pool).await }
    };
    let users = count("SELECT COUNT(*) FROM app_user WHERE business_id = $1").await?;
    let files = count("SELECT COUNT(*) FROM file WHERE business_id = $1").await?;
    let plugin_rows = state.plugins.data.remove_business(q.business_id).await?;
    let objects = state.storage.delete_prefix(&format!("business/{}", q.business_id)).await?;
    let mut tx = state.db.begin().await?;
    for statement in ["DELETE FROM audit_log WHERE business_id = $1", "DELETE FROM plugin_business WHERE business_id = $1", "DELETE FROM business WHERE business_id = $1"] {
        sqlx::query(statement).bind(q.business_id).execute(&mut *tx).await?;
    }
    let removed = json!({ "business_id": q.business_id, "name": name, "users": users, "files": files, "objects": objects, "plugin_rows": plugin_rows });
    let entry = audit::Entry {
        business_id: session.business_id,
        actor_user_id: Some(session.user_id),
        action: "business.removed",
        target_kind: "business",
        target_id: q.business_id.to_string(),
        detail: removed.clone(),
    };
    audit::record(&mut tx, entry).await?;
    tx.commit().await?;
    tracing::info!(business_id = q.business_id, users, files, objects, plugin_rows, "business removed completely");
    ok(removed)
}

pub(crate) async fn read(State(state): State<AppState>, session: Session, Params(q): Params<BusinessQuery>) -> ApiJson {
    if q.all {
        session.require_provider_admin()?;
        let rows = sqlx::query(&format!("SELECT {BUSINESS_COLUMNS} FROM business ORDER BY name"))
            .fetch_all(&state.db.pool)
            .await?;
        let list = rows.iter().map(business_json).collect::<anyhow::Result<Vec<_>>>()?;
        return ok(list);
    }
    let business_id = session.target_business(q.business_id)?;
    let row = sqlx::query(&format!("SELECT {BUSINESS_COLUMNS} FROM business WHERE business_id = $1"))
        .bind(business_id)
        .fetch_optional(&state.db.pool)
        .await?
        .ok_or_else(|| ApiError::not_found_feminine("Empresa"))?;
    let mut business = business_json(&row)?;
    business["services"] = json!(business_services(&state, business_id).await?);
    let (branches,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM branch WHERE business_id = $1 AND deleted_at IS NULL")
            .bind(business_id)
            .fetch_one(&state.db.pool)
            .await?;
    business["branch_count"] = json!(branches);
    ok(business)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordQuery {
    business_id: i64,
}

/// `GET business/ficha/read?business_id=` (provider administrators): a school's record card on
/// one page: the business, its branches (not deleted), services with their dates, its users by
/// role and state, its storage, and its last activity.
async fn record_card(State(state): State<AppState>, session: Session, Params(q): Params<RecordQuery>) -> ApiJson {
    session.require_provider_admin()?;
    let row = sqlx::query(&format!("SELECT {BUSINESS_COLUMNS} FROM business WHERE business_id = $1"))
        .bind(q.business_id)
        .fetch_optional(&state.db.pool)
        .await?
        .ok_or_else(|| ApiError::not_found_feminine("Empresa"))?;
    let business = business_json(&row)?;
    let branches = sqlx::query(&format!("SELECT {BRANCH_COLUMNS} FROM branch WHERE business_id = $1 AND deleted_at IS NULL ORDER BY branch_id"))
        .bind(q.business_id)
        .fetch_all(&state.db.pool)
        .await?
        .iter()
        .map(branch_json)
        .collect::<anyhow::Result<Vec<_>>>()?;
    let roles = sqlx::query(
        "SELECT COALESCE(r.name, '') AS role, COUNT(*) AS users,
                CAST(SUM(CASE WHEN u.is_active = TRUE AND u.is_locked = FALSE THEN 1 ELSE 0 END) AS BIGINT) AS active
           FROM app_user u LEFT JOIN role r ON r.role_id = u.role_id
          WHERE u.business_id = $1 GROUP BY r.name ORDER BY r.name",
    )
    .bind(q.business_id)
    .fetch_all(&state.db.pool)
    .await?;
    let mut by_role = Vec::new();
    let (mut total, mut active_total) = (0i64, 0i64);
    for role in &roles {
        let (count, active): (i64, i64) = (role.try_get("users")?, role.try_get("active")?);
        total += count;
        active_total += active;
        by_role.push(json!({ "role": role.try_get::<String, _>("role")?, "users": count, "active": active }));
    }
    // Each user, for the provider's reports on one of them (`user/sessions/generate`, the time
    // clock's record).
    let list = sqlx::query(
        "SELECT u.user_id, u.email, u.first_name, u.last_name, COALESCE(r.name, '') AS role,
                CASE WHEN u.is_active = TRUE AND u.is_locked = FALSE THEN 1 ELSE 0 END AS active
           FROM app_user u LEFT JOIN role r ON r.role_id = u.role_id
          WHERE u.business_id = $1 ORDER BY u.first_name, u.last_name, u.user_id",
    )
    .bind(q.business_id)
    .fetch_all(&state.db.pool)
    .await?
    .iter()
    .map(|row| {
        let name = format!("{} {}", row.try_get::<String, _>("first_name")?, row.try_get::<String, _>("last_name")?).trim().to_string();
        Ok(json!({
            "user_id": row.try_get::<i64, _>("user_id")?,
            "name": name,
            "email": row.try_get::<String, _>("email")?,
            "role": row.try_get::<String, _>("role")?,
            "active": row.try_get::<i32, _>("active")? == 1,
        }))
    })
    .collect::<anyhow::Result<Vec<_>>>()?;
    let users = json!({ "total": total, "active": active_total, "by_role": by_role, "list": list });
    let (last_sign_in_at, open_sessions): (Option<String>, i64) = sqlx::query_as(
        "SELECT MAX(s.created_at), CAST(SUM(CASE WHEN s.revoked_at IS NULL AND s.expires_at > $2 THEN 1 ELSE 0 END) AS BIGINT)
           FROM session s JOIN app_user u ON u.user_id = s.user_id WHERE u.business_id = $1",
    )
    .bind(q.business_id)
    .bind(db::now())
    .fetch_one(&state.db.pool)
    .await
    .map(|(at, open): (Option<String>, Option<i64>)| (at, open.unwrap_or(0)))?;
    let usage = crate::files::repo::usage(&mut *state.db.pool.acquire().await?, q.business_id).await?;
    ok(json!({
        "business": business,
        "branches": branches,
        "services": business_services(&state, q.business_id).await?,
        "users": users,
        "storage": { "plan": usage.plan, "quota_bytes": usage.quota, "used_bytes": usage.used, "files": usage.files },
        "activity": { "last_sign_in_at": last_sign_in_at, "open_sessions": open_sessions },
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BusinessUpdate {
    business_id: Option<i64>,
    name: Option<String>,
    fiscal_name: Option<String>,
    fiscal_code: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    address: Option<String>,
    city: Option<String>,
    province_id: Option<i64>,
    postal_code: Option<String>,
    /// Provider administrators only.
    status: Option<String>,
}

async fn update(State(state): State<AppState>, session: Session, Body(req): Body<BusinessUpdate>) -> ApiJson {
    let business_id = session.target_business(req.business_id)?;
    session.require("business.general")?;
    let mut sets: Vec<(&'static str, SqlValue)> = Vec::new();
    if let Some(v) = &req.name {
        sets.push(("name", SqlValue::from(validate::required("name", v, 200)?)));
    }
    if let Some(v) = &req.fiscal_name {
        sets.push(("fiscal_name", SqlValue::from(validate::required("fiscal_name", v, 200)?)));
    }
    if let Some(v) = &req.fiscal_code {
        sets.push(("fiscal_code", SqlValue::from(validate::optional("fiscal_code", v, 20)?.to_uppercase())));
    }
    if let Some(v) = &req.email {
        sets.push(("email", SqlValue::from(validate::email("email", v)?)));
    }
    for (field, value) in [("phone", &req.phone), ("address", &req.address), ("city", &req.city)] {
        if let Some(v) = value {
            sets.push((field, SqlValue::from(validate::optional(field, v, 200)?)));
        }
    }
    if let Some(v) = &req.postal_code {
        sets.push(("postal_code", SqlValue::from(postal_code(v)?)));
    }
    if let Some(v) = req.province_id {
        sets.push(("province_id", SqlValue::from(province(v)?)));
    }
    if let Some(v) = &req.status {
        session.require_provider_admin()?;
        if !matches!(v.as_str(), "active" | "suspended" | "trial") {
            return Err(ApiError::invalid_field("status", "Estado no válido"));
        }
        sets.push(("status", SqlValue::from(v.clone())));
    }
    let mut tx = state.db.begin().await?;
    crate::db_update::update_row(&mut tx, "business", "business_id", business_id, &sets).await?;
    audit::record(
        &mut tx,
        audit::Entry {
            business_id,
            actor_user_id: Some(session.user_id),
            action: "business.update",
            target_kind: "business",
            target_id: business_id.to_string(),
            detail: crate::db_update::sets_json(&sets),
        },
    )
    .await?;
    tx.commit().await?;
    read(State(state), session, Params(BusinessQuery { business_id: Some(business_id), all: false })).await
}

fn postal_code(value: &str) -> ApiResult<String> {
    let value = value.trim();
    if !value.is_empty() && (value.len() != 5 || !value.chars().all(|c| c.is_ascii_digit())) {
        return Err(ApiError::invalid_field("postal_code", "El código postal debe tener 5 dígitos"));
    }
    Ok(value.to_string())
}

fn province(id: i64) -> ApiResult<i64> {
    if !(1..=52).contains(&id) {
        return Err(ApiError::invalid_field("province_id", "Provincia no válida"));
    }
    Ok(id)
}

/// `business/hermes/read`: what the school-practice service needs of the business: whether it
/// is on, and each branch's local-server id.
async fn hermes_read(State(state): State<AppState>, session: Session) -> ApiJson {
    let rows = sqlx::query(
        "SELECT branch_id, trade_name, local_server_id FROM branch
         WHERE business_id = $1 AND deleted_at IS NULL ORDER BY branch_id",
    )
    .bind(session.business_id)
    .fetch_all(&state.db.pool)
    .await?;
    let branches = rows
        .iter()
        .map(|row| {
            Ok(json!({
                "branch_id": row.try_get::<i64, _>("branch_id")?,
                "trade_name": row.try_get::<String, _>("trade_name")?,
                "local_server_id": row.try_get::<String, _>("local_server_id")?,
            }))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    ok(json!({ "enabled": session.services.contains("hermes"), "branches": branches }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RenewProducts {
    enabled: bool,
}

/// `valkiria/renuevaproductos/update`: whether the business's online-test products renew
/// automatically; kept as a business setting the online-test module reads.
async fn renew_products_update(State(state): State<AppState>, session: Session, Body(req): Body<RenewProducts>) -> ApiJson {
    session.require("business.general")?;
    let mut tx = state.db.begin().await?;
    sqlx::query(
        "INSERT INTO business_setting (business_id, key, value, updated_at) VALUES ($1, 'valkiria.renew_products', $2, $3)
         ON CONFLICT (business_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
    )
    .bind(session.business_id)
    .bind(json!(req.enabled).to_string())
    .bind(db::now())
    .execute(&mut *tx)
    .await?;
    audit::record(
        &mut tx,
        audit::Entry {
            business_id: session.business_id,
            actor_user_id: Some(session.user_id),
            action: "setting.update",
            target_kind: "business_setting",
            target_id: "valkiria.renew_products".into(),
            detail: json!({ "enabled": req.enabled }),
        },
    )
    .await?;
    tx.commit().await?;
    ok(json!({ "enabled": req.enabled }))
}

async fn role_list(State(state): State<AppState>, session: Session) -> ApiJson {
    let rows = sqlx::query("SELECT role_id, name, is_super FROM role WHERE business_id = $1 ORDER BY name")
        .bind(session.business_id)
        .fetch_all(&state.db.pool)
        .await?;
    let roles = rows
        .iter()
        .map(|row| {
            Ok(json!({
                "role_id": row.try_get::<i64, _>("role_id")?,
                "name": row.try_get::<String, _>("name")?,
                "is_super": db::flag(row, "is_super")?,
            }))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    ok(roles)
}

async fn position_read(State(state): State<AppState>, session: Session) -> ApiJson {
    ok(positions_of(&state, session.business_id).await?)
}

async fn positions_of(state: &AppState, business_id: i64) -> anyhow::Result<Vec<Value>> {
    let rows = sqlx::query("SELECT position_id, name FROM position WHERE business_id = $1 ORDER BY name")
        .bind(business_id)
        .fetch_all(&state.db.pool)
        .await?;
    rows.iter()
        .map(|row| Ok(json!({ "position_id": row.try_get::<i64, _>("position_id")?, "name": row.try_get::<String, _>("name")? })))
        .collect()
}

/// `GET business/initalpositions?business_id=` (provider administrators; the spec's spelling):
/// the business gets the default positions (Director, Profesor, Administrativo, Comercial) it
/// lacks, as a new business has them. Answers `{added, positions}`.
async fn initial_positions(State(state): State<AppState>, session: Session, Params(q): Params<RecordQuery>) -> ApiJson {
    session.require_provider_admin()?;
    let mut tx = state.db.begin().await?;
    let exists: Option<(i64,)> = sqlx::query_as("SELECT business_id FROM business WHERE business_id = $1")
        .bind(q.business_id)
        .fetch_optional(&mut *tx)
        .await?;
    if exists.is_none() {
        return Err(ApiError::not_found_feminine("Empresa"));
    }
    let added = add_default_positions(&mut tx, q.business_id).await?;
    if !added.is_empty() {
        let entry = audit::Entry {
            business_id: q.business_id,
            actor_user_id: Some(session.user_id),
            action: "positions.initial",
            target_kind: "business",
            target_id: q.business_id.to_string(),
            detail: json!({ "added": added }),
        };
        audit::record(&mut tx, entry).await?;
    }
    tx.commit().await?;
    ok(json!({ "added": added, "positions": positions_of(&state, q.business_id).await? }))
}

// ---------------------------------------------------------------------------------------------
// Branches

/// Director and authorisation of a CAP, dangerous-goods, points-recovery or FUNDAE centre.
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CentreBlock {
    pub director_first_name: String,
    pub director_last_names: String,
    pub director_document: String,
    pub authorization: String,
}

/// The driving-school registration of a branch with the DGT.
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DrivingSchoolBlock {
    pub provincial_number: String,
    pub control_digit: String,
    pub sequential_number: String,
    pub professional_number: String,
    pub holder_first_name: String,
    pub holder_last_names: String,
    pub holder_document: String,
    pub director_first_name: String,
    pub director_last_names: String,
    pub director_document: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpeningSlot {
    /// 1 = Monday … 7 = Sunday.
    pub day: u8,
    /// `HH:MM`
    pub open: String,
    pub close: String,
}

#[derive(Debug, Default, Clone, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BranchInput {
    pub trade_name: String,
    pub local_server_id: String,
    pub contact: String,
    pub address: String,
    pub city: String,
    pub province_id: Option<i64>,
    pub postal_code: String,
    pub phones: Vec<String>,
    pub email: String,
    pub opening_schedule: Vec<OpeningSlot>,
    pub activity_start_date: Option<String>,
    pub show_in_ecommerce: bool,
    pub driving_school: DrivingSchoolBlock,
    pub cap: CentreBlock,
    pub dangerous_goods: CentreBlock,
    pub points: CentreBlock,
    pub fundae: CentreBlock,
}

impl BranchInput {
    fn validated(mut self) -> ApiResult<BranchInput> {
        self.trade_name = validate::required("trade_name", &self.trade_name, 200)?;
        self.local_server_id = validate::optional("local_server_id", &self.local_server_id, 50)?;
        self.contact = validate::optional("contact", &self.contact, 200)?;
        self.address = validate::optional("address", &self.address, 300)?;
        self.city = validate::optional("city", &self.city, 100)?;
        self.postal_code = postal_code(&self.postal_code)?;
        if let Some(p) = self.province_id {
            province(p)?;
        }
        if !self.email.trim().is_empty() {
            self.email = validate::email("email", &self.email)?;
        }
        if self.phones.len() > 5 {
            return Err(ApiError::invalid_field("phones", "Como máximo 5 teléfonos"));
        }
        for phone in &mut self.phones {
            let clean: String = phone.chars().filter(|c| !c.is_whitespace()).collect();
            let digits = clean.strip_prefix('+').unwrap_or(&clean);
            if digits.len() < 9 || digits.len() > 15 || !digits.chars().all(|c| c.is_ascii_digit()) {
                return Err(ApiError::invalid_field("phones", format!("Teléfono no válido: {phone}")));
            }
            *phone = clean;
        }
        for slot in &self.opening_schedule {
            let time = |t: &str| chrono::NaiveTime::parse_from_str(t, "%H:%M").ok();
            match (time(&slot.open), time(&slot.close)) {
                (Some(open), Some(close)) if (1..=7).contains(&slot.day) && open < close => {}
                _ => return Err(ApiError::invalid_field("opening_schedule", "Horario no válido")),
            }
        }
        if let Some(date) = &self.activity_start_date {
            self.activity_start_date = Some(validate::date("activity_start_date", date)?);
        }
        let ds = &mut self.driving_school;
        ds.holder_document = validate::optional_dni("driving_school.holder_document", &ds.holder_document)?;
        ds.director_document = validate::optional_dni("driving_school.director_document", &ds.director_document)?;
        for (name, block) in [
            ("cap", &mut self.cap),
            ("dangerous_goods", &mut self.dangerous_goods),
            ("points", &mut self.points),
            ("fundae", &mut self.fundae),
        ] {
            block.director_document =
                validate::optional_dni(&format!("{name}.director_document"), &block.director_document)?;
        }
        Ok(self)
    }
}

const BRANCH_COLUMNS: &str = "branch_id, business_id, local_server_id, trade_name, contact, address, city, province_id,
    postal_code, phones, email, opening_schedule, activity_start_date, show_in_ecommerce, driving_school, cap,
    dangerous_goods, points, fundae, created_at, updated_at";

fn branch_json(row: &sqlx::any::AnyRow) -> anyhow::Result<Value> {
    let text = |c: &str| row.try_get::<String, _>(c);
    Ok(json!({
        "branch_id": row.try_get::<i64, _>("branch_id")?,
        "business_id": row.try_get::<i64, _>("business_id")?,
        "local_server_id": text("local_server_id")?,
        "trade_name": text("trade_name")?,
        "contact": text("contact")?,
        "address": text("address")?,
        "city": text("city")?,
        "province_id": row.try_get::<Option<i64>, _>("province_id")?,
        "postal_code": text("postal_code")?,
        "phones": db::json_column::<Value>(&text("phones")?)?,
        "email": text("email")?,
        "opening_schedule": db::json_column::<Value>(&text("opening_schedule")?)?,
        "activity_start_date": row.try_get::<Option<String>, _>("activity_start_date")?,
        "show_in_ecommerce": db::flag(row, "show_in_ecommerce")?,
        "driving_school": db::json_column::<Value>(&text("driving_school")?)?,
        "cap": db::json_column::<Value>(&text("cap")?)?,
        "dangerous_goods": db::json_column::<Value>(&text("dangerous_goods")?)?,
        "points": db::json_column::<Value>(&text("points")?)?,
        "fundae": db::json_column::<Value>(&text("fundae")?)?,
        "created_at": text("created_at")?,
        "updated_at": text("updated_at")?,
    }))
}

async fn load_branch(state: &AppState, business_id: i64, branch_id: i64) -> ApiResult<Value> {
    let row = sqlx::query(&format!(
        "SELECT {BRANCH_COLUMNS} FROM branch WHERE branch_id = $1 AND business_id = $2 AND deleted_at IS NULL"
    ))
    .bind(branch_id)
    .bind(business_id)
    .fetch_optional(&state.db.pool)
    .await?
    .ok_or_else(|| ApiError::not_found_feminine("Sucursal"))?;
    Ok(branch_json(&row)?)
}

fn branch_values(input: &BranchInput) -> Vec<(&'static str, SqlValue)> {
    let js = |v: &dyn erased::Json| SqlValue::from(v.to_json_text());
    vec![
        ("trade_name", SqlValue::from(input.trade_name.clone())),
        ("local_server_id", SqlValue::from(input.local_server_id.clone())),
        ("contact", SqlValue::from(input.contact.clone())),
        ("address", SqlValue::from(input.address.clone())),
        ("city", SqlValue::from(input.city.clone())),
        ("province_id", SqlValue::from(input.province_id)),
        ("postal_code", SqlValue::from(input.postal_code.clone())),
        ("phones", js(&input.phones)),
        ("email", SqlValue::from(input.email.clone())),
        ("opening_schedule", js(&input.opening_schedule)),
        ("activity_start_date", SqlValue::from(input.activity_start_date.clone())),
        ("show_in_ecommerce", SqlValue::from(input.show_in_ecommerce)),
        ("driving_school", js(&input.driving_school)),
        ("cap", js(&input.cap)),
        ("dangerous_goods", js(&input.dangerous_goods)),
        ("points", js(&input.points)),
        ("fundae", js(&input.fundae)),
    ]
}

mod erased {
    /// Serialises a value to the JSON text stored in a column.
    pub trait Json {
        fn to_json_text(&self) -> String;
    }
    impl<T: serde::Serialize> Json for T {
        fn to_json_text(&self) -> String {
            serde_json::to_string(self).expect("plain data serialises")
        }
    }
}

async fn branch_create(State(state): State<AppState>, session: Session, Body(input): Body<BranchInput>) -> ApiJson {
    session.require("business.branches")?;
    let input = input.validated()?;
    let now = db::now();
    let mut tx = state.db.begin().await?;
    let (branch_id,): (i64,) = sqlx::query_as(
        "INSERT INTO branch (business_id, trade_name, created_at, updated_at) VALUES ($1, $2, $3, $3) RETURNING branch_id",
    )
    .bind(session.business_id)
    .bind(&input.trade_name)
    .bind(&now)
    .fetch_one(&mut *tx)
    .await?;
    let values = branch_values(&input);
    crate::db_update::update_row(&mut tx, "branch", "branch_id", branch_id, &values).await?;
    audit::record(
        &mut tx,
        audit::Entry {
            business_id: session.business_id,
            actor_user_id: Some(session.user_id),
            action: "branch.create",
            target_kind: "branch",
            target_id: branch_id.to_string(),
            detail: json!({ "trade_name": input.trade_name }),
        },
    )
    .await?;
    tx.commit().await?;
    ok(load_branch(&state, session.business_id, branch_id).await?)
}

#[derive(Deserialize)]
struct BranchId {
    branch_id: i64,
}

/// Partial update: the given fields are merged over the stored branch and the whole is validated.
async fn branch_update(State(state): State<AppState>, session: Session, Body(patch): Body<Value>) -> ApiJson {
    session.require("business.branches")?;
    let BranchId { branch_id } = serde_json::from_value(patch.clone())
        .map_err(|_| ApiError::invalid_field("branch_id", "Falta la sucursal (branch_id)"))?;
    let mut merged = load_branch(&state, session.business_id, branch_id).await?;
    let Value::Object(fields) = patch else { return Err(ApiError::new(codes::BODY_MALFORMED, "Se esperaba un objeto")) };
    for (key, value) in fields {
        if key != "branch_id" {
            merged[key] = value;
        }
    }
    if let Value::Object(map) = &mut merged {
        for key in ["branch_id", "business_id", "created_at", "updated_at"] {
            map.remove(key);
        }
    }
    let input: BranchInput = serde_json::from_value(merged)
        .map_err(|err| ApiError::new(codes::INVALID_FIELD, format!("Datos no válidos: {err}")))?;
    let input = input.validated()?;
    let mut tx = state.db.begin().await?;
    crate::db_update::update_row(&mut tx, "branch", "branch_id", branch_id, &branch_values(&input)).await?;
    audit::record(
        &mut tx,
        audit::Entry {
            business_id: session.business_id,
            actor_user_id: Some(session.user_id),
            action: "branch.update",
            target_kind: "branch",
            target_id: branch_id.to_string(),
            detail: json!({ "trade_name": input.trade_name }),
        },
    )
    .await?;
    tx.commit().await?;
    ok(load_branch(&state, session.business_id, branch_id).await?)
}

/// Soft delete: the branch's data is kept but can no longer be filtered by it.
async fn branch_delete(State(state): State<AppState>, session: Session, Body(req): Body<BranchId>) -> ApiJson {
    session.require("business.branches")?;
    load_branch(&state, session.business_id, req.branch_id).await?;
    let (remaining,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM branch WHERE business_id = $1 AND deleted_at IS NULL")
            .bind(session.business_id)
            .fetch_one(&state.db.pool)
            .await?;
    if remaining <= 1 {
        return Err(ApiError::new(codes::CONFLICT, "No se puede eliminar la única sucursal de la empresa"));
    }
    let now = db::now();
    let mut tx = state.db.begin().await?;
    sqlx::query("UPDATE branch SET deleted_at = $1, updated_at = $1 WHERE branch_id = $2 AND business_id = $3")
        .bind(&now)
        .bind(req.branch_id)
        .bind(session.business_id)
        .execute(&mut *tx)
        .await?;
    audit::record(
        &mut tx,
        audit::Entry {
            business_id: session.business_id,
            actor_user_id: Some(session.user_id),
            action: "branch.delete",
            target_kind: "branch",
            target_id: req.branch_id.to_string(),
            detail: json!({}),
        },
    )
    .await?;
    tx.commit().await?;
    ok(json!({ "branch_id": req.branch_id, "deleted": true }))
}

async fn branch_read(State(state): State<AppState>, session: Session, Path(id): Path<String>) -> ApiJson {
    let id: i64 = id.parse().map_err(|_| ApiError::invalid_field("id", "Identificador no válido"))?;
    ok(load_branch(&state, session.business_id, id).await?)
}

#[derive(Deserialize)]
struct BranchSearch {
    #[serde(default)]
    search: String,
}

async fn branch_rows(state: &AppState, business_id: i64) -> ApiResult<Vec<Value>> {
    let rows = sqlx::query(&format!(
        "SELECT {BRANCH_COLUMNS} FROM branch WHERE business_id = $1 AND deleted_at IS NULL ORDER BY trade_name"
    ))
    .bind(business_id)
    .fetch_all(&state.db.pool)
    .await?;
    Ok(rows.iter().map(branch_json).collect::<anyhow::Result<Vec<_>>>()?)
}

/// Branches of the caller's business, searchable by name (trimmed, from 2 characters).
async fn branch_list(State(state): State<AppState>, session: Session, Params(q): Params<BranchSearch>) -> ApiJson {
    let mut branches = branch_rows(&state, session.business_id).await?;
    let needle = crate::text::fold(q.search.trim());
    if needle.chars().count() >= 2 {
        branches.retain(|b| crate::text::fold(b["trade_name"].as_str().unwrap_or("")).contains(&needle));
    }
    ok(branches)
}

/// One block of every branch, for the screens that list authorisations.
async fn branch_block(state: &AppState, session: &Session, block: &str) -> ApiJson {
    let branches = branch_rows(state, session.business_id).await?;
    ok(branches
        .into_iter()
        .map(|b| json!({ "branch_id": b["branch_id"], "trade_name": b["trade_name"], block: b[block] }))
        .collect::<Vec<_>>())
}

async fn branch_points(State(state): State<AppState>, session: Session) -> ApiJson {
    branch_block(&state, &session, "points").await
}

async fn branch_cap(State(state): State<AppState>, session: Session) -> ApiJson {
    branch_block(&state, &session, "cap").await
}

/// The special tenant's branch call: the provider's own branches, with the business they serve.
async fn branch_facilauto(State(state): State<AppState>, session: Session) -> ApiJson {
    if !session.is_provider {
        return Err(ApiError::forbidden("provider"));
    }
    ok(branch_rows(&state, session.business_id).await?)
}
