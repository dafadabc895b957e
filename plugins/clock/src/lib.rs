//! Volante's `clock` plugin: the staff time clock (registro de jornada, ET art. 34.9). Staff
//! clock in, pause and finish; each interval is kept as clocked, and a correction keeps what it
//! changed, who changed it, when and why. See README.md for the calls.

mod day;
mod record;
mod xlsx;

use std::collections::HashMap;

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::time::{self, SpanishZone};
use volante_plugin_sdk::{directory, host, settings, text, Checks};

pub use day::{Day, Total};

/// The host's permission to see and correct every worker's record ("Control horario").
pub const MANAGE: &str = "employee.clock";

/// The longest range a report or export covers, in days.
pub const MAX_RANGE_DAYS: i64 = 366;

pub mod codes {
    /// Clocking in while already working.
    pub const ALREADY_WORKING: &str = "CLOCK-001";
    /// Pausing while not working.
    pub const NOT_WORKING: &str = "CLOCK-002";
    /// Finishing with nothing open.
    pub const NOTHING_OPEN: &str = "CLOCK-003";
    /// A report range that is backwards or too long.
    pub const BAD_RANGE: &str = "CLOCK-004";
    /// A correction whose times are impossible or overlap another interval.
    pub const BAD_TIMES: &str = "CLOCK-005";
    /// A correction without its reason.
    pub const REASON_MISSING: &str = "CLOCK-006";
    /// No such interval in the business.
    pub const NO_ENTRY: &str = "CLOCK-007";
}

pub struct Clock;

impl Plugin for Clock {
    fn router() -> Router {
        Router::new()
            .post("clock/init", init)
            .post("clock/pause", pause)
            .post("clock/finish", finish)
            .get("clock/is_open", is_open)
            .get("clock/dashboard", dashboard)
            .post("clock/report", report)
            .get("clock/excel", excel)
            .get("user/controlhorario/generate/{business}/{id}/{d1}/{d2}/{between}", record::generate)
            .post("clock/update", update)
            .get("clock/entry/{id}", entry)
            .get("clock/settings", read_settings)
            .post("clock/settings/update", update_settings)
    }

    fn schemas(schemas: &mut Schemas) {
        schemas
            .add::<Action>("clock_action")
            .add::<Status>("clock_status")
            .add::<ReportQuery>("clock_report")
            .add::<Update>("clock_update")
            .add::<Entry>("clock_entry")
            .add::<ClockSettings>("clock_settings");
    }
}

volante_plugin_sdk::plugin!(Clock);

/// The body of `init`, `pause` and `finish`: nothing (they act on the caller's own record).
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct Action {}

/// Work, or a pause within the working day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Work,
    Pause,
}

impl Kind {
    fn as_str(self) -> &'static str {
        match self {
            Kind::Work => "work",
            Kind::Pause => "pause",
        }
    }
}

/// One clocked interval.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Entry {
    pub id: i64,
    pub user_id: i64,
    #[serde(default)]
    pub user_name: String,
    pub branch_id: Option<i64>,
    pub kind: Kind,
    /// UTC, `2026-11-23T08:00:00Z`.
    pub started_at: String,
    /// `None` while it runs.
    pub ended_at: Option<String>,
    /// The business's local date of its start.
    pub work_date: String,
    /// Up to its end, or up to now while it runs.
    #[serde(default)]
    pub minutes: i64,
    /// Corrected at least once (`changes` says how).
    pub edited: bool,
    /// Its corrections, oldest first (only in `clock/entry/{id}`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub changes: Option<Vec<Change>>,
}

impl Entry {
    /// Seconds from its start to its end, or to `now` while it runs.
    fn seconds(&self, now: i64) -> i64 {
        let start = time::parse_utc(&self.started_at).unwrap_or(now);
        let end = self.ended_at.as_deref().and_then(time::parse_utc).unwrap_or(now);
        (end - start).max(0)
    }
}

/// A correction of an interval: the values before and after, who, when and why.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Change {
    pub changed_at: String,
    pub changed_by: i64,
    #[serde(default)]
    pub changed_by_name: String,
    pub started_before: String,
    pub ended_before: Option<String>,
    pub started_after: String,
    pub ended_after: Option<String>,
    pub reason: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum State {
    Closed,
    Working,
    Paused,
}

