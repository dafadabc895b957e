//! The plugin platform: installed plugins, their route table, per-business enablement and the
//! call path from an HTTP request into a guest and back.

mod answer;
mod api;
pub mod copies;
pub mod attempts;
pub mod bindings;
pub mod data;
mod directory;
pub mod guard;
pub mod host_imports;
pub mod json_rows;
pub mod links;
mod push;
pub mod timers;
pub mod preinit;
pub mod ready;
pub mod runtime;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context as _;
use serde_json::{json, Value};
use tokio::sync::RwLock;
use volante_registry::manifest::{Manifest, Route};
use volante_registry::package::{self, PackageError};
use wasmtime::component::Linker;
use wasmtime::Engine;

pub use api::{dispatch, router};
use bindings::latest::volante::plugin::types::{Context, ErrorItem, Request};
use bindings::latest::PluginPre;
use data::{PluginData, PluginTx};
use host_imports::{CallState, Effects};
use runtime::{Fault, Limits};

use crate::auth::Session;
use crate::config::Config;
use crate::db::{self, Db, Engine as DbEngine};
use crate::error::{codes, ApiError, ApiResult, ErrorItem as EnvelopeItem};
use crate::state::AppState;

/// Who installs or removes a plugin, for the audit log.
#[derive(Debug, Clone, Copy)]
pub struct Actor {
    pub business_id: i64,
    pub user_id: Option<i64>,
}

impl From<&Session> for Actor {
    fn from(session: &Session) -> Actor {
        Actor { business_id: session.business_id, user_id: Some(session.user_id) }
    }
}

/// A plugin's own histograms, registered once: looking one up by name and label on every call
/// costs more than recording into it.
#[derive(Clone)]
pub struct Meters {
    pub instantiate: metrics::Histogram,
    pub guest: metrics::Histogram,
    pub guest_before_sql: metrics::Histogram,
    pub guest_after_sql: metrics::Histogram,
    pub call: metrics::Histogram,
    pub sql: metrics::Histogram,
    /// Reading a page the guest answered with (`answer.respond-page`), after the guest.
    pub page: metrics::Histogram,
}

impl Meters {
    fn new(id: &str) -> Meters {
        let id = id.to_string();
        Meters {
            instantiate: metrics::histogram!("volante_plugin_instantiate_seconds", "plugin" => id.clone()),
            guest: metrics::histogram!("volante_plugin_guest_seconds", "plugin" => id.clone()),
            guest_before_sql: metrics::histogram!("volante_plugin_guest_before_sql_seconds", "plugin" => id.clone()),
            guest_after_sql: metrics::histogram!("volante_plugin_guest_after_sql_seconds", "plugin" => id.clone()),
            call: metrics::histogram!("volante_plugin_call_seconds", "plugin" => id.clone()),
            sql: metrics::histogram!("volante_plugin_sql_seconds", "plugin" => id.clone()),
            page: metrics::histogram!("volante_plugin_page_read_seconds", "plugin" => id),
        }
    }
}

/// One installed plugin version, ready to serve.
pub struct Installed {
    pub meters: Meters,
    pub manifest: Manifest,
    pub digest: String,
    pub pre: PluginPre<CallState>,
    pub table_prefix: String,
    pub read_grants: Vec<String>,
    pub migrations_sqlite: Vec<(String, String)>,
    pub migrations_postgres: Vec<(String, String)>,
    /// The manifest's routes indexed for dispatch.
    pub routes: RouteIndex,
}

/// A plugin's routes as dispatch looks them up: those without parameters by method and path,
/// the others with their patterns split once. Values are indexes into `manifest.routes`.
#[derive(Clone, Default)]
pub struct RouteIndex {
    fixed: HashMap<String, HashMap<String, usize>>,
    patterns: Vec<(usize, Vec<Segment>)>,
}

#[derive(Clone)]
enum Segment {
    Literal(String),
    Param(String),
}

impl RouteIndex {
    pub fn new(routes: &[Route]) -> RouteIndex {
        let mut index = RouteIndex::default();
        for (i, route) in routes.iter().enumerate() {
            let segments: Vec<Segment> = route
                .path
                .split('/')
                .map(|p| match p.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
                    Some(name) => Segment::Param(name.to_string()),
                    None => Segment::Literal(p.to_string()),
                })
                .collect();
            if segments.iter().any(|s| matches!(s, Segment::Param(_))) {
                index.patterns.push((i, segments));
            } else {
                // The first of two equal routes serves, as in the manifest's order.
                index.fixed.entry(route.method.clone()).or_default().entry(route.path.clone()).or_insert(i);
            }
        }
        index
    }

    /// The route serving `method path` (a fixed path before a pattern), with its path
    /// parameters, percent-decoded.
    fn find(&self, routes: &[Route], method: &str, path: &str) -> Option<(usize, Vec<(String, String)>)> {
        if let Some(&i) = self.fixed.get(method).and_then(|paths| paths.get(path)) {
            return Some((i, Vec::new()));
        }
        let segments: Vec<&str> = path.split('/').collect();
        'patterns: for (i, pattern) in &self.patterns {
            if routes[*i].method != method || pattern.len() != segments.len() {
                continue;
            }
            let mut params = Vec::new();
            for (p, s) in pattern.iter().zip(&segments) {
                match p {
                    Segment::Param(name) if !s.is_empty() => params.push((name.clone(), percent_decode(s))),
                    Segment::Literal(literal) if literal == s => {}
                    _ => continue 'patterns,
                }
            }
            return Some((*i, params));
        }
        None
    }
}

pub struct Plugins {
    pub engine: Engine,
    linker: Linker<CallState>,
    pub data: PluginData,
    installed: RwLock<HashMap<String, Arc<Installed>>>,
    dir: PathBuf,
    pub(crate) limits: Limits,
    trusted: Vec<String>,
    pub guard_cache: guard::Cache,
    /// Instances made ahead of their calls, and the recycler that gives used ones back.
    pub ready: ready::Ready,
}

