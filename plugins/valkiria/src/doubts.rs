//! Doubts: a student asks about a question of the bank from a test's correction; the staff read
//! the doubts, answer them (the student is mailed the answer) and mark them read. The spec's
//! `duda/` calls and the extensions `valkiria/duda/create` and `valkiria/duda/delete`.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page};
use volante_plugin_sdk::{directory, host, mail, realtime, validate, Checks};

use crate::bank::{self, Question};
use crate::students::{self, Student};
use crate::{find, find_live, licence, names};

/// The realtime topic pushed to the staff when a doubt is asked or answered (the menu's badge
/// reads `duda/read`'s `unread` again on it).
pub const TOPIC: &str = "doubt";

/// A student's doubt about a question.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Doubt {
    pub student_id: i64,
    pub question_id: i64,
    /// The attempt it was asked from, if any.
    pub attempt_id: Option<i64>,
    /// The attempt's test.
    pub test_id: Option<i64>,
    /// The answer the student gave in that attempt (null: blank, or no attempt).
    pub chosen: Option<i64>,
    /// The attempt's language (`es` without one).
    pub language: String,
    /// What the student asks (required, at most 2000 characters).
    pub text: String,
    /// The student's name and the question's reference and statement when asked (the finder's).
    pub student_name: String,
    pub question_text: String,
    /// The question's licence class.
    pub licence: String,
    pub read_at: Option<String>,
    pub read_by: Option<i64>,
    /// The staff's answer (at most 4000 characters).
    pub answer: String,
    pub answered_at: Option<String>,
    pub answered_by: Option<i64>,
}

impl Resource for Doubt {
    const NAME: &'static str = "valkiria_doubt";
    const LABEL: &'static str = "Duda";
    const FEMININE: bool = true;
    const TABLE: &'static str = "valkiria_doubt";
    const SEARCH: &'static [&'static str] = &["text", "answer", "student_name", "question_text"];
    const ORDER_BY: &'static str = "created_at DESC, id DESC";

    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(text) = checks.check(validate::required("text", &self.text, 2000)) {
            self.text = text;
        }
        if let Some(answer) = checks.check(validate::optional("answer", &self.answer, 4000)) {
            self.answer = answer;
        }
        checks.finish()
    }
}


// ---------------------------------------------------------------------------------------------
// Asking

/// `POST valkiria/duda/create` (extension).
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Ask {
    pub student_id: i64,
    pub question_id: i64,
    /// The attempt it is asked from: the student's, with that question.
    pub attempt_id: Option<i64>,
    /// What the student asks.
    pub text: String,
    /// The student's PIN, needed when the student has `two_factor`.
    pub pin: Option<String>,
}

pub(crate) fn ask(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: Ask = req.json()?;
    let mut checks = Checks::new();
    if body.student_id <= 0 {
        checks.push(Error::required("student_id"));
    }
    if body.question_id <= 0 {
        checks.push(Error::required("question_id"));
    }
    let text = checks.check(validate::required("text", &body.text, 2000));
    checks.finish()?;
    let student = find_live::<Student>(ctx, body.student_id)?;
    if student.state != "active" {
        return Err(Error::conflict("El alumno no está activo"));
    }
    let question = find_live::<Question>(ctx, body.question_id)?;
    students::check_pin(ctx, &student, body.pin.as_deref())?;
    let (test_id, chosen, language) = match body.attempt_id {
        None => (None, None, "es".to_string()),
        Some(attempt_id) => attempt_answer(ctx, attempt_id, student.id, question.id)?,
    };
    let doubt = Doubt {
        student_id: student.id,
        question_id: question.id,
        attempt_id: body.attempt_id,
        test_id,
        chosen,
        language,
        text: text.unwrap_or_default(),
        student_name: student.data.name(),
        question_text: format!("{} {}", question.data.reference, question.data.statement),
        licence: question.data.licence.clone(),
        ..Doubt::default()
    };
    let record = resource::insert(ctx, doubt)?;
    realtime::push_to_business(TOPIC, &json!({ "id": record.id, "what": "asked" }))?;
    view(ctx, &record)
}

