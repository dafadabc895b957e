//! Where plugin data lives and how each call's transaction is bound to its business.
//!
//! - SQLite: one database file per business (`<data_dir>/plugins/business-<id>.db`), so another
//!   business's rows are not even there; triggers on every plugin table refuse a `business_id`
//!   other than the file's. Migrations run per business when its service is first turned on.
//! - PostgreSQL: plugin tables live in the host database with row-level security forced
//!   (`business_id = current_setting('volante.business_id')`), and each call runs as a non-owner
//!   role per plugin (`SET LOCAL ROLE volante_plugin_<id>`) inside its transaction. Migrations run
//!   once, as the host, when the plugin is first enabled anywhere.

use std::collections::HashMap;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;

use anyhow::Context;
use sqlx::postgres::PgPool;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool};
use sqlx::{Column, Row, TypeInfo, ValueRef};
use futures::future::BoxFuture;
use tokio::sync::Mutex;

use super::bindings::latest::volante::plugin::types::{SqlRows, SqlValue};
use crate::db::Engine;

pub struct PluginData {
    engine: Engine,
    dir: PathBuf,
    sqlite: Mutex<HashMap<i64, SqlitePool>>,
    postgres: Option<PgPool>,
}

/// The open transaction of one plugin call.
pub enum PluginTx {
    Sqlite(sqlx::Transaction<'static, sqlx::Sqlite>),
    Postgres(sqlx::Transaction<'static, sqlx::Postgres>),
}

impl PluginData {
    pub async fn new(engine: Engine, data_dir: &std::path::Path, database_url: &str) -> anyhow::Result<PluginData> {
        let dir = data_dir.join("plugins");
        std::fs::create_dir_all(&dir).with_context(|| format!("Failed to create {}", dir.display()))?;
        let postgres = match engine {
            Engine::Postgres => Some(
                crate::db::pool_options()
                    .max_connections(16)
                    .connect(database_url)
                    .await
                    .context("Failed to connect the plugin data pool")?,
            ),
            Engine::Sqlite => None,
        };
        Ok(PluginData { engine, dir, sqlite: Mutex::new(HashMap::new()), postgres })
    }

    pub fn engine(&self) -> Engine {
        self.engine
    }

    fn sqlite_pool(&self, business_id: i64) -> BoxFuture<'_, anyhow::Result<SqlitePool>> {
        Box::pin(async move {
        let mut pools = self.sqlite.lock().await;
        if let Some(pool) = pools.get(&business_id) {
            return Ok(pool.clone());
        }
        let path = self.dir.join(format!("business-{business_id}.db"));
        let options = SqliteConnectOptions::from_str(&format!("sqlite://{}", path.display()))?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .busy_timeout(std::time::Duration::from_secs(10))
            .foreign_keys(true);
        let pool = crate::db::pool_options().max_connections(4).connect_with(options).await?;
        sqlx::query(
            "CREATE TABLE IF NOT EXISTS volante_plugin_migration (
                plugin_id TEXT NOT NULL, name TEXT NOT NULL, applied_at TEXT NOT NULL, PRIMARY KEY (plugin_id, name))",
        )
        .execute(&pool)
        .await?;
        pools.insert(business_id, pool.clone());
        Ok(pool)
    })
    }

