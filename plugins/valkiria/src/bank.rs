//! The bank (test edition): blocks (topics) of a licence in order, their questions with their
//! translations, and the tests made of them; and the two `test/theory/` lists.

use std::collections::{BTreeMap, BTreeSet};

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource;
use volante_plugin_sdk::sql::SqlValue;
use volante_plugin_sdk::{host, text, validate, Checks};

use crate::{dates, deleted, distinct, find, find_live, id_list, licence, names, record_value, take_state, today, update_with_state, LANGUAGES};

// ---------------------------------------------------------------------------------------------
// Records

/// A block (topic) of a licence's questions.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Block {
    /// A licence class (`B`, `A2`…); a block stays in its licence.
    pub licence: String,
    /// Required, at most 200 characters.
    pub name: String,
    /// At most 2000 characters.
    pub description: String,
    /// 1, 2, … within its licence; 0 or none: at the end.
    pub position: i64,
}

impl Resource for Block {
    const NAME: &'static str = "valkiria_block";
    const LABEL: &'static str = "Bloque";
    const TABLE: &'static str = "valkiria_block";
    const SEARCH: &'static [&'static str] = &["name"];
    const ORDER_BY: &'static str = "position ASC, id ASC";

    fn prepare(&mut self, ctx: &Ctx, id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        let licence = checks.check(licence("licence", &self.licence));
        if let Some(name) = checks.check(validate::required("name", &self.name, 200)) {
            self.name = name;
        }
        if let Some(description) = checks.check(validate::optional("description", &self.description, 2000)) {
            self.description = description;
        }
        if let Some(licence) = licence {
            let others: i64 = sql::query_scalar(
                "SELECT COUNT(*) FROM valkiria_block WHERE business_id = $1 AND licence = $2 AND state <> 'deleted' AND id <> $3",
                &params![ctx.business_id, licence.clone(), id.unwrap_or(0)],
            )?;
            if !(0..=others + 1).contains(&self.position) {
                checks.push(Error::invalid_field("position", format!("La posición debe estar entre 1 y {}", others + 1)));
            }
            self.licence = licence;
        } else if self.position < 0 {
            checks.push(Error::invalid_field("position", "La posición debe ser 1 o más"));
        }
        checks.finish()
    }
}


/// A question of the bank: a statement with 2 to 4 answers, one of them right.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Question {
    /// The block it belongs to (its licence comes with it).
    pub block_id: i64,
    /// Set from the block.
    pub licence: String,
    /// At most 30 characters, unique among the business's live questions; `P-<id>` when empty.
    pub reference: String,
    /// Required, at most 1000 characters.
    pub statement: String,
    /// 2 to 4 texts, each at most 500 characters.
    pub answers: Vec<String>,
    /// Index (from 0) of the right answer in `answers`.
    pub correct: Option<i64>,
    /// At most 2000 characters.
    pub explanation: String,
}

impl Resource for Question {
    const NAME: &'static str = "valkiria_question";
    const LABEL: &'static str = "Pregunta";
    const FEMININE: bool = true;
    const TABLE: &'static str = "valkiria_question";
    const SEARCH: &'static [&'static str] = &["statement", "answers", "explanation"];
    const ORDER_BY: &'static str = "id ASC";

    fn prepare(&mut self, ctx: &Ctx, id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if self.block_id <= 0 {
            checks.push(Error::required("block_id"));
        } else {
            match block_row(ctx, self.block_id)? {
                Some(block) if block.state != "deleted" => self.licence = block.licence,
                _ => checks.push(Error::invalid_field("block_id", "El bloque no existe")),
            }
        }
        if let Some(reference) = checks.check(validate::optional("reference", &self.reference, 30)) {
            self.reference = reference;
        }
        if let Some(statement) = checks.check(validate::required("statement", &self.statement, 1000)) {
            self.statement = statement;
        }
        let answers = check_answers("answers", &self.answers, None, &mut checks);
        match (self.correct, &answers) {
            (None, _) => checks.push(Error::required("correct")),
            // Checked against the answers once they are right.
            (Some(c), Some(list)) if !(0..list.len() as i64).contains(&c) => checks.push(Error::invalid_field(
                "correct",
                format!("La respuesta correcta debe ser una de las {} respuestas (de 0 a {})", list.len(), list.len() - 1),
            )),
            (Some(c), None) if c < 0 => checks.push(Error::invalid_field("correct", "La respuesta correcta debe ser 0 o más")),
            _ => {}
        }
        if let Some(answers) = answers {
            self.answers = answers;
        }
        if let Some(explanation) = checks.check(validate::optional("explanation", &self.explanation, 2000)) {
            self.explanation = explanation;
        }
        checks.finish()?;
        if !self.reference.is_empty() && reference_taken(ctx, &self.reference, id.unwrap_or(0))? {
            return Err(Error::conflict(format!("Ya hay una pregunta con la referencia {}", self.reference)).with_data(json!({ "field": "reference" })));
        }
        Ok(())
    }
}


/// A test: questions of a licence in order, with the errors allowed and the time.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Test {
    /// A licence class.
    pub licence: String,
    /// Required, at most 200 characters.
    pub name: String,
    /// `block` (one block's questions) or `exam` (any of the licence's); none: `block` when
    /// `block_id` is given, else `exam`.
    pub kind: String,
    /// The block of a `block` test.
    pub block_id: Option<i64>,
    /// 1 to 60 live questions of the licence (of the block for `block`), in order, no repeats.
    pub question_ids: Vec<i64>,
    /// Errors (wrong or blank answers) allowed to pass, below the question count; default 3
    /// (fewer for tests of 3 questions or fewer).
    pub max_errors: Option<i64>,
    /// Time allowed, 1 to 180 minutes; default 30.
    pub minutes: Option<i64>,
    /// The last day it may be taken (`YYYY-MM-DD` or `DD/MM/YYYY`); none: no end.
    pub expires_on: Option<String>,
}

