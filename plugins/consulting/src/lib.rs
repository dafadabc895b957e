//! Volante's `consulting` plugin: a training consultancy's companies, their workers, the
//! training centres and the subsidised courses (FUNDAE) that bring them together, each kind in
//! its own groups. The spec's `consulting/` calls. See README.md.

use std::collections::BTreeMap;

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page};
use volante_plugin_sdk::sql::{id_list, SqlValue};
use volante_plugin_sdk::{host, time, validate, Checks};

mod file;
pub mod records;

pub use records::{Centre, Company, Course, Worker};

/// The one permission of the module.
pub const PERMISSION: &str = "consulting";

/// The four kinds of record, each with its own groups.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    #[default]
    Centre,
    Company,
    Worker,
    Course,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Centre, Kind::Company, Kind::Worker, Kind::Course];

    /// The records' table.
    pub fn table(self) -> &'static str {
        match self {
            Kind::Centre => Centre::TABLE,
            Kind::Company => Company::TABLE,
            Kind::Worker => Worker::TABLE,
            Kind::Course => Course::TABLE,
        }
    }

    /// How a record's name is read in SQL.
    fn name_sql(self) -> &'static str {
        match self {
            Kind::Worker => "first_name || ' ' || last_name",
            _ => "name",
        }
    }

    fn as_str(self) -> &'static str {
        match self {
            Kind::Centre => "centre",
            Kind::Company => "company",
            Kind::Worker => "worker",
            Kind::Course => "course",
        }
    }
}

/// A group of records of one kind.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Group {
    /// Set by the call's path.
    pub kind: Kind,
    /// Unique among the live groups of its kind.
    pub name: String,
    /// A CSS colour for the chips (`#RGB` or `#RRGGBB`), or empty.
    pub color: String,
}

impl Resource for Group {
    const NAME: &'static str = "consulting_group";
    const LABEL: &'static str = "Grupo";
    const TABLE: &'static str = "consulting_group";
    const SEARCH: &'static [&'static str] = &["name"];
    const ORDER_BY: &'static str = "name ASC, id ASC";

    fn prepare(&mut self, ctx: &Ctx, id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(name) = checks.check(validate::required("name", &self.name, 100)) {
            self.name = name;
        }
        if let Some(color) = checks.check(validate::color("color", &self.color)) {
            self.color = color;
        }
        checks.finish()?;
        let taken: Option<i64> = sql::query_optional(
            "SELECT id FROM consulting_group WHERE business_id = $1 AND kind = $2 AND name = $3 AND state <> 'deleted' AND id <> $4 LIMIT 1",
            &params![ctx.business_id, self.kind.as_str(), self.name.clone(), id.unwrap_or(0)],
        )?;
        if taken.is_some() {
            return Err(Error::conflict("Ya existe un grupo con ese nombre").with_data(json!({ "field": "name" })));
        }
        Ok(())
    }
}

/// A record's group, when it has one, must be a live group of its kind.
pub(crate) fn check_group(ctx: &Ctx, checks: &mut Checks, kind: Kind, group_id: Option<i64>) {
    let Some(id) = group_id else { return };
    let live: Result<Option<i64>> = sql::query_optional(
        "SELECT id FROM consulting_group WHERE business_id = $1 AND id = $2 AND kind = $3 AND state <> 'deleted'",
        &params![ctx.business_id, id, kind.as_str()],
    );
    match live {
        Ok(Some(_)) => {}
        Ok(None) => checks.push(Error::invalid_field("group_id", "El grupo no existe")),
        Err(e) => checks.push(e),
    }
}

/// The name of record `id` of a kind when it is live (not deleted).
pub(crate) fn live_name(ctx: &Ctx, kind: Kind, id: i64) -> Result<Option<String>> {
    sql::query_optional(
        &format!("SELECT {} AS name FROM {} WHERE business_id = $1 AND id = $2 AND state <> 'deleted'", kind.name_sql(), kind.table()),
        &params![ctx.business_id, id],
    )
}