/// The attempt's test, the answer chosen for the question and its language; `REQ-102` on
/// `attempt_id` when the attempt is not the student's or does not hold the question.
fn attempt_answer(ctx: &Ctx, attempt_id: i64, student_id: i64, question_id: i64) -> Result<(Option<i64>, Option<i64>, String)> {
    #[derive(Deserialize)]
    struct Row {
        test_id: i64,
        language: String,
        chosen: Option<i64>,
    }
    let row: Option<Row> = sql::query_optional(
        "SELECT a.test_id, a.language, x.chosen FROM valkiria_attempt a \
         JOIN valkiria_attempt_answer x ON x.business_id = a.business_id AND x.attempt_id = a.id \
         WHERE a.business_id = $1 AND a.id = $2 AND a.student_id = $3 AND x.question_id = $4",
        &params![ctx.business_id, attempt_id, student_id, question_id],
    )?;
    let row = row.ok_or_else(|| Error::invalid_field("attempt_id", "El intento no es de este alumno o no tiene esa pregunta"))?;
    Ok((Some(row.test_id), row.chosen, row.language))
}

// ---------------------------------------------------------------------------------------------
// Reading

/// A user's name, for who read or answered.
fn user_name(user_id: Option<i64>) -> Option<String> {
    user_id.and_then(directory::member).map(|m| m.name)
}

/// Doubts as the calls answer them: the record with its student, question and test.
fn doubt_values(ctx: &Ctx, records: &[Record<Doubt>]) -> Result<Vec<Value>> {
    let students = names_of_students(ctx, records.iter().map(|d| d.data.student_id))?;
    let questions = bank::question_rows(ctx, &crate::distinct(records.iter().map(|d| d.data.question_id)))?;
    let blocks = names(ctx, "valkiria_block", questions.values().map(|q| q.block_id))?;
    let tests = names(ctx, "valkiria_test", records.iter().filter_map(|d| d.data.test_id))?;
    records
        .iter()
        .map(|d| {
            let mut value = crate::record_value(d)?;
            let object = value.as_object_mut().expect("a record is an object");
            object.remove("student_name");
            object.remove("question_text");
            object.insert("student".into(), students.get(&d.data.student_id).cloned().unwrap_or(Value::Null));
            object.insert(
                "question".into(),
                questions.get(&d.data.question_id).map_or(Value::Null, |q| {
                    json!({ "id": q.id, "reference": q.reference, "statement": q.statement, "block_id": q.block_id,
                            "block": blocks.get(&q.block_id), "licence": q.licence, "state": q.state })
                }),
            );
            object.insert("test".into(), json!(d.data.test_id.and_then(|t| tests.get(&t))));
            object.insert("read".into(), json!(d.data.read_at.is_some()));
            object.insert("read_by_name".into(), json!(user_name(d.data.read_by)));
            object.insert("answered_by_name".into(), json!(user_name(d.data.answered_by)));
            Ok(value)
        })
        .collect()
}

/// `{id, name, dni, email}` of some students (any state) by id.
fn names_of_students(ctx: &Ctx, ids: impl IntoIterator<Item = i64>) -> Result<std::collections::BTreeMap<i64, Value>> {
    #[derive(Deserialize)]
    struct Row {
        id: i64,
        first_name: String,
        last_name: String,
        dni: String,
        email: String,
    }
    let ids = crate::distinct(ids);
    if ids.is_empty() {
        return Ok(Default::default());
    }
    let mut params = params![ctx.business_id];
    let list = crate::id_list(&mut params, &ids);
    let rows: Vec<Row> =
        sql::query_as(&format!("SELECT id, first_name, last_name, dni, email FROM valkiria_student WHERE business_id = $1 AND id IN ({list})"), &params)?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let name = format!("{} {}", r.first_name, r.last_name).trim().to_string();
            (r.id, json!({ "id": r.id, "name": name, "dni": r.dni, "email": r.email }))
        })
        .collect())
}

fn view(ctx: &Ctx, record: &Record<Doubt>) -> Result<Value> {
    Ok(doubt_values(ctx, std::slice::from_ref(record))?.remove(0))
}

fn view_of(ctx: &Ctx, id: i64) -> Result<Value> {
    view(ctx, &find::<Doubt>(ctx, id)?)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ReadQuery {
    id: Option<i64>,
    status: String,
    student_id: Option<i64>,
    licence: String,
}

/// Which doubts a `status` filter keeps (a condition on the doubt's own columns).
pub fn status_condition(status: &str) -> Result<Option<&'static str>> {
    Ok(match status.trim() {
        "" | "all" => None,
        "unread" => Some("read_at IS NULL"),
        "read" => Some("read_at IS NOT NULL"),
        "answered" => Some("answer <> ''"),
        "unanswered" => Some("answer = ''"),
        _ => return Err(Error::invalid_field("status", "El estado debe ser unread, read, answered o unanswered")),
    })
}