/// Error codes of the plugin platform.
pub mod plugin_codes {
    pub const FAULT: &str = "PLUGIN-000";
    pub const TIMEOUT: &str = "PLUGIN-001";
    pub const MEMORY: &str = "PLUGIN-002";
    pub const RESPONSE_TOO_LARGE: &str = "PLUGIN-003";
    pub const BAD_RESPONSE: &str = "PLUGIN-004";
    pub const DIGEST: &str = "PLUGIN-010";
    pub const SIGNATURE: &str = "PLUGIN-011";
    pub const UNTRUSTED: &str = "PLUGIN-012";
    pub const INTERFACE: &str = "PLUGIN-013";
    pub const PACKAGE: &str = "PLUGIN-014";
    pub const VERSION: &str = "PLUGIN-015";
    pub const MIGRATION: &str = "PLUGIN-016";
    pub const NOT_INSTALLED: &str = "PLUGIN-017";
    pub const ROUTE_TAKEN: &str = "PLUGIN-018";
    pub const RESERVED: &str = "PLUGIN-019";
    pub const COPY_TAKEN: &str = "PLUGIN-020";
}

/// The host table a plugin with this id would take as its own (a plugin's tables are
/// `<id>_<name>`), if any.
fn host_table_claimed_by(id: &str) -> Option<&'static str> {
    let prefix = format!("{id}_");
    db::host_tables().iter().map(String::as_str).find(|t| *t == id || t.starts_with(&prefix))
}

/// The host table behind a table a plugin asks to read: the table itself, or one its owner's
/// id (any part of the name before a `_`) would take.
fn host_table_behind(table: &str) -> Option<&'static str> {
    table.match_indices('_').map(|(i, _)| &table[..i]).chain([table]).find_map(host_table_claimed_by)
}

/// Refuse a package whose id or requested tables reach the host's own tables.
fn check_reserved_names(manifest: &volante_registry::manifest::Manifest) -> ApiResult<()> {
    let id = &manifest.plugin.id;
    if let Some(table) = host_table_claimed_by(id) {
        return Err(ApiError::new(
            plugin_codes::RESERVED,
            format!("El identificador {id} está reservado: las tablas {id}_… serían del servidor ({table})"),
        ));
    }
    for table in &manifest.tables.read {
        if let Some(host) = host_table_behind(table) {
            return Err(ApiError::new(
                plugin_codes::RESERVED,
                format!("El plugin pide leer la tabla {table}, reservada al servidor ({host})"),
            ));
        }
    }
    Ok(())
}

/// Whether two route patterns (`a/{x}/b`) can match the same path: as many segments, and at
/// each one either a parameter or the same literal.
fn patterns_overlap(a: &str, b: &str) -> bool {
    let param = |s: &str| s.starts_with('{') && s.ends_with('}');
    let (a, b) = (a.trim_matches('/'), b.trim_matches('/'));
    a.split('/').count() == b.split('/').count() && a.split('/').zip(b.split('/')).all(|(x, y)| x == y || param(x) || param(y))
}

/// The host's own call (method, path) whose path a plugin route's pattern could match.
fn host_path_overlapping(pattern: &str) -> Option<(&'static str, &'static str)> {
    crate::openapi::HOST_CALLS
        .iter()
        .map(|(method, path, _)| (*method, *path))
        .chain([("GET", "openapi.json")])
        .find(|(_, path)| patterns_overlap(path, pattern))
}

fn package_error(err: PackageError) -> ApiError {
    let code = match &err {
        PackageError::DigestMismatch { .. } => plugin_codes::DIGEST,
        PackageError::BadSignature => plugin_codes::SIGNATURE,
        PackageError::UntrustedKey(_) => plugin_codes::UNTRUSTED,
        PackageError::Manifest(volante_registry::manifest::ManifestError::UnsupportedApi { .. }) => plugin_codes::INTERFACE,
        _ => plugin_codes::PACKAGE,
    };
    ApiError::new(code, err.to_string())
}

impl Plugins {
    pub async fn new(config: &Config, db: &Db) -> anyhow::Result<Plugins> {
        let engine = runtime::engine(config.plugins.perf_map)?;
        let linker = runtime::linker(&engine)?;
        let data = PluginData::new(db.engine, &config.data_dir, &config.effective_database_url()).await?;
        let dir = config.data_dir.join("plugins");
        for sub in ["packages", "cache", "ui"] {
            std::fs::create_dir_all(dir.join(sub))?;
        }
        let limits = Limits {
            timeout: std::time::Duration::from_millis(config.plugins.timeout_ms),
            memory_bytes: config.plugins.memory_mb << 20,
            max_response_bytes: config.plugins.max_response_bytes,
        };
        Ok(Plugins {
            linker,
            data,
            installed: RwLock::new(HashMap::new()),
            dir,
            trusted: config.plugins.trusted_keys.clone(),
            guard_cache: guard::Cache::default(),
            ready: ready::Ready::new(engine.clone(), limits.clone(), config.plugins.ready_instances)?,
            limits,
            engine,
        })
    }

    pub fn ui_dir(&self) -> PathBuf {
        self.dir.join("ui")
    }

    pub async fn installed(&self, id: &str) -> Option<Arc<Installed>> {
        self.installed.read().await.get(id).cloned()
    }

    pub async fn all(&self) -> Vec<Arc<Installed>> {
        let mut list: Vec<_> = self.installed.read().await.values().cloned().collect();
        list.sort_by(|a, b| a.manifest.plugin.id.cmp(&b.manifest.plugin.id));
        list
    }

    async fn prepare(&self, package: &package::Package, grants: Vec<String>) -> anyhow::Result<Installed> {
        let component = self.compile(&package.component, &package.digest).await?;
        let pre = runtime::prepare(&self.linker, &component)?;
        Ok(Installed {
            meters: Meters::new(&package.manifest.plugin.id),
            table_prefix: package.manifest.table_prefix(),
            manifest: package.manifest.clone(),
            digest: package.digest.clone(),
            pre,
            read_grants: grants,
            migrations_sqlite: package.migrations_sqlite.clone(),
            migrations_postgres: package.migrations_postgres.clone(),
            routes: RouteIndex::new(&package.manifest.routes),
        })
    }