/// The names of some records of a kind, whatever their state, by id.
fn names(ctx: &Ctx, kind: Kind, ids: impl IntoIterator<Item = i64>) -> Result<BTreeMap<i64, String>> {
    #[derive(Deserialize)]
    struct Named {
        id: i64,
        name: String,
    }
    let ids: Vec<i64> = ids.into_iter().collect::<std::collections::BTreeSet<_>>().into_iter().collect();
    if ids.is_empty() {
        return Ok(BTreeMap::new());
    }
    let mut params = params![ctx.business_id];
    let list = id_list(&mut params, &ids);
    let rows: Vec<Named> = sql::query_as(
        &format!("SELECT id, {} AS name FROM {} WHERE business_id = $1 AND id IN ({list})", kind.name_sql(), kind.table()),
        &params,
    )?;
    Ok(rows.into_iter().map(|n| (n.id, n.name)).collect())
}

/// A worker as a course's participant list needs them.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct WorkerRow {
    pub id: i64,
    pub state: String,
    pub first_name: String,
    pub last_name: String,
    pub dni: String,
    pub company_id: Option<i64>,
}

impl WorkerRow {
    pub fn name(&self) -> String {
        format!("{} {}", self.first_name, self.last_name).trim().to_string()
    }
}

pub(crate) fn workers_by_id(ctx: &Ctx, ids: &[i64]) -> Result<Vec<WorkerRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut params = params![ctx.business_id];
    let list = id_list(&mut params, ids);
    sql::query_as(
        &format!("SELECT id, state, first_name, last_name, dni, company_id FROM consulting_worker WHERE business_id = $1 AND id IN ({list})"),
        &params,
    )
}

/// A course as the centre, company and worker views list it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct CourseRow {
    pub id: i64,
    pub name: String,
    pub action_code: String,
    pub group_code: String,
    pub modality: String,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub status: String,
    pub hours: Option<i64>,
    pub centre_id: Option<i64>,
}

/// The live courses matching a condition on `consulting_course` (its parameters start at `$2`).
pub(crate) fn courses_where(ctx: &Ctx, condition: &str, mut params: Vec<SqlValue>) -> Result<Vec<CourseRow>> {
    params.insert(0, ctx.business_id.to_sql());
    sql::query_as(
        &format!(
            "SELECT id, name, action_code, group_code, modality, start_date, end_date, status, hours, centre_id FROM consulting_course \
             WHERE business_id = $1 AND state <> 'deleted' AND {condition} ORDER BY start_date DESC, id DESC"
        ),
        &params,
    )
}

/// The live courses a worker takes part in (`workers` is stored as a JSON list, `[1,2,3]`).
pub(crate) fn courses_of_worker(ctx: &Ctx, worker_id: i64) -> Result<Vec<CourseRow>> {
    courses_where(ctx, "REPLACE(REPLACE(workers, '[', ','), ']', ',') LIKE $2", params![format!("%,{worker_id},%")])
}

fn count(ctx: &Ctx, table: &str, condition: &str, id: i64) -> Result<i64> {
    sql::query_scalar(&format!("SELECT COUNT(*) FROM {table} WHERE business_id = $1 AND state <> 'deleted' AND {condition} = $2"), &params![ctx.business_id, id])
}

/// What each kind adds to its records: list filters, names for the list, and the detail of one.
trait Entity: Resource {
    const KIND: Kind;

    /// Extra `GET …/read` filters besides the group (SQL with `${}` placeholders).
    fn filters(_query: &ReadFilters, _extra: &mut Vec<String>, _params: &mut Vec<SqlValue>) -> Result<()> {
        Ok(())
    }

    /// Names and counts the list shows beside each record of a page.
    fn list_extras(_ctx: &Ctx, _items: &mut [(Record<Self>, Value)]) -> Result<()> {
        Ok(())
    }

    /// The view's detail of one record.
    fn detail(_ctx: &Ctx, _record: &Record<Self>, _value: &mut Value) -> Result<()> {
        Ok(())
    }

