//! A content's lessons: the live subthemes of its syllabi, in order, read from the temary module
//! (`temary.book`, `temary.materials`); and the figures of a student's progress through them.

use std::collections::BTreeMap;

use volante_plugin_sdk::host::log;
use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::plugins;

/// The temary module's plugin id (and its service's).
pub const TEMARY: &str = "temary";

/// `CONFLICT-000`'s text when the temary module is off.
pub const OFF: &str = "El módulo de temarios no está activo";

pub fn off() -> Error {
    Error::conflict(OFF).with_data(json!({ "module": TEMARY }))
}

/// Call one of the temary module's functions: `CONFLICT-000` when the module is off (or the host
/// does not pass the call on); otherwise its answer, or its refusal's text.
fn call<T: serde::de::DeserializeOwned>(ctx: &Ctx, function: &str, args: &Value) -> Result<std::result::Result<T, String>> {
    if !ctx.has_service(TEMARY) {
        return Err(off());
    }
    match plugins::try_call::<_, T>(TEMARY, function, args) {
        Ok(answer) => Ok(Ok(answer)),
        Err(reason) if plugins::refused_by_host(&reason) => {
            log::warn(&format!("{TEMARY}/{function}: {reason}"));
            Err(off())
        }
        Err(reason) => Ok(Err(reason)),
    }
}

/// The syllabus `id` in outline (its parts without their text), whatever its status:
/// `Ok(Err(reason))` when the temary module refuses it (not the business's, or deleted).
pub fn book(ctx: &Ctx, id: i64) -> Result<std::result::Result<Value, String>> {
    call(ctx, "temary.book", &json!({ "id": id, "any_status": true, "outline": true }))
}

/// A subtheme's sections (with their text), sheets and videos, or `None` when it is gone.
pub fn materials(ctx: &Ctx, subtheme_id: i64) -> Result<Option<Value>> {
    let answer: Value = call(ctx, "temary.materials", &json!({ "subthemes": [subtheme_id] }))?.map_err(Error::internal)?;
    Ok(answer["subthemes"].as_array().and_then(|s| s.first()).filter(|s| s["state"] == "active" || s["state"] == "inactive").cloned())
}

/// One lesson of a content.
#[derive(Debug, Clone, PartialEq)]
pub struct Lesson {
    /// The subtheme's id.
    pub id: i64,
    pub title: String,
    pub theme_id: i64,
    pub theme: String,
    pub syllabus_id: i64,
    pub syllabus: String,
}

/// A content's syllabi as answers show them, and its lessons in order.
#[derive(Debug, Default, Clone)]
pub struct Outline {
    pub syllabi: Vec<Value>,
    pub lessons: Vec<Lesson>,
}

impl Outline {
    /// Read the syllabi `temary_ids` (in that order) from the temary module.
    pub fn read(ctx: &Ctx, temary_ids: &[i64]) -> Result<Outline> {
        let mut books = Vec::new();
        for id in temary_ids {
            books.push((*id, book(ctx, *id)?.ok()));
        }
        Ok(Outline::from_books(&books))
    }

    /// The outline of some syllabi as the temary module answered them (`None`: gone).
    pub fn from_books(books: &[(i64, Option<Value>)]) -> Outline {
        let mut outline = Outline::default();
        for (id, book) in books {
            let Some(book) = book else {
                outline.syllabi.push(json!({ "id": id, "name": null, "category": null, "status": null, "state": "deleted", "themes": [] }));
                continue;
            };
            let name = book["name"].as_str().unwrap_or_default().to_string();
            let mut themes = Vec::new();
            for theme in book["themes"].as_array().into_iter().flatten() {
                let theme_id = theme["id"].as_i64().unwrap_or_default();
                let theme_title = theme["title"].as_str().unwrap_or_default().to_string();
                let mut subthemes = Vec::new();
                for subtheme in theme["subthemes"].as_array().into_iter().flatten() {
                    let lesson = Lesson {
                        id: subtheme["id"].as_i64().unwrap_or_default(),
                        title: subtheme["title"].as_str().unwrap_or_default().to_string(),
                        theme_id,
                        theme: theme_title.clone(),
                        syllabus_id: *id,
                        syllabus: name.clone(),
                    };
                    subthemes.push(json!({ "id": lesson.id, "title": lesson.title }));
                    // A syllabus listed twice would repeat its lessons; they count once.
                    if !outline.lessons.iter().any(|l| l.id == lesson.id) {
                        outline.lessons.push(lesson);
                    }
                }
                themes.push(json!({ "id": theme_id, "title": theme_title, "subthemes": subthemes }));
            }
            outline.syllabi.push(json!({
                "id": id, "name": name, "category": book["category"], "status": book["status"], "state": book["state"], "themes": themes,
            }));
        }
        outline
    }

    pub fn total(&self) -> usize {
        self.lessons.len()
    }

    /// How many lessons, from the first, are open with `percentage`.
    pub fn open_count(&self, percentage: i64) -> usize {
        open_count(self.total(), percentage)
    }