/// The caller's own state.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Status {
    pub state: State,
    /// Working or paused.
    pub open: bool,
    /// When the running interval started.
    pub since: Option<String>,
    pub entry_id: Option<i64>,
    pub today_worked_minutes: i64,
    pub timezone: SpanishZone,
}

/// `clock/report` (and `clock/excel`'s query).
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReportQuery {
    /// First local date, `YYYY-MM-DD`.
    pub from: String,
    /// Last local date, `YYYY-MM-DD` (at most 366 days after `from`).
    pub to: String,
    /// One worker (others' need the permission `employee.clock`).
    #[serde(default)]
    pub user_id: Option<i64>,
    #[serde(default)]
    pub branch_id: Option<i64>,
}

/// `clock/update`: an interval's corrected times and why.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Update {
    pub id: i64,
    /// UTC, `2026-11-23T08:00:00Z`.
    pub started_at: String,
    /// UTC; `None` only for an interval still running.
    #[serde(default)]
    pub ended_at: Option<String>,
    pub reason: String,
}

#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClockSettings {
    /// The zone whose days the record counts: the peninsula (default) or the Canary Islands.
    #[serde(default)]
    pub timezone: SpanishZone,
}

pub(crate) fn zone() -> SpanishZone {
    settings::get("timezone").unwrap_or_default()
}

fn now_secs() -> Result<i64> {
    let now = host::now();
    time::parse_utc(&now).ok_or_else(|| Error::internal(format!("the host's time `{now}` is not UTC ISO-8601")))
}

const ENTRY_COLUMNS: &str = "id, user_id, branch_id, kind, started_at, ended_at, work_date, edited";

fn open_entry(ctx: &Ctx) -> Result<Option<Entry>> {
    sql::query_optional(
        &format!("SELECT {ENTRY_COLUMNS} FROM clock_entry WHERE business_id = $1 AND user_id = $2 AND ended_at IS NULL"),
        &params![ctx.business_id, ctx.user_id],
    )
}

fn find_entry(ctx: &Ctx, id: i64) -> Result<Entry> {
    sql::query_optional(&format!("SELECT {ENTRY_COLUMNS} FROM clock_entry WHERE business_id = $1 AND id = $2"), &params![ctx.business_id, id])?
        .ok_or_else(|| Error::new(codes::NO_ENTRY, "Registro de jornada no encontrado").with_data(json!({ "id": id })))
}

/// The caller's intervals whose local date is within `from..=to`, oldest first.
fn own_entries(ctx: &Ctx, from: &str, to: &str) -> Result<Vec<Entry>> {
    sql::query_as(
        &format!(
            "SELECT {ENTRY_COLUMNS} FROM clock_entry WHERE business_id = $1 AND user_id = $2 AND work_date >= $3 AND work_date <= $4 \
             ORDER BY started_at, id"
        ),
        &params![ctx.business_id, ctx.user_id, from, to],
    )
}

fn start(ctx: &Ctx, kind: Kind, now: i64, zone: SpanishZone) -> Result<()> {
    let at = time::format_utc(now);
    sql::execute(
        "INSERT INTO clock_entry (business_id, branch_id, user_id, kind, started_at, ended_at, work_date, edited, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, NULL, $6, $7, $8, $8)",
        &params![ctx.business_id, ctx.branch_id, ctx.user_id, kind.as_str(), at.clone(), zone.date_of(now), false, host::now()],
    )?;
    Ok(())
}

fn close(ctx: &Ctx, entry: &Entry, now: i64) -> Result<()> {
    // Never before its start (a clock that moved back must not make a negative interval).
    let end = now.max(time::parse_utc(&entry.started_at).unwrap_or(now));
    sql::execute(
        "UPDATE clock_entry SET ended_at = $3, updated_at = $4 WHERE business_id = $1 AND id = $2 AND ended_at IS NULL",
        &params![ctx.business_id, entry.id, time::format_utc(end), host::now()],
    )?;
    Ok(())
}

fn status(ctx: &Ctx, zone: SpanishZone, now: i64) -> Result<Status> {
    let open = open_entry(ctx)?;
    let today = zone.date_of(now);
    let worked = own_entries(ctx, &today, &today)?.iter().filter(|e| e.kind == Kind::Work).map(|e| e.seconds(now)).sum::<i64>();
    Ok(Status {
        state: match open.as_ref().map(|e| e.kind) {
            None => State::Closed,
            Some(Kind::Work) => State::Working,
            Some(Kind::Pause) => State::Paused,
        },
        open: open.is_some(),
        since: open.as_ref().map(|e| e.started_at.clone()),
        entry_id: open.as_ref().map(|e| e.id),
        today_worked_minutes: worked / 60,
        timezone: zone,
    })
}

