//! The functions other plugins call (manifest `exports`), answered in `Plugin::invoke`: the
//! published syllabi as the classroom's digital books (`temary.books`), one book whole
//! (`temary.book`) and the parts a class refers to (`temary.materials`). The guided-classes
//! module (`plugins/guided`) is their user. They read only: the caller's own module and
//! permission decide who may call them, and every read is the current business's.

use std::collections::BTreeMap;

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery};
use volante_plugin_sdk::sql::id_list;
use volante_plugin_sdk::text;

use crate::tree::{self, Section, Sheet, Subtheme, Theme, Video};
use crate::Temary;

/// At most this many ids in each list of `temary.materials`.
pub const MAX_IDS: usize = 1000;

/// Answer an exported function: its JSON, or the refusal's Spanish text.
pub fn invoke(ctx: &Ctx, function: &str, args_json: &str) -> std::result::Result<String, String> {
    let answer = match function {
        "temary.books" => args(args_json).and_then(|a| books(ctx, &a)).map(Value::Array),
        "temary.book" => args(args_json).and_then(|a| book(ctx, &a)),
        "temary.materials" => args(args_json).and_then(|a| materials(ctx, &a)),
        other => return Err(format!("unknown function `{other}`")),
    };
    answer.map_err(|e| e.details).and_then(|value| serde_json::to_string(&value).map_err(|e| e.to_string()))
}

fn args<T: serde::de::DeserializeOwned>(json: &str) -> Result<T> {
    let json = if json.trim().is_empty() { "{}" } else { json };
    serde_json::from_str(json).map_err(|e| Error::invalid_field("", format!("Argumentos no válidos: {e}")))
}

/// `temary.books` arguments.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct BooksArgs {
    /// Words looked for (folded) in the name, description and category, from 2 characters.
    pub search: String,
    /// Only this category (exact).
    pub category: String,
}

/// `temary.books`: the live syllabi with status `publish`, by (folded) name, each
/// `{id, name, description, category, themes, subthemes, sheets, videos}` with how many live
/// parts it holds (a part under a deleted theme or subtheme is not counted).
pub fn books(ctx: &Ctx, args: &BooksArgs) -> Result<Vec<Value>> {
    let mut query = ListQuery { search: args.search.clone(), per_page: Some(500), ..ListQuery::default() };
    query.filter.insert("status".into(), json!("publish"));
    let category = args.category.trim();
    if !category.is_empty() {
        query.filter.insert("category".into(), json!(category));
    }
    let mut found = Vec::new();
    let mut page = 1;
    loop {
        query.page = Some(page);
        let read = resource::list::<Temary>(ctx, &query)?;
        let done = read.to >= read.total || read.items.is_empty();
        found.extend(read.items);
        if done {
            break;
        }
        page += 1;
    }
    found.sort_by_cached_key(|b| (text::fold(&b.data.name), b.id));
    let counts = part_counts(ctx)?;
    Ok(found
        .into_iter()
        .map(|b| {
            let [themes, subthemes, sheets, videos] = counts.get(&b.id).copied().unwrap_or_default();
            json!({
                "id": b.id, "name": b.data.name, "description": b.data.description, "category": b.data.category,
                "themes": themes, "subthemes": subthemes, "sheets": sheets, "videos": videos,
            })
        })
        .collect())
}

