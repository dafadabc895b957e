//! Database access on either engine through sqlx's `Any` driver.
//!
//! Queries are written once in the SQL both engines accept (`$1` placeholders, `RETURNING`,
//! `TRUE`/`FALSE`); timestamps are UTC ISO-8601 text so they compare as strings on both.

use std::str::FromStr;
use std::time::Duration;

use anyhow::Context;
use sqlx::any::AnyConnectOptions;
use sqlx::pool::PoolOptions;
use sqlx::{AnyPool, ConnectOptions, Connection, Database};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

#[derive(Clone)]
pub struct Db {
    pub pool: AnyPool,
    pub engine: Engine,
}

static SQLITE_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/sqlite");
static POSTGRES_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/postgres");

/// The tables the host's own migrations create, on either engine (lower-case, sorted). Plugins
/// name their tables `<plugin id>_<name>`, so no plugin may have an id these names start with.
pub fn host_tables() -> &'static [String] {
    static TABLES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        let mut names = std::collections::BTreeSet::new();
        for migration in SQLITE_MIGRATIONS.iter().chain(POSTGRES_MIGRATIONS.iter()) {
            let sql = migration.sql.to_ascii_lowercase();
            for after in sql.split("create table").skip(1) {
                let after = after.trim_start();
                let after = after.strip_prefix("if not exists").unwrap_or(after).trim_start();
                let name: String = after.chars().filter(|c| *c != '"').take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                if !name.is_empty() {
                    names.insert(name);
                }
            }
        }
        names.into_iter().collect()
    })
}

impl Db {
    pub async fn connect(url: &str) -> anyhow::Result<Db> {
        sqlx::any::install_default_drivers();
        let engine = if url.starts_with("sqlite:") { Engine::Sqlite } else { Engine::Postgres };
        if engine == Engine::Sqlite {
            if let Some(path) = url.strip_prefix("sqlite://").and_then(|rest| rest.split('?').next()) {
                if let Some(dir) = std::path::Path::new(path).parent() {
                    std::fs::create_dir_all(dir).with_context(|| format!("Failed to create {}", dir.display()))?;
                }
            }
        }
        let options = AnyConnectOptions::from_str(url)
            .context("Failed to parse the database URL")?
            .log_statements(tracing::log::LevelFilter::Trace)
            .log_slow_statements(tracing::log::LevelFilter::Warn, Duration::from_millis(500));
        let pool = pool_options()
            .max_connections(if engine == Engine::Sqlite { 8 } else { 16 })
            .acquire_timeout(Duration::from_secs(10))
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if engine == Engine::Sqlite {
                        // WAL lets readers run beside the writer; waiting beats failing when busy.
                        sqlx::query("PRAGMA journal_mode = WAL").execute(&mut *conn).await?;
                        sqlx::query("PRAGMA busy_timeout = 10000").execute(&mut *conn).await?;
                        sqlx::query("PRAGMA foreign_keys = ON").execute(&mut *conn).await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await
            .context("Failed to connect to the database")?;
        Ok(Db { pool, engine })
    }

    /// A transaction that may write. On SQLite it takes the write lock at BEGIN (`BEGIN
    /// IMMEDIATE`), where the busy timeout applies: a deferred transaction that has read and then
    /// writes while another connection holds the lock fails at once with "database is locked"
    /// (SQLite does not wait on that upgrade), which a user would see as a server error.
    pub async fn begin(&self) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
        match self.engine {
            Engine::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await,
            Engine::Postgres => self.pool.begin().await,
        }
    }

    pub async fn migrate(&self) -> anyhow::Result<()> {
        let migrator = match self.engine {
            Engine::Sqlite => &SQLITE_MIGRATIONS,
            Engine::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrator.run(&self.pool).await.context("Failed to run the host migrations")?;
        Ok(())
    }
}

/// A connection idle for less than this is handed out without a ping (`pool_options`).
pub const PING_IF_IDLE_FOR: Duration = Duration::from_secs(1);

/// The options every pool of the host starts from. sqlx's default pings each idle connection
/// before handing it out: a round trip on every acquire, on the path of every call. A call
/// whose BEGIN is then sent while something else runs (a plugin call's opening, polled once
/// before the guest starts) also waits for that ping's answer until the guest is done. Here a
/// connection is pinged only when it sat idle for `PING_IF_IDLE_FOR` or more, the way
/// long-lived pools elsewhere do it: a busy server reuses its connections within milliseconds,
/// and one that a database restart broke in the meantime fails that one statement and is
/// closed by sqlx, not reused.
pub fn pool_options<DB: Database>() -> PoolOptions<DB> {
    PoolOptions::new().test_before_acquire(false).before_acquire(|conn: &mut DB::Connection, meta| {
        Box::pin(async move {
            if meta.idle_for >= PING_IF_IDLE_FOR {
                conn.ping().await?;
            }
            Ok(true)
        })
    })
}

/// Current time as stored: UTC, millisecond precision, `Z` suffix.
pub fn now() -> String {
    stamp(chrono::Utc::now())
}

pub fn stamp(at: chrono::DateTime<chrono::Utc>) -> String {
    at.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}

/// Time `delta` from now, as stored.
pub fn from_now(delta: chrono::Duration) -> String {
    stamp(chrono::Utc::now() + delta)
}

/// True when a unique or foreign-key constraint named `name` (or any, if `None`) rejected the write.
pub fn is_unique_violation(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::Database(db) => matches!(db.kind(), sqlx::error::ErrorKind::UniqueViolation),
        _ => false,
    }
}

/// Decode a JSON text column.
pub fn json_column<T: serde::de::DeserializeOwned>(text: &str) -> anyhow::Result<T> {
    serde_json::from_str(text).context("Stored JSON column is not valid")
}

/// A boolean column on either engine: PostgreSQL `BOOLEAN`, SQLite `INTEGER` 0/1 (the `Any`
/// driver decodes neither SQLite's declared BOOLEAN nor an integer as `bool`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flag(pub bool);

impl sqlx::Type<sqlx::Any> for Flag {
    fn type_info() -> sqlx::any::AnyTypeInfo {
        <bool as sqlx::Type<sqlx::Any>>::type_info()
    }
    fn compatible(_ty: &sqlx::any::AnyTypeInfo) -> bool {
        true
    }
}

impl<'r> sqlx::Decode<'r, sqlx::Any> for Flag {
    fn decode(value: sqlx::any::AnyValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
        if let Ok(b) = <bool as sqlx::Decode<sqlx::Any>>::decode(value.clone()) {
            return Ok(Flag(b));
        }
        Ok(Flag(<i64 as sqlx::Decode<sqlx::Any>>::decode(value)? != 0))
    }
}

/// Read a boolean column.
pub fn flag(row: &sqlx::any::AnyRow, column: &str) -> Result<bool, sqlx::Error> {
    use sqlx::Row;
    Ok(row.try_get::<Flag, _>(column)?.0)
}
