//! Failed attempts (interface 0.1.9, `attempts`): a plugin counts wrong PINs or codes per key of
//! its own, in the business it works for. A failure is written at once on the host's pool, outside
//! the call's transaction: the refusal that follows rolls the call back, and the failure must still
//! count. Clearing (after a success) follows the call and happens only when it commits. Rows older
//! than a day are pruned by the host's janitor.

use super::bindings::latest::volante::plugin::attempts;
use super::host_imports::CallState;
use crate::state::AppState;

const MAX_KEY: usize = 100;
/// Failures are kept this long, so no window may be longer.
const MAX_WINDOW_MINUTES: u32 = 24 * 60;

/// Keys a call asked to clear, forgotten when it commits.
#[derive(Debug, Default)]
pub struct AttemptEffects {
    clears: Vec<(String, String)>,
}

impl AttemptEffects {
    pub fn absorb(&mut self, other: AttemptEffects) {
        self.clears.extend(other.clears);
    }

    pub async fn settle(self, app: &AppState, business_id: i64, committed: bool) {
        if !committed {
            return;
        }
        for (plugin_id, key) in self.clears {
            let cleared = sqlx::query("DELETE FROM plugin_attempt WHERE business_id = $1 AND plugin_id = $2 AND attempt_key = $3")
                .bind(business_id)
                .bind(&plugin_id)
                .bind(&key)
                .execute(&app.db.pool)
                .await;
            if let Err(err) = cleared {
                tracing::error!(plugin = %plugin_id, key, error = %err, "plugin attempts could not be cleared");
            }
        }
    }
}

/// Forget failures older than any window.
pub async fn prune(app: &AppState) -> anyhow::Result<u64> {
    let before = crate::db::from_now(-chrono::Duration::minutes(MAX_WINDOW_MINUTES as i64));
    Ok(sqlx::query("DELETE FROM plugin_attempt WHERE failed_at < $1").bind(before).execute(&app.db.pool).await?.rows_affected())
}

impl CallState {
    fn attempt_refused(&self, key: &str) -> Option<String> {
        if self.ctx.business_id == 0 {
            Some("Los intentos se cuentan en una empresa: esta llamada no tiene ninguna".into())
        } else if key.trim().is_empty() || key.chars().count() > MAX_KEY || key.chars().any(char::is_control) {
            Some(format!("Clave de intentos no válida (de 1 a {MAX_KEY} caracteres)"))
        } else {
            None
        }
    }
}

impl attempts::Host for CallState {
    async fn blocked(&mut self, key: String, limit: u32, window_minutes: u32) -> wasmtime::Result<Option<u32>> {
        if self.attempt_refused(&key).is_some() || limit == 0 {
            return Ok(None);
        }
        let window = window_minutes.clamp(1, MAX_WINDOW_MINUTES) as i64;
        let since = crate::db::from_now(-chrono::Duration::minutes(window));
        let rows: Vec<(String,)> = sqlx::query_as(
            "SELECT failed_at FROM plugin_attempt WHERE business_id = $1 AND plugin_id = $2 AND attempt_key = $3 AND failed_at > $4
             ORDER BY failed_at DESC LIMIT $5",
        )
        .bind(self.ctx.business_id)
        .bind(&self.plugin.manifest.plugin.id)
        .bind(&key)
        .bind(since)
        .bind(limit as i64)
        .fetch_all(&self.app()?.db.pool)
        .await?;
        if rows.len() < limit as usize {
            return Ok(None);
        }
        // The limit-th newest failure is the one whose leaving the window unblocks the key.
        let oldest = rows.last().map(|(at,)| at.as_str()).unwrap_or_default();
        let left = chrono::DateTime::parse_from_rfc3339(oldest)
            .map(|at| (at.with_timezone(&chrono::Utc) + chrono::Duration::minutes(window) - chrono::Utc::now()).num_seconds())
            .unwrap_or(window * 60);
        Ok(Some(((left + 59) / 60).max(1) as u32))
    }

    async fn fail(&mut self, key: String) -> wasmtime::Result<Result<(), String>> {
        if let Some(reason) = self.attempt_refused(&key) {
            return Ok(Err(reason));
        }
        sqlx::query("INSERT INTO plugin_attempt (business_id, plugin_id, attempt_key, failed_at) VALUES ($1, $2, $3, $4)")
            .bind(self.ctx.business_id)
            .bind(&self.plugin.manifest.plugin.id)
            .bind(&key)
            .bind(crate::db::now())
            .execute(&self.app()?.db.pool)
            .await?;
        metrics::counter!("volante_plugin_attempts_failed_total", "plugin" => self.plugin.manifest.plugin.id.clone()).increment(1);
        Ok(Ok(()))
    }

    async fn clear(&mut self, key: String) -> wasmtime::Result<Result<(), String>> {
        if let Some(reason) = self.attempt_refused(&key) {
            return Ok(Err(reason));
        }
        let plugin = self.plugin.manifest.plugin.id.clone();
        self.effects.attempts.clears.push((plugin, key));
        Ok(Ok(()))
    }
}