/// Live themes, subthemes, sheets and videos per syllabus of the business (a part counts when
/// it and every part above it are live), read in one crossing.
fn part_counts(ctx: &Ctx) -> Result<BTreeMap<i64, [i64; 4]>> {
    const LIVE_THEME: &str = "JOIN temary_theme t ON t.id = s.theme_id AND t.business_id = s.business_id AND t.state <> 'deleted'";
    let statements = [
        "SELECT t.temary_id AS book, COUNT(*) AS n FROM temary_theme t WHERE t.business_id = $1 AND t.state <> 'deleted' GROUP BY t.temary_id".to_string(),
        format!("SELECT t.temary_id AS book, COUNT(*) AS n FROM temary_subtheme s {LIVE_THEME} WHERE s.business_id = $1 AND s.state <> 'deleted' GROUP BY t.temary_id"),
        format!(
            "SELECT t.temary_id AS book, COUNT(*) AS n FROM temary_sheet m \
             JOIN temary_subtheme s ON s.id = m.subtheme_id AND s.business_id = m.business_id AND s.state <> 'deleted' {LIVE_THEME} \
             WHERE m.business_id = $1 AND m.state <> 'deleted' GROUP BY t.temary_id"
        ),
        format!(
            "SELECT t.temary_id AS book, COUNT(*) AS n FROM temary_video m \
             JOIN temary_subtheme s ON s.id = m.subtheme_id AND s.business_id = m.business_id AND s.state <> 'deleted' {LIVE_THEME} \
             WHERE m.business_id = $1 AND m.state <> 'deleted' GROUP BY t.temary_id"
        ),
    ];
    let reads: Vec<sql::BatchRead> = statements.into_iter().map(|s| sql::read(s, params![ctx.business_id])).collect();
    #[derive(Deserialize)]
    struct Count {
        book: i64,
        n: i64,
    }
    let mut counts: BTreeMap<i64, [i64; 4]> = BTreeMap::new();
    for (i, answer) in sql::query_batch(&reads)?.into_iter().enumerate() {
        for row in sql::rows_as::<Count>(answer.rows()?)? {
            counts.entry(row.book).or_default()[i] = row.n;
        }
    }
    Ok(counts)
}

/// `temary.book` arguments.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct BookArgs {
    pub id: i64,
    /// Read it whatever its status (a group's book may still be in development); otherwise only a
    /// published one.
    pub any_status: bool,
    /// Sections without their text (`{id, title}`): for outlines and pickers.
    pub outline: bool,
}

/// `temary.book`: a live syllabus with its live parts in order:
/// `{id, name, description, category, status, state, themes: [{id, position, title,
/// subthemes: [{id, position, title, sections: [{id, title, content}], sheets: [{id, title,
/// description, content_type, file_id, size}], videos: [...]}]}]}`. Refused (with its text) when
/// it is not the business's, deleted, or not published without `any_status`.
pub fn book(ctx: &Ctx, args: &BookArgs) -> Result<Value> {
    let Some(book) = resource::find_optional::<Temary>(ctx, args.id)? else {
        return Err(Error::not_found("Temario"));
    };
    if book.state == "deleted" {
        return Err(Error::conflict("El temario está eliminado"));
    }
    if book.data.status != "publish" && !args.any_status {
        return Err(Error::conflict("El temario no está publicado"));
    }
    let themes = tree::children::<Theme>(ctx, book.id)?;
    let subthemes = tree::children_of_many::<Subtheme>(ctx, &ids(&themes))?;
    let parts = Parts::read(ctx, &ids(&subthemes), args.outline)?;
    let themes: Vec<Value> = themes
        .iter()
        .map(|t| {
            let subthemes: Vec<Value> = subthemes
                .iter()
                .filter(|s| s.data.theme_id == t.id)
                .map(|s| {
                    let mut subtheme = json!({ "id": s.id, "position": s.data.position, "title": s.data.title });
                    parts.fill(&mut subtheme, s.id);
                    subtheme
                })
                .collect();
            json!({ "id": t.id, "position": t.data.position, "title": t.data.title, "subthemes": subthemes })
        })
        .collect();
    Ok(json!({
        "id": book.id, "name": book.data.name, "description": book.data.description, "category": book.data.category,
        "status": book.data.status, "state": book.state, "themes": themes,
    }))
}

fn ids<R>(records: &[Record<R>]) -> Vec<i64> {
    records.iter().map(|r| r.id).collect()
}

/// The sections, sheets and videos of some subthemes (live ones, in order).
struct Parts {
    sections: Vec<Record<Section>>,
    sheets: Vec<Record<Sheet>>,
    videos: Vec<Record<Video>>,
    outline: bool,
}

impl Parts {
    fn read(ctx: &Ctx, subthemes: &[i64], outline: bool) -> Result<Parts> {
        if subthemes.is_empty() {
            return Ok(Parts { sections: Vec::new(), sheets: Vec::new(), videos: Vec::new(), outline });
        }
        Ok(Parts {
            sections: tree::children_of_many::<Section>(ctx, subthemes)?,
            sheets: tree::children_of_many::<Sheet>(ctx, subthemes)?,
            videos: tree::children_of_many::<Video>(ctx, subthemes)?,
            outline,
        })
    }

