//! Folders (carpetas): the students a school presents to one DGT exam (theory, closed circuit or
//! road) for one licence class, with the fee each paid and the result each got. A result is
//! written into the student's register entry as it is recorded.

use std::collections::BTreeMap;

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page, Record};
use volante_plugin_sdk::{host, validate, Checks};

use crate::entry::{self, Entry, ExamResult};
use crate::tax::Tax;
use crate::{contacts, licence, IdBody, ALL_BRANCHES};

/// The DGT exam a folder presents its students to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ExamKind {
    /// Prueba teórica.
    #[default]
    Theory,
    /// Prueba de control de aptitudes en circuito cerrado (motorcycles, heavy vehicles).
    ClosedCircuit,
    /// Prueba de circulación en vías abiertas al tráfico.
    Road,
}

/// Where a folder is in its course.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FolderStatus {
    /// Being put together: students come and go.
    #[default]
    Open,
    /// Handed in to the DGT: the students are fixed, results are recorded.
    Submitted,
    /// Every result is in: nothing changes any more.
    Closed,
}

/// A folder's fields. Missing fields take their defaults.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Folder {
    /// Unique in the business; `EX-<year>-NNNN` when empty on create.
    pub reference: String,
    pub name: String,
    /// The branch presenting the students; the caller's branch when empty.
    pub branch_id: Option<i64>,
    pub exam_kind: ExamKind,
    /// The licence class examined (fixed list).
    pub licence: String,
    /// The DGT exam centre (Jefatura or its exam site).
    pub exam_centre: String,
    /// `YYYY-MM-DD`; results need it.
    pub exam_date: Option<String>,
    /// `YYYY-MM-DD` the folder was handed in; today when it is submitted without one.
    pub submitted_on: Option<String>,
    pub status: FolderStatus,
    pub notes: String,
}

impl Resource for Folder {
    const NAME: &'static str = "dgt_folder";
    const PATH: &'static str = "dgt/folder";
    const LABEL: &'static str = "Carpeta";
    const FEMININE: bool = true;
    const TABLE: &'static str = "dgt_folder";
    const SEARCH: &'static [&'static str] = &["reference", "name", "exam_centre", "licence", "notes"];
    const UNIQUE: &'static [&'static str] = &["reference"];
    const BRANCH_FIELD: Option<&'static str> = Some("branch_id");
    const ALL_BRANCHES: Option<&'static str> = Some(ALL_BRANCHES);
    const ORDER_BY: &'static str = "exam_date DESC, id DESC";

    fn prepare(&mut self, ctx: &Ctx, id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        for (field, value, max) in [("name", &mut self.name, 200), ("exam_centre", &mut self.exam_centre, 200), ("notes", &mut self.notes, 5000)] {
            if let Some(clean) = checks.check(validate::optional(field, value, max)) {
                *value = clean;
            }
        }
        if let Some(class) = checks.check(licence("licence", &self.licence)) {
            self.licence = class;
        }
        self.exam_date = checks.check(validate::optional_date("exam_date", self.exam_date.take())).flatten();
        self.submitted_on = checks.check(validate::optional_date("submitted_on", self.submitted_on.take())).flatten();
        if self.status == FolderStatus::Open {
            // Back to open: not handed in (any more).
            self.submitted_on = None;
        } else if self.submitted_on.is_none() {
            // Today, or the exam's date when the folder is recorded after the exam.
            let today = crate::today();
            self.submitted_on = Some(self.exam_date.clone().filter(|e| *e < today).unwrap_or(today));
        }
        if let (Some(s), Some(e)) = (&self.submitted_on, &self.exam_date) {
            if e < s {
                checks.push(Error::invalid_field("exam_date", "El examen no puede ser anterior a la presentación de la carpeta"));
            }
        }
        if let (Some(id), FolderStatus::Closed) = (id, self.status) {
            let pending: i64 = sql::query_scalar(
                "SELECT COUNT(*) FROM dgt_folder_student WHERE business_id = $1 AND folder_id = $2 AND result = 'pending'",
                &params![ctx.business_id, id],
            )?;
            if pending > 0 {
                checks.push(Error::invalid_field("status", format!("Quedan {pending} alumnos sin resultado")));
            }
        }
        match checks.check(validate::optional("reference", &self.reference, 40)) {
            Some(r) if r.is_empty() && id.is_none() => self.reference = next_reference(ctx, self.exam_date.as_deref())?,
            Some(r) if r.is_empty() => checks.push(Error::required("reference")),
            Some(r) => self.reference = r.to_uppercase(),
            None => {}
        }
        checks.finish()
    }
}

