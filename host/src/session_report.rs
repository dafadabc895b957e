//! `GET user/sessions/generate/{business}/{id}/{d1}/{d2}/{between}` (provider administrators):
//! a user's sessions in a school over a period, for the provider's support (a school asking who
//! was signed in as whom, and when; a suspected intrusion). Days are Spain's peninsular ones
//! (Europe/Madrid).
//!
//! `between` `1`: every session open at some moment of the period (started before it, still
//! seen in it); `0`: the sessions started in it. `?ranges=1` adds each day of the period with
//! the stretches the user had a session open that day (from its start, or the day's start, to
//! its last activity, or the day's end). Each call is in the school's audit log
//! (`sessions.report`).

use axum::extract::{Path, State};
use axum::routing::get;
use axum::Router;
use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};
use chrono_tz::Europe::Madrid;
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::Row;

use crate::audit;
use crate::auth::Session;
use crate::db;
use crate::error::{ok, ApiError, ApiJson, ApiResult, Params};
use crate::state::AppState;

/// The longest period, in days.
const MAX_DAYS: i64 = 366;

pub fn router() -> Router<AppState> {
    Router::new().route("/user/sessions/generate/{business}/{id}/{d1}/{d2}/{between}", get(generate))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Options {
    ranges: Option<String>,
}

fn flag(field: &str, value: &str) -> ApiResult<bool> {
    match value.trim().to_lowercase().as_str() {
        "1" | "true" | "si" | "sí" => Ok(true),
        "0" | "false" | "no" | "" => Ok(false),
        _ => Err(ApiError::invalid_field(field, format!("El campo {field} es 1 o 0"))),
    }
}

fn date(field: &str, value: &str) -> ApiResult<NaiveDate> {
    NaiveDate::parse_from_str(value, "%Y-%m-%d").map_err(|_| ApiError::invalid_field(field, format!("El campo {field} debe ser una fecha AAAA-MM-DD")))
}

/// The instant a local day starts.
fn day_start(day: NaiveDate) -> DateTime<Utc> {
    let midnight = day.and_hms_opt(0, 0, 0).expect("midnight exists");
    // Spain changes its clocks at 01:00 UTC, never at local midnight: midnight is never skipped
    // or repeated.
    Madrid.from_local_datetime(&midnight).earliest().expect("local midnight exists").with_timezone(&Utc)
}

fn local(at: &DateTime<Utc>, format: &str) -> String {
    at.with_timezone(&Madrid).format(format).to_string()
}

fn parse(stamp: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(stamp).ok().map(|at| at.with_timezone(&Utc))
}

async fn generate(
    State(state): State<AppState>,
    session: Session,
    Path((business, id, d1, d2, between)): Path<(String, String, String, String, String)>,
    Params(options): Params<Options>,
) -> ApiJson {
    session.require_provider_admin()?;
    let business_id: i64 = business.parse().map_err(|_| ApiError::invalid_field("business", "La empresa no es válida"))?;
    let user_id: i64 = id.parse().map_err(|_| ApiError::invalid_field("id", "El usuario no es válido"))?;
    let (from, to) = (date("d1", &d1)?, date("d2", &d2)?);
    let open_in_period = flag("between", &between)?;
    let ranges = flag("ranges", options.ranges.as_deref().unwrap_or("0"))?;
    let days = (to - from).num_days();
    if days < 0 {
        return Err(ApiError::invalid_field("d2", "La fecha final es anterior a la inicial"));
    }
    if days >= MAX_DAYS {
        return Err(ApiError::invalid_field("d2", format!("El periodo no puede superar {MAX_DAYS} días")));
    }
    let business_name: Option<(String,)> = sqlx::query_as("SELECT name FROM business WHERE business_id = $1")
        .bind(business_id)
        .fetch_optional(&state.db.pool)
        .await?;
    let (business_name,) = business_name.ok_or_else(|| ApiError::not_found_feminine("Empresa"))?;
    let user = sqlx::query("SELECT user_id, email, first_name, last_name FROM app_user WHERE user_id = $1 AND business_id = $2")
        .bind(user_id)
        .bind(business_id)
        .fetch_optional(&state.db.pool)
        .await?
        .ok_or_else(|| ApiError::not_found("Usuario"))?;
    let name = format!("{} {}", user.try_get::<String, _>("first_name")?, user.try_get::<String, _>("last_name")?).trim().to_string();
    let email: String = user.try_get("email")?;

    let (start, end) = (day_start(from), day_start(to + Duration::days(1)));
    let condition = if open_in_period { "s.created_at < $2 AND s.last_seen_at >= $3" } else { "s.created_at < $2 AND s.created_at >= $3" };
    let rows = sqlx::query(&format!(
        "SELECT s.session_id, s.ip, s.user_agent, s.created_at, s.last_seen_at, s.expires_at, s.revoked_at, COALESCE(d.name, '') AS device
           FROM session s LEFT JOIN device d ON d.device_id = s.device_id
          WHERE s.user_id = $1 AND {condition} ORDER BY s.created_at, s.session_id"
    ))
    .bind(user_id)
    .bind(db::stamp(end))
    .bind(db::stamp(start))
    .fetch_all(&state.db.pool)
    .await?;
    let now = Utc::now();
    let mut sessions = Vec::new();
    let mut spans: Vec<(DateTime<Utc>, DateTime<Utc>, i64)> = Vec::new();
    for row in &rows {
        let session_id: i64 = row.try_get("session_id")?;
        let created_at: String = row.try_get("created_at")?;
        let last_seen_at: String = row.try_get("last_seen_at")?;
        let expires_at: String = row.try_get("expires_at")?;
        let revoked_at: Option<String> = row.try_get("revoked_at")?;
        let (Some(started), Some(seen)) = (parse(&created_at), parse(&last_seen_at)) else { continue };
        let state_name = match (&revoked_at, parse(&expires_at)) {
            (Some(_), _) => "closed",
            (None, Some(expires)) if expires <= now => "expired",
            _ => "open",
        };
        spans.push((started, seen, session_id));
        sessions.push(json!({
            "session_id": session_id,
            "device": row.try_get::<String, _>("device")?,
            "ip": row.try_get::<String, _>("ip")?,
            "user_agent": row.try_get::<String, _>("user_agent")?,
            "started_at": created_at,
            "last_seen_at": last_seen_at,
            "ended_at": revoked_at.clone().or_else(|| (state_name == "expired").then(|| expires_at.clone())),
            "state": state_name,
            "started_local": local(&started, "%d/%m/%Y %H:%M"),
            "last_seen_local": local(&seen, "%d/%m/%Y %H:%M"),
        }));
    }
    let mut answer = json!({
        "business": { "business_id": business_id, "name": business_name },
        "user": { "user_id": user_id, "name": name, "email": email },
        "from": from.to_string(),
        "to": to.to_string(),
        "between": open_in_period,
        "zone": "Europe/Madrid",
        "sessions": sessions,
    });
    if ranges {
        answer["days"] = Value::Array(day_ranges(from, to, &spans));
    }
    let mut tx = state.db.begin().await?;
    let entry = audit::Entry {
        business_id,
        actor_user_id: Some(session.user_id),
        action: "sessions.report",
        target_kind: "user",
        target_id: user_id.to_string(),
        detail: json!({ "from": from.to_string(), "to": to.to_string(), "between": open_in_period }),
    };
    audit::record(&mut tx, entry).await?;
    tx.commit().await?;
    ok(answer)
}

/// Each day of the period with the stretches a session was open in it, in local time.
fn day_ranges(from: NaiveDate, to: NaiveDate, spans: &[(DateTime<Utc>, DateTime<Utc>, i64)]) -> Vec<Value> {
    let mut days = Vec::new();
    let mut day = from;
    while day <= to {
        let (start, end) = (day_start(day), day_start(day + Duration::days(1)));
        let ranges: Vec<Value> = spans
            .iter()
            .filter(|(begun, seen, _)| *begun < end && *seen >= start)
            .map(|(begun, seen, id)| {
                let (a, b) = ((*begun).max(start), (*seen).min(end - Duration::seconds(1)));
                json!({ "session_id": id, "from": local(&a, "%H:%M"), "to": local(&b, "%H:%M") })
            })
            .collect();
        days.push(json!({ "date": day.to_string(), "ranges": ranges }));
        day += Duration::days(1);
    }
    days
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_days_start_at_spanish_midnight() {
        let winter = day_start(NaiveDate::from_ymd_opt(2026, 1, 15).unwrap());
        assert_eq!(db::stamp(winter), "2026-01-14T23:00:00.000Z");
        let summer = day_start(NaiveDate::from_ymd_opt(2026, 7, 15).unwrap());
        assert_eq!(db::stamp(summer), "2026-07-14T22:00:00.000Z");
        // The day the clocks go forward has 23 hours.
        let (a, b) = (day_start(NaiveDate::from_ymd_opt(2026, 3, 29).unwrap()), day_start(NaiveDate::from_ymd_opt(2026, 3, 30).unwrap()));
        assert_eq!((b - a).num_hours(), 23);
    }

    #[test]
    fn a_session_is_cut_at_each_days_edges() {
        let at = |s: &str| parse(s).unwrap();
        let spans = [(at("2026-11-02T22:30:00Z"), at("2026-11-03T08:15:00Z"), 7)];
        let days = day_ranges(NaiveDate::from_ymd_opt(2026, 11, 2).unwrap(), NaiveDate::from_ymd_opt(2026, 11, 4).unwrap(), &spans);
        assert_eq!(days[0]["ranges"], json!([{ "session_id": 7, "from": "23:30", "to": "23:59" }]));
        assert_eq!(days[1]["ranges"], json!([{ "session_id": 7, "from": "00:00", "to": "09:15" }]));
        assert_eq!(days[2]["ranges"], json!([]));
        assert!(flag("between", "quizá").is_err());
    }
}