impl Resource for Test {
    const NAME: &'static str = "valkiria_test";
    const LABEL: &'static str = "Test";
    const TABLE: &'static str = "valkiria_test";
    const SEARCH: &'static [&'static str] = &["name"];
    const ORDER_BY: &'static str = "search_text ASC, id ASC";

    fn prepare(&mut self, ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        let licence = checks.check(licence("licence", &self.licence));
        if let Some(licence) = &licence {
            self.licence = licence.clone();
        }
        if let Some(name) = checks.check(validate::required("name", &self.name, 200)) {
            self.name = name;
        }
        let kind = match self.kind.trim().to_lowercase().as_str() {
            "" if self.block_id.is_some() => "block",
            "" => "exam",
            "block" => "block",
            "exam" => "exam",
            _ => {
                checks.push(Error::invalid_field("kind", "El tipo debe ser block o exam"));
                ""
            }
        };
        self.kind = kind.to_string();
        let mut block = None;
        if kind == "block" {
            match self.block_id {
                None => checks.push(Error::invalid_field("block_id", "Un test de bloque necesita su bloque")),
                Some(id) => match block_row(ctx, id)? {
                    Some(row) if row.state != "deleted" => {
                        if licence.as_deref().is_some_and(|l| l != row.licence) {
                            checks.push(Error::invalid_field("block_id", format!("El bloque es del permiso {}", row.licence)));
                        } else {
                            block = Some(row.id);
                        }
                    }
                    _ => checks.push(Error::invalid_field("block_id", "El bloque no existe")),
                },
            }
        } else if kind == "exam" {
            self.block_id = None;
        }
        check_questions(ctx, &self.question_ids, licence.as_deref(), block, &mut checks)?;
        let n = self.question_ids.len() as i64;
        match self.max_errors {
            None => self.max_errors = Some(3.min(n - 1).max(0)),
            Some(m) if m < 0 || ((1..=60).contains(&n) && m >= n) => checks.push(Error::invalid_field(
                "max_errors",
                format!("Los fallos permitidos deben ser menos que las preguntas (de 0 a {})", (n - 1).max(0)),
            )),
            Some(_) => {}
        }
        match self.minutes {
            None => self.minutes = Some(30),
            Some(m) if !(1..=180).contains(&m) => checks.push(Error::invalid_field("minutes", "El tiempo debe estar entre 1 y 180 minutos")),
            Some(_) => {}
        }
        if let Some(date) = checks.check(validate::optional_date("expires_on", self.expires_on.take())) {
            self.expires_on = date;
        }
        checks.finish()
    }
}


/// A test's questions: 1 to 60, no repeats, live questions of the licence (and of the block
/// for a block's test).
fn check_questions(ctx: &Ctx, ids: &[i64], licence: Option<&str>, block: Option<i64>, checks: &mut Checks) -> Result<()> {
    const FIELD: &str = "question_ids";
    if ids.is_empty() || ids.len() > 60 {
        checks.push(Error::invalid_field(FIELD, "Un test tiene de 1 a 60 preguntas"));
        if ids.len() > 60 {
            return Ok(());
        }
    }
    let mut seen = BTreeSet::new();
    let repeated: BTreeSet<i64> = ids.iter().copied().filter(|id| !seen.insert(*id)).collect();
    if !repeated.is_empty() {
        checks.push(Error::invalid_field(FIELD, format!("Preguntas repetidas: {}", list_text(&repeated))));
    }
    let rows = question_rows(ctx, &distinct(ids.iter().copied()))?;
    let mut missing = BTreeSet::new();
    let mut other_licence = BTreeSet::new();
    let mut other_block = BTreeSet::new();
    for id in ids {
        match rows.get(id) {
            Some(q) if q.state != "deleted" => {
                if licence.is_some_and(|l| l != q.licence) {
                    other_licence.insert(*id);
                } else if block.is_some_and(|b| b != q.block_id) {
                    other_block.insert(*id);
                }
            }
            _ => {
                missing.insert(*id);
            }
        }
    }
    if !missing.is_empty() {
        checks.push(Error::invalid_field(FIELD, format!("No existen las preguntas: {}", list_text(&missing))));
    }
    if let (false, Some(licence)) = (other_licence.is_empty(), licence) {
        checks.push(Error::invalid_field(FIELD, format!("No son del permiso {licence} las preguntas: {}", list_text(&other_licence))));
    }
    if !other_block.is_empty() {
        checks.push(Error::invalid_field(FIELD, format!("No son del bloque del test las preguntas: {}", list_text(&other_block))));
    }
    Ok(())
}

fn list_text(ids: &BTreeSet<i64>) -> String {
    ids.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
}

/// A question's (or a translation's) answers: 2 to 4 (or exactly `expected`), each a non-empty
/// text of at most 500 characters. The trimmed answers when they are right.
pub fn check_answers(field: &str, answers: &[String], expected: Option<usize>, checks: &mut Checks) -> Option<Vec<String>> {
    match expected {
        Some(n) if answers.len() != n => {
            checks.push(Error::invalid_field(field, format!("La traducción debe tener {n} respuestas, como la pregunta")));
            return None;
        }
        None if !(2..=4).contains(&answers.len()) => {
            checks.push(Error::invalid_field(field, "Una pregunta tiene de 2 a 4 respuestas"));
            return None;
        }
        _ => {}
    }
    let mut clean = Vec::with_capacity(answers.len());
    let mut ok = true;
    for (i, answer) in answers.iter().enumerate() {
        let item = format!("{field}[{i}]");
        if answer.trim().is_empty() {
            checks.push(Error::invalid_field(&item, format!("La respuesta {} está vacía", i + 1)));
            ok = false;
        } else if answer.trim().chars().count() > 500 {
            checks.push(Error::invalid_field(&item, format!("La respuesta {} admite como máximo 500 caracteres", i + 1)));
            ok = false;
        } else if let Some(text) = checks.check(validate::optional(&item, answer, 500)) {
            clean.push(text);
        } else {
            ok = false;
        }
    }
    ok.then_some(clean)
}

/// Whether another live question of the business has `reference` (case aside).
pub(crate) fn reference_taken(ctx: &Ctx, reference: &str, except: i64) -> Result<bool> {
    let found: Option<i64> = sql::query_optional(
        "SELECT id FROM valkiria_question WHERE business_id = $1 AND UPPER(reference) = $2 AND state <> 'deleted' AND id <> $3 LIMIT 1",
        &params![ctx.business_id, reference.to_uppercase(), except],
    )?;
    Ok(found.is_some())
}