    /// The package's component compiled: from the disk cache when it is there, else compiled
    /// (pre-initialized first when it exports the initializer, `preinit.rs`) and cached.
    async fn compile(&self, bytes: &[u8], digest: &str) -> anyhow::Result<wasmtime::component::Component> {
        let cache = self.dir.join("cache");
        if let Some(component) = runtime::cached_component(&self.engine, digest, &cache) {
            return Ok(component);
        }
        if preinit::wanted(bytes) {
            match preinit::initialize(&self.engine, bytes, digest, &self.limits).await {
                Ok(initialized) => return runtime::compile_component(&self.engine, &initialized, digest, &cache),
                Err(err) => tracing::warn!(error = format!("{err:#}"), digest, "plugin pre-initialization failed; the component is used as it came"),
            }
        }
        runtime::compile_component(&self.engine, bytes, digest, &cache)
    }

    /// Load every installed plugin at start (compiled artifacts come from the disk cache).
    pub async fn load_all(&self, db: &Db) -> anyhow::Result<()> {
        let rows: Vec<(String, String, String)> =
            sqlx::query_as("SELECT plugin_id, package_path, signer FROM plugin_install ORDER BY plugin_id").fetch_all(&db.pool).await?;
        for (id, path, signer) in rows {
            let bytes = std::fs::read(&path).with_context(|| format!("Failed to read the package of {id} at {path}"))?;
            // Verified at install; checked again against the signer recorded then.
            let package = package::verify(&bytes, &[signer]).map_err(|e| anyhow::anyhow!("{id}: {e}"))?;
            let grants = self.grants(db, &id, &package.manifest).await?;
            let installed = self.prepare(&package, grants).await.with_context(|| format!("Failed to load plugin {id}"))?;
            let installed = Arc::new(installed);
            self.ready.current(&installed);
            self.installed.write().await.insert(id, installed);
        }
        Ok(())
    }

    /// The tables `id` may read: granted by the provider and still asked for by `manifest`
    /// (a version that no longer asks for one does not keep it).
    async fn grants(&self, db: &Db, id: &str, manifest: &volante_registry::manifest::Manifest) -> anyhow::Result<Vec<String>> {
        let mut tables: Vec<String> = sqlx::query_as::<_, (String,)>("SELECT table_name FROM plugin_grant WHERE plugin_id = $1")
            .bind(id)
            .fetch_all(&db.pool)
            .await?
            .into_iter()
            .map(|(t,)| t)
            .filter(|t| manifest.tables.read.contains(t))
            .collect();
        tables.sort();
        Ok(tables)
    }

    /// PostgreSQL: give every plugin's role the reads the provider granted it. A grant given
    /// before the other plugin created its tables takes effect once they exist (this runs after
    /// every migration).
    async fn apply_read_grants(&self, conn: &mut sqlx::AnyConnection) -> ApiResult<()> {
        if self.data.engine() != DbEngine::Postgres {
            return Ok(());
        }
        let grants: Vec<(String, String)> = sqlx::query_as("SELECT plugin_id, table_name FROM plugin_grant").fetch_all(&mut *conn).await?;
        for (plugin_id, table) in grants {
            // Only what the installed version still asks for.
            if self.installed(&plugin_id).await.is_some_and(|p| p.manifest.tables.read.contains(&table)) {
                self.data.grant_read(&plugin_id, std::slice::from_ref(&table)).await?;
            }
        }
        Ok(())
    }

    /// Verify, compile and install (or upgrade) a package. An upgrade runs the new migrations in
    /// every business that has the plugin; if one fails, the old version keeps serving.
    pub async fn install(&self, app: &AppState, bytes: &[u8], actor: Actor) -> ApiResult<Value> {
        let package = package::verify(bytes, &self.trusted).map_err(package_error)?;
        check_reserved_names(&package.manifest)?;
        let id = package.manifest.plugin.id.clone();
        let version = package.manifest.plugin.version.clone();
        let previous = self.installed(&id).await;
        if let Some(old) = &previous {
            if old.manifest.plugin.version > version {
                return Err(ApiError::new(
                    plugin_codes::VERSION,
                    format!("Ya está instalada la versión {}, posterior a {version}", old.manifest.plugin.version),
                ));
            }
        }
        // A path the host serves itself never reaches a plugin (the host's router answers first,
        // with 405 for another method), so a route on one is refused.
        for route in &package.manifest.routes {
            if let Some((_, taken)) = host_path_overlapping(&route.path) {
                return Err(ApiError::new(
                    plugin_codes::ROUTE_TAKEN,
                    format!("La ruta {} {} coincide con {taken}, que atiende el propio servidor", route.method, route.path),
                ));
            }
        }
        // Each path belongs to one plugin: a route another plugin already serves (or one that
        // would match the same requests) is refused before anything changes.
        for other in self.installed.read().await.values().filter(|p| p.manifest.plugin.id != id) {
            for route in &package.manifest.routes {
                if let Some(taken) = other.manifest.routes.iter().find(|r| r.method == route.method && patterns_overlap(&r.path, &route.path)) {
                    return Err(ApiError::new(
                        plugin_codes::ROUTE_TAKEN,
                        format!(
                            "La ruta {} {} coincide con {} {}, que ya atiende el plugin {}",
                            route.method, route.path, taken.method, taken.path, other.manifest.plugin.id
                        ),
                    ));
                }
            }
        }
        // Each kind of content to copy between businesses belongs to one plugin.
        for other in self.installed.read().await.values().filter(|p| p.manifest.plugin.id != id) {
            if let Some(copy) = package.manifest.copies.iter().find(|c| other.manifest.copies.iter().any(|o| o.kind == c.kind)) {
                return Err(ApiError::new(
                    plugin_codes::COPY_TAKEN,
                    format!("El contenido «{}» ya lo copia el plugin {}", copy.kind, other.manifest.plugin.id),
                ));
            }
        }
        let grants = self.grants(&app.db, &id, &package.manifest).await?;
        let installed = self.prepare(&package, grants).await.map_err(|err| {
            ApiError::new(plugin_codes::INTERFACE, format!("El componente no cumple la interfaz volante:plugin: {err:#}"))
        })?;
        let installed = Arc::new(installed);

        let mut tx = app.db.begin().await?;
        for service in &package.manifest.services {
            crate::business::ensure_service(&mut tx, &service.id, &service.name, &id).await?;
        }
        tx.commit().await?;
        // Upgrade: migrate where the plugin already has data, before switching versions.
        let migrated: Vec<(i64,)> = sqlx::query_as("SELECT business_id FROM plugin_business WHERE plugin_id = $1")
            .bind(&id)
            .fetch_all(&app.db.pool)
            .await?;
        let mut conn = app.db.pool.acquire().await?;
        for (business_id,) in migrated {
            self.migrate_for(&mut conn, &installed, business_id).await?;
        }
        drop(conn);

        let path = self.dir.join("packages").join(format!("{id}-{version}.vpkg"));
        std::fs::write(&path, bytes).map_err(anyhow::Error::from)?;
        self.extract_ui(&id, &package.ui)?;
        let now = db::now();
        let mut tx = app.db.begin().await?;
        sqlx::query(
            "INSERT INTO plugin_install (plugin_id, version, digest, signer, manifest, package_path, installed_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
             ON CONFLICT (plugin_id) DO UPDATE SET version = excluded.version, digest = excluded.digest,
               signer = excluded.signer, manifest = excluded.manifest, package_path = excluded.package_path,
               updated_at = excluded.updated_at",
        )
        .bind(&id)
        .bind(version.to_string())
        .bind(&package.digest)
        .bind(&package.signer)
        .bind(&package.manifest_text)
        .bind(path.to_string_lossy().to_string())
        .bind(&now)
        .execute(&mut *tx)
        .await?;
        crate::audit::record(
            &mut tx,
            crate::audit::Entry {
                business_id: actor.business_id,
                actor_user_id: actor.user_id,
                action: if previous.is_some() { "plugin.upgrade" } else { "plugin.install" },
                target_kind: "plugin",
                target_id: id.clone(),
                detail: json!({ "version": version.to_string(), "digest": package.digest }),
            },
        )
        .await?;
        tx.commit().await?;
        self.ready.current(&installed);
        self.installed.write().await.insert(id.clone(), installed);
        tracing::info!(plugin = %id, %version, "plugin installed");
        Ok(json!({
            "plugin_id": id,
            "version": version.to_string(),
            "digest": package.digest,
            "previous": previous.map(|p| p.manifest.plugin.version.to_string()),
        }))
    }

