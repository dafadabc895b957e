//! The question bank as the provider copies it from a model school into another
//! (`[[copies]]` kind `blocktest`, the spec's `business/clonblocktest`): every live block with
//! its live questions, their translations and the block's tests, then the exam tests. Students,
//! attempts and doubts stay where they are.
//!
//! Items name each other by natural keys, never by the source's ids: a block by its licence and
//! name, a question by its licence and statement, a test by its licence and name (names and
//! statements compared with accents, case and punctuation aside). What the target already has
//! is skipped, so a second copy adds only what is new. A question keeps its reference unless
//! the target uses it for another question (automatic references, `P-<id>`, repeat from school
//! to school); it then gets one of its own. A block with many questions comes in parts
//! (`QUESTIONS_PER_CHUNK`); its tests come with its last part.

use std::collections::BTreeMap;

use volante_plugin_sdk::copy::{self, Chunk, ExportArgs, Imported};
use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource;
use volante_plugin_sdk::{text, Error};

use crate::bank::{self, Block, Question, Test, TestRow};

pub const KIND: &str = "blocktest";
const QUESTIONS_PER_CHUNK: usize = 300;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(tag = "item", rename_all = "snake_case")]
pub enum Item {
    /// A block (or a part of one: `first` is false after its first part).
    Block {
        licence: String,
        name: String,
        description: String,
        first: bool,
        questions: Vec<CopiedQuestion>,
        tests: Vec<CopiedTest>,
    },
    /// A test of any of the licence's questions.
    Exam(CopiedTest),
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct CopiedQuestion {
    pub reference: String,
    pub statement: String,
    pub answers: Vec<String>,
    pub correct: i64,
    pub explanation: String,
    pub translations: Vec<CopiedTranslation>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct CopiedTranslation {
    pub language: String,
    pub statement: String,
    pub answers: Vec<String>,
    pub explanation: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct CopiedTest {
    pub licence: String,
    pub name: String,
    /// The questions' statements, in the test's order.
    pub questions: Vec<String>,
    pub max_errors: i64,
    pub minutes: i64,
}

/// Where an export goes on: in the blocks (`b:<block id>:<last question id>`, 0 for a block
/// not started) or in the exam tests (`e:<last test id>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cursor {
    Blocks { block: i64, question: i64 },
    Exams { test: i64 },
}

impl Cursor {
    fn parse(args: &ExportArgs) -> Result<Cursor> {
        let Some(after) = &args.after else {
            return Ok(Cursor::Blocks { block: 0, question: 0 });
        };
        let bad = || Error::malformed(format!("copy.export: cursor `{after}` no válido"));
        let parts: Vec<&str> = after.split(':').collect();
        let number = |s: &str| s.parse::<i64>().map_err(|_| bad());
        match parts.as_slice() {
            ["b", block, question] => Ok(Cursor::Blocks { block: number(block)?, question: number(question)? }),
            ["e", test] => Ok(Cursor::Exams { test: number(test)? }),
            _ => Err(bad()),
        }
    }

    fn text(self) -> String {
        match self {
            Cursor::Blocks { block, question } => format!("b:{block}:{question}"),
            Cursor::Exams { test } => format!("e:{test}"),
        }
    }
}

fn copied_test(row: &TestRow, statements: &BTreeMap<i64, String>) -> CopiedTest {
    CopiedTest {
        licence: row.licence.clone(),
        name: row.name.clone(),
        questions: row.question_ids.iter().filter_map(|id| statements.get(id).cloned()).collect(),
        max_errors: row.max_errors,
        minutes: row.minutes,
    }
}

/// The statements of some questions.
fn statements(ctx: &Ctx, ids: &[i64]) -> Result<BTreeMap<i64, String>> {
    Ok(bank::question_rows(ctx, ids)?.into_iter().map(|(id, q)| (id, q.statement)).collect())
}

/// `copy.export`: the next chunk.
pub fn export(ctx: &Ctx, args: &ExportArgs) -> Result<Chunk<Item>> {
    match Cursor::parse(args)? {
        Cursor::Blocks { block, question } => export_block(ctx, block, question),
        Cursor::Exams { test } => export_exams(ctx, test),
    }
}

fn export_block(ctx: &Ctx, after_block: i64, after_question: i64) -> Result<Chunk<Item>> {
    #[derive(Deserialize)]
    struct BlockRow {
        id: i64,
        licence: String,
        name: String,
        description: String,
    }
    // A block under way goes on; otherwise the next one.
    let (condition, from) = if after_question > 0 { ("id = $2", after_block) } else { ("id > $2", after_block) };
    let block: Option<BlockRow> = sql::query_optional(
        &format!("SELECT id, licence, name, description FROM valkiria_block WHERE business_id = $1 AND state <> 'deleted' AND {condition} ORDER BY id LIMIT 1"),
        &params![ctx.business_id, from],
    )?;
    let Some(block) = block else {
        return export_exams(ctx, 0);
    };
    let mut rows: Vec<bank::QuestionRow> = sql::query_as(
        "SELECT id, state, block_id, licence, reference, statement, answers, correct, explanation FROM valkiria_question
          WHERE business_id = $1 AND block_id = $2 AND state <> 'deleted' AND id > $3 ORDER BY id LIMIT $4",
        &params![ctx.business_id, block.id, after_question, QUESTIONS_PER_CHUNK as i64 + 1],
    )?;
    let more = rows.len() > QUESTIONS_PER_CHUNK;
    rows.truncate(QUESTIONS_PER_CHUNK);
    let ids: Vec<i64> = rows.iter().map(|q| q.id).collect();
    let mut translations = bank::translations(ctx, &ids, None)?;
    let last = rows.last().map(|q| q.id).unwrap_or(after_question);
    let questions = rows
        .into_iter()
        .map(|q| CopiedQuestion {
            translations: translations
                .remove(&q.id)
                .unwrap_or_default()
                .into_iter()
                .map(|t| CopiedTranslation { language: t.language, statement: t.statement, answers: t.answers, explanation: t.explanation })
                .collect(),
            reference: q.reference,
            statement: q.statement,
            answers: q.answers,
            correct: q.correct,
            explanation: q.explanation,
        })
        .collect();
    let tests = if more {
        Vec::new()
    } else {
        let rows = bank::test_rows(ctx, "state <> 'deleted' AND kind = 'block' AND block_id = $2", params![block.id])?;
        let ids: Vec<i64> = rows.iter().flat_map(|t| t.question_ids.iter().copied()).collect();
        let statements = statements(ctx, &ids)?;
        rows.iter().map(|t| copied_test(t, &statements)).collect()
    };
    let item = Item::Block { licence: block.licence, name: block.name, description: block.description, first: after_question == 0, questions, tests };
    let next = if more { Cursor::Blocks { block: block.id, question: last } } else { Cursor::Blocks { block: block.id, question: 0 } };
    Ok(Chunk { items: vec![item], after: Some(next.text()) })
}

const EXAMS_PER_CHUNK: i64 = 100;

fn export_exams(ctx: &Ctx, after: i64) -> Result<Chunk<Item>> {
    let mut rows: Vec<TestRow> = bank::test_rows(ctx, "state <> 'deleted' AND kind = 'exam' AND id > $2", params![after])?;
    rows.sort_by_key(|t| t.id);
    let more = rows.len() as i64 > EXAMS_PER_CHUNK;
    rows.truncate(EXAMS_PER_CHUNK as usize);
    let ids: Vec<i64> = rows.iter().flat_map(|t| t.question_ids.iter().copied()).collect();
    let statements = statements(ctx, &ids)?;
    let items = rows.iter().map(|t| Item::Exam(copied_test(t, &statements))).collect();
    let after = if more { rows.last().map(|t| Cursor::Exams { test: t.id }.text()) } else { None };
    Ok(Chunk { items, after })
}

/// The target's live questions by licence and folded statement, read once per licence and
/// call, and kept up to date as questions are made.
#[derive(Default)]
struct Known {
    by_licence: BTreeMap<String, BTreeMap<String, i64>>,
    /// The live tests' folded names, by licence.
    tests: BTreeMap<String, std::collections::BTreeSet<String>>,
}

impl Known {
    fn of(&mut self, ctx: &Ctx, licence: &str) -> Result<&mut BTreeMap<String, i64>> {
        if !self.by_licence.contains_key(licence) {
            #[derive(Deserialize)]
            struct Row {
                id: i64,
                statement: String,
            }
            let rows: Vec<Row> = sql::query_as(
                "SELECT id, statement FROM valkiria_question WHERE business_id = $1 AND licence = $2 AND state <> 'deleted' ORDER BY id",
                &params![ctx.business_id, licence],
            )?;
            let mut map = BTreeMap::new();
            for row in rows {
                map.entry(text::fold(&row.statement)).or_insert(row.id);
            }
            self.by_licence.insert(licence.to_string(), map);
        }
        Ok(self.by_licence.get_mut(licence).expect("just read"))
    }

    fn tests_of(&mut self, ctx: &Ctx, licence: &str) -> Result<&mut std::collections::BTreeSet<String>> {
        if !self.tests.contains_key(licence) {
            let names = bank::test_rows(ctx, "state <> 'deleted' AND licence = $2", params![licence])?.iter().map(|t| text::fold(&t.name)).collect();
            self.tests.insert(licence.to_string(), names);
        }
        Ok(self.tests.get_mut(licence).expect("just read"))
    }
}

/// `copy.import`: blocks, questions and tests the business does not have yet.
pub fn import(ctx: &Ctx, items: Vec<Item>) -> Result<Imported> {
    let mut imported = Imported::default();
    let mut known = Known::default();
    for item in items {
        match item {
            Item::Block { licence, name, description, first, questions, tests } => {
                let (block_id, created) = ensure_block(ctx, &licence, &name, &description)?;
                if first {
                    imported.add(one(created));
                }
                for question in questions {
                    imported.add(import_question(ctx, &mut known, &licence, block_id, question)?);
                }
                for test in tests {
                    imported.add(import_test(ctx, &mut known, Some(block_id), test)?);
                }
            }
            Item::Exam(test) => imported.add(import_test(ctx, &mut known, None, test)?),
        }
    }
    Ok(imported)
}

fn one(created: bool) -> Imported {
    if created {
        Imported { created: 1, skipped: 0 }
    } else {
        Imported { created: 0, skipped: 1 }
    }
}

/// The live block of `licence` named `name` (accents and case aside), made at the end of the
/// licence's blocks when there is none.
fn ensure_block(ctx: &Ctx, licence: &str, name: &str, description: &str) -> Result<(i64, bool)> {
    #[derive(Deserialize)]
    struct Named {
        id: i64,
        name: String,
    }
    let blocks: Vec<Named> = sql::query_as(
        "SELECT id, name FROM valkiria_block WHERE business_id = $1 AND licence = $2 AND state <> 'deleted' ORDER BY id",
        &params![ctx.business_id, licence],
    )?;
    let key = text::fold(name);
    if let Some(found) = blocks.iter().find(|b| text::fold(&b.name) == key) {
        return Ok((found.id, false));
    }
    let mut block = Block { licence: licence.into(), name: name.into(), description: description.into(), position: 0 };
    block.prepare(ctx, None)?;
    let record = resource::insert(ctx, block)?;
    bank::place(ctx, &record.data.licence, Some(record.id), 0)?;
    Ok((record.id, true))
}

/// A question unless the licence has one with its statement; with its translations.
fn import_question(ctx: &Ctx, known: &mut Known, licence: &str, block_id: i64, copied: CopiedQuestion) -> Result<Imported> {
    let key = text::fold(&copied.statement);
    if known.of(ctx, licence)?.contains_key(&key) {
        return Ok(one(false));
    }
    // Another question of the target has the reference: this one gets its own.
    let reference = if !copied.reference.is_empty() && bank::reference_taken(ctx, &copied.reference, 0)? { String::new() } else { copied.reference };
    let mut question = Question {
        block_id,
        licence: String::new(),
        reference,
        statement: copied.statement,
        answers: copied.answers,
        correct: Some(copied.correct),
        explanation: copied.explanation,
    };
    question.prepare(ctx, None)?;
    let answers = question.answers.len();
    let record = resource::insert(ctx, question)?;
    bank::ensure_reference(ctx, record.id)?;
    known.of(ctx, licence)?.insert(key, record.id);
    let now = volante_plugin_sdk::host::now();
    for t in copied.translations.into_iter().filter(|t| t.answers.len() == answers && crate::LANGUAGES.contains(&t.language.as_str())) {
        sql::execute(
            "INSERT INTO valkiria_translation (business_id, created_at, updated_at, question_id, language, statement, answers, explanation)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            &params![ctx.business_id, now.clone(), now.clone(), record.id, t.language, t.statement, serde_json::to_string(&t.answers)?, t.explanation],
        )?;
    }
    Ok(one(true))
}

/// A test unless the business has a live one of its licence with its name. Its questions are
/// found by statement; a test whose questions the business does not have as the test needs
/// them (all of them, in its block for a block's test) is skipped, not made with fewer.
fn import_test(ctx: &Ctx, known: &mut Known, block_id: Option<i64>, copied: CopiedTest) -> Result<Imported> {
    let key = text::fold(&copied.name);
    if known.tests_of(ctx, &copied.licence)?.contains(&key) || copied.questions.is_empty() {
        return Ok(one(false));
    }
    let bank = known.of(ctx, &copied.licence)?;
    let ids: Option<Vec<i64>> = copied.questions.iter().map(|statement| bank.get(&text::fold(statement)).copied()).collect();
    let Some(question_ids) = ids else {
        return Ok(one(false));
    };
    let mut test = Test {
        licence: copied.licence,
        name: copied.name,
        kind: if block_id.is_some() { "block" } else { "exam" }.into(),
        block_id,
        question_ids,
        max_errors: Some(copied.max_errors),
        minutes: Some(copied.minutes),
        expires_on: None,
    };
    if test.prepare(ctx, None).is_err() {
        return Ok(one(false));
    }
    let licence = test.licence.clone();
    resource::insert(ctx, test)?;
    known.tests_of(ctx, &licence)?.insert(key);
    Ok(one(true))
}

pub fn invoke(ctx: &Ctx, function: &str, args_json: &str) -> Option<std::result::Result<String, String>> {
    match function {
        copy::EXPORT => Some(copy::answer(copy::export_args(args_json).and_then(|args| export(ctx, &args)))),
        copy::IMPORT => Some(copy::answer(copy::import_args(args_json).and_then(|args| import(ctx, args.items)))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip() {
        let args = |after: Option<&str>| ExportArgs { kind: KIND.into(), after: after.map(String::from) };
        assert_eq!(Cursor::parse(&args(None)).unwrap(), Cursor::Blocks { block: 0, question: 0 });
        for cursor in [Cursor::Blocks { block: 4, question: 300 }, Cursor::Exams { test: 9 }] {
            assert_eq!(Cursor::parse(&args(Some(&cursor.text()))).unwrap(), cursor);
        }
        for bad in ["x", "b:1", "e:x", "b:1:2:3"] {
            assert!(Cursor::parse(&args(Some(bad))).is_err(), "{bad}");
        }
    }

    #[test]
    fn items_name_each_other_by_natural_keys() {
        let item = Item::Exam(CopiedTest { licence: "B".into(), name: "Examen 1".into(), questions: vec!["¿Qué indica la señal?".into()], max_errors: 3, minutes: 30 });
        let json = serde_json::to_value(&item).unwrap();
        assert_eq!(json["item"], "exam");
        assert_eq!(serde_json::from_value::<Item>(json).unwrap(), item);
    }
}
