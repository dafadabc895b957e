//! Events on the school's calendar: a title, a day, the hours (none: all day), a place, the staff
//! it concerns; checked off once held.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page};
use volante_plugin_sdk::time::clock_minutes;
use volante_plugin_sdk::time::{self as calendar, SpanishZone};
use volante_plugin_sdk::{host, realtime, timers, validate, Checks};

use crate::{staff_member, CheckBody, IdBody, ALL_BRANCHES};

/// An event's fields.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Event {
    pub title: String,
    /// `YYYY-MM-DD`.
    pub date: String,
    /// `HH:MM`; none for an all-day event.
    pub start_time: Option<String>,
    /// `HH:MM`, after the start; needs a start.
    pub end_time: Option<String>,
    pub place: String,
    pub description: String,
    /// The staff it concerns: active users of the business.
    pub user_ids: Vec<i64>,
    /// The caller's branch when empty.
    pub branch_id: Option<i64>,
    /// Held (set by `schedule/check`).
    pub checked: bool,
    /// Who created it (set on create).
    pub created_by: Option<i64>,
    /// Remind the staff it concerns this many minutes before it starts (an all-day event: before
    /// 09:00 of its day); none: no reminder. One of [`REMINDERS`].
    pub reminder_minutes: Option<i64>,
}

/// The reminders an event may have, in minutes before it starts.
pub const REMINDERS: &[i64] = &[0, 5, 10, 15, 30, 60, 120, 1440, 2880];

impl Resource for Event {
    const NAME: &'static str = "agenda_event";
    const PATH: &'static str = "schedule";
    const LABEL: &'static str = "Evento";
    const TABLE: &'static str = "agenda_event";
    const SEARCH: &'static [&'static str] = &["title", "place", "description"];
    const BRANCH_FIELD: Option<&'static str> = Some("branch_id");
    const ALL_BRANCHES: Option<&'static str> = Some(ALL_BRANCHES);
    const ORDER_BY: &'static str = "date ASC, COALESCE(start_time, '') ASC, id ASC";

    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(title) = checks.check(validate::required("title", &self.title, 200)) {
            self.title = title;
        }
        match checks.check(validate::date("date", &self.date)) {
            Some(d) if d.is_empty() => checks.push(Error::required("date")),
            Some(d) => self.date = d,
            None => {}
        }
        let start = self.start_time.as_deref().map(str::trim).filter(|t| !t.is_empty()).map(|t| (t.to_string(), clock_minutes(t)));
        let end = self.end_time.as_deref().map(str::trim).filter(|t| !t.is_empty()).map(|t| (t.to_string(), clock_minutes(t)));
        match (&start, &end) {
            (Some((_, None)), _) => checks.push(Error::invalid_field("start_time", "La hora debe ser HH:MM")),
            (None, Some(_)) => checks.push(Error::invalid_field("end_time", "Indique antes la hora de inicio")),
            (_, Some((_, None))) => checks.push(Error::invalid_field("end_time", "La hora debe ser HH:MM")),
            (Some((_, Some(s))), Some((_, Some(e)))) if e <= s => {
                checks.push(Error::invalid_field("end_time", "La hora de fin debe ser posterior a la de inicio"))
            }
            _ => {}
        }
        self.start_time = start.map(|(t, _)| t);
        self.end_time = end.map(|(t, _)| t);
        for (field, value, max) in [("place", &mut self.place, 200), ("description", &mut self.description, 5000)] {
            if let Some(clean) = checks.check(validate::optional(field, value, max)) {
                *value = clean;
            }
        }
        if let Some(minutes) = self.reminder_minutes {
            if !REMINDERS.contains(&minutes) {
                checks.push(Error::invalid_field("reminder_minutes", "El aviso puede ser 0, 5, 10, 15, 30, 60, 120, 1440 o 2880 minutos antes"));
            }
        }
        self.user_ids.sort_unstable();
        self.user_ids.dedup();
        if self.user_ids.len() > 100 {
            checks.push(Error::invalid_field("user_ids", "Como máximo 100 personas por evento"));
        }
        for (i, user) in self.user_ids.iter().enumerate() {
            if let Err(err) = staff_member(&format!("user_ids[{i}]"), *user) {
                checks.push(err);
            }
        }
        checks.finish()
    }
}

