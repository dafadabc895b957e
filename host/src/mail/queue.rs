//! The delivery queue of plugins' mail. A call's `mail.send` composes its messages at once (a
//! bad template or address is the call's error), but nothing leaves before the call commits: a
//! call that fails sends nothing. Once it commits, its messages are written to `mail_queue` and
//! tried at once, still on the call's path, as a direct send would be. A message the relay
//! refuses stays queued and the host's poller (`spawn`) tries it again after 1, 2, 4… minutes (at
//! most six hours apart), `MAX_ATTEMPTS` times in all before it is marked failed. Taking a
//! message is a claim: the `UPDATE` that moves its next attempt forward wins it for one host, so
//! two hosts on one database never send it twice, and a host that stops mid-send leaves it to be
//! tried again once the lease (`LEASE_MINUTES`) is over.

use std::time::Duration;

use axum::extract::State;
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::Row;

use super::Composed;
use crate::auth::Session;
use crate::error::{codes, ok, ApiError, ApiJson, Body, Params};
use crate::state::AppState;

/// Seeing and retrying the business's deliveries takes what its mail layouts take.
const PERMISSION: &str = "business.general";
const STATUSES: &[&str] = &["queued", "sent", "failed"];

/// The business's delivery log (`mail/delivery/read`, `mail/delivery/retry`; additions).
pub fn router() -> Router<AppState> {
    Router::new().route("/mail/delivery/read", get(read)).route("/mail/delivery/retry", post(retry))
}

/// Attempts before a message is given up (about a day of retries).
pub const MAX_ATTEMPTS: i64 = 12;
/// How long a claimed message waits before another attempt may take it, should its host stop.
const LEASE_MINUTES: i64 = 10;
/// Longest wait between two attempts.
const MAX_WAIT_MINUTES: i64 = 360;
/// Messages taken per poll.
const BATCH: i64 = 20;
/// Sent messages are kept (without their bytes) this many days as the delivery log.
const KEEP_SENT_DAYS: i64 = 90;

/// A message a call composed, waiting for the call's outcome.
#[derive(Debug)]
pub struct Queued {
    /// The plugin that sent it.
    pub source: String,
    pub mail: Composed,
}

/// Write a committed call's messages to the queue and try each at once.
pub async fn enqueue_and_send(app: &AppState, business_id: i64, mails: Vec<Queued>) {
    for queued in mails {
        let now = crate::db::now();
        let inserted = sqlx::query(
            "INSERT INTO mail_queue (business_id, source, recipient, subject, message, status, attempts, next_attempt_at, created_at)
             VALUES ($1, $2, $3, $4, $5, 'queued', 0, $6, $6) RETURNING mail_id",
        )
        .bind((business_id != 0).then_some(business_id))
        .bind(&queued.source)
        .bind(&queued.mail.recipient)
        .bind(&queued.mail.subject)
        .bind(&queued.mail.bytes)
        .bind(&now)
        .fetch_one(&app.db.pool)
        .await;
        match inserted {
            Ok(row) => {
                let mail_id: i64 = row.get(0);
                attempt(app, Pending { mail_id, attempts: 0, seen_at: now, mail: queued.mail }).await;
            }
            Err(err) => {
                // The queue could not take it: try it once directly rather than lose it.
                tracing::error!(business_id, plugin = %queued.source, error = %err, "mail could not be queued; sending it directly");
                if let Err(err) = app.mail.deliver(&queued.mail).await {
                    tracing::error!(business_id, plugin = %queued.source, to = %queued.mail.recipient, error = ?err, "mail lost");
                    metrics::counter!("volante_mail_failed_total").increment(1);
                }
            }
        }
    }
}

/// A queued message as read for an attempt.
struct Pending {
    mail_id: i64,
    attempts: i64,
    /// Its `next_attempt_at` when read: the claim only succeeds if nobody moved it since.
    seen_at: String,
    mail: Composed,
}

/// The columns a queued message is read back with for an attempt.
const PENDING_SELECT: &str = "SELECT mail_id, attempts, next_attempt_at, recipient, subject, message FROM mail_queue";

impl Pending {
    fn from_row(row: &sqlx::any::AnyRow) -> anyhow::Result<Pending> {
        Ok(Pending {
            mail_id: row.try_get("mail_id")?,
            attempts: row.try_get("attempts")?,
            seen_at: row.try_get("next_attempt_at")?,
            mail: Composed { recipient: row.try_get("recipient")?, subject: row.try_get("subject")?, bytes: row.try_get("message")?, text: String::new() },
        })
    }
}

