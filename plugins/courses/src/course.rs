//! The course: its fields, its detail (students, sessions, attendance) and its list, for each of
//! the three kinds.

use std::collections::BTreeMap;

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page, Record};
use volante_plugin_sdk::{host, validate, Checks};

use crate::session::{self, SessionRow};
use crate::{ids_of, placeholders, IdBody, Kind, ALL_BRANCHES};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Modality {
    #[default]
    InPerson,
    Online,
    Mixed,
}

/// The places a course is created with when none are given.
pub const DEFAULT_STUDENTS: i64 = 20;

/// The most students a course may take.
pub const MAX_STUDENTS: i64 = 500;

/// A course's fields. Missing fields take their defaults.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Course {
    /// Set by the prefix the course was created under; never changed.
    pub kind: Kind,
    /// Internal reference, unique in the business; `<CU|PA|RP>-<year>-NNNN` when empty on create.
    pub reference: String,
    pub name: String,
    /// One of the kind's categories (see README).
    pub category: String,
    /// A group of the same kind.
    pub group_id: Option<i64>,
    /// The course's code at the administration (DGT, FUNDAE).
    pub administration_code: String,
    /// The CAP centre's authorisation for the course.
    pub cap_authorisation: String,
    /// FUNDAE: the formative action and group.
    pub formative_action: String,
    pub formative_group: String,
    pub modality: Modality,
    pub max_students: i64,
    pub hours: Option<f64>,
    /// `YYYY-MM-DD`; sessions fall between the start and the end.
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub training_centre: String,
    pub place: String,
    /// The company or centre that ceded the course, if any.
    pub ceded_by: String,
    /// Attendance is taken with the biometric terminal.
    pub biometric_control: bool,
    pub branch_id: Option<i64>,
    pub observations: String,
}

impl Resource for Course {
    const NAME: &'static str = "course";
    const LABEL: &'static str = "Curso";
    const TABLE: &'static str = "courses_course";
    const SEARCH: &'static [&'static str] =
        &["reference", "name", "administration_code", "cap_authorisation", "formative_action", "training_centre", "place"];
    const UNIQUE: &'static [&'static str] = &["reference"];
    const BRANCH_FIELD: Option<&'static str> = Some("branch_id");
    const ALL_BRANCHES: Option<&'static str> = Some(ALL_BRANCHES);
    const ORDER_BY: &'static str = "start_date DESC, id DESC";

    fn prepare(&mut self, ctx: &Ctx, id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        let kind = self.kind;
        if let Some(name) = checks.check(validate::required("name", &self.name, 200)) {
            self.name = name;
        }
        if self.category.trim().is_empty() {
            self.category = kind.categories()[0].to_string();
        }
        let category_valid = match checks.check(validate::one_of("category", self.category.trim(), kind.categories())) {
            Some(category) => {
                self.category = category.to_string();
                true
            }
            None => false,
        };
        for (field, value, max) in [
            ("administration_code", &mut self.administration_code, 60),
            ("cap_authorisation", &mut self.cap_authorisation, 60),
            ("formative_action", &mut self.formative_action, 60),
            ("formative_group", &mut self.formative_group, 60),
            ("training_centre", &mut self.training_centre, 200),
            ("place", &mut self.place, 200),
            ("ceded_by", &mut self.ceded_by, 200),
            ("observations", &mut self.observations, 5000),
        ] {
            if let Some(clean) = checks.check(validate::optional(field, value, max)) {
                *value = clean;
            }
        }
        if !(1..=MAX_STUDENTS).contains(&self.max_students) {
            checks.push(Error::invalid_field("max_students", format!("Las plazas deben estar entre 1 y {MAX_STUDENTS}")));
        } else if let Some(id) = id {
            let enrolled = enrolled(ctx, id)?;
            if self.max_students < enrolled {
                checks.push(Error::invalid_field("max_students", format!("El curso ya tiene {enrolled} alumnos matriculados")));
            }
        }
        if self.hours.is_none() {
            self.hours = kind.legal_hours(&self.category);
        }
        match self.hours {
            None if category_valid => checks.push(Error::required("hours")),
            None => {}
            Some(h) if !(h > 0.0 && h <= 1000.0) => checks.push(Error::invalid_field("hours", "Las horas deben ser más de 0 y como mucho 1000")),
            Some(_) => {}
        }
        let start = checks.check(validate::optional_date("start_date", self.start_date.take()));
        let end = checks.check(validate::optional_date("end_date", self.end_date.take()));
        if let (Some(Some(s)), Some(Some(e))) = (&start, &end) {
            if e < s {
                checks.push(Error::invalid_field("end_date", "La fecha de fin no puede ser anterior a la de inicio"));
            }
        }
        self.start_date = start.flatten();
        self.end_date = end.flatten();
        if let (Some(id), true) = (id, checks.is_empty()) {
            if let Some(outside) = session::first_outside(ctx, id, self.start_date.as_deref(), self.end_date.as_deref())? {
                checks.push(Error::invalid_field(
                    if self.start_date.as_deref().is_some_and(|s| outside.as_str() < s) { "start_date" } else { "end_date" },
                    format!("El curso tiene una sesión el {} fuera de esas fechas", crate::spanish_date(&outside)),
                ));
            }
        }
        if let Some(group) = self.group_id {
            if !crate::group::exists(ctx, kind, group)? {
                checks.push(Error::invalid_field("group_id", "El grupo no existe"));
            }
        }
        match checks.check(validate::optional("reference", &self.reference, 40)) {
            Some(r) if r.is_empty() && id.is_none() => self.reference = next_reference(ctx, kind, self.start_date.as_deref())?,
            Some(r) if r.is_empty() => checks.push(Error::required("reference")),
            Some(r) => self.reference = r.to_uppercase(),
            None => {}
        }
        checks.finish()
    }
}

