//! Sign-in and sessions: the `auth` calls of the spec (login with device authorisation by e-mail
//! code, Google and Facebook sign-in, verify, refresh, unlock, registration, password recovery and
//! reset) plus logout.

pub mod external;
pub mod password;
pub mod session;
pub mod throttle;

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::routing::{get, post};
use axum::Router;
use rand::Rng;
use serde::Deserialize;
use serde_json::json;
use sqlx::Row;

use crate::db;
use crate::error::{codes, ok, ApiError, ApiJson, ApiResult, Body};
use crate::state::AppState;
pub use session::Session;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/user/login", post(login))
        .route("/user/login/google", post(login_google))
        .route("/user/login/facebook", post(login_facebook))
        .route("/user/verify", get(verify))
        .route("/user/update", get(refresh))
        .route("/user/unlock", post(unlock))
        .route("/user/logout", post(logout))
        .route("/registration", post(registration))
        .route("/user/password/recovery", post(password_recovery))
        .route("/user/password/update", post(password_update))
}

/// The device step every sign-in shares.
#[derive(Debug, Deserialize)]
pub struct DeviceStep {
    #[serde(default)]
    pub device: String,
    /// The e-mailed sign-in code, on the second step.
    #[serde(default)]
    pub code: Option<String>,
    /// "Authorise this device for N days" on the code step.
    #[serde(default)]
    pub remember_device: bool,
    #[serde(default)]
    pub device_name: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct LoginRequest {
    #[serde(alias = "user", alias = "username")]
    pub email: String,
    pub password: String,
    #[serde(flatten)]
    pub step: DeviceStep,
}

/// Who is signing in, as read for the sign-in checks.
struct Candidate {
    user_id: i64,
    email: String,
    first_name: String,
    password_hash: Option<String>,
    is_active: bool,
    is_locked: bool,
    two_factor: bool,
    business_status: String,
}

async fn find_candidate(state: &AppState, email: &str) -> anyhow::Result<Option<Candidate>> {
    let row = sqlx::query(
        "SELECT u.user_id, u.email, u.first_name, u.password_hash, u.is_active, u.is_locked, u.two_factor, b.status
         FROM app_user u JOIN business b ON b.business_id = u.business_id WHERE u.email = $1",
    )
    .bind(email)
    .fetch_optional(&state.db.pool)
    .await?;
    row.map(|row| {
        Ok(Candidate {
            user_id: row.try_get("user_id")?,
            email: row.try_get("email")?,
            first_name: row.try_get("first_name")?,
            password_hash: row.try_get("password_hash")?,
            is_active: db::flag(&row, "is_active")?,
            is_locked: db::flag(&row, "is_locked")?,
            two_factor: db::flag(&row, "two_factor")?,
            business_status: row.try_get("status")?,
        })
    })
    .transpose()
}

pub fn normalize_email(email: &str) -> String {
    email.trim().to_lowercase()
}

/// The client's address: the connection's peer, or, when the peer is a trusted proxy, the
/// nearest address in `X-Forwarded-For` that is not a trusted proxy (the entries further left
/// are the client's own claims and cannot be trusted).
pub fn client_address(trusted: &[ipnet::IpNet], connect: &ConnectInfo<SocketAddr>, headers: &HeaderMap) -> String {
    let is_trusted = |ip: &std::net::IpAddr| trusted.iter().any(|net| net.contains(ip));
    let mut address = connect.0.ip().to_canonical();
    if !is_trusted(&address) {
        return address.to_string();
    }
    let forwarded = headers.get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok()).collect::<Vec<_>>().join(",");
    for hop in forwarded.rsplit(',').map(str::trim).filter(|h| !h.is_empty()) {
        match hop.parse::<std::net::IpAddr>() {
            Ok(ip) => {
                address = ip.to_canonical();
                if !is_trusted(&address) {
                    break;
                }
            }
            // Garbage from further out: stop at the last address a trusted hop vouched for.
            Err(_) => break,
        }
    }
    address.to_string()
}