    fn extract_ui(&self, id: &str, files: &[(String, Vec<u8>)]) -> anyhow::Result<()> {
        let target = self.ui_dir().join(id);
        let staging = self.ui_dir().join(format!(".{id}.new"));
        let _ = std::fs::remove_dir_all(&staging);
        for (path, bytes) in files {
            let file = staging.join(path);
            std::fs::create_dir_all(file.parent().expect("file below the staging folder"))?;
            std::fs::write(file, bytes)?;
        }
        let _ = std::fs::remove_dir_all(&target);
        if !files.is_empty() {
            std::fs::rename(&staging, &target)?;
        }
        Ok(())
    }

    pub async fn remove(&self, app: &AppState, id: &str, actor: Actor) -> ApiResult<()> {
        let mut tx = app.db.begin().await?;
        let removed = sqlx::query("DELETE FROM plugin_install WHERE plugin_id = $1").bind(id).execute(&mut *tx).await?;
        if removed.rows_affected() == 0 {
            return Err(ApiError::new(plugin_codes::NOT_INSTALLED, format!("El plugin {id} no está instalado")));
        }
        crate::audit::record(
            &mut tx,
            crate::audit::Entry {
                business_id: actor.business_id,
                actor_user_id: actor.user_id,
                action: "plugin.remove",
                target_kind: "plugin",
                target_id: id.into(),
                detail: json!({}),
            },
        )
        .await?;
        tx.commit().await?;
        self.installed.write().await.remove(id);
        self.ready.forget(id);
        let _ = std::fs::remove_dir_all(self.ui_dir().join(id));
        Ok(())
    }

    /// Install the newest version of every package in a local registry folder (its `index.json`
    /// lists `{id, version, file}` entries). Already installed versions are skipped.
    pub async fn install_from_registry(&self, app: &AppState, dir: &std::path::Path, actor: Actor) -> anyhow::Result<Vec<String>> {
        let newest = registry_newest(dir)?;
        let mut installed = Vec::new();
        for (id, entry) in newest {
            if let Some(current) = self.installed(&id).await {
                if current.manifest.plugin.version >= entry.version {
                    installed.push(id);
                    continue;
                }
            }
            let bytes = std::fs::read(dir.join(&entry.file)).with_context(|| format!("Failed to read package {}", entry.file))?;
            self.install(app, &bytes, actor).await.map_err(|err| anyhow::anyhow!("{id}: {err}"))?;
            installed.push(id);
        }
        installed.sort();
        Ok(installed)
    }

    /// Grant `id` read access to tables its manifest asks for.
    pub async fn grant(&self, app: &AppState, id: &str, tables: &[String], actor: Actor) -> ApiResult<Vec<String>> {
        self.change_grants(app, id, tables, true, actor).await
    }

    /// Take back read access granted to `id`.
    pub async fn revoke(&self, app: &AppState, id: &str, tables: &[String], actor: Actor) -> ApiResult<Vec<String>> {
        self.change_grants(app, id, tables, false, actor).await
    }

