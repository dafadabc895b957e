//! The students of practical lessons: a contact (of the contacts plugin) training for one
//! licence class, with their usual teacher, and the packs of lessons (bonos) they bought.

use volante_plugin_sdk::bindings::volante::plugin::plugins;
use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page};
use volante_plugin_sdk::{host, validate, Checks};

use crate::lesson;
use crate::types::{self, PracticeType};
use crate::{licence, teacher, IdBody, ALL_BRANCHES};

/// A student's fields.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Student {
    /// The contact the student is; never changes.
    pub contact_id: i64,
    /// The contact's name when the student was made (for lists and search).
    pub name: String,
    /// The licence class the lessons are for (fixed list).
    pub licence: String,
    /// The usual teacher: an active user of the business.
    pub teacher_user_id: Option<i64>,
    /// The caller's branch when empty.
    pub branch_id: Option<i64>,
    pub notes: String,
}

impl Resource for Student {
    const NAME: &'static str = "practices_student";
    const PATH: &'static str = "hermes/student";
    const LABEL: &'static str = "Alumno de prácticas";
    const TABLE: &'static str = "practices_student";
    const SEARCH: &'static [&'static str] = &["name", "licence", "notes"];
    const BRANCH_FIELD: Option<&'static str> = Some("branch_id");
    const ALL_BRANCHES: Option<&'static str> = Some(ALL_BRANCHES);
    const ORDER_BY: &'static str = "name ASC, id ASC";

    fn prepare(&mut self, ctx: &Ctx, id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(class) = checks.check(licence("licence", &self.licence)) {
            self.licence = class;
        }
        if let Some(user) = self.teacher_user_id {
            checks.check(teacher("teacher_user_id", user));
        }
        if let Some(notes) = checks.check(validate::optional("notes", &self.notes, 2000)) {
            self.notes = notes;
        }
        if checks.is_empty() {
            #[derive(Deserialize)]
            struct Row {
                id: i64,
            }
            let twins: Vec<Row> = sql::query_as(
                "SELECT id FROM practices_student WHERE business_id = $1 AND contact_id = $2 AND licence = $3 AND state <> 'deleted'",
                &params![ctx.business_id, self.contact_id, self.licence.clone()],
            )?;
            if twins.iter().any(|t| Some(t.id) != id) {
                checks.push(Error::conflict(format!("{} ya es alumno de prácticas del permiso {}", self.name, self.licence)));
            }
        }
        checks.finish()
    }
}

/// The student `id` as the caller may see it.
pub fn find(ctx: &Ctx, id: i64) -> Result<Record<Student>> {
    resource::find::<Student>(ctx, id)
}

/// The student `id`, refused when deleted (for new packs and lessons).
pub fn find_open(ctx: &Ctx, id: i64) -> Result<Record<Student>> {
    let student = find(ctx, id)?;
    if student.state == "deleted" {
        return Err(Error::conflict("El alumno de prácticas está eliminado"));
    }
    Ok(student)
}

#[derive(Debug, Deserialize)]
struct ContactSummary {
    id: i64,
    name: String,
    #[serde(default)]
    state: String,
}

/// The live contact `contact_id`, through the contacts module.
fn contact_summary(contact_id: i64) -> Result<ContactSummary> {
    let answer = plugins::call("contacts", "contact.summaries", &json!({ "ids": [contact_id] }).to_string())
        .map_err(|_| Error::conflict("No se pueden leer los contactos: el servicio de contactos no está activo para la empresa"))?;
    let found: Vec<ContactSummary> = serde_json::from_str(&answer).map_err(Error::internal)?;
    found
        .into_iter()
        .find(|c| c.id == contact_id && c.state != "deleted")
        .ok_or_else(|| Error::not_found("Contacto").with_data(json!({ "entity": "Contacto", "id": contact_id })))
}

/// `hermes/student/create`: `{contact_id, licence, teacher_user_id?, branch_id?, notes?}`.
pub fn create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    let contact_id = body.get("contact_id").and_then(Value::as_i64).ok_or_else(|| Error::required("contact_id"))?;
    body.insert("name".into(), json!(contact_summary(contact_id)?.name));
    let record = resource::create::<Student>(ctx, Value::Object(body))?;
    detail(ctx, record.id)
}