fn user_agent(headers: &HeaderMap) -> String {
    headers
        .get(axum::http::header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .chars()
        .take(300)
        .collect()
}

async fn login(
    State(state): State<AppState>,
    connect: ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(req): Body<LoginRequest>,
) -> ApiJson {
    let email = normalize_email(&req.email);
    let address = client_address(&state.config.trusted_proxies, &connect, &headers);
    throttle::check(&state.db, &state.config.auth, Some(&email), &address).await?;
    let Some(candidate) = find_candidate(&state, &email).await? else {
        // Spend the same time as a real check so response time does not reveal accounts.
        password::verify(None, &req.password).await?;
        throttle::record_failure(&state.db, Some(&email), &address).await?;
        return Err(ApiError::new(codes::USER_UNKNOWN, "Usuario no reconocido"));
    };
    if !password::verify(candidate.password_hash.clone(), &req.password).await? {
        throttle::record_failure(&state.db, Some(&email), &address).await?;
        return Err(ApiError::new(codes::WRONG_PASSWORD, "Contraseña incorrecta"));
    }
    complete_login(&state, candidate, &req.step, &address, &user_agent(&headers)).await
}

#[derive(Debug, Deserialize)]
struct GoogleRequest {
    #[serde(alias = "id_token", alias = "token")]
    credential: String,
    #[serde(flatten)]
    step: DeviceStep,
}

async fn login_google(
    State(state): State<AppState>,
    connect: ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(req): Body<GoogleRequest>,
) -> ApiJson {
    let address = client_address(&state.config.trusted_proxies, &connect, &headers);
    throttle::check(&state.db, &state.config.auth, None, &address).await?;
    let identity =
        match external::verify_google(&state.config.auth, &state.http, &state.google_keys, &req.credential).await {
            Ok(identity) => identity,
            Err(err) => {
                throttle::record_failure(&state.db, None, &address).await?;
                return Err(err);
            }
        };
    login_external(&state, identity, &req.step, &address, &user_agent(&headers)).await
}

#[derive(Debug, Deserialize)]
struct FacebookRequest {
    #[serde(alias = "token", alias = "accessToken")]
    access_token: String,
    #[serde(flatten)]
    step: DeviceStep,
}

async fn login_facebook(
    State(state): State<AppState>,
    connect: ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(req): Body<FacebookRequest>,
) -> ApiJson {
    let address = client_address(&state.config.trusted_proxies, &connect, &headers);
    throttle::check(&state.db, &state.config.auth, None, &address).await?;
    let identity = match external::verify_facebook(&state.config.auth, &state.http, &req.access_token).await {
        Ok(identity) => identity,
        Err(err) => {
            throttle::record_failure(&state.db, None, &address).await?;
            return Err(err);
        }
    };
    login_external(&state, identity, &req.step, &address, &user_agent(&headers)).await
}

/// An external identity signs in as the user it was linked to, or, the first time, as the user
/// with its verified e-mail (and is linked from then on).
async fn login_external(
    state: &AppState,
    identity: external::Identity,
    step: &DeviceStep,
    address: &str,
    agent: &str,
) -> ApiJson {
    throttle::check(&state.db, &state.config.auth, Some(&identity.email), address).await?;
    let linked: Option<(String,)> = sqlx::query_as(
        "SELECT u.email FROM external_identity e JOIN app_user u ON u.user_id = e.user_id
         WHERE e.provider = $1 AND e.subject = $2",
    )
    .bind(identity.provider)
    .bind(&identity.subject)
    .fetch_optional(&state.db.pool)
    .await?;
    let email = linked.map(|(email,)| email).unwrap_or_else(|| identity.email.clone());
    let Some(candidate) = find_candidate(state, &email).await? else {
        throttle::record_failure(&state.db, Some(&email), address).await?;
        return Err(ApiError::new(codes::USER_UNKNOWN, "Usuario no reconocido"));
    };
    sqlx::query(
        "INSERT INTO external_identity (provider, subject, user_id, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (provider, subject) DO NOTHING",
    )
    .bind(identity.provider)
    .bind(&identity.subject)
    .bind(candidate.user_id)
    .bind(db::now())
    .execute(&state.db.pool)
    .await?;
    complete_login(state, candidate, step, address, agent).await
}

fn valid_device_key(device: &str) -> bool {
    !device.is_empty() && device.len() <= 128 && device.chars().all(|c| c.is_ascii_graphic())
}

fn mask_email(email: &str) -> String {
    match email.split_once('@') {
        Some((local, domain)) => {
            let first: String = local.chars().take(1).collect();
            format!("{first}***@{domain}")
        }
        None => "***".into(),
    }
}

fn code_hash(user_id: i64, device: &str, code: &str) -> String {
    session::hash_token(&format!("{user_id}:{device}:{code}"))
}

/// After the credentials are proven: the account checks, the device step, and the session.
async fn complete_login(
    state: &AppState,
    candidate: Candidate,
    step: &DeviceStep,
    address: &str,
    agent: &str,
) -> ApiJson {
    let auth = &state.config.auth;
    if !candidate.is_active || candidate.business_status == "suspended" {
        return Err(ApiError::new(codes::USER_INACTIVE, "El usuario no está activo. Contacte con el administrador"));
    }
    if candidate.is_locked {
        return Err(ApiError::new(codes::USER_INACTIVE, "El usuario está bloqueado. Contacte con el administrador"));
    }
    if !valid_device_key(&step.device) {
        return Err(ApiError::new(codes::NO_DEVICE, "No hay ningún dispositivo disponible, contacte con el administrador"));
    }
    let now = db::now();
    let device: Option<(i64, Option<String>)> =
        sqlx::query_as("SELECT device_id, authorized_until FROM device WHERE user_id = $1 AND device_key = $2")
            .bind(candidate.user_id)
            .bind(&step.device)
            .fetch_optional(&state.db.pool)
            .await?;
    let authorised = device.as_ref().and_then(|(_, until)| until.as_ref()).is_some_and(|until| *until > now);
    let mut authorise_until: Option<String> = None;

    if candidate.two_factor && !authorised {
        let Some(code) = step.code.as_deref().map(str::trim).filter(|c| !c.is_empty()) else {
            send_signin_code(state, &candidate, &step.device).await?;
            return ok(json!({
                "target": "code",
                "email": mask_email(&candidate.email),
                "device_days": auth.device_days,
                "code_minutes": auth.code_minutes,
            }));
        };
        let pending: Option<(i64, String, i64, String)> = sqlx::query_as(
            "SELECT signin_code_id, code_hash, attempts, expires_at FROM signin_code
             WHERE user_id = $1 AND device_key = $2 AND used_at IS NULL
             ORDER BY signin_code_id DESC LIMIT 1",
        )
        .bind(candidate.user_id)
        .bind(&step.device)
        .fetch_optional(&state.db.pool)
        .await?;
        let wrong = |reason: &str| {
            ApiError::new(codes::WRONG_CODE, "Código de acceso incorrecto, revise el último correo recibido")
                .with_data(json!({ "reason": reason }))
        };
        let Some((code_id, hash, attempts, expires_at)) = pending else {
            throttle::record_failure(&state.db, Some(&candidate.email), address).await?;
            return Err(wrong("no_code"));
        };
        if expires_at <= now {
            return Err(wrong("expired"));
        }
        if attempts >= auth.code_attempts {
            return Err(wrong("attempts"));
        }
        if hash != code_hash(candidate.user_id, &step.device, code) {
            sqlx::query("UPDATE signin_code SET attempts = attempts + 1 WHERE signin_code_id = $1")
                .bind(code_id)
                .execute(&state.db.pool)
                .await?;
            throttle::record_failure(&state.db, Some(&candidate.email), address).await?;
            return Err(wrong("mismatch"));
        }
        // Single use: only the request that flips used_at may go on.
        let used = sqlx::query("UPDATE signin_code SET used_at = $1 WHERE signin_code_id = $2 AND used_at IS NULL")
            .bind(&now)
            .bind(code_id)
            .execute(&state.db.pool)
            .await?;
        if used.rows_affected() != 1 {
            return Err(wrong("used"));
        }
        if step.remember_device && auth.device_days > 0 {
            authorise_until = Some(db::from_now(chrono::Duration::days(auth.device_days)));
        }
    }

    let token = session::new_token();
    let mut tx = state.db.begin().await?;
    let name = step.device_name.clone().filter(|n| !n.trim().is_empty()).unwrap_or_else(|| describe_agent(agent));
    let (device_id,): (i64,) = sqlx::query_as(
        "INSERT INTO device (user_id, device_key, name, authorized_until, created_at, last_seen_at)
         VALUES ($1, $2, $3, $4, $5, $5)
         ON CONFLICT (user_id, device_key) DO UPDATE
           SET last_seen_at = excluded.last_seen_at,
               authorized_until = COALESCE(excluded.authorized_until, device.authorized_until)
         RETURNING device_id",
    )
    .bind(candidate.user_id)
    .bind(&step.device)
    .bind(name.chars().take(120).collect::<String>())
    .bind(&authorise_until)
    .bind(&now)
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO session (user_id, device_id, token_hash, ip, user_agent, created_at, last_seen_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6, $7)",
    )
    .bind(candidate.user_id)
    .bind(device_id)
    .bind(session::hash_token(&token))
    .bind(address)
    .bind(agent)
    .bind(&now)
    .bind(db::from_now(chrono::Duration::hours(auth.session_idle_hours)))
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    throttle::clear_account(&state.db, &candidate.email).await?;
    metrics::counter!("volante_signins_total").increment(1);

    let session = session::resolve(state, Some(&token)).await.map_err(session::SessionProblem::error)?;
    ok(json!({ "target": "dashboard", "token": token, "user": session.user_payload() }))
}

