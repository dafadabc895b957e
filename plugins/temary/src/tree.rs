//! The syllabus's tree: themes in a syllabus, subthemes in a theme, sections in a subtheme. Each
//! is a [`Child`] kept at a position (1, 2, …) among its live siblings (the SDK's `order`):
//! created at the end or at the position given, moved by updating `position`, and the others close
//! up when one is deleted.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::order::{self, Ordered};
use volante_plugin_sdk::resource;
use volante_plugin_sdk::{host, validate, Checks};

pub use volante_plugin_sdk::order::{children, children_of_many, counts};

/// A record kept in order under a parent, which must be live when it is created.
pub trait Child: Ordered {
    /// The parent's table and its label for messages.
    const PARENT_TABLE: &'static str;
    const PARENT_LABEL: &'static str;
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
    ($ty:ty, $name:literal, $path:literal, $label:literal, $feminine:literal, $table:literal, $parent:ident, $parent_table:literal, $parent_label:literal, $text:ident, $max:expr) => {
        impl Resource for $ty {
            const NAME: &'static str = $name;
            const PATH: &'static str = $path;
            const LABEL: &'static str = $label;
            const FEMININE: bool = $feminine;
            const TABLE: &'static str = $table;
            const SEARCH: &'static [&'static str] = &["title"];
            const ORDER_BY: &'static str = "position ASC, id ASC";

            fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
                check_texts(&mut self.title, stringify!($text), &mut self.$text, $max)
            }
        }

        impl Ordered for $ty {
            const PARENT: &'static str = stringify!($parent);
            fn parent(&self) -> i64 {
                self.$parent
            }
            fn position(&self) -> i64 {
                self.position
            }
        }

        impl Child for $ty {
            const PARENT_TABLE: &'static str = $parent_table;
            const PARENT_LABEL: &'static str = $parent_label;
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

child!(Theme, "temary_theme", "temary/theme", "Tema", false, "temary_theme", temary_id, "temary_temary", "El temario", description, 5000);
child!(Subtheme, "temary_subtheme", "temary/subtheme", "Subtema", false, "temary_subtheme", theme_id, "temary_theme", "El tema", description, 5000);
child!(Section, "temary_section", "temary/subtheme/section", "Sección", true, "temary_section", subtheme_id, "temary_subtheme", "El subtema", content, 100_000);
child!(Sheet, "temary_sheet", "temary/subtheme/sheet", "Ficha", true, "temary_sheet", subtheme_id, "temary_subtheme", "El subtema", description, 2000);
child!(Video, "temary_video", "temary/subtheme/video", "Vídeo", false, "temary_video", subtheme_id, "temary_subtheme", "El subtema", description, 2000);

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
    // A refusal below rolls the whole call back, the room made included.
    let position = order::make_room::<C>(ctx, parent, order::asked(&body)?)?;
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
        return Err(resource::deleted::<C>());
    }
    // Without a `position` it stays where it is.
    let position = order::move_to::<C>(ctx, &existing.data, order::asked(&body)?)?;
    body.insert("position".into(), json!(position));
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
        order::close_up::<C>(ctx, existing.data.parent(), existing.data.position())?;
    }
    Ok(id)
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