/// `clock/init`: start working, or go back to work after a pause.
fn init(ctx: &Ctx, _req: &Req) -> Result<Status> {
    let (now, zone) = (now_secs()?, zone());
    match open_entry(ctx)? {
        Some(entry) if entry.kind == Kind::Work => {
            return Err(Error::new(codes::ALREADY_WORKING, "Ya tiene una jornada iniciada").with_data(json!({ "since": entry.started_at })))
        }
        Some(pause) => close(ctx, &pause, now)?,
        None => {}
    }
    start(ctx, Kind::Work, now, zone)?;
    status(ctx, zone, now)
}

/// `clock/pause`: stop working for a while.
fn pause(ctx: &Ctx, _req: &Req) -> Result<Status> {
    let (now, zone) = (now_secs()?, zone());
    match open_entry(ctx)? {
        Some(work) if work.kind == Kind::Work => close(ctx, &work, now)?,
        Some(_) => return Err(Error::new(codes::NOT_WORKING, "La jornada ya está en pausa")),
        None => return Err(Error::new(codes::NOT_WORKING, "No tiene una jornada iniciada que pausar")),
    }
    start(ctx, Kind::Pause, now, zone)?;
    status(ctx, zone, now)
}

/// `clock/finish`: end the working day (from work or from a pause).
fn finish(ctx: &Ctx, _req: &Req) -> Result<Status> {
    let (now, zone) = (now_secs()?, zone());
    let open = open_entry(ctx)?.ok_or_else(|| Error::new(codes::NOTHING_OPEN, "No tiene ninguna jornada abierta"))?;
    close(ctx, &open, now)?;
    status(ctx, zone, now)
}

/// `clock/is_open`.
fn is_open(ctx: &Ctx, _req: &Req) -> Result<Status> {
    status(ctx, zone(), now_secs()?)
}

/// `clock/dashboard`: today's intervals and the week (Monday to Sunday) of the caller.
fn dashboard(ctx: &Ctx, _req: &Req) -> Result<Value> {
    let (now, zone) = (now_secs()?, zone());
    let today = zone.date_of(now);
    let monday = time::monday_of(&today).ok_or_else(|| Error::internal("no Monday"))?;
    let sunday = time::add_days(&monday, 6).ok_or_else(|| Error::internal("no Sunday"))?;
    let mut entries = own_entries(ctx, &monday, &sunday)?;
    for entry in &mut entries {
        entry.minutes = entry.seconds(now) / 60;
    }
    let seconds = |date: &str, kind: Kind| entries.iter().filter(|e| e.work_date == date && e.kind == kind).map(|e| e.seconds(now)).sum::<i64>();
    let days: Vec<Value> = (0..7)
        .filter_map(|i| time::add_days(&monday, i))
        .map(|date| json!({ "date": date, "worked_minutes": seconds(&date, Kind::Work) / 60 }))
        .collect();
    let week_seconds = entries.iter().filter(|e| e.kind == Kind::Work).map(|e| e.seconds(now)).sum::<i64>();
    let today_entries: Vec<&Entry> = entries.iter().filter(|e| e.work_date == today).collect();
    Ok(json!({
        "status": status(ctx, zone, now)?,
        "today": {
            "date": today,
            "worked_minutes": seconds(&today, Kind::Work) / 60,
            "paused_minutes": seconds(&today, Kind::Pause) / 60,
            "entries": today_entries,
        },
        "week": { "from": monday, "to": sunday, "worked_minutes": week_seconds / 60, "days": days },
    }))
}

/// A checked report request: the dates, and whose records (one worker, or all when `None`).
pub(crate) struct Scope {
    pub(crate) from: String,
    pub(crate) to: String,
    pub(crate) user_id: Option<i64>,
    pub(crate) branch_id: Option<i64>,
    pub(crate) can_see_all: bool,
}