/// `hermes/student/delete`: the student stays in the history with their lessons; lessons still
/// to come are cancelled.
pub fn delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    find(ctx, body.id)?;
    resource::delete::<Student>(ctx, body.id)?;
    lesson::cancel_upcoming(ctx, body.id)?;
    detail(ctx, body.id)
}

/// `hermes/teacher/assign` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct TeacherAssign {
    pub student_id: i64,
    /// Null takes the teacher away.
    pub teacher_user_id: Option<i64>,
}

/// `POST hermes/teacher/assign`: the student's usual teacher.
pub fn assign(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: TeacherAssign = req.json()?;
    find(ctx, body.student_id)?;
    resource::update::<Student>(ctx, body.student_id, json!({ "teacher_user_id": body.teacher_user_id }))?;
    detail(ctx, body.student_id)
}

/// A pack as stored, with what is left of it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Bag {
    pub id: i64,
    pub student_id: i64,
    pub type_id: i64,
    pub type_name: Option<String>,
    pub quantity: i64,
    /// Lessons given (or missed without notice) charged to it.
    pub used: i64,
    pub remaining: i64,
    pub price: i64,
    pub purchased_on: String,
    pub notes: String,
}

const BAGS: &str = "SELECT b.id, b.student_id, b.type_id, t.name AS type_name, b.quantity, \
     (SELECT COUNT(*) FROM practices_practice p WHERE p.business_id = b.business_id AND p.bag_id = b.id) AS used, \
     0 AS remaining, b.price, b.purchased_on, b.notes \
     FROM practices_bag b LEFT JOIN practices_type t ON t.business_id = b.business_id AND t.id = b.type_id \
     WHERE b.business_id = $1";

fn with_remaining(mut bags: Vec<Bag>) -> Vec<Bag> {
    for bag in &mut bags {
        bag.remaining = bag.quantity - bag.used;
    }
    bags
}

/// The student's packs, oldest first.
pub fn bags_of(ctx: &Ctx, student_id: i64) -> Result<Vec<Bag>> {
    Ok(with_remaining(sql::query_as(&format!("{BAGS} AND b.student_id = $2 ORDER BY b.purchased_on, b.id"), &params![ctx.business_id, student_id])?))
}

fn bag(ctx: &Ctx, id: i64) -> Result<Bag> {
    with_remaining(sql::query_as(&format!("{BAGS} AND b.id = $2"), &params![ctx.business_id, id])?)
        .pop()
        .ok_or_else(|| Error::not_found("Bono").with_data(json!({ "entity": "Bono", "id": id })))
}

/// `student/bag` body: a pack bought.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct NewBag {
    pub student_id: i64,
    pub type_id: i64,
    /// Lessons in the pack, 1–200.
    pub quantity: i64,
    /// What the student paid, in cents; the type's price times the quantity when empty.
    pub price: Option<i64>,
    /// `YYYY-MM-DD`; today when empty.
    pub purchased_on: Option<String>,
    pub notes: String,
}

/// `POST hermes/student/bag`: a pack of lessons of one type for the student (of the student's
/// licence).
pub fn add_bag(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: NewBag = req.json()?;
    let student = find_open(ctx, body.student_id)?;
    let mut checks = Checks::new();
    let kind = checks.check(types::find(ctx, body.type_id, true));
    if let Some(kind) = &kind {
        if kind.data.licence != student.data.licence {
            checks.push(Error::invalid_field("type_id", format!("El tipo de práctica es del permiso {}, no del {}", kind.data.licence, student.data.licence)));
        }
    }
    if !(1..=200).contains(&body.quantity) {
        checks.push(Error::invalid_field("quantity", "Un bono tiene entre 1 y 200 prácticas"));
    }
    if body.price.is_some_and(|p| !(0..=10_000_000).contains(&p)) {
        checks.push(Error::invalid_field("price", "El precio debe estar entre 0 y 100.000 €"));
    }
    let purchased = checks.check(validate::optional_date("purchased_on", body.purchased_on.clone())).flatten();
    let notes = checks.check(validate::optional("notes", &body.notes, 2000)).unwrap_or_default();
    checks.finish()?;
    let kind: Record<PracticeType> = kind.expect("checked");
    let price = body.price.unwrap_or(kind.data.price * body.quantity);
    insert_bag(ctx, body.student_id, &kind, body.quantity, price, &purchased.unwrap_or_else(crate::today), &notes)?;
    detail(ctx, body.student_id)
}