    /// Every plugin's data of `business_id`, gone: on SQLite its database file (closed first),
    /// on PostgreSQL its rows in every plugin table (through the tables' row security, as the
    /// business). How many rows went (SQLite: those of the file's plugin tables).
    pub async fn remove_business(&self, business_id: i64) -> anyhow::Result<u64> {
        match self.engine {
            Engine::Sqlite => {
                let path = self.dir.join(format!("business-{business_id}.db"));
                if !path.exists() {
                    return Ok(0);
                }
                let pool = self.sqlite_pool(business_id).await?;
                let tables: Vec<(String,)> = sqlx::query_as(
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'volante_plugin_migration' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
                )
                .fetch_all(&pool)
                .await?;
                let mut rows = 0u64;
                for (table,) in tables {
                    let (n,): (i64,) = sqlx::query_as(&format!("SELECT COUNT(*) FROM \"{table}\"")).fetch_one(&pool).await?;
                    rows += n as u64;
                }
                self.sqlite.lock().await.remove(&business_id);
                pool.close().await;
                for suffix in ["", "-wal", "-shm"] {
                    let file = self.dir.join(format!("business-{business_id}.db{suffix}"));
                    match std::fs::remove_file(&file) {
                        Ok(()) => {}
                        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
                        Err(err) => return Err(err).with_context(|| format!("Failed to delete {}", file.display())),
                    }
                }
                Ok(rows)
            }
            Engine::Postgres => {
                let pool = self.pg()?;
                let host = crate::db::host_tables();
                let tables: Vec<(String,)> = sqlx::query_as(
                    "SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                     WHERE n.nspname = current_schema() AND c.relkind = 'r'
                       AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'business_id' AND NOT a.attisdropped)",
                )
                .fetch_all(pool)
                .await?;
                let mut tx = pool.begin().await?;
                // The tables force row security: the deletes see only this business's rows.
                sqlx::query("SELECT set_config('volante.business_id', $1, true)").bind(business_id.to_string()).execute(&mut *tx).await?;
                let mut rows = 0u64;
                for (table,) in tables.into_iter().filter(|(t,)| !host.contains(t)) {
                    rows += sqlx::query(&format!("DELETE FROM \"{table}\" WHERE business_id = $1")).bind(business_id).execute(&mut *tx).await?.rows_affected();
                }
                tx.commit().await?;
                Ok(rows)
            }
        }
    }

    fn pg(&self) -> anyhow::Result<&PgPool> {
        self.postgres.as_ref().context("no PostgreSQL plugin pool")
    }

    /// Run the plugin's pending migrations where `business_id`'s data lives. Each migration runs
    /// in its own transaction with its bookkeeping row; a failure leaves the earlier ones applied
    /// and reports which one failed.
    pub fn migrate<'a>(
        &'a self,
        plugin_id: &'a str,
        business_id: i64,
        sqlite: &'a [(String, String)],
        postgres: &'a [(String, String)],
    ) -> BoxFuture<'a, anyhow::Result<Vec<String>>> {
        let plugin_id = plugin_id.to_string();
        let sqlite = sqlite.to_vec();
        let postgres = postgres.to_vec();
        Box::pin(async move {
        let plugin_id = plugin_id.as_str();
        let mut applied = Vec::new();
        match self.engine {
            Engine::Sqlite => {
                let pool = self.sqlite_pool(business_id).await?;
                for (name, sql) in &sqlite {
                    if apply_sqlite(&pool, plugin_id, name, sql).await? {
                        applied.push(name.clone());
                    }
                }
                self.guard_sqlite_tables(&pool, plugin_id, business_id).await?;
            }
            Engine::Postgres => {
                let pool = self.pg()?;
                sqlx::query(
                    "CREATE TABLE IF NOT EXISTS volante_plugin_migration (
                        plugin_id TEXT NOT NULL, name TEXT NOT NULL, applied_at TEXT NOT NULL, PRIMARY KEY (plugin_id, name))",
                )
                .execute(pool)
                .await?;
                for (name, sql) in &postgres {
                    if apply_pg(pool, plugin_id, name, sql).await? {
                        applied.push(name.clone());
                    }
                }
                self.secure_postgres_tables(plugin_id).await?;
            }
        }
        Ok(applied)
    })
    }

    /// SQLite: triggers that refuse rows of another business in this business's file.
    fn guard_sqlite_tables<'a>(&'a self, pool: &'a SqlitePool, plugin_id: &'a str, business_id: i64) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(async move {
        let tables: Vec<(String,)> =
            sqlx::query_as("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE $1 || '\\_%' ESCAPE '\\'")
                .bind(plugin_id)
                .fetch_all(pool)
                .await?;
        for (table,) in tables {
            let has_business: Option<(String,)> =
                sqlx::query_as("SELECT name FROM pragma_table_info($1) WHERE name = 'business_id'")
                    .bind(&table)
                    .fetch_optional(pool)
                    .await?;
            if has_business.is_none() {
                continue;
            }
            for (when, event) in [("ins", "INSERT"), ("upd", "UPDATE")] {
                let sql = format!(
                    "CREATE TRIGGER IF NOT EXISTS volante_tenant_{when}_{table} BEFORE {event} ON \"{table}\"
                     WHEN NEW.business_id IS NOT {business_id}
                     BEGIN SELECT RAISE(ABORT, 'business_id de otra empresa'); END"
                );
                sqlx::Executor::execute(pool, sql.as_str()).await?;
            }
        }
        Ok(())
    })
    }

    /// PostgreSQL: the plugin's role, its grants, and forced row-level security on its tables.
    fn secure_postgres_tables<'a>(&'a self, plugin_id: &'a str) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(async move {
        let pool = self.pg()?;
        let role = role_name(plugin_id);
        if !role_exists(pool, &role).await? {
            let create = format!("CREATE ROLE {role} NOLOGIN NOSUPERUSER NOBYPASSRLS");
            let created = sqlx::Executor::execute(pool, create.as_str()).await;
            if let Err(err) = created {
                // Another database in the same cluster (or another host) may have created it
                // meanwhile: PostgreSQL then answers "already exists" or, when the two creations
                // overlap, a unique violation on pg_authid. Either way the role is there now.
                if !role_exists(pool, &role).await? {
                    return Err(err).context("Failed to create the plugin's database role");
                }
            }
        }
        let tables: Vec<(String, bool)> = sqlx::query_as(
            "SELECT c.relname::text, EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'business_id' AND NOT a.attisdropped)
             FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname LIKE $1 || '\\_%'",
        )
        .bind(plugin_id)
        .fetch_all(pool)
        .await?;
        let mut tx = pool.begin().await?;
        exec_pg(&mut tx, format!("GRANT USAGE ON SCHEMA public TO {role}")).await?;
        for (table, has_business) in tables {
            exec_pg(&mut tx, format!("GRANT SELECT, INSERT, UPDATE, DELETE ON \"{table}\" TO {role}")).await?;
            for sequence in sequences_of(&mut tx, table.clone()).await? {
                exec_pg(&mut tx, format!("GRANT USAGE, SELECT ON SEQUENCE {sequence} TO {role}")).await?;
            }
            if has_business {
                exec_pg(
                    &mut tx,
                    format!(
                        "ALTER TABLE \"{table}\" ENABLE ROW LEVEL SECURITY; ALTER TABLE \"{table}\" FORCE ROW LEVEL SECURITY;
                         DROP POLICY IF EXISTS volante_tenant ON \"{table}\";
                         CREATE POLICY volante_tenant ON \"{table}\"
                           USING (business_id = NULLIF(current_setting('volante.business_id', true), '')::bigint)
                           WITH CHECK (business_id = NULLIF(current_setting('volante.business_id', true), '')::bigint)"
                    ),
                )
                .await?;
            }
        }
        tx.commit().await?;
        Ok(())
    })
    }

    /// Read access for `plugin_id` to another plugin's tables, as granted by the provider.
    /// SQLite: nothing to do (the statement guard reads the grants). PostgreSQL: `SELECT` for the
    /// plugin's role on each table that exists; one not created yet gets it after the migration
    /// that creates it (`Plugins::apply_read_grants`).
    pub fn grant_read<'a>(&'a self, plugin_id: &'a str, tables: &'a [String]) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(self.change_read(plugin_id, tables, true))
    }

    /// Take back read access (PostgreSQL: `REVOKE SELECT`).
    pub fn revoke_read<'a>(&'a self, plugin_id: &'a str, tables: &'a [String]) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(self.change_read(plugin_id, tables, false))
    }

    async fn change_read(&self, plugin_id: &str, tables: &[String], grant: bool) -> anyhow::Result<()> {
        let Engine::Postgres = self.engine else { return Ok(()) };
        let pool = self.pg()?;
        let role = role_name(plugin_id);
        if !role_exists(pool, &role).await? {
            // Its role comes with its first migration, which applies the grants.
            return Ok(());
        }
        for table in tables {
            if !table.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_') {
                anyhow::bail!("not a table name: {table}");
            }
            let (there,): (bool,) = sqlx::query_as("SELECT to_regclass(current_schema() || '.' || $1) IS NOT NULL").bind(table).fetch_one(pool).await?;
            if there {
                let statement =
                    if grant { format!("GRANT SELECT ON \"{table}\" TO {role}") } else { format!("REVOKE SELECT ON \"{table}\" FROM {role}") };
                sqlx::Executor::execute(pool, statement.as_str()).await.with_context(|| format!("Failed to change the read grant on {table}"))?;
            }
        }
        Ok(())
    }

    /// Open the call's transaction, bound to `business_id` and, on PostgreSQL, to the plugin's role.
    /// `read_only`: a transaction that cannot write (SQLite: deferred, so it takes no write lock;
    /// PostgreSQL: `READ ONLY`).
    pub fn begin<'a>(&'a self, plugin_id: &'a str, business_id: i64, read_only: bool) -> BoxFuture<'a, anyhow::Result<PluginTx>> {
        Box::pin(async move {
        match self.engine {
            Engine::Sqlite => {
                let pool = self.sqlite_pool(business_id).await?;
                // Take the write lock up front: two calls upgrading read locks would fail with BUSY.
                let tx = pool.begin_with(if read_only { "BEGIN DEFERRED" } else { "BEGIN IMMEDIATE" }).await?;
                Ok(PluginTx::Sqlite(tx))
            }
            Engine::Postgres => {
                // One round trip instead of five: the transaction and its settings as one simple
                // query. The business id is an integer and the role's name comes from a checked
                // plugin id, so both are written in.
                let statement = format!(
                    "BEGIN{}; SELECT set_config('volante.business_id', '{business_id}', true); SET LOCAL ROLE {}; \
                     SET LOCAL statement_timeout = '5s'",
                    if read_only { " READ ONLY" } else { "" },
                    role_name(plugin_id),
                );
                let tx = self.pg()?.begin_with(statement).await?;
                Ok(PluginTx::Postgres(tx))
            }
        }
    })
    }
}