/// A question saved without a reference gets `P-<id>` (or `P-<id>-2`… when someone typed that).
pub(crate) fn ensure_reference(ctx: &Ctx, id: i64) -> Result<()> {
    let current: String = sql::query_scalar("SELECT reference FROM valkiria_question WHERE business_id = $1 AND id = $2", &params![ctx.business_id, id])?;
    if !current.is_empty() {
        return Ok(());
    }
    let mut candidate = format!("P-{id}");
    let mut n = 1;
    while reference_taken(ctx, &candidate, id)? {
        n += 1;
        candidate = format!("P-{id}-{n}");
    }
    sql::execute("UPDATE valkiria_question SET reference = $1 WHERE business_id = $2 AND id = $3", &params![candidate, ctx.business_id, id])?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Rows the views and the results read

#[derive(Debug, Clone, Deserialize)]
pub struct BlockRow {
    pub id: i64,
    pub state: String,
    pub licence: String,
    pub name: String,
    pub description: String,
    pub position: i64,
}

const BLOCK_COLUMNS: &str = "id, state, licence, name, description, position";

impl BlockRow {
    fn json(&self) -> Value {
        json!({ "id": self.id, "state": self.state, "licence": self.licence, "name": self.name, "description": self.description, "position": self.position })
    }
}

/// The block `id` of the business, any state.
pub fn block_row(ctx: &Ctx, id: i64) -> Result<Option<BlockRow>> {
    sql::query_optional(&format!("SELECT {BLOCK_COLUMNS} FROM valkiria_block WHERE business_id = $1 AND id = $2"), &params![ctx.business_id, id])
}

/// Blocks by id, any state.
pub fn block_rows(ctx: &Ctx, ids: &[i64]) -> Result<BTreeMap<i64, BlockRow>> {
    if ids.is_empty() {
        return Ok(BTreeMap::new());
    }
    let mut params = params![ctx.business_id];
    let list = id_list(&mut params, ids);
    let rows: Vec<BlockRow> = sql::query_as(&format!("SELECT {BLOCK_COLUMNS} FROM valkiria_block WHERE business_id = $1 AND id IN ({list})"), &params)?;
    Ok(rows.into_iter().map(|b| (b.id, b)).collect())
}

/// The live blocks of licences, in the licences' order and then each one's.
pub fn live_blocks(ctx: &Ctx, licences: &[String]) -> Result<Vec<BlockRow>> {
    if licences.is_empty() {
        return Ok(Vec::new());
    }
    let mut params = params![ctx.business_id];
    let list = licences
        .iter()
        .map(|l| {
            params.push(l.to_sql());
            format!("${}", params.len())
        })
        .collect::<Vec<_>>()
        .join(", ");
    let mut rows: Vec<BlockRow> = sql::query_as(
        &format!("SELECT {BLOCK_COLUMNS} FROM valkiria_block WHERE business_id = $1 AND state <> 'deleted' AND licence IN ({list}) ORDER BY position ASC, id ASC"),
        &params,
    )?;
    rows.sort_by_key(|b| (crate::licence_rank(&b.licence), b.position, b.id));
    Ok(rows)
}

#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct QuestionRow {
    pub id: i64,
    pub state: String,
    pub block_id: i64,
    pub licence: String,
    pub reference: String,
    pub statement: String,
    pub answers: Vec<String>,
    pub correct: i64,
    pub explanation: String,
}

const QUESTION_COLUMNS: &str = "id, state, block_id, licence, reference, statement, answers, correct, explanation";

/// Questions by id, any state.
pub fn question_rows(ctx: &Ctx, ids: &[i64]) -> Result<BTreeMap<i64, QuestionRow>> {
    if ids.is_empty() {
        return Ok(BTreeMap::new());
    }
    let mut params = params![ctx.business_id];
    let list = id_list(&mut params, ids);
    let rows: Vec<QuestionRow> = sql::query_as(&format!("SELECT {QUESTION_COLUMNS} FROM valkiria_question WHERE business_id = $1 AND id IN ({list})"), &params)?;
    Ok(rows.into_iter().map(|q| (q.id, q)).collect())
}

/// A question as the finders and editors show it: its fields, its block's name and the
/// languages it is translated into.
fn question_json(q: &QuestionRow, blocks: &BTreeMap<i64, String>, languages: &BTreeMap<i64, Vec<String>>) -> Value {
    json!({
        "id": q.id, "state": q.state, "reference": q.reference, "block_id": q.block_id, "block": blocks.get(&q.block_id),
        "licence": q.licence, "statement": q.statement, "answers": q.answers, "correct": q.correct, "explanation": q.explanation,
        "translations": languages.get(&q.id).cloned().unwrap_or_default(),
    })
}

#[derive(Debug, Clone, Deserialize)]
pub struct TranslationRow {
    pub question_id: i64,
    pub language: String,
    pub statement: String,
    pub answers: Vec<String>,
    pub explanation: String,
}

/// The translations of some questions (into `language`, or every one), by question.
pub fn translations(ctx: &Ctx, ids: &[i64], language: Option<&str>) -> Result<BTreeMap<i64, Vec<TranslationRow>>> {
    let mut by_question: BTreeMap<i64, Vec<TranslationRow>> = BTreeMap::new();
    if ids.is_empty() {
        return Ok(by_question);
    }
    let mut params = params![ctx.business_id];
    let list = id_list(&mut params, ids);
    let mut statement = format!("SELECT question_id, language, statement, answers, explanation FROM valkiria_translation WHERE business_id = $1 AND question_id IN ({list})");
    if let Some(language) = language {
        params.push(language.to_sql());
        statement.push_str(&format!(" AND language = ${}", params.len()));
    }
    let rows: Vec<TranslationRow> = sql::query_as(&statement, &params)?;
    for row in rows {
        by_question.entry(row.question_id).or_default().push(row);
    }
    for list in by_question.values_mut() {
        list.sort_by_key(|t| LANGUAGES.iter().position(|l| *l == t.language));
    }
    Ok(by_question)
}

/// The languages each question is translated into, in the fixed order.
fn translation_languages(ctx: &Ctx, ids: &[i64]) -> Result<BTreeMap<i64, Vec<String>>> {
    #[derive(Deserialize)]
    struct Row {
        question_id: i64,
        language: String,
    }
    let mut by_question: BTreeMap<i64, Vec<String>> = BTreeMap::new();
    if ids.is_empty() {
        return Ok(by_question);
    }
    let mut params = params![ctx.business_id];
    let list = id_list(&mut params, ids);
    let rows: Vec<Row> = sql::query_as(&format!("SELECT question_id, language FROM valkiria_translation WHERE business_id = $1 AND question_id IN ({list})"), &params)?;
    for row in rows {
        by_question.entry(row.question_id).or_default().push(row.language);
    }
    for list in by_question.values_mut() {
        list.sort_by_key(|l| LANGUAGES.iter().position(|x| x == l));
    }
    Ok(by_question)
}

#[derive(Debug, Clone, Deserialize)]
pub struct TestRow {
    pub id: i64,
    pub state: String,
    pub created_at: String,
    pub updated_at: String,
    pub licence: String,
    pub name: String,
    pub kind: String,
    pub block_id: Option<i64>,
    pub question_ids: Vec<i64>,
    pub max_errors: i64,
    pub minutes: i64,
    pub expires_on: Option<String>,
}

