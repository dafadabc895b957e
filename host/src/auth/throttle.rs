//! Throttling of failed sign-ins, per account and per client address, shared by all hosts
//! through the database.

use crate::config::AuthConfig;
use crate::db::{self, Db};
use crate::error::{codes, ApiError, ApiResult};

/// `account` is `None` before the account is known (an external token not yet verified).
pub async fn check(db: &Db, config: &AuthConfig, account: Option<&str>, address: &str) -> ApiResult<()> {
    let since = db::from_now(-chrono::Duration::minutes(config.throttle_window_minutes));
    let mut scopes = vec![("address", address, config.throttle_address)];
    if let Some(account) = account {
        scopes.push(("account", account, config.throttle_account));
    }
    for (scope, subject, limit) in scopes {
        let (count,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM auth_failure WHERE scope = $1 AND subject = $2 AND failed_at > $3",
        )
        .bind(scope)
        .bind(subject)
        .bind(&since)
        .fetch_one(&db.pool)
        .await?;
        if count >= limit {
            return Err(ApiError::new(
                codes::THROTTLED,
                format!(
                    "Demasiados intentos fallidos. Vuelva a intentarlo en {} minutos",
                    config.throttle_window_minutes
                ),
            )
            .with_data(serde_json::json!({ "scope": scope })));
        }
    }
    Ok(())
}

pub async fn record_failure(db: &Db, account: Option<&str>, address: &str) -> anyhow::Result<()> {
    let now = db::now();
    let mut scopes = vec![("address", address)];
    if let Some(account) = account {
        scopes.push(("account", account));
    }
    for (scope, subject) in scopes {
        sqlx::query("INSERT INTO auth_failure (scope, subject, failed_at) VALUES ($1, $2, $3)")
            .bind(scope)
            .bind(subject)
            .bind(&now)
            .execute(&db.pool)
            .await?;
    }
    metrics::counter!("volante_signin_failures_total").increment(1);
    Ok(())
}

/// After a successful sign-in the account's count starts again (the address's does not).
pub async fn clear_account(db: &Db, account: &str) -> anyhow::Result<()> {
    sqlx::query("DELETE FROM auth_failure WHERE scope = 'account' AND subject = $1")
        .bind(account)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Old rows are useless once outside every window.
pub async fn prune(db: &Db) -> anyhow::Result<()> {
    sqlx::query("DELETE FROM auth_failure WHERE failed_at < $1")
        .bind(db::from_now(-chrono::Duration::days(1)))
        .execute(&db.pool)
        .await?;
    Ok(())
}
