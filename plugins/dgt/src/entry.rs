//! The entries of a register book: one per student and licence class, numbered in the order
//! they were written, with the student's details, the theory and practical exams and how the
//! training ended (licence issued, or the student left).

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page, Record};
use volante_plugin_sdk::{validate, Checks};

use crate::book::{self, Book};
use crate::{contacts, licence, spanish_date, IdBody};

/// How an exam went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ExamResult {
    /// Not taken yet.
    #[default]
    Pending,
    /// Apto.
    Pass,
    /// No apto.
    Fail,
    /// No presentado.
    Absent,
}

impl ExamResult {
    pub fn label(self) -> &'static str {
        match self {
            ExamResult::Pending => "pendiente",
            ExamResult::Pass => "apto",
            ExamResult::Fail => "no apto",
            ExamResult::Absent => "no presentado",
        }
    }
}

/// A register entry's fields. Missing fields take their defaults.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Entry {
    /// The book the entry is written in; never changes.
    pub book_id: i64,
    /// The entry's number in the book; the next one when empty.
    pub number: Option<i64>,
    /// The contact the student is, if any.
    pub contact_id: Option<i64>,
    pub first_name: String,
    pub last_names: String,
    /// DNI or NIE, checked.
    pub document: String,
    /// `YYYY-MM-DD`.
    pub birth_date: Option<String>,
    pub address: String,
    pub city: String,
    /// Province 1–52.
    pub province_id: Option<i64>,
    /// Spanish postal code, matching the province.
    pub postal_code: String,
    pub phone: String,
    /// The licence class the student trains for (fixed list).
    pub licence: String,
    /// Date of enrolment, `YYYY-MM-DD`; today when empty.
    pub enrolled_on: Option<String>,
    pub theory_exam_date: Option<String>,
    pub theory_result: ExamResult,
    pub practical_exam_date: Option<String>,
    pub practical_result: ExamResult,
    /// The date the licence was issued: the training ended well.
    pub licence_issued_on: Option<String>,
    /// The date the student left without the licence (baja).
    pub left_on: Option<String>,
    pub notes: String,
}

impl Resource for Entry {
    const NAME: &'static str = "dgt_book_student";
    const PATH: &'static str = "dgt/book/register/student";
    const LABEL: &'static str = "Alumno del libro";
    const TABLE: &'static str = "dgt_book_student";
    const SEARCH: &'static [&'static str] = &["first_name", "last_names", "document", "phone", "city"];
    const ORDER_BY: &'static str = "number ASC, id ASC";

    fn prepare(&mut self, ctx: &Ctx, id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        for (field, value, max) in [("first_name", &mut self.first_name, 100), ("last_names", &mut self.last_names, 150)] {
            if let Some(clean) = checks.check(validate::required(field, value, max)) {
                *value = clean;
            }
        }
        if self.document.trim().is_empty() {
            checks.push(Error::required("document"));
        } else if let Some(document) = checks.check(validate::dni_field("document", &self.document)) {
            self.document = document;
        }
        for (field, value, max) in [("address", &mut self.address, 200), ("city", &mut self.city, 100), ("notes", &mut self.notes, 5000)] {
            if let Some(clean) = checks.check(validate::optional(field, value, max)) {
                *value = clean;
            }
        }
        if let Some(phone) = checks.check(validate::phone("phone", &self.phone)) {
            self.phone = phone;
        }
        if self.province_id.is_some_and(|p| !(1..=52).contains(&p)) {
            checks.push(Error::invalid_field("province_id", "La provincia no existe"));
        } else if let Some(code) = checks.check(validate::postal_code("postal_code", &self.postal_code, self.province_id)) {
            self.postal_code = code;
        }
        if let Some(class) = checks.check(licence("licence", &self.licence)) {
            self.licence = class;
        }
        let mut dates = Vec::new();
        for (field, value) in [
            ("birth_date", &mut self.birth_date),
            ("enrolled_on", &mut self.enrolled_on),
            ("theory_exam_date", &mut self.theory_exam_date),
            ("practical_exam_date", &mut self.practical_exam_date),
            ("licence_issued_on", &mut self.licence_issued_on),
            ("left_on", &mut self.left_on),
        ] {
            match checks.check(validate::optional_date(field, value.take())) {
                Some(clean) => *value = clean,
                None => dates.push(field),
            }
        }
        if self.enrolled_on.is_none() && !dates.contains(&"enrolled_on") {
            self.enrolled_on = Some(crate::today());
        }
        self.check_sequence(&mut checks);
        if !checks.is_empty() {
            return checks.finish();
        }
        let book = book::find(ctx, self.book_id)?;
        if let Some(n) = self.number {
            if n < 1 || n > book.data.capacity {
                checks.push(Error::invalid_field("number", format!("El número debe estar entre 1 y {}", book.data.capacity)));
            } else if let Some(other) = taken(ctx, self.book_id, n, id)? {
                checks.push(
                    Error::conflict(format!("El número {n} del libro ya es de {}", other)).with_data(json!({ "field": "number" })),
                );
            }
        } else {
            let fill = book::fill(ctx, &book)?;
            match fill.next_number {
                Some(next) => self.number = Some(next),
                None => checks.push(Error::conflict(format!("El libro {} está completo ({} alumnos)", book.data.name, book.data.capacity))),
            }
        }
        if self.is_open() {
            if let Some(other) = open_duplicate(ctx, &self.document, &self.licence, id)? {
                checks.push(Error::conflict(format!(
                    "{} ya está inscrito para el permiso {} en el libro {} con el número {}",
                    self.document, self.licence, other.book_name, other.number.unwrap_or(0)
                )));
            }
        }
        checks.finish()
    }

    /// A branch-limited user sees the entries of their branch's books.
    fn restrict(ctx: &Ctx) -> Option<String> {
        let branch = resource::branch_scope::<Book>(ctx)?;
        Some(format!("book_id IN (SELECT id FROM dgt_book WHERE business_id = {} AND branch_id = {branch})", ctx.business_id))
    }
}

