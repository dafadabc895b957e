//! The provider's servers and live connections (the technical service's `servidor/*`,
//! `facilauto/admin/serverstate` and the `dashboard/socket*` charts; provider administrators only).
//!
//! A server is one running host. At start-up it registers itself in `server` (one row per name
//! and port, so a restart keeps the provider's name, notes and group), then beats every
//! `servers.heartbeat_secs` with its figures (`status`: uptime, load, memory, disk, the database's
//! answer time, plugins, mail queue, open realtime streams per school) and, once per
//! `servers.sample_secs`, samples its open streams per school into `server_sample` for the charts.
//! A clean shutdown marks it stopped; one that stops beating without it is shown as lost.
//! On PostgreSQL every host shares the tables, so the provider sees all of them at once.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::OnceLock;
use std::collections::HashMap;
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::Row;

use crate::auth::Session;
use crate::db;
use crate::db_update::{self, SqlValue};
use crate::error::{codes, ok, ApiError, ApiJson, ApiResult, Body, Params};
use crate::notifications::{audited, counted_groups, named_group};
use crate::state::AppState;
use crate::validate;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/servidor/read", get(read))
        .route("/servidor/status/read", get(status_read))
        .route("/servidor/update", post(update))
        .route("/servidor/delete", post(delete))
        .route("/servidor/group/read", get(group_read))
        .route("/servidor/group/create", post(group_create))
        .route("/servidor/group/delete", post(group_delete))
        .route("/facilauto/admin/serverstate", get(server_state))
        .route("/dashboard/socket/read", get(socket_read))
        .route("/dashboard/socketchart/read", get(socket_chart))
        .route("/dashboard/socketchartautoescuela/read", get(socket_chart_school))
        .route("/versiones/ultima", get(latest_version))
        .route("/actualizacion/estado", get(update_state))
}

/// The charts reach back at most this many hours (the samples are kept `servers.keep_days`).
const MAX_HOURS: i64 = 336;
/// The schools `dashboard/socket/read` lists.
const TOP_SCHOOLS: usize = 20;

/// This host as a server: its row, once registered, and when it started.
#[derive(Default)]
pub struct ThisServer {
    /// 0 until registered.
    id: AtomicI64,
    started: OnceLock<(String, Instant)>,
}

impl ThisServer {
    pub fn id(&self) -> Option<i64> {
        Some(self.id.load(Ordering::Relaxed)).filter(|id| *id > 0)
    }
}

/// This host's key among the servers: its name and port.
fn instance(app: &AppState, port: u16) -> (String, String) {
    let name = app.config.servers.name.clone().filter(|n| !n.trim().is_empty()).unwrap_or_else(host_name);
    (format!("{name}:{port}"), name)
}

fn host_name() -> String {
    let mut buffer = [0u8; 256];
    // SAFETY: the buffer is writable for its whole length, which is what is passed.
    let done = unsafe { libc::gethostname(buffer.as_mut_ptr().cast(), buffer.len()) } == 0;
    let end = buffer.iter().position(|b| *b == 0).unwrap_or(buffer.len());
    match std::str::from_utf8(&buffer[..end]) {
        Ok(name) if done && !name.is_empty() => name.to_string(),
        _ => "volante".into(),
    }
}

fn heartbeat(app: &AppState) -> Duration {
    Duration::from_secs(app.config.servers.heartbeat_secs.max(1))
}

/// Register this host (before it serves) and keep it beating until the task is aborted.
pub async fn start(app: &AppState, port: u16) -> anyhow::Result<tokio::task::JoinHandle<()>> {
    let (instance, name) = instance(app, port);
    let started_at = db::now();
    let _ = app.server.started.set((started_at.clone(), Instant::now()));
    let mut beat = Beat { instance, name, started_at, sampled: None };
    beat.write(app).await?;
    let app = app.clone();
    Ok(tokio::spawn(async move {
        let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + heartbeat(&app), heartbeat(&app));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            if let Err(err) = beat.write(&app).await {
                tracing::warn!(error = %err, "the server's beat could not be written");
            }
        }
    }))
}

