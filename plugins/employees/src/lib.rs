//! Volante's `employees` plugin: the school's staff, with the branches and positions they work in,
//! their teacher and labour data, their biometric PIN and their user account, which the plugin
//! creates, renames, moves, locks and deactivates through the host's `directory` (interface
//! 0.1.6). Service `employee`. See README.md for the calls.

mod employee;
mod pin;

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page};
use volante_plugin_sdk::time;
use volante_plugin_sdk::{directory, host, validate};

pub use employee::{ContractType, Employee, Gender, Workday};

/// Lets a branch-limited user see and manage the employees of every branch.
pub const ALL_BRANCHES: &str = "employees.all_branches";

/// The youngest an employee may be (Spain's minimum working age).
pub const MIN_AGE: i32 = 16;

/// Today in Spain (the peninsula's date).
pub fn today() -> String {
    host::spanish_today()
}

/// `date` (`YYYY-MM-DD`) `years` earlier; 29 February becomes the 28th in a common year.
pub fn years_before(date: &str, years: i32) -> String {
    match time::parse_date(date) {
        Some((y, m, d)) => {
            let year = y - years;
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
            let day = if m == 2 && d == 29 && !leap { 28 } else { d };
            format!("{year:04}-{m:02}-{day:02}")
        }
        None => String::new(),
    }
}

pub struct Employees;

impl Plugin for Employees {
    fn router() -> Router {
        Router::new()
            .resource::<Employee>()
            .post("employee/create", create)
            .post("employee/update", update)
            .post("employee/update/observations", |ctx, req| patch(ctx, req, &["observations"]))
            .post("employee/update/incorporation", |ctx, req| patch(ctx, req, &["incorporation_date"]))
            .post("employee/update/positions", |ctx, req| patch(ctx, req, &["positions"]))
            .post("employee/update/business_branches", update_branches)
            .post("employee/laboral/update", |ctx, req| {
                patch(
                    ctx,
                    req,
                    &["contract_type", "workday", "weekly_hours", "social_security_number", "iban", "professional_category", "leave_date"],
                )
            })
            .post("employee/lock", lock)
            .post("employee/delete", delete)
            .post("employee/state", set_state)
            .post("employee/account/create", account_create)
            .post("employee/account/link", account_link)
            .get("employee/account/unlinked", unlinked_accounts)
            .get("employee/read", read)
            .get("employee/pinbiometric", pin::read)
            .post("employee/pinbiometric/renew", pin::renew)
            .get("employee/teachers/read", teachers)
            .get("employee/lists", lists)
    }

    fn invoke(ctx: &Ctx, function: &str, _args_json: &str) -> std::result::Result<String, String> {
        match function {
            // Other modules (fleet) offer the teachers who have a user account to choose from:
            // `[{user_id, name, branch_id}]`, by name.
            "employee.teachers" => {
                let list = teacher_list(ctx, &TeachersQuery::default()).map_err(|e| e.details)?;
                let users: Vec<Value> = list
                    .into_iter()
                    .filter(|t| t["user_id"].is_i64())
                    .map(|t| json!({ "user_id": t["user_id"], "name": t["name"], "branch_id": t["branch_id"] }))
                    .collect();
                serde_json::to_string(&users).map_err(|e| e.to_string())
            }
            other => Err(format!("unknown function `{other}`")),
        }
    }

    fn schemas(schemas: &mut Schemas) {
        schemas.resource::<Employee>().add::<NewEmployee>("new_employee").add::<AccountBody>("account").add::<LinkBody>("account_link").add::<ListQuery>("employee_list");
    }
}

volante_plugin_sdk::plugin!(Employees);

/// The user account asked for with an employee.
#[derive(Debug, Clone, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AccountBody {
    /// The e-mail address the employee signs in with.
    pub email: String,
    /// None: the host mails a link to choose one.
    #[serde(default)]
    pub password: Option<String>,
    #[serde(default)]
    pub role_id: Option<i64>,
}