    fn group_id(&self) -> Option<i64>;
}

/// The filters `GET consulting/{res}/read` accepts besides the list's own.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ReadFilters {
    /// 0: those without a group.
    pub group_id: Option<i64>,
    pub company_id: Option<i64>,
    pub centre_id: Option<i64>,
    pub status: Option<records::Status>,
}

impl Entity for Centre {
    const KIND: Kind = Kind::Centre;

    fn detail(ctx: &Ctx, record: &Record<Self>, value: &mut Value) -> Result<()> {
        value["courses"] = json!(courses_where(ctx, "centre_id = $2", params![record.id])?);
        Ok(())
    }

    fn group_id(&self) -> Option<i64> {
        self.group_id
    }
}

impl Entity for Company {
    const KIND: Kind = Kind::Company;

    fn list_extras(ctx: &Ctx, items: &mut [(Record<Self>, Value)]) -> Result<()> {
        for (record, value) in items {
            value["workers"] = json!(count(ctx, Worker::TABLE, "company_id", record.id)?);
        }
        Ok(())
    }

    fn detail(ctx: &Ctx, record: &Record<Self>, value: &mut Value) -> Result<()> {
        let year = &host::spanish_today()[..4];
        // PostgreSQL sums BIGINT as NUMERIC: cast back.
        let used: i64 = sql::query_scalar(
            "SELECT CAST(COALESCE(SUM(cost), 0) AS BIGINT) FROM consulting_course WHERE business_id = $1 AND company_id = $2 AND state <> 'deleted' \
             AND status <> 'cancelled' AND start_date >= $3 AND start_date <= $4",
            &params![ctx.business_id, record.id, format!("{year}-01-01"), format!("{year}-12-31")],
        )?;
        value["workers"] = json!(count(ctx, Worker::TABLE, "company_id", record.id)?);
        value["courses"] = json!(courses_where(ctx, "company_id = $2", params![record.id])?);
        value["credit_year"] = json!(year);
        value["credit_used"] = json!(used);
        value["credit_left"] = json!(record.data.training_credit.map(|c| c - used));
        Ok(())
    }

    fn group_id(&self) -> Option<i64> {
        self.group_id
    }
}

impl Entity for Worker {
    const KIND: Kind = Kind::Worker;

    fn filters(query: &ReadFilters, extra: &mut Vec<String>, params: &mut Vec<SqlValue>) -> Result<()> {
        if let Some(company) = query.company_id {
            extra.push("company_id = ${}".into());
            params.push(company.to_sql());
        }
        Ok(())
    }

    fn list_extras(ctx: &Ctx, items: &mut [(Record<Self>, Value)]) -> Result<()> {
        let companies = names(ctx, Kind::Company, items.iter().filter_map(|(r, _)| r.data.company_id))?;
        for (record, value) in items {
            value["company_name"] = json!(record.data.company_id.and_then(|id| companies.get(&id)));
        }
        Ok(())
    }

    fn detail(ctx: &Ctx, record: &Record<Self>, value: &mut Value) -> Result<()> {
        let courses = courses_of_worker(ctx, record.id)?;
        let centres = names(ctx, Kind::Centre, courses.iter().filter_map(|c| c.centre_id))?;
        let hours: i64 = courses.iter().filter(|c| c.status == "finished").filter_map(|c| c.hours).sum();
        value["company_name"] = json!(match record.data.company_id {
            Some(id) => names(ctx, Kind::Company, [id])?.remove(&id),
            None => None,
        });
        value["courses"] = courses
            .iter()
            .map(|c| {
                let mut v = serde_json::to_value(c)?;
                v["centre_name"] = json!(c.centre_id.and_then(|id| centres.get(&id)));
                Ok(v)
            })
            .collect::<Result<Vec<_>>>()?
            .into();
        value["hours_finished"] = json!(hours);
        Ok(())
    }