    /// Put `subtheme`'s `sections`, `sheets` and `videos` into its object.
    fn fill(&self, object: &mut Value, subtheme: i64) {
        object["sections"] = self
            .sections
            .iter()
            .filter(|s| s.data.subtheme_id == subtheme)
            .map(|s| if self.outline { json!({ "id": s.id, "title": s.data.title }) } else { json!({ "id": s.id, "title": s.data.title, "content": s.data.content }) })
            .collect();
        object["sheets"] = self.sheets.iter().filter(|m| m.data.subtheme_id == subtheme).map(|m| sheet_json(m.id, &m.data)).collect();
        object["videos"] = self.videos.iter().filter(|m| m.data.subtheme_id == subtheme).map(|m| video_json(m.id, &m.data)).collect();
    }
}

fn sheet_json(id: i64, m: &Sheet) -> Value {
    json!({ "id": id, "title": m.title, "description": m.description, "content_type": m.content_type, "file_id": m.file_id, "size": m.size })
}

fn video_json(id: i64, m: &Video) -> Value {
    json!({ "id": id, "title": m.title, "description": m.description, "content_type": m.content_type, "file_id": m.file_id, "size": m.size })
}

/// `temary.materials` arguments: the ids asked for, at most [`MAX_IDS`] in each list.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct MaterialsArgs {
    pub subthemes: Vec<i64>,
    pub sheets: Vec<i64>,
    pub videos: Vec<i64>,
}

/// `temary.materials`: each asked-for part of the business that exists, with its `state`
/// (`deleted` when it or any part above it, its syllabus included, is deleted), so the caller
/// can tell a part that is gone:
/// `{subthemes: [{id, title, state, theme: {id, title}, temary_id, sections: [{id, title,
/// content}], sheets, videos}], sheets: [{id, title, description, file_id, content_type, size,
/// state, subtheme: {id, title}, temary_id}], videos: [...]}`. A deleted subtheme comes without
/// its parts.
pub fn materials(ctx: &Ctx, args: &MaterialsArgs) -> Result<Value> {
    for (field, list) in [("subthemes", &args.subthemes), ("sheets", &args.sheets), ("videos", &args.videos)] {
        if list.len() > MAX_IDS {
            return Err(Error::invalid_field(field, format!("Se admiten como máximo {MAX_IDS} ids por lista")));
        }
    }
    let subthemes = subtheme_rows(ctx, &distinct(&args.subthemes))?;
    let live: Vec<i64> = subthemes.iter().filter(|s| s.state() == "active" || s.state() == "inactive").map(|s| s.id).collect();
    let parts = Parts::read(ctx, &live, false)?;
    let live_set: std::collections::BTreeSet<i64> = live.iter().copied().collect();
    let subthemes: Vec<Value> = subthemes
        .iter()
        .map(|s| {
            let mut value = json!({
                "id": s.id, "title": s.title, "state": s.state(), "theme": { "id": s.theme_id, "title": s.theme_title },
                "temary_id": s.temary_id, "sections": [], "sheets": [], "videos": [],
            });
            if live_set.contains(&s.id) {
                parts.fill(&mut value, s.id);
            }
            value
        })
        .collect();
    Ok(json!({
        "subthemes": subthemes,
        "sheets": material_rows(ctx, "temary_sheet", &distinct(&args.sheets))?,
        "videos": material_rows(ctx, "temary_video", &distinct(&args.videos))?,
    }))
}

fn distinct(ids: &[i64]) -> Vec<i64> {
    let mut ids: Vec<i64> = ids.iter().copied().filter(|id| *id > 0).collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// A part's state as the caller should take it: `deleted` when it or anything above it is;
/// its own otherwise (`states`: its own first, then its parents').
pub fn effective_state(states: &[&str]) -> String {
    if states.contains(&"deleted") {
        "deleted".into()
    } else {
        states.first().copied().unwrap_or("deleted").to_string()
    }
}

#[derive(Deserialize)]
struct SubthemeRow {
    id: i64,
    title: String,
    state: String,
    theme_id: i64,
    theme_title: String,
    theme_state: String,
    temary_id: i64,
    temary_state: String,
}

impl SubthemeRow {
    fn state(&self) -> String {
        effective_state(&[&self.state, &self.theme_state, &self.temary_state])
    }
}

fn subtheme_rows(ctx: &Ctx, ids: &[i64]) -> Result<Vec<SubthemeRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut params = params![ctx.business_id];
    let list = id_list(&mut params, ids);
    sql::query_as(
        &format!(
            "SELECT s.id, s.title, s.state, t.id AS theme_id, t.title AS theme_title, t.state AS theme_state, \
             b.id AS temary_id, b.state AS temary_state \
             FROM temary_subtheme s \
             JOIN temary_theme t ON t.id = s.theme_id AND t.business_id = s.business_id \
             JOIN temary_temary b ON b.id = t.temary_id AND b.business_id = t.business_id \
             WHERE s.business_id = $1 AND s.id IN ({list}) ORDER BY s.id"
        ),
        &params,
    )
}

