//! A class's resources, in order: what the teacher projects one after another. A subtheme of the
//! book (its sections' text, its sheets and videos), one sheet or video of it, a web link or a
//! note of their own. The spec's `clase/guiada/recurso/add/` calls; each answers the class.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource;
use volante_plugin_sdk::{from_value, validate, Checks};

use crate::books::{self, Materials};
use crate::classes;
use volante_plugin_sdk::order::{self, Ordered};
use crate::{body_ref, checks, drop_keys, drop_nulls, find_live, record_value};

/// A resource's kinds: three of the book, a link and a note.
pub const KINDS: &[&str] = &["subtheme", "sheet", "video", "link", "note"];

/// A resource of a class.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct ClassResource {
    pub class_id: i64,
    /// 1, 2, … among the class's live resources.
    pub position: i64,
    /// `subtheme`, `sheet`, `video`, `link` or `note`.
    pub kind: String,
    /// At most 200 characters; for the book's kinds, the part's own title when empty.
    pub title: String,
    /// The book's subtheme (`subtheme`).
    pub subtheme_id: Option<i64>,
    /// The book's sheet (`sheet`).
    pub sheet_id: Option<i64>,
    /// The book's video (`video`).
    pub video_id: Option<i64>,
    /// `link`: `http` or `https`, at most 500 characters.
    pub url: String,
    /// `note`: at most 4000 characters.
    pub text: String,
}

impl Resource for ClassResource {
    const NAME: &'static str = "guided_resource";
    const PATH: &'static str = "clase/guiada/recurso/add";
    const LABEL: &'static str = "Recurso";
    const TABLE: &'static str = "guided_resource";
    const ORDER_BY: &'static str = "position ASC, id ASC";

    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        self.check_fields()
    }
}


impl Ordered for ClassResource {
    const PARENT: &'static str = "class_id";
    fn parent(&self) -> i64 {
        self.class_id
    }
    fn position(&self) -> i64 {
        self.position
    }
}

/// The field holding the book's part for a kind of the book, and how to ask for it.
pub fn part_field(kind: &str) -> Option<(&'static str, &'static str)> {
    match kind {
        "subtheme" => Some(("subtheme_id", "Indique el subtema del libro")),
        "sheet" => Some(("sheet_id", "Indique la ficha del libro")),
        "video" => Some(("video_id", "Indique el vídeo del libro")),
        _ => None,
    }
}

impl ClassResource {
    /// The book's part it shows (the book's kinds only).
    pub fn part(&self) -> Option<i64> {
        match self.kind.as_str() {
            "subtheme" => self.subtheme_id,
            "sheet" => self.sheet_id,
            "video" => self.video_id,
            _ => None,
        }
    }

    /// The checks of the fields themselves (no reads), every bad field at once. What a kind does
    /// not use is emptied (a link keeps no part of the book, a subtheme no address).
    pub fn check_fields(&mut self) -> Result<()> {
        let mut checks = Checks::new();
        let kind = checks.check(validate::one_of("kind", self.kind.trim(), KINDS));
        if let Some(title) = checks.check(validate::optional("title", &self.title, 200)) {
            self.title = title;
        }
        let Some(kind) = kind else { return checks.finish() };
        self.kind = kind.to_string();
        let keep = |id: Option<i64>, wanted: &str| id.filter(|id| *id > 0 && kind == wanted);
        (self.subtheme_id, self.sheet_id, self.video_id) = (keep(self.subtheme_id, "subtheme"), keep(self.sheet_id, "sheet"), keep(self.video_id, "video"));
        if let Some((field, ask)) = part_field(kind) {
            if self.part().is_none() {
                checks.push(Error::invalid_field(field, ask));
            }
        }
        if kind == "link" {
            if let Some(url) = checks.check(checks::url("url", &self.url)) {
                self.url = url;
            }
        } else {
            self.url.clear();
        }
        if kind == "note" {
            if let Some(text) = checks.check(validate::required("text", &self.text, 4000)) {
                self.text = text;
            }
        } else {
            self.text.clear();
        }
        checks.finish()
    }
}