/// Claim a message, deliver it and record the outcome. False when another host had it first.
async fn attempt(app: &AppState, pending: Pending) -> bool {
    let attempts = pending.attempts + 1;
    let claimed = sqlx::query(
        "UPDATE mail_queue SET attempts = $1, next_attempt_at = $2 WHERE mail_id = $3 AND status = 'queued' AND next_attempt_at = $4",
    )
    .bind(attempts)
    .bind(crate::db::from_now(chrono::Duration::minutes(LEASE_MINUTES)))
    .bind(pending.mail_id)
    .bind(&pending.seen_at)
    .execute(&app.db.pool)
    .await;
    match claimed {
        Ok(done) if done.rows_affected() == 1 => {}
        Ok(_) => return false,
        Err(err) => {
            tracing::warn!(mail_id = pending.mail_id, error = %err, "a queued mail could not be claimed");
            return false;
        }
    }
    let outcome = app.mail.deliver(&pending.mail).await;
    let recorded = match &outcome {
        Ok(()) => {
            sqlx::query("UPDATE mail_queue SET status = 'sent', sent_at = $1, message = $2, last_error = NULL WHERE mail_id = $3")
                .bind(crate::db::now())
                .bind(Vec::<u8>::new())
                .bind(pending.mail_id)
                .execute(&app.db.pool)
                .await
        }
        Err(err) => {
            let reason = format!("{err:#}");
            let given_up = attempts >= MAX_ATTEMPTS;
            if given_up {
                tracing::error!(mail_id = pending.mail_id, to = %pending.mail.recipient, attempts, error = %reason, "mail given up");
                metrics::counter!("volante_mail_failed_total").increment(1);
            } else {
                tracing::warn!(mail_id = pending.mail_id, to = %pending.mail.recipient, attempts, error = %reason, "mail not delivered; it will be tried again");
            }
            let wait = (1i64 << (attempts - 1).min(20)).min(MAX_WAIT_MINUTES);
            sqlx::query("UPDATE mail_queue SET status = $1, next_attempt_at = $2, last_error = $3 WHERE mail_id = $4")
                .bind(if given_up { "failed" } else { "queued" })
                .bind(crate::db::from_now(chrono::Duration::minutes(wait)))
                .bind(reason)
                .bind(pending.mail_id)
                .execute(&app.db.pool)
                .await
        }
    };
    if let Err(err) = recorded {
        tracing::error!(mail_id = pending.mail_id, error = %err, "the outcome of a mail could not be recorded");
    }
    true
}

/// Try the queued messages that are due; answers how many were found.
pub async fn deliver_due(app: &AppState) -> anyhow::Result<usize> {
    let rows = sqlx::query(&format!(
        "{PENDING_SELECT} WHERE status = 'queued' AND next_attempt_at <= $1 ORDER BY next_attempt_at, mail_id LIMIT $2"
    ))
    .bind(crate::db::now())
    .bind(BATCH)
    .fetch_all(&app.db.pool)
    .await?;
    let found = rows.len();
    for row in rows {
        attempt(app, Pending::from_row(&row)?).await;
    }
    Ok(found)
}

/// Forget sent messages older than `KEEP_SENT_DAYS`.
pub async fn prune(app: &AppState) -> anyhow::Result<u64> {
    let before = crate::db::from_now(chrono::Duration::days(-KEEP_SENT_DAYS));
    let done = sqlx::query("DELETE FROM mail_queue WHERE status = 'sent' AND sent_at < $1").bind(before).execute(&app.db.pool).await?;
    Ok(done.rows_affected())
}

/// Look for due messages every `mail.queue_poll_ms` until the task is aborted.
pub fn spawn(app: AppState) -> tokio::task::JoinHandle<()> {
    let every = Duration::from_millis(app.config.mail.queue_poll_ms);
    crate::app::spawn_poller(every, BATCH as usize, "the mail queue", move || {
        let app = app.clone();
        async move { deliver_due(&app).await }
    })
}

const DELIVERY_SELECT: &str =
    "SELECT mail_id, source, recipient, subject, status, attempts, last_error, created_at, sent_at, next_attempt_at FROM mail_queue";

fn delivery_json(row: &sqlx::any::AnyRow) -> anyhow::Result<Value> {
    let status: String = row.try_get("status")?;
    let next: String = row.try_get("next_attempt_at")?;
    Ok(json!({
        "mail_id": row.try_get::<i64, _>("mail_id")?,
        "source": row.try_get::<String, _>("source")?,
        "recipient": row.try_get::<String, _>("recipient")?,
        "subject": row.try_get::<String, _>("subject")?,
        "attempts": row.try_get::<i64, _>("attempts")?,
        "last_error": row.try_get::<Option<String>, _>("last_error")?,
        "created_at": row.try_get::<String, _>("created_at")?,
        "sent_at": row.try_get::<Option<String>, _>("sent_at")?,
        "next_attempt_at": (status == "queued").then_some(next),
        "status": status,
    }))
}

