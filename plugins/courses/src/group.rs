//! Groups of a kind's courses (a month's calls, a company's courses). A course is in at most
//! one group (`group_id`); `settings/add` and `/remove` put courses in a group and take them out.

use std::collections::BTreeMap;

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource;
use volante_plugin_sdk::{host, validate, Checks};

use crate::course::{self, Course};
use crate::{ids_of, placeholders, IdBody, Kind};

/// `group/create`'s body.
#[derive(Debug, Clone, Default, Deserialize, Serialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct CourseGroup {
    /// Unique among the kind's groups.
    pub name: String,
    pub description: String,
}

#[derive(Debug, Deserialize, Serialize)]
struct GroupRow {
    id: i64,
    name: String,
    description: String,
    courses: i64,
}

/// Whether `id` is a group of `kind` in the business.
pub fn exists(ctx: &Ctx, kind: Kind, id: i64) -> Result<bool> {
    let n: i64 = sql::query_scalar(
        "SELECT COUNT(*) FROM courses_group WHERE business_id = $1 AND kind = $2 AND id = $3",
        &params![ctx.business_id, kind.as_str(), id],
    )?;
    Ok(n > 0)
}

#[derive(Deserialize)]
struct NameRow {
    id: i64,
    name: String,
}

/// The kind's groups' names by id.
pub fn names(ctx: &Ctx, kind: Kind) -> Result<BTreeMap<i64, String>> {
    let rows: Vec<NameRow> =
        sql::query_as("SELECT id, name FROM courses_group WHERE business_id = $1 AND kind = $2", &params![ctx.business_id, kind.as_str()])?;
    Ok(rows.into_iter().map(|r| (r.id, r.name)).collect())
}

fn rows(ctx: &Ctx, kind: Kind, id: Option<i64>) -> Result<Vec<GroupRow>> {
    let mut params = vec![ctx.business_id.to_sql(), kind.as_str().to_sql()];
    let mut statement = String::from(
        "SELECT g.id, g.name, g.description, \
         (SELECT COUNT(*) FROM courses_course c WHERE c.business_id = g.business_id AND c.group_id = g.id AND c.state <> 'deleted') AS courses \
         FROM courses_group g WHERE g.business_id = $1 AND g.kind = $2",
    );
    if let Some(id) = id {
        params.push(id.to_sql());
        statement.push_str(" AND g.id = $3");
    }
    statement.push_str(" ORDER BY g.name, g.id");
    sql::query_as(&statement, &params)
}

fn one(ctx: &Ctx, kind: Kind, id: i64) -> Result<Value> {
    let group = rows(ctx, kind, Some(id))?.pop().ok_or_else(|| Error::not_found("Grupo").with_data(json!({ "entity": "Grupo", "id": id })))?;
    let mut params = Vec::new();
    let scope = resource::scope_sql::<Course>(ctx, &mut params);
    params.push(id.to_sql());
    let ids: Vec<CourseId> = sql::query_as(
        &format!("SELECT id FROM courses_course WHERE {scope} AND group_id = ${} AND state <> 'deleted' ORDER BY id", params.len()),
        &params,
    )?;
    let mut value = serde_json::to_value(group)?;
    value["course_ids"] = json!(ids.into_iter().map(|c| c.id).collect::<Vec<_>>());
    Ok(value)
}

#[derive(Deserialize)]
struct CourseId {
    id: i64,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct GroupQuery {
    id: Option<i64>,
}

/// `GET <prefix>group/read`: the kind's groups with their number of courses; with `?id=` one,
/// with the ids of its courses.
pub fn read(ctx: &Ctx, req: &Req, kind: Kind) -> Result<Value> {
    let q: GroupQuery = req.query()?;
    match q.id {
        Some(id) => one(ctx, kind, id),
        None => Ok(serde_json::to_value(rows(ctx, kind, None)?)?),
    }
}

/// `POST <prefix>group/create`.
pub fn create(ctx: &Ctx, req: &Req, kind: Kind) -> Result<Value> {
    let body: CourseGroup = req.json()?;
    let mut checks = Checks::new();
    let name = checks.check(validate::required("name", &body.name, 100));
    let description = checks.check(validate::optional("description", &body.description, 1000));
    checks.finish()?;
    let (name, description) = (name.unwrap_or_default(), description.unwrap_or_default());
    let taken: i64 = sql::query_scalar(
        "SELECT COUNT(*) FROM courses_group WHERE business_id = $1 AND kind = $2 AND lower(name) = lower($3)",
        &params![ctx.business_id, kind.as_str(), name],
    )?;
    if taken > 0 {
        return Err(Error::invalid_field("name", "Ya existe un grupo con ese nombre"));
    }
    let id: i64 = sql::query_scalar(
        "INSERT INTO courses_group (business_id, kind, name, description, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
        &params![ctx.business_id, kind.as_str(), name, description, host::now()],
    )?;
    one(ctx, kind, id)
}

/// `POST <prefix>group/delete`: the group goes; its courses are left without one.
pub fn delete(ctx: &Ctx, req: &Req, kind: Kind) -> Result<Value> {
    let body: IdBody = req.json()?;
    let group = one(ctx, kind, body.id)?;
    sql::execute("UPDATE courses_course SET group_id = NULL WHERE business_id = $1 AND group_id = $2", &params![ctx.business_id, body.id])?;
    sql::execute("DELETE FROM courses_group WHERE business_id = $1 AND id = $2", &params![ctx.business_id, body.id])?;
    Ok(group)
}

/// `group/settings/add` and `/remove` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct GroupMembership {
    #[serde(alias = "id")]
    pub group_id: i64,
    pub course_ids: Vec<i64>,
    /// One course (instead of, or besides, `course_ids`).
    pub course_id: Option<i64>,
}

/// `POST <prefix>group/settings/add` (`add`) and `/remove`.
pub fn settings(ctx: &Ctx, req: &Req, kind: Kind, add: bool) -> Result<Value> {
    let body: GroupMembership = req.json()?;
    if !exists(ctx, kind, body.group_id)? {
        return Err(Error::not_found("Grupo").with_data(json!({ "entity": "Grupo", "id": body.group_id })));
    }
    let ids = ids_of("course_ids", &body.course_ids, body.course_id)?;
    for id in &ids {
        course::find_open(ctx, kind, *id)?;
    }
    let mut params = vec![ctx.business_id.to_sql(), host::now().to_sql()];
    let statement = if add {
        params.push(body.group_id.to_sql());
        format!("UPDATE courses_course SET group_id = $3, updated_at = $2 WHERE business_id = $1 AND id IN ({})", placeholders(4, ids.len()))
    } else {
        params.push(body.group_id.to_sql());
        format!(
            "UPDATE courses_course SET group_id = NULL, updated_at = $2 WHERE business_id = $1 AND group_id = $3 AND id IN ({})",
            placeholders(4, ids.len())
        )
    };
    params.extend(ids.iter().map(|id| id.to_sql()));
    let changed = sql::execute(&statement, &params)?;
    Ok(json!({ "group_id": body.group_id, "changed": changed, "course_ids": one(ctx, kind, body.group_id)?["course_ids"] }))
}