/// `clase/guiada/recurso/add/create` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct NewResource {
    pub class_id: i64,
    /// `subtheme`, `sheet`, `video`, `link` or `note`.
    pub kind: String,
    /// Where it goes among the class's resources (the end when not given).
    pub position: Option<i64>,
    pub title: String,
    pub subtheme_id: Option<i64>,
    pub sheet_id: Option<i64>,
    pub video_id: Option<i64>,
    pub url: String,
    pub text: String,
}

/// `clase/guiada/recurso/add/update` body: the fields that change (the kind and the book's part
/// stay).
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct ResourceUpdate {
    pub id: i64,
    pub title: Option<String>,
    /// A link's address.
    pub url: Option<String>,
    /// A note's text.
    pub text: Option<String>,
    /// Moves it among the class's resources.
    pub position: Option<i64>,
}

/// The resources as the classroom shows them: each record with `content` (a book's part as the
/// temary module reads it, null for links and notes) and `missing` (a part deleted from the book,
/// or the temary module off).
pub fn shown(ctx: &Ctx, items: &[Record<ClassResource>]) -> Result<Vec<Value>> {
    let parts = |kind: &str| -> Vec<i64> { items.iter().filter(|r| r.data.kind == kind).filter_map(|r| r.data.part()).collect() };
    let materials = Materials::read(ctx, &parts("subtheme"), &parts("sheet"), &parts("video"))?;
    items
        .iter()
        .map(|item| {
            let mut value = record_value(item)?;
            let content = item.data.part().map(|id| materials.get(&item.data.kind, id).cloned());
            if item.data.title.is_empty() {
                if let Some(Some(part)) = &content {
                    value["title"] = part["title"].clone();
                }
            }
            value["missing"] = json!(matches!(content, Some(None)));
            value["content"] = content.flatten().unwrap_or(Value::Null);
            Ok(value)
        })
        .collect()
}

/// The book's own title of `item`'s part, when it can be read.
fn part_title(ctx: &Ctx, item: &ClassResource) -> Result<Option<String>> {
    let Some(id) = item.part() else { return Ok(None) };
    let one = [id];
    let none: [i64; 0] = [];
    let materials = match item.kind.as_str() {
        "subtheme" => Materials::read(ctx, &one, &none, &none)?,
        "sheet" => Materials::read(ctx, &none, &one, &none)?,
        _ => Materials::read(ctx, &none, &none, &one)?,
    };
    Ok(materials.get(&item.kind, id).and_then(|p| p["title"].as_str()).map(short_title))
}

/// A part's title as a resource's (at most 200 characters).
fn short_title(title: &str) -> String {
    title.chars().take(200).collect()
}

fn create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    drop_nulls(&mut body);
    let class_id = body_ref(&body, "class_id")?;
    let asked = order::asked(&body)?;
    drop_keys(&mut body, &["class_id", "position"]);
    let new: NewResource = from_value(Value::Object(body))?;
    let (class, group) = classes::live_with_group(ctx, class_id)?;
    let mut item = ClassResource {
        class_id: class.id,
        position: 0,
        kind: new.kind,
        title: new.title,
        subtheme_id: new.subtheme_id,
        sheet_id: new.sheet_id,
        video_id: new.video_id,
        url: new.url,
        text: new.text,
    };
    item.check_fields()?;
    if let (Some((field, _)), Some(part)) = (part_field(&item.kind), item.part()) {
        let title = books::check_part(ctx, &group.data, &item.kind, field, part)?;
        if item.title.is_empty() {
            item.title = short_title(&title);
        }
    }
    item.position = order::make_room::<ClassResource>(ctx, class.id, asked)?;
    resource::insert::<ClassResource>(ctx, item)?;
    classes::detail(ctx, class.id)
}

