//! Taking a test (corrected and kept with every answer) and the reports on the live attempts,
//! those no reset has archived: per test, per student, per block, over time, and the questions a
//! student keeps failing.

use std::collections::{BTreeMap, BTreeSet};

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::{host, time, validate, Checks};

use crate::bank::{self, Test};
use crate::dates::{self, Group};
use crate::students::{self, Student};
use crate::{average, deleted, distinct, find, id_list, licence, licence_rank, names, percent, today};

// ---------------------------------------------------------------------------------------------
// Grading (pure)

/// One of the test's questions as corrected.
#[derive(Debug, Clone, PartialEq)]
pub struct Mark {
    pub question_id: i64,
    /// The answer chosen (an index), or none: left blank.
    pub chosen: Option<i64>,
    pub right: bool,
}

/// A corrected test: errors count wrong and blank answers alike.
#[derive(Debug, Clone, PartialEq)]
pub struct Graded {
    pub errors: i64,
    pub blank: i64,
    pub total: i64,
    pub passed: bool,
    pub marks: Vec<Mark>,
}

/// Correct the answers `given` (question → chosen) to `questions` (id and right answer, in the
/// test's order): passed when the errors are at most `max_errors`.
pub fn grade(questions: &[(i64, i64)], given: &BTreeMap<i64, Option<i64>>, max_errors: i64) -> Graded {
    let marks: Vec<Mark> = questions
        .iter()
        .map(|(id, correct)| {
            let chosen = given.get(id).copied().flatten();
            Mark { question_id: *id, chosen, right: chosen == Some(*correct) }
        })
        .collect();
    let blank = marks.iter().filter(|m| m.chosen.is_none()).count() as i64;
    let errors = marks.iter().filter(|m| !m.right).count() as i64;
    Graded { errors, blank, total: marks.len() as i64, passed: errors <= max_errors, marks }
}

/// One answer as the student sends it.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, JsonSchema)]
pub struct Given {
    pub question_id: i64,
    /// The index (from 0) of the answer chosen; null: left blank.
    #[serde(default)]
    pub chosen: Option<i64>,
}