#[derive(Deserialize)]
struct Reference {
    reference: String,
}

/// The next free `EX-<year>-NNNN` in the year of `exam_date` (else this year).
fn next_reference(ctx: &Ctx, exam_date: Option<&str>) -> Result<String> {
    let today = crate::today();
    let year = exam_date.unwrap_or(&today).get(..4).unwrap_or("0000").to_string();
    let stem = format!("EX-{year}-");
    let taken: Vec<Reference> = sql::query_as(
        "SELECT reference FROM dgt_folder WHERE business_id = $1 AND reference LIKE $2",
        &params![ctx.business_id, format!("{stem}%")],
    )?;
    let last = taken.iter().filter_map(|r| r.reference.strip_prefix(&stem)?.parse::<u32>().ok()).max().unwrap_or(0);
    Ok(format!("{stem}{:04}", last + 1))
}

/// The folder `id` as the caller may see it.
pub fn find(ctx: &Ctx, id: i64) -> Result<Record<Folder>> {
    resource::find::<Folder>(ctx, id)
}

/// The folder `id`, refused when closed or deleted (for changes to its students).
fn find_changing(ctx: &Ctx, id: i64) -> Result<Record<Folder>> {
    let folder = resource::find_live::<Folder>(ctx, id)?;
    if folder.data.status == FolderStatus::Closed {
        return Err(Error::conflict(format!("La carpeta {} está cerrada", folder.data.reference)));
    }
    Ok(folder)
}

/// A student of a folder as stored.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StudentRow {
    pub id: i64,
    pub folder_id: i64,
    pub contact_id: i64,
    pub book_student_id: Option<i64>,
    pub tax_id: Option<i64>,
    pub tax_number: String,
    pub result: ExamResult,
    pub notes: String,
    pub created_at: String,
    pub updated_at: String,
}

const STUDENT_COLUMNS: &str = "id, folder_id, contact_id, book_student_id, tax_id, tax_number, result, notes, created_at, updated_at";

fn students_of(ctx: &Ctx, folder_id: i64) -> Result<Vec<StudentRow>> {
    sql::query_as(
        &format!("SELECT {STUDENT_COLUMNS} FROM dgt_folder_student WHERE business_id = $1 AND folder_id = $2 ORDER BY id"),
        &params![ctx.business_id, folder_id],
    )
}

fn student(ctx: &Ctx, id: i64) -> Result<StudentRow> {
    sql::query_optional(
        &format!("SELECT {STUDENT_COLUMNS} FROM dgt_folder_student WHERE business_id = $1 AND id = $2"),
        &params![ctx.business_id, id],
    )?
    .ok_or_else(|| Error::not_found("Alumno de la carpeta").with_data(json!({ "entity": "Alumno de la carpeta", "id": id })))
}