/// `employee/create`'s body: the employee's fields and, optionally, their account.
#[derive(Debug, Clone, Default, Deserialize, Serialize, JsonSchema)]
pub struct NewEmployee {
    #[serde(flatten)]
    pub employee: Employee,
    #[serde(default)]
    pub account: Option<AccountBody>,
}

/// A write's body as an object, without the fields only the plugin sets.
fn body(req: &Req) -> Result<serde_json::Map<String, Value>> {
    let mut body = resource::object(req.value()?)?;
    body.remove("user_id");
    Ok(body)
}

/// `employee/create`: the employee and, with `account`, their user account.
fn create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = body(req)?;
    let account = match body.remove("account") {
        None | Some(Value::Null) => None,
        Some(value) => Some(parse_account(value)?),
    };
    // Without a main branch, the first of those listed (else the caller's, as for any record).
    if body.get("branch_id").is_none_or(Value::is_null) {
        if let Some(first) = body.get("branches").and_then(Value::as_array).and_then(|b| b.first()).cloned() {
            body.insert("branch_id".into(), first);
        }
    }
    let record = resource::create::<Employee>(ctx, Value::Object(body))?;
    if let Some(account) = account {
        open_account(ctx, record.id, &record.data, account)?;
    }
    employee::detail(ctx, record.id)
}

fn parse_account(value: Value) -> Result<AccountBody> {
    let account: AccountBody = volante_plugin_sdk::from_value(value)?;
    if account.email.trim().is_empty() {
        return Err(Error::required("email"));
    }
    Ok(account)
}

/// Create the employee's account and link it.
fn open_account(ctx: &Ctx, id: i64, employee: &Employee, account: AccountBody) -> Result<()> {
    let user_id = directory::create_account(&directory::NewUserAccount {
        email: account.email,
        first_name: employee.first_name.clone(),
        last_name: employee.last_names(),
        branch_id: employee.branch_id,
        role_id: account.role_id,
        password: account.password,
    })?;
    sql::execute(
        "UPDATE employees_employee SET user_id = $1 WHERE business_id = $2 AND id = $3",
        &params![user_id, ctx.business_id, id],
    )?;
    Ok(())
}

/// Copy the employee's names and main branch to their account when they changed.
fn sync_account(before: &Employee, after: &Employee) -> Result<()> {
    let Some(user_id) = after.user_id else { return Ok(()) };
    if before.first_name == after.first_name && before.last_names() == after.last_names() && before.branch_id == after.branch_id {
        return Ok(());
    }
    directory::update_account(user_id, &after.first_name, &after.last_names(), after.branch_id)
}

/// Update `id` with `patch` and keep the account in step.
fn update_with(ctx: &Ctx, id: i64, patch: serde_json::Map<String, Value>) -> Result<Value> {
    let before = resource::find::<Employee>(ctx, id)?;
    let after = resource::update::<Employee>(ctx, id, Value::Object(patch))?;
    sync_account(&before.data, &after.data)?;
    employee::detail(ctx, id)
}

/// `employee/update`: any of the employee's fields (`id` and those that change).
fn update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body = body(req)?;
    let id = resource::body_id(&body)?;
    update_with(ctx, id, body)
}

/// The `employee/update/…` calls: `id` and only `fields` (at least one of them).
fn patch(ctx: &Ctx, req: &Req, fields: &[&str]) -> Result<Value> {
    let body = body(req)?;
    let id = resource::body_id(&body)?;
    let patch: serde_json::Map<String, Value> = body.into_iter().filter(|(k, _)| fields.contains(&k.as_str())).collect();
    if patch.is_empty() {
        return Err(Error::required(fields[0]));
    }
    update_with(ctx, id, patch)
}

/// `employee/update/business_branches`: `{id, branches, branch_id?}`; the main branch is the
/// first listed unless named.
fn update_branches(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body = body(req)?;
    let id = resource::body_id(&body)?;
    let branches = body.get("branches").cloned().ok_or_else(|| Error::required("branches"))?;
    let list: Vec<i64> = volante_plugin_sdk::from_value(branches.clone())?;
    if list.is_empty() {
        return Err(Error::invalid_field("branches", "Indique al menos una sucursal"));
    }
    let main = match body.get("branch_id") {
        Some(Value::Number(n)) => n.as_i64(),
        _ => list.first().copied(),
    };
    let mut patch = serde_json::Map::new();
    patch.insert("branches".into(), branches);
    patch.insert("branch_id".into(), json!(main));
    update_with(ctx, id, patch)
}