/// A new pack for the student; lessons already given without one are charged to it. Answers its id.
fn insert_bag(ctx: &Ctx, student_id: i64, kind: &Record<PracticeType>, quantity: i64, price: i64, purchased_on: &str, notes: &str) -> Result<i64> {
    let now = host::now();
    let id: i64 = sql::query_scalar(
        "INSERT INTO practices_bag (business_id, student_id, type_id, quantity, price, purchased_on, notes, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id",
        &params![ctx.business_id, student_id, kind.id, quantity, price, purchased_on, notes, now],
    )?;
    lesson::charge_unpaid(ctx, student_id)?;
    Ok(id)
}

/// `practices.bag` (an export): a pack of lessons for a buyer of the online shop (the products
/// plugin's processes).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Granted {
    /// The buyer's contact.
    pub contact_id: i64,
    pub type_id: i64,
    /// Lessons in the pack, 1–200.
    pub quantity: i64,
    /// Where it comes from (the order), kept as the pack's notes.
    pub notes: String,
}

/// The pack of `quantity` lessons of the type for the contact's student of the type's licence
/// (a new student, from the contact, when they have none), priced at the type's price, bought
/// today. Answers `{student_id, student_created, bag_id, type_name, licence, quantity}`.
pub fn grant_bag(ctx: &Ctx, body: Granted) -> Result<Value> {
    if !(1..=200).contains(&body.quantity) {
        return Err(Error::invalid_field("quantity", "Un bono tiene entre 1 y 200 prácticas"));
    }
    let kind = types::find(ctx, body.type_id, true)?;
    let licence = kind.data.licence.clone();
    let found: Option<i64> = sql::query_optional(
        "SELECT id FROM practices_student WHERE business_id = $1 AND contact_id = $2 AND licence = $3 AND state <> 'deleted' ORDER BY id ASC LIMIT 1",
        &params![ctx.business_id, body.contact_id, licence.clone()],
    )?;
    let (student_id, created) = match found {
        Some(id) => (id, false),
        None => {
            let contact = contact_summary(body.contact_id)?;
            let student = Student { contact_id: contact.id, name: contact.name, licence: licence.clone(), ..Student::default() };
            (resource::create::<Student>(ctx, serde_json::to_value(student)?)?.id, true)
        }
    };
    let notes = validate::optional("notes", &body.notes, 2000)?;
    let bag_id = insert_bag(ctx, student_id, &kind, body.quantity, kind.data.price * body.quantity, &crate::today(), &notes)?;
    Ok(json!({ "student_id": student_id, "student_created": created, "bag_id": bag_id, "type_name": kind.data.name,
               "licence": licence, "quantity": body.quantity }))
}

/// `student/bag/update` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct BagUpdate {
    pub id: i64,
    pub quantity: Option<i64>,
    pub price: Option<i64>,
    pub notes: Option<String>,
}

/// `POST hermes/student/bag/update`: the pack's size (not below what was used), price or notes.
pub fn update_bag(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: BagUpdate = req.json()?;
    let current = bag(ctx, body.id)?;
    find_open(ctx, current.student_id)?;
    let mut checks = Checks::new();
    let quantity = body.quantity.unwrap_or(current.quantity);
    if !(1..=200).contains(&quantity) {
        checks.push(Error::invalid_field("quantity", "Un bono tiene entre 1 y 200 prácticas"));
    } else if quantity < current.used {
        checks.push(Error::invalid_field("quantity", format!("Ya se han dado {} prácticas de este bono", current.used)));
    }
    let price = body.price.unwrap_or(current.price);
    if !(0..=10_000_000).contains(&price) {
        checks.push(Error::invalid_field("price", "El precio debe estar entre 0 y 100.000 €"));
    }
    let notes = checks.check(validate::optional("notes", body.notes.as_deref().unwrap_or(&current.notes), 2000)).unwrap_or_default();
    checks.finish()?;
    sql::execute(
        "UPDATE practices_bag SET quantity = $1, price = $2, notes = $3, updated_at = $4 WHERE business_id = $5 AND id = $6",
        &params![quantity, price, notes, host::now(), ctx.business_id, body.id],
    )?;
    lesson::charge_unpaid(ctx, current.student_id)?;
    detail(ctx, current.student_id)
}