    /// Whether lesson `id` is one of the first `open` lessons.
    pub fn is_open(&self, id: i64, percentage: i64) -> bool {
        let open = self.open_count(percentage);
        self.lessons.iter().take(open).any(|l| l.id == id)
    }

    /// The position of lesson `id` in the content.
    pub fn position(&self, id: i64) -> Option<usize> {
        self.lessons.iter().position(|l| l.id == id)
    }
}

/// The lessons open with `percentage` of `total`: `ceil(total × percentage / 100)`.
pub fn open_count(total: usize, percentage: i64) -> usize {
    let percentage = percentage.clamp(0, 100) as usize;
    (total * percentage).div_ceil(100)
}

/// A student's progress: the share of the content's lessons done, rounded down (0 without lessons).
pub fn progress(total: usize, done: usize) -> i64 {
    if total == 0 {
        0
    } else {
        (done.min(total) * 100 / total) as i64
    }
}

/// The lessons each assignment marked done, with when: `assignment id → subtheme id → done_at`.
pub type Done = BTreeMap<i64, BTreeMap<i64, String>>;

/// The lessons done by these assignments.
pub fn done_of(ctx: &Ctx, assignment_ids: &[i64]) -> Result<Done> {
    let mut done = Done::new();
    if assignment_ids.is_empty() {
        return Ok(done);
    }
    #[derive(Deserialize)]
    struct Row {
        assignment_id: i64,
        subtheme_id: i64,
        done_at: String,
    }
    let mut params = params![ctx.business_id];
    let list = sql::id_list(&mut params, assignment_ids);
    let rows: Vec<Row> = sql::query_as(
        &format!("SELECT assignment_id, subtheme_id, done_at FROM formative_progress WHERE business_id = $1 AND assignment_id IN ({list})"),
        &params,
    )?;
    for row in rows {
        done.entry(row.assignment_id).or_default().insert(row.subtheme_id, row.done_at);
    }
    Ok(done)
}

/// How many of the outline's lessons are in `done`.
pub fn done_count(outline: &Outline, done: Option<&BTreeMap<i64, String>>) -> usize {
    done.map_or(0, |d| outline.lessons.iter().filter(|l| d.contains_key(&l.id)).count())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book(id: i64, themes: Value) -> (i64, Option<Value>) {
        (id, Some(json!({ "id": id, "name": format!("Temario {id}"), "category": "B", "status": "publish", "state": "active", "themes": themes })))
    }

    #[test]
    fn lessons_are_the_subthemes_in_the_syllabi_order() {
        let outline = Outline::from_books(&[
            book(2, json!([{ "id": 20, "title": "Señales", "subthemes": [{ "id": 201, "title": "Verticales" }, { "id": 202, "title": "Marcas" }] }])),
            (9, None),
            book(1, json!([{ "id": 10, "title": "El vehículo", "subthemes": [{ "id": 101, "title": "Frenos" }] }, { "id": 11, "title": "Vacío", "subthemes": [] }])),
        ]);
        let ids: Vec<i64> = outline.lessons.iter().map(|l| l.id).collect();
        assert_eq!(ids, vec![201, 202, 101]);
        assert_eq!(outline.lessons[2].theme, "El vehículo");
        assert_eq!(outline.lessons[2].syllabus, "Temario 1");
        assert_eq!(outline.syllabi.len(), 3);
        assert_eq!(outline.syllabi[1]["state"], "deleted");
        assert_eq!(outline.syllabi[2]["themes"][1]["subthemes"], json!([]));
        assert_eq!(outline.position(101), Some(2));
    }

    #[test]
    fn the_open_lessons_are_the_first_ones_rounded_up() {
        assert_eq!(open_count(10, 100), 10);
        assert_eq!(open_count(10, 25), 3);
        assert_eq!(open_count(10, 1), 1);
        assert_eq!(open_count(3, 50), 2);
        assert_eq!(open_count(0, 100), 0);
        assert_eq!(open_count(7, 150), 7);
        let outline = Outline::from_books(&[book(1, json!([{ "id": 10, "title": "T", "subthemes": [{ "id": 1, "title": "a" }, { "id": 2, "title": "b" }, { "id": 3, "title": "c" }] }]))]);
        assert!(outline.is_open(2, 50));
        assert!(!outline.is_open(3, 50));
        assert!(!outline.is_open(99, 100));
    }

    #[test]
    fn progress_is_rounded_down_and_counts_only_lessons_that_still_exist() {
        assert_eq!(progress(3, 2), 66);
        assert_eq!(progress(10, 9), 90);
        assert_eq!(progress(10, 10), 100);
        assert_eq!(progress(0, 0), 0);
        let outline = Outline::from_books(&[book(1, json!([{ "id": 10, "title": "T", "subthemes": [{ "id": 1, "title": "a" }, { "id": 2, "title": "b" }] }]))]);
        let done: BTreeMap<i64, String> = [(1, "x".to_string()), (77, "y".to_string())].into_iter().collect();
        assert_eq!(done_count(&outline, Some(&done)), 1);
        assert_eq!(done_count(&outline, None), 0);
    }
}