    fn group_id(&self) -> Option<i64> {
        self.group_id
    }
}

impl Entity for Course {
    const KIND: Kind = Kind::Course;

    fn filters(query: &ReadFilters, extra: &mut Vec<String>, params: &mut Vec<SqlValue>) -> Result<()> {
        for (column, id) in [("company_id", query.company_id), ("centre_id", query.centre_id)] {
            if let Some(id) = id {
                extra.push(format!("{column} = ${{}}"));
                params.push(id.to_sql());
            }
        }
        if let Some(status) = query.status {
            extra.push("status = ${}".into());
            params.push(serde_json::to_value(status)?.as_str().unwrap_or_default().to_sql());
        }
        Ok(())
    }

    fn list_extras(ctx: &Ctx, items: &mut [(Record<Self>, Value)]) -> Result<()> {
        let centres = names(ctx, Kind::Centre, items.iter().filter_map(|(r, _)| r.data.centre_id))?;
        let companies = names(ctx, Kind::Company, items.iter().filter_map(|(r, _)| r.data.company_id))?;
        for (record, value) in items {
            value["centre_name"] = json!(record.data.centre_id.and_then(|id| centres.get(&id)));
            value["company_name"] = json!(record.data.company_id.and_then(|id| companies.get(&id)));
            value["participants_count"] = json!(record.data.workers.len());
        }
        Ok(())
    }

    fn detail(ctx: &Ctx, record: &Record<Self>, value: &mut Value) -> Result<()> {
        let course = &record.data;
        let rows = workers_by_id(ctx, &course.workers)?;
        let companies = names(ctx, Kind::Company, rows.iter().filter_map(|w| w.company_id))?;
        let participants: Vec<Value> = course
            .workers
            .iter()
            .filter_map(|id| rows.iter().find(|w| w.id == *id))
            .map(|w| {
                json!({ "id": w.id, "first_name": w.first_name, "last_name": w.last_name, "dni": w.dni, "state": w.state,
                        "company_id": w.company_id, "company_name": w.company_id.and_then(|id| companies.get(&id)) })
            })
            .collect();
        value["centre_name"] = json!(course.centre_id.and_then(|id| live_or_any_name(ctx, Kind::Centre, id)));
        value["company_name"] = json!(course.company_id.and_then(|id| live_or_any_name(ctx, Kind::Company, id)));
        value["participants"] = json!(participants);
        value["participants_count"] = json!(course.workers.len());
        value["notify_by"] = json!(course.start_date.as_deref().and_then(|d| time::add_days(d, -2)));
        Ok(())
    }

    fn group_id(&self) -> Option<i64> {
        self.group_id
    }
}

fn live_or_any_name(ctx: &Ctx, kind: Kind, id: i64) -> Option<String> {
    names(ctx, kind, [id]).ok().and_then(|mut n| n.remove(&id))
}

/// The groups' names and colours by id, of one kind.
fn group_chips(ctx: &Ctx, ids: impl IntoIterator<Item = i64>) -> Result<BTreeMap<i64, (String, String)>> {
    #[derive(Deserialize)]
    struct Chip {
        id: i64,
        name: String,
        color: String,
    }
    let ids: Vec<i64> = ids.into_iter().collect::<std::collections::BTreeSet<_>>().into_iter().collect();
    if ids.is_empty() {
        return Ok(BTreeMap::new());
    }
    let mut params = params![ctx.business_id];
    let list = id_list(&mut params, &ids);
    let rows: Vec<Chip> =
        sql::query_as(&format!("SELECT id, name, color FROM consulting_group WHERE business_id = $1 AND state <> 'deleted' AND id IN ({list})"), &params)?;
    Ok(rows.into_iter().map(|c| (c.id, (c.name, c.color))).collect())
}

fn with_group<R: Entity>(record: &Record<R>, value: &mut Value, chips: &BTreeMap<i64, (String, String)>) {
    let chip = record.data.group_id().and_then(|id| chips.get(&id));
    value["group_name"] = json!(chip.map(|c| &c.0));
    value["group_color"] = json!(chip.map(|c| &c.1));
}