/// The answers given, by question, when they are exactly the test's questions (each once);
/// otherwise what is wrong with them.
pub fn match_answers(test: &[i64], given: &[Given]) -> std::result::Result<BTreeMap<i64, Option<i64>>, String> {
    let mut map = BTreeMap::new();
    let mut twice = BTreeSet::new();
    for answer in given {
        if map.insert(answer.question_id, answer.chosen).is_some() {
            twice.insert(answer.question_id);
        }
    }
    let wanted: BTreeSet<i64> = test.iter().copied().collect();
    let missing: Vec<String> = test.iter().filter(|id| !map.contains_key(id)).map(i64::to_string).collect();
    let extra: Vec<String> = map.keys().filter(|id| !wanted.contains(id)).map(i64::to_string).collect();
    let mut problems = Vec::new();
    if !twice.is_empty() {
        problems.push(format!("respondidas dos veces: {}", twice.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")));
    }
    if !missing.is_empty() {
        problems.push(format!("faltan: {}", missing.join(", ")));
    }
    if !extra.is_empty() {
        problems.push(format!("no son del test: {}", extra.join(", ")));
    }
    if problems.is_empty() {
        Ok(map)
    } else {
        Err(format!("Las respuestas no corresponden a las preguntas del test ({})", problems.join("; ")))
    }
}

/// Whether the last attempts (newest first) show a student ready: the last five all passed.
pub fn ready(last_passed: &[bool]) -> bool {
    last_passed.len() >= 5 && last_passed[..5].iter().all(|p| *p)
}

/// One period of the evolution report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Point {
    /// The period's first day.
    pub period: String,
    pub attempts: i64,
    pub passed: i64,
    pub average_errors: Option<f64>,
}

/// Attempts (local date, errors, passed) grouped by period, in order.
pub fn evolution(attempts: &[(String, i64, bool)], group: Group) -> Vec<Point> {
    let mut periods: BTreeMap<String, (i64, i64, i64)> = BTreeMap::new();
    for (date, errors, passed) in attempts {
        let Some(period) = group.period_of(date) else { continue };
        let entry = periods.entry(period).or_default();
        entry.0 += 1;
        entry.1 += i64::from(*passed);
        entry.2 += errors;
    }
    periods
        .into_iter()
        .map(|(period, (attempts, passed, errors))| Point { period, attempts, passed, average_errors: average(errors, attempts) })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Taking a test

/// `POST valkiria/test/test`: a test taken by a student.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Take {
    pub student_id: i64,
    pub test_id: i64,
    /// `es` (default) or a translation's language: what the correction comes in.
    pub language: Option<String>,
    /// The student's PIN, needed when the student has `two_factor`.
    pub pin: Option<String>,
    /// Time spent, in seconds.
    pub seconds: Option<i64>,
    /// Exactly the test's questions, each once.
    pub answers: Vec<Given>,
}

pub(crate) fn take(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: Take = req.json()?;
    let mut checks = Checks::new();
    if body.student_id <= 0 {
        checks.push(Error::required("student_id"));
    }
    if body.test_id <= 0 {
        checks.push(Error::required("test_id"));
    }
    checks.finish()?;
    let today = today();
    // Who may take what: the student active, the test active and running, a live enrolment for
    // its licence that has not expired.
    let student = find::<Student>(ctx, body.student_id)?;
    match student.state.as_str() {
        "deleted" => return Err(deleted::<Student>()),
        "inactive" => return Err(Error::conflict("El alumno no está activo")),
        _ => {}
    }
    let test = bank::test_row(ctx, body.test_id)?;
    match test.state.as_str() {
        "deleted" => return Err(deleted::<Test>()),
        "inactive" => return Err(Error::conflict("El test no está activo")),
        _ => {}
    }
    if let Some(end) = test.expires_on.as_deref().filter(|end| dates::expired(&today, end)) {
        return Err(Error::conflict(format!("El test caducó el {}", time::spanish_date(end))));
    }
    let Some(enrolment) = students::live_enrolment_for(ctx, student.id, &test.licence)? else {
        return Err(Error::conflict(format!("El alumno no está matriculado en el permiso {}", test.licence)));
    };
    if enrolment.state != "active" {
        return Err(Error::conflict(format!("La matrícula del permiso {} no está activa", test.licence)));
    }
    if dates::expired(&today, &enrolment.data.expires_on) {
        return Err(Error::conflict(format!("La matrícula del permiso {} caducó el {}", test.licence, time::spanish_date(&enrolment.data.expires_on))));
    }
    students::check_times_left(ctx, &enrolment, test.id)?;
    students::check_pin(ctx, &student, body.pin.as_deref())?;
    // What was sent.
    let mut checks = Checks::new();
    let language = checks_language(&mut checks, body.language.as_deref());
    if body.seconds.is_some_and(|s| !(0..=86_400).contains(&s)) {
        checks.push(Error::invalid_field("seconds", "El tiempo debe estar entre 0 y 86400 segundos"));
    }
    let given = checks.check(match_answers(&test.question_ids, &body.answers).map_err(|m| Error::invalid_field("answers", m)));
    let questions = bank::question_rows(ctx, &distinct(test.question_ids.iter().copied()))?;
    for (i, answer) in body.answers.iter().enumerate() {
        let count = questions.get(&answer.question_id).map_or(0, |q| q.answers.len() as i64);
        if answer.chosen.is_some_and(|c| !(0..count).contains(&c)) && questions.contains_key(&answer.question_id) {
            checks.push(Error::invalid_field(
                &format!("answers[{i}].chosen"),
                format!("La pregunta {} tiene {} respuestas (de 0 a {})", answer.question_id, count, count - 1),
            ));
        }
    }
    checks.finish()?;
    let given = given.unwrap_or_default();
    let language = language.unwrap_or_else(|| "es".into());
    let order: Vec<(i64, i64)> = test.question_ids.iter().filter_map(|id| questions.get(id)).map(|q| (q.id, q.correct)).collect();
    let graded = grade(&order, &given, test.max_errors);

    // Kept: the attempt and each answer.
    let now = host::now();
    let attempt_id: i64 = sql::query_scalar(
        "INSERT INTO valkiria_attempt (business_id, created_at, updated_at, student_id, test_id, licence, language, errors, blank, total, passed, seconds, taken_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id",
        &params![
            ctx.business_id, now.clone(), now.clone(), student.id, test.id, test.licence.clone(), language.clone(),
            graded.errors, graded.blank, graded.total, graded.passed, body.seconds, now.clone()
        ],
    )?;
    if !graded.marks.is_empty() {
        let mut params = Vec::with_capacity(graded.marks.len() * 7);
        let mut rows = Vec::with_capacity(graded.marks.len());
        for (i, mark) in graded.marks.iter().enumerate() {
            let block = questions.get(&mark.question_id).map_or(0, |q| q.block_id);
            let first = params.len() + 1;
            params.extend(params![ctx.business_id, attempt_id, mark.question_id, block, i as i64 + 1, mark.chosen, mark.right]);
            rows.push(format!("({})", sql::placeholders(first, 7)));
        }
        sql::execute(
            &format!("INSERT INTO valkiria_attempt_answer (business_id, attempt_id, question_id, block_id, position, chosen, correct) VALUES {}", rows.join(", ")),
            &params,
        )?;
    }

    // The correction, in the language taken.
    let translated = if language == "es" { BTreeMap::new() } else { bank::translations(ctx, &test.question_ids, Some(&language))? };
    let items: Vec<Value> = graded
        .marks
        .iter()
        .enumerate()
        .filter_map(|(i, mark)| questions.get(&mark.question_id).map(|q| (i, mark, q)))
        .map(|(i, mark, q)| {
            let (statement, answers, explanation) = match translated.get(&q.id).and_then(|t| t.first()) {
                Some(t) => (&t.statement, &t.answers, if t.explanation.is_empty() { &q.explanation } else { &t.explanation }),
                None => (&q.statement, &q.answers, &q.explanation),
            };
            json!({ "id": q.id, "position": i + 1, "statement": statement, "answers": answers, "chosen": mark.chosen,
                    "correct": q.correct, "right": mark.right, "explanation": explanation })
        })
        .collect();
    Ok(json!({
        "id": attempt_id, "test_id": test.id, "test": test.name, "student_id": student.id, "licence": test.licence, "language": language,
        "errors": graded.errors, "blank": graded.blank, "total": graded.total, "passed": graded.passed, "max_errors": test.max_errors,
        "seconds": body.seconds, "taken_at": now, "questions": items,
    }))
}

fn checks_language(checks: &mut Checks, language: Option<&str>) -> Option<String> {
    match language.map(str::trim).filter(|l| !l.is_empty()) {
        None => Some("es".into()),
        Some(l) => checks.check(crate::language(l, true)),
    }
}

// ---------------------------------------------------------------------------------------------
// Reports

/// `{student_id}` bodies of the reports (the student must exist).
fn student_of(ctx: &Ctx, id: i64) -> Result<Record<Student>> {
    if id <= 0 {
        return Err(Error::required("student_id"));
    }
    find::<Student>(ctx, id)
}

/// `POST valkiria/vecestest`: each live test of the student's licences with how they did.
pub(crate) fn times_per_test(ctx: &Ctx, req: &Req) -> Result<Vec<Value>> {
    let body: students::StudentRef = req.json()?;
    let student = student_of(ctx, body.student_id)?;
    let licences = students::student_licences(ctx, student.id)?;
    if licences.is_empty() {
        return Ok(Vec::new());
    }
    let mut params = Vec::new();
    let list = licences
        .iter()
        .map(|l| {
            params.push(l.to_sql());
            format!("${}", params.len() + 1)
        })
        .collect::<Vec<_>>()
        .join(", ");
    let mut tests = bank::test_rows(ctx, &format!("state <> 'deleted' AND licence IN ({list})"), params)?;
    tests.sort_by_key(|t| licence_rank(&t.licence));
    let ids: Vec<i64> = tests.iter().map(|t| t.id).collect();
    let stats = bank::test_stats(ctx, &ids, Some(student.id))?;
    let blocks = names(ctx, "valkiria_block", tests.iter().filter_map(|t| t.block_id))?;
    let today = today();
    let limits: BTreeMap<String, Option<i64>> =
        students::live_enrolments_of(ctx, student.id)?.into_iter().map(|e| (e.data.licence, e.data.repetitions)).collect();
    Ok(tests
        .iter()
        .map(|t| {
            let mut value = t.json(&today, &blocks);
            let s = stats.get(&t.id).cloned().unwrap_or_default();
            value["times"] = json!(s.attempts);
            // How many more times it may be taken under the enrolment's limit (null: no limit).
            value["times_left"] = json!(students::times_left(limits.get(&t.licence).copied().flatten(), s.attempts));
            value["passed"] = json!(s.passed);
            value["best_errors"] = json!(s.best_errors);
            value["last_at"] = json!(s.last_at);
            value
        })
        .collect())
}

#[derive(Debug, Clone, Deserialize)]
struct AttemptRow {
    id: i64,
    test_id: i64,
    licence: String,
    language: String,
    errors: i64,
    blank: i64,
    total: i64,
    passed: bool,
    seconds: Option<i64>,
    taken_at: String,
}

/// `POST valkiria/resume`: the student with their figures and last attempts.
pub(crate) fn resume(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: students::StudentRef = req.json()?;
    let student = student_of(ctx, body.student_id)?;
    #[derive(Deserialize)]
    struct Totals {
        attempts: i64,
        passed: i64,
        errors: i64,
    }
    let totals: Totals = sql::query_one(
        "SELECT COUNT(*) AS attempts, CAST(COALESCE(SUM(CASE WHEN passed THEN 1 ELSE 0 END), 0) AS BIGINT) AS passed, \
         CAST(COALESCE(SUM(errors), 0) AS BIGINT) AS errors FROM valkiria_attempt WHERE business_id = $1 AND student_id = $2 AND reset_id IS NULL",
        &params![ctx.business_id, student.id],
    )?;
    let last: Vec<AttemptRow> = sql::query_as(
        "SELECT id, test_id, licence, language, errors, blank, total, passed, seconds, taken_at FROM valkiria_attempt \
         WHERE business_id = $1 AND student_id = $2 AND reset_id IS NULL ORDER BY taken_at DESC, id DESC LIMIT 10",
        &params![ctx.business_id, student.id],
    )?;
    let tests = names(ctx, "valkiria_test", last.iter().map(|a| a.test_id))?;
    let mut value = students::student_values(ctx, std::slice::from_ref(&student))?.remove(0);
    value["attempts"] = json!(totals.attempts);
    value["passed"] = json!(totals.passed);
    value["pass_rate"] = json!(percent(totals.passed, totals.attempts));
    value["average_errors"] = json!(average(totals.errors, totals.attempts));
    value["ready"] = json!(ready(&last.iter().map(|a| a.passed).collect::<Vec<_>>()));
    value["last"] = last
        .iter()
        .map(|a| {
            json!({ "id": a.id, "test_id": a.test_id, "test": tests.get(&a.test_id), "licence": a.licence, "language": a.language,
                    "errors": a.errors, "blank": a.blank, "total": a.total, "passed": a.passed, "seconds": a.seconds, "taken_at": a.taken_at })
        })
        .collect();
    Ok(value)
}

/// A live-attempts condition on `valkiria_attempt t` for a student and maybe a licence, with
/// its parameters after the business's `$1`.
fn attempts_of(student_id: Option<i64>, licence: Option<&str>, since: Option<&str>) -> (String, Vec<volante_plugin_sdk::sql::SqlValue>) {
    let mut condition = String::from("t.reset_id IS NULL");
    let mut params = Vec::new();
    if let Some(student) = student_id {
        params.push(student.to_sql());
        condition.push_str(&format!(" AND t.student_id = ${}", params.len() + 1));
    }
    if let Some(licence) = licence {
        params.push(licence.to_sql());
        condition.push_str(&format!(" AND t.licence = ${}", params.len() + 1));
    }
    if let Some(since) = since {
        params.push(since.to_sql());
        condition.push_str(&format!(" AND t.taken_at >= ${}", params.len() + 1));
    }
    (condition, params)
}

const FAILED: &str = "CAST(SUM(CASE WHEN a.correct THEN 0 ELSE 1 END) AS BIGINT)";
const ANSWERS: &str = "FROM valkiria_attempt_answer a JOIN valkiria_attempt t ON t.business_id = a.business_id AND t.id = a.attempt_id";

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ErrorQuery {
    student_id: i64,
    licence: String,
    limit: Option<i64>,
}

/// `GET valkiria/errortest`: the questions a student failed (wrong or blank) in live attempts,
/// most failed first.
fn failed_questions(ctx: &Ctx, req: &Req) -> Result<Vec<Value>> {
    let query: ErrorQuery = req.query()?;
    let student = student_of(ctx, query.student_id)?;
    let licence = match query.licence.trim() {
        "" => None,
        l => Some(licence("licence", l)?),
    };
    let limit = query.limit.unwrap_or(30);
    if !(1..=200).contains(&limit) {
        return Err(Error::invalid_field("limit", "El límite debe estar entre 1 y 200"));
    }
    #[derive(Deserialize)]
    struct Row {
        question_id: i64,
        answered: i64,
        failed: i64,
    }
    let (condition, mut params) = attempts_of(Some(student.id), licence.as_deref(), None);
    params.insert(0, ctx.business_id.to_sql());
    params.push(limit.to_sql());
    let rows: Vec<Row> = sql::query_as(
        &format!(
            "SELECT a.question_id AS question_id, COUNT(*) AS answered, {FAILED} AS failed {ANSWERS} \
             WHERE a.business_id = $1 AND {condition} GROUP BY a.question_id HAVING SUM(CASE WHEN a.correct THEN 0 ELSE 1 END) > 0 \
             ORDER BY failed DESC, answered DESC, question_id ASC LIMIT ${}",
            params.len()
        ),
        &params,
    )?;
    let ids: Vec<i64> = rows.iter().map(|r| r.question_id).collect();
    // The answer chosen the last time each was answered.
    let mut last_chosen: BTreeMap<i64, Option<i64>> = BTreeMap::new();
    if !ids.is_empty() {
        #[derive(Deserialize)]
        struct Chosen {
            question_id: i64,
            chosen: Option<i64>,
        }
        let mut params = params![ctx.business_id, student.id];
        let list = id_list(&mut params, &ids);
        let chosen: Vec<Chosen> = sql::query_as(
            &format!(
                "SELECT a.question_id AS question_id, a.chosen AS chosen {ANSWERS} \
                 WHERE a.business_id = $1 AND t.student_id = $2 AND t.reset_id IS NULL AND a.question_id IN ({list}) \
                 ORDER BY t.taken_at DESC, t.id DESC"
            ),
            &params,
        )?;
        for c in chosen {
            last_chosen.entry(c.question_id).or_insert(c.chosen);
        }
    }
    let questions = bank::question_rows(ctx, &distinct(ids.iter().copied()))?;
    let blocks = names(ctx, "valkiria_block", questions.values().map(|q| q.block_id))?;
    Ok(rows
        .iter()
        .filter_map(|r| questions.get(&r.question_id).map(|q| (r, q)))
        .map(|(r, q)| {
            json!({
                "id": q.id, "state": q.state, "reference": q.reference, "block_id": q.block_id, "block": blocks.get(&q.block_id),
                "licence": q.licence, "statement": q.statement, "answers": q.answers, "correct": q.correct, "explanation": q.explanation,
                "failed": r.failed, "answered": r.answered, "last_chosen": last_chosen.get(&q.id).copied().flatten(),
            })
        })
        .collect())
}

/// `POST valkiria/report/evolution`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Evolution {
    pub student_id: i64,
    /// First day (local), inclusive.
    pub from: Option<String>,
    /// Last day (local), inclusive.
    pub to: Option<String>,
    /// `day`, `week` (from Monday) or `month`.
    pub group: String,
}