fn describe_agent(agent: &str) -> String {
    let browser = ["Edg/", "Firefox/", "Chrome/", "Safari/"]
        .iter()
        .find(|b| agent.contains(*b))
        .map(|b| b.trim_end_matches('/').replace("Edg", "Edge"));
    let os = ["Windows", "Android", "iPhone", "Mac OS", "Linux"].iter().find(|o| agent.contains(*o));
    match (browser, os) {
        (Some(b), Some(o)) => format!("{b} en {o}"),
        (Some(b), None) => b,
        _ => "Dispositivo".into(),
    }
}

async fn send_signin_code(state: &AppState, candidate: &Candidate, device: &str) -> ApiResult<()> {
    let code = format!("{:06}", rand::rngs::OsRng.gen_range(0..1_000_000u32));
    let now = db::now();
    let mut tx = state.db.begin().await?;
    // A new code replaces any earlier one for this device.
    sqlx::query("UPDATE signin_code SET used_at = $1 WHERE user_id = $2 AND device_key = $3 AND used_at IS NULL")
        .bind(&now)
        .bind(candidate.user_id)
        .bind(device)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO signin_code (user_id, device_key, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(candidate.user_id)
    .bind(device)
    .bind(code_hash(candidate.user_id, device, &code))
    .bind(&now)
    .bind(db::from_now(chrono::Duration::minutes(state.config.auth.code_minutes)))
    .execute(&mut *tx)
    .await?;
    let mut context = tera::Context::new();
    context.insert("first_name", &candidate.first_name);
    context.insert("code", &code);
    context.insert("minutes", &state.config.auth.code_minutes);
    state
        .mail
        .send_template(&candidate.email, "signin_code", &context, vec![])
        .await
        .map_err(|err| ApiError::Internal(err.context("Failed to send the sign-in code")))?;
    tx.commit().await?;
    Ok(())
}

async fn verify(session: Session) -> ApiJson {
    ok(json!({ "user": session.user_payload() }))
}

/// `user/update`: the refreshed user, or the SESSION-001 family that forces a logout.
async fn refresh(State(state): State<AppState>, parts: axum::http::request::Parts) -> ApiJson {
    let token = session::request_token(&parts);
    let session = session::resolve(&state, token.as_deref()).await.map_err(|p| p.refresh_error())?;
    ok(json!({ "user": session.user_payload() }))
}

#[derive(Deserialize)]
struct UnlockRequest {
    password: String,
}

async fn unlock(
    State(state): State<AppState>,
    connect: ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    session: Session,
    Body(req): Body<UnlockRequest>,
) -> ApiJson {
    let address = client_address(&state.config.trusted_proxies, &connect, &headers);
    if let Err(err) = throttle::check(&state.db, &state.config.auth, Some(&session.email), &address).await {
        // Too many wrong passwords on the lock screen: the session is closed.
        revoke_session(&state, session.session_id).await?;
        return Err(err);
    }
    let (hash,): (Option<String>,) = sqlx::query_as("SELECT password_hash FROM app_user WHERE user_id = $1")
        .bind(session.user_id)
        .fetch_one(&state.db.pool)
        .await?;
    if !password::verify(hash, &req.password).await? {
        throttle::record_failure(&state.db, Some(&session.email), &address).await?;
        return Err(ApiError::new(
            codes::UNLOCK_FAILED,
            "No se ha podido desbloquear: revise la contraseña o se cerrará la sesión",
        ));
    }
    throttle::clear_account(&state.db, &session.email).await?;
    ok(json!({ "user": session.user_payload() }))
}

pub async fn revoke_session(state: &AppState, session_id: i64) -> anyhow::Result<()> {
    sqlx::query("UPDATE session SET revoked_at = $1 WHERE session_id = $2 AND revoked_at IS NULL")
        .bind(db::now())
        .bind(session_id)
        .execute(&state.db.pool)
        .await?;
    Ok(())
}

async fn logout(State(state): State<AppState>, session: Session) -> ApiJson {
    revoke_session(&state, session.session_id).await?;
    ok(json!({}))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RegistrationRequest {
    business_name: String,
    #[serde(default)]
    fiscal_code: String,
    first_name: String,
    #[serde(default)]
    last_name: String,
    email: String,
    password: String,
}

/// Self sign-up: a new business on trial, with the registrant as its `super` user.
async fn registration(State(state): State<AppState>, Body(req): Body<RegistrationRequest>) -> ApiJson {
    if !state.config.auth.allow_registration {
        return Err(ApiError::new(codes::REGISTRATION_CLOSED, "El registro no está abierto"));
    }
    let email = crate::validate::email("email", &req.email)?;
    let business_name = crate::validate::required("business_name", &req.business_name, 200)?;
    let first_name = crate::validate::required("first_name", &req.first_name, 100)?;
    password::check_policy(&req.password)?;
    let hash = password::hash(&req.password).await?;
    let mut tx = state.db.begin().await?;
    let created = crate::business::create_business(
        &mut tx,
        crate::business::NewBusiness {
            name: business_name.clone(),
            fiscal_name: business_name,
            fiscal_code: req.fiscal_code.trim().to_uppercase(),
            email: email.clone(),
            status: "trial",
            is_provider: false,
        },
    )
    .await?;
    let user_id = crate::business::create_user(
        &mut tx,
        crate::business::NewUser {
            business_id: created.business_id,
            branch_id: Some(created.branch_id),
            role_id: Some(created.super_role_id),
            email: email.clone(),
            password_hash: Some(hash),
            first_name,
            last_name: req.last_name.trim().to_string(),
        },
    )
    .await
    .map_err(|err| match err {
        crate::business::CreateUserError::EmailExists => {
            ApiError::new(codes::EMAIL_EXISTS, "Ya existe un usuario con ese correo electrónico")
                .with_data(json!({ "field": "email" }))
        }
        crate::business::CreateUserError::Other(err) => ApiError::Internal(err),
    })?;
    crate::audit::record(
        &mut tx,
        crate::audit::Entry {
            business_id: created.business_id,
            actor_user_id: Some(user_id),
            action: "registration",
            target_kind: "user",
            target_id: user_id.to_string(),
            detail: json!({ "email": email }),
        },
    )
    .await?;
    tx.commit().await?;
    ok(json!({ "business_id": created.business_id, "user_id": user_id }))
}

#[derive(Deserialize)]
struct RecoveryRequest {
    email: String,
}

async fn password_recovery(State(state): State<AppState>, Body(req): Body<RecoveryRequest>) -> ApiJson {
    let email = normalize_email(&req.email);
    let user: Option<(i64, String, db::Flag)> =
        sqlx::query_as("SELECT user_id, first_name, is_active FROM app_user WHERE email = $1")
            .bind(&email)
            .fetch_optional(&state.db.pool)
            .await?;
    let Some((user_id, first_name, db::Flag(true))) = user else {
        return Err(ApiError::new(
            codes::RESET_NO_USER,
            "No hay ningún usuario asociado a ese correo. Compruebe sus permisos de acceso y que el usuario esté activo",
        ));
    };
    send_reset_link(&state, user_id, &email, &first_name).await.map_err(|err| {
        tracing::error!(error = ?err, "password recovery failed");
        ApiError::new(codes::RESET_FAILED, "Ha ocurrido un error en el proceso de recuperación")
    })?;
    ok(json!({ "sent": true }))
}

/// Create a single-use reset token and mail its link.
pub async fn send_reset_link(state: &AppState, user_id: i64, email: &str, first_name: &str) -> anyhow::Result<()> {
    let token = session::new_token();
    let minutes = state.config.auth.reset_minutes;
    sqlx::query(
        "INSERT INTO password_reset (user_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(user_id)
    .bind(session::hash_token(&token))
    .bind(db::now())
    .bind(db::from_now(chrono::Duration::minutes(minutes)))
    .execute(&state.db.pool)
    .await?;
    let mut context = tera::Context::new();
    context.insert("first_name", first_name);
    context.insert("link", &format!("{}/user/password/reset/{token}", state.config.public_url.trim_end_matches('/')));
    context.insert("minutes", &minutes);
    state.mail.send_template(email, "password_reset", &context, vec![]).await
}

#[derive(Deserialize)]
struct PasswordUpdateRequest {
    token: String,
    password: String,
}

async fn password_update(State(state): State<AppState>, Body(req): Body<PasswordUpdateRequest>) -> ApiJson {
    let invalid = || ApiError::new(codes::RESET_INVALID_URL, "URL no válida, revise el correo o vuelva a solicitarlo");
    let found: Option<(i64, i64, String, Option<String>)> = sqlx::query_as(
        "SELECT password_reset_id, user_id, expires_at, used_at FROM password_reset WHERE token_hash = $1",
    )
    .bind(session::hash_token(req.token.trim()))
    .fetch_optional(&state.db.pool)
    .await?;
    let Some((reset_id, user_id, expires_at, None)) = found else { return Err(invalid()) };
    if expires_at <= db::now() {
        return Err(invalid());
    }
    password::check_policy(&req.password)?;
    let hash = password::hash(&req.password).await?;
    let now = db::now();
    let mut tx = state.db.begin().await?;
    let used = sqlx::query("UPDATE password_reset SET used_at = $1 WHERE password_reset_id = $2 AND used_at IS NULL")
        .bind(&now)
        .bind(reset_id)
        .execute(&mut *tx)
        .await?;
    if used.rows_affected() != 1 {
        return Err(invalid());
    }
    let (business_id,): (i64,) =
        sqlx::query_as("UPDATE app_user SET password_hash = $1, updated_at = $2 WHERE user_id = $3 RETURNING business_id")
            .bind(hash)
            .bind(&now)
            .bind(user_id)
            .fetch_one(&mut *tx)
            .await?;
    // A new password closes every open session.
    sqlx::query("UPDATE session SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL")
        .bind(&now)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    crate::audit::record(
        &mut tx,
        crate::audit::Entry {
            business_id,
            actor_user_id: Some(user_id),
            action: "password.reset",
            target_kind: "user",
            target_id: user_id.to_string(),
            detail: json!({}),
        },
    )
    .await?;
    tx.commit().await?;
    ok(json!({ "updated": true }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from(peer: &str, forwarded: &[&str], trusted: &[&str]) -> String {
        let trusted: Vec<ipnet::IpNet> = trusted.iter().map(|t| t.parse().unwrap()).collect();
        let mut headers = HeaderMap::new();
        for value in forwarded {
            headers.append("x-forwarded-for", value.parse().unwrap());
        }
        client_address(&trusted, &ConnectInfo(format!("{peer}:4000").parse().unwrap()), &headers)
    }

    #[test]
    fn the_forwarded_address_counts_only_from_trusted_proxies() {
        // No trusted proxy: the peer, whatever the header says.
        assert_eq!(from("192.0.2.1", &["203.0.113.7"], &[]), "192.0.2.1");
        // A trusted proxy: the nearest untrusted hop.
        assert_eq!(from("10.0.0.2", &["203.0.113.7"], &["10.0.0.0/8"]), "203.0.113.7");
        assert_eq!(from("10.0.0.2", &["198.51.100.1, 203.0.113.7, 10.0.0.9"], &["10.0.0.0/8"]), "203.0.113.7");
        // Several header lines read as one list.
        assert_eq!(from("10.0.0.2", &["198.51.100.1", "203.0.113.7"], &["10.0.0.0/8"]), "203.0.113.7");
        // Untrusted peer: the header is ignored.
        assert_eq!(from("192.0.2.1", &["203.0.113.7"], &["10.0.0.0/8"]), "192.0.2.1");
        // Garbage: the last address a trusted hop vouched for.
        assert_eq!(from("10.0.0.2", &["nonsense"], &["10.0.0.0/8"]), "10.0.0.2");
        assert_eq!(from("10.0.0.2", &["nonsense, 10.0.0.5"], &["10.0.0.0/8"]), "10.0.0.5");
        // No header from a trusted proxy: the proxy itself.
        assert_eq!(from("10.0.0.2", &[], &["10.0.0.0/8"]), "10.0.0.2");
        // IPv4-mapped IPv6 peers count as IPv4.
        assert_eq!(from("[::ffff:10.0.0.2]", &["203.0.113.7"], &["10.0.0.0/8"]), "203.0.113.7");
    }
}