/// What this host's beats write under.
struct Beat {
    instance: String,
    name: String,
    started_at: String,
    /// The sampling period last sampled.
    sampled: Option<i64>,
}

impl Beat {
    /// One beat: the figures (registering the row first, or again when the provider removed it
    /// while this host could not reach the database), and a sample when a new sampling period
    /// began.
    async fn write(&mut self, app: &AppState) -> anyhow::Result<()> {
        let status = measure(app).await;
        let written = match app.server.id() {
            Some(id) => sqlx::query("UPDATE server SET last_seen_at = $1, stopped_at = NULL, status = $2 WHERE server_id = $3")
                .bind(db::now())
                .bind(status.to_string())
                .bind(id)
                .execute(&app.db.pool)
                .await?
                .rows_affected(),
            None => 0,
        };
        if written == 0 {
            let id = self.register(app, &status).await?;
            app.server.id.store(id, Ordering::Relaxed);
        }
        let id = app.server.id().unwrap_or_default();
        let period = app.config.servers.sample_secs.max(1) as i64;
        let now = chrono::Utc::now();
        let current = now.timestamp().div_euclid(period);
        if self.sampled != Some(current) {
            let taken_at = db::stamp(chrono::DateTime::from_timestamp(current * period, 0).unwrap_or(now));
            sample(app, id, &taken_at).await?;
            self.sampled = Some(current);
        }
        Ok(())
    }

    async fn register(&self, app: &AppState, status: &Value) -> anyhow::Result<i64> {
        let now = db::now();
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO server (instance, name, version, public_url, started_at, last_seen_at, status, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $6, $6)
             ON CONFLICT (instance) DO UPDATE SET version = excluded.version, public_url = excluded.public_url,
                 started_at = excluded.started_at, last_seen_at = excluded.last_seen_at, stopped_at = NULL, status = excluded.status
             RETURNING server_id",
        )
        .bind(&self.instance)
        .bind(&self.name)
        .bind(env!("CARGO_PKG_VERSION"))
        .bind(&app.config.public_url)
        .bind(&self.started_at)
        .bind(&now)
        .bind(status.to_string())
        .fetch_one(&app.db.pool)
        .await?;
        Ok(id)
    }
}

