//! A group's classes, in order: what the teacher projects in one session, with its date, time and
//! length, a summary, and whether it has been given. The spec's `clase/guiada/` calls; a class
//! is read as the classroom shows it, its resources with their content from the book.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource;
use volante_plugin_sdk::{directory, from_value, host, validate, Checks};

use crate::groups::Group;
use volante_plugin_sdk::order::{self, Ordered};
use crate::resources::{self, ClassResource};
use crate::{body_ref, checks, deleted, drop_keys, drop_nulls, find, find_live, query_id, record_value};

/// A class's statuses.
pub const STATUSES: &[&str] = &["pending", "given"];

/// A class of a group.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Class {
    pub group_id: i64,
    /// 1, 2, … among the group's live classes.
    pub position: i64,
    /// Required, at most 200 characters.
    pub title: String,
    /// `YYYY-MM-DD`.
    pub scheduled_on: Option<String>,
    /// `HH:MM`, only with a date.
    pub starts_at: Option<String>,
    /// 5 to 480 (60 when not given).
    pub minutes: i64,
    /// What the class is about, or the teacher's notes: at most 4000 characters.
    pub summary: String,
    /// `pending` or `given`.
    pub status: String,
    /// UTC, set when it is marked given.
    pub given_at: Option<String>,
    /// Who marked it given.
    pub given_by: Option<i64>,
}

impl Default for Class {
    fn default() -> Class {
        Class {
            group_id: 0,
            position: 0,
            title: String::new(),
            scheduled_on: None,
            starts_at: None,
            minutes: 60,
            summary: String::new(),
            status: "pending".into(),
            given_at: None,
            given_by: None,
        }
    }
}

impl Resource for Class {
    const NAME: &'static str = "guided_class";
    const PATH: &'static str = "clase/guiada";
    const LABEL: &'static str = "Clase";
    const FEMININE: bool = true;
    const TABLE: &'static str = "guided_class";
    const ORDER_BY: &'static str = "position ASC, id ASC";

    /// Every bad field at once; then `given_at` and `given_by` follow the status.
    fn prepare(&mut self, ctx: &Ctx, id: Option<i64>) -> Result<()> {
        self.check_fields()?;
        let before = match id {
            Some(id) => Some(find::<Class>(ctx, id)?.data),
            None => None,
        };
        self.mark(before.as_ref(), &host::now(), ctx.user_id);
        Ok(())
    }
}


impl Ordered for Class {
    const PARENT: &'static str = "group_id";
    fn parent(&self) -> i64 {
        self.group_id
    }
    fn position(&self) -> i64 {
        self.position
    }
}

impl Class {
    /// The checks of the fields themselves (no reads), every bad field at once.
    pub fn check_fields(&mut self) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(title) = checks.check(validate::required("title", &self.title, 200)) {
            self.title = title;
        }
        let date = checks.check(checks::date("scheduled_on", self.scheduled_on.as_deref()));
        let time = checks.check(checks::clock_time("starts_at", self.starts_at.as_deref()));
        if let Some(date) = &date {
            self.scheduled_on = date.clone();
        }
        if let Some(time) = &time {
            self.starts_at = time.clone();
        }
        if let (Some(date), Some(time)) = (date, time) {
            checks.check(checks::time_needs_date(date.as_deref(), time.as_deref()));
        }
        checks.check(checks::minutes("minutes", self.minutes));
        if let Some(summary) = checks.check(validate::optional("summary", &self.summary, 4000)) {
            self.summary = summary;
        }
        if let Some(status) = checks.check(validate::one_of("status", self.status.trim(), STATUSES)) {
            self.status = status.into();
        }
        checks.finish()
    }

    /// Given: when it becomes so, now and by `user` (a class given already keeps when and by
    /// whom); pending: neither.
    pub fn mark(&mut self, before: Option<&Class>, now: &str, user: i64) {
        if self.status != "given" {
            (self.given_at, self.given_by) = (None, None);
            return;
        }
        match before.filter(|b| b.status == "given") {
            Some(before) => (self.given_at, self.given_by) = (before.given_at.clone(), before.given_by),
            None => (self.given_at, self.given_by) = (Some(now.to_string()), Some(user).filter(|u| *u > 0)),
        }
    }
}