impl Entry {
    /// Still training: neither the licence issued nor the student gone.
    pub fn is_open(&self) -> bool {
        self.licence_issued_on.is_none() && self.left_on.is_none()
    }

    /// The exams and the end in the order they happen: a result needs its date; the practical
    /// exam comes after passing the theory; the licence after passing the practical exam; nothing
    /// before the enrolment.
    fn check_sequence(&self, checks: &mut Checks) {
        let enrolled = self.enrolled_on.as_deref();
        for (date_field, date, result) in [
            ("theory_exam_date", &self.theory_exam_date, self.theory_result),
            ("practical_exam_date", &self.practical_exam_date, self.practical_result),
        ] {
            if result != ExamResult::Pending && date.is_none() {
                checks.push(Error::invalid_field(date_field, format!("Indique la fecha del examen ({})", result.label())));
            }
        }
        for (field, date) in [
            ("theory_exam_date", &self.theory_exam_date),
            ("practical_exam_date", &self.practical_exam_date),
            ("licence_issued_on", &self.licence_issued_on),
            ("left_on", &self.left_on),
        ] {
            if let (Some(d), Some(e)) = (date.as_deref(), enrolled) {
                if d < e {
                    checks.push(Error::invalid_field(field, format!("La fecha no puede ser anterior a la inscripción ({})", spanish_date(e))));
                }
            }
        }
        if (self.practical_exam_date.is_some() || self.practical_result != ExamResult::Pending) && self.theory_result != ExamResult::Pass {
            checks.push(Error::invalid_field("practical_result", "El examen práctico requiere haber aprobado el teórico"));
        } else if let (Some(t), Some(p)) = (self.theory_exam_date.as_deref(), self.practical_exam_date.as_deref()) {
            if p < t {
                checks.push(Error::invalid_field("practical_exam_date", "El examen práctico no puede ser anterior al teórico"));
            }
        }
        if self.licence_issued_on.is_some() && self.practical_result != ExamResult::Pass {
            checks.push(Error::invalid_field("licence_issued_on", "El permiso se expide tras aprobar el examen práctico"));
        }
        if self.licence_issued_on.is_some() && self.left_on.is_some() {
            checks.push(Error::invalid_field("left_on", "Un alumno con el permiso expedido no causa baja"));
        }
    }
}

#[derive(Deserialize)]
struct Holder {
    first_name: String,
    last_names: String,
}

/// Who has the number `number` in the book, other than `except`.
fn taken(ctx: &Ctx, book_id: i64, number: i64, except: Option<i64>) -> Result<Option<String>> {
    let rows: Vec<Holder> = sql::query_as(
        "SELECT first_name, last_names FROM dgt_book_student WHERE business_id = $1 AND book_id = $2 AND number = $3 AND id <> $4",
        &params![ctx.business_id, book_id, number, except.unwrap_or(0)],
    )?;
    Ok(rows.into_iter().next().map(|h| format!("{} {}", h.first_name, h.last_names)))
}

/// An entry as the licence check lists it.
#[derive(Debug, Serialize, Deserialize)]
pub struct Existing {
    pub id: i64,
    pub book_id: i64,
    pub book_name: String,
    pub number: Option<i64>,
    pub licence: String,
    pub enrolled_on: Option<String>,
    pub licence_issued_on: Option<String>,
    pub left_on: Option<String>,
}