async fn sample(app: &AppState, server_id: i64, taken_at: &str) -> anyhow::Result<()> {
    let connections = app.realtime.connections();
    let mut tx = app.db.begin().await?;
    sqlx::query("DELETE FROM server_sample WHERE server_id = $1 AND taken_at = $2").bind(server_id).bind(taken_at).execute(&mut *tx).await?;
    let total = (connections.iter().map(|c| c.streams).sum::<i64>(), connections.iter().map(|c| c.users).sum::<i64>());
    let rows = std::iter::once((None, total.0, total.1)).chain(connections.iter().map(|c| (Some(c.business_id), c.streams, c.users)));
    for (business_id, streams, users) in rows {
        sqlx::query("INSERT INTO server_sample (server_id, taken_at, business_id, streams, users) VALUES ($1, $2, $3, $4, $5)")
            .bind(server_id)
            .bind(taken_at)
            .bind(business_id)
            .bind(streams)
            .bind(users)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// At a clean shutdown: this server stopped.
pub async fn stopped(app: &AppState) {
    let Some(id) = app.server.id() else { return };
    let now = db::now();
    if let Err(err) = sqlx::query("UPDATE server SET stopped_at = $1, last_seen_at = $1 WHERE server_id = $2").bind(&now).bind(id).execute(&app.db.pool).await {
        tracing::warn!(error = %err, "the server's stop could not be written");
    }
}

/// Forget the samples older than `servers.keep_days`.
pub async fn prune(app: &AppState) -> anyhow::Result<()> {
    let before = db::from_now(-chrono::Duration::days(app.config.servers.keep_days));
    sqlx::query("DELETE FROM server_sample WHERE taken_at < $1").bind(before).execute(&app.db.pool).await?;
    Ok(())
}

// ---- this host's figures ----

/// This host's figures now (what a beat writes as `status`).
async fn measure(app: &AppState) -> Value {
    let connections = app.realtime.connections();
    let plugins: Vec<Value> = app
        .plugins
        .all()
        .await
        .iter()
        .map(|p| json!({ "plugin_id": p.manifest.plugin.id, "name": p.manifest.plugin.name, "version": p.manifest.plugin.version.to_string() }))
        .collect();
    json!({
        "uptime_seconds": app.server.started.get().map(|(_, at)| at.elapsed().as_secs()).unwrap_or(0),
        "cpus": std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
        "load": load_average(),
        "memory_bytes": resident_memory(),
        "disk": disk(&app.config.data_dir),
        "database": { "engine": engine_name(app), "latency_ms": database_latency(app).await },
        "plugins": plugins,
        "mail": mail_queue(app).await,
        "streams": connections.iter().map(|c| c.streams).sum::<i64>(),
        "users": connections.iter().map(|c| c.users).sum::<i64>(),
        "connections": connections,
    })
}

fn engine_name(app: &AppState) -> &'static str {
    match app.db.engine {
        db::Engine::Sqlite => "sqlite",
        db::Engine::Postgres => "postgres",
    }
}

/// The load averages over 1, 5 and 15 minutes (Linux; `null` elsewhere).
fn load_average() -> Option<[f64; 3]> {
    parse_load(&std::fs::read_to_string("/proc/loadavg").ok()?)
}

fn parse_load(text: &str) -> Option<[f64; 3]> {
    let mut fields = text.split_whitespace().map(|f| f.parse::<f64>().ok());
    Some([fields.next()??, fields.next()??, fields.next()??])
}

/// This process's resident memory in bytes (Linux; `null` elsewhere).
fn resident_memory() -> Option<u64> {
    let pages: u64 = std::fs::read_to_string("/proc/self/statm").ok()?.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf only reads a system constant.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    u64::try_from(page).ok().map(|page| pages * page)
}

/// Free and total bytes of the file system holding the data directory.
fn disk(dir: &std::path::Path) -> Option<Value> {
    use std::os::unix::ffi::OsStrExt;
    let path = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
    let mut stats: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: `path` is a valid C string and `stats` a writable statvfs.
    if unsafe { libc::statvfs(path.as_ptr(), &mut stats) } != 0 {
        return None;
    }
    let block = stats.f_frsize as u64;
    Some(json!({ "free_bytes": stats.f_bavail as u64 * block, "total_bytes": stats.f_blocks as u64 * block }))
}

/// How long the database takes to answer `SELECT 1`, in milliseconds; `null` if it did not
/// within two seconds.
async fn database_latency(app: &AppState) -> Option<f64> {
    let start = Instant::now();
    match tokio::time::timeout(Duration::from_secs(2), sqlx::query("SELECT 1").execute(&app.db.pool)).await {
        Ok(Ok(_)) => Some((start.elapsed().as_secs_f64() * 100_000.0).round() / 100.0),
        _ => None,
    }
}

/// Mails waiting to go and mails that could not be delivered (kept until pruned).
async fn mail_queue(app: &AppState) -> Value {
    let rows: Result<Vec<(String, i64)>, _> =
        sqlx::query_as("SELECT status, COUNT(*) FROM mail_queue WHERE status IN ('queued', 'failed') GROUP BY status").fetch_all(&app.db.pool).await;
    let rows = rows.unwrap_or_default();
    let count = |status: &str| rows.iter().find(|(s, _)| s == status).map(|(_, n)| *n).unwrap_or(0);
    json!({ "queued": count("queued"), "failed": count("failed") })
}

// ---- reading the servers ----

const SERVER_SELECT: &str = "SELECT s.server_id, s.instance, s.name, s.notes, s.group_id, g.name AS group_name, s.version, s.public_url,
       s.started_at, s.last_seen_at, s.stopped_at, s.status
  FROM server s LEFT JOIN server_group g ON g.group_id = s.group_id";

/// `online`, `lost` (no beat for three periods, no clean stop) or `stopped`.
fn state(app: &AppState, last_seen_at: &str, stopped_at: Option<&str>) -> &'static str {
    let silent_since = db::from_now(-chrono::Duration::seconds(3 * app.config.servers.heartbeat_secs.max(1) as i64));
    match stopped_at {
        Some(_) => "stopped",
        None if last_seen_at >= silent_since.as_str() => "online",
        None => "lost",
    }
}