    /// Record the grants (or take them back) with an audit entry, apply them in the database,
    /// and serve the plugin's next calls with them. The tables it may read afterwards.
    async fn change_grants(&self, app: &AppState, id: &str, tables: &[String], grant: bool, actor: Actor) -> ApiResult<Vec<String>> {
        let plugin = self.installed(id).await.ok_or_else(|| ApiError::new(plugin_codes::NOT_INSTALLED, "El plugin no está instalado"))?;
        if tables.is_empty() {
            return Err(ApiError::invalid_field("tables", "Indique al menos una tabla"));
        }
        for table in tables {
            if !plugin.manifest.tables.read.contains(table) {
                return Err(ApiError::invalid_field("tables", format!("El manifiesto no pide la tabla {table}")));
            }
        }
        let mut tx = app.db.begin().await?;
        for table in tables {
            let change = if grant {
                sqlx::query(
                    "INSERT INTO plugin_grant (plugin_id, table_name, granted_at) VALUES ($1, $2, $3) ON CONFLICT (plugin_id, table_name) DO NOTHING",
                )
                .bind(id)
                .bind(table)
                .bind(db::now())
            } else {
                sqlx::query("DELETE FROM plugin_grant WHERE plugin_id = $1 AND table_name = $2").bind(id).bind(table)
            };
            change.execute(&mut *tx).await?;
        }
        crate::audit::record(
            &mut tx,
            crate::audit::Entry {
                business_id: actor.business_id,
                actor_user_id: actor.user_id,
                action: if grant { "plugin.grant" } else { "plugin.revoke" },
                target_kind: "plugin",
                target_id: id.into(),
                detail: json!({ "tables": tables }),
            },
        )
        .await?;
        tx.commit().await?;
        if grant {
            self.data.grant_read(id, tables).await?;
        } else {
            self.data.revoke_read(id, tables).await?;
        }
        let grants = self.grants(&app.db, id, &plugin.manifest).await?;
        let mut map = self.installed.write().await;
        if let Some(current) = map.get(id).cloned() {
            let refreshed = Installed {
                meters: current.meters.clone(),
                manifest: current.manifest.clone(),
                digest: current.digest.clone(),
                pre: current.pre.clone(),
                table_prefix: current.table_prefix.clone(),
                read_grants: grants.clone(),
                migrations_sqlite: current.migrations_sqlite.clone(),
                migrations_postgres: current.migrations_postgres.clone(),
                routes: current.routes.clone(),
            };
            let refreshed = Arc::new(refreshed);
            self.ready.current(&refreshed);
            map.insert(id.into(), refreshed);
        }
        Ok(grants)
    }

    async fn migrate_for(&self, conn: &mut sqlx::AnyConnection, plugin: &Installed, business_id: i64) -> ApiResult<()> {
        let id = &plugin.manifest.plugin.id;
        self.data
            .migrate(id, business_id, &plugin.migrations_sqlite, &plugin.migrations_postgres)
            .await
            .map_err(|err| {
                tracing::error!(plugin = %id, business_id, error = ?err, "plugin migration failed");
                ApiError::new(plugin_codes::MIGRATION, format!("La migración del plugin {id} ha fallado: {err:#}"))
            })?;
        sqlx::query(
            "INSERT INTO plugin_business (plugin_id, business_id, version, migrated_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (plugin_id, business_id) DO UPDATE SET version = excluded.version, migrated_at = excluded.migrated_at",
        )
        .bind(id)
        .bind(business_id)
        .bind(plugin.manifest.plugin.version.to_string())
        .bind(db::now())
        .execute(&mut *conn)
        .await?;
        self.apply_read_grants(conn).await
    }

    /// Called when services are switched on for a business: plugins serving them get their
    /// migrations run there the first time.
    /// `conn` is the caller's (host database) connection or transaction, for the bookkeeping.
    pub async fn prepare_business(&self, conn: &mut sqlx::AnyConnection, business_id: i64, services: &[String]) -> ApiResult<()> {
        let scope = if self.data.engine() == DbEngine::Postgres { 0 } else { business_id };
        for plugin in self.all().await {
            if !plugin.manifest.services.iter().any(|s| services.contains(&s.id)) {
                continue;
            }
            let done: Option<(String,)> =
                sqlx::query_as("SELECT version FROM plugin_business WHERE plugin_id = $1 AND business_id = $2")
                    .bind(&plugin.manifest.plugin.id)
                    .bind(scope)
                    .fetch_optional(&mut *conn)
                    .await?;
            if done.map(|(v,)| v) != Some(plugin.manifest.plugin.version.to_string()) {
                self.migrate_for(&mut *conn, &plugin, scope).await?;
            }
        }
        Ok(())
    }

    /// The plugin route serving `method path`, with its path parameters.
    pub async fn route(&self, method: &str, path: &str) -> Option<(Arc<Installed>, Route, Vec<(String, String)>)> {
        for plugin in self.installed.read().await.values() {
            if let Some((i, params)) = plugin.routes.find(&plugin.manifest.routes, method, path) {
                return Some((plugin.clone(), plugin.manifest.routes[i].clone(), params));
            }
        }
        None
    }

    fn fault(&self, plugin: &str, err: &wasmtime::Error) -> ApiError {
        let fault = runtime::classify(err);
        tracing::error!(plugin, ?fault, error = ?err, "plugin call failed");
        metrics::counter!("volante_plugin_faults_total", "plugin" => plugin.to_string()).increment(1);
        match fault {
            Fault::Timeout => ApiError::new(plugin_codes::TIMEOUT, "El módulo ha tardado demasiado en responder"),
            Fault::Memory => ApiError::new(plugin_codes::MEMORY, "El módulo ha superado su memoria"),
            Fault::Trap => ApiError::new(plugin_codes::FAULT, "El módulo ha fallado al atender la petición"),
        }
    }