/// The next free `<prefix>-<year>-NNNN` of the kind in the year of `start` (else this year).
fn next_reference(ctx: &Ctx, kind: Kind, start: Option<&str>) -> Result<String> {
    let today = crate::today();
    let year = start.unwrap_or(&today).get(..4).unwrap_or("0000").to_string();
    let stem = format!("{}-{year}-", kind.reference_prefix());
    let taken: Vec<Reference> = sql::query_as(
        "SELECT reference FROM courses_course WHERE business_id = $1 AND reference LIKE $2",
        &params![ctx.business_id, format!("{stem}%")],
    )?;
    let last = taken.iter().filter_map(|r| r.reference.strip_prefix(&stem)?.parse::<u32>().ok()).max().unwrap_or(0);
    Ok(format!("{stem}{:04}", last + 1))
}

#[derive(Deserialize)]
struct Reference {
    reference: String,
}

/// How many students a course has.
pub fn enrolled(ctx: &Ctx, course_id: i64) -> Result<i64> {
    sql::query_scalar("SELECT COUNT(*) FROM courses_student WHERE business_id = $1 AND course_id = $2", &params![ctx.business_id, course_id])
}

/// The course `id` of `kind`, as the caller may see it.
pub fn find(ctx: &Ctx, kind: Kind, id: i64) -> Result<Record<Course>> {
    match resource::find_optional::<Course>(ctx, id)? {
        Some(record) if record.data.kind == kind => Ok(record),
        _ => Err(Error::not_found(Course::LABEL).with_data(json!({ "entity": Course::LABEL, "id": id }))),
    }
}

/// The course `id` of `kind`, refused when deleted (for the writes on its students and sessions).
pub fn find_open(ctx: &Ctx, kind: Kind, id: i64) -> Result<Record<Course>> {
    let record = find(ctx, kind, id)?;
    if record.state == "deleted" {
        return Err(Error::conflict("Curso está eliminado"));
    }
    Ok(record)
}

/// A write's body as an object, without the fields the prefix sets.
fn body(req: &Req) -> Result<serde_json::Map<String, Value>> {
    let mut body = resource::object(req.value()?)?;
    body.remove("kind");
    Ok(body)
}

/// `<prefix>create`.
pub fn create(ctx: &Ctx, req: &Req, kind: Kind) -> Result<Value> {
    let mut body = body(req)?;
    body.insert("kind".into(), json!(kind));
    if body.get("max_students").is_none_or(Value::is_null) {
        body.insert("max_students".into(), json!(DEFAULT_STUDENTS));
    }
    let record = resource::create::<Course>(ctx, Value::Object(body))?;
    detail(ctx, kind, record.id)
}

/// `<prefix>update`: `id` and the fields that change.
pub fn update(ctx: &Ctx, req: &Req, kind: Kind) -> Result<Value> {
    let body = body(req)?;
    let id = resource::body_id(&body)?;
    find(ctx, kind, id)?;
    resource::update::<Course>(ctx, id, Value::Object(body))?;
    detail(ctx, kind, id)
}

/// `<prefix>delete`: the course is marked deleted and stays in the history.
pub fn delete(ctx: &Ctx, req: &Req, kind: Kind) -> Result<Value> {
    let body: IdBody = req.json()?;
    find(ctx, kind, body.id)?;
    resource::delete::<Course>(ctx, body.id)?;
    detail(ctx, kind, body.id)
}

/// `state`'s body: `active` or `inactive`; none toggles.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct StateBody {
    pub id: i64,
    #[serde(default)]
    pub state: Option<String>,
}

