//! Volante's `alarms` plugin: reminders for some of the staff that go off at their date and time
//! (peninsula time), once or repeating. When one goes off, each person it names gets a notice in
//! their browser (`realtime`) kept until dismissed, and an e-mail when the alarm asks for it. The
//! host wakes the plugin at the right time (`timers`, interface 0.1.8). See README.md.

use volante_plugin_sdk::host::directory::{self, StaffMember};
use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page};
use volante_plugin_sdk::time::{self, clock_minutes, SpanishZone};
use volante_plugin_sdk::{host, mail, realtime, timers, validate, Checks};

const ZONE: SpanishZone = SpanishZone::Peninsula;
const REPEATS: &[&str] = &["none", "daily", "weekly", "monthly", "yearly"];
const MAX_PEOPLE: usize = 100;

/// An alarm's fields.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Alarm {
    pub title: String,
    pub description: String,
    /// One of the business's alarm groups.
    pub group_id: Option<i64>,
    /// `YYYY-MM-DD`: the first time it goes off (peninsula time).
    pub date: String,
    /// `HH:MM`.
    pub time: String,
    /// `none`, `daily`, `weekly`, `monthly` or `yearly`.
    pub repeat: String,
    /// Active staff to notify; empty on create: the caller.
    pub user_ids: Vec<i64>,
    /// Also e-mail each person.
    pub send_mail: bool,
    /// A path of Volante to open from the notice.
    pub link: String,
    /// When it goes off next (UTC); set by the plugin.
    pub next_at: Option<String>,
    /// When it last went off (UTC); set by the plugin.
    pub last_fired_at: Option<String>,
    /// Who created it (set on create).
    pub created_by: Option<i64>,
}

impl Resource for Alarm {
    const NAME: &'static str = "alarm";
    const PATH: &'static str = "alarma";
    const LABEL: &'static str = "Alarma";
    const FEMININE: bool = true;
    const TABLE: &'static str = "alarms_alarm";
    const SEARCH: &'static [&'static str] = &["title", "description"];
    // Those that will go off first; those that will not again last.
    const ORDER_BY: &'static str = "CASE WHEN next_at IS NULL THEN 1 ELSE 0 END, next_at ASC, id DESC";

    fn prepare(&mut self, ctx: &Ctx, id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(title) = checks.check(validate::required("title", &self.title, 150)) {
            self.title = title;
        }
        if let Some(description) = checks.check(validate::optional("description", &self.description, 2000)) {
            self.description = description;
        }
        match checks.check(validate::date("date", &self.date)) {
            Some(d) if d.is_empty() => checks.push(Error::required("date")),
            Some(d) => self.date = d,
            None => {}
        }
        let time = self.time.trim().to_string();
        if time.is_empty() {
            checks.push(Error::required("time"));
        } else if clock_minutes(&time).is_none() {
            checks.push(Error::invalid_field("time", "La hora debe ser HH:MM"));
        } else {
            self.time = time;
        }
        let repeat = if self.repeat.trim().is_empty() { "none" } else { self.repeat.trim() };
        if let Some(repeat) = checks.check(validate::one_of("repeat", repeat, REPEATS)) {
            self.repeat = repeat.to_string();
        }
        self.user_ids.sort_unstable();
        self.user_ids.dedup();
        if self.user_ids.is_empty() {
            checks.push(Error::invalid_field("user_ids", "Indique a quién avisar"));
        } else if self.user_ids.len() > MAX_PEOPLE {
            checks.push(Error::invalid_field("user_ids", format!("Como máximo {MAX_PEOPLE} personas por alarma")));
        }
        for (i, user) in self.user_ids.iter().enumerate() {
            if let Err(err) = staff_member(&format!("user_ids[{i}]"), *user) {
                checks.push(err);
            }
        }
        if let Some(group) = self.group_id {
            if resource::find_optional::<AlarmGroup>(ctx, group)?.filter(|g| g.state != "deleted").is_none() {
                checks.push(Error::invalid_field("group_id", "El grupo no existe"));
            }
        }
        match checks.check(validate::optional("link", &self.link, 300)) {
            Some(link) if !link.is_empty() && !link.starts_with('/') => {
                checks.push(Error::invalid_field("link", "El enlace es una ruta de Volante que empieza por /"))
            }
            Some(link) => self.link = link,
            None => {}
        }
        checks.finish()?;

        // When it goes off next.
        let now = time::parse_utc(&host::now()).unwrap_or_default();
        let first = local_instant(&self.date, &self.time).ok_or_else(|| Error::invalid_field("date", "Fecha no válida"))?;
        self.next_at = if self.repeat == "none" {
            if first > now {
                Some(time::format_utc(first))
            } else {
                // Gone off already and left as it was: it stays without a next time.
                let stored = match id {
                    Some(id) => resource::find_optional::<Alarm>(ctx, id)?,
                    None => None,
                };
                let unchanged = stored.is_some_and(|s| s.data.last_fired_at.is_some() && s.data.date == self.date && s.data.time == self.time);
                if !unchanged {
                    return Err(Error::invalid_field("time", "La fecha y hora del aviso ya han pasado"));
                }
                None
            }
        } else {
            Some(time::format_utc(next_after(&self.date, &self.time, &self.repeat, now - 1).unwrap_or(first)))
        };
        Ok(())
    }
}