/// The employee `id` with an account, and that account.
fn with_account(ctx: &Ctx, id: i64) -> Result<(Record<Employee>, directory::UserAccount)> {
    let record = resource::find::<Employee>(ctx, id)?;
    let account = record
        .data
        .user_id
        .and_then(directory::account)
        .ok_or_else(|| Error::conflict("El empleado no tiene usuario de acceso"))?;
    Ok((record, account))
}

#[derive(Deserialize)]
struct LockBody {
    id: i64,
    #[serde(default)]
    locked: Option<bool>,
}

/// `employee/lock`: lock (or unlock) the employee's account; toggles without `locked`.
fn lock(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: LockBody = req.json()?;
    let (record, account) = with_account(ctx, body.id)?;
    if record.state == "deleted" {
        return Err(Error::conflict("El empleado está eliminado"));
    }
    let locked = body.locked.unwrap_or(!account.locked);
    directory::set_account_state(account.user_id, account.active, locked)?;
    employee::detail(ctx, body.id)
}

/// `employee/delete`: the employee stays for the records, marked deleted; their account is
/// deactivated (its sessions close).
fn delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let id = resource::body_id(&body(req)?)?;
    let record = resource::delete::<Employee>(ctx, id)?;
    if let Some(account) = record.data.user_id.and_then(directory::account) {
        if account.active {
            directory::set_account_state(account.user_id, false, account.locked)?;
        }
    }
    employee::detail(ctx, id)
}

/// `employee/state`: active ↔ inactive (or the `state` given); the account follows.
fn set_state(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body = body(req)?;
    let id = resource::body_id(&body)?;
    let state = body.get("state").and_then(Value::as_str);
    let record = resource::set_state::<Employee>(ctx, id, state)?;
    if let Some(account) = record.data.user_id.and_then(directory::account) {
        let active = record.state == "active";
        if account.active != active {
            directory::set_account_state(account.user_id, active, account.locked)?;
        }
    }
    employee::detail(ctx, id)
}

/// `employee/account/create`: `{id, email, password?, role_id?}` for an employee without one.
fn account_create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = body(req)?;
    let id = resource::body_id(&body)?;
    body.remove("id");
    let account = parse_account(Value::Object(body))?;
    let record = resource::find::<Employee>(ctx, id)?;
    if record.state == "deleted" {
        return Err(Error::conflict("El empleado está eliminado"));
    }
    if record.data.user_id.is_some() {
        return Err(Error::conflict("El empleado ya tiene usuario de acceso"));
    }
    open_account(ctx, id, &record.data, account)?;
    employee::detail(ctx, id)
}

/// `employee/account/link` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct LinkBody {
    /// The employee.
    pub id: i64,
    /// A user of the business that no employee has.
    pub user_id: i64,
}

/// The users the business's employees (not deleted) have.
fn linked_users(ctx: &Ctx) -> Result<Vec<i64>> {
    #[derive(Deserialize)]
    struct Row {
        user_id: i64,
    }
    let rows: Vec<Row> = sql::query_as(
        "SELECT user_id FROM employees_employee WHERE business_id = $1 AND user_id IS NOT NULL AND state <> 'deleted'",
        &params![ctx.business_id],
    )?;
    Ok(rows.into_iter().map(|r| r.user_id).collect())
}