fn evolution_report(ctx: &Ctx, req: &Req) -> Result<Vec<Point>> {
    let body: Evolution = req.json()?;
    let mut checks = Checks::new();
    let group = match body.group.trim() {
        "" => {
            checks.push(Error::required("group"));
            None
        }
        g => match Group::parse(g) {
            Some(group) => Some(group),
            None => {
                checks.push(Error::invalid_field("group", "El grupo debe ser day, week o month"));
                None
            }
        },
    };
    let from = checks.check(validate::optional_date("from", body.from)).flatten();
    let to = checks.check(validate::optional_date("to", body.to)).flatten();
    if let (Some(from), Some(to)) = (&from, &to) {
        if to < from {
            checks.push(Error::invalid_field("to", "La fecha final no puede ser anterior a la inicial"));
        }
    }
    checks.finish()?;
    let group = group.ok_or_else(|| Error::required("group"))?;
    let student = student_of(ctx, body.student_id)?;
    let mut statement = "SELECT taken_at, errors, passed FROM valkiria_attempt WHERE business_id = $1 AND student_id = $2 AND reset_id IS NULL".to_string();
    let mut params = params![ctx.business_id, student.id];
    if let Some(start) = from.as_deref().and_then(dates::local_midnight) {
        params.push(start.to_sql());
        statement.push_str(&format!(" AND taken_at >= ${}", params.len()));
    }
    if let Some(end) = to.as_deref().and_then(|d| time::add_days(d, 1)).as_deref().and_then(dates::local_midnight) {
        params.push(end.to_sql());
        statement.push_str(&format!(" AND taken_at < ${}", params.len()));
    }
    statement.push_str(" ORDER BY taken_at ASC, id ASC");
    #[derive(Deserialize)]
    struct Row {
        taken_at: String,
        errors: i64,
        passed: bool,
    }
    let rows: Vec<Row> = sql::query_as(&statement, &params)?;
    let attempts: Vec<(String, i64, bool)> = rows.into_iter().filter_map(|r| dates::local_date(&r.taken_at).map(|d| (d, r.errors, r.passed))).collect();
    Ok(evolution(&attempts, group))
}