    /// Serve one request with `plugin`: one transaction, one fresh store.
    #[allow(clippy::too_many_arguments)]
    pub async fn handle(
        &self,
        app: &AppState,
        plugin: Arc<Installed>,
        session: Option<Session>,
        ctx: Context,
        request: Request,
        read_only: bool,
        opening: Opening,
        uploaded: Vec<i64>,
        presented: Option<String>,
    ) -> ApiResult<answer::JsonAnswer> {
        if let Opening::Failed(err) = opening {
            for file_id in uploaded {
                if let Err(err) = host_imports::remove_file(app, ctx.business_id, file_id).await {
                    tracing::error!(file_id, error = %err, "uploaded file could not be removed");
                }
            }
            return Err(err.into());
        }
        let id = plugin.manifest.plugin.id.clone();
        let mut state = CallState::new(app.clone(), plugin.clone(), session.clone(), ctx.clone(), None, 0);
        // A file uploaded with the call follows its outcome, as one the call stored itself.
        state.effects.files_created = uploaded;
        state.read_only = read_only;
        state.answering = true;
        state.presented = presented;
        let started = std::time::Instant::now();
        let (mut store, instance) = match self.ready.take(&plugin) {
            Some(ready::ReadyInstance { mut store, instance }) => {
                runtime::start_call(&mut store, state, &self.limits);
                opening.give(store.data_mut());
                (store, Ok(instance))
            }
            None => {
                let mut store = runtime::store(&self.engine, state, &self.limits);
                opening.give(store.data_mut());
                let creating = std::time::Instant::now();
                let instance = plugin.pre.instantiate_async(&mut store).await;
                plugin.meters.instantiate.record(creating.elapsed().as_secs_f64());
                let (store, instance) = match instance {
                    // The pool is full, perhaps of instances waiting for other plugins: free
                    // them and try once more.
                    Err(err) if err.chain().any(|e| e.is::<wasmtime::PoolConcurrencyLimitError>()) && self.ready.release_all() => {
                        let mut store = runtime::store(&self.engine, store.into_data(), &self.limits);
                        let instance = plugin.pre.instantiate_async(&mut store).await;
                        (store, instance)
                    }
                    instance => (store, instance),
                };
                (store, instance)
            }
        };
        let running = std::time::Instant::now();
        let outcome = match instance {
            Ok(instance) => instance.call_handle(&mut store, &ctx, &request).await,
            Err(err) => Err(err),
        };
        // The guest's own time: the call less what its SQL imports took; and its parts before
        // the first statement and after the last.
        let ended = std::time::Instant::now();
        let guest = (ended - running).saturating_sub(store.data().sql_time);
        plugin.meters.guest.record(guest.as_secs_f64());
        if let Some((first, last)) = store.data().sql_span {
            plugin.meters.guest_before_sql.record((first - running).as_secs_f64());
            plugin.meters.guest_after_sql.record((ended - last).as_secs_f64());
        }
        plugin.meters.call.record(started.elapsed().as_secs_f64());
        // A guest that ran no statement leaves the transaction opening: it is still ended
        // below, or its failure to open is the answer.
        let _ = store.data_mut().transaction().await;
        let data = store.data_mut();
        if let Some(err) = data.open_error.take() {
            self.ready.recycle(plugin, store);
            return Err(err.into());
        }
        let tx = data.tx.take();
        let effects = std::mem::take(&mut data.effects);
        let (parts, held, page) = (data.answer.take(), std::mem::take(&mut data.held), data.page.take());
        let bad_response = || ApiError::new(plugin_codes::BAD_RESPONSE, "El módulo ha devuelto una respuesta no válida");
        let result = match outcome {
            // A page the host reads now that the guest is done (`answer::read_page`).
            Ok(Ok(text)) if page.is_some() => match page {
                Some(page) if text.is_empty() => Ok(Answering::Page(page)),
                _ => {
                    tracing::error!(plugin = %id, "plugin answered with a page and also returned an answer");
                    Err(bad_response())
                }
            },
            // Answered in parts, checked as they were given (`answer.rs`).
            Ok(Ok(text)) if parts.is_some() => match parts {
                Some(parts) if text.is_empty() => Ok(Answering::Done(answer::join(&parts, &held))),
                _ => {
                    tracing::error!(plugin = %id, "plugin answered in parts and also returned an answer");
                    Err(bad_response())
                }
            },
            Ok(Ok(text)) if text.len() > self.limits.max_response_bytes => Err(too_large()),
            // Checked to be JSON without building a tree: it goes out as it came.
            Ok(Ok(text)) => answer::JsonAnswer::parse(text).map(Answering::Done).ok_or_else(|| {
                tracing::error!(plugin = %id, "plugin answered something that is not JSON");
                bad_response()
            }),
            Ok(Err(items)) => Err(guest_errors(items)),
            Err(err) => Err(self.fault(&id, &err)),
        };
        let mut tx = tx.ok_or_else(|| anyhow::anyhow!("the call's transaction went missing"))?;
        let result = match result {
            Ok(Answering::Page(page)) => {
                let reading = std::time::Instant::now();
                let read = answer::read_page(&mut tx, page).await;
                plugin.meters.page.record(reading.elapsed().as_secs_f64());
                match read {
                    Ok(answer) if answer.as_str().len() > self.limits.max_response_bytes => Err(too_large()),
                    Ok(answer) => Ok(answer),
                    Err(err) => {
                        tracing::error!(plugin = %id, error = %err, "the page a plugin answered with could not be read");
                        Err(ApiError::server_fault())
                    }
                }
            }
            Ok(Answering::Done(answer)) => Ok(answer),
            Err(err) => Err(err),
        };
        let commit = result.is_ok();
        let finish = async move {
            if commit {
                tx.commit().await.map(|_| true)
            } else {
                tx.rollback().await.map(|_| false)
            }
        };
        // The COMMIT (or ROLLBACK) is sent first. Then the used store goes back to the pool,
        // and the next call's instance is made, off the call's path (`ready.rs`), while the
        // database works. Not before a page's reads: the recycler's work beside them slowed
        // them down more than it saved (alternating runs, `bench/plugin-overhead`).
        let mut finish = std::pin::pin!(finish);
        let first = futures::poll!(finish.as_mut());
        self.ready.recycle(plugin.clone(), store);
        let finished = match first {
            std::task::Poll::Ready(finished) => finished,
            std::task::Poll::Pending => finish.await,
        };
        let committed = match finished {
            Ok(committed) => committed,
            Err(err) => {
                effects.settle(app, ctx.business_id, false).await;
                return Err(err.into());
            }
        };
        let mut effects = effects;
        let events = if committed { std::mem::take(&mut effects.events) } else { Vec::new() };
        effects.settle(app, ctx.business_id, committed).await;
        for (name, payload) in events {
            self.deliver(app, session.clone(), ctx.clone(), &name, &payload).await;
        }
        result
    }

    /// Deliver a committed event to every subscribed plugin the business has, each in its own call.
    async fn deliver(&self, app: &AppState, session: Option<Session>, ctx: Context, name: &str, payload: &str) {
        for plugin in self.all().await {
            if !plugin.manifest.events.subscribes.iter().any(|e| e == name) {
                continue;
            }
            if !plugin.manifest.services.iter().any(|s| ctx.services.contains(&s.id)) {
                continue;
            }
            let id = plugin.manifest.plugin.id.clone();
            let result = self.on_event(app, plugin, session.clone(), ctx.clone(), name, payload).await;
            match result {
                Ok(Ok(())) => {}
                Ok(Err(message)) => tracing::warn!(plugin = %id, event = name, message, "event handler refused"),
                Err(err) => tracing::error!(plugin = %id, event = name, error = ?err, "event handler failed"),
            }
        }
    }