/// The students with their names (from the contacts plugin), register entry and fee.
fn described(ctx: &Ctx, rows: Vec<StudentRow>) -> Result<Vec<Value>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.contact_id).collect();
    let people = contacts::summaries(&ids).unwrap_or_default();
    let taxes: BTreeMap<i64, String> = crate::tax::names(ctx)?;
    rows.into_iter()
        .map(|row| {
            let person = people.iter().find(|p| p.id == row.contact_id);
            let entry = match row.book_student_id {
                Some(id) => resource::find_optional::<Entry>(ctx, id)?,
                None => None,
            };
            let mut value = serde_json::to_value(&row)?;
            value["name"] = json!(person.map(|p| p.name.clone()).unwrap_or_default());
            value["document"] = json!(person.map(|p| p.fiscal_code.clone()).unwrap_or_default());
            value["entry_number"] = json!(entry.as_ref().and_then(|e| e.data.number));
            value["entry_book_id"] = json!(entry.as_ref().map(|e| e.data.book_id));
            value["tax_name"] = json!(row.tax_id.and_then(|t| taxes.get(&t).cloned()));
            Ok(value)
        })
        .collect()
}

/// The folder with its students and how many got each result.
fn detail(ctx: &Ctx, id: i64) -> Result<Value> {
    let folder = find(ctx, id)?;
    let rows = students_of(ctx, id)?;
    let mut results: BTreeMap<&str, i64> = [("pending", 0), ("pass", 0), ("fail", 0), ("absent", 0)].into_iter().collect();
    for row in &rows {
        *results.entry(result_key(row.result)).or_default() += 1;
    }
    let mut value = serde_json::to_value(&folder)?;
    value["branch_name"] = json!(folder.data.branch_id.and_then(|b| crate::branch_names().remove(&b)));
    value["results"] = json!(results);
    value["students"] = json!(described(ctx, rows)?);
    Ok(value)
}

fn result_key(result: ExamResult) -> &'static str {
    match result {
        ExamResult::Pending => "pending",
        ExamResult::Pass => "pass",
        ExamResult::Fail => "fail",
        ExamResult::Absent => "absent",
    }
}

/// `dgt/folder/create`.
pub fn create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let record = resource::create::<Folder>(ctx, req.value()?)?;
    detail(ctx, record.id)
}

/// `dgt/folder/update`: `id` and the fields that change. The licence and the exam cannot change
/// once the folder has students; a closed folder changes no more.
pub fn update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    let folder = find_changing(ctx, id)?;
    if !students_of(ctx, id)?.is_empty() {
        for (field, current) in [("licence", json!(folder.data.licence)), ("exam_kind", json!(folder.data.exam_kind))] {
            if let Some(value) = body.get(field) {
                let same = match (value.as_str(), current.as_str()) {
                    (Some(a), Some(b)) => a.trim().eq_ignore_ascii_case(b),
                    _ => false,
                };
                if !same {
                    return Err(Error::invalid_field(field, "La carpeta ya tiene alumnos: no puede cambiar de permiso ni de examen"));
                }
            }
        }
    }
    resource::update::<Folder>(ctx, id, Value::Object(body))?;
    detail(ctx, id)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ReadQuery {
    id: Option<i64>,
    status: Option<String>,
    exam_kind: Option<String>,
    licence: Option<String>,
    branch_id: Option<i64>,
    from: Option<String>,
    to: Option<String>,
}

