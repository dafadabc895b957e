//! Plugin timers (interface 0.1.8, `timers`): a plugin asks to be called back at a time, in the
//! business it is working for (an alarm, a reminder). Setting and cancelling follow the call
//! (`TimerEffects::settle`, on commit); the host's poller (`spawn`) finds the due timers in
//! `plugin_timer`, takes each off the table (one host wins it: the `DELETE` that removes the row
//! is the claim, on either engine), and calls the plugin's `on-event` with the event `timer` in a
//! context with the business's services and no user. A handler that fails is put back for a
//! later attempt, five at most.

use std::time::Duration;

use serde_json::json;
use sqlx::Row;

use super::bindings::latest::volante::plugin::timers;
use super::host_imports::CallState;
use crate::state::AppState;

/// The event name a timer fires with (the SDK's `timers::EVENT`).
pub const EVENT: &str = "timer";
const MAX_KEY: usize = 100;
const MAX_PAYLOAD: usize = 4096;
/// Timers one call may set or cancel.
const MAX_OPS: usize = 200;
/// Attempts of a handler that keeps failing.
const MAX_ATTEMPTS: i64 = 5;
/// Due timers taken per poll.
const BATCH: i64 = 50;

#[derive(Debug)]
enum Op {
    Set { key: String, due_at: String, payload: String },
    Cancel { key: String },
}

/// What a call did to its plugin's timers, applied in order when it commits.
#[derive(Debug, Default)]
pub struct TimerEffects {
    ops: Vec<(String, Op)>,
}

impl TimerEffects {
    pub fn absorb(&mut self, other: TimerEffects) {
        self.ops.extend(other.ops);
    }

    pub async fn settle(self, app: &AppState, business_id: i64, committed: bool) {
        if !committed || self.ops.is_empty() {
            return;
        }
        let written: anyhow::Result<()> = async {
            let mut tx = app.db.begin().await?;
            for (plugin_id, op) in &self.ops {
                match op {
                    Op::Set { key, due_at, payload } => {
                        sqlx::query(
                            "INSERT INTO plugin_timer (business_id, plugin_id, timer_key, due_at, payload, attempts) VALUES ($1, $2, $3, $4, $5, 0)
                             ON CONFLICT (business_id, plugin_id, timer_key) DO UPDATE SET due_at = excluded.due_at, payload = excluded.payload, attempts = 0",
                        )
                        .bind(business_id)
                        .bind(plugin_id)
                        .bind(key)
                        .bind(due_at)
                        .bind(payload)
                        .execute(&mut *tx)
                        .await?;
                    }
                    Op::Cancel { key } => {
                        sqlx::query("DELETE FROM plugin_timer WHERE business_id = $1 AND plugin_id = $2 AND timer_key = $3")
                            .bind(business_id)
                            .bind(plugin_id)
                            .bind(key)
                            .execute(&mut *tx)
                            .await?;
                    }
                }
            }
            tx.commit().await?;
            Ok(())
        }
        .await;
        if let Err(err) = written {
            tracing::error!(business_id, error = %err, "plugin timers could not be written");
        }
    }
}

/// A UTC time as the host stores it (`db::now()`'s form), from the plugin's ISO-8601 text.
fn due_at(at: &str) -> Result<String, String> {
    chrono::DateTime::parse_from_rfc3339(at.trim())
        .map(|t| t.with_timezone(&chrono::Utc).format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string())
        .map_err(|_| format!("Hora del temporizador no válida: «{at}» (ISO-8601 con zona, p. ej. 2026-11-26T09:00:00Z)"))
}

impl CallState {
    fn timer_refused(&self, key: &str) -> Option<String> {
        if self.ctx.business_id == 0 {
            Some("Los temporizadores son de una empresa: esta llamada no tiene ninguna".into())
        } else if self.read_only {
            Some(super::host_imports::READ_ONLY.into())
        } else if key.trim().is_empty() || key.chars().count() > MAX_KEY || key.chars().any(char::is_control) {
            Some(format!("Clave de temporizador no válida (de 1 a {MAX_KEY} caracteres)"))
        } else if self.effects.timers.ops.len() >= MAX_OPS {
            Some(format!("Una llamada puede programar como mucho {MAX_OPS} temporizadores"))
        } else {
            None
        }
    }
}

impl timers::Host for CallState {
    async fn set(&mut self, key: String, at: String, payload_json: String) -> wasmtime::Result<Result<(), String>> {
        if let Some(reason) = self.timer_refused(&key) {
            return Ok(Err(reason));
        }
        let due_at = match due_at(&at) {
            Ok(due_at) => due_at,
            Err(reason) => return Ok(Err(reason)),
        };
        if payload_json.len() > MAX_PAYLOAD {
            return Ok(Err(format!("El dato del temporizador ocupa {} bytes; el máximo es {MAX_PAYLOAD}", payload_json.len())));
        }
        if let Err(err) = serde_json::from_str::<serde::de::IgnoredAny>(&payload_json) {
            return Ok(Err(format!("El dato del temporizador no es JSON válido: {err}")));
        }
        let plugin = self.plugin.manifest.plugin.id.clone();
        self.effects.timers.ops.push((plugin, Op::Set { key, due_at, payload: payload_json }));
        Ok(Ok(()))
    }

    async fn cancel(&mut self, key: String) -> wasmtime::Result<Result<(), String>> {
        if let Some(reason) = self.timer_refused(&key) {
            return Ok(Err(reason));
        }
        let plugin = self.plugin.manifest.plugin.id.clone();
        self.effects.timers.ops.push((plugin, Op::Cancel { key }));
        Ok(Ok(()))
    }
}