/// A group to sort alarms (`ITV`, `Seguros`…).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct AlarmGroup {
    pub name: String,
    /// `#RRGGBB`.
    pub color: String,
}

impl Resource for AlarmGroup {
    const NAME: &'static str = "alarm_group";
    const PATH: &'static str = "alarma/group";
    const LABEL: &'static str = "Grupo de alarmas";
    const TABLE: &'static str = "alarms_group";
    const SEARCH: &'static [&'static str] = &["name"];
    const UNIQUE: &'static [&'static str] = &["name"];
    const ORDER_BY: &'static str = "name ASC";

    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(name) = checks.check(validate::required("name", &self.name, 100)) {
            self.name = name;
        }
        let color = if self.color.trim().is_empty() { "#009EF7" } else { self.color.trim() };
        if let Some(color) = checks.check(validate::color("color", color)) {
            self.color = color;
        }
        checks.finish()
    }
}

// ---- time ----

/// The UTC instant (seconds) of a peninsula date and `HH:MM`.
pub fn local_instant(date: &str, hhmm: &str) -> Option<i64> {
    ZONE.instant(date, hhmm)
}

/// The `n`-th occurrence's local date of an alarm first on `date` (`YYYY-MM-DD`).
fn occurrence(date: &str, repeat: &str, n: i64) -> Option<String> {
    time::parse_date(date)?;
    match repeat {
        "daily" => time::add_days(date, n),
        "weekly" => time::add_days(date, 7 * n),
        // The 31st (or 29 February) falls on the month's last day when it has no such day.
        "monthly" => time::add_months(date, n),
        "yearly" => time::add_months(date, 12 * n),
        _ => (n == 0).then(|| date.to_string()),
    }
}

/// The first occurrence strictly after `after` (UTC seconds) of a repeating alarm.
pub fn next_after(date: &str, hhmm: &str, repeat: &str, after: i64) -> Option<i64> {
    let first = local_instant(date, hhmm)?;
    if first > after {
        return Some(first);
    }
    // Jump close, then step: at most a few iterations whatever the distance.
    let days = (after - first) / 86_400;
    let mut n = match repeat {
        "daily" => days,
        "weekly" => days / 7,
        "monthly" => days / 31,
        "yearly" => days / 366,
        _ => return None,
    };
    loop {
        let at = local_instant(&occurrence(date, repeat, n)?, hhmm)?;
        if at > after {
            return Some(at);
        }
        n += 1;
    }
}

// ---- people ----