/// `GET dgt/folder/read`: with `?id=` the folder and its students; without, a page of folders
/// (filtered by status, exam, licence, branch and exam dates), each with its students' count.
pub fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: ReadQuery = req.query()?;
    if let Some(id) = q.id {
        return detail(ctx, id);
    }
    let list = ListQuery::from_query(req)?;
    let mut extra = Vec::new();
    let mut params = Vec::new();
    if let Some(status) = q.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        extra.push("status = ${}".to_string());
        params.push(validate::one_of("status", status, &["open", "submitted", "closed"])?.to_sql());
    }
    if let Some(kind) = q.exam_kind.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        extra.push("exam_kind = ${}".to_string());
        params.push(validate::one_of("exam_kind", kind, &["theory", "closed_circuit", "road"])?.to_sql());
    }
    if let Some(class) = q.licence.as_deref().filter(|l| !l.trim().is_empty()) {
        extra.push("licence = ${}".into());
        params.push(licence("licence", class)?.to_sql());
    }
    if let Some(branch) = q.branch_id {
        extra.push("branch_id = ${}".into());
        params.push(branch.to_sql());
    }
    for (field, value, op) in [("from", q.from, ">="), ("to", q.to, "<=")] {
        if let Some(date) = validate::optional_date(field, value)? {
            extra.push(format!("exam_date {op} ${{}}"));
            params.push(date.to_sql());
        }
    }
    let extra = (!extra.is_empty()).then(|| extra.join(" AND "));
    let page = resource::list_where::<Folder>(ctx, &list, extra.as_deref(), params)?;
    let ids: Vec<i64> = page.items.iter().map(|f| f.id).collect();
    let counts = counts(ctx, &ids)?;
    let branches = crate::branch_names();
    let items = page
        .items
        .into_iter()
        .map(|f| {
            let (students, passed) = counts.get(&f.id).copied().unwrap_or((0, 0));
            let mut value = serde_json::to_value(&f)?;
            value["branch_name"] = json!(f.data.branch_id.and_then(|id| branches.get(&id).cloned()));
            value["students"] = json!(students);
            value["passed"] = json!(passed);
            Ok(value)
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?)
}

#[derive(Deserialize)]
struct CountRow {
    folder_id: i64,
    students: i64,
    passed: i64,
}

fn counts(ctx: &Ctx, ids: &[i64]) -> Result<BTreeMap<i64, (i64, i64)>> {
    if ids.is_empty() {
        return Ok(BTreeMap::new());
    }
    let mut params = vec![ctx.business_id.to_sql()];
    params.extend(ids.iter().map(|id| id.to_sql()));
    let rows: Vec<CountRow> = sql::query_as(
        &format!(
            "SELECT folder_id, COUNT(*) AS students, SUM(CASE WHEN result = 'pass' THEN 1 ELSE 0 END) AS passed \
             FROM dgt_folder_student WHERE business_id = $1 AND folder_id IN ({}) GROUP BY folder_id",
            sql::placeholders(2, ids.len())
        ),
        &params,
    )?;
    Ok(rows.into_iter().map(|r| (r.folder_id, (r.students, r.passed))).collect())
}

/// `student/add` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct NewFolderStudent {
    pub folder_id: i64,
    pub contact_id: i64,
    /// The student's register entry; when empty, their open entry for the folder's licence.
    pub book_student_id: Option<i64>,
    /// The DGT fee paid for the exam.
    pub tax_id: Option<i64>,
    /// The fee's receipt number (justificante).
    pub tax_number: String,
    pub notes: String,
}

/// A tax of the business that is not deleted.
fn usable_tax(ctx: &Ctx, id: i64) -> Result<()> {
    match resource::find_optional::<Tax>(ctx, id)? {
        Some(tax) if tax.state != "deleted" => Ok(()),
        _ => Err(Error::invalid_field("tax_id", "La tasa no existe")),
    }
}

fn clean_texts(tax_number: &str, notes: &str) -> Result<(String, String)> {
    let mut checks = Checks::new();
    let number = checks.check(validate::optional("tax_number", tax_number, 40));
    let notes = checks.check(validate::optional("notes", notes, 2000));
    checks.finish()?;
    Ok((number.unwrap_or_default(), notes.unwrap_or_default()))
}

#[derive(Deserialize)]
struct EntryId {
    id: i64,
}