fn scope(ctx: &Ctx, query: ReportQuery) -> Result<Scope> {
    let mut checks = Checks::new();
    for (field, value) in [("from", &query.from), ("to", &query.to)] {
        if time::parse_date(value).is_none() {
            checks.push(Error::invalid_field(field, format!("El campo {field} debe ser una fecha AAAA-MM-DD")));
        }
    }
    checks.finish()?;
    match time::days_between(&query.from, &query.to) {
        Some(days) if days < 0 => return Err(Error::new(codes::BAD_RANGE, "La fecha inicial es posterior a la final")),
        Some(days) if days >= MAX_RANGE_DAYS => {
            return Err(Error::new(codes::BAD_RANGE, format!("El periodo no puede superar {MAX_RANGE_DAYS} días")))
        }
        _ => {}
    }
    let can_see_all = ctx.can(MANAGE);
    let user_id = match query.user_id {
        Some(other) if other != ctx.user_id && !can_see_all => return Err(Error::forbidden(MANAGE)),
        Some(user) => Some(user),
        None if can_see_all => None,
        None => Some(ctx.user_id),
    };
    Ok(Scope { from: query.from, to: query.to, user_id, branch_id: query.branch_id, can_see_all })
}

/// The business's user names, by id (inactive users too: old records name them).
fn names() -> HashMap<i64, String> {
    directory::staff(true).into_iter().map(|m| (m.user_id, m.name)).collect()
}

fn user_name(names: &HashMap<i64, String>, user_id: i64) -> String {
    names.get(&user_id).cloned().unwrap_or_else(|| format!("Usuario {user_id}"))
}

/// The report's days and totals for `scope`.
pub(crate) fn build_report(ctx: &Ctx, scope: &Scope) -> Result<(Vec<Day>, Vec<Total>, HashMap<i64, String>)> {
    let mut statement = format!("SELECT {ENTRY_COLUMNS} FROM clock_entry WHERE business_id = $1 AND work_date >= $2 AND work_date <= $3");
    let mut values = params![ctx.business_id, scope.from.clone(), scope.to.clone()];
    if let Some(user_id) = scope.user_id {
        values.push(user_id.to_sql());
        statement.push_str(&format!(" AND user_id = ${}", values.len()));
    }
    if let Some(branch_id) = scope.branch_id {
        values.push(branch_id.to_sql());
        statement.push_str(&format!(" AND branch_id = ${}", values.len()));
    }
    statement.push_str(" ORDER BY work_date, user_id, started_at, id");
    let entries: Vec<Entry> = sql::query_as(&statement, &values)?;
    let names = names();
    let (days, totals) = day::summarise(entries, now_secs()?, |id| user_name(&names, id));
    Ok((days, totals, names))
}

/// `clock/report`: the daily record of one worker or of all of them between two dates.
fn report(ctx: &Ctx, req: &Req) -> Result<Value> {
    let scope = scope(ctx, req.json()?)?;
    let (days, totals, names) = build_report(ctx, &scope)?;
    let staff: Vec<Value> = if scope.can_see_all {
        directory::staff(false).into_iter().map(|m| json!({ "user_id": m.user_id, "name": m.name })).collect()
    } else {
        vec![json!({ "user_id": ctx.user_id, "name": user_name(&names, ctx.user_id) })]
    };
    Ok(json!({
        "from": scope.from, "to": scope.to, "can_see_all": scope.can_see_all,
        "staff": staff, "days": days, "totals": totals,
    }))
}

/// `clock/excel`: the report as an Excel workbook, in base64.
fn excel(ctx: &Ctx, req: &Req) -> Result<Value> {
    let number = |name: &str| -> Result<Option<i64>> {
        req.query_value(name)
            .filter(|v| !v.is_empty())
            .map(|v| v.parse().map_err(|_| Error::new(volante_plugin_sdk::codes::QUERY_INVALID, format!("El parámetro {name} debe ser un número"))))
            .transpose()
    };
    let query = ReportQuery {
        from: req.query_value("from").unwrap_or_default().to_string(),
        to: req.query_value("to").unwrap_or_default().to_string(),
        user_id: number("user_id")?,
        branch_id: number("branch_id")?,
    };
    let scope = scope(ctx, query)?;
    let (days, totals, _) = build_report(ctx, &scope)?;
    let zone = zone();
    let bytes = xlsx::workbook(&scope.from, &scope.to, zone, &days, &totals)?;
    Ok(json!({
        "filename": format!("registro-jornada-{}-{}.xlsx", scope.from, scope.to),
        "content_type": xlsx::CONTENT_TYPE,
        "base64": text::base64(&bytes),
    }))
}

