//! The groups of guided classes: a licence's course in the classroom ("the afternoon B-licence
//! course of October"), following one of the school's syllabi as its digital book, with a branch,
//! a teacher and a period. The spec's `clase/guiadagrupo/` calls.

use std::collections::BTreeMap;

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page};
use volante_plugin_sdk::sql::id_list;
use volante_plugin_sdk::{directory, host, validate, Checks};

use crate::classes::Class;
use crate::resources::ClassResource;
use crate::{books, checks, deleted, drop_nulls, find, find_live, query_id, record_value};
use volante_plugin_sdk::order;

/// A group of guided classes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Group {
    /// Required, at most 200 characters.
    pub name: String,
    /// One of the spec's 18 licence classes (`B`, `A2`…).
    pub licence: String,
    /// The digital book it follows: a live syllabus of the temary module.
    pub temary_id: Option<i64>,
    /// One of the business's branches (the caller's when not given).
    pub branch_id: Option<i64>,
    /// A member of the business's staff.
    pub teacher_user_id: Option<i64>,
    /// At most 2000 characters.
    pub description: String,
    /// `YYYY-MM-DD`.
    pub starts_on: Option<String>,
    /// `YYYY-MM-DD`, not before `starts_on`.
    pub ends_on: Option<String>,
}

impl Resource for Group {
    const NAME: &'static str = "guided_group";
    const PATH: &'static str = "clase/guiadagrupo";
    const LABEL: &'static str = "Grupo";
    const TABLE: &'static str = "guided_group";
    const SEARCH: &'static [&'static str] = &["name", "description"];
    /// By the folded name (`search_text` starts with it), the same on both engines.
    const ORDER_BY: &'static str = "search_text ASC, id ASC";

    /// Every bad field at once. The branch, the teacher and the book are checked when they are
    /// set or change (a branch closed since, or a syllabus deleted, does not block other changes).
    fn prepare(&mut self, ctx: &Ctx, id: Option<i64>) -> Result<()> {
        let before = match id {
            Some(id) => Some(find::<Group>(ctx, id)?.data),
            None => None,
        };
        let mut checks = Checks::new();
        self.check_fields(&mut checks);
        if before.is_none() && self.branch_id.is_none() {
            self.branch_id = ctx.branch_id;
        }
        let changed = |now: Option<i64>, then: fn(&Group) -> Option<i64>| now.filter(|_| before.as_ref().is_none_or(|b| then(b) != now));
        if let Some(book) = changed(self.temary_id, |g| g.temary_id) {
            match books::check_group_book(ctx, book) {
                Ok(()) => {}
                // The temary module off: nothing to check the book against.
                Err(err) if err.code == codes::CONFLICT => return Err(err),
                Err(err) => checks.push(err),
            }
        }
        if let Some(branch) = changed(self.branch_id, |g| g.branch_id) {
            if !directory::branches().iter().any(|b| b.id == branch) {
                checks.push(Error::invalid_field("branch_id", "La sucursal no existe"));
            }
        }
        if let Some(teacher) = changed(self.teacher_user_id, |g| g.teacher_user_id) {
            if directory::member(teacher).filter(|m| m.active).is_none() {
                checks.push(Error::invalid_field("teacher_user_id", "El profesor no es un usuario activo de la empresa"));
            }
        }
        checks.finish()
    }
}


impl Group {
    /// The checks of the fields themselves (no reads): name, licence, description, dates.
    pub fn check_fields(&mut self, checks: &mut Checks) {
        if let Some(name) = checks.check(validate::required("name", &self.name, 200)) {
            self.name = name;
        }
        if let Some(licence) = checks.check(validate::licence_class("licence", &self.licence)) {
            self.licence = licence;
        }
        if let Some(description) = checks.check(validate::optional("description", &self.description, 2000)) {
            self.description = description;
        }
        // No reference is 0 or below: a form's "none".
        for id in [&mut self.temary_id, &mut self.branch_id, &mut self.teacher_user_id] {
            *id = id.filter(|id| *id > 0);
        }
        let starts = checks.check(checks::date("starts_on", self.starts_on.as_deref()));
        let ends = checks.check(checks::date("ends_on", self.ends_on.as_deref()));
        if let Some(starts) = &starts {
            self.starts_on = starts.clone();
        }
        if let Some(ends) = &ends {
            self.ends_on = ends.clone();
        }
        if let (Some(starts), Some(ends)) = (starts, ends) {
            checks.check(checks::dates_in_order(starts.as_deref(), ends.as_deref()));
        }
    }
}