async fn delivery(app: &AppState, business_id: i64, mail_id: i64) -> crate::error::ApiResult<Option<sqlx::any::AnyRow>> {
    Ok(sqlx::query(&format!("{DELIVERY_SELECT} WHERE business_id = $1 AND mail_id = $2")).bind(business_id).bind(mail_id).fetch_optional(&app.db.pool).await?)
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct ReadQuery {
    status: String,
    page: Option<String>,
    per_page: Option<String>,
}

/// `GET mail/delivery/read`: the business's mail, newest first, by status, with each status's count.
async fn read(State(app): State<AppState>, session: Session, Params(query): Params<ReadQuery>) -> ApiJson {
    session.require(PERMISSION)?;
    let status = query.status.trim();
    if !status.is_empty() && !STATUSES.contains(&status) {
        return Err(ApiError::invalid_field("status", "El estado es queued, sent o failed"));
    }
    let number = |field: &str, value: &Option<String>, default: i64, max: i64| -> Result<i64, ApiError> {
        match value.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
            None => Ok(default),
            Some(v) => v.parse::<i64>().ok().filter(|n| (1..=max).contains(n)).ok_or_else(|| ApiError::invalid_field(field, format!("Entre 1 y {max}"))),
        }
    };
    let page = number("page", &query.page, 1, 100_000)?;
    let per_page = number("per_page", &query.per_page, 25, 500)?;
    let business_id = session.business_id;
    let filter = if status.is_empty() { "WHERE business_id = $1" } else { "WHERE business_id = $1 AND status = $2" };
    let counting = format!("SELECT COUNT(*) AS total FROM mail_queue {filter}");
    let mut total = sqlx::query(&counting).bind(business_id);
    let statement = format!("{DELIVERY_SELECT} {filter} ORDER BY mail_id DESC LIMIT {per_page} OFFSET {}", (page - 1) * per_page);
    let mut rows = sqlx::query(&statement).bind(business_id);
    if !status.is_empty() {
        total = total.bind(status.to_string());
        rows = rows.bind(status.to_string());
    }
    let total: i64 = total.fetch_one(&app.db.pool).await?.try_get("total")?;
    let items = rows.fetch_all(&app.db.pool).await?.iter().map(delivery_json).collect::<anyhow::Result<Vec<_>>>()?;
    let counted: Vec<(String, i64)> = sqlx::query_as("SELECT status, COUNT(*) FROM mail_queue WHERE business_id = $1 GROUP BY status")
        .bind(business_id)
        .fetch_all(&app.db.pool)
        .await?;
    let count = |s: &str| counted.iter().find(|(status, _)| status == s).map(|(_, n)| *n).unwrap_or(0);
    let counts = json!({ "queued": count("queued"), "sent": count("sent"), "failed": count("failed") });
    ok(json!({ "items": items, "total": total, "page": page, "per_page": per_page, "counts": counts }))
}

#[derive(Deserialize)]
struct MailId {
    mail_id: i64,
}

/// `POST mail/delivery/retry`: a failed (or still queued) message is tried again now, with its
/// attempts counted afresh; answers it after the attempt.
async fn retry(State(app): State<AppState>, session: Session, Body(req): Body<MailId>) -> ApiJson {
    session.require(PERMISSION)?;
    let business_id = session.business_id;
    let row = delivery(&app, business_id, req.mail_id).await?.ok_or_else(|| ApiError::not_found("Correo"))?;
    if row.try_get::<String, _>("status")? == "sent" {
        return Err(ApiError::new(codes::CONFLICT, "El correo ya se ha enviado"));
    }
    let now = crate::db::now();
    sqlx::query("UPDATE mail_queue SET status = 'queued', attempts = 0, next_attempt_at = $1 WHERE business_id = $2 AND mail_id = $3 AND status <> 'sent'")
        .bind(&now)
        .bind(business_id)
        .bind(req.mail_id)
        .execute(&app.db.pool)
        .await?;
    let stored = sqlx::query(&format!("{PENDING_SELECT} WHERE mail_id = $1")).bind(req.mail_id).fetch_one(&app.db.pool).await?;
    attempt(&app, Pending::from_row(&stored)?).await;
    let row = delivery(&app, business_id, req.mail_id).await?.ok_or_else(|| ApiError::not_found("Correo"))?;
    ok(delivery_json(&row)?)
}
