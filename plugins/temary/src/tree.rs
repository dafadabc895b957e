//! The syllabus's tree: themes in a syllabus, subthemes in a theme, sections in a subtheme. Each
//! is a [`Child`] kept at a position (1, 2, …) among its live siblings: created at the end or at
//! the position given, moved by updating `position`, and the others close up when one is deleted.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery};
use volante_plugin_sdk::{host, validate, Checks};

/// A record kept in order under a parent.
pub trait Child: Resource {
    /// The parent's column (`temary_id`).
    const PARENT: &'static str;
    /// The parent's table and its label for messages.
    const PARENT_TABLE: &'static str;
    const PARENT_LABEL: &'static str;
    fn parent(&self) -> i64;
    fn position(&self) -> i64;
}

/// A theme of a syllabus.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Theme {
    pub temary_id: i64,
    /// 1, 2, … among the syllabus's themes (the end when not given).
    pub position: i64,
    pub title: String,
    pub description: String,
}

/// A subtheme of a theme.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Subtheme {
    pub theme_id: i64,
    pub position: i64,
    pub title: String,
    pub description: String,
}

/// A section of a subtheme: the text a class goes through.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Section {
    pub subtheme_id: i64,
    pub position: i64,
    pub title: String,
    /// The section's text (at most 100,000 characters).
    pub content: String,
}

/// Title required (≤ 200) and a text of at most `max` characters.
fn check_texts(title: &mut String, text_field: &str, text: &mut String, max: usize) -> Result<()> {
    let mut checks = Checks::new();
    if let Some(clean) = checks.check(validate::required("title", title, 200)) {
        *title = clean;
    }
    if let Some(clean) = checks.check(validate::optional(text_field, text, max)) {
        *text = clean;
    }
    checks.finish()
}

macro_rules! child {
    ($ty:ty, $name:literal, $path:literal, $label:literal, $table:literal, $parent:ident, $parent_table:literal, $parent_label:literal, $text:ident, $max:expr) => {
        impl Resource for $ty {
            const NAME: &'static str = $name;
            const PATH: &'static str = $path;
            const LABEL: &'static str = $label;
            const TABLE: &'static str = $table;
            const SEARCH: &'static [&'static str] = &["title"];
            const ORDER_BY: &'static str = "position ASC, id ASC";

            fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
                check_texts(&mut self.title, stringify!($text), &mut self.$text, $max)
            }
        }

        impl Child for $ty {
            const PARENT: &'static str = stringify!($parent);
            const PARENT_TABLE: &'static str = $parent_table;
            const PARENT_LABEL: &'static str = $parent_label;
            fn parent(&self) -> i64 {
                self.$parent
            }
            fn position(&self) -> i64 {
                self.position
            }
        }
    };
}

/// A worksheet of a subtheme: a PDF or image of the document manager.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Sheet {
    pub subtheme_id: i64,
    pub position: i64,
    /// The file's name unless given.
    pub title: String,
    pub description: String,
    pub file_id: i64,
    pub content_type: String,
    pub size: i64,
}

/// A video of a subtheme (a video file of the document manager).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Video {
    pub subtheme_id: i64,
    pub position: i64,
    pub title: String,
    pub description: String,
    pub file_id: i64,
    pub content_type: String,
    pub size: i64,
}

child!(Theme, "temary_theme", "temary/theme", "Tema", "temary_theme", temary_id, "temary_temary", "El temario", description, 5000);
child!(Subtheme, "temary_subtheme", "temary/subtheme", "Subtema", "temary_subtheme", theme_id, "temary_theme", "El tema", description, 5000);
child!(Section, "temary_section", "temary/subtheme/section", "Sección", "temary_section", subtheme_id, "temary_subtheme", "El subtema", content, 100_000);
child!(Sheet, "temary_sheet", "temary/subtheme/sheet", "Ficha", "temary_sheet", subtheme_id, "temary_subtheme", "El subtema", description, 2000);
child!(Video, "temary_video", "temary/subtheme/video", "Vídeo", "temary_video", subtheme_id, "temary_subtheme", "El subtema", description, 2000);

/// How many live children `parent` has.
fn siblings<C: Child>(ctx: &Ctx, parent: i64) -> Result<i64> {
    sql::query_scalar(
        &format!("SELECT COUNT(*) FROM {} WHERE business_id = $1 AND {} = $2 AND state <> 'deleted'", C::TABLE, C::PARENT),
        &params![ctx.business_id, parent],
    )
}