/// The register entry to link: the one given (the student's, for the folder's licence, still
/// training), or the student's open entry for the licence if there is one.
fn entry_for(ctx: &Ctx, folder: &Folder, contact_id: i64, given: Option<i64>) -> Result<Option<Record<Entry>>> {
    let entry = match given {
        Some(id) => Some(entry::find(ctx, id).map_err(|_| Error::invalid_field("book_student_id", "El alumno no está en el libro de registro"))?),
        None => {
            let found: Option<EntryId> = sql::query_optional(
                "SELECT id FROM dgt_book_student WHERE business_id = $1 AND contact_id = $2 AND licence = $3 AND state <> 'deleted' \
                 AND licence_issued_on IS NULL AND left_on IS NULL ORDER BY id DESC",
                &params![ctx.business_id, contact_id, folder.licence.clone()],
            )?;
            match found {
                Some(row) => Some(entry::find(ctx, row.id)?),
                None => None,
            }
        }
    };
    let Some(entry) = entry else { return Ok(None) };
    if entry.state == "deleted" || entry.data.contact_id.is_some_and(|c| c != contact_id) {
        return Err(Error::invalid_field("book_student_id", "La entrada del libro es de otro alumno"));
    }
    if entry.data.licence != folder.licence {
        return Err(Error::invalid_field("book_student_id", format!("El alumno está inscrito para el permiso {}, no el {}", entry.data.licence, folder.licence)));
    }
    if !entry.data.is_open() {
        return Err(Error::invalid_field("book_student_id", "El alumno ya no está en formación (permiso expedido o baja)"));
    }
    if folder.exam_kind != ExamKind::Theory && entry.data.theory_result != ExamResult::Pass {
        return Err(Error::invalid_field("contact_id", "El alumno no ha aprobado el examen teórico"));
    }
    Ok(Some(entry))
}

/// `POST dgt/folder/student/add`: a student into an open folder.
pub fn add_student(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: NewFolderStudent = req.json()?;
    let folder = find_changing(ctx, body.folder_id)?;
    if folder.data.status != FolderStatus::Open {
        return Err(Error::conflict(format!("La carpeta {} ya se presentó: no admite más alumnos", folder.data.reference)));
    }
    contacts::existing(body.contact_id)?;
    let (tax_number, notes) = clean_texts(&body.tax_number, &body.notes)?;
    if let Some(tax) = body.tax_id {
        usable_tax(ctx, tax)?;
    }
    let entry = entry_for(ctx, &folder.data, body.contact_id, body.book_student_id)?;
    let already: i64 = sql::query_scalar(
        "SELECT COUNT(*) FROM dgt_folder_student WHERE business_id = $1 AND folder_id = $2 AND contact_id = $3",
        &params![ctx.business_id, body.folder_id, body.contact_id],
    )?;
    if already > 0 {
        return Err(Error::conflict("El alumno ya está en la carpeta").with_data(json!({ "field": "contact_id" })));
    }
    let now = host::now();
    sql::execute(
        "INSERT INTO dgt_folder_student (business_id, folder_id, contact_id, book_student_id, tax_id, tax_number, result, notes, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $8)",
        &params![ctx.business_id, body.folder_id, body.contact_id, entry.map(|e| e.id), body.tax_id, tax_number, notes, now],
    )?;
    detail(ctx, body.folder_id)
}

/// `student/update` body: the student's row (`id`) and what changes.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct StudentUpdate {
    pub id: i64,
    pub result: Option<ExamResult>,
    /// Change the fee (null keeps it; use `clear_tax` to remove it).
    pub tax_id: Option<i64>,
    pub clear_tax: bool,
    pub tax_number: Option<String>,
    pub notes: Option<String>,
}