/// `clock/update`: correct an interval's times, keeping the trace.
fn update(ctx: &Ctx, req: &Req) -> Result<Entry> {
    ctx.require(MANAGE)?;
    let body: Update = req.json()?;
    let reason = body.reason.trim();
    if reason.is_empty() {
        return Err(Error::new(codes::REASON_MISSING, "Indique el motivo de la corrección").with_data(json!({ "field": "reason" })));
    }
    let mut checks = Checks::new();
    let started = time::parse_utc(&body.started_at);
    if started.is_none() {
        checks.push(Error::invalid_field("started_at", "El inicio debe ser una fecha y hora UTC (AAAA-MM-DDTHH:MM:SSZ)"));
    }
    let ended = body.ended_at.as_deref().map(time::parse_utc);
    if ended == Some(None) {
        checks.push(Error::invalid_field("ended_at", "El fin debe ser una fecha y hora UTC (AAAA-MM-DDTHH:MM:SSZ)"));
    }
    checks.finish()?;
    let (started, ended) = (started.unwrap_or_default(), ended.flatten());
    let entry = find_entry(ctx, body.id)?;
    let (now, zone) = (now_secs()?, zone());
    let bad = |details: &str| Err(Error::new(codes::BAD_TIMES, details));
    if ended.is_none() && entry.ended_at.is_some() {
        return bad("Indique el fin: el intervalo ya estaba cerrado");
    }
    if started > now || ended.is_some_and(|end| end > now) {
        return bad("Las horas no pueden ser posteriores a este momento");
    }
    if ended.is_some_and(|end| end <= started) {
        return bad("El fin debe ser posterior al inicio");
    }
    let (started_at, ended_at) = (time::format_utc(started), ended.map(time::format_utc));
    let overlapping: i64 = sql::query_scalar(
        "SELECT COUNT(*) FROM clock_entry WHERE business_id = $1 AND user_id = $2 AND id <> $3 \
         AND started_at < $4 AND (ended_at IS NULL OR ended_at > $5)",
        &params![ctx.business_id, entry.user_id, entry.id, ended_at.clone().unwrap_or_else(|| time::format_utc(now)), started_at.clone()],
    )?;
    if overlapping > 0 {
        return bad("El intervalo se solapa con otro del mismo trabajador");
    }
    let changed_at = host::now();
    sql::execute(
        "UPDATE clock_entry SET started_at = $3, ended_at = $4, work_date = $5, edited = $6, updated_at = $7 WHERE business_id = $1 AND id = $2",
        &params![ctx.business_id, entry.id, started_at.clone(), ended_at.clone(), zone.date_of(started), true, changed_at.clone()],
    )?;
    sql::execute(
        "INSERT INTO clock_change (business_id, entry_id, changed_by, changed_at, started_before, ended_before, started_after, ended_after, reason) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        &params![ctx.business_id, entry.id, ctx.user_id, changed_at, entry.started_at, entry.ended_at, started_at, ended_at, reason],
    )?;
    with_changes(ctx, find_entry(ctx, entry.id)?, now)
}

/// `clock/entry/{id}`: an interval with its corrections.
fn entry(ctx: &Ctx, req: &Req) -> Result<Entry> {
    let entry = find_entry(ctx, req.param("id")?)?;
    if entry.user_id != ctx.user_id {
        ctx.require(MANAGE)?;
    }
    with_changes(ctx, entry, now_secs()?)
}

fn with_changes(ctx: &Ctx, mut entry: Entry, now: i64) -> Result<Entry> {
    let mut changes: Vec<Change> = sql::query_as(
        "SELECT changed_at, changed_by, started_before, ended_before, started_after, ended_after, reason FROM clock_change \
         WHERE business_id = $1 AND entry_id = $2 ORDER BY changed_at, id",
        &params![ctx.business_id, entry.id],
    )?;
    let names = names();
    for change in &mut changes {
        change.changed_by_name = user_name(&names, change.changed_by);
    }
    entry.user_name = user_name(&names, entry.user_id);
    entry.minutes = entry.seconds(now) / 60;
    entry.changes = Some(changes);
    Ok(entry)
}

/// `clock/settings`.
fn read_settings(_ctx: &Ctx, _req: &Req) -> Result<ClockSettings> {
    Ok(ClockSettings { timezone: zone() })
}

/// `clock/settings/update`: the zone whose days the record counts.
fn update_settings(ctx: &Ctx, req: &Req) -> Result<ClockSettings> {
    ctx.require(MANAGE)?;
    let body: ClockSettings = req.json()?;
    settings::set("timezone", &body.timezone)?;
    Ok(body)
}
