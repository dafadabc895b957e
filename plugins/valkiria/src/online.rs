//! The online tests at home: each student may have a personal link (`/test/online/{reference}`,
//! no account needed) where they see their tests and results, take a test, read its correction
//! and ask about a question, exactly as on the classroom computers (the same checks: an active
//! student with a live enrolment for the test's licence, the PIN with two-factor on). The staff
//! give or renew the link and mail it; the online shop's customer area opens it for a signed-in
//! customer (`valkiria.online`).

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::{host, links, mail, time, Checks};

use crate::students::{self, school_name, Student};
use crate::{bank, dates, doubts, find, find_live, results, today};

/// The page a student's link opens.
pub fn link_url(reference: &str) -> String {
    format!("{}/test/online/{reference}", host::public_url())
}

/// The student's link reference, if they have one.
pub fn reference_of(ctx: &Ctx, student_id: i64) -> Result<Option<String>> {
    #[derive(Deserialize)]
    struct Row {
        online_reference: Option<String>,
    }
    let row: Option<Row> = sql::query_optional(
        "SELECT online_reference FROM valkiria_student WHERE business_id = $1 AND id = $2",
        &params![ctx.business_id, student_id],
    )?;
    Ok(row.and_then(|r| r.online_reference))
}

/// The student's link: theirs, or a new one (`renew`: a new one whatever, the old one revoked).
pub fn ensure_link(ctx: &Ctx, student_id: i64, renew: bool) -> Result<String> {
    let current = reference_of(ctx, student_id)?;
    if let (Some(reference), false) = (&current, renew) {
        return Ok(reference.clone());
    }
    if let Some(old) = current {
        links::revoke(&old)?;
    }
    let reference = links::issue(&format!("valkiria online {student_id}"), None)?;
    sql::execute(
        "UPDATE valkiria_student SET online_reference = $1, updated_at = $2 WHERE business_id = $3 AND id = $4",
        &params![reference.clone(), host::now(), ctx.business_id, student_id],
    )?;
    Ok(reference)
}

/// A deleted student's link stops opening anything.
pub fn revoke_link(ctx: &Ctx, student_id: i64) -> Result<()> {
    if let Some(reference) = reference_of(ctx, student_id)? {
        links::revoke(&reference)?;
        sql::execute("UPDATE valkiria_student SET online_reference = NULL WHERE business_id = $1 AND id = $2", &params![ctx.business_id, student_id])?;
    }
    Ok(())
}

const LINK_SUBJECT: &str = "{{ school }}: sus test online";
const LINK_BODY: &str = "Hola, {{ name }}:

Ya puede hacer los test de teórica de {{ school }} desde casa, cuando quiera. Este es su enlace personal:

{{ url }}

En él verá sus test, sus resultados y las correcciones, y podrá preguntar sus dudas. No lo comparta: es solo suyo.

Un saludo,
{{ school }}
";

/// `POST valkiria/student/online` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct OnlineBody {
    pub student_id: i64,
    /// A new link: the one there was stops working.
    pub renew: bool,
    /// Mail the link to the student.
    pub send: bool,
}

/// `POST valkiria/student/online`: the student's personal link (made when they have none, or
/// renewed), mailed with `send`. Answers `{student_id, url, sent_to}`.
fn give(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: OnlineBody = req.json()?;
    if body.student_id <= 0 {
        return Err(Error::required("student_id"));
    }
    let student = find_live::<Student>(ctx, body.student_id)?;
    let email = student.data.email.trim().to_string();
    if body.send && email.is_empty() {
        return Err(Error::invalid_field("email", "El alumno no tiene correo electrónico: añádalo para enviarle su enlace"));
    }
    let reference = ensure_link(ctx, student.id, body.renew)?;
    let url = link_url(&reference);
    if body.send {
        let context = json!({ "name": student.data.name(), "url": url, "school": school_name(ctx, student.data.branch_id) });
        mail::send(std::slice::from_ref(&email), LINK_SUBJECT, LINK_BODY, &context, &[])
            .map_err(|e| Error::invalid_field("email", format!("No se ha podido enviar el correo: {}", e.details)))?;
    }
    Ok(json!({ "student_id": student.id, "url": url, "sent_to": if body.send { Some(email) } else { None } }))
}

