//! The places sessions are held in and the teachers who give them: one list each per business,
//! shared by the three kinds of course. Deleting one keeps it in the history of past sessions;
//! it is refused while a session still to come uses it.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::{directory, host, validate, Checks};

use crate::{spanish_date, today, IdBody};

/// A place sessions are held in (`sesion/lugares`).
#[derive(Debug, Clone, Default, Deserialize, Serialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Place {
    /// Unique among the business's places.
    pub name: String,
    pub address: String,
    pub city: String,
    /// Province 1–52.
    pub province_id: Option<i64>,
    /// Seats, 1 to 1000.
    pub capacity: Option<i64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TeacherRole {
    #[default]
    Trainer,
    Psychologist,
    Instructor,
}

impl TeacherRole {
    fn as_str(self) -> &'static str {
        match self {
            TeacherRole::Trainer => "trainer",
            TeacherRole::Psychologist => "psychologist",
            TeacherRole::Instructor => "instructor",
        }
    }
}

/// A teacher of sessions (`sesion/docentes`).
#[derive(Debug, Clone, Default, Deserialize, Serialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Teacher {
    pub first_name: String,
    pub last_name: String,
    /// DNI/NIE, or empty; unique when given.
    pub fiscal_code: String,
    pub role: TeacherRole,
    /// Degree or accreditation.
    pub qualification: String,
    /// A member of staff, when the teacher is one.
    pub user_id: Option<i64>,
}

/// First and last name joined.
pub fn teacher_name(first: &str, last: &str) -> String {
    format!("{first} {last}").trim().to_string()
}

#[derive(Debug, Deserialize, Serialize)]
struct PlaceRow {
    id: i64,
    name: String,
    address: String,
    city: String,
    province_id: Option<i64>,
    capacity: Option<i64>,
}

#[derive(Debug, Deserialize, Serialize)]
struct TeacherRow {
    id: i64,
    first_name: String,
    last_name: String,
    fiscal_code: String,
    role: String,
    qualification: String,
    user_id: Option<i64>,
    #[serde(default)]
    name: String,
}

fn count(statement: &str, params: &[sql::SqlValue]) -> Result<bool> {
    let n: i64 = sql::query_scalar(statement, params)?;
    Ok(n > 0)
}

pub fn place_exists(ctx: &Ctx, id: i64) -> Result<bool> {
    count("SELECT COUNT(*) FROM courses_place WHERE business_id = $1 AND id = $2 AND state = 'active'", &params![ctx.business_id, id])
}

pub fn teacher_exists(ctx: &Ctx, id: i64) -> Result<bool> {
    count("SELECT COUNT(*) FROM courses_teacher WHERE business_id = $1 AND id = $2 AND state = 'active'", &params![ctx.business_id, id])
}

fn place_rows(ctx: &Ctx, id: Option<i64>) -> Result<Vec<PlaceRow>> {
    let select = "SELECT id, name, address, city, province_id, capacity FROM courses_place WHERE business_id = $1";
    match id {
        Some(id) => sql::query_as(&format!("{select} AND id = $2"), &params![ctx.business_id, id]),
        None => sql::query_as(&format!("{select} AND state = 'active' ORDER BY name, id"), &params![ctx.business_id]),
    }
}

fn teacher_rows(ctx: &Ctx, id: Option<i64>) -> Result<Vec<TeacherRow>> {
    let select = "SELECT id, first_name, last_name, fiscal_code, role, qualification, user_id FROM courses_teacher WHERE business_id = $1";
    let mut rows: Vec<TeacherRow> = match id {
        Some(id) => sql::query_as(&format!("{select} AND id = $2"), &params![ctx.business_id, id])?,
        None => sql::query_as(&format!("{select} AND state = 'active' ORDER BY first_name, last_name, id"), &params![ctx.business_id])?,
    };
    for row in &mut rows {
        row.name = teacher_name(&row.first_name, &row.last_name);
    }
    Ok(rows)
}

/// `GET <prefix>sesion/lugares/read`.
pub fn places(ctx: &Ctx) -> Result<Value> {
    Ok(serde_json::to_value(place_rows(ctx, None)?)?)
}

/// `GET <prefix>sesion/docentes/read`.
pub fn teachers(ctx: &Ctx) -> Result<Value> {
    Ok(serde_json::to_value(teacher_rows(ctx, None)?)?)
}