/// The event with the names of the staff it concerns.
fn detail(ctx: &Ctx, id: i64) -> Result<Value> {
    let event = resource::find::<Event>(ctx, id)?;
    let staff = host::directory::staff(true);
    named(&staff, event)
}

fn named(staff: &[host::directory::StaffMember], event: Record<Event>) -> Result<Value> {
    let users: Vec<Value> = event
        .data
        .user_ids
        .iter()
        .map(|u| json!({ "user_id": u, "name": staff.iter().find(|m| m.user_id == *u).map(|m| m.name.clone()) }))
        .collect();
    let creator = event.data.created_by.and_then(|c| staff.iter().find(|m| m.user_id == c)).map(|m| m.name.clone());
    let mut value = serde_json::to_value(&event)?;
    value["users"] = json!(users);
    value["created_by_name"] = json!(creator);
    Ok(value)
}

/// `schedule/create`: the caller is its creator.
pub fn create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    body.insert("checked".into(), json!(false));
    body.insert("created_by".into(), json!(ctx.user_id));
    let record = resource::create::<Event>(ctx, Value::Object(body))?;
    remind(record.id, &record.data)?;
    detail(ctx, record.id)
}

/// `schedule/update`: `id` and the fields that change.
pub fn update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    body.remove("checked");
    body.remove("created_by");
    let record = resource::update::<Event>(ctx, id, Value::Object(body))?;
    remind(id, &record.data)?;
    detail(ctx, id)
}

/// `schedule/delete`: the event is marked deleted (it stays readable).
pub fn delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    resource::delete::<Event>(ctx, body.id)?;
    timers::cancel(&reminder_key(body.id))?;
    detail(ctx, body.id)
}

/// `schedule/check`: held or not (none toggles).
pub fn check(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: CheckBody = req.json()?;
    let event = resource::find::<Event>(ctx, body.id)?;
    let checked = body.checked.unwrap_or(!event.data.checked);
    let record = resource::update::<Event>(ctx, body.id, json!({ "checked": checked }))?;
    remind(body.id, &record.data)?;
    detail(ctx, body.id)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ReadQuery {
    id: Option<i64>,
    from: Option<String>,
    to: Option<String>,
    /// Events concerning this user (`me`: the caller).
    user_id: Option<String>,
    checked: Option<bool>,
    branch_id: Option<i64>,
}

/// `GET schedule/read`: with `?id=` the event; without, a page of events by day and hour
/// (`from`/`to` days, `user_id` or `me`, `checked`, `branch_id`, `search`).
pub fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: ReadQuery = req.query()?;
    if let Some(id) = q.id {
        return detail(ctx, id);
    }
    let list = ListQuery::from_query(req)?;
    let mut extra = Vec::new();
    let mut params = Vec::new();
    for (field, value, op) in [("from", q.from, ">="), ("to", q.to, "<=")] {
        if let Some(date) = validate::optional_date(field, value)? {
            extra.push(format!("date {op} ${{}}"));
            params.push(date.to_sql());
        }
    }
    if let Some(user) = q.user_id.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
        let user: i64 = if user == "me" { ctx.user_id } else { user.parse().map_err(|_| Error::invalid_field("user_id", "El usuario debe ser un número o me"))? };
        // Inside the JSON list `[1,2,3]`.
        extra.push("(user_ids LIKE ${} OR user_ids LIKE ${} OR user_ids LIKE ${} OR user_ids LIKE ${})".into());
        for pattern in [format!("[{user}]"), format!("[{user},%"), format!("%,{user}]"), format!("%,{user},%")] {
            params.push(pattern.to_sql());
        }
    }
    if let Some(checked) = q.checked {
        extra.push("checked = ${}".into());
        params.push(checked.to_sql());
    }
    if let Some(branch) = q.branch_id {
        extra.push("branch_id = ${}".into());
        params.push(branch.to_sql());
    }
    let extra = (!extra.is_empty()).then(|| extra.join(" AND "));
    let page = resource::list_where::<Event>(ctx, &list, extra.as_deref(), params)?;
    let staff = host::directory::staff(true);
    let items = page.items.into_iter().map(|e| named(&staff, e)).collect::<Result<Vec<_>>>()?;
    Ok(serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?)
}