/// `GET duda/read`: `?id=` one doubt; otherwise a page of the live ones, newest first, with the
/// business's unread count.
fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: ReadQuery = req.query()?;
    if let Some(id) = q.id {
        return view_of(ctx, id);
    }
    let mut query = ListQuery::from_query(req)?;
    query.state = None;
    let mut conditions: Vec<String> = Vec::new();
    let mut values = Vec::new();
    if let Some(condition) = status_condition(&q.status)? {
        conditions.push(condition.to_string());
    }
    if let Some(student) = q.student_id {
        conditions.push("student_id = ${}".into());
        values.push(student.to_sql());
    }
    if !q.licence.trim().is_empty() {
        conditions.push("licence = ${}".into());
        values.push(licence("licence", &q.licence)?.to_sql());
    }
    let condition = conditions.join(" AND ");
    let page = resource::list_where::<Doubt>(ctx, &query, (!conditions.is_empty()).then_some(condition.as_str()), values)?;
    let items = doubt_values(ctx, &page.items)?;
    let mut answer = serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?;
    answer["unread"] = json!(unread(ctx)?);
    Ok(answer)
}

/// The business's unread live doubts.
fn unread(ctx: &Ctx) -> Result<i64> {
    sql::query_scalar(
        "SELECT COUNT(*) FROM valkiria_doubt WHERE business_id = $1 AND state <> 'deleted' AND read_at IS NULL",
        &params![ctx.business_id],
    )
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct IdQuery {
    id: i64,
}

/// `GET duda/cuestion/read`: the doubt's question as the student saw it, their answer and every
/// live doubt on it.
fn question(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: IdQuery = req.query()?;
    if q.id <= 0 {
        return Err(Error::required("id"));
    }
    let doubt = find::<Doubt>(ctx, q.id)?;
    let question = find::<Question>(ctx, doubt.data.question_id)?;
    let language = doubt.data.language.clone();
    let translation = if language == "es" {
        None
    } else {
        bank::translations(ctx, &[question.id], Some(&language))?.remove(&question.id).and_then(|mut t| (!t.is_empty()).then(|| t.remove(0)))
    };
    let q = &question.data;
    let (statement, answers, explanation, translated) = match &translation {
        Some(t) => (t.statement.clone(), t.answers.clone(), if t.explanation.is_empty() { q.explanation.clone() } else { t.explanation.clone() }, true),
        None => (q.statement.clone(), q.answers.clone(), q.explanation.clone(), false),
    };
    #[derive(Deserialize)]
    struct Other {
        id: i64,
        student_name: String,
        text: String,
        answer: String,
        created_at: String,
        read_at: Option<String>,
    }
    let others: Vec<Other> = sql::query_as(
        "SELECT id, student_name, text, answer, created_at, read_at FROM valkiria_doubt \
         WHERE business_id = $1 AND question_id = $2 AND state <> 'deleted' ORDER BY created_at DESC, id DESC",
        &params![ctx.business_id, question.id],
    )?;
    let doubts: Vec<Value> = others
        .iter()
        .map(|d| json!({ "id": d.id, "student_name": d.student_name, "text": d.text, "answer": d.answer, "created_at": d.created_at, "read": d.read_at.is_some() }))
        .collect();
    let blocks = names(ctx, "valkiria_block", [q.block_id])?;
    Ok(json!({
        "id": question.id, "doubt_id": doubt.id, "reference": q.reference, "block_id": q.block_id, "block": blocks.get(&q.block_id),
        "licence": q.licence, "language": language, "translated": translated, "statement": statement, "answers": answers,
        "correct": q.correct, "explanation": explanation, "chosen": doubt.data.chosen, "state": question.state, "doubts": doubts,
    }))
}

// ---------------------------------------------------------------------------------------------
// Reading, answering, deleting

/// `POST duda/leida`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct MarkRead {
    pub id: i64,
    /// Default true; false marks it unread again.
    #[serde(default = "yes")]
    pub read: bool,
}

fn yes() -> bool {
    true
}

fn mark_read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: MarkRead = req.json()?;
    find_live::<Doubt>(ctx, body.id)?;
    let (at, by) = if body.read { (Some(host::now()), Some(ctx.user_id)) } else { (None, None) };
    resource::update::<Doubt>(ctx, body.id, json!({ "read_at": at, "read_by": by }))?;
    realtime::push_to_business(TOPIC, &json!({ "id": body.id, "what": "read" }))?;
    view_of(ctx, body.id)
}

/// `POST duda/todas/leidas`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct MarkAll {
    /// Only this student's.
    pub student_id: Option<i64>,
}