/// `clase/guiadagrupo/update` body: the fields that change.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct GroupUpdate {
    pub id: i64,
    pub name: Option<String>,
    pub licence: Option<String>,
    pub temary_id: Option<i64>,
    pub branch_id: Option<i64>,
    pub teacher_user_id: Option<i64>,
    pub description: Option<String>,
    pub starts_on: Option<String>,
    pub ends_on: Option<String>,
    /// `active` or `inactive` (a group is deleted with `clase/guiadagrupo/delete`).
    pub state: Option<String>,
}

/// `clase/guiadagrupo/clon` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct CloneBody {
    pub id: i64,
    /// The copy's name ("<name> (copia)" when empty).
    pub name: String,
}

/// The `state` of an update body, taken out of it: `active` or `inactive`, or none.
pub fn take_state(body: &mut serde_json::Map<String, Value>) -> Result<Option<String>> {
    match body.remove("state") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s == "active" || s == "inactive" => Ok(Some(s)),
        Some(Value::String(s)) if s == "deleted" => Err(Error::invalid_field("state", "Para eliminar el grupo use clase/guiadagrupo/delete")),
        Some(_) => Err(Error::invalid_field("state", "El estado debe ser active o inactive")),
    }
}

/// A copy's default name: "<name> (copia)", the name shortened to keep it within 200 characters.
pub fn copy_name(name: &str) -> String {
    const SUFFIX: &str = " (copia)";
    let kept: String = name.trim().chars().take(200 - SUFFIX.chars().count()).collect();
    format!("{}{SUFFIX}", kept.trim_end())
}

/// The business's branch names by id.
fn branch_names() -> BTreeMap<i64, String> {
    directory::branches().into_iter().map(|b| (b.id, b.name)).collect()
}

/// A group as `read` answers it: the record with `branch` and `teacher` (names), `book`, and its
/// live `classes` in order (`resources`: how many each has), with `given` and `total`.
pub fn detail(ctx: &Ctx, id: i64) -> Result<Value> {
    let group = find::<Group>(ctx, id)?;
    let classes = order::children::<Class>(ctx, id)?;
    #[derive(Deserialize)]
    struct Count {
        class_id: i64,
        n: i64,
    }
    let counts: BTreeMap<i64, i64> = sql::query_as::<Count>(
        "SELECT r.class_id, COUNT(*) AS n FROM guided_resource r \
         JOIN guided_class c ON c.id = r.class_id AND c.business_id = r.business_id \
         WHERE r.business_id = $1 AND c.group_id = $2 AND r.state <> 'deleted' GROUP BY r.class_id",
        &params![ctx.business_id, id],
    )?
    .into_iter()
    .map(|c| (c.class_id, c.n))
    .collect();
    let mut value = record_value(&group)?;
    value["branch"] = json!(group.data.branch_id.and_then(|b| branch_names().remove(&b)));
    value["teacher"] = json!(group.data.teacher_user_id.and_then(directory::member).map(|m| m.name));
    value["book"] = books::summary(ctx, group.data.temary_id)?;
    value["given"] = json!(classes.iter().filter(|c| c.data.status == "given").count());
    value["total"] = json!(classes.len());
    value["classes"] = classes
        .iter()
        .map(|c| {
            json!({
                "id": c.id, "position": c.data.position, "title": c.data.title, "scheduled_on": c.data.scheduled_on,
                "starts_at": c.data.starts_at, "minutes": c.data.minutes, "status": c.data.status, "given_at": c.data.given_at,
                "resources": counts.get(&c.id).copied().unwrap_or(0),
            })
        })
        .collect();
    Ok(value)
}

fn create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    drop_nulls(&mut body);
    let record = resource::create::<Group>(ctx, Value::Object(body))?;
    detail(ctx, record.id)
}

/// `GET clase/guiada/staff`: whom a group's teacher may be, the business's active staff by name
/// (`[{user_id, name, branch_id}]`).
fn staff(_ctx: &Ctx, _req: &Req) -> Result<Value> {
    Ok(directory::staff(false).into_iter().map(|m| json!({ "user_id": m.user_id, "name": m.name, "branch_id": m.branch_id })).collect())
}

fn update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    let state = take_state(&mut body)?;
    find_live::<Group>(ctx, id)?;
    resource::update::<Group>(ctx, id, Value::Object(body))?;
    if let Some(state) = state {
        resource::set_state::<Group>(ctx, id, Some(&state))?;
    }
    detail(ctx, id)
}

/// `clase/guiadagrupo/delete`: the group, its classes and their resources are deleted.
fn delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let id = resource::body_id(&resource::object(req.value()?)?)?;
    find_live::<Group>(ctx, id)?;
    let now = host::now();
    sql::execute(
        "UPDATE guided_resource SET state = 'deleted', updated_at = $1 WHERE business_id = $2 AND state <> 'deleted' \
         AND class_id IN (SELECT id FROM guided_class WHERE business_id = $2 AND group_id = $3)",
        &params![now, ctx.business_id, id],
    )?;
    sql::execute(
        "UPDATE guided_class SET state = 'deleted', updated_at = $1 WHERE business_id = $2 AND group_id = $3 AND state <> 'deleted'",
        &params![now, ctx.business_id, id],
    )?;
    resource::delete::<Group>(ctx, id)?;
    Ok(deleted(id))
}