/// `<prefix>state` (extension): an inactive course (one that will not run, or is paused) stays
/// listed and readable, and still takes students and sessions.
pub fn set_state(ctx: &Ctx, req: &Req, kind: Kind) -> Result<Value> {
    let body: StateBody = req.json()?;
    find(ctx, kind, body.id)?;
    resource::set_state::<Course>(ctx, body.id, body.state.as_deref())?;
    detail(ctx, kind, body.id)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ReadQuery {
    id: Option<i64>,
    group_id: Option<i64>,
    category: Option<String>,
    branch_id: Option<i64>,
    from: Option<String>,
    to: Option<String>,
}

/// `GET <prefix>read`: with `?id=` the course's detail; without, a page of the kind's courses.
pub fn read(ctx: &Ctx, req: &Req, kind: Kind) -> Result<Value> {
    let q: ReadQuery = req.query()?;
    if let Some(id) = q.id {
        return detail(ctx, kind, id);
    }
    let list = ListQuery::from_query(req)?;
    let mut extra = vec!["kind = ${}".to_string()];
    let mut params = vec![kind.as_str().to_sql()];
    if let Some(group) = q.group_id {
        extra.push("group_id = ${}".into());
        params.push(group.to_sql());
    }
    if let Some(category) = q.category.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        extra.push("category = ${}".into());
        params.push(validate::one_of("category", category, kind.categories())?.to_sql());
    }
    if let Some(branch) = q.branch_id {
        extra.push("branch_id = ${}".into());
        params.push(branch.to_sql());
    }
    for (field, value, op) in [("from", q.from, ">="), ("to", q.to, "<=")] {
        if let Some(date) = validate::optional_date(field, value)? {
            extra.push(format!("start_date {op} ${{}}"));
            params.push(date.to_sql());
        }
    }
    let page = resource::list_where::<Course>(ctx, &list, Some(&extra.join(" AND ")), params)?;
    let ids: Vec<i64> = page.items.iter().map(|r| r.id).collect();
    let counts = counts(ctx, &ids)?;
    let groups = crate::group::names(ctx, kind)?;
    let items = page
        .items
        .into_iter()
        .map(|r| {
            let mut value = serde_json::to_value(&r)?;
            value["enrolled"] = json!(counts.get(&r.id).copied().unwrap_or(0));
            value["group_name"] = json!(r.data.group_id.and_then(|g| groups.get(&g).cloned()));
            Ok(value)
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?)
}

#[derive(Deserialize)]
struct CourseCount {
    course_id: i64,
    n: i64,
}

/// Students per course among `ids`.
fn counts(ctx: &Ctx, ids: &[i64]) -> Result<BTreeMap<i64, i64>> {
    if ids.is_empty() {
        return Ok(BTreeMap::new());
    }
    let mut params = vec![ctx.business_id.to_sql()];
    params.extend(ids.iter().map(|id| id.to_sql()));
    let rows: Vec<CourseCount> = sql::query_as(
        &format!(
            "SELECT course_id, COUNT(*) AS n FROM courses_student WHERE business_id = $1 AND course_id IN ({}) GROUP BY course_id",
            placeholders(2, ids.len())
        ),
        &params,
    )?;
    Ok(rows.into_iter().map(|r| (r.course_id, r.n)).collect())
}

/// A student as the detail lists them.
#[derive(Debug, Serialize)]
pub struct Student {
    pub contact_id: i64,
    pub name: String,
    pub fiscal_code: String,
    pub email: String,
    pub phone: String,
    pub enrolled_at: String,
    pub attended_hours: f64,
    pub attended_sessions: i64,
}

#[derive(Deserialize)]
struct StudentRow {
    contact_id: i64,
    enrolled_at: String,
}

/// What the contacts plugin's `contact.summaries` answers of each contact.
#[derive(Debug, Deserialize)]
pub struct ContactSummary {
    pub id: i64,
    pub name: String,
    #[serde(default)]
    pub fiscal_code: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub phone: String,
    #[serde(default)]
    pub state: String,
}

/// The contacts among `ids` as the contacts plugin gives them; `None` when it cannot be asked
/// (its service off for the business).
pub fn contacts(ids: &[i64]) -> Option<Vec<ContactSummary>> {
    if ids.is_empty() {
        return Some(Vec::new());
    }
    let args = json!({ "ids": ids }).to_string();
    let text = volante_plugin_sdk::bindings::volante::plugin::plugins::call("contacts", "contact.summaries", &args).ok()?;
    serde_json::from_str(&text).ok()
}

/// `GET <prefix>read?id=` and every write's answer: the course with its group's name, its
/// students (with the hours they attended) and its sessions (with who was present).
pub fn detail(ctx: &Ctx, kind: Kind, id: i64) -> Result<Value> {
    let record = find(ctx, kind, id)?;
    let students: Vec<StudentRow> = sql::query_as(
        "SELECT contact_id, enrolled_at FROM courses_student WHERE business_id = $1 AND course_id = $2 ORDER BY enrolled_at, contact_id",
        &params![ctx.business_id, id],
    )?;
    let sessions: Vec<SessionRow> = session::of_course(ctx, id)?;
    let ids: Vec<i64> = students.iter().map(|s| s.contact_id).collect();
    let found = contacts(&ids).unwrap_or_default();
    let students: Vec<Student> = students
        .into_iter()
        .map(|s| {
            let contact = found.iter().find(|c| c.id == s.contact_id);
            let attended: Vec<&SessionRow> = sessions.iter().filter(|x| x.present.contains(&s.contact_id)).collect();
            Student {
                contact_id: s.contact_id,
                name: contact.map(|c| c.name.clone()).unwrap_or_default(),
                fiscal_code: contact.map(|c| c.fiscal_code.clone()).unwrap_or_default(),
                email: contact.map(|c| c.email.clone()).unwrap_or_default(),
                phone: contact.map(|c| c.phone.clone()).unwrap_or_default(),
                enrolled_at: s.enrolled_at,
                attended_hours: attended.iter().map(|x| x.hours).sum(),
                attended_sessions: attended.len() as i64,
            }
        })
        .collect();
    let scheduled: f64 = sessions.iter().map(|s| s.hours).sum();
    let group_name = match record.data.group_id {
        Some(g) => crate::group::names(ctx, kind)?.remove(&g),
        None => None,
    };
    let mut value = serde_json::to_value(&record)?;
    value["group_name"] = json!(group_name);
    value["enrolled"] = json!(students.len());
    value["scheduled_hours"] = json!(scheduled);
    value["students"] = serde_json::to_value(students)?;
    value["sessions"] = serde_json::to_value(sessions)?;
    Ok(value)
}

/// `contact/student/add` and `/remove` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Enrolment {
    #[serde(alias = "id")]
    pub course_id: i64,
    pub contact_ids: Vec<i64>,
    /// One contact (instead of, or besides, `contact_ids`).
    pub contact_id: Option<i64>,
}

