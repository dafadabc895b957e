//! The reports: the students who reached 90 % of their content (`/report/formative/90/list`),
//! and how far a content's students get in each of its blocks (`/report/formative/blocks/list`).

use std::collections::BTreeMap;

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page};
use volante_plugin_sdk::sql::SqlValue;
use volante_plugin_sdk::time::{self, SpanishZone};
use volante_plugin_sdk::validate;

use crate::assignments::{assignments_json, live_of_content, Assignment};
use crate::lessons::{self, Done, Outline};
use crate::Content;

/// The progress a student must reach for the school to count the content as studied.
pub const MILESTONE: i64 = 90;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct NinetyQuery {
    content_id: Option<i64>,
    from: Option<String>,
    to: Option<String>,
}

/// A local date's first instant as a stored timestamp.
fn local_midnight(date: &str) -> Result<String> {
    let secs = SpanishZone::Peninsula.midnight(date).ok_or_else(|| Error::internal("date out of the calendar"))?;
    Ok(time::format_utc(secs).replace('Z', ".000Z"))
}

/// `GET formative/report/90`: the students who reached 90 %, newest first.
fn ninety(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: NinetyQuery = req.query()?;
    let mut list = ListQuery::from_query(req)?;
    list.state = Some("all".into());
    list.order = Some("-reached_90_at".into());
    let mut condition = "reached_90_at IS NOT NULL AND state <> 'deleted'".to_string();
    let mut params: Vec<SqlValue> = Vec::new();
    if let Some(id) = q.content_id {
        resource::find::<Content>(ctx, id).map_err(|e| e.with_data(json!({ "field": "content_id" })))?;
        condition.push_str(" AND content_id = ${}");
        params.push(id.to_sql());
    }
    if let Some(from) = validate::optional_date("from", q.from)? {
        condition.push_str(" AND reached_90_at >= ${}");
        params.push(local_midnight(&from)?.to_sql());
    }
    if let Some(to) = validate::optional_date("to", q.to)? {
        let next = time::add_days(&to, 1).ok_or_else(|| Error::internal("date out of the calendar"))?;
        condition.push_str(" AND reached_90_at < ${}");
        params.push(local_midnight(&next)?.to_sql());
    }
    let page = resource::list_where::<Assignment>(ctx, &list, Some(&condition), params)?;
    let mut items = assignments_json(ctx, &page.items)?;
    let mut hours: BTreeMap<i64, i64> = BTreeMap::new();
    for item in &mut items {
        let content_id = item["content_id"].as_i64().unwrap_or_default();
        if !hours.contains_key(&content_id) {
            hours.insert(content_id, resource::find::<Content>(ctx, content_id)?.data.hours);
        }
        item["hours"] = json!(hours[&content_id]);
    }
    Ok(serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct BlocksQuery {
    content_id: Option<i64>,
}

/// One block's figures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Block {
    pub syllabus_id: i64,
    pub syllabus: String,
    pub theme_id: i64,
    pub title: String,
    pub lessons: usize,
    pub students: usize,
    pub started: usize,
    pub completed: usize,
    /// The average share of the block done, 0 to 100 with one decimal.
    pub average: f64,
}

/// Per block (a theme of the syllabi) of `outline`, in order: of these assignments, how many
/// started it, finished it, and the average share done.
pub fn blocks(outline: &Outline, assignment_ids: &[i64], done: &Done) -> Vec<Block> {
    let mut blocks: Vec<Block> = Vec::new();
    for lesson in &outline.lessons {
        match blocks.iter_mut().find(|b| b.theme_id == lesson.theme_id) {
            Some(b) => b.lessons += 1,
            None => blocks.push(Block {
                syllabus_id: lesson.syllabus_id,
                syllabus: lesson.syllabus.clone(),
                theme_id: lesson.theme_id,
                title: lesson.theme.clone(),
                lessons: 1,
                students: assignment_ids.len(),
                started: 0,
                completed: 0,
                average: 0.0,
            }),
        }
    }
    for block in &mut blocks {
        let ids: Vec<i64> = outline.lessons.iter().filter(|l| l.theme_id == block.theme_id).map(|l| l.id).collect();
        let mut shares = 0.0;
        for a in assignment_ids {
            let n = done.get(a).map_or(0, |d| ids.iter().filter(|id| d.contains_key(id)).count());
            if n > 0 {
                block.started += 1;
            }
            if n == ids.len() {
                block.completed += 1;
            }
            shares += n as f64 * 100.0 / ids.len() as f64;
        }
        if !assignment_ids.is_empty() {
            block.average = (shares / assignment_ids.len() as f64 * 10.0).round() / 10.0;
        }
    }
    blocks
}

/// `GET formative/report/blocks?content_id=`.
fn blocks_report(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: BlocksQuery = req.query()?;
    let id = q.content_id.ok_or_else(|| Error::required("content_id"))?;
    let content = resource::find::<Content>(ctx, id).map_err(|e| e.with_data(json!({ "field": "content_id" })))?;
    let outline = Outline::read(ctx, &content.data.temary_ids)?;
    let ids: Vec<i64> = live_of_content(ctx, id)?.iter().map(|a| a.id).collect();
    let done = lessons::done_of(ctx, &ids)?;
    Ok(json!({
        "content": { "id": content.id, "name": content.data.name, "hours": content.data.hours },
        "students": ids.len(),
        "lessons": outline.total(),
        "blocks": blocks(&outline, &ids, &done),
    }))
}

pub fn routes(router: Router) -> Router {
    router.get("formative/report/90", ninety).get("formative/report/blocks", blocks_report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_count_who_started_and_finished_each_theme() {
        let outline = Outline::from_books(&[(
            1,
            Some(json!({ "name": "Temario B", "themes": [
                { "id": 10, "title": "Señales", "subthemes": [{ "id": 1, "title": "a" }, { "id": 2, "title": "b" }] },
                { "id": 11, "title": "Normas", "subthemes": [{ "id": 3, "title": "c" }] },
            ] })),
        )]);
        let mut done = Done::new();
        done.entry(100).or_default().extend([(1, String::new()), (2, String::new()), (3, String::new())]);
        done.entry(101).or_default().insert(1, String::new());
        let report = blocks(&outline, &[100, 101, 102], &done);
        assert_eq!(report.len(), 2);
        assert_eq!((report[0].title.as_str(), report[0].lessons, report[0].started, report[0].completed), ("Señales", 2, 2, 1));
        assert_eq!(report[0].average, 50.0);
        assert_eq!((report[1].started, report[1].completed, report[1].average), (1, 1, 33.3));
        assert!(blocks(&outline, &[], &Done::new()).iter().all(|b| b.average == 0.0 && b.students == 0));
    }
}