impl TestRow {
    pub fn expired(&self, today: &str) -> bool {
        self.expires_on.as_deref().is_some_and(|d| dates::expired(today, d))
    }

    /// The test's own fields, with its block's name, question count and whether it expired.
    pub fn json(&self, today: &str, blocks: &BTreeMap<i64, String>) -> Value {
        json!({
            "id": self.id, "state": self.state, "created_at": self.created_at, "updated_at": self.updated_at,
            "licence": self.licence, "name": self.name, "kind": self.kind, "block_id": self.block_id,
            "block": self.block_id.and_then(|b| blocks.get(&b)), "question_ids": self.question_ids,
            "questions": self.question_ids.len(), "max_errors": self.max_errors, "minutes": self.minutes,
            "expires_on": self.expires_on, "expired": self.expired(today),
        })
    }
}

const TEST_COLUMNS: &str = "id, state, created_at, updated_at, licence, name, kind, block_id, question_ids, max_errors, minutes, expires_on";

/// The tests matching `condition` (its parameters after the business's `$1`), by name.
pub fn test_rows(ctx: &Ctx, condition: &str, mut params: Vec<SqlValue>) -> Result<Vec<TestRow>> {
    params.insert(0, ctx.business_id.to_sql());
    sql::query_as(&format!("SELECT {TEST_COLUMNS} FROM valkiria_test WHERE business_id = $1 AND {condition} ORDER BY search_text ASC, id ASC"), &params)
}

/// The test `id`, any state.
pub fn test_row(ctx: &Ctx, id: i64) -> Result<TestRow> {
    test_rows(ctx, "id = $2", params![id])?
        .into_iter()
        .next()
        .ok_or_else(|| resource::not_found::<Test>(id))
}

/// The live tests a question is in (the ids are kept as a JSON list, `[1,2,3]`).
fn tests_with(ctx: &Ctx, question_id: i64) -> Result<Vec<TestRow>> {
    test_rows(ctx, "state <> 'deleted' AND REPLACE(REPLACE(question_ids, '[', ','), ']', ',') LIKE $2", params![format!("%,{question_id},%")])
}

/// Live attempts per test: how many, how many passed, the fewest errors and the last.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct TestStats {
    pub test_id: i64,
    pub attempts: i64,
    pub passed: i64,
    pub best_errors: Option<i64>,
    pub last_at: Option<String>,
}

/// [`TestStats`] of some tests, of every student or of one.
pub fn test_stats(ctx: &Ctx, ids: &[i64], student_id: Option<i64>) -> Result<BTreeMap<i64, TestStats>> {
    if ids.is_empty() {
        return Ok(BTreeMap::new());
    }
    let mut params = params![ctx.business_id];
    let list = id_list(&mut params, ids);
    let mut statement = format!(
        "SELECT test_id, COUNT(*) AS attempts, CAST(COALESCE(SUM(CASE WHEN passed THEN 1 ELSE 0 END), 0) AS BIGINT) AS passed, \
         MIN(errors) AS best_errors, MAX(taken_at) AS last_at FROM valkiria_attempt \
         WHERE business_id = $1 AND reset_id IS NULL AND test_id IN ({list})"
    );
    if let Some(student) = student_id {
        params.push(student.to_sql());
        statement.push_str(&format!(" AND student_id = ${}", params.len()));
    }
    statement.push_str(" GROUP BY test_id");
    let rows: Vec<TestStats> = sql::query_as(&statement, &params)?;
    Ok(rows.into_iter().map(|s| (s.test_id, s)).collect())
}

// ---------------------------------------------------------------------------------------------
// Blocks

/// Where block `id` goes among its licence's live blocks: the others keep their order and it
/// takes `wanted` (1, 2, …; 0 or past the end: at the end).
pub fn arrange(others: &[i64], id: i64, wanted: i64) -> Vec<i64> {
    let mut order: Vec<i64> = others.iter().copied().filter(|o| *o != id).collect();
    let at = if wanted >= 1 && wanted as usize <= order.len() + 1 { wanted as usize - 1 } else { order.len() };
    order.insert(at, id);
    order
}

/// Number the licence's live blocks 1, 2, … with `id` (when live) at `wanted`.
pub(crate) fn place(ctx: &Ctx, licence: &str, id: Option<i64>, wanted: i64) -> Result<()> {
    #[derive(Deserialize)]
    struct Pos {
        id: i64,
        position: i64,
    }
    let rows: Vec<Pos> = sql::query_as(
        "SELECT id, position FROM valkiria_block WHERE business_id = $1 AND licence = $2 AND state <> 'deleted' ORDER BY position ASC, id ASC",
        &params![ctx.business_id, licence],
    )?;
    let ids: Vec<i64> = rows.iter().map(|p| p.id).collect();
    let order = match id.filter(|id| ids.contains(id)) {
        Some(id) => arrange(&ids, id, wanted),
        None => ids,
    };
    for (i, block) in order.iter().enumerate() {
        let position = i as i64 + 1;
        if rows.iter().find(|p| p.id == *block).map(|p| p.position) != Some(position) {
            sql::execute("UPDATE valkiria_block SET position = $1 WHERE business_id = $2 AND id = $3", &params![position, ctx.business_id, *block])?;
        }
    }
    Ok(())
}

/// `POST valkiria/temary/create`: a block, at the end of its licence's or at `position`.
fn block_create(ctx: &Ctx, req: &Req) -> Result<Record<Block>> {
    let record = resource::create::<Block>(ctx, req.value()?)?;
    place(ctx, &record.data.licence, Some(record.id), record.data.position)?;
    find::<Block>(ctx, record.id)
}

/// `POST valkiria/temary/update` (body's schema).
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct BlockUpdate {
    pub id: i64,
    pub name: Option<String>,
    pub description: Option<String>,
    /// 1, 2, …: the block moves there, the others around it.
    pub position: Option<i64>,
    /// `active`, `inactive` or `deleted` (refused while the block has live questions or tests).
    pub state: Option<String>,
}