const EXISTING: &str = "SELECT s.id, s.book_id, b.name AS book_name, s.number, s.licence, s.enrolled_on, s.licence_issued_on, s.left_on \
     FROM dgt_book_student s JOIN dgt_book b ON b.id = s.book_id AND b.business_id = s.business_id \
     WHERE s.business_id = $1 AND s.state <> 'deleted' AND s.document = $2";

/// The entries of the business (any branch) for `document`, optionally of one licence class.
fn existing(ctx: &Ctx, document: &str, licence: Option<&str>) -> Result<Vec<Existing>> {
    match licence {
        Some(class) => sql::query_as(&format!("{EXISTING} AND s.licence = $3 ORDER BY s.enrolled_on DESC, s.id DESC"), &params![ctx.business_id, document, class]),
        None => sql::query_as(&format!("{EXISTING} ORDER BY s.enrolled_on DESC, s.id DESC"), &params![ctx.business_id, document]),
    }
}

/// The open entry for the same student and licence, other than `except`.
fn open_duplicate(ctx: &Ctx, document: &str, licence: &str, except: Option<i64>) -> Result<Option<Existing>> {
    Ok(existing(ctx, document, Some(licence))?
        .into_iter()
        .find(|e| Some(e.id) != except && e.licence_issued_on.is_none() && e.left_on.is_none()))
}

/// The entry `id` as the caller may see it.
pub fn find(ctx: &Ctx, id: i64) -> Result<Record<Entry>> {
    resource::find::<Entry>(ctx, id)
}

/// An entry with its book's name and number.
fn detail(ctx: &Ctx, id: i64) -> Result<Value> {
    let entry = find(ctx, id)?;
    let book = book::find(ctx, entry.data.book_id)?;
    let mut value = serde_json::to_value(&entry)?;
    value["book_name"] = json!(book.data.name);
    value["book_number"] = json!(book.data.number);
    value["folders"] = serde_json::to_value(crate::folder::of_entry(ctx, id)?)?;
    Ok(value)
}

/// `dgt/book/register/student/create`: the book must be open and not full; the student not
/// already training for that licence.
pub fn create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    let book_id = body.get("book_id").and_then(Value::as_i64).ok_or_else(|| Error::required("book_id"))?;
    book::find_open(ctx, book_id)?;
    if let Some(contact) = body.get("contact_id").and_then(Value::as_i64) {
        contacts::existing(contact)?;
    }
    body.remove("state");
    let record = resource::create::<Entry>(ctx, Value::Object(body))?;
    detail(ctx, record.id)
}

/// `dgt/book/register/student/update`: `id` and the fields that change (not the book).
pub fn update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    let entry = find(ctx, id)?;
    match body.remove("book_id").map(|v| v.as_i64()) {
        Some(Some(book)) if book != entry.data.book_id => {
            return Err(Error::invalid_field("book_id", "Un alumno no cambia de libro: dele de baja e inscríbalo en el otro"))
        }
        _ => {}
    }
    if let Some(contact) = body.get("contact_id").and_then(Value::as_i64) {
        if Some(contact) != entry.data.contact_id {
            contacts::existing(contact)?;
        }
    }
    resource::update::<Entry>(ctx, id, Value::Object(body))?;
    detail(ctx, id)
}

/// `dgt/book/register/student/delete`: an entry written by mistake; its number stays taken
/// (a register does not renumber), and it cannot be in a folder.
pub fn delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    find(ctx, body.id)?;
    if let Some(folder) = crate::folder::of_entry(ctx, body.id)?.first() {
        return Err(Error::conflict(format!("El alumno está en la carpeta {}: quítelo de ella antes", folder.reference)));
    }
    resource::delete::<Entry>(ctx, body.id)?;
    detail(ctx, body.id)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ReadQuery {
    id: Option<i64>,
    book_id: Option<i64>,
    contact_id: Option<i64>,
    licence: Option<String>,
    /// `open` (training), `issued` (licence issued) or `left`.
    status: Option<String>,
}