/// Move the live siblings at positions `from..=to` by `by` (±1).
fn shift<C: Child>(ctx: &Ctx, parent: i64, from: i64, to: i64, by: i64) -> Result<()> {
    sql::execute(
        &format!(
            "UPDATE {} SET position = position + $1, updated_at = $2 WHERE business_id = $3 AND {} = $4 AND state <> 'deleted' AND position >= $5 AND position <= $6",
            C::TABLE,
            C::PARENT
        ),
        &params![by, host::now(), ctx.business_id, parent, from, to],
    )?;
    Ok(())
}

/// The position asked for in `body`, kept within `1..=last` (`last` when none).
fn wanted_position(body: &serde_json::Map<String, Value>, last: i64) -> Result<i64> {
    match body.get("position") {
        None | Some(Value::Null) => Ok(last),
        Some(v) => v.as_i64().map(|p| p.clamp(1, last.max(1))).ok_or_else(|| Error::invalid_field("position", "La posición debe ser un número")),
    }
}

/// Create a child of a live parent at the end, or at `position` (the others make room).
pub fn create<C: Child>(ctx: &Ctx, req: &Req) -> Result<i64> {
    create_from::<C>(ctx, req.value()?)
}

/// [`create`] from a JSON object of fields.
pub fn create_from<C: Child>(ctx: &Ctx, body: Value) -> Result<i64> {
    let mut body = resource::object(body)?;
    let parent = body.get(C::PARENT).and_then(Value::as_i64).ok_or_else(|| Error::required(C::PARENT))?;
    let live: Option<i64> = sql::query_optional(
        &format!("SELECT id FROM {} WHERE business_id = $1 AND id = $2 AND state <> 'deleted'", C::PARENT_TABLE),
        &params![ctx.business_id, parent],
    )?;
    if live.is_none() {
        return Err(Error::invalid_field(C::PARENT, format!("{} no existe", C::PARENT_LABEL)));
    }
    let count = siblings::<C>(ctx, parent)?;
    let position = wanted_position(&body, count + 1)?;
    // A refusal below rolls the whole call back, the room made included.
    shift::<C>(ctx, parent, position, count, 1)?;
    body.insert("position".into(), json!(position));
    Ok(resource::create::<C>(ctx, Value::Object(body))?.id)
}

/// Update `id`'s fields; a new `position` moves it among its siblings (its parent stays).
pub fn update<C: Child>(ctx: &Ctx, req: &Req) -> Result<i64> {
    let mut body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    body.remove(C::PARENT);
    let existing = resource::find::<C>(ctx, id)?;
    if existing.state == "deleted" {
        return Err(Error::conflict(format!("{} está eliminado", C::LABEL)));
    }
    let parent = existing.data.parent();
    let old = existing.data.position();
    // Without a `position` it stays where it is.
    let new = match body.get("position") {
        None | Some(Value::Null) => old,
        Some(_) => wanted_position(&body, siblings::<C>(ctx, parent)?)?,
    };
    body.insert("position".into(), json!(new));
    if new < old {
        shift::<C>(ctx, parent, new, old - 1, 1)?;
    } else if new > old {
        shift::<C>(ctx, parent, old + 1, new, -1)?;
    }
    resource::update::<C>(ctx, id, Value::Object(body))?;
    Ok(id)
}

/// Mark `id` deleted; the siblings after it close up.
pub fn delete<C: Child>(ctx: &Ctx, req: &Req) -> Result<i64> {
    let body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    let existing = resource::find::<C>(ctx, id)?;
    if existing.state != "deleted" {
        resource::delete::<C>(ctx, id)?;
        shift::<C>(ctx, existing.data.parent(), existing.data.position() + 1, i64::MAX, -1)?;
    }
    Ok(id)
}

/// `parent`'s live children in order.
pub fn children<C: Child>(ctx: &Ctx, parent: i64) -> Result<Vec<Record<C>>> {
    let mut all = Vec::new();
    let mut page = 1;
    loop {
        let query = ListQuery { page: Some(page), per_page: Some(500), order: Some("position".into()), ..ListQuery::default() };
        let found = resource::list_where::<C>(ctx, &query, Some(&format!("{} = ${{}}", C::PARENT)), params![parent])?;
        let done = found.to >= found.total;
        all.extend(found.items);
        if done {
            return Ok(all);
        }
        page += 1;
    }
}