/// Live answers per block: answered, failed and the distinct questions seen.
#[derive(Debug, Clone, Default, Deserialize)]
struct BlockStats {
    block_id: i64,
    answered: i64,
    failed: i64,
    seen: i64,
}

fn block_stats(ctx: &Ctx, student_id: Option<i64>, licence: Option<&str>, since: Option<&str>) -> Result<BTreeMap<i64, BlockStats>> {
    let (condition, mut params) = attempts_of(student_id, licence, since);
    params.insert(0, ctx.business_id.to_sql());
    let rows: Vec<BlockStats> = sql::query_as(
        &format!(
            "SELECT a.block_id AS block_id, COUNT(*) AS answered, {FAILED} AS failed, COUNT(DISTINCT a.question_id) AS seen {ANSWERS} \
             WHERE a.business_id = $1 AND {condition} GROUP BY a.block_id"
        ),
        &params,
    )?;
    Ok(rows.into_iter().map(|s| (s.block_id, s)).collect())
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ProgressQuery {
    student_id: Option<i64>,
    licence: String,
}

/// `GET valkiria/report/block/progress/{date}`: per block, the live answers since a day.
fn block_progress(ctx: &Ctx, req: &Req) -> Result<Vec<Value>> {
    let date = validate::date("date", &req.param::<String>("date")?)?;
    let query: ProgressQuery = req.query()?;
    let student = match query.student_id {
        Some(id) => Some(student_of(ctx, id)?.id),
        None => None,
    };
    let licence = match query.licence.trim() {
        "" => None,
        l => Some(licence("licence", l)?),
    };
    let since = dates::local_midnight(&date).ok_or_else(|| Error::invalid_field("date", "La fecha no es válida"))?;
    let stats = block_stats(ctx, student, licence.as_deref(), Some(&since))?;
    let blocks = bank::block_rows(ctx, &stats.keys().copied().collect::<Vec<_>>())?;
    let mut rows: Vec<(&BlockStats, Option<&bank::BlockRow>)> = stats.values().map(|s| (s, blocks.get(&s.block_id))).collect();
    rows.sort_by_key(|(s, b)| (b.map_or(usize::MAX, |b| licence_rank(&b.licence)), b.map_or(i64::MAX, |b| b.position), s.block_id));
    Ok(rows
        .iter()
        .map(|(s, b)| {
            json!({
                "block_id": s.block_id, "block": b.map(|b| &b.name), "licence": b.map(|b| &b.licence),
                "answered": s.answered, "failed": s.failed, "percent_right": percent(s.answered - s.failed, s.answered),
            })
        })
        .collect())
}

/// `POST valkiria/temary/resume`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct TemaryResume {
    pub student_id: i64,
    /// One licence; none: those the student is enrolled for.
    pub licence: Option<String>,
}