/// An active user of the business, for `field`.
pub fn staff_member(field: &str, user_id: i64) -> Result<StaffMember> {
    directory::member(user_id).filter(|m| m.active).ok_or_else(|| Error::invalid_field(field, "El usuario no es un usuario activo de la empresa"))
}

fn timer_key(id: i64) -> String {
    format!("alarm:{id}")
}

/// Keep the host's timer in step with the alarm: set for its next time, or none.
fn schedule(id: i64, alarm: &Alarm) -> Result<()> {
    match &alarm.next_at {
        Some(at) => timers::set(&timer_key(id), at, &json!({ "id": id, "at": at })),
        None => timers::cancel(&timer_key(id)),
    }
}

/// The alarm with the names of its people and its group.
fn detail(ctx: &Ctx, id: i64) -> Result<Value> {
    let alarm = resource::find::<Alarm>(ctx, id)?;
    named(ctx, &directory::staff(true), alarm)
}

fn named(ctx: &Ctx, staff: &[StaffMember], alarm: Record<Alarm>) -> Result<Value> {
    let name_of = |id: i64| staff.iter().find(|m| m.user_id == id).map(|m| m.name.clone());
    let users: Vec<Value> = alarm.data.user_ids.iter().map(|u| json!({ "user_id": u, "name": name_of(*u) })).collect();
    let group = match alarm.data.group_id {
        Some(group) => resource::find_optional::<AlarmGroup>(ctx, group)?
            .filter(|g| g.state != "deleted")
            .map(|g| json!({ "id": g.id, "name": g.data.name, "color": g.data.color })),
        None => None,
    };
    let creator = alarm.data.created_by.and_then(name_of);
    let mut value = serde_json::to_value(&alarm)?;
    value["users"] = json!(users);
    value["group"] = json!(group);
    value["created_by_name"] = json!(creator);
    Ok(value)
}

// ---- handlers ----

/// `alarma/create`: the caller is its creator, and the one notified when nobody is named.
fn create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    for taken in ["next_at", "last_fired_at"] {
        body.remove(taken);
    }
    body.insert("created_by".into(), json!(ctx.user_id));
    let nobody = body.get("user_ids").and_then(Value::as_array).is_none_or(|a| a.is_empty());
    if nobody {
        body.insert("user_ids".into(), json!([ctx.user_id]));
    }
    let record = resource::create::<Alarm>(ctx, Value::Object(body))?;
    schedule(record.id, &record.data)?;
    detail(ctx, record.id)
}

/// `alarma/update`: `id` and the fields that change.
fn update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    for taken in ["next_at", "last_fired_at", "created_by"] {
        body.remove(taken);
    }
    let record = resource::update::<Alarm>(ctx, id, Value::Object(body))?;
    schedule(id, &record.data)?;
    detail(ctx, id)
}

/// `{id}` of a body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct IdBody {
    pub id: i64,
}

/// `alarma/delete`: marked deleted; it will not go off.
fn delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    resource::delete::<Alarm>(ctx, body.id)?;
    timers::cancel(&timer_key(body.id))?;
    detail(ctx, body.id)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ReadQuery {
    id: Option<i64>,
    /// Alarms naming this user (`me`: the caller).
    user_id: Option<String>,
    group_id: Option<i64>,
}