/// `clase/guiadagrupo/clon`: a new group with the same fields but no period, and a copy of each
/// live class in order with its resources, each pending and without date or time.
fn clone(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: CloneBody = req.json()?;
    if body.id <= 0 {
        return Err(Error::required("id"));
    }
    let source = find_live::<Group>(ctx, body.id)?;
    let name = if body.name.trim().is_empty() { copy_name(&source.data.name) } else { body.name };
    let mut copy = Group { name, starts_on: None, ends_on: None, ..source.data.clone() };
    let mut checks = Checks::new();
    copy.check_fields(&mut checks);
    checks.finish()?;
    let copy = resource::insert::<Group>(ctx, copy)?;
    for (i, class) in order::children::<Class>(ctx, source.id)?.into_iter().enumerate() {
        let new_class = resource::insert::<Class>(
            ctx,
            Class {
                group_id: copy.id,
                position: i as i64 + 1,
                scheduled_on: None,
                starts_at: None,
                status: "pending".into(),
                given_at: None,
                given_by: None,
                ..class.data
            },
        )?;
        for (j, item) in order::children::<ClassResource>(ctx, class.id)?.into_iter().enumerate() {
            resource::insert::<ClassResource>(ctx, ClassResource { class_id: new_class.id, position: j as i64 + 1, ..item.data })?;
        }
    }
    detail(ctx, copy.id)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ListParams {
    licence: Option<String>,
    branch_id: Option<i64>,
    state: Option<String>,
}

/// `GET clase/guiadagrupo/list`: a page of groups by name (`search`, `licence`, `branch_id`,
/// `state`, `page`, `per_page`), each with `branch`, `teacher`, `classes`, `given` and `next`
/// (the first pending class by position, or null).
fn list(ctx: &Ctx, req: &Req) -> Result<Value> {
    let p: ListParams = req.query()?;
    let mut query = ListQuery::from_query(req)?;
    query.state = match p.state.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(state) => Some(validate::one_of("state", state, &["active", "inactive"])?.to_string()),
    };
    if let Some(licence) = p.licence.as_deref().filter(|l| !l.trim().is_empty()) {
        query.filter.insert("licence".into(), json!(validate::licence_class("licence", licence)?));
    }
    if let Some(branch) = p.branch_id {
        query.filter.insert("branch_id".into(), json!(branch));
    }
    let page = resource::list::<Group>(ctx, &query)?;
    let ids: Vec<i64> = page.items.iter().map(|g| g.id).collect();
    let progress = progress(ctx, &ids)?;
    let branches = branch_names();
    let teachers: BTreeMap<i64, String> = if page.items.iter().any(|g| g.data.teacher_user_id.is_some()) {
        directory::staff(true).into_iter().map(|m| (m.user_id, m.name)).collect()
    } else {
        BTreeMap::new()
    };
    let items = page
        .items
        .iter()
        .map(|g| {
            let mut value = record_value(g)?;
            let (classes, given, next) = progress.get(&g.id).cloned().unwrap_or((0, 0, Value::Null));
            value["branch"] = json!(g.data.branch_id.and_then(|b| branches.get(&b)));
            value["teacher"] = json!(g.data.teacher_user_id.and_then(|t| teachers.get(&t)));
            value["classes"] = json!(classes);
            value["given"] = json!(given);
            value["next"] = next;
            Ok(value)
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?)
}

/// For each of the groups `ids`: how many live classes, how many given, and the first pending
/// one by position (`{id, title, scheduled_on, starts_at}`), read in one crossing.
fn progress(ctx: &Ctx, ids: &[i64]) -> Result<BTreeMap<i64, (i64, i64, Value)>> {
    if ids.is_empty() {
        return Ok(BTreeMap::new());
    }
    let mut count_params = params![ctx.business_id];
    let count_list = id_list(&mut count_params, ids);
    let mut next_params = params![ctx.business_id];
    let next_list = id_list(&mut next_params, ids);
    let reads = [
        sql::read(
            format!(
                "SELECT group_id, COUNT(*) AS classes, COUNT(CASE WHEN status = 'given' THEN 1 END) AS given FROM guided_class \
                 WHERE business_id = $1 AND state <> 'deleted' AND group_id IN ({count_list}) GROUP BY group_id"
            ),
            count_params,
        ),
        sql::read(
            format!(
                "SELECT c.id, c.group_id, c.title, c.scheduled_on, c.starts_at FROM guided_class c \
                 WHERE c.business_id = $1 AND c.state <> 'deleted' AND c.status = 'pending' AND c.group_id IN ({next_list}) \
                 AND c.position = (SELECT MIN(p.position) FROM guided_class p WHERE p.business_id = c.business_id \
                 AND p.group_id = c.group_id AND p.state <> 'deleted' AND p.status = 'pending')"
            ),
            next_params,
        ),
    ];
    #[derive(Deserialize)]
    struct Counts {
        group_id: i64,
        classes: i64,
        given: i64,
    }
    #[derive(Deserialize)]
    struct Next {
        id: i64,
        group_id: i64,
        title: String,
        scheduled_on: Option<String>,
        starts_at: Option<String>,
    }
    let [counts, next]: [sql::BatchAnswer; 2] =
        sql::query_batch(&reads)?.try_into().map_err(|_| Error::internal("2 answers were expected"))?;
    let mut progress: BTreeMap<i64, (i64, i64, Value)> = BTreeMap::new();
    for c in sql::rows_as::<Counts>(counts.rows()?)? {
        progress.insert(c.group_id, (c.classes, c.given, Value::Null));
    }
    for n in sql::rows_as::<Next>(next.rows()?)? {
        if let Some(entry) = progress.get_mut(&n.group_id) {
            entry.2 = json!({ "id": n.id, "title": n.title, "scheduled_on": n.scheduled_on, "starts_at": n.starts_at });
        }
    }
    Ok(progress)
}

/// The routes of the groups.
pub fn routes(router: Router) -> Router {
    router
        .post("clase/guiadagrupo/create", create)
        .post("clase/guiadagrupo/update", update)
        .post("clase/guiadagrupo/delete", delete)
        .post("clase/guiadagrupo/clon", clone)
        .get("clase/guiadagrupo/read", |ctx, req| detail(ctx, query_id(req, "id")?))
        .get("clase/guiadagrupo/list", list)
        .get("clase/guiada/staff", staff)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(value: Value) -> Group {
        serde_json::from_value(value).unwrap()
    }

    fn fields(checks: Checks) -> Vec<String> {
        match checks.finish() {
            Ok(()) => Vec::new(),
            Err(err) => err.into_list().iter().map(|e| e.field().unwrap_or_default().to_string()).collect(),
        }
    }

    #[test]
    fn a_group_s_fields_are_checked_all_at_once() {
        let mut g = group(json!({ "name": " Tarde B octubre ", "licence": "b", "description": " Lunes y miércoles ", "starts_on": "05/10/2026", "ends_on": "2026-12-18", "temary_id": 0 }));
        let mut checks = Checks::new();
        g.check_fields(&mut checks);
        assert!(fields(checks).is_empty());
        assert_eq!((g.name.as_str(), g.licence.as_str(), g.description.as_str()), ("Tarde B octubre", "B", "Lunes y miércoles"));
        assert_eq!((g.starts_on.as_deref(), g.ends_on.as_deref(), g.temary_id), (Some("2026-10-05"), Some("2026-12-18"), None));

        let mut g = group(json!({ "name": "", "licence": "Z", "description": "x".repeat(2001), "starts_on": "2026-13-01", "ends_on": "ayer" }));
        let mut checks = Checks::new();
        g.check_fields(&mut checks);
        assert_eq!(fields(checks), ["name", "licence", "description", "starts_on", "ends_on"]);

        let mut g = group(json!({ "name": "X", "licence": "C", "starts_on": "2026-10-05", "ends_on": "2026-10-04" }));
        let mut checks = Checks::new();
        g.check_fields(&mut checks);
        assert_eq!(fields(checks), ["ends_on"]);
    }

    #[test]
    fn the_state_of_an_update_is_active_or_inactive() {
        let mut body = resource::object(json!({ "state": "inactive", "name": "X" })).unwrap();
        assert_eq!(take_state(&mut body).unwrap().as_deref(), Some("inactive"));
        assert!(!body.contains_key("state"));
        assert_eq!(take_state(&mut body).unwrap(), None);
        let mut body = resource::object(json!({ "state": "deleted" })).unwrap();
        assert_eq!(take_state(&mut body).unwrap_err().details, "Para eliminar el grupo use clase/guiadagrupo/delete");
        let mut body = resource::object(json!({ "state": 3 })).unwrap();
        assert_eq!(take_state(&mut body).unwrap_err().field(), Some("state"));
    }

    #[test]
    fn a_copy_is_named_after_its_group() {
        assert_eq!(copy_name("Tarde B octubre"), "Tarde B octubre (copia)");
        let long = "ñ".repeat(200);
        let copy = copy_name(&long);
        assert_eq!(copy.chars().count(), 200);
        assert!(copy.ends_with(" (copia)"));
    }
}
