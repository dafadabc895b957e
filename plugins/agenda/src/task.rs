//! Tasks: something to do, with its owner, due date and priority; checked off when done (who and
//! when are kept).

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page};
use volante_plugin_sdk::{host, validate, Checks};

use crate::{staff_member, CheckBody, IdBody, ALL_BRANCHES};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Priority {
    Low,
    #[default]
    Normal,
    High,
}

/// A task's fields.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Task {
    pub title: String,
    pub description: String,
    /// `YYYY-MM-DD`, if it has one.
    pub due_date: Option<String>,
    pub priority: Priority,
    /// Whose it is: an active user of the business; the caller when not given on create.
    pub assignee_user_id: Option<i64>,
    /// The caller's branch when empty.
    pub branch_id: Option<i64>,
    /// Done (set by `task/check`, with when and by whom).
    pub checked: bool,
    pub checked_at: Option<String>,
    pub checked_by: Option<i64>,
    /// Who created it (set on create).
    pub created_by: Option<i64>,
}

impl Resource for Task {
    const NAME: &'static str = "agenda_task";
    const PATH: &'static str = "task";
    const LABEL: &'static str = "Tarea";
    const FEMININE: bool = true;
    const TABLE: &'static str = "agenda_task";
    const SEARCH: &'static [&'static str] = &["title", "description"];
    const BRANCH_FIELD: Option<&'static str> = Some("branch_id");
    const ALL_BRANCHES: Option<&'static str> = Some(ALL_BRANCHES);
    const ORDER_BY: &'static str = "checked ASC, due_date ASC, id ASC";

    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(title) = checks.check(validate::required("title", &self.title, 200)) {
            self.title = title;
        }
        if let Some(description) = checks.check(validate::optional("description", &self.description, 5000)) {
            self.description = description;
        }
        self.due_date = checks.check(validate::optional_date("due_date", self.due_date.take())).flatten();
        if let Some(user) = self.assignee_user_id {
            checks.check(staff_member("assignee_user_id", user));
        }
        checks.finish()
    }
}

/// The task with its owner's, checker's and creator's names, and whether it is overdue.
fn named(staff: &[host::directory::StaffMember], task: Record<Task>, today: &str) -> Result<Value> {
    let name = |u: Option<i64>| u.and_then(|u| staff.iter().find(|m| m.user_id == u)).map(|m| m.name.clone());
    let overdue = !task.data.checked && task.data.due_date.as_deref().is_some_and(|d| d < today);
    let mut value = serde_json::to_value(&task)?;
    value["assignee_name"] = json!(name(task.data.assignee_user_id));
    value["checked_by_name"] = json!(name(task.data.checked_by));
    value["created_by_name"] = json!(name(task.data.created_by));
    value["overdue"] = json!(overdue);
    Ok(value)
}

fn detail(ctx: &Ctx, id: i64) -> Result<Value> {
    let task = resource::find::<Task>(ctx, id)?;
    named(&host::directory::staff(true), task, &crate::today())
}

/// `task/create`: the caller's own unless `assignee_user_id` says whose.
pub fn create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    for meta in ["checked", "checked_at", "checked_by"] {
        body.remove(meta);
    }
    if !body.contains_key("assignee_user_id") {
        body.insert("assignee_user_id".into(), json!(ctx.user_id));
    }
    body.insert("created_by".into(), json!(ctx.user_id));
    let record = resource::create::<Task>(ctx, Value::Object(body))?;
    detail(ctx, record.id)
}

/// `task/update`: `id` and the fields that change.
pub fn update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    for meta in ["checked", "checked_at", "checked_by", "created_by"] {
        body.remove(meta);
    }
    resource::update::<Task>(ctx, id, Value::Object(body))?;
    detail(ctx, id)
}

/// `task/delete`: the task is marked deleted (it stays readable).
pub fn delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    resource::delete::<Task>(ctx, body.id)?;
    detail(ctx, body.id)
}

/// `task/check`: done or not (none toggles); done keeps when and by whom.
pub fn check(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: CheckBody = req.json()?;
    let task = resource::find::<Task>(ctx, body.id)?;
    let checked = body.checked.unwrap_or(!task.data.checked);
    let patch = if checked == task.data.checked {
        json!({})
    } else if checked {
        json!({ "checked": true, "checked_at": host::now(), "checked_by": ctx.user_id })
    } else {
        json!({ "checked": false, "checked_at": null, "checked_by": null })
    };
    resource::update::<Task>(ctx, body.id, patch)?;
    detail(ctx, body.id)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ReadQuery {
    id: Option<i64>,
    /// Whose (`me`: the caller's).
    assignee_user_id: Option<String>,
    checked: Option<bool>,
    /// Due on or before this day (overdue and due today with today's date).
    due_to: Option<String>,
    priority: Option<String>,
    branch_id: Option<i64>,
}

/// `GET task/read`: with `?id=` the task; without, a page of tasks, the open ones first by due
/// date (`assignee_user_id` or `me`, `checked`, `due_to`, `priority`, `branch_id`, `search`).
pub fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: ReadQuery = req.query()?;
    if let Some(id) = q.id {
        return detail(ctx, id);
    }
    let list = ListQuery::from_query(req)?;
    let mut extra = Vec::new();
    let mut params = Vec::new();
    if let Some(user) = q.assignee_user_id.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
        let user: i64 =
            if user == "me" { ctx.user_id } else { user.parse().map_err(|_| Error::invalid_field("assignee_user_id", "El usuario debe ser un número o me"))? };
        extra.push("assignee_user_id = ${}".to_string());
        params.push(user.to_sql());
    }
    if let Some(checked) = q.checked {
        extra.push("checked = ${}".into());
        params.push(checked.to_sql());
    }
    if let Some(date) = validate::optional_date("due_to", q.due_to)? {
        extra.push("due_date <= ${}".into());
        params.push(date.to_sql());
    }
    if let Some(priority) = q.priority.as_deref().map(str::trim).filter(|p| !p.is_empty()) {
        extra.push("priority = ${}".into());
        params.push(validate::one_of("priority", priority, &["low", "normal", "high"])?.to_sql());
    }
    if let Some(branch) = q.branch_id {
        extra.push("branch_id = ${}".into());
        params.push(branch.to_sql());
    }
    let extra = (!extra.is_empty()).then(|| extra.join(" AND "));
    let page = resource::list_where::<Task>(ctx, &list, extra.as_deref(), params)?;
    let staff = host::directory::staff(true);
    let today = crate::today();
    let items = page.items.into_iter().map(|t| named(&staff, t, &today)).collect::<Result<Vec<_>>>()?;
    Ok(serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?)
}