struct ServerRow {
    json: Value,
    status: Value,
    online: bool,
}

fn server_row(app: &AppState, row: &sqlx::any::AnyRow) -> anyhow::Result<ServerRow> {
    let last_seen_at: String = row.try_get("last_seen_at")?;
    let stopped_at: Option<String> = row.try_get("stopped_at")?;
    let state = state(app, &last_seen_at, stopped_at.as_deref());
    let status: Value = db::json_column(&row.try_get::<String, _>("status")?)?;
    let online = state == "online";
    let live = |key: &str| if online { status[key].as_i64().unwrap_or(0) } else { 0 };
    let group = match row.try_get::<Option<i64>, _>("group_id")? {
        Some(group_id) => json!({ "group_id": group_id, "name": row.try_get::<Option<String>, _>("group_name")? }),
        None => Value::Null,
    };
    let json = json!({
        "server_id": row.try_get::<i64, _>("server_id")?,
        "name": row.try_get::<String, _>("name")?,
        "instance": row.try_get::<String, _>("instance")?,
        "group": group,
        "version": row.try_get::<String, _>("version")?,
        "public_url": row.try_get::<String, _>("public_url")?,
        "started_at": row.try_get::<String, _>("started_at")?,
        "last_seen_at": last_seen_at,
        "stopped_at": stopped_at,
        "state": state,
        "streams": live("streams"),
        "users": live("users"),
        "notes": row.try_get::<String, _>("notes")?,
    });
    Ok(ServerRow { json, status, online })
}

async fn all_servers(app: &AppState) -> ApiResult<Vec<ServerRow>> {
    let rows = sqlx::query(&format!("{SERVER_SELECT} ORDER BY g.name IS NULL, g.name, s.name, s.server_id")).fetch_all(&app.db.pool).await?;
    Ok(rows.iter().map(|r| server_row(app, r)).collect::<anyhow::Result<Vec<_>>>()?)
}

async fn one_server(app: &AppState, id: i64) -> ApiResult<ServerRow> {
    let row = sqlx::query(&format!("{SERVER_SELECT} WHERE s.server_id = $1"))
        .bind(id)
        .fetch_optional(&app.db.pool)
        .await?
        .ok_or_else(|| ApiError::not_found("Servidor"))?;
    Ok(server_row(app, &row)?)
}

/// A status's `connections` (written by school id only) with the schools' names.
fn named(mut status: Value, names: &HashMap<i64, String>) -> Value {
    if let Some(list) = status["connections"].as_array_mut() {
        for connection in list {
            let name = connection["business_id"].as_i64().and_then(|id| names.get(&id).cloned());
            connection["name"] = json!(name);
        }
    }
    status
}