    /// Run one plugin's `on-event` in its own transaction, committed when the handler succeeds;
    /// its effects follow (events it publishes are not delivered further: no chains).
    pub async fn on_event(
        &self,
        app: &AppState,
        plugin: Arc<Installed>,
        session: Option<Session>,
        ctx: Context,
        name: &str,
        payload: &str,
    ) -> wasmtime::Result<Result<(), String>> {
        let id = plugin.manifest.plugin.id.clone();
        let tx = self.data.begin(&id, ctx.business_id, false).await.map_err(wasmtime::Error::msg)?;
        let state = CallState::new(app.clone(), plugin.clone(), session, ctx.clone(), Some(tx), 1);
        let mut store = runtime::store(&self.engine, state, &self.limits);
        let instance = plugin.pre.instantiate_async(&mut store).await?;
        let outcome = instance.call_on_event(&mut store, &ctx, name, payload).await;
        let tx = store.data_mut().tx.take().ok_or_else(|| wasmtime::Error::msg("transaction missing"))?;
        let mut effects = std::mem::take(&mut store.data_mut().effects);
        effects.events.clear();
        let committed = match &outcome {
            Ok(Ok(())) => tx.commit().await.map(|_| true),
            _ => tx.rollback().await.map(|_| false),
        };
        match committed {
            Ok(committed) => effects.settle(app, ctx.business_id, committed).await,
            Err(err) => {
                effects.settle(app, ctx.business_id, false).await;
                return Err(wasmtime::Error::msg(err));
            }
        }
        outcome
    }

    /// A plugin-to-plugin call inside the caller's transaction, which is handed back afterwards.
    #[allow(clippy::too_many_arguments)]
    pub async fn invoke(
        &self,
        app: &AppState,
        callee: Arc<Installed>,
        session: Option<Session>,
        ctx: Context,
        tx: PluginTx,
        function: &str,
        args: &str,
        depth: u32,
        read_only: bool,
        caller: &str,
    ) -> (Result<String, String>, Option<PluginTx>, Effects) {
        let id = callee.manifest.plugin.id.clone();
        let mut tx = tx;
        // The callee works with its own rights inside the caller's transaction.
        if let Err(err) = tx.act_as(&id).await {
            return (Err(format!("No se ha podido llamar a {id}: {err}")), Some(tx), Effects::default());
        }
        let mut state = CallState::new(app.clone(), callee.clone(), session, ctx.clone(), Some(tx), depth);
        state.read_only = read_only;
        let mut store = runtime::store(&self.engine, state, &self.limits);
        let outcome = async {
            let instance = callee.pre.instantiate_async(&mut store).await?;
            instance.call_invoke(&mut store, &ctx, function, args).await
        }
        .await;
        let mut tx = store.data_mut().tx.take();
        let effects = std::mem::take(&mut store.data_mut().effects);
        let mut result = match outcome {
            Ok(result) => result,
            Err(err) => Err(self.fault(&id, &err).to_string()),
        };
        if let Some(tx) = tx.as_mut() {
            if let Err(err) = tx.act_as(caller).await {
                result = Err(format!("No se ha podido volver a {caller}: {err}"));
            }
        }
        (result, tx, effects)
    }
}

/// A business's name and enabled services, `None` when there is no such business (the provider
/// acting in one: provider routes, content copies).
pub(crate) async fn business_and_services(state: &AppState, business_id: i64) -> ApiResult<Option<(String, Vec<String>)>> {
    let name: Option<(String,)> = sqlx::query_as("SELECT name FROM business WHERE business_id = $1")
        .bind(business_id)
        .fetch_optional(&state.db.pool)
        .await?;
    let Some((name,)) = name else { return Ok(None) };
    let services: Vec<(String,)> = sqlx::query_as("SELECT service_id FROM business_service WHERE business_id = $1 ORDER BY service_id")
        .bind(business_id)
        .fetch_all(&state.db.pool)
        .await?;
    Ok(Some((name, services.into_iter().map(|(s,)| s).collect())))
}

/// The context of a call made without a session (public routes).
pub fn anonymous_context(request_id: String) -> Context {
    Context {
        business_id: 0,
        branch_id: None,
        user_id: 0,
        role: String::new(),
        permissions: vec![],
        services: vec![],
        locale: "es".into(),
        request_id,
    }
}

/// A call's transaction on its way (`Opening::start`): opened, or its BEGIN sent to the
/// database and not yet answered.
pub enum Opening {
    Open(PluginTx),
    Pending(futures::future::BoxFuture<'static, anyhow::Result<PluginTx>>),
    Failed(anyhow::Error),
}

impl Opening {
    /// Start opening the transaction of a call of `plugin_id` for `business_id`: polled once,
    /// so its BEGIN is on its way while the host prepares the call and the guest starts. The
    /// guest's first statement waits for it (`CallState::transaction`); a failure to open is
    /// the call's answer (`Plugins::handle`). Nothing polls it again while the guest runs, so
    /// whatever must happen before the BEGIN is sent has to be done in this first poll: that is
    /// why the pools do not ping a connection before handing it out (`db::pool_options`).
    pub async fn start(app: &AppState, plugin_id: &str, business_id: i64, read_only: bool) -> Opening {
        let (app, plugin_id) = (app.clone(), plugin_id.to_string());
        let mut opening: futures::future::BoxFuture<'static, anyhow::Result<PluginTx>> =
            Box::pin(async move { app.plugins.data.begin(&plugin_id, business_id, read_only).await });
        match futures::poll!(&mut opening) {
            std::task::Poll::Ready(Ok(tx)) => Opening::Open(tx),
            std::task::Poll::Ready(Err(err)) => Opening::Failed(err),
            std::task::Poll::Pending => Opening::Pending(opening),
        }
    }

