//! Resolving the session behind a request, and the caller's context every host handler uses.

use std::collections::BTreeSet;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use sqlx::Row;

use crate::db;
use crate::error::{codes, ApiError, ApiResult};
use crate::state::AppState;

/// The signed-in caller.
#[derive(Debug, Clone)]
pub struct Session {
    pub session_id: i64,
    pub device_id: Option<i64>,
    pub user_id: i64,
    pub business_id: i64,
    pub branch_id: Option<i64>,
    pub role_id: Option<i64>,
    pub role_name: Option<String>,
    pub is_super: bool,
    pub is_provider: bool,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub locale: String,
    pub two_factor: bool,
    pub business_name: String,
    pub fiscal_name: String,
    pub permissions: BTreeSet<String>,
    pub services: BTreeSet<String>,
}

/// Why a token did not resolve; `user/update` tells these apart, every other call says SESSION-000.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionProblem {
    Missing,
    Unknown,
    Expired,
    UserDisabled,
    BusinessDisabled,
    /// The lookup itself failed (the database): nothing is known about the token, so the
    /// caller is not told to sign in again (a client drops its session on SESSION-000).
    Failed,
}

impl SessionProblem {
    /// The answer of a call that needs a session: SESSION-000, or SERVER-000 when the lookup failed.
    pub fn error(self) -> ApiError {
        match self {
            SessionProblem::Failed => ApiError::server_fault(),
            _ => ApiError::invalid_session(),
        }
    }

    pub fn refresh_error(self) -> ApiError {
        match self {
            SessionProblem::Missing | SessionProblem::Failed => self.error(),
            SessionProblem::Unknown | SessionProblem::Expired => {
                ApiError::new(codes::SESSION_EXPIRED, "La sesión ha caducado o se ha cerrado")
            }
            SessionProblem::UserDisabled => ApiError::new(codes::SESSION_USER_DISABLED, "El usuario está desactivado"),
            SessionProblem::BusinessDisabled => {
                ApiError::new(codes::SESSION_BUSINESS_DISABLED, "La empresa está desactivada")
            }
        }
    }
}

pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// 256 random bits, URL-safe.
pub fn new_token() -> String {
    use base64::Engine as _;
    use rand::RngCore;
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// The token of a request: `Authorization: Token <t>` (or `Bearer <t>`), else `?token=`.
pub fn request_token(parts: &Parts) -> Option<String> {
    if let Some(value) = parts.headers.get(axum::http::header::AUTHORIZATION).and_then(|v| v.to_str().ok()) {
        let value = value.trim();
        for scheme in ["Token ", "Bearer ", "token ", "bearer "] {
            if let Some(token) = value.strip_prefix(scheme) {
                let token = token.trim();
                if !token.is_empty() {
                    return Some(token.to_string());
                }
            }
        }
    }
    url::form_urlencoded::parse(parts.uri.query().unwrap_or("").as_bytes())
        .find(|(k, _)| k == "token")
        .map(|(_, v)| v.into_owned())
        .filter(|v| !v.is_empty())
}

pub async fn resolve(state: &AppState, token: Option<&str>) -> Result<Session, SessionProblem> {
    let token = token.ok_or(SessionProblem::Missing)?;
    resolved(load(state, token, true).await)
}

/// The session as `resolve` finds it, without counting as a use: its expiry does not slide (an
/// open realtime stream checking that its session still holds is not the user's activity).
pub async fn peek(state: &AppState, token: &str) -> Result<Session, SessionProblem> {
    resolved(load(state, token, false).await)
}

fn resolved(loaded: anyhow::Result<Result<Session, SessionProblem>>) -> Result<Session, SessionProblem> {
    match loaded {
        Ok(result) => result,
        Err(err) => {
            tracing::error!(error = ?err, "session lookup failed");
            Err(SessionProblem::Failed)
        }
    }
}

/// The statement that resolves a request's session, written once per engine: the user, role and
/// business, with the user's own permissions and services as JSON arrays from subqueries (an
/// empty list: `[]` on SQLite, NULL on PostgreSQL), so a request needs one round trip.
fn session_statement(engine: db::Engine) -> &'static str {
    static SQLITE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    static POSTGRES: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let (cell, agg, end) = match engine {
        db::Engine::Sqlite => (&SQLITE, "json_group_array(", ")"),
        db::Engine::Postgres => (&POSTGRES, "json_agg(", ")::text"),
    };
    cell.get_or_init(|| {
        format!(
            "SELECT s.session_id, s.device_id, s.expires_at, s.revoked_at, s.last_seen_at,
                u.user_id, u.business_id, u.branch_id, u.role_id, u.email, u.first_name, u.last_name,
                u.is_active, u.is_locked, u.two_factor, u.locale,
                r.name AS role_name, r.is_super, r.permissions AS role_permissions,
                b.name AS business_name, b.fiscal_name, b.is_provider, b.status AS business_status,
                (SELECT {agg}up.permission{end} FROM user_permission up WHERE up.user_id = u.user_id) AS user_permissions,
                (SELECT {agg}bs.service_id{end} FROM business_service bs
                   JOIN user_service us ON us.service_id = bs.service_id AND us.user_id = u.user_id
                  WHERE bs.business_id = u.business_id) AS user_services
         FROM session s
         JOIN app_user u ON u.user_id = s.user_id
         JOIN business b ON b.business_id = u.business_id
         LEFT JOIN role r ON r.role_id = u.role_id
         WHERE s.token_hash = $1"
        )
    })
}