/// `POST dgt/folder/student/update`: the result (written into the register entry: theory exams
/// as the theory result, road exams as the practical one), the fee or the notes.
pub fn update_student(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: StudentUpdate = req.json()?;
    let row = student(ctx, body.id)?;
    let folder = find_changing(ctx, row.folder_id)?;
    let (tax_number, notes) =
        clean_texts(body.tax_number.as_deref().unwrap_or(&row.tax_number), body.notes.as_deref().unwrap_or(&row.notes))?;
    let tax_id = if body.clear_tax { None } else { body.tax_id.or(row.tax_id) };
    if let Some(tax) = body.tax_id {
        usable_tax(ctx, tax)?;
    }
    let result = body.result.unwrap_or(row.result);
    if result != row.result {
        let Some(date) = folder.data.exam_date.clone() else {
            return Err(Error::invalid_field("result", "Indique antes la fecha del examen de la carpeta"));
        };
        if result != ExamResult::Pending && date > crate::today() {
            return Err(Error::invalid_field("result", format!("El examen es el {}: aún no tiene resultado", crate::spanish_date(&date))));
        }
        if let (Some(entry_id), true) = (row.book_student_id, folder.data.exam_kind != ExamKind::ClosedCircuit) {
            entry::record_exam(ctx, entry_id, folder.data.exam_kind == ExamKind::Theory, &date, result)
                .map_err(|err| Error::invalid_field("result", format!("No se puede anotar en el libro: {}", err.details)))?;
        }
    }
    sql::execute(
        "UPDATE dgt_folder_student SET result = $1, tax_id = $2, tax_number = $3, notes = $4, updated_at = $5 WHERE business_id = $6 AND id = $7",
        &params![result_key(result), tax_id, tax_number, notes, host::now(), ctx.business_id, body.id],
    )?;
    detail(ctx, row.folder_id)
}

/// `POST dgt/folder/student/delete`: a student out of a folder not yet handed in.
pub fn delete_student(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    let row = student(ctx, body.id)?;
    let folder = find_changing(ctx, row.folder_id)?;
    if folder.data.status != FolderStatus::Open {
        return Err(Error::conflict(format!("La carpeta {} ya se presentó: sus alumnos no se quitan", folder.data.reference)));
    }
    sql::execute("DELETE FROM dgt_folder_student WHERE business_id = $1 AND id = $2", &params![ctx.business_id, body.id])?;
    detail(ctx, row.folder_id)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct StudentsQuery {
    folder_id: Option<i64>,
    contact_id: Option<i64>,
}

/// `GET dgt/folder/student/read`: `?folder_id=` the folder's students; `?contact_id=` the folders
/// a student was presented in (their exams), newest first.
pub fn read_students(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: StudentsQuery = req.query()?;
    match (q.folder_id, q.contact_id) {
        (Some(folder), _) => {
            find(ctx, folder)?;
            Ok(json!(described(ctx, students_of(ctx, folder)?)?))
        }
        (None, Some(contact)) => Ok(json!(exams(ctx, "s.contact_id = $2", contact)?)),
        (None, None) => Err(Error::required("folder_id")),
    }
}

/// A folder a student or entry is in, as their history lists it.
#[derive(Debug, Serialize, Deserialize)]
pub struct Exam {
    pub id: i64,
    pub folder_id: i64,
    pub reference: String,
    pub exam_kind: ExamKind,
    pub licence: String,
    pub exam_date: Option<String>,
    pub status: FolderStatus,
    pub result: ExamResult,
}

fn exams(ctx: &Ctx, condition: &str, value: i64) -> Result<Vec<Exam>> {
    let mut params = vec![ctx.business_id.to_sql(), value.to_sql()];
    let (scope_sql, scope_params) = branch_condition(ctx);
    params.extend(scope_params);
    sql::query_as(
        &format!(
            "SELECT s.id, s.folder_id, f.reference, f.exam_kind, f.licence, f.exam_date, f.status, s.result \
             FROM dgt_folder_student s JOIN dgt_folder f ON f.id = s.folder_id AND f.business_id = s.business_id \
             WHERE s.business_id = $1 AND {condition} AND f.state <> 'deleted'{scope_sql} ORDER BY f.exam_date DESC, s.id DESC"
        ),
        &params,
    )
}

/// ` AND f.branch_id = $3` for a branch-limited caller.
fn branch_condition(ctx: &Ctx) -> (String, Vec<sql::SqlValue>) {
    match resource::branch_scope::<Folder>(ctx) {
        Some(branch) => (" AND f.branch_id = $3".into(), vec![branch.to_sql()]),
        None => (String::new(), Vec::new()),
    }
}

/// The folders the register entry `id` is in.
pub fn of_entry(ctx: &Ctx, id: i64) -> Result<Vec<Exam>> {
    exams(ctx, "s.book_student_id = $2", id)
}