/// One record with its group and its kind's detail.
fn detail<R: Entity>(ctx: &Ctx, record: Record<R>) -> Result<Value> {
    let mut value = serde_json::to_value(&record)?;
    let chips = group_chips(ctx, record.data.group_id())?;
    with_group(&record, &mut value, &chips);
    R::detail(ctx, &record, &mut value)?;
    Ok(value)
}

/// `GET consulting/{res}/read`: a page of records with their groups and names.
fn read_list<R: Entity>(ctx: &Ctx, req: &Req) -> Result<Value> {
    let list = ListQuery::from_query(req)?;
    let filters: ReadFilters = req.query()?;
    let mut extra = Vec::new();
    let mut params = Vec::new();
    match filters.group_id {
        Some(0) => extra.push("group_id IS NULL".to_string()),
        Some(group) => {
            extra.push("group_id = ${}".into());
            params.push(group.to_sql());
        }
        None => {}
    }
    R::filters(&filters, &mut extra, &mut params)?;
    let condition = extra.join(" AND ");
    let page = resource::list_where::<R>(ctx, &list, (!extra.is_empty()).then_some(condition.as_str()), params)?;
    let chips = group_chips(ctx, page.items.iter().filter_map(|r| r.data.group_id()))?;
    let mut items = page
        .items
        .into_iter()
        .map(|r| {
            let mut value = serde_json::to_value(&r)?;
            with_group(&r, &mut value, &chips);
            Ok((r, value))
        })
        .collect::<Result<Vec<_>>>()?;
    R::list_extras(ctx, &mut items)?;
    let items: Vec<Value> = items.into_iter().map(|(_, v)| v).collect();
    Ok(serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?)
}

/// `POST consulting/{res}/update`: `id` and the fields that change; `state` `active` or
/// `inactive` sets the state (bringing a deleted record back), `deleted` marks it deleted.
fn update<R: Entity>(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    let state = match body.remove("state") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s),
        Some(_) => return Err(Error::invalid_field("state", "El estado debe ser active, inactive o deleted")),
    };
    body.remove("id");
    let record = match state.as_deref() {
        None => resource::update::<R>(ctx, id, Value::Object(body))?,
        Some("deleted") => resource::delete::<R>(ctx, id)?,
        Some(s @ ("active" | "inactive")) => {
            let existing = resource::find::<R>(ctx, id)?;
            if existing.state == "deleted" {
                sql::execute(
                    &format!("UPDATE {} SET state = 'inactive', updated_at = $1 WHERE business_id = $2 AND id = $3", R::TABLE),
                    &params![host::now(), ctx.business_id, id],
                )?;
            }
            if !body.is_empty() {
                resource::update::<R>(ctx, id, Value::Object(body))?;
            }
            resource::set_state::<R>(ctx, id, Some(s))?
        }
        Some(_) => return Err(Error::invalid_field("state", "El estado debe ser active, inactive o deleted")),
    };
    detail(ctx, record)
}

/// The group `id` of a kind (`NOT-FOUND-000` if it is another kind's).
fn group_of(ctx: &Ctx, kind: Kind, id: i64) -> Result<Record<Group>> {
    let group = resource::find::<Group>(ctx, id)?;
    if group.data.kind != kind {
        return Err(Error::not_found(Group::LABEL));
    }
    Ok(group)
}