/// `POST employee/account/link` (extension): give an employee without an account an existing
/// user of the business that no employee has (the director the provider created with the
/// business, say). The account keeps its e-mail, password and role; its names and main branch
/// become the employee's.
fn account_link(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: LinkBody = req.json()?;
    let record = resource::find::<Employee>(ctx, body.id)?;
    if record.state == "deleted" {
        return Err(Error::conflict("El empleado está eliminado"));
    }
    if record.data.user_id.is_some() {
        return Err(Error::conflict("El empleado ya tiene usuario de acceso"));
    }
    if directory::account(body.user_id).is_none() {
        return Err(Error::invalid_field("user_id", "El usuario no es de la empresa"));
    }
    if linked_users(ctx)?.contains(&body.user_id) {
        return Err(Error::conflict("El usuario ya es el de otro empleado").with_data(json!({ "field": "user_id" })));
    }
    sql::execute(
        "UPDATE employees_employee SET user_id = $1 WHERE business_id = $2 AND id = $3",
        &params![body.user_id, ctx.business_id, body.id],
    )?;
    directory::update_account(body.user_id, &record.data.first_name, &record.data.last_names(), record.data.branch_id)?;
    employee::detail(ctx, body.id)
}

/// `GET employee/account/unlinked` (extension): the business's users no employee has, to link
/// one (`[{user_id, email, name, role, active}]`, by name).
fn unlinked_accounts(ctx: &Ctx, _req: &Req) -> Result<Value> {
    let linked = linked_users(ctx)?;
    let mut free: Vec<Value> = directory::accounts()
        .into_iter()
        .filter(|a| !linked.contains(&a.user_id))
        .map(|a| {
            let name = employee::full_name(&a.first_name, &a.last_name, "");
            json!({ "user_id": a.user_id, "email": a.email, "name": if name.is_empty() { a.email.clone() } else { name }, "role": a.role, "active": a.active })
        })
        .collect();
    free.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
    Ok(Value::Array(free))
}

/// `GET employee/read` query: `id` for one employee, else a list's filters.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ReadQuery {
    id: Option<i64>,
    branch_id: Option<i64>,
    position_id: Option<i64>,
    /// `1`/`true`: teachers only.
    teacher: Option<String>,
}

/// Conditions matching an id inside a JSON list column (`[1,2,3]`). Placeholders numbered from
/// the parameters so far, or `${}` for [`resource::list_where`]'s `extra` (which numbers them).
fn contains_id(column: &str, id: i64, params: &mut Vec<volante_plugin_sdk::sql::SqlValue>, numbered: bool) -> String {
    let mut terms = Vec::new();
    for pattern in [format!("[{id}]"), format!("[{id},%"), format!("%,{id}]"), format!("%,{id},%")] {
        params.push(pattern.to_sql());
        let placeholder = if numbered { format!("${}", params.len()) } else { "${}".to_string() };
        terms.push(format!("{column} LIKE {placeholder}"));
    }
    format!("({})", terms.join(" OR "))
}

fn is_yes(value: Option<&str>) -> bool {
    matches!(value, Some("1" | "true" | "yes"))
}