async fn load(state: &AppState, token: &str, slide: bool) -> anyhow::Result<Result<Session, SessionProblem>> {
    let pool = &state.db.pool;
    let row = sqlx::query(session_statement(state.db.engine)).bind(hash_token(token)).fetch_optional(pool).await?;
    let Some(row) = row else { return Ok(Err(SessionProblem::Unknown)) };
    let now = db::now();
    let revoked: Option<String> = row.try_get("revoked_at")?;
    let expires_at: String = row.try_get("expires_at")?;
    if revoked.is_some() || expires_at <= now {
        return Ok(Err(SessionProblem::Expired));
    }
    if !db::flag(&row, "is_active")? || db::flag(&row, "is_locked")? {
        return Ok(Err(SessionProblem::UserDisabled));
    }
    if row.try_get::<String, _>("business_status")? == "suspended" {
        return Ok(Err(SessionProblem::BusinessDisabled));
    }
    let user_id: i64 = row.try_get("user_id")?;
    let business_id: i64 = row.try_get("business_id")?;
    let session_id: i64 = row.try_get("session_id")?;
    let is_super = row.try_get::<Option<db::Flag>, _>("is_super")?.is_some_and(|f| f.0);

    // JSON arrays of names; NULL is none.
    let list = |column: &str| -> anyhow::Result<Vec<String>> {
        Ok(match row.try_get::<Option<String>, _>(column)? {
            Some(text) => db::json_column(&text)?,
            None => Vec::new(),
        })
    };
    let mut permissions: BTreeSet<String> = list("role_permissions")?.into_iter().collect();
    permissions.extend(list("user_permissions")?);
    // Services: what the business has on, narrowed to the user's own grants (for `super` too:
    // the spec's service rule has no exception; `super` only skips permission checks).
    let services: BTreeSet<String> = list("user_services")?.into_iter().collect();

    // Sliding expiry; written at most once a minute per session to spare the database.
    let last_seen: String = row.try_get("last_seen_at")?;
    if slide && last_seen < db::from_now(chrono::Duration::seconds(-60)) {
        let expires = db::from_now(chrono::Duration::hours(state.config.auth.session_idle_hours));
        sqlx::query("UPDATE session SET last_seen_at = $1, expires_at = $2 WHERE session_id = $3")
            .bind(&now)
            .bind(expires)
            .bind(session_id)
            .execute(pool)
            .await?;
    }
    Ok(Ok(Session {
        session_id,
        device_id: row.try_get("device_id")?,
        user_id,
        business_id,
        branch_id: row.try_get("branch_id")?,
        role_id: row.try_get("role_id")?,
        role_name: row.try_get("role_name")?,
        is_super,
        is_provider: db::flag(&row, "is_provider")?,
        email: row.try_get("email")?,
        first_name: row.try_get("first_name")?,
        last_name: row.try_get("last_name")?,
        locale: row.try_get("locale")?,
        two_factor: db::flag(&row, "two_factor")?,
        business_name: row.try_get("business_name")?,
        fiscal_name: row.try_get("fiscal_name")?,
        permissions,
        services,
    }))
}

impl FromRequestParts<AppState> for Session {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        if let Some(session) = parts.extensions.get::<Session>() {
            return Ok(session.clone());
        }
        let token = request_token(parts);
        let session = resolve(state, token.as_deref()).await.map_err(SessionProblem::error)?;
        tracing::Span::current().record("user_id", session.user_id).record("business_id", session.business_id);
        parts.extensions.insert(session.clone());
        Ok(session)
    }
}

impl Session {
    pub fn has(&self, permission: &str) -> bool {
        self.is_super || self.permissions.contains(permission)
    }

    pub fn require(&self, permission: &str) -> ApiResult<()> {
        if self.has(permission) {
            Ok(())
        } else {
            Err(ApiError::forbidden(permission))
        }
    }

    /// A provider administrator: a `super` user of the provider business.
    pub fn is_provider_admin(&self) -> bool {
        self.is_provider && (self.is_super || self.permissions.contains("provider.businesses"))
    }

    pub fn require_provider_admin(&self) -> ApiResult<()> {
        if self.is_provider_admin() {
            Ok(())
        } else {
            Err(ApiError::forbidden("provider.businesses"))
        }
    }

    /// The business a call acts on: the caller's own, or, for provider administrators only,
    /// the one the call names.
    pub fn target_business(&self, requested: Option<i64>) -> ApiResult<i64> {
        match requested {
            Some(id) if id != self.business_id => {
                self.require_provider_admin()?;
                Ok(id)
            }
            _ => Ok(self.business_id),
        }
    }

    /// The user object the sign-in and refresh calls return.
    pub fn user_payload(&self) -> Value {
        json!({
            "user_id": self.user_id,
            "email": self.email,
            "first_name": self.first_name,
            "last_name": self.last_name,
            "role": if self.is_super { "super".to_string() } else { self.role_name.clone().unwrap_or_default() },
            "role_id": self.role_id,
            "business": {
                "business_id": self.business_id,
                "name": self.business_name,
                "fiscal_name": self.fiscal_name,
                "is_provider": self.is_provider,
            },
            "branch_id": self.branch_id,
            "services": self.services.iter().map(|id| json!({ "id": id })).collect::<Vec<_>>(),
            "permissions": self.permissions,
            "locale": self.locale,
            "two_factor": self.two_factor,
        })
    }
}