/// `clase/guiada/create` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct NewClass {
    pub group_id: i64,
    pub title: String,
    /// Where it goes among the group's classes (the end when not given).
    pub position: Option<i64>,
    pub scheduled_on: Option<String>,
    pub starts_at: Option<String>,
    /// 60 when not given.
    pub minutes: Option<i64>,
    pub summary: String,
}

/// `clase/guiada/update` body: the fields that change.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct ClassUpdate {
    pub id: i64,
    pub title: Option<String>,
    /// Moves it among the group's classes.
    pub position: Option<i64>,
    pub scheduled_on: Option<String>,
    pub starts_at: Option<String>,
    pub minutes: Option<i64>,
    pub summary: Option<String>,
    /// `given` marks it given (now, by the caller); `pending` undoes it.
    pub status: Option<String>,
}

/// A class and its group, both live (`CONFLICT-000` otherwise): what a write needs.
pub fn live_with_group(ctx: &Ctx, id: i64) -> Result<(Record<Class>, Record<Group>)> {
    let class = find_live::<Class>(ctx, id)?;
    let group = find_live::<Group>(ctx, class.data.group_id)?;
    Ok((class, group))
}

/// A class as `clase/guiada/read` answers it: the record with its `group`, the live classes
/// beside it (`previous_id`, `next_id`), `given_by_name` and its `resources` in order with what
/// the classroom shows of each.
pub fn detail(ctx: &Ctx, id: i64) -> Result<Value> {
    let class = find::<Class>(ctx, id)?;
    let group = find::<Group>(ctx, class.data.group_id)?;
    let (previous, next) = neighbours(ctx, &class)?;
    let items = order::children::<ClassResource>(ctx, id)?;
    let mut value = record_value(&class)?;
    value["group"] = json!({
        "id": group.id, "name": group.data.name, "licence": group.data.licence, "temary_id": group.data.temary_id, "state": group.state,
    });
    value["previous_id"] = json!(previous);
    value["next_id"] = json!(next);
    value["given_by_name"] = json!(class.data.given_by.and_then(directory::member).map(|m| m.name));
    value["resources"] = json!(resources::shown(ctx, &items)?);
    Ok(value)
}

/// The live classes just before and after `class` in its group.
fn neighbours(ctx: &Ctx, class: &Record<Class>) -> Result<(Option<i64>, Option<i64>)> {
    let base = "SELECT id FROM guided_class WHERE business_id = $1 AND group_id = $2 AND state <> 'deleted' AND id <> $3";
    let args = || params![ctx.business_id, class.data.group_id, class.id, class.data.position];
    let reads = [
        sql::read(format!("{base} AND position < $4 ORDER BY position DESC, id DESC LIMIT 1"), args()),
        sql::read(format!("{base} AND position >= $4 ORDER BY position ASC, id ASC LIMIT 1"), args()),
    ];
    let mut found = sql::query_batch(&reads)?.into_iter().map(|answer| sql::scalar::<Option<i64>>(answer.rows()?));
    let previous = found.next().transpose()?.flatten();
    let next = found.next().transpose()?.flatten();
    Ok((previous, next))
}

fn create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    drop_nulls(&mut body);
    let group_id = body_ref(&body, "group_id")?;
    let asked = order::asked(&body)?;
    drop_keys(&mut body, &["group_id", "position"]);
    let new: NewClass = from_value(Value::Object(body))?;
    let group = find_live::<Group>(ctx, group_id)?;
    let mut class = Class {
        group_id: group.id,
        title: new.title,
        scheduled_on: new.scheduled_on,
        starts_at: new.starts_at,
        minutes: new.minutes.unwrap_or(60),
        summary: new.summary,
        ..Class::default()
    };
    class.prepare(ctx, None)?;
    class.position = order::make_room::<Class>(ctx, group.id, asked)?;
    let record = resource::insert::<Class>(ctx, class)?;
    detail(ctx, record.id)
}