/// Apply one migration with its bookkeeping row, unless already applied. True when applied now.
fn apply_sqlite<'a>(pool: &'a SqlitePool, plugin_id: &'a str, name: &'a str, sql: &'a str) -> BoxFuture<'a, anyhow::Result<bool>> {
    Box::pin(async move {
        let done: Option<(String,)> =
            sqlx::query_as("SELECT name FROM volante_plugin_migration WHERE plugin_id = $1 AND name = $2")
                .bind(plugin_id)
                .bind(name)
                .fetch_optional(pool)
                .await?;
        if done.is_some() {
            return Ok(false);
        }
        let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
        if let Err(err) = exec_sqlite(&mut tx, sql.to_string()).await {
            anyhow::bail!("migration {name} failed: {err}");
        }
        sqlx::query("INSERT INTO volante_plugin_migration (plugin_id, name, applied_at) VALUES ($1, $2, $3)")
            .bind(plugin_id)
            .bind(name)
            .bind(crate::db::now())
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(true)
    })
}

fn exec_sqlite(conn: &mut sqlx::SqliteConnection, sql: String) -> BoxFuture<'_, Result<(), sqlx::Error>> {
    Box::pin(async move {
        // A query without arguments runs as a script (several statements) on both engines.
        sqlx::Executor::execute(conn, sql.as_str()).await?;
        Ok(())
    })
}