/// The student a link opens, who must be active.
fn holder(ctx: &Ctx, reference: &str) -> Result<Record<Student>> {
    #[derive(Deserialize)]
    struct Row {
        id: i64,
    }
    let row: Option<Row> = sql::query_optional(
        "SELECT id FROM valkiria_student WHERE business_id = $1 AND online_reference = $2 AND state <> 'deleted'",
        &params![ctx.business_id, reference],
    )?;
    let row = row.ok_or_else(|| Error::new(codes::NOT_FOUND, "El enlace ya no da acceso a los test"))?;
    let student = find::<Student>(ctx, row.id)?;
    if student.state != "active" {
        return Err(Error::conflict("Su acceso a los test está en pausa: consulte con su autoescuela"));
    }
    Ok(student)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct LinkQuery {
    reference: String,
    id: Option<i64>,
    language: String,
}

/// `GET valkiria/online/read?reference=`: the student, their enrolments, their tests with how
/// they did, and their figures.
fn home(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: LinkQuery = req.query()?;
    let student = holder(ctx, &q.reference)?;
    let view = students::student_view(ctx, student.id)?;
    let as_student = Req::post("", json!({ "student_id": student.id }));
    Ok(json!({
        "name": student.data.name(),
        "first_name": student.data.first_name,
        "two_factor": student.data.two_factor,
        "school": school_name(ctx, student.data.branch_id),
        "enrolments": view["enrolments"],
        "tests": results::times_per_test(ctx, &as_student)?,
        "resume": results::resume(ctx, &as_student)?,
    }))
}

/// Whether the student may take test `id` today: the checks `valkiria/test/test` makes, asked
/// first so the page says why before the student answers.
fn may_take(ctx: &Ctx, student: &Record<Student>, id: i64) -> Result<()> {
    let test = bank::test_row(ctx, id)?;
    if test.state != "active" {
        return Err(Error::conflict("El test no está disponible"));
    }
    let today = today();
    if let Some(end) = test.expires_on.as_deref().filter(|end| dates::expired(&today, end)) {
        return Err(Error::conflict(format!("El test caducó el {}", time::spanish_date(end))));
    }
    match students::live_enrolment_for(ctx, student.id, &test.licence)? {
        Some(e) if e.state == "active" && !dates::expired(&today, &e.data.expires_on) => students::check_times_left(ctx, &e, test.id),
        Some(e) if e.state == "active" => {
            Err(Error::conflict(format!("Su matrícula del permiso {} caducó el {}", test.licence, time::spanish_date(&e.data.expires_on))))
        }
        _ => Err(Error::conflict(format!("No está matriculado en el permiso {}", test.licence))),
    }
}

/// `GET valkiria/online/test?reference=&id=&language=`: a test the student may take, as
/// `valkiria/test/translated/{id}` gives it (no right answers).
fn test(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: LinkQuery = req.query()?;
    let id = q.id.ok_or_else(|| Error::required("id"))?;
    let student = holder(ctx, &q.reference)?;
    may_take(ctx, &student, id)?;
    let mut as_test = Req::get("", &[("language", q.language.as_str())]);
    as_test.params = vec![("id".into(), id.to_string())];
    bank::test_translated(ctx, &as_test)
}

/// The body of a link's write with the link's student in it (and the reference taken out).
fn as_student(req: &Req, student: &Record<Student>) -> Result<Req> {
    let mut body = req.value()?;
    let Some(object) = body.as_object_mut() else { return Err(Error::invalid_field("", "Se esperaba un objeto JSON")) };
    object.remove("reference");
    object.insert("student_id".into(), json!(student.id));
    Ok(Req::post(&req.path, body))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ReferenceBody {
    reference: String,
}

/// `POST valkiria/online/test`: the student's answers, corrected and kept (as `valkiria/test/test`).
fn answer(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: ReferenceBody = req.json()?;
    let student = holder(ctx, &body.reference)?;
    results::take(ctx, &as_student(req, &student)?)
}

/// `POST valkiria/online/duda`: a doubt about a question (as `valkiria/duda/create`).
fn doubt(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: ReferenceBody = req.json()?;
    let student = holder(ctx, &body.reference)?;
    doubts::ask(ctx, &as_student(req, &student)?)
}

/// `valkiria.online` arguments: who is asking (the online shop's signed-in customer).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Whom {
    pub contact_id: Option<i64>,
    pub dni: String,
}

/// `valkiria.online`: the personal link of the live student who is this contact (or has this
/// DNI), made when they have none. Refused when they are no student of the online tests.
pub fn online_of(ctx: &Ctx, whom: &Whom) -> Result<Value> {
    #[derive(Deserialize)]
    struct Row {
        id: i64,
    }
    let mut checks = Checks::new();
    if whom.contact_id.is_none() && whom.dni.trim().is_empty() {
        checks.push(Error::required("dni"));
    }
    checks.finish()?;
    let found: Option<Row> = sql::query_optional(
        "SELECT id FROM valkiria_student WHERE business_id = $1 AND state = 'active' AND (contact_id = $2 OR (dni = $3 AND dni <> '')) ORDER BY id DESC LIMIT 1",
        &params![ctx.business_id, whom.contact_id.unwrap_or(0), whom.dni.trim().to_uppercase()],
    )?;
    let student = found.ok_or_else(|| Error::conflict("No tiene acceso a los test online: consulte con su autoescuela"))?;
    let reference = ensure_link(ctx, student.id, false)?;
    Ok(json!({ "student_id": student.id, "url": link_url(&reference) }))
}

pub fn routes(router: Router) -> Router {
    router
        .post("valkiria/student/online", give)
        .get("valkiria/online/read", home)
        .get("valkiria/online/test", test)
        .post("valkiria/online/test", answer)
        .post("valkiria/online/duda", doubt)
}