/// `GET dgt/book/register/student/read`: with `?id=` the entry; without, a page of entries (of
/// one book with `book_id`, else of every book the caller sees), filtered by contact, licence
/// and status.
pub fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: ReadQuery = req.query()?;
    if let Some(id) = q.id {
        return detail(ctx, id);
    }
    let mut list = ListQuery::from_query(req)?;
    let mut extra = Vec::new();
    let mut params = Vec::new();
    if let Some(book) = q.book_id {
        book::find(ctx, book)?;
        extra.push("book_id = ${}".to_string());
        params.push(book.to_sql());
    } else if list.order.is_none() {
        list.order = Some("-enrolled_on".into());
    }
    if let Some(contact) = q.contact_id {
        extra.push("contact_id = ${}".into());
        params.push(contact.to_sql());
    }
    if let Some(class) = q.licence.as_deref().filter(|l| !l.trim().is_empty()) {
        extra.push("licence = ${}".into());
        params.push(licence("licence", class)?.to_sql());
    }
    match q.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some("open") => extra.push("licence_issued_on IS NULL AND left_on IS NULL".into()),
        Some("issued") => extra.push("licence_issued_on IS NOT NULL".into()),
        Some("left") => extra.push("left_on IS NOT NULL".into()),
        Some(_) => return Err(Error::invalid_field("status", "El campo status debe ser uno de: open, issued, left")),
        None => {}
    }
    let extra = (!extra.is_empty()).then(|| extra.join(" AND "));
    let page = resource::list_where::<Entry>(ctx, &list, extra.as_deref(), params)?;
    let names = book_names(ctx)?;
    let items = page
        .items
        .into_iter()
        .map(|e| {
            let mut value = serde_json::to_value(&e)?;
            value["book_name"] = json!(names.iter().find(|b| b.id == e.data.book_id).map(|b| b.name.clone()));
            Ok(value)
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?)
}

#[derive(Deserialize)]
struct BookName {
    id: i64,
    name: String,
}

fn book_names(ctx: &Ctx) -> Result<Vec<BookName>> {
    sql::query_as("SELECT id, name FROM dgt_book WHERE business_id = $1", &params![ctx.business_id])
}

/// `student/exist/license` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct LicenceCheck {
    /// DNI or NIE.
    pub document: String,
    /// A licence class; empty: every class.
    pub licence: String,
}

/// `POST dgt/book/register/student/exist/license`: whether the student is already in a book
/// (of any branch) for the licence, and the entries found.
pub fn exist_licence(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: LicenceCheck = req.json()?;
    if body.document.trim().is_empty() {
        return Err(Error::required("document"));
    }
    let document = validate::dni_field("document", &body.document)?;
    let class = if body.licence.trim().is_empty() { None } else { Some(licence("licence", &body.licence)?) };
    let entries = existing(ctx, &document, class.as_deref())?;
    let open = entries.iter().any(|e| e.licence_issued_on.is_none() && e.left_on.is_none());
    Ok(json!({ "document": document, "licence": class, "exists": !entries.is_empty(), "open": open, "entries": entries }))
}

/// `GET dgt/book/register/contact/read/{id}`: a new entry filled from the contact (names, DNI/NIE,
/// birth date, address, phone, and the licence its DGT record says it trains for), with the
/// entries the person already has.
pub fn from_contact(ctx: &Ctx, req: &Req) -> Result<Value> {
    let id: i64 = req.param("id")?;
    let person = contacts::person(id)?;
    let document = person.fiscal_code.trim().to_uppercase();
    let entries = if document.is_empty() { Vec::new() } else { existing(ctx, &document, None)? };
    let last_names = [person.last_name.trim(), person.second_last_name.trim()].into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join(" ");
    Ok(json!({
        "contact_id": person.id,
        "first_name": person.first_name,
        "last_names": last_names,
        "document": document,
        "birth_date": person.birthday,
        "address": person.street,
        "city": person.city,
        "province_id": person.province_id,
        "postal_code": person.postal_code,
        "phone": if person.mobile.trim().is_empty() { person.phone } else { person.mobile },
        "licence": person.dgt.map(|d| d.requested_licence).unwrap_or_default(),
        "entries": entries,
    }))
}

/// Write an exam's outcome into the entry `id` (a folder's result): the date and result of the
/// theory exam, or of the practical one. Refused when the entry would then be out of sequence.
/// A result set back to pending clears the date only where it is the folder's (`date`).
pub fn record_exam(ctx: &Ctx, id: i64, theory: bool, date: &str, result: ExamResult) -> Result<()> {
    let entry = find(ctx, id)?;
    let (date_field, result_field, current) = if theory {
        ("theory_exam_date", "theory_result", entry.data.theory_exam_date)
    } else {
        ("practical_exam_date", "practical_result", entry.data.practical_exam_date)
    };
    let date = match result {
        ExamResult::Pending if current.as_deref() != Some(date) => return Ok(()),
        ExamResult::Pending => Value::Null,
        _ => json!(date),
    };
    let patch = json!({ date_field: date, result_field: result });
    resource::update::<Entry>(ctx, id, patch).map(|_| ())
}
