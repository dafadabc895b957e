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

use sqlx::Row;

use super::Composed;
use crate::state::AppState;

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
    let rows = sqlx::query(
        "SELECT mail_id, attempts, next_attempt_at, recipient, subject, message FROM mail_queue
         WHERE status = 'queued' AND next_attempt_at <= $1 ORDER BY next_attempt_at, mail_id LIMIT $2",
    )
    .bind(crate::db::now())
    .bind(BATCH)
    .fetch_all(&app.db.pool)
    .await?;
    let found = rows.len();
    for row in rows {
        let pending = Pending {
            mail_id: row.try_get("mail_id")?,
            attempts: row.try_get("attempts")?,
            seen_at: row.try_get("next_attempt_at")?,
            mail: Composed {
                recipient: row.try_get("recipient")?,
                subject: row.try_get("subject")?,
                bytes: row.try_get("message")?,
                text: String::new(),
            },
        };
        attempt(app, pending).await;
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