fn block_update(ctx: &Ctx, req: &Req) -> Result<Record<Block>> {
    let mut body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    let state = take_state(&mut body)?;
    body.retain(|key, _| ["name", "description", "position"].contains(&key.as_str()));
    let existing = find::<Block>(ctx, id)?;
    if state.as_deref() == Some("deleted") && existing.state != "deleted" {
        let questions: i64 = sql::query_scalar(
            "SELECT COUNT(*) FROM valkiria_question WHERE business_id = $1 AND block_id = $2 AND state <> 'deleted'",
            &params![ctx.business_id, id],
        )?;
        if questions > 0 {
            return Err(Error::conflict(format!("El bloque tiene {questions} preguntas: elimínelas o muévalas a otro bloque antes")));
        }
        let tests: i64 =
            sql::query_scalar("SELECT COUNT(*) FROM valkiria_test WHERE business_id = $1 AND block_id = $2 AND state <> 'deleted'", &params![ctx.business_id, id])?;
        if tests > 0 {
            return Err(Error::conflict(format!("El bloque tiene {tests} tests: elimínelos antes")));
        }
    }
    if existing.state == "deleted" && state.is_some() && !body.contains_key("position") {
        // Brought back: at the end.
        body.insert("position".into(), json!(0));
    }
    let record = update_with_state::<Block>(ctx, id, body, state.as_deref())?;
    if record.state == "deleted" {
        place(ctx, &record.data.licence, None, 0)?;
    } else {
        place(ctx, &record.data.licence, Some(id), record.data.position)?;
    }
    find::<Block>(ctx, id)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct LicenceQuery {
    licence: String,
}

/// `GET valkiria/blocktemary`: a licence's live blocks in order with their live questions and
/// their live block tests.
fn blocktemary(ctx: &Ctx, req: &Req) -> Result<Vec<Value>> {
    let query: LicenceQuery = req.query()?;
    let licence = licence("licence", &query.licence)?;
    let blocks = live_blocks(ctx, std::slice::from_ref(&licence))?;
    #[derive(Deserialize)]
    struct Brief {
        id: i64,
        block_id: i64,
        reference: String,
        statement: String,
        state: String,
    }
    let questions: Vec<Brief> = sql::query_as(
        "SELECT id, block_id, reference, statement, state FROM valkiria_question WHERE business_id = $1 AND licence = $2 AND state <> 'deleted' ORDER BY id ASC",
        &params![ctx.business_id, licence.clone()],
    )?;
    let tests = test_rows(ctx, "licence = $2 AND kind = 'block' AND state <> 'deleted'", params![licence])?;
    let today = today();
    let block_names: BTreeMap<i64, String> = blocks.iter().map(|b| (b.id, b.name.clone())).collect();
    Ok(blocks
        .iter()
        .map(|block| {
            let mut value = block.json();
            value["questions"] = questions
                .iter()
                .filter(|q| q.block_id == block.id)
                .map(|q| json!({ "id": q.id, "reference": q.reference, "statement": q.statement, "state": q.state }))
                .collect();
            value["tests"] = tests.iter().filter(|t| t.block_id == Some(block.id)).map(|t| t.json(&today, &block_names)).collect();
            value
        })
        .collect())
}

// ---------------------------------------------------------------------------------------------
// Questions and translations

/// `GET valkiria/question/translated/{id}` and what question writes answer: the question with
/// its block, its translations, the languages still missing and the live tests it is in.
fn question_view(ctx: &Ctx, id: i64) -> Result<Value> {
    let record = find::<Question>(ctx, id)?;
    let mut value = record_value(&record)?;
    let block = block_row(ctx, record.data.block_id)?;
    value["block"] = match block {
        Some(b) => json!({ "id": b.id, "name": b.name, "licence": b.licence }),
        None => Value::Null,
    };
    let translations = translations(ctx, &[id], None)?.remove(&id).unwrap_or_default();
    let mut map = serde_json::Map::new();
    for t in &translations {
        map.insert(t.language.clone(), json!({ "statement": t.statement, "answers": t.answers, "explanation": t.explanation }));
    }
    value["translations"] = Value::Object(map);
    value["missing"] = json!(LANGUAGES.iter().filter(|l| !translations.iter().any(|t| t.language == **l)).collect::<Vec<_>>());
    value["tests"] = tests_with(ctx, id)?.iter().map(|t| json!({ "id": t.id, "name": t.name, "kind": t.kind, "state": t.state })).collect();
    Ok(value)
}

/// `POST valkiria/question/create`.
fn question_create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    body.remove("licence");
    let record = resource::create::<Question>(ctx, Value::Object(body))?;
    ensure_reference(ctx, record.id)?;
    question_view(ctx, record.id)
}

/// `POST valkiria/question/update` (body's schema).
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct QuestionUpdate {
    pub id: i64,
    /// Another block of the same licence.
    pub block_id: Option<i64>,
    pub reference: Option<String>,
    pub statement: Option<String>,
    /// A new list must keep `correct` within it; translations with another count are dropped.
    pub answers: Option<Vec<String>>,
    pub correct: Option<i64>,
    pub explanation: Option<String>,
    /// `active`, `inactive` or `deleted` (refused while the question is in live tests).
    pub state: Option<String>,
}

fn question_update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    let state = take_state(&mut body)?;
    body.remove("id");
    body.remove("licence");
    let existing = find::<Question>(ctx, id)?;
    if state.as_deref() == Some("deleted") && existing.state != "deleted" {
        let tests = tests_with(ctx, id)?;
        if !tests.is_empty() {
            let names: Vec<&str> = tests.iter().map(|t| t.name.as_str()).collect();
            return Err(Error::conflict(format!("La pregunta está en los tests {}: quítela de ellos antes de eliminarla", names.join(", "))));
        }
    }
    if let Some(block_id) = body.get("block_id").and_then(Value::as_i64).filter(|b| *b != existing.data.block_id) {
        if let Some(block) = block_row(ctx, block_id)?.filter(|b| b.state != "deleted") {
            if block.licence != existing.data.licence {
                return Err(Error::invalid_field("block_id", format!("La pregunta es del permiso {} y el bloque del {}", existing.data.licence, block.licence)));
            }
        }
        let block_tests: Vec<String> = tests_with(ctx, id)?.into_iter().filter(|t| t.kind == "block").map(|t| t.name).collect();
        if !block_tests.is_empty() {
            return Err(Error::conflict(format!("La pregunta está en los tests de su bloque {}: quítela de ellos antes de moverla", block_tests.join(", "))));
        }
    }
    let record = update_with_state::<Question>(ctx, id, body, state.as_deref())?;
    ensure_reference(ctx, id)?;
    let dropped = drop_mismatched_translations(ctx, id, record.data.answers.len())?;
    let mut value = question_view(ctx, id)?;
    value["dropped_translations"] = json!(dropped);
    Ok(value)
}