/// `GET alarma/read`: with `?id=` the alarm; without, a page of alarms by next time.
fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: ReadQuery = req.query()?;
    if let Some(id) = q.id {
        return detail(ctx, id);
    }
    let list = ListQuery::from_query(req)?;
    let mut extra = Vec::new();
    let mut params = Vec::new();
    if let Some(user) = q.user_id.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
        let user: i64 = if user == "me" { ctx.user_id } else { user.parse().map_err(|_| Error::invalid_field("user_id", "El usuario debe ser un número o me"))? };
        // Inside the JSON list `[1,2,3]`.
        extra.push("(user_ids LIKE ${} OR user_ids LIKE ${} OR user_ids LIKE ${} OR user_ids LIKE ${})".to_string());
        for pattern in [format!("[{user}]"), format!("[{user},%"), format!("%,{user}]"), format!("%,{user},%")] {
            params.push(pattern.to_sql());
        }
    }
    if let Some(group) = q.group_id {
        extra.push("group_id = ${}".into());
        params.push(group.to_sql());
    }
    let extra = (!extra.is_empty()).then(|| extra.join(" AND "));
    let page = resource::list_where::<Alarm>(ctx, &list, extra.as_deref(), params)?;
    let staff = directory::staff(true);
    let items = page.items.into_iter().map(|a| named(ctx, &staff, a)).collect::<Result<Vec<_>>>()?;
    Ok(serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?)
}

/// `GET alarma/group/read`.
fn group_read(ctx: &Ctx, _req: &Req) -> Result<Value> {
    let page = resource::list::<AlarmGroup>(ctx, &ListQuery { per_page: Some(500), ..Default::default() })?;
    Ok(Value::Array(page.items.into_iter().map(|g| json!({ "id": g.id, "name": g.data.name, "color": g.data.color })).collect()))
}

/// `alarma/group/create`.
fn group_create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let group = resource::create::<AlarmGroup>(ctx, req.value()?)?;
    Ok(json!({ "id": group.id, "name": group.data.name, "color": group.data.color }))
}

/// `alarma/group/delete`: its alarms stay, without a group.
fn group_delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    let group = resource::delete::<AlarmGroup>(ctx, body.id)?;
    sql::execute(
        "UPDATE alarms_alarm SET group_id = NULL, updated_at = $1 WHERE business_id = $2 AND group_id = $3",
        &params![host::now(), ctx.business_id, body.id],
    )?;
    Ok(json!({ "id": group.id, "name": group.data.name, "color": group.data.color }))
}

/// `GET alarma/staff`: the business's active users, to choose whom an alarm notifies.
fn staff(_ctx: &Ctx, _req: &Req) -> Result<Value> {
    Ok(json!(directory::staff(false)
        .into_iter()
        .map(|m| json!({ "user_id": m.user_id, "name": m.name, "branch_id": m.branch_id }))
        .collect::<Vec<_>>()))
}

/// A notice as answers and pushes give it.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Notice {
    pub id: i64,
    pub alarm_id: i64,
    pub title: String,
    pub description: String,
    pub link: String,
    pub fired_at: String,
}

/// `GET alarma/notice/read`: the caller's notices not yet dismissed, newest first.
fn notice_read(ctx: &Ctx, _req: &Req) -> Result<Value> {
    let items: Vec<Notice> = sql::query_as(
        "SELECT id, alarm_id, title, description, link, fired_at FROM alarms_notice
         WHERE business_id = $1 AND user_id = $2 AND dismissed_at IS NULL ORDER BY id DESC LIMIT 100",
        &params![ctx.business_id, ctx.user_id],
    )?;
    let total: i64 = sql::query_scalar(
        "SELECT COUNT(*) FROM alarms_notice WHERE business_id = $1 AND user_id = $2 AND dismissed_at IS NULL",
        &params![ctx.business_id, ctx.user_id],
    )?;
    Ok(json!({ "items": items, "total": total }))
}

/// `alarma/notice/dismiss`: one (`id`) or `all`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct DismissBody {
    pub id: Option<i64>,
    pub all: bool,
}