/// `POST <prefix>sesion/lugares/create`.
pub fn create_place(ctx: &Ctx, req: &Req) -> Result<Value> {
    let p: Place = req.json()?;
    let mut checks = Checks::new();
    let name = checks.check(validate::required("name", &p.name, 100)).unwrap_or_default();
    let address = checks.check(validate::optional("address", &p.address, 200)).unwrap_or_default();
    let city = checks.check(validate::optional("city", &p.city, 100)).unwrap_or_default();
    if p.province_id.is_some_and(|id| !(1..=52).contains(&id)) {
        checks.push(Error::invalid_field("province_id", "La provincia debe estar entre 1 y 52"));
    }
    if p.capacity.is_some_and(|c| !(1..=1000).contains(&c)) {
        checks.push(Error::invalid_field("capacity", "La capacidad debe estar entre 1 y 1000"));
    }
    if !name.is_empty()
        && count(
            "SELECT COUNT(*) FROM courses_place WHERE business_id = $1 AND state = 'active' AND lower(name) = lower($2)",
            &params![ctx.business_id, name],
        )?
    {
        checks.push(Error::invalid_field("name", "Ya existe un lugar con ese nombre"));
    }
    checks.finish()?;
    let id: i64 = sql::query_scalar(
        "INSERT INTO courses_place (business_id, state, name, address, city, province_id, capacity, created_at) \
         VALUES ($1, 'active', $2, $3, $4, $5, $6, $7) RETURNING id",
        &params![ctx.business_id, name, address, city, p.province_id, p.capacity, host::now()],
    )?;
    Ok(serde_json::to_value(place_rows(ctx, Some(id))?.pop())?)
}

/// `POST <prefix>sesion/docentes/create`.
pub fn create_teacher(ctx: &Ctx, req: &Req) -> Result<Value> {
    let t: Teacher = req.json()?;
    let mut checks = Checks::new();
    let first = checks.check(validate::required("first_name", &t.first_name, 100)).unwrap_or_default();
    let last = checks.check(validate::optional("last_name", &t.last_name, 200)).unwrap_or_default();
    let qualification = checks.check(validate::optional("qualification", &t.qualification, 200)).unwrap_or_default();
    let fiscal = checks.check(validate::dni_field("fiscal_code", &t.fiscal_code)).unwrap_or_default();
    if !fiscal.is_empty()
        && count(
            "SELECT COUNT(*) FROM courses_teacher WHERE business_id = $1 AND state = 'active' AND fiscal_code = $2",
            &params![ctx.business_id, fiscal],
        )?
    {
        checks.push(Error::invalid_field("fiscal_code", "Ya existe un docente con ese DNI/NIE"));
    }
    if let Some(user) = t.user_id {
        if directory::member(user).is_none() {
            checks.push(Error::invalid_field("user_id", "El usuario no es de la empresa"));
        }
    }
    checks.finish()?;
    let id: i64 = sql::query_scalar(
        "INSERT INTO courses_teacher (business_id, state, first_name, last_name, fiscal_code, role, qualification, user_id, created_at) \
         VALUES ($1, 'active', $2, $3, $4, $5, $6, $7, $8) RETURNING id",
        &params![ctx.business_id, first, last, fiscal, t.role.as_str(), qualification, t.user_id, host::now()],
    )?;
    Ok(serde_json::to_value(teacher_rows(ctx, Some(id))?.pop())?)
}

#[derive(Deserialize)]
struct Upcoming {
    date: String,
    reference: String,
}

/// Refuse when a session from today on uses the place or teacher (`condition` on `s`, `$2` the id).
fn refuse_if_upcoming(ctx: &Ctx, what: &str, condition: &str, id: i64) -> Result<()> {
    let mut rows: Vec<Upcoming> = sql::query_as(
        &format!(
            "SELECT s.date, c.reference FROM courses_session s JOIN courses_course c ON c.business_id = s.business_id AND c.id = s.course_id \
             WHERE s.business_id = $1 AND s.date >= $3 AND c.state <> 'deleted' AND {condition} ORDER BY s.date LIMIT 1"
        ),
        &params![ctx.business_id, id, today()],
    )?;
    match rows.pop() {
        Some(u) => Err(Error::conflict(format!(
            "{what} tiene una sesión el {} (curso {}): cámbiela o elimínela antes",
            spanish_date(&u.date),
            u.reference
        ))),
        None => Ok(()),
    }
}

/// `POST <prefix>sesion/lugares/delete`.
pub fn delete_place(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    let place = place_rows(ctx, Some(body.id))?.pop().ok_or_else(|| Error::not_found("Lugar").with_data(json!({ "entity": "Lugar", "id": body.id })))?;
    refuse_if_upcoming(ctx, &format!("El lugar {}", place.name), "s.place_id = $2", body.id)?;
    sql::execute("UPDATE courses_place SET state = 'deleted' WHERE business_id = $1 AND id = $2", &params![ctx.business_id, body.id])?;
    Ok(serde_json::to_value(place)?)
}

/// `POST <prefix>sesion/docentes/delete`.
pub fn delete_teacher(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    let teacher =
        teacher_rows(ctx, Some(body.id))?.pop().ok_or_else(|| Error::not_found("Docente").with_data(json!({ "entity": "Docente", "id": body.id })))?;
    refuse_if_upcoming(
        ctx,
        &format!("El docente {}", teacher.name),
        "s.id IN (SELECT session_id FROM courses_session_teacher WHERE business_id = $1 AND teacher_id = $2)",
        body.id,
    )?;
    sql::execute("UPDATE courses_teacher SET state = 'deleted' WHERE business_id = $1 AND id = $2", &params![ctx.business_id, body.id])?;
    Ok(serde_json::to_value(teacher)?)
}