/// Remove the question's translations whose answer count is not `answers`; their languages.
fn drop_mismatched_translations(ctx: &Ctx, question_id: i64, answers: usize) -> Result<Vec<String>> {
    let list = translations(ctx, &[question_id], None)?.remove(&question_id).unwrap_or_default();
    let mut dropped = Vec::new();
    for t in list.into_iter().filter(|t| t.answers.len() != answers) {
        sql::execute(
            "DELETE FROM valkiria_translation WHERE business_id = $1 AND question_id = $2 AND language = $3",
            &params![ctx.business_id, question_id, t.language.clone()],
        )?;
        dropped.push(t.language);
    }
    Ok(dropped)
}

/// `POST valkiria/question/translated/update`: add, replace or (`remove`) remove a translation.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct TranslationBody {
    pub question_id: i64,
    /// `ca`, `eu`, `gl`, `en`, `fr` or `de`.
    pub language: String,
    /// Required unless `remove`, at most 1000 characters.
    pub statement: String,
    /// As many as the question's, in the same order.
    pub answers: Vec<String>,
    pub explanation: String,
    /// Remove the translation into `language`.
    pub remove: bool,
}

fn translation_update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: TranslationBody = req.json()?;
    if body.question_id <= 0 {
        return Err(Error::required("question_id"));
    }
    let question = find_live::<Question>(ctx, body.question_id)?;
    if body.language.trim().is_empty() {
        return Err(Error::required("language"));
    }
    let language = crate::language(&body.language, false)?;
    if body.remove {
        let removed = sql::execute(
            "DELETE FROM valkiria_translation WHERE business_id = $1 AND question_id = $2 AND language = $3",
            &params![ctx.business_id, question.id, language.clone()],
        )?;
        if removed == 0 {
            return Err(Error::new(codes::NOT_FOUND, "Traducción no encontrada").with_data(json!({ "entity": "Traducción", "language": language })));
        }
        return question_view(ctx, question.id);
    }
    let mut checks = Checks::new();
    let statement = checks.check(validate::required("statement", &body.statement, 1000));
    let answers = check_answers("answers", &body.answers, Some(question.data.answers.len()), &mut checks);
    let explanation = checks.check(validate::optional("explanation", &body.explanation, 2000));
    checks.finish()?;
    let (statement, answers, explanation) = (statement.unwrap_or_default(), answers.unwrap_or_default(), explanation.unwrap_or_default());
    let answers = serde_json::to_string(&answers)?;
    let now = host::now();
    let existing: Option<i64> = sql::query_optional(
        "SELECT id FROM valkiria_translation WHERE business_id = $1 AND question_id = $2 AND language = $3",
        &params![ctx.business_id, question.id, language.clone()],
    )?;
    match existing {
        Some(id) => sql::execute(
            "UPDATE valkiria_translation SET statement = $1, answers = $2, explanation = $3, updated_at = $4 WHERE business_id = $5 AND id = $6",
            &params![statement, answers, explanation, now, ctx.business_id, id],
        )?,
        None => sql::execute(
            "INSERT INTO valkiria_translation (business_id, created_at, updated_at, question_id, language, statement, answers, explanation) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            &params![ctx.business_id, now.clone(), now, question.id, language, statement, answers, explanation],
        )?,
    };
    question_view(ctx, question.id)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct SearchQuery {
    #[serde(alias = "licence")]
    license: String,
    search: String,
    limit: Option<i64>,
}

/// `GET valkiria/test/question/search/{mode}`: the finder of the test editor.
fn question_search(ctx: &Ctx, req: &Req) -> Result<Vec<Value>> {
    let mode: String = req.param("mode")?;
    let query: SearchQuery = req.query()?;
    let licence = licence("license", &query.license)?;
    let limit = query.limit.unwrap_or(20);
    if !(1..=100).contains(&limit) {
        return Err(Error::invalid_field("limit", "El límite debe estar entre 1 y 100"));
    }
    let search = query.search.trim();
    let base = "SELECT id FROM valkiria_question WHERE business_id = $1 AND licence = $2 AND state <> 'deleted'";
    let mut params = params![ctx.business_id, licence.clone()];
    let mut counts: BTreeMap<i64, (i64, i64)> = BTreeMap::new();
    let ids: Vec<i64> = match mode.as_str() {
        "text" => {
            if search.chars().count() < 2 {
                return Err(Error::invalid_field("search", "Escriba al menos 2 caracteres"));
            }
            let mut statement = base.to_string();
            for word in text::words(search) {
                params.push(format!("%{}%", sql::like_escape(&word)).to_sql());
                statement.push_str(&format!(" AND search_text LIKE ${} ESCAPE '\\'", params.len()));
            }
            params.push(limit.to_sql());
            sql::query_as(&format!("{statement} ORDER BY id ASC LIMIT ${}", params.len()), &params)?
        }
        "reference" => {
            params.push(format!("{}%", sql::like_escape(&search.to_uppercase())).to_sql());
            params.push(limit.to_sql());
            sql::query_as(&format!("{base} AND UPPER(reference) LIKE $3 ESCAPE '\\' ORDER BY reference ASC, id ASC LIMIT $4"), &params)?
        }
        "block" => {
            let block: i64 = search.parse().map_err(|_| Error::invalid_field("search", "Indique el bloque (su id)"))?;
            match block_row(ctx, block)? {
                Some(b) if b.licence == licence => {}
                Some(b) => return Err(Error::invalid_field("search", format!("El bloque es del permiso {}", b.licence))),
                None => return Err(Error::invalid_field("search", "El bloque no existe")),
            }
            params.push(block.to_sql());
            params.push(limit.to_sql());
            sql::query_as(&format!("{base} AND block_id = $3 ORDER BY id ASC LIMIT $4"), &params)?
        }
        "failed" => {
            #[derive(Deserialize)]
            struct Failed {
                question_id: i64,
                answered: i64,
                failed: i64,
            }
            params.push(limit.to_sql());
            let rows: Vec<Failed> = sql::query_as(
                "SELECT a.question_id AS question_id, COUNT(*) AS answered, CAST(SUM(CASE WHEN a.correct THEN 0 ELSE 1 END) AS BIGINT) AS failed \
                 FROM valkiria_attempt_answer a \
                 JOIN valkiria_attempt t ON t.business_id = a.business_id AND t.id = a.attempt_id \
                 JOIN valkiria_question q ON q.business_id = a.business_id AND q.id = a.question_id \
                 WHERE a.business_id = $1 AND t.licence = $2 AND t.reset_id IS NULL AND q.state <> 'deleted' \
                 GROUP BY a.question_id HAVING SUM(CASE WHEN a.correct THEN 0 ELSE 1 END) > 0 \
                 ORDER BY failed DESC, answered DESC, question_id ASC LIMIT $3",
                &params,
            )?;
            rows.iter().for_each(|r| {
                counts.insert(r.question_id, (r.failed, r.answered));
            });
            rows.into_iter().map(|r| r.question_id).collect()
        }
        _ => return Err(Error::invalid_field("mode", "El modo de búsqueda debe ser text, reference, block o failed")),
    };
    let questions = question_rows(ctx, &distinct(ids.iter().copied()))?;
    let blocks = names(ctx, "valkiria_block", questions.values().map(|q| q.block_id))?;
    let languages = translation_languages(ctx, &ids)?;
    Ok(ids
        .iter()
        .filter_map(|id| questions.get(id))
        .map(|q| {
            let mut value = question_json(q, &blocks, &languages);
            if let Some((failed, answered)) = counts.get(&q.id) {
                value["failed"] = json!(failed);
                value["answered"] = json!(answered);
            }
            value
        })
        .collect())
}