fn notice_dismiss(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: DismissBody = req.json()?;
    let now = host::now();
    let dismissed = match (body.id, body.all) {
        (_, true) => sql::execute(
            "UPDATE alarms_notice SET dismissed_at = $1 WHERE business_id = $2 AND user_id = $3 AND dismissed_at IS NULL",
            &params![&now, ctx.business_id, ctx.user_id],
        )?,
        (Some(id), false) => {
            let found: Option<Notice> = sql::query_optional(
                "SELECT id, alarm_id, title, description, link, fired_at FROM alarms_notice WHERE business_id = $1 AND user_id = $2 AND id = $3",
                &params![ctx.business_id, ctx.user_id, id],
            )?;
            if found.is_none() {
                return Err(Error::not_found("Aviso").with_data(json!({ "field": "id" })));
            }
            sql::execute(
                "UPDATE alarms_notice SET dismissed_at = $1 WHERE business_id = $2 AND user_id = $3 AND id = $4 AND dismissed_at IS NULL",
                &params![&now, ctx.business_id, ctx.user_id, id],
            )?
        }
        (None, false) => return Err(Error::invalid_field("id", "Indique el aviso o all")),
    };
    // The caller's other tabs and the menu's count follow.
    if dismissed > 0 {
        realtime::push_to(&[ctx.user_id], "dismissed", &json!({ "dismissed": dismissed }))?;
    }
    Ok(json!({ "dismissed": dismissed }))
}

/// The alarm `id` goes off (its timer came): notices, pushes and mails, then its next time.
fn fire(ctx: &Ctx, id: i64, at: &str) -> Result<()> {
    let Some(alarm) = resource::find_optional::<Alarm>(ctx, id)? else { return Ok(()) };
    // Deleted, or moved since the timer was set: nothing to do (the current timer is its own).
    if alarm.state != "active" || alarm.data.next_at.as_deref() != Some(at) {
        return Ok(());
    }
    let fired_at = host::now();
    let people: Vec<StaffMember> = alarm.data.user_ids.iter().filter_map(|u| directory::member(*u).filter(|m| m.active)).collect();
    for person in &people {
        let notice_id: i64 = sql::query_scalar(
            "INSERT INTO alarms_notice (business_id, alarm_id, user_id, title, description, link, fired_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
            &params![ctx.business_id, id, person.user_id, &alarm.data.title, &alarm.data.description, &alarm.data.link, &fired_at],
        )?;
        let notice = Notice {
            id: notice_id,
            alarm_id: id,
            title: alarm.data.title.clone(),
            description: alarm.data.description.clone(),
            link: alarm.data.link.clone(),
            fired_at: fired_at.clone(),
        };
        let body: String = alarm.data.description.chars().take(300).collect();
        realtime::push_to(
            &[person.user_id],
            "notice",
            &json!({ "title": alarm.data.title, "body": body, "link": alarm.data.link, "notice": notice }),
        )?;
    }
    if alarm.data.send_mail {
        let to: Vec<String> = people.iter().map(|p| p.email.clone()).filter(|e| !e.is_empty()).collect();
        if !to.is_empty() {
            let when = format!("{} - {}", time::spanish_date(&alarm.data.date), alarm.data.time);
            let context = json!({ "title": alarm.data.title, "description": alarm.data.description, "when": when, "link": alarm.data.link });
            mail::send(
                &to,
                "Alarma: {{ title }}",
                "{{ title }}\n{% if description %}\n{{ description }}\n{% endif %}\n{% if link %}\n{{ public_url }}{{ link }}\n{% endif %}",
                &context,
                &[],
            )
            .map_err(|e| Error::internal(format!("alarm mail: {}", e.details)))?;
        }
    }
    let now = time::parse_utc(&fired_at).unwrap_or_default();
    let fired = time::parse_utc(at).unwrap_or(now);
    let next = if alarm.data.repeat == "none" {
        None
    } else {
        next_after(&alarm.data.date, &alarm.data.time, &alarm.data.repeat, fired.max(now)).map(time::format_utc)
    };
    sql::execute(
        "UPDATE alarms_alarm SET next_at = $1, last_fired_at = $2, updated_at = $2 WHERE business_id = $3 AND id = $4",
        &params![next.clone(), &fired_at, ctx.business_id, id],
    )?;
    if let Some(next) = &next {
        timers::set(&timer_key(id), next, &json!({ "id": id, "at": next }))?;
    }
    Ok(())
}