fn apply_pg<'a>(pool: &'a PgPool, plugin_id: &'a str, name: &'a str, sql: &'a str) -> BoxFuture<'a, anyhow::Result<bool>> {
    Box::pin(async move {
        let mut tx = pool.begin().await?;
        // One migrator at a time across hosts.
        sqlx::query("SELECT pg_advisory_xact_lock(hashtext($1))").bind(plugin_id).execute(&mut *tx).await?;
        let done: Option<(String,)> =
            sqlx::query_as("SELECT name FROM volante_plugin_migration WHERE plugin_id = $1 AND name = $2")
                .bind(plugin_id)
                .bind(name)
                .fetch_optional(&mut *tx)
                .await?;
        if done.is_some() {
            return Ok(false);
        }
        if let Err(err) = exec_pg(&mut tx, sql.to_string()).await {
            anyhow::bail!("migration {name} failed: {err}");
        }
        sqlx::query("INSERT INTO volante_plugin_migration (plugin_id, name, applied_at) VALUES ($1, $2, $3)")
            .bind(plugin_id)
            .bind(name)
            .bind(crate::db::now())
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(true)
    })
}

fn exec_pg(conn: &mut sqlx::PgConnection, sql: String) -> BoxFuture<'_, Result<(), sqlx::Error>> {
    Box::pin(async move {
        // A query without arguments runs as a script (several statements) on both engines.
        sqlx::Executor::execute(conn, sql.as_str()).await?;
        Ok(())
    })
}