/// Poll for due timers every `plugins.timer_poll_ms` until the task is aborted.
pub fn spawn(app: AppState) -> tokio::task::JoinHandle<()> {
    let every = Duration::from_millis(app.config.plugins.timer_poll_ms);
    crate::app::spawn_poller(every, BATCH as usize, "plugin timers", move || {
        let app = app.clone();
        async move { fire_due(&app).await }
    })
}

struct Due {
    business_id: i64,
    plugin_id: String,
    key: String,
    due_at: String,
    payload: String,
    attempts: i64,
}

/// Fire the timers due now; answers how many were found.
pub async fn fire_due(app: &AppState) -> anyhow::Result<usize> {
    let rows = sqlx::query(
        "SELECT business_id, plugin_id, timer_key, due_at, payload, attempts FROM plugin_timer WHERE due_at <= $1 ORDER BY due_at LIMIT $2",
    )
    .bind(crate::db::now())
    .bind(BATCH)
    .fetch_all(&app.db.pool)
    .await?;
    let found = rows.len();
    for row in rows {
        let due = Due {
            business_id: row.try_get("business_id")?,
            plugin_id: row.try_get("plugin_id")?,
            key: row.try_get("timer_key")?,
            due_at: row.try_get("due_at")?,
            payload: row.try_get("payload")?,
            attempts: row.try_get("attempts")?,
        };
        // The claim: whichever host removes the row fires it.
        let claimed = sqlx::query("DELETE FROM plugin_timer WHERE business_id = $1 AND plugin_id = $2 AND timer_key = $3 AND due_at = $4")
            .bind(due.business_id)
            .bind(&due.plugin_id)
            .bind(&due.key)
            .bind(&due.due_at)
            .execute(&app.db.pool)
            .await?
            .rows_affected();
        if claimed == 1 {
            fire(app, due).await;
        }
    }
    Ok(found)
}

async fn fire(app: &AppState, due: Due) {
    let Some(plugin) = app.plugins.installed(&due.plugin_id).await else {
        tracing::info!(plugin = %due.plugin_id, key = %due.key, "timer of a plugin no longer installed dropped");
        return;
    };
    let services: Vec<String> = match sqlx::query_as::<_, (String,)>(
        "SELECT s.service_id FROM business_service s JOIN business b ON b.business_id = s.business_id
         WHERE s.business_id = $1 AND b.status <> 'suspended' ORDER BY s.service_id",
    )
    .bind(due.business_id)
    .fetch_all(&app.db.pool)
    .await
    {
        Ok(rows) => rows.into_iter().map(|(s,)| s).collect(),
        Err(err) => {
            tracing::warn!(error = %err, "a timer's business could not be read");
            return retry(app, due).await;
        }
    };
    // A business without the plugin's service (or suspended) is not worked for: the timer goes.
    if !plugin.manifest.services.iter().any(|s| services.contains(&s.id)) {
        tracing::info!(plugin = %due.plugin_id, key = %due.key, business_id = due.business_id, "timer of a business without the service dropped");
        return;
    }
    let ctx = super::bindings::latest::volante::plugin::types::Context {
        business_id: due.business_id,
        services,
        ..super::anonymous_context(format!("timer-{}", uuid::Uuid::new_v4().simple()))
    };
    let payload = serde_json::from_str::<serde_json::Value>(&due.payload).unwrap_or(serde_json::Value::Null);
    let event = json!({ "key": due.key, "payload": payload }).to_string();
    match app.plugins.on_event(app, plugin, None, ctx, EVENT, &event).await {
        Ok(Ok(())) => {
            metrics::counter!("volante_plugin_timers_fired_total", "plugin" => due.plugin_id.clone()).increment(1);
        }
        Ok(Err(message)) => {
            tracing::warn!(plugin = %due.plugin_id, key = %due.key, message, "timer handler refused");
            retry(app, due).await;
        }
        Err(err) => {
            tracing::error!(plugin = %due.plugin_id, key = %due.key, error = ?err, "timer handler failed");
            retry(app, due).await;
        }
    }
}

/// Put a failed timer back, later, unless it has had its attempts or was set again meanwhile.
async fn retry(app: &AppState, due: Due) {
    let attempts = due.attempts + 1;
    if attempts >= MAX_ATTEMPTS {
        tracing::error!(plugin = %due.plugin_id, key = %due.key, attempts, "timer given up");
        return;
    }
    let later = crate::db::from_now(chrono::Duration::minutes(1 << due.attempts));
    let put = sqlx::query(
        "INSERT INTO plugin_timer (business_id, plugin_id, timer_key, due_at, payload, attempts) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (business_id, plugin_id, timer_key) DO NOTHING",
    )
    .bind(due.business_id)
    .bind(&due.plugin_id)
    .bind(&due.key)
    .bind(later)
    .bind(&due.payload)
    .bind(attempts)
    .execute(&app.db.pool)
    .await;
    if let Err(err) = put {
        tracing::error!(plugin = %due.plugin_id, key = %due.key, error = %err, "timer could not be put back");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_stored_in_utc_as_the_host_writes_them() {
        assert_eq!(due_at("2026-11-26T09:00:00Z").unwrap(), "2026-11-26T09:00:00.000Z");
        assert_eq!(due_at("2026-11-26T10:00:00+01:00").unwrap(), "2026-11-26T09:00:00.000Z");
        assert!(due_at("2026-11-26 09:00").is_err());
        assert!(due_at("mañana").is_err());
    }
}