fn update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    let item = find_live::<ClassResource>(ctx, id)?;
    let (class, _) = classes::live_with_group(ctx, item.data.class_id)?;
    let asked = order::asked(&body)?;
    drop_keys(&mut body, &["class_id", "position", "kind", "subtheme_id", "sheet_id", "video_id"]);
    // A book's part whose title is emptied shows the book's own title again.
    if body.get("title").and_then(Value::as_str).is_some_and(|t| t.trim().is_empty()) {
        if let Some(title) = part_title(ctx, &item.data)? {
            body.insert("title".into(), json!(title));
        }
    }
    let position = order::move_to::<ClassResource>(ctx, &item.data, asked)?;
    body.insert("position".into(), json!(position));
    resource::update::<ClassResource>(ctx, id, Value::Object(body))?;
    classes::detail(ctx, class.id)
}

/// `clase/guiada/recurso/add/delete`: the resource leaves the class; the others close up.
fn delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let id = resource::body_id(&resource::object(req.value()?)?)?;
    let item = find_live::<ClassResource>(ctx, id)?;
    let (class, _) = classes::live_with_group(ctx, item.data.class_id)?;
    resource::delete::<ClassResource>(ctx, id)?;
    order::close_up::<ClassResource>(ctx, class.id, item.data.position)?;
    classes::detail(ctx, class.id)
}

/// The routes of the resources.
pub fn routes(router: Router) -> Router {
    router
        .post("clase/guiada/recurso/add/create", create)
        .post("clase/guiada/recurso/add/update", update)
        .post("clase/guiada/recurso/add/delete", delete)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::fields;

    fn item(value: Value) -> ClassResource {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn each_kind_keeps_only_what_it_uses() {
        let mut r = item(json!({ "kind": "subtheme", "subtheme_id": 4, "sheet_id": 5, "url": "https://x.es", "text": "nota" }));
        assert!(fields(r.check_fields()).is_empty());
        assert_eq!((r.subtheme_id, r.sheet_id, r.video_id, r.url.as_str(), r.text.as_str()), (Some(4), None, None, "", ""));
        assert_eq!(r.part(), Some(4));

        let mut r = item(json!({ "kind": "link", "title": " DGT ", "url": " https://www.dgt.es ", "video_id": 3 }));
        assert!(fields(r.check_fields()).is_empty());
        assert_eq!((r.title.as_str(), r.url.as_str(), r.video_id, r.part()), ("DGT", "https://www.dgt.es", None, None));

        let mut r = item(json!({ "kind": "note", "text": " Repasar las glorietas ", "url": "https://x.es" }));
        assert!(fields(r.check_fields()).is_empty());
        assert_eq!((r.text.as_str(), r.url.as_str()), ("Repasar las glorietas", ""));
    }

    #[test]
    fn each_kind_asks_for_its_own_field() {
        assert_eq!(fields(item(json!({ "kind": "sheet" })).check_fields()), ["sheet_id"]);
        assert_eq!(fields(item(json!({ "kind": "video", "video_id": 0 })).check_fields()), ["video_id"]);
        assert_eq!(fields(item(json!({ "kind": "subtheme", "sheet_id": 8 })).check_fields()), ["subtheme_id"]);
        assert_eq!(fields(item(json!({ "kind": "link", "url": "dgt.es" })).check_fields()), ["url"]);
        assert_eq!(fields(item(json!({ "kind": "note", "text": " ", "title": "x".repeat(201) })).check_fields()), ["title", "text"]);
        assert_eq!(fields(item(json!({ "kind": "video_clip" })).check_fields()), ["kind"]);
        assert_eq!(fields(item(json!({})).check_fields()), ["kind"]);
        let err = item(json!({ "kind": "sheet" })).check_fields().unwrap_err();
        assert_eq!(err.details, "Indique la ficha del libro");
    }
}