fn update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    let (class, _) = live_with_group(ctx, id)?;
    let asked = order::asked(&body)?;
    // The group stays; when and by whom it was given follow the status.
    drop_keys(&mut body, &["group_id", "position", "given_at", "given_by"]);
    let position = order::move_to::<Class>(ctx, &class.data, asked)?;
    body.insert("position".into(), json!(position));
    resource::update::<Class>(ctx, id, Value::Object(body))?;
    detail(ctx, id)
}

/// `clase/guiada/delete`: the class and its resources are deleted; the others close up.
fn delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let id = resource::body_id(&resource::object(req.value()?)?)?;
    let (class, group) = live_with_group(ctx, id)?;
    resource::delete::<Class>(ctx, id)?;
    sql::execute(
        "UPDATE guided_resource SET state = 'deleted', updated_at = $1 WHERE business_id = $2 AND class_id = $3 AND state <> 'deleted'",
        &params![host::now(), ctx.business_id, id],
    )?;
    order::close_up::<Class>(ctx, group.id, class.data.position)?;
    Ok(deleted(id))
}

/// The routes of the classes.
pub fn routes(router: Router) -> Router {
    router
        .post("clase/guiada/create", create)
        .post("clase/guiada/update", update)
        .post("clase/guiada/delete", delete)
        .get("clase/guiada/read", |ctx, req| detail(ctx, query_id(req, "id")?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::fields;

    fn class(value: Value) -> Class {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn a_class_s_fields_are_checked_all_at_once() {
        let mut c = class(json!({ "title": " Señales ", "scheduled_on": "06/10/2026", "starts_at": "17:30" }));
        assert!(fields(c.check_fields()).is_empty());
        assert_eq!((c.title.as_str(), c.scheduled_on.as_deref(), c.starts_at.as_deref()), ("Señales", Some("2026-10-06"), Some("17:30")));
        assert_eq!((c.minutes, c.status.as_str()), (60, "pending"), "the defaults");

        let mut c = class(json!({ "title": "", "scheduled_on": "2026-02-30", "starts_at": "25:00", "minutes": 2, "summary": "x".repeat(4001), "status": "done" }));
        assert_eq!(fields(c.check_fields()), ["title", "scheduled_on", "starts_at", "minutes", "summary", "status"]);

        // A time needs a date; an empty time is none.
        let mut c = class(json!({ "title": "X", "starts_at": "09:00" }));
        assert_eq!(fields(c.check_fields()), ["starts_at"]);
        let mut c = class(json!({ "title": "X", "starts_at": "", "scheduled_on": "" }));
        assert!(fields(c.check_fields()).is_empty());
        assert_eq!((c.scheduled_on, c.starts_at), (None, None));
    }

    #[test]
    fn marking_a_class_given_records_when_and_who_once() {
        let now = "2026-10-06T16:00:00.000Z";
        let mut c = Class { status: "given".into(), ..Class::default() };
        c.mark(None, now, 7);
        assert_eq!((c.given_at.as_deref(), c.given_by), (Some(now), Some(7)));
        // Given again later, by someone else: it keeps the first time.
        let before = c.clone();
        let mut again = Class { title: "Otro título".into(), ..before.clone() };
        again.mark(Some(&before), "2026-10-07T09:00:00.000Z", 9);
        assert_eq!((again.given_at.as_deref(), again.given_by), (Some(now), Some(7)));
        // Back to pending: neither.
        let mut pending = Class { status: "pending".into(), ..before.clone() };
        pending.mark(Some(&before), now, 9);
        assert_eq!((pending.given_at, pending.given_by), (None, None));
        // Pending, then given: now, by the caller.
        let mut given = Class { status: "given".into(), ..Class::default() };
        given.mark(Some(&Class::default()), "2026-10-08T10:00:00.000Z", 9);
        assert_eq!((given.given_at.as_deref(), given.given_by), (Some("2026-10-08T10:00:00.000Z"), Some(9)));
    }
}