// ---------------------------------------------------------------------------------------------
// Tests

/// `GET valkiria/test/questions` and what test writes answer: the test with its questions in
/// order, every field (the right answer too).
fn test_view(ctx: &Ctx, id: i64) -> Result<Value> {
    let test = test_row(ctx, id)?;
    let questions = question_rows(ctx, &distinct(test.question_ids.iter().copied()))?;
    let blocks = names(ctx, "valkiria_block", questions.values().map(|q| q.block_id).chain(test.block_id))?;
    let languages = translation_languages(ctx, &test.question_ids)?;
    let mut value = test.json(&today(), &blocks);
    value["questions"] = test
        .question_ids
        .iter()
        .enumerate()
        .filter_map(|(i, id)| questions.get(id).map(|q| (i, q)))
        .map(|(i, q)| {
            let mut item = question_json(q, &blocks, &languages);
            item["position"] = json!(i + 1);
            item
        })
        .collect();
    value["total"] = json!(test.question_ids.len());
    Ok(value)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct TestIdQuery {
    test_id: i64,
}

fn test_questions(ctx: &Ctx, req: &Req) -> Result<Value> {
    let query: TestIdQuery = req.query()?;
    if query.test_id <= 0 {
        return Err(Error::required("test_id"));
    }
    test_view(ctx, query.test_id)
}

fn test_create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let record = resource::create::<Test>(ctx, req.value()?)?;
    test_view(ctx, record.id)
}

/// `POST valkiria/test/update` (body's schema).
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct TestUpdate {
    pub id: i64,
    pub licence: Option<String>,
    pub name: Option<String>,
    pub kind: Option<String>,
    pub block_id: Option<i64>,
    pub question_ids: Option<Vec<i64>>,
    pub max_errors: Option<i64>,
    pub minutes: Option<i64>,
    pub expires_on: Option<String>,
    /// `active`, `inactive` or `deleted`.
    pub state: Option<String>,
}

fn test_update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    let state = take_state(&mut body)?;
    body.remove("id");
    update_with_state::<Test>(ctx, id, body, state.as_deref())?;
    test_view(ctx, id)
}

/// `POST valkiria/testexpire`: the test's last day (null: no end).
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct TestExpire {
    pub id: i64,
    /// The last day it may be taken; null: no end.
    pub expires_on: Option<String>,
}