/// `GET consulting/{res}/group/read`: the kind's groups by name, each with `count`.
fn group_read(ctx: &Ctx, req: &Req, kind: Kind) -> Result<Value> {
    #[derive(Deserialize)]
    struct Count {
        group_id: i64,
        n: i64,
    }
    let mut list = ListQuery::from_query(req)?;
    list.per_page = Some(list.per_page.unwrap_or(500));
    let page = resource::list_where::<Group>(ctx, &list, Some("kind = ${}"), params![kind.as_str()])?;
    let counts: Vec<Count> = sql::query_as(
        &format!("SELECT group_id, COUNT(*) AS n FROM {} WHERE business_id = $1 AND state <> 'deleted' AND group_id IS NOT NULL GROUP BY group_id", kind.table()),
        &params![ctx.business_id],
    )?;
    let items = page
        .items
        .into_iter()
        .map(|g| {
            let mut value = serde_json::to_value(&g)?;
            value["count"] = json!(counts.iter().find(|c| c.group_id == g.id).map_or(0, |c| c.n));
            Ok(value)
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?)
}

fn group_create(ctx: &Ctx, req: &Req, kind: Kind) -> Result<Record<Group>> {
    let mut body = resource::object(req.value()?)?;
    body.insert("kind".into(), json!(kind));
    resource::create::<Group>(ctx, Value::Object(body))
}

fn group_update(ctx: &Ctx, req: &Req, kind: Kind) -> Result<Record<Group>> {
    let mut body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    group_of(ctx, kind, id)?;
    body.remove("kind");
    resource::update::<Group>(ctx, id, Value::Object(body))
}

/// `POST consulting/{res}/group/delete`: the group is marked deleted; its records stay, without it.
fn group_delete(ctx: &Ctx, req: &Req, kind: Kind) -> Result<Value> {
    let id = resource::body_id(&resource::object(req.value()?)?)?;
    group_of(ctx, kind, id)?;
    let record = resource::delete::<Group>(ctx, id)?;
    let released = sql::execute(&format!("UPDATE {} SET group_id = NULL WHERE business_id = $1 AND group_id = $2", kind.table()), &params![ctx.business_id, id])?;
    let mut value = serde_json::to_value(&record)?;
    value["released"] = json!(released);
    Ok(value)
}

/// The spec's calls of one kind under `consulting/{res}/`.
fn routes<R: Entity>(router: Router) -> Router {
    let p = R::PATH;
    let kind = R::KIND;
    router
        .post(&format!("{p}/create"), |ctx, req| detail::<R>(ctx, resource::create::<R>(ctx, req.value()?)?))
        .get(&format!("{p}/read"), read_list::<R>)
        .get(&format!("{p}/read/{{id}}"), |ctx, req| detail::<R>(ctx, resource::find::<R>(ctx, req.param("id")?)?))
        .post(&format!("{p}/update"), update::<R>)
        .get(&format!("{p}/group/read"), move |ctx, req| group_read(ctx, req, kind))
        .post(&format!("{p}/group/create"), move |ctx, req| group_create(ctx, req, kind))
        .post(&format!("{p}/group/update"), move |ctx, req| group_update(ctx, req, kind))
        .post(&format!("{p}/group/delete"), move |ctx, req| group_delete(ctx, req, kind))
}

/// `{id}` bodies (group deletes).
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct IdBody {
    pub id: i64,
}

pub struct Consulting;

impl Plugin for Consulting {
    fn router() -> Router {
        let router = routes::<Centre>(Router::new());
        let router = routes::<Company>(router);
        let router = routes::<Worker>(router);
        routes::<Course>(router)
            .post("consulting/trabajador/create", |ctx, req| detail::<Worker>(ctx, resource::create::<Worker>(ctx, req.value()?)?))
            .get("consulting/trabajador/pdf/{id}", file::worker_pdf)
    }

    fn schemas(schemas: &mut Schemas) {
        schemas
            .resource::<Group>()
            .resource::<Centre>()
            .resource::<Company>()
            .resource::<Worker>()
            .resource::<Course>()
            .add::<IdBody>("consulting_id");
    }
}

volante_plugin_sdk::plugin!(Consulting);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_have_their_tables() {
        for kind in Kind::ALL {
            assert!(kind.table().starts_with("consulting_"));
        }
        assert_eq!(serde_json::to_value(Kind::Worker).unwrap(), json!("worker"));
        assert_eq!(Kind::Worker.as_str(), "worker");
    }
}