/// The timer of an event's reminder.
fn reminder_key(id: i64) -> String {
    format!("event:{id}")
}

/// When an event's reminder is due (UTC seconds): its start in peninsula time (09:00 for an
/// all-day event) less its minutes.
pub fn reminder_at(event: &Event) -> Option<i64> {
    let minutes = event.reminder_minutes?;
    let start = event.start_time.as_deref().unwrap_or("09:00");
    Some(SpanishZone::Peninsula.instant(&event.date, start)? - minutes * 60)
}

/// Keep the event's reminder timer in step: set while the event is to come and not yet held.
fn remind(id: i64, event: &Event) -> Result<()> {
    let now = calendar::parse_utc(&host::now()).unwrap_or_default();
    match reminder_at(event).filter(|at| *at > now && !event.checked) {
        Some(at) => {
            let at = calendar::format_utc(at);
            timers::set(&reminder_key(id), &at, &json!({ "id": id, "at": at }))
        }
        None => timers::cancel(&reminder_key(id)),
    }
}

#[derive(Debug, Deserialize)]
struct ReminderPayload {
    id: i64,
    at: String,
}

/// A reminder's timer came: the staff the event concerns (its creator when it names nobody) are
/// told in their browsers, unless the event changed since (a moved event has its own timer).
pub fn reminded(ctx: &Ctx, payload: Value) -> Result<()> {
    let ReminderPayload { id, at } = serde_json::from_value(payload).map_err(Error::internal)?;
    let Some(event) = resource::find_optional::<Event>(ctx, id)? else { return Ok(()) };
    let due = reminder_at(&event.data).map(calendar::format_utc);
    if event.state == "deleted" || event.data.checked || due.as_deref() != Some(at.as_str()) {
        return Ok(());
    }
    let mut to = event.data.user_ids.clone();
    if to.is_empty() {
        to.extend(event.data.created_by);
    }
    let when = match &event.data.start_time {
        Some(start) => format!("{} a las {start}", calendar::spanish_date(&event.data.date)),
        None => format!("{} (todo el día)", calendar::spanish_date(&event.data.date)),
    };
    let place = if event.data.place.is_empty() { String::new() } else { format!(" · {}", event.data.place) };
    realtime::push_to(
        &to,
        "notice",
        &json!({ "title": event.data.title, "body": format!("{when}{place}"), "link": format!("/schedule/view/{id}") }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reminders_count_back_from_the_start_in_peninsula_time() {
        let event = |start: Option<&str>, minutes| Event {
            date: "2027-07-15".into(),
            start_time: start.map(str::to_string),
            reminder_minutes: minutes,
            ..Default::default()
        };
        // Summer (UTC+2): 10:00 less 30 minutes is 07:30 UTC.
        assert_eq!(reminder_at(&event(Some("10:00"), Some(30))).map(calendar::format_utc).as_deref(), Some("2027-07-15T07:30:00Z"));
        // All day: from 09:00, a day before.
        assert_eq!(reminder_at(&event(None, Some(1440))).map(calendar::format_utc).as_deref(), Some("2027-07-14T07:00:00Z"));
        assert_eq!(reminder_at(&event(Some("10:00"), None)), None);
    }
}