/// Per block of the student's licences: its questions and how the student does on them.
fn temary_resume(ctx: &Ctx, req: &Req) -> Result<Vec<Value>> {
    let body: TemaryResume = req.json()?;
    let student = student_of(ctx, body.student_id)?;
    let licences = match body.licence.as_deref().map(str::trim) {
        None | Some("") => students::student_licences(ctx, student.id)?,
        Some(l) => vec![licence("licence", l)?],
    };
    let blocks = bank::live_blocks(ctx, &licences)?;
    let ids: Vec<i64> = blocks.iter().map(|b| b.id).collect();
    let mut questions: BTreeMap<i64, i64> = BTreeMap::new();
    if !ids.is_empty() {
        #[derive(Deserialize)]
        struct Count {
            block_id: i64,
            n: i64,
        }
        let mut params = params![ctx.business_id];
        let list = id_list(&mut params, &ids);
        let counts: Vec<Count> = sql::query_as(
            &format!("SELECT block_id, COUNT(*) AS n FROM valkiria_question WHERE business_id = $1 AND state <> 'deleted' AND block_id IN ({list}) GROUP BY block_id"),
            &params,
        )?;
        questions = counts.into_iter().map(|c| (c.block_id, c.n)).collect();
    }
    let stats = block_stats(ctx, Some(student.id), None, None)?;
    Ok(blocks
        .iter()
        .map(|b| {
            let s = stats.get(&b.id).cloned().unwrap_or_default();
            json!({
                "block_id": b.id, "block": b.name, "licence": b.licence, "position": b.position,
                "questions": questions.get(&b.id).copied().unwrap_or(0), "seen": s.seen, "answered": s.answered, "failed": s.failed,
                "percent_right": percent(s.answered - s.failed, s.answered),
            })
        })
        .collect())
}