/// The student with their teacher's name, packs, lessons and what is left and owed.
pub fn detail(ctx: &Ctx, id: i64) -> Result<Value> {
    let student = find(ctx, id)?;
    let bags = bags_of(ctx, id)?;
    let lessons = lesson::of_student(ctx, id)?;
    let unpaid: Vec<&lesson::Lesson> = lessons.iter().filter(|l| l.charged() && l.bag_id.is_none()).collect();
    let mut value = serde_json::to_value(&student)?;
    value["teacher_name"] = json!(student.data.teacher_user_id.and_then(host::directory::member).map(|m| m.name));
    value["remaining"] = json!(bags.iter().map(|b| b.remaining).sum::<i64>());
    value["unpaid"] = json!(unpaid.len());
    value["bags"] = serde_json::to_value(&bags)?;
    value["lessons"] = serde_json::to_value(&lessons)?;
    Ok(value)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ReadQuery {
    id: Option<i64>,
    licence: Option<String>,
    teacher_user_id: Option<i64>,
    contact_id: Option<i64>,
}

#[derive(Deserialize)]
struct Left {
    student_id: i64,
    remaining: i64,
}

/// `GET hermes/student/read` (extension): with `?id=` the student's detail; without, a page of
/// students (filtered by licence, teacher and contact), each with the lessons left in their packs.
pub fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: ReadQuery = req.query()?;
    if let Some(id) = q.id {
        return detail(ctx, id);
    }
    let list = ListQuery::from_query(req)?;
    let mut extra = Vec::new();
    let mut params = Vec::new();
    if let Some(class) = q.licence.as_deref().filter(|l| !l.trim().is_empty()) {
        extra.push("licence = ${}".to_string());
        params.push(licence("licence", class)?.to_sql());
    }
    if let Some(user) = q.teacher_user_id {
        extra.push("teacher_user_id = ${}".into());
        params.push(user.to_sql());
    }
    if let Some(contact) = q.contact_id {
        extra.push("contact_id = ${}".into());
        params.push(contact.to_sql());
    }
    let extra = (!extra.is_empty()).then(|| extra.join(" AND "));
    let page = resource::list_where::<Student>(ctx, &list, extra.as_deref(), params)?;
    let ids: Vec<i64> = page.items.iter().map(|s| s.id).collect();
    let left: Vec<Left> = if ids.is_empty() {
        Vec::new()
    } else {
        let mut p = vec![ctx.business_id.to_sql()];
        p.extend(ids.iter().map(|id| id.to_sql()));
        sql::query_as(
            &format!(
                "SELECT b.student_id, CAST(SUM(b.quantity - (SELECT COUNT(*) FROM practices_practice p WHERE p.business_id = b.business_id AND p.bag_id = b.id)) AS BIGINT) AS remaining \
                 FROM practices_bag b WHERE b.business_id = $1 AND b.student_id IN ({}) GROUP BY b.student_id",
                sql::placeholders(2, ids.len())
            ),
            &p,
        )?
    };
    #[derive(Deserialize)]
    struct Owed {
        student_id: i64,
        n: i64,
    }
    let owed: Vec<Owed> = if ids.is_empty() {
        Vec::new()
    } else {
        let mut p = vec![ctx.business_id.to_sql()];
        p.extend(ids.iter().map(|id| id.to_sql()));
        sql::query_as(
            &format!(
                "SELECT student_id, COUNT(*) AS n FROM practices_practice WHERE business_id = $1 AND student_id IN ({}) \
                 AND status IN ('done', 'no_show') AND bag_id IS NULL GROUP BY student_id",
                sql::placeholders(2, ids.len())
            ),
            &p,
        )?
    };
    let staff = host::directory::staff(true);
    let items = page
        .items
        .into_iter()
        .map(|s| {
            let mut value = serde_json::to_value(&s)?;
            value["remaining"] = json!(left.iter().find(|l| l.student_id == s.id).map(|l| l.remaining).unwrap_or(0));
            value["unpaid"] = json!(owed.iter().find(|o| o.student_id == s.id).map(|o| o.n).unwrap_or(0));
            value["teacher_name"] = json!(s.data.teacher_user_id.and_then(|u| staff.iter().find(|m| m.user_id == u)).map(|m| m.name.clone()));
            Ok(value)
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?)
}