/// `<prefix>contact/student/add`: enrol contacts (those already enrolled stay as they are).
pub fn add_students(ctx: &Ctx, req: &Req, kind: Kind) -> Result<Value> {
    let body: Enrolment = req.json()?;
    let course = find_open(ctx, kind, body.course_id)?;
    let ids = ids_of("contact_ids", &body.contact_ids, body.contact_id)?;
    let found = contacts(&ids).ok_or_else(|| {
        Error::conflict("No se pueden leer los contactos: el servicio de contactos no está activo para la empresa")
    })?;
    for id in &ids {
        if !found.iter().any(|c| c.id == *id && c.state != "deleted") {
            return Err(Error::not_found("Contacto").with_data(json!({ "entity": "Contacto", "id": id })));
        }
    }
    let mut params = vec![ctx.business_id.to_sql(), body.course_id.to_sql()];
    params.extend(ids.iter().map(|id| id.to_sql()));
    let already: i64 = sql::query_scalar(
        &format!(
            "SELECT COUNT(*) FROM courses_student WHERE business_id = $1 AND course_id = $2 AND contact_id IN ({})",
            placeholders(3, ids.len())
        ),
        &params,
    )?;
    let after = enrolled(ctx, body.course_id)? + ids.len() as i64 - already;
    if after > course.data.max_students {
        return Err(Error::invalid_field("contact_ids", format!("El curso admite como máximo {} alumnos", course.data.max_students)));
    }
    let now = host::now();
    for id in &ids {
        sql::execute(
            "INSERT INTO courses_student (business_id, course_id, contact_id, enrolled_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (business_id, course_id, contact_id) DO NOTHING",
            &params![ctx.business_id, body.course_id, *id, now],
        )?;
    }
    detail(ctx, kind, body.course_id)
}

/// `<prefix>contact/student/remove`: the students and their attendance.
pub fn remove_students(ctx: &Ctx, req: &Req, kind: Kind) -> Result<Value> {
    let body: Enrolment = req.json()?;
    find_open(ctx, kind, body.course_id)?;
    let ids = ids_of("contact_ids", &body.contact_ids, body.contact_id)?;
    let mut params = vec![ctx.business_id.to_sql(), body.course_id.to_sql()];
    params.extend(ids.iter().map(|id| id.to_sql()));
    let list = placeholders(3, ids.len());
    sql::execute(
        &format!(
            "DELETE FROM courses_attendance WHERE business_id = $1 AND contact_id IN ({list}) \
             AND session_id IN (SELECT id FROM courses_session WHERE business_id = $1 AND course_id = $2)"
        ),
        &params,
    )?;
    sql::execute(&format!("DELETE FROM courses_student WHERE business_id = $1 AND course_id = $2 AND contact_id IN ({list})"), &params)?;
    detail(ctx, kind, body.course_id)
}