#[derive(Debug, Deserialize)]
struct TimerPayload {
    id: i64,
    at: String,
}

pub struct Alarms;

impl Plugin for Alarms {
    fn router() -> Router {
        Router::new()
            .post("alarma/create", create)
            .post("alarma/update", update)
            .post("alarma/delete", delete)
            .get("alarma/read", read)
            .get("alarma/group/read", group_read)
            .post("alarma/group/create", group_create)
            .post("alarma/group/delete", group_delete)
            .get("alarma/notice/read", notice_read)
            .post("alarma/notice/dismiss", notice_dismiss)
            .get("alarma/staff", staff)
    }

    fn on_event(ctx: &Ctx, name: &str, payload_json: &str) -> std::result::Result<(), String> {
        let Some(fired) = timers::Fired::parse(name, payload_json) else { return Ok(()) };
        let payload: TimerPayload = serde_json::from_value(fired.payload).map_err(|e| format!("timer {}: {e}", fired.key))?;
        fire(ctx, payload.id, &payload.at).map_err(|e| e.details)
    }

    fn schemas(schemas: &mut Schemas) {
        schemas
            .resource::<Alarm>()
            .resource::<AlarmGroup>()
            .add::<IdBody>("alarm_id")
            .add::<DismissBody>("alarm_dismiss");
    }
}

volante_plugin_sdk::plugin!(Alarms);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_times_follow_the_peninsula_zone() {
        // Winter (UTC+1) and summer (UTC+2).
        assert_eq!(time::format_utc(local_instant("2027-01-15", "09:00").unwrap()), "2027-01-15T08:00:00Z");
        assert_eq!(time::format_utc(local_instant("2027-07-15", "09:00").unwrap()), "2027-07-15T07:00:00Z");
        // The change days: after the jump and after the fall back.
        assert_eq!(time::format_utc(local_instant("2027-03-28", "10:00").unwrap()), "2027-03-28T08:00:00Z");
        assert_eq!(time::format_utc(local_instant("2027-10-31", "10:00").unwrap()), "2027-10-31T09:00:00Z");
    }

    #[test]
    fn repeating_alarms_step_to_their_next_time() {
        let after = local_instant("2027-01-20", "12:00").unwrap();
        let next = |repeat| time::format_utc(next_after("2027-01-10", "09:00", repeat, after).unwrap());
        assert_eq!(next("daily"), "2027-01-21T08:00:00Z");
        assert_eq!(next("weekly"), "2027-01-24T08:00:00Z");
        assert_eq!(next("monthly"), "2027-02-10T08:00:00Z");
        assert_eq!(next("yearly"), "2028-01-10T08:00:00Z");
        assert_eq!(next_after("2027-01-10", "09:00", "none", after), None);
        // Not yet gone off: the first time itself.
        let before = local_instant("2027-01-01", "00:00").unwrap();
        assert_eq!(time::format_utc(next_after("2027-01-10", "09:00", "weekly", before).unwrap()), "2027-01-10T08:00:00Z");
        // Summer time moves the UTC hour, not the local one.
        let spring = local_instant("2027-03-20", "12:00").unwrap();
        assert_eq!(time::format_utc(next_after("2027-03-01", "09:00", "monthly", spring).unwrap()), "2027-04-01T07:00:00Z");
    }

    #[test]
    fn the_31st_falls_on_the_last_day_of_shorter_months() {
        assert_eq!(occurrence("2027-01-31", "monthly", 1).as_deref(), Some("2027-02-28"));
        assert_eq!(occurrence("2027-01-31", "monthly", 3).as_deref(), Some("2027-04-30"));
        assert_eq!(occurrence("2028-02-29", "yearly", 1).as_deref(), Some("2029-02-28"));
        assert_eq!(occurrence("2027-12-15", "monthly", 1).as_deref(), Some("2028-01-15"));
    }
}