fn sequences_of(conn: &mut sqlx::PgConnection, table: String) -> BoxFuture<'_, Result<Vec<String>, sqlx::Error>> {
    Box::pin(async move {
        let rows: Vec<(Option<String>,)> = sqlx::query_as(
            "SELECT pg_get_serial_sequence($1, a.attname)::text FROM pg_attribute a
             WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped",
        )
        .bind(&table)
        .fetch_all(conn)
        .await?;
        Ok(rows.into_iter().filter_map(|(s,)| s).collect())
    })
}

/// Whether the PostgreSQL role exists.
async fn role_exists(pool: &sqlx::PgPool, role: &str) -> anyhow::Result<bool> {
    let found: Option<(String,)> = sqlx::query_as("SELECT rolname::text FROM pg_roles WHERE rolname = $1").bind(role).fetch_optional(pool).await?;
    Ok(found.is_some())
}

pub fn role_name(plugin_id: &str) -> String {
    format!("volante_plugin_{plugin_id}")
}

impl PluginTx {
    /// Run the next statements with `plugin_id`'s database rights (PostgreSQL: its role; SQLite
    /// has no roles, the statement guard of the plugin's call applies).
    pub async fn act_as(&mut self, plugin_id: &str) -> anyhow::Result<()> {
        if let PluginTx::Postgres(tx) = self {
            exec_pg(tx, format!("SET LOCAL ROLE {}", role_name(plugin_id))).await?;
        }
        Ok(())
    }

    pub async fn commit(self) -> anyhow::Result<()> {
        match self {
            PluginTx::Sqlite(tx) => tx.commit().await?,
            PluginTx::Postgres(tx) => tx.commit().await?,
        }
        Ok(())
    }

    pub async fn rollback(self) -> anyhow::Result<()> {
        match self {
            PluginTx::Sqlite(tx) => tx.rollback().await?,
            PluginTx::Postgres(tx) => tx.rollback().await?,
        }
        Ok(())
    }

    pub fn query<'a>(&'a mut self, sql: &'a str, params: Vec<SqlValue>) -> BoxFuture<'a, Result<SqlRows, sqlx::Error>> {
        Box::pin(async move {
        match self {
            PluginTx::Sqlite(tx) => {
                let rows = bind_sqlite(sqlx::query(sql), params).fetch_all(&mut **tx).await?;
                rows_to_wit(rows.iter(), sqlite_value)
            }
            PluginTx::Postgres(tx) => {
                let rows = bind_pg(sqlx::query(sql), params).fetch_all(&mut **tx).await?;
                rows_to_wit(rows.iter(), pg_value)
            }
        }
    })
    }

    pub fn execute<'a>(&'a mut self, sql: &'a str, params: Vec<SqlValue>) -> BoxFuture<'a, Result<u64, sqlx::Error>> {
        Box::pin(async move {
        Ok(match self {
            PluginTx::Sqlite(tx) => bind_sqlite(sqlx::query(sql), params).execute(&mut **tx).await?.rows_affected(),
            PluginTx::Postgres(tx) => bind_pg(sqlx::query(sql), params).execute(&mut **tx).await?.rows_affected(),
        })
    })
    }
}

