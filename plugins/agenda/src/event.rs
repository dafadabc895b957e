//! Events on the school's calendar: a title, a day, the hours (none: all day), a place, the staff
//! it concerns; checked off once held.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page};
use volante_plugin_sdk::time::clock_minutes;
use volante_plugin_sdk::{host, validate, Checks};

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
}

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
    detail(ctx, record.id)
}

/// `schedule/update`: `id` and the fields that change.
pub fn update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    body.remove("checked");
    body.remove("created_by");
    resource::update::<Event>(ctx, id, Value::Object(body))?;
    detail(ctx, id)
}

/// `schedule/delete`: the event is marked deleted (it stays readable).
pub fn delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    resource::delete::<Event>(ctx, body.id)?;
    detail(ctx, body.id)
}

/// `schedule/check`: held or not (none toggles).
pub fn check(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: CheckBody = req.json()?;
    let event = resource::find::<Event>(ctx, body.id)?;
    let checked = body.checked.unwrap_or(!event.data.checked);
    resource::update::<Event>(ctx, body.id, json!({ "checked": checked }))?;
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