fn test_expire(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    let Some(expires_on) = body.get("expires_on").cloned() else { return Err(Error::required("expires_on")) };
    if !(expires_on.is_null() || expires_on.is_string()) {
        return Err(Error::invalid_field("expires_on", "El campo expires_on debe ser una fecha AAAA-MM-DD"));
    }
    find_live::<Test>(ctx, id)?;
    let mut patch = serde_json::Map::new();
    patch.insert("expires_on".into(), expires_on);
    resource::update::<Test>(ctx, id, Value::Object(patch))?;
    test_view(ctx, id)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct BlockTestQuery {
    licence: String,
    block_id: Option<i64>,
    kind: String,
    state: String,
}

/// `GET valkiria/blocktest`: a licence's tests by name with their live attempts.
fn blocktest(ctx: &Ctx, req: &Req) -> Result<Vec<Value>> {
    let query: BlockTestQuery = req.query()?;
    let licence = licence("licence", &query.licence)?;
    let mut conditions = vec!["licence = $2".to_string()];
    let mut params = params![licence];
    if let Some(block) = query.block_id {
        params.push(block.to_sql());
        conditions.push(format!("block_id = ${}", params.len() + 1));
    }
    if !query.kind.is_empty() {
        let kind = validate::one_of("kind", &query.kind, &["block", "exam"])?;
        params.push(kind.to_sql());
        conditions.push(format!("kind = ${}", params.len() + 1));
    }
    match query.state.as_str() {
        "" => conditions.push("state <> 'deleted'".into()),
        "all" => {}
        state => {
            let state = validate::one_of("state", state, &["active", "inactive", "deleted"])?;
            params.push(state.to_sql());
            conditions.push(format!("state = ${}", params.len() + 1));
        }
    }
    let tests = test_rows(ctx, &conditions.join(" AND "), params)?;
    let ids: Vec<i64> = tests.iter().map(|t| t.id).collect();
    let stats = test_stats(ctx, &ids, None)?;
    let blocks = names(ctx, "valkiria_block", tests.iter().filter_map(|t| t.block_id))?;
    let today = today();
    Ok(tests
        .iter()
        .map(|t| {
            let mut value = t.json(&today, &blocks);
            let s = stats.get(&t.id).cloned().unwrap_or_default();
            value["attempts"] = json!(s.attempts);
            value["passed"] = json!(s.passed);
            value
        })
        .collect())
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct LanguageQuery {
    language: String,
}

/// `GET valkiria/test/translated/{id}`: the test as a student takes it, in a language, without
/// the right answers.
pub(crate) fn test_translated(ctx: &Ctx, req: &Req) -> Result<Value> {
    let id: i64 = req.param("id")?;
    let query: LanguageQuery = req.query()?;
    let language = crate::language(if query.language.trim().is_empty() { "es" } else { &query.language }, true)?;
    let test = test_row(ctx, id)?;
    if test.state == "deleted" {
        return Err(deleted::<Test>());
    }
    let questions = question_rows(ctx, &distinct(test.question_ids.iter().copied()))?;
    let translated = if language == "es" { BTreeMap::new() } else { translations(ctx, &test.question_ids, Some(&language))? };
    let items: Vec<Value> = test
        .question_ids
        .iter()
        .enumerate()
        .filter_map(|(i, id)| questions.get(id).map(|q| (i, q)))
        .map(|(i, q)| {
            let (statement, answers, done) = match translated.get(&q.id).and_then(|t| t.first()) {
                Some(t) => (&t.statement, &t.answers, true),
                None => (&q.statement, &q.answers, false),
            };
            json!({ "id": q.id, "position": i + 1, "statement": statement, "answers": answers, "translated": done || language == "es" })
        })
        .collect();
    Ok(json!({
        "id": test.id, "name": test.name, "licence": test.licence, "minutes": test.minutes, "max_errors": test.max_errors,
        "total": test.question_ids.len(), "language": language, "questions": items,
    }))
}

// ---------------------------------------------------------------------------------------------
// test/theory

/// `{id, name, questions, max_errors, …}` of a block's live tests.
fn theory_tests(tests: &[TestRow], block: i64, today: &str) -> Vec<Value> {
    tests
        .iter()
        .filter(|t| t.block_id == Some(block))
        .map(|t| {
            json!({ "id": t.id, "name": t.name, "questions": t.question_ids.len(), "max_errors": t.max_errors,
                    "minutes": t.minutes, "expires_on": t.expires_on, "expired": t.expired(today) })
        })
        .collect()
}

/// `GET test/theory/bloques/permiso/{id}`: a licence's live blocks in order, each with its live
/// tests.
fn theory_blocks(ctx: &Ctx, req: &Req) -> Result<Vec<Value>> {
    let licence = licence("id", &req.param::<String>("id")?)?;
    let blocks = live_blocks(ctx, std::slice::from_ref(&licence))?;
    let tests = test_rows(ctx, "licence = $2 AND kind = 'block' AND state <> 'deleted'", params![licence])?;
    let today = today();
    Ok(blocks
        .iter()
        .map(|b| {
            let mut value = b.json();
            value["tests"] = json!(theory_tests(&tests, b.id, &today));
            value
        })
        .collect())
}

/// `GET test/theory/bloque/test/{id}`: a block and its live tests.
fn theory_block(ctx: &Ctx, req: &Req) -> Result<Value> {
    let id: i64 = req.param("id")?;
    let block = block_row(ctx, id)?.ok_or_else(|| resource::not_found::<Block>(id))?;
    let tests = test_rows(ctx, "block_id = $2 AND state <> 'deleted'", params![id])?;
    let mut value = block.json();
    value["tests"] = json!(theory_tests(&tests, id, &today()));
    Ok(value)
}

pub fn routes(router: Router) -> Router {
    router
        .post("valkiria/temary/create", block_create)
        .post("valkiria/temary/update", block_update)
        .get("valkiria/blocktemary", blocktemary)
        .post("valkiria/question/create", question_create)
        .post("valkiria/question/update", question_update)
        .get("valkiria/test/question/search/{mode}", question_search)
        .get("valkiria/question/translated/{id}", |ctx, req| question_view(ctx, req.param("id")?))
        .post("valkiria/question/translated/update", translation_update)
        .post("valkiria/test/create", test_create)
        .post("valkiria/test/update", test_update)
        .get("valkiria/blocktest", blocktest)
        .get("valkiria/test/questions", test_questions)
        .get("valkiria/test/translated/{id}", test_translated)
        .post("valkiria/testexpire", test_expire)
        .get("test/theory/bloques/permiso/{id}", theory_blocks)
        .get("test/theory/bloque/test/{id}", theory_block)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_move_and_the_others_keep_their_order() {
        assert_eq!(arrange(&[1, 2, 3], 4, 0), [1, 2, 3, 4], "at the end");
        assert_eq!(arrange(&[1, 2, 3], 4, 1), [4, 1, 2, 3]);
        assert_eq!(arrange(&[1, 2, 3], 4, 4), [1, 2, 3, 4]);
        assert_eq!(arrange(&[1, 2, 3], 4, 9), [1, 2, 3, 4], "past the end: at the end");
        // Moving one already among them.
        assert_eq!(arrange(&[1, 2, 3, 4], 4, 2), [1, 4, 2, 3]);
        assert_eq!(arrange(&[1, 2, 3, 4], 1, 4), [2, 3, 4, 1]);
        assert_eq!(arrange(&[1, 2, 3, 4], 3, 3), [1, 2, 3, 4]);
        assert_eq!(arrange(&[], 7, 1), [7]);
    }

    #[test]
    fn answers_are_two_to_four_non_empty_texts() {
        let texts = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let mut checks = Checks::new();
        assert_eq!(check_answers("answers", &texts(&[" Sí ", "No"]), None, &mut checks), Some(texts(&["Sí", "No"])));
        assert!(checks.is_empty());
        for bad in [texts(&["Solo una"]), texts(&["a", "b", "c", "d", "e"])] {
            let mut checks = Checks::new();
            assert_eq!(check_answers("answers", &bad, None, &mut checks), None);
            let err = checks.finish().unwrap_err();
            assert_eq!((err.field(), err.details.as_str()), (Some("answers"), "Una pregunta tiene de 2 a 4 respuestas"));
        }
        let mut checks = Checks::new();
        let long = "x".repeat(501);
        assert_eq!(check_answers("answers", &texts(&["a", " ", &long]), None, &mut checks), None);
        let fields: Vec<String> = checks.finish().unwrap_err().into_list().iter().map(|e| e.field().unwrap().to_string()).collect();
        assert_eq!(fields, ["answers[1]", "answers[2]"]);
        // A translation has exactly the question's count.
        let mut checks = Checks::new();
        assert_eq!(check_answers("answers", &texts(&["Yes", "No"]), Some(3), &mut checks), None);
        assert_eq!(checks.finish().unwrap_err().details, "La traducción debe tener 3 respuestas, como la pregunta");
    }

    #[test]
    fn tests_know_when_they_expired() {
        let row = TestRow {
            id: 1,
            state: "active".into(),
            created_at: String::new(),
            updated_at: String::new(),
            licence: "B".into(),
            name: "T".into(),
            kind: "exam".into(),
            block_id: None,
            question_ids: vec![3, 1, 2],
            max_errors: 1,
            minutes: 30,
            expires_on: Some("2026-05-10".into()),
        };
        assert!(!row.expired("2026-05-10"), "the last day still counts");
        assert!(row.expired("2026-05-11"));
        let value = row.json("2026-05-11", &BTreeMap::new());
        assert_eq!((value["questions"].as_u64(), value["expired"].as_bool()), (Some(3), Some(true)));
        assert!(!TestRow { expires_on: None, ..row }.expired("2999-01-01"));
    }
}