pub fn routes(router: Router) -> Router {
    router
        .post("valkiria/test/test", take)
        .post("valkiria/vecestest", times_per_test)
        .post("valkiria/resume", resume)
        .get("valkiria/errortest", failed_questions)
        .post("valkiria/report/evolution", evolution_report)
        .get("valkiria/report/block/progress/{date}", block_progress)
        .post("valkiria/temary/resume", temary_resume)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn given(pairs: &[(i64, Option<i64>)]) -> Vec<Given> {
        pairs.iter().map(|(q, c)| Given { question_id: *q, chosen: *c }).collect()
    }

    #[test]
    fn grading_counts_wrong_and_blank_as_errors() {
        let questions = [(10, 0), (11, 2), (12, 1), (13, 3)];
        let answers = match_answers(&[10, 11, 12, 13], &given(&[(13, Some(3)), (10, Some(0)), (11, None), (12, Some(0))])).unwrap();
        let graded = grade(&questions, &answers, 2);
        assert_eq!((graded.errors, graded.blank, graded.total, graded.passed), (2, 1, 4, true), "passed at exactly max_errors");
        assert_eq!(graded.marks.iter().map(|m| m.question_id).collect::<Vec<_>>(), [10, 11, 12, 13], "in the test's order");
        assert_eq!(graded.marks[1], Mark { question_id: 11, chosen: None, right: false });
        assert!(!grade(&questions, &answers, 1).passed);
        let all_right = match_answers(&[10, 11], &given(&[(10, Some(0)), (11, Some(2))])).unwrap();
        let graded = grade(&questions[..2], &all_right, 0);
        assert_eq!((graded.errors, graded.blank, graded.passed), (0, 0, true));
    }

    #[test]
    fn answers_must_be_the_tests_questions() {
        assert!(match_answers(&[1, 2], &given(&[(2, None), (1, Some(1))])).is_ok());
        let err = match_answers(&[1, 2, 3], &given(&[(1, None), (1, Some(0)), (4, None)])).unwrap_err();
        assert_eq!(err, "Las respuestas no corresponden a las preguntas del test (respondidas dos veces: 1; faltan: 2, 3; no son del test: 4)");
        assert!(match_answers(&[1], &[]).unwrap_err().contains("faltan: 1"));
    }

    #[test]
    fn ready_after_five_passes_in_a_row() {
        assert!(!ready(&[true, true, true, true]));
        assert!(ready(&[true, true, true, true, true]));
        assert!(ready(&[true, true, true, true, true, false]));
        assert!(!ready(&[false, true, true, true, true, true]));
    }

    #[test]
    fn evolution_groups_by_period_in_order() {
        let attempts = vec![
            ("2026-11-24".to_string(), 2, true),
            ("2026-11-26".to_string(), 5, false),
            ("2026-11-30".to_string(), 0, true),
            ("2026-12-01".to_string(), 1, true),
        ];
        let weeks = evolution(&attempts, Group::Week);
        assert_eq!(
            weeks,
            [
                Point { period: "2026-11-23".into(), attempts: 2, passed: 1, average_errors: Some(3.5) },
                Point { period: "2026-11-30".into(), attempts: 2, passed: 2, average_errors: Some(0.5) },
            ]
        );
        let months = evolution(&attempts, Group::Month);
        assert_eq!(months.iter().map(|p| (p.period.as_str(), p.attempts)).collect::<Vec<_>>(), [("2026-11-01", 3), ("2026-12-01", 1)]);
        assert_eq!(months[0].average_errors, Some(2.33));
        assert_eq!(evolution(&attempts, Group::Day).len(), 4);
        assert!(evolution(&[], Group::Day).is_empty());
    }

    #[test]
    fn attempt_conditions_number_their_parameters_after_the_business() {
        let (condition, params) = attempts_of(Some(7), Some("B"), Some("2026-01-01T00:00:00.000Z"));
        assert_eq!(condition, "t.reset_id IS NULL AND t.student_id = $2 AND t.licence = $3 AND t.taken_at >= $4");
        assert_eq!(params.len(), 3);
        assert_eq!(attempts_of(None, None, None).0, "t.reset_id IS NULL");
    }
}