    /// Hand the transaction, or its opening, to the call's state.
    fn give(self, state: &mut CallState) {
        match self {
            Opening::Open(tx) => state.tx = Some(tx),
            Opening::Pending(opening) => state.opening = Some(opening),
            Opening::Failed(err) => state.open_error = Some(err),
        }
    }
}

/// A plugin call's answer once its guest has returned.
enum Answering {
    Done(answer::JsonAnswer),
    /// A page still to be read (`answer.respond-page`).
    Page(answer::PageStatements),
}

fn too_large() -> ApiError {
    ApiError::new(plugin_codes::RESPONSE_TOO_LARGE, "La respuesta del módulo es demasiado grande")
}

fn guest_errors(items: Vec<ErrorItem>) -> ApiError {
    if items.is_empty() {
        return ApiError::new(codes::INTERNAL, "El módulo ha devuelto un error vacío");
    }
    ApiError::Client(
        items
            .into_iter()
            .map(|item| EnvelopeItem {
                data: serde_json::from_str(&item.data).unwrap_or(Value::Null),
                code: item.code,
                details: item.details,
            })
            .collect(),
    )
}

fn percent_decode(segment: &str) -> String {
    percent_encoding::percent_decode_str(segment).decode_utf8_lossy().into_owned()
}

/// One package of a local registry folder's index.
#[derive(serde::Deserialize)]
pub struct RegistryEntry {
    pub id: String,
    pub version: semver::Version,
    pub file: String,
}

/// The newest version of each plugin in a local registry folder (`<dir>/index.json`: the
/// registry's `{packages: [...]}` or a plain list of `{id, version, file}`).
pub fn registry_newest(dir: &std::path::Path) -> anyhow::Result<HashMap<String, RegistryEntry>> {
    #[derive(serde::Deserialize)]
    #[serde(untagged)]
    enum Index {
        Plain(Vec<RegistryEntry>),
        Wrapped { packages: Vec<RegistryEntry> },
    }
    let text = std::fs::read_to_string(dir.join("index.json")).with_context(|| format!("Failed to read {}/index.json", dir.display()))?;
    let entries = match serde_json::from_str::<Index>(&text).context("index.json is not a registry index")? {
        Index::Plain(list) => list,
        Index::Wrapped { packages } => packages,
    };
    let mut newest: HashMap<String, RegistryEntry> = HashMap::new();
    for entry in entries {
        if newest.get(&entry.id).is_none_or(|e| e.version < entry.version) {
            newest.insert(entry.id.clone(), entry);
        }
    }
    Ok(newest)
}

#[cfg(test)]
mod naming_tests {
    use super::{db, host_table_behind, host_table_claimed_by, patterns_overlap};

    #[test]
    fn plugin_ids_and_read_tables_never_reach_the_host_tables() {
        let tables = db::host_tables();
        for table in ["app_user", "business_service", "plugin_grant", "session", "audit_log"] {
            assert!(tables.iter().any(|t| t == table), "{table} missing from {tables:?}");
        }
        for id in ["business", "plugin", "user", "app", "session", "audit"] {
            assert!(host_table_claimed_by(id).is_some(), "{id}");
        }
        for id in ["contacts", "billing", "businesses", "fleet"] {
            assert_eq!(host_table_claimed_by(id), None, "{id}");
        }
        assert_eq!(host_table_behind("app_user"), Some("app_user"));
        assert_eq!(host_table_behind("user_permission"), Some("user_permission"));
        assert!(host_table_behind("plugin_anything").is_some(), "a plugin named `plugin` cannot exist");
        assert_eq!(host_table_behind("contacts_contact"), None);
    }

    #[test]
    fn patterns_overlap_when_some_path_matches_both() {
        assert!(patterns_overlap("contact/read/{id}", "contact/read/{id}"));
        assert!(patterns_overlap("contact/read/{id}", "contact/read/all"));
        assert!(patterns_overlap("/contact/{a}/x", "contact/read/{b}"));
        assert!(!patterns_overlap("contact/read/{id}", "contact/readall"));
        assert!(!patterns_overlap("contact/read/{id}", "contact/write/{id}"));
        assert!(!patterns_overlap("contact/read/{id}", "contact/read/{id}/dgt"));
    }

    #[test]
    fn routes_are_found_by_method_and_path_with_their_parameters() {
        let routes: Vec<volante_registry::manifest::Route> = ["GET contact/readall", "GET contact/read/{id}", "POST contact/update/{id}", "GET contact/{id}/dgt/{year}"]
            .iter()
            .map(|r| {
                let (method, path) = r.split_once(' ').unwrap();
                serde_json::from_value(serde_json::json!({ "method": method, "path": path })).unwrap()
            })
            .collect();
        let index = super::RouteIndex::new(&routes);
        let find = |method, path| index.find(&routes, method, path);
        assert_eq!(find("GET", "contact/readall"), Some((0, vec![])));
        assert_eq!(find("GET", "contact/read/7"), Some((1, vec![("id".into(), "7".into())])));
        assert_eq!(find("GET", "contact/read/Pe%C3%B1a"), Some((1, vec![("id".into(), "Peña".into())])));
        assert_eq!(find("POST", "contact/update/3"), Some((2, vec![("id".into(), "3".into())])));
        assert_eq!(find("GET", "contact/9/dgt/2026"), Some((3, vec![("id".into(), "9".into()), ("year".into(), "2026".into())])));
        // Wrong method, an empty parameter, a segment more or less: no route.
        assert_eq!(find("POST", "contact/readall"), None);
        assert_eq!(find("GET", "contact/update/3"), None);
        assert_eq!(find("GET", "contact/read/"), None);
        assert_eq!(find("GET", "contact/read/7/x"), None);
        assert_eq!(find("GET", "contact"), None);
    }

    #[test]
    fn host_paths_are_not_for_plugins() {
        assert_eq!(super::host_path_overlapping("user/login"), Some(("POST", "user/login")));
        assert_eq!(super::host_path_overlapping("filesystem/file/read/{x}"), Some(("GET", "filesystem/file/read/{name}")));
        // Partly the host's: `plugin/list` would never reach the plugin.
        assert_eq!(super::host_path_overlapping("{area}/list"), Some(("GET", "plugin/list")));
        assert!(super::host_path_overlapping("openapi.json").is_some());
        assert!(super::host_path_overlapping("contact/readall").is_none());
        assert!(super::host_path_overlapping("user/login/extra").is_none());
    }
}