fn mark_all(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: MarkAll = req.json()?;
    let now = host::now();
    let mut params = params![now.clone(), ctx.user_id, now, ctx.business_id];
    let mut statement =
        "UPDATE valkiria_doubt SET read_at = $1, read_by = $2, updated_at = $3 WHERE business_id = $4 AND state <> 'deleted' AND read_at IS NULL".to_string();
    if let Some(student) = body.student_id {
        find::<Student>(ctx, student)?;
        params.push(student.to_sql());
        statement.push_str(" AND student_id = $5");
    }
    let marked = sql::execute(&statement, &params)?;
    if marked > 0 {
        realtime::push_to_business(TOPIC, &json!({ "what": "read" }))?;
    }
    Ok(json!({ "marked": marked }))
}

/// `POST duda/respuesta`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Reply {
    pub id: i64,
    /// Required, at most 4000 characters.
    pub answer: String,
}

const REPLY_SUBJECT: &str = "{{ school }}: respuesta a su duda";
const REPLY_BODY: &str = "Hola, {{ name }}:

Nos preguntó por esta pregunta de los test{% if reference %} ({{ reference }}){% endif %}:

    {{ statement }}

Su duda:

    {{ doubt }}

Nuestra respuesta:

{{ answer }}

Un saludo,
{{ school }}
";

fn reply(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: Reply = req.json()?;
    let answer = validate::required("answer", &body.answer, 4000)?;
    let doubt = find_live::<Doubt>(ctx, body.id)?;
    let now = host::now();
    let mut patch = json!({ "answer": answer, "answered_at": now, "answered_by": ctx.user_id });
    if doubt.data.read_at.is_none() {
        patch["read_at"] = json!(now);
        patch["read_by"] = json!(ctx.user_id);
    }
    resource::update::<Doubt>(ctx, doubt.id, patch)?;
    let student = find::<Student>(ctx, doubt.data.student_id)?;
    let email = student.data.email.trim().to_string();
    let mailed_to = if email.is_empty() {
        None
    } else {
        let question = find::<Question>(ctx, doubt.data.question_id)?;
        let context = json!({
            "name": student.data.name(), "school": students::school_name(ctx, student.data.branch_id),
            "reference": question.data.reference, "statement": question.data.statement, "doubt": doubt.data.text, "answer": answer,
        });
        mail::send(std::slice::from_ref(&email), REPLY_SUBJECT, REPLY_BODY, &context, &[])
            .map_err(|e| Error::invalid_field("answer", format!("No se ha podido enviar la respuesta por correo: {}", e.details)))?;
        Some(email)
    };
    realtime::push_to_business(TOPIC, &json!({ "id": doubt.id, "what": "answered" }))?;
    let mut value = view_of(ctx, doubt.id)?;
    value["mailed_to"] = json!(mailed_to);
    Ok(value)
}

#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct DoubtRef {
    pub id: i64,
}

/// `POST valkiria/duda/delete` (extension).
fn delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: DoubtRef = req.json()?;
    find_live::<Doubt>(ctx, body.id)?;
    resource::delete::<Doubt>(ctx, body.id)?;
    realtime::push_to_business(TOPIC, &json!({ "id": body.id, "what": "deleted" }))?;
    Ok(json!({ "id": body.id, "state": "deleted" }))
}

pub fn routes(router: Router) -> Router {
    router
        .post("valkiria/duda/create", ask)
        .get("duda/read", read)
        .get("duda/cuestion/read", question)
        .post("duda/leida", mark_read)
        .post("duda/respuesta", reply)
        .post("duda/todas/leidas", mark_all)
        .post("valkiria/duda/delete", delete)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_filters() {
        assert_eq!(status_condition("").unwrap(), None);
        assert_eq!(status_condition("unread").unwrap(), Some("read_at IS NULL"));
        assert_eq!(status_condition(" answered ").unwrap(), Some("answer <> ''"));
        let err = status_condition("pendiente").unwrap_err();
        assert_eq!((err.code.as_str(), err.field()), ("REQ-102", Some("status")));
    }

    #[test]
    fn a_doubt_needs_its_text() {
        let ctx = Ctx::default();
        let mut doubt = Doubt { text: "  ".into(), ..Doubt::default() };
        assert_eq!(doubt.prepare(&ctx, None).unwrap_err().field(), Some("text"));
        let mut doubt = Doubt { text: " ¿Por qué la B? ".into(), ..Doubt::default() };
        doubt.prepare(&ctx, None).unwrap();
        assert_eq!(doubt.text, "¿Por qué la B?");
        let mut doubt = Doubt { text: "x".repeat(2001), ..Doubt::default() };
        assert_eq!(doubt.prepare(&ctx, None).unwrap_err().field(), Some("text"));
    }
}