/// Every school's name by id (read once per call that names schools).
async fn school_names(app: &AppState) -> ApiResult<HashMap<i64, String>> {
    let rows: Vec<(i64, String)> = sqlx::query_as("SELECT business_id, name FROM business").fetch_all(&app.db.pool).await?;
    Ok(rows.into_iter().collect())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ServerQuery {
    id: Option<i64>,
}

/// `GET servidor/read`: the servers; `?id=` one with its notes and last figures.
async fn read(State(app): State<AppState>, session: Session, Params(q): Params<ServerQuery>) -> ApiJson {
    session.require_provider_admin()?;
    if let Some(id) = q.id {
        let server = one_server(&app, id).await?;
        let mut json = server.json;
        json["status"] = named(server.status, &school_names(&app).await?);
        return ok(json);
    }
    let list: Vec<Value> = all_servers(&app)
        .await?
        .into_iter()
        .map(|s| {
            let mut json = s.json;
            json.as_object_mut().map(|o| o.remove("notes"));
            json
        })
        .collect();
    ok(list)
}

fn status_entry(server: &ServerRow, status: Value) -> Value {
    json!({
        "server_id": server.json["server_id"],
        "name": server.json["name"],
        "state": server.json["state"],
        "last_seen_at": server.json["last_seen_at"],
        "status": status,
    })
}

/// `GET servidor/status/read`: every server's state and last figures, with a summary; `?id=` one.
async fn status_read(State(app): State<AppState>, session: Session, Params(q): Params<ServerQuery>) -> ApiJson {
    session.require_provider_admin()?;
    if let Some(id) = q.id {
        let server = one_server(&app, id).await?;
        let status = named(server.status.clone(), &school_names(&app).await?);
        return ok(status_entry(&server, status));
    }
    let servers = all_servers(&app).await?;
    let count = |state: &str| servers.iter().filter(|s| s.json["state"] == state).count();
    let summary = json!({
        "online": count("online"),
        "lost": count("lost"),
        "stopped": count("stopped"),
        "streams": servers.iter().map(|s| s.json["streams"].as_i64().unwrap_or(0)).sum::<i64>(),
        "users": servers.iter().map(|s| s.json["users"].as_i64().unwrap_or(0)).sum::<i64>(),
    });
    let names = school_names(&app).await?;
    let list: Vec<Value> = servers.iter().map(|server| status_entry(server, named(server.status.clone(), &names))).collect();
    ok(json!({ "summary": summary, "servers": list }))
}

/// `GET facilauto/admin/serverstate`: the answering host's own state, measured now.
async fn server_state(State(app): State<AppState>, session: Session) -> ApiJson {
    session.require_provider_admin()?;
    let status = named(measure(&app).await, &school_names(&app).await?);
    let id = app.server.id();
    let name = match id {
        Some(id) => sqlx::query_as::<_, (String, String)>("SELECT name, instance FROM server WHERE server_id = $1").bind(id).fetch_optional(&app.db.pool).await?,
        None => None,
    };
    ok(json!({
        "server_id": id,
        "name": name.as_ref().map(|n| n.0.clone()),
        "instance": name.map(|n| n.1),
        "version": env!("CARGO_PKG_VERSION"),
        "started_at": app.server.started.get().map(|(at, _)| at.clone()),
        "state": "online",
        "status": status,
    }))
}

// ---- changing them ----

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ServerUpdate {
    server_id: i64,
    name: Option<String>,
    notes: Option<String>,
    #[serde(default, deserialize_with = "validate::present")]
    group_id: Option<Option<i64>>,
}

/// `POST servidor/update`: the provider's name, notes and group of a server.
async fn update(State(app): State<AppState>, session: Session, Body(req): Body<ServerUpdate>) -> ApiJson {
    session.require_provider_admin()?;
    one_server(&app, req.server_id).await?;
    let mut sets: Vec<(&'static str, SqlValue)> = Vec::new();
    if let Some(name) = &req.name {
        sets.push(("name", validate::required("name", name, 100)?.into()));
    }
    if let Some(notes) = &req.notes {
        sets.push(("notes", validate::optional("notes", notes, 2000)?.into()));
    }
    if let Some(group_id) = req.group_id {
        if let Some(id) = group_id {
            if sqlx::query("SELECT group_id FROM server_group WHERE group_id = $1").bind(id).fetch_optional(&app.db.pool).await?.is_none() {
                return Err(ApiError::invalid_field("group_id", "El grupo no existe"));
            }
        }
        sets.push(("group_id", group_id.into()));
    }
    if !sets.is_empty() {
        let mut tx = app.db.begin().await?;
        db_update::update_row(&mut tx, "server", "server_id", req.server_id, &sets).await?;
        audited(&mut tx, &session, session.business_id, "server.update", "server", req.server_id, db_update::sets_json(&sets)).await?;
        tx.commit().await?;
    }
    let server = one_server(&app, req.server_id).await?;
    let mut json = server.json;
    json["status"] = named(server.status, &school_names(&app).await?);
    ok(json)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ServerId {
    server_id: i64,
}

/// `POST servidor/delete` (addition): forget a server that is not running (a retired machine);
/// its samples go with it. A running one would only register again at its next beat.
async fn delete(State(app): State<AppState>, session: Session, Body(req): Body<ServerId>) -> ApiJson {
    session.require_provider_admin()?;
    let server = one_server(&app, req.server_id).await?;
    if server.online {
        return Err(ApiError::new(codes::CONFLICT, "Un servidor en marcha no se puede quitar"));
    }
    let mut tx = app.db.begin().await?;
    sqlx::query("DELETE FROM server_sample WHERE server_id = $1").bind(req.server_id).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM server WHERE server_id = $1").bind(req.server_id).execute(&mut *tx).await?;
    audited(&mut tx, &session, session.business_id, "server.delete", "server", req.server_id, json!({ "instance": server.json["instance"] })).await?;
    tx.commit().await?;
    ok(json!({ "server_id": req.server_id }))
}

async fn group_read(State(app): State<AppState>, session: Session) -> ApiJson {
    session.require_provider_admin()?;
    ok(counted_groups(
        &app,
        "SELECT g.group_id, g.name, (SELECT COUNT(*) FROM server s WHERE s.group_id = g.group_id) AS counted FROM server_group g ORDER BY g.name",
        "servers",
    )
    .await?)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GroupName {
    name: String,
}

async fn group_create(State(app): State<AppState>, session: Session, Body(req): Body<GroupName>) -> ApiJson {
    let (group_id, name) = named_group(&app, &session, "server_group", &req.name).await?;
    ok(json!({ "group_id": group_id, "name": name, "servers": 0 }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GroupId {
    group_id: i64,
}

/// `POST servidor/group/delete`: its servers stay, without a group.
async fn group_delete(State(app): State<AppState>, session: Session, Body(req): Body<GroupId>) -> ApiJson {
    session.require_provider_admin()?;
    if sqlx::query("SELECT group_id FROM server_group WHERE group_id = $1").bind(req.group_id).fetch_optional(&app.db.pool).await?.is_none() {
        return Err(ApiError::not_found("Grupo"));
    }
    let mut tx = app.db.begin().await?;
    sqlx::query("UPDATE server SET group_id = NULL WHERE group_id = $1").bind(req.group_id).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM server_group WHERE group_id = $1").bind(req.group_id).execute(&mut *tx).await?;
    audited(&mut tx, &session, session.business_id, "server_group.delete", "server_group", req.group_id, json!({})).await?;
    tx.commit().await?;
    ok(json!({ "group_id": req.group_id }))
}

// ---- connections ----

/// `GET dashboard/socket/read`: the open realtime connections now, by the running servers' last
/// beats: totals, per server and the schools with most.
async fn socket_read(State(app): State<AppState>, session: Session) -> ApiJson {
    session.require_provider_admin()?;
    let servers = all_servers(&app).await?;
    let mut schools: HashMap<i64, (i64, i64)> = HashMap::new();
    let mut per_server = Vec::new();
    for server in servers.iter().filter(|s| s.online) {
        for connection in server.status["connections"].as_array().into_iter().flatten() {
            if let Some(id) = connection["business_id"].as_i64() {
                let entry = schools.entry(id).or_default();
                entry.0 += connection["streams"].as_i64().unwrap_or(0);
                entry.1 += connection["users"].as_i64().unwrap_or(0);
            }
        }
        per_server.push(json!({
            "server_id": server.json["server_id"], "name": server.json["name"], "state": server.json["state"],
            "streams": server.json["streams"], "users": server.json["users"],
        }));
    }
    let names = school_names(&app).await?;
    let mut ranked: Vec<(i64, (i64, i64))> = schools.into_iter().collect();
    ranked.sort_by(|a, b| b.1 .0.cmp(&a.1 .0).then(a.0.cmp(&b.0)));
    let businesses = ranked.len();
    let (streams, users) = ranked.iter().fold((0, 0), |acc, (_, (s, u))| (acc.0 + s, acc.1 + u));
    let top: Vec<Value> = ranked
        .into_iter()
        .take(TOP_SCHOOLS)
        .map(|(id, (streams, users))| json!({ "business_id": id, "name": names.get(&id), "streams": streams, "users": users }))
        .collect();
    ok(json!({ "streams": streams, "users": users, "businesses": businesses, "servers": per_server, "schools": top }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChartQuery {
    hours: Option<i64>,
    business_id: Option<i64>,
}

fn hours(q: &ChartQuery) -> ApiResult<i64> {
    match q.hours.unwrap_or(24) {
        hours @ 1..=MAX_HOURS => Ok(hours),
        _ => Err(ApiError::invalid_field("hours", format!("Las horas van de 1 a {MAX_HOURS}"))),
    }
}

/// Points `[{at, streams, users}]` summed over the servers per sampling period, oldest first.
async fn points(app: &AppState, since: &str, business_id: Option<i64>) -> ApiResult<Vec<Value>> {
    let filter = if business_id.is_some() { "business_id = $2" } else { "business_id IS NULL" };
    let statement = format!(
        "SELECT taken_at, CAST(SUM(streams) AS BIGINT) AS streams, CAST(SUM(users) AS BIGINT) AS users
           FROM server_sample WHERE taken_at >= $1 AND {filter} GROUP BY taken_at ORDER BY taken_at"
    );
    let mut query = sqlx::query(&statement).bind(since);
    if let Some(id) = business_id {
        query = query.bind(id);
    }
    let rows = query.fetch_all(&app.db.pool).await?;
    let points = rows
        .iter()
        .map(|r| Ok(json!({ "at": r.try_get::<String, _>("taken_at")?, "streams": r.try_get::<i64, _>("streams")?, "users": r.try_get::<i64, _>("users")? })))
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(points)
}

/// `GET dashboard/socketchart/read?hours=`: the connections over the last hours (24 by default).
async fn socket_chart(State(app): State<AppState>, session: Session, Params(q): Params<ChartQuery>) -> ApiJson {
    session.require_provider_admin()?;
    if q.business_id.is_some() {
        return Err(ApiError::new(codes::QUERY_INVALID, "Esta gráfica no se filtra por autoescuela"));
    }
    let hours = hours(&q)?;
    let since = db::from_now(-chrono::Duration::hours(hours));
    ok(json!({ "hours": hours, "period_seconds": app.config.servers.sample_secs, "points": points(&app, &since, None).await? }))
}

/// `GET dashboard/socketchartautoescuela/read?hours=`: the schools by their peak of connections
/// in the last hours (with their average over the sampled periods and the latest period's);
/// `&business_id=` one school's connections over those hours.
async fn socket_chart_school(State(app): State<AppState>, session: Session, Params(q): Params<ChartQuery>) -> ApiJson {
    session.require_provider_admin()?;
    let hours = hours(&q)?;
    let since = db::from_now(-chrono::Duration::hours(hours));
    if let Some(business_id) = q.business_id {
        let name: Option<(String,)> = sqlx::query_as("SELECT name FROM business WHERE business_id = $1").bind(business_id).fetch_optional(&app.db.pool).await?;
        let (name,) = name.ok_or_else(|| ApiError::not_found_feminine("Empresa"))?;
        return ok(json!({
            "hours": hours,
            "period_seconds": app.config.servers.sample_secs,
            "business": { "business_id": business_id, "name": name },
            "points": points(&app, &since, Some(business_id)).await?,
        }));
    }
    let (periods, latest): (i64, Option<String>) =
        sqlx::query_as("SELECT COUNT(DISTINCT taken_at), MAX(taken_at) FROM server_sample WHERE business_id IS NULL AND taken_at >= $1")
            .bind(&since)
            .fetch_one(&app.db.pool)
            .await?;
    let rows = sqlx::query(
        "SELECT t.business_id, b.name, MAX(t.streams) AS peak, CAST(SUM(t.streams) AS BIGINT) AS total,
                CAST(SUM(CASE WHEN t.taken_at = $2 THEN t.streams ELSE 0 END) AS BIGINT) AS last
           FROM (SELECT business_id, taken_at, CAST(SUM(streams) AS BIGINT) AS streams FROM server_sample
                  WHERE business_id IS NOT NULL AND taken_at >= $1 GROUP BY business_id, taken_at) t
           JOIN business b ON b.business_id = t.business_id
          GROUP BY t.business_id, b.name
          ORDER BY peak DESC, b.name",
    )
    .bind(&since)
    .bind(latest.unwrap_or_default())
    .fetch_all(&app.db.pool)
    .await?;
    let schools = rows
        .iter()
        .map(|r| {
            let total: i64 = r.try_get("total")?;
            let average = if periods > 0 { (total as f64 / periods as f64 * 100.0).round() / 100.0 } else { 0.0 };
            Ok(json!({
                "business_id": r.try_get::<i64, _>("business_id")?,
                "name": r.try_get::<String, _>("name")?,
                "peak": r.try_get::<i64, _>("peak")?,
                "average": average,
                "last": r.try_get::<i64, _>("last")?,
            }))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    ok(json!({ "hours": hours, "schools": schools }))
}

// ---- versions ----

/// `GET versiones/ultima` (any signed-in user): the version this host runs and the modules the
/// user's shell loads, with `release`, a short fingerprint of them all (host version, the
/// modules' ids and package digests): a page that loaded another `release` is out of date.
async fn latest_version(State(app): State<AppState>, session: Session) -> ApiJson {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    hasher.update(env!("CARGO_PKG_VERSION").as_bytes());
    let mut modules = Vec::new();
    for plugin in app.plugins.all().await {
        let m = &plugin.manifest;
        if m.ui.is_none() || !m.services.iter().any(|s| session.services.contains(&s.id)) {
            continue;
        }
        hasher.update(format!("\n{}@{}", m.plugin.id, plugin.digest).as_bytes());
        modules.push(json!({ "plugin_id": m.plugin.id, "name": m.plugin.name, "version": m.plugin.version.to_string() }));
    }
    let release: String = hasher.finalize().iter().take(6).map(|b| format!("{b:02x}")).collect();
    ok(json!({ "version": env!("CARGO_PKG_VERSION"), "release": release, "modules": modules }))
}

/// `GET actualizacion/estado` (provider administrators): what is behind. The servers that are
/// not running the newest host version any of them runs, and each installed plugin against the
/// newest version in the local registry (`plugins.registry_dir`), with how many schools use it.
async fn update_state(State(app): State<AppState>, session: Session) -> ApiJson {
    session.require_provider_admin()?;
    let servers = all_servers(&app).await?;
    let version = |s: &ServerRow| semver::Version::parse(s.json["version"].as_str().unwrap_or_default()).ok();
    let latest = servers.iter().filter(|s| s.json["state"] != "stopped").filter_map(version).max();
    let host: Vec<Value> = servers
        .iter()
        .map(|s| {
            json!({
                "server_id": s.json["server_id"], "name": s.json["name"], "state": s.json["state"], "version": s.json["version"],
                "current": latest.is_none() || version(s) == latest,
            })
        })
        .collect();
    let registry = match &app.config.plugins.registry_dir {
        Some(dir) if dir.join("index.json").exists() => Some(crate::plugins::registry_newest(dir)?),
        _ => None,
    };
    // Which schools have each service on, read once for every plugin.
    let enabled: Vec<(String, i64)> = sqlx::query_as("SELECT service_id, business_id FROM business_service").fetch_all(&app.db.pool).await?;
    let mut plugins = Vec::new();
    for plugin in app.plugins.all().await {
        let m = &plugin.manifest;
        let schools: std::collections::HashSet<i64> =
            enabled.iter().filter(|(service, _)| m.services.iter().any(|s| &s.id == service)).map(|(_, business)| *business).collect();
        let businesses = schools.len();
        let available = registry.as_ref().and_then(|r| r.get(&m.plugin.id)).map(|e| e.version.clone());
        plugins.push(json!({
            "plugin_id": m.plugin.id,
            "name": m.plugin.name,
            "installed": m.plugin.version.to_string(),
            "available": available.as_ref().map(ToString::to_string),
            "update": available.is_some_and(|v| v > m.plugin.version),
            "businesses": businesses,
        }));
    }
    ok(json!({
        "host": { "latest": latest.map(|v| v.to_string()), "servers": host },
        "registry": registry.is_some(),
        "plugins": plugins,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_load_average_is_read_from_its_three_first_fields() {
        assert_eq!(parse_load("0.52 0.48 0.40 1/234 5678\n"), Some([0.52, 0.48, 0.40]));
        assert_eq!(parse_load("0.52 x"), None);
        assert_eq!(parse_load(""), None);
    }

    #[test]
    fn the_host_name_is_never_empty() {
        assert!(!host_name().is_empty());
    }
}