/// `GET employee/read`: one employee (`?id=`) or a page of them.
fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: ReadQuery = req.query()?;
    if let Some(id) = q.id {
        return employee::detail(ctx, id);
    }
    let list = ListQuery::from_query(req)?;
    let mut extra = Vec::new();
    let mut params = Vec::new();
    if let Some(branch) = q.branch_id {
        extra.push(contains_id("branches", branch, &mut params, false));
    }
    if let Some(position) = q.position_id {
        extra.push(contains_id("positions", position, &mut params, false));
    }
    if is_yes(q.teacher.as_deref()) {
        params.push(true.to_sql());
        extra.push("is_teacher = ${}".to_string());
    }
    let extra = extra.join(" AND ");
    let page = resource::list_where::<Employee>(ctx, &list, (!extra.is_empty()).then_some(extra.as_str()), params)?;
    let accounts = directory::accounts();
    let items = page.items.iter().map(|r| employee::listed(r, &accounts)).collect::<Result<Vec<_>>>()?;
    Ok(serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct TeachersQuery {
    branch_id: Option<i64>,
    licence: Option<String>,
}

#[derive(Deserialize)]
struct TeacherRow {
    id: i64,
    user_id: Option<i64>,
    first_name: String,
    last_name: String,
    second_last_name: String,
    branch_id: Option<i64>,
    branches: String,
    teacher_classes: String,
}

/// `GET employee/teachers/read`: the active teachers the caller may see, by name (`?branch_id=`:
/// who work in that branch; `?licence=`: who teach that class).
fn teachers(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: TeachersQuery = req.query()?;
    teacher_list(ctx, &q).map(Value::Array)
}

/// The active teachers the caller may see, by name, as `employee/teachers/read` lists them.
fn teacher_list(ctx: &Ctx, q: &TeachersQuery) -> Result<Vec<Value>> {
    let mut params = Vec::new();
    let scope = resource::scope_sql::<Employee>(ctx, &mut params);
    let mut statement = format!(
        "SELECT id, user_id, first_name, last_name, second_last_name, branch_id, branches, teacher_classes \
         FROM employees_employee WHERE {scope} AND state = 'active' AND is_teacher = ${}",
        params.len() + 1
    );
    params.push(true.to_sql());
    if let Some(branch) = q.branch_id {
        statement.push_str(" AND ");
        statement.push_str(&contains_id("branches", branch, &mut params, true));
    }
    if let Some(licence) = q.licence.as_ref().filter(|l| !l.trim().is_empty()) {
        let class = validate::licence_classes("licence", &[licence.clone()])?.remove(0);
        params.push(format!("%\"{class}\"%").to_sql());
        statement.push_str(&format!(" AND teacher_classes LIKE ${}", params.len()));
    }
    statement.push_str(" ORDER BY first_name, last_name, second_last_name, id");
    let rows: Vec<TeacherRow> = sql::query_as(&statement, &params)?;
    rows.into_iter()
        .map(|r| {
            let name = employee::full_name(&r.first_name, &r.last_name, &r.second_last_name);
            let branches: Vec<i64> = serde_json::from_str(&r.branches).unwrap_or_default();
            let classes: Vec<String> = serde_json::from_str(&r.teacher_classes).unwrap_or_default();
            Ok(json!({ "id": r.id, "user_id": r.user_id, "name": name, "branch_id": r.branch_id,
                       "branches": branches, "teacher_classes": classes }))
        })
        .collect::<Result<Vec<_>>>()
}

/// `GET employee/lists`: the fixed lists of the employee's fields, with their Spanish names.
fn lists(_ctx: &Ctx, _req: &Req) -> Result<Value> {
    let pairs = |items: &[(&str, &str)]| items.iter().map(|(id, name)| json!({ "id": id, "name": name })).collect::<Vec<_>>();
    Ok(json!({
        "gender": pairs(&[("female", "Mujer"), ("male", "Hombre"), ("other", "Otro")]),
        "contract_type": pairs(&[
            ("indefinite", "Indefinido"),
            ("fixed_discontinuous", "Fijo discontinuo"),
            ("temporary", "Temporal por circunstancias de la producción"),
            ("replacement", "De sustitución"),
            ("training", "Formativo"),
            ("freelance", "Autónomo colaborador"),
        ]),
        "workday": pairs(&[("full_time", "Jornada completa"), ("part_time", "Jornada parcial")]),
        "licence_classes": validate::LICENCE_CLASSES,
        "min_age": MIN_AGE,
        "max_weekly_hours": employee::MAX_WEEKLY_HOURS,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn years_before_keeps_the_day_or_the_last_of_february() {
        assert_eq!(years_before("2026-11-23", 16), "2010-11-23");
        assert_eq!(years_before("2024-02-29", 16), "2008-02-29");
        assert_eq!(years_before("2024-02-29", 1), "2023-02-28");
        assert_eq!(years_before("not a date", 1), "");
    }

    #[test]
    fn list_columns_match_one_id_exactly() {
        let mut params = Vec::new();
        let sql = contains_id("branches", 2, &mut params, true);
        assert_eq!(sql, "(branches LIKE $1 OR branches LIKE $2 OR branches LIKE $3 OR branches LIKE $4)");
        let sql = contains_id("positions", 7, &mut params, false);
        assert_eq!(sql, "(positions LIKE ${} OR positions LIKE ${} OR positions LIKE ${} OR positions LIKE ${})");
        assert_eq!(params.len(), 8);
    }
}