/// The live children of each of `parents`, in the parents' order and then their own: one read
/// per 500 parents (and per 500 children), not one per parent.
pub fn children_of_many<C: Child>(ctx: &Ctx, parents: &[i64]) -> Result<Vec<Record<C>>> {
    let mut distinct = parents.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let mut all = Vec::new();
    for chunk in distinct.chunks(500) {
        let condition = format!("{} IN ({})", C::PARENT, vec!["${}"; chunk.len()].join(", "));
        let mut page = 1;
        loop {
            let query = ListQuery { page: Some(page), per_page: Some(500), ..ListQuery::default() };
            let values = chunk.iter().map(|id| id.to_sql()).collect();
            let found = resource::list_where::<C>(ctx, &query, Some(&condition), values)?;
            let done = found.to >= found.total || found.items.is_empty();
            all.extend(found.items);
            if done {
                break;
            }
            page += 1;
        }
    }
    Ok(in_parent_order(all, parents, |c| c.data.parent()))
}

/// `records` (each parent's in their own order) grouped by parent in the order of `parents`.
pub fn in_parent_order<T>(mut records: Vec<T>, parents: &[i64], parent_of: impl Fn(&T) -> i64) -> Vec<T> {
    let mut ranks = std::collections::BTreeMap::new();
    for (i, parent) in parents.iter().enumerate() {
        ranks.entry(*parent).or_insert(i);
    }
    // Stable: each parent's children keep the order they were read in.
    records.sort_by_key(|r| ranks.get(&parent_of(r)).copied().unwrap_or(usize::MAX));
    records
}

/// Live children per parent: `[(parent, count)]`.
pub fn counts<C: Child>(ctx: &Ctx) -> Result<Vec<(i64, i64)>> {
    #[derive(Deserialize)]
    struct Row {
        parent: i64,
        n: i64,
    }
    let rows: Vec<Row> = sql::query_as(
        &format!("SELECT {} AS parent, COUNT(*) AS n FROM {} WHERE business_id = $1 AND state <> 'deleted' GROUP BY {}", C::PARENT, C::TABLE, C::PARENT),
        &params![ctx.business_id],
    )?;
    Ok(rows.into_iter().map(|r| (r.parent, r.n)).collect())
}

/// Put `parent`'s live children in the order of `ids`, which must name each of them once
/// (`ids`: "Indique todas las fichas del subtema, cada una una vez").
pub fn reorder<C: Child>(ctx: &Ctx, parent: i64, ids: &[i64], what: &str) -> Result<()> {
    let current: Vec<i64> = children::<C>(ctx, parent)?.into_iter().map(|c| c.id).collect();
    let mut given = ids.to_vec();
    given.sort_unstable();
    given.dedup();
    let mut expected = current.clone();
    expected.sort_unstable();
    if given.len() != ids.len() || given != expected {
        return Err(Error::invalid_field("ids", format!("Indique todas las {what} del subtema, cada una una vez")));
    }
    let now = host::now();
    for (i, id) in ids.iter().enumerate() {
        sql::execute(
            &format!("UPDATE {} SET position = $1, updated_at = $2 WHERE business_id = $3 AND id = $4", C::TABLE),
            &params![i as i64 + 1, now, ctx.business_id, *id],
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_of_many_parents_come_in_the_parents_order() {
        // Read in position order across parents; grouped by parent as asked, each keeping its own.
        let read = vec![(7, "a1"), (3, "b1"), (7, "a2"), (9, "c1"), (3, "b2")];
        let ordered = in_parent_order(read, &[3, 9, 7, 3], |r| r.0);
        assert_eq!(ordered.iter().map(|r| r.1).collect::<Vec<_>>(), ["b1", "b2", "c1", "a1", "a2"]);
        // A child of a parent not asked for goes last.
        let ordered = in_parent_order(vec![(1, "x"), (2, "y")], &[2], |r| r.0);
        assert_eq!(ordered.iter().map(|r| r.1).collect::<Vec<_>>(), ["y", "x"]);
    }

    #[test]
    fn positions_asked_for_are_kept_within_the_list() {
        let body = |v: Value| resource::object(v).unwrap();
        assert_eq!(wanted_position(&body(json!({})), 4).unwrap(), 4);
        assert_eq!(wanted_position(&body(json!({ "position": null })), 4).unwrap(), 4);
        assert_eq!(wanted_position(&body(json!({ "position": 2 })), 4).unwrap(), 2);
        assert_eq!(wanted_position(&body(json!({ "position": 0 })), 4).unwrap(), 1);
        assert_eq!(wanted_position(&body(json!({ "position": 99 })), 4).unwrap(), 4);
        assert_eq!(wanted_position(&body(json!({ "position": 3 })), 0).unwrap(), 1);
        assert_eq!(wanted_position(&body(json!({ "position": "x" })), 4).unwrap_err().field(), Some("position"));
    }
}