fn bind_sqlite<'q>(
    mut q: sqlx::query::Query<'q, sqlx::Sqlite, sqlx::sqlite::SqliteArguments<'q>>,
    params: Vec<SqlValue>,
) -> sqlx::query::Query<'q, sqlx::Sqlite, sqlx::sqlite::SqliteArguments<'q>> {
    for p in params {
        q = match p {
            SqlValue::Null => q.bind(Option::<String>::None),
            SqlValue::Integer(v) => q.bind(v),
            SqlValue::Real(v) => q.bind(v),
            SqlValue::Text(v) => q.bind(v),
            SqlValue::Boolean(v) => q.bind(v),
            SqlValue::Blob(v) => q.bind(v),
        };
    }
    q
}

fn bind_pg(
    mut q: sqlx::query::Query<'_, sqlx::Postgres, sqlx::postgres::PgArguments>,
    params: Vec<SqlValue>,
) -> sqlx::query::Query<'_, sqlx::Postgres, sqlx::postgres::PgArguments> {
    for p in params {
        q = match p {
            // NULLs were inlined into the statement by the guard.
            SqlValue::Null => q.bind(Option::<String>::None),
            SqlValue::Integer(v) => q.bind(v),
            SqlValue::Real(v) => q.bind(v),
            SqlValue::Text(v) => q.bind(v),
            SqlValue::Boolean(v) => q.bind(v),
            SqlValue::Blob(v) => q.bind(v),
        };
    }
    q
}

fn rows_to_wit<'r, R: Row + 'r>(
    rows: impl Iterator<Item = &'r R>,
    value: impl Fn(&R, usize) -> Result<SqlValue, sqlx::Error>,
) -> Result<SqlRows, sqlx::Error> {
    let mut columns = Vec::new();
    let mut out = Vec::new();
    for (n, row) in rows.enumerate() {
        if n == 0 {
            columns = row.columns().iter().map(|c| c.name().to_string()).collect();
        }
        out.push((0..row.len()).map(|i| value(row, i)).collect::<Result<Vec<_>, _>>()?);
    }
    Ok(SqlRows { columns, rows: out })
}

fn sqlite_value(row: &sqlx::sqlite::SqliteRow, i: usize) -> Result<SqlValue, sqlx::Error> {
    let raw = row.try_get_raw(i)?;
    if raw.is_null() {
        return Ok(SqlValue::Null);
    }
    let type_name = raw.type_info().name().to_string();
    Ok(match type_name.as_str() {
        "INTEGER" | "BOOLEAN" | "INT8" | "BIGINT" => SqlValue::Integer(row.try_get(i)?),
        "REAL" | "NUMERIC" => SqlValue::Real(row.try_get(i)?),
        "BLOB" => SqlValue::Blob(row.try_get(i)?),
        _ => SqlValue::Text(row.try_get(i)?),
    })
}

fn pg_value(row: &sqlx::postgres::PgRow, i: usize) -> Result<SqlValue, sqlx::Error> {
    let raw = row.try_get_raw(i)?;
    if raw.is_null() {
        return Ok(SqlValue::Null);
    }
    let type_name = raw.type_info().name().to_string();
    Ok(match type_name.as_str() {
        "INT2" => SqlValue::Integer(row.try_get::<i16, _>(i)? as i64),
        "INT4" => SqlValue::Integer(row.try_get::<i32, _>(i)? as i64),
        "INT8" => SqlValue::Integer(row.try_get(i)?),
        "FLOAT4" => SqlValue::Real(row.try_get::<f32, _>(i)? as f64),
        "FLOAT8" => SqlValue::Real(row.try_get(i)?),
        "BOOL" => SqlValue::Boolean(row.try_get(i)?),
        "BYTEA" => SqlValue::Blob(row.try_get(i)?),
        "TEXT" | "VARCHAR" | "BPCHAR" | "NAME" | "CHAR" => SqlValue::Text(row.try_get(i)?),
        other => {
            return Err(sqlx::Error::Decode(format!("column type {other} is not supported for plugins; cast it to text").into()))
        }
    })
}

pub type Shared = Arc<PluginData>;