#[derive(Deserialize)]
struct MaterialRow {
    id: i64,
    title: String,
    description: String,
    file_id: i64,
    content_type: String,
    size: i64,
    state: String,
    subtheme_id: i64,
    subtheme_title: String,
    subtheme_state: String,
    theme_state: String,
    temary_id: i64,
    temary_state: String,
}

/// The sheets or videos (`table`) `ids`, each with its subtheme and syllabus.
fn material_rows(ctx: &Ctx, table: &str, ids: &[i64]) -> Result<Vec<Value>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut params = params![ctx.business_id];
    let list = id_list(&mut params, ids);
    let rows: Vec<MaterialRow> = sql::query_as(
        &format!(
            "SELECT m.id, m.title, m.description, m.file_id, m.content_type, m.size, m.state, \
             s.id AS subtheme_id, s.title AS subtheme_title, s.state AS subtheme_state, t.state AS theme_state, \
             b.id AS temary_id, b.state AS temary_state \
             FROM {table} m \
             JOIN temary_subtheme s ON s.id = m.subtheme_id AND s.business_id = m.business_id \
             JOIN temary_theme t ON t.id = s.theme_id AND t.business_id = s.business_id \
             JOIN temary_temary b ON b.id = t.temary_id AND b.business_id = t.business_id \
             WHERE m.business_id = $1 AND m.id IN ({list}) ORDER BY m.id"
        ),
        &params,
    )?;
    Ok(rows
        .into_iter()
        .map(|m| {
            json!({
                "id": m.id, "title": m.title, "description": m.description, "file_id": m.file_id,
                "content_type": m.content_type, "size": m.size,
                "state": effective_state(&[&m.state, &m.subtheme_state, &m.theme_state, &m.temary_state]),
                "subtheme": { "id": m.subtheme_id, "title": m.subtheme_title }, "temary_id": m.temary_id,
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_is_gone_when_anything_above_it_is() {
        assert_eq!(effective_state(&["active", "active", "active"]), "active");
        assert_eq!(effective_state(&["inactive", "active"]), "inactive");
        assert_eq!(effective_state(&["active", "deleted", "active"]), "deleted");
        assert_eq!(effective_state(&["active", "active", "deleted"]), "deleted");
        assert_eq!(effective_state(&[]), "deleted");
    }

    #[test]
    fn ids_are_asked_for_once_each() {
        assert_eq!(distinct(&[5, 3, 5, 0, -1, 3, 9]), [3, 5, 9]);
        assert!(distinct(&[]).is_empty());
    }

    #[test]
    fn arguments_default_and_refuse_what_is_not_json() {
        let books: BooksArgs = args("").unwrap();
        assert_eq!((books.search.as_str(), books.category.as_str()), ("", ""));
        let book: BookArgs = args(r#"{"id": 7, "any_status": true}"#).unwrap();
        assert_eq!((book.id, book.any_status, book.outline), (7, true, false));
        let materials: MaterialsArgs = args(r#"{"sheets": [1, 2]}"#).unwrap();
        assert_eq!((materials.subthemes.len(), materials.sheets, materials.videos.len()), (0, vec![1, 2], 0));
        assert!(args::<BookArgs>("{").is_err());
        assert!(args::<MaterialsArgs>(r#"{"sheets": "1"}"#).is_err());
    }

    #[test]
    fn too_many_ids_are_refused_before_any_read() {
        let ctx = Ctx { business_id: 1, ..Ctx::default() };
        let err = materials(&ctx, &MaterialsArgs { videos: (1..=1001).collect(), ..MaterialsArgs::default() }).unwrap_err();
        assert_eq!((err.field(), err.details.as_str()), (Some("videos"), "Se admiten como máximo 1000 ids por lista"));
    }

    #[test]
    fn unknown_functions_are_named() {
        assert_eq!(invoke(&Ctx::default(), "temary.nothing", "{}").unwrap_err(), "unknown function `temary.nothing`");
    }
}
