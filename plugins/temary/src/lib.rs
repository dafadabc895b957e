//! Volante's `temary` plugin: the syllabi ("temarios") a school teaches from. A syllabus has
//! themes, a theme subthemes, a subtheme sections, each kept in order (positions 1, 2, … within
//! its parent). The spec's `temary/` calls, and the functions the guided-classes module reads
//! the syllabi through (`exports`). See README.md.

pub mod exports;
mod tree;

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page};
use volante_plugin_sdk::files::Uploaded;
use volante_plugin_sdk::{files, text, validate, Checks};

pub use tree::{Child, Section, Sheet, Subtheme, Theme, Video};

/// A syllabus's statuses (the spec's `developing` and `publish`; deleting marks the record).
pub const STATUSES: &[&str] = &["developing", "publish"];

/// A syllabus.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Temary {
    pub name: String,
    pub description: String,
    /// What it prepares for: a licence class, the CAP, a course… (free text).
    pub category: String,
    /// `developing` (default) or `publish`.
    pub status: String,
}

impl Resource for Temary {
    const NAME: &'static str = "temary";
    const LABEL: &'static str = "Temario";
    const TABLE: &'static str = "temary_temary";
    const SEARCH: &'static [&'static str] = &["name", "description", "category"];
    const ORDER_BY: &'static str = "name ASC, id ASC";

    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(name) = checks.check(validate::required("name", &self.name, 200)) {
            self.name = name;
        }
        for (field, value, max) in [("description", &mut self.description, 5000), ("category", &mut self.category, 60)] {
            if let Some(clean) = checks.check(validate::optional(field, value, max)) {
                *value = clean;
            }
        }
        if self.status.trim().is_empty() {
            self.status = "developing".into();
        }
        if let Some(status) = checks.check(validate::one_of("status", self.status.trim(), STATUSES)) {
            self.status = status.into();
        }
        checks.finish()
    }
}

/// The `{id}` of a body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct IdBody {
    pub id: i64,
}

/// A syllabus with its themes, each with its subthemes (live ones, in order).
fn temary_detail(ctx: &Ctx, id: i64) -> Result<Value> {
    let record = resource::find::<Temary>(ctx, id)?;
    let themes = tree::children::<Theme>(ctx, id)?;
    let theme_ids: Vec<i64> = themes.iter().map(|t| t.id).collect();
    let subthemes = tree::children_of_many::<Subtheme>(ctx, &theme_ids)?;
    let mut value = serde_json::to_value(&record)?;
    value["themes"] = json!(themes
        .into_iter()
        .map(|t| {
            let mut theme = serde_json::to_value(&t)?;
            theme["subthemes"] = json!(subthemes.iter().filter(|s| s.data.theme_id == t.id).collect::<Vec<_>>());
            Ok(theme)
        })
        .collect::<Result<Vec<_>>>()?);
    Ok(value)
}

fn temary_create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let record = resource::create::<Temary>(ctx, req.value()?)?;
    temary_detail(ctx, record.id)
}

fn temary_update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    resource::update::<Temary>(ctx, id, Value::Object(body))?;
    temary_detail(ctx, id)
}

fn temary_delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    resource::delete::<Temary>(ctx, body.id)?;
    temary_detail(ctx, body.id)
}

/// `temary/clon` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct CloneBody {
    pub id: i64,
    /// The copy's name ("Copia de …" when empty).
    pub name: String,
}

/// `temary/clon`: a copy of a syllabus with its themes, subthemes and sections, in development.
fn temary_clone(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: CloneBody = req.json()?;
    let source = resource::find::<Temary>(ctx, body.id)?;
    if source.state == "deleted" {
        return Err(Error::conflict("El temario está eliminado"));
    }
    let name = if body.name.trim().is_empty() { format!("Copia de {}", source.data.name) } else { body.name };
    let mut copy = Temary { name, status: "developing".into(), ..source.data.clone() };
    copy.prepare(ctx, None)?;
    let copy = resource::insert::<Temary>(ctx, copy)?;
    for theme in tree::children::<Theme>(ctx, source.id)? {
        let new_theme = resource::insert::<Theme>(ctx, Theme { temary_id: copy.id, ..theme.data })?;
        for subtheme in tree::children::<Subtheme>(ctx, theme.id)? {
            let new_subtheme = resource::insert::<Subtheme>(ctx, Subtheme { theme_id: new_theme.id, ..subtheme.data })?;
            for section in tree::children::<Section>(ctx, subtheme.id)? {
                resource::insert::<Section>(ctx, Section { subtheme_id: new_subtheme.id, ..section.data })?;
            }
        }
    }
    temary_detail(ctx, copy.id)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ListParams {
    status: Option<String>,
    category: Option<String>,
}

/// `GET temary/list`: a page of syllabi by name (`search`, `status`, `category`, `state`,
/// `page`, `per_page`), each with how many themes it has.
fn temary_list(ctx: &Ctx, req: &Req) -> Result<Value> {
    let p: ListParams = req.query()?;
    let mut list = ListQuery::from_query(req)?;
    if let Some(status) = p.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        list.filter.insert("status".into(), json!(validate::one_of("status", status, STATUSES)?));
    }
    if let Some(category) = p.category.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        list.filter.insert("category".into(), json!(category));
    }
    let page = resource::list::<Temary>(ctx, &list)?;
    let counts = tree::counts::<Theme>(ctx)?;
    let items = page
        .items
        .into_iter()
        .map(|t| {
            let mut value = serde_json::to_value(&t)?;
            value["themes"] = json!(counts.iter().find(|(id, _)| *id == t.id).map_or(0, |(_, n)| *n));
            Ok(value)
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?)
}

/// A theme with its subthemes.
fn theme_detail(ctx: &Ctx, id: i64) -> Result<Value> {
    let theme = resource::find::<Theme>(ctx, id)?;
    let mut value = serde_json::to_value(&theme)?;
    value["subthemes"] = json!(tree::children::<Subtheme>(ctx, id)?);
    Ok(value)
}

/// A subtheme with its sections and where it stands (its theme and syllabus).
fn subtheme_detail(ctx: &Ctx, id: i64) -> Result<Value> {
    let subtheme = resource::find::<Subtheme>(ctx, id)?;
    let theme = resource::find::<Theme>(ctx, subtheme.data.theme_id)?;
    let mut value = serde_json::to_value(&subtheme)?;
    value["sections"] = json!(tree::children::<Section>(ctx, id)?);
    value["sheets"] = json!(tree::children::<Sheet>(ctx, id)?);
    value["videos"] = json!(tree::children::<Video>(ctx, id)?);
    let temary = resource::find::<Temary>(ctx, theme.data.temary_id)?;
    value["theme"] = json!({ "id": theme.id, "title": theme.data.title, "position": theme.data.position, "state": theme.state });
    value["temary_id"] = json!(theme.data.temary_id);
    value["temary"] = json!({ "id": temary.id, "name": temary.data.name, "state": temary.state });
    Ok(value)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct SectionQuery {
    id: Option<i64>,
    subtheme_id: Option<i64>,
}

/// `GET temary/subtheme/section/read`: `?id=` one section; `?subtheme_id=` a subtheme's, in
/// order.
fn section_read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: SectionQuery = req.query()?;
    match (q.id, q.subtheme_id) {
        (Some(id), _) => Ok(serde_json::to_value(resource::find::<Section>(ctx, id)?)?),
        (None, Some(subtheme)) => {
            resource::find::<Subtheme>(ctx, subtheme)?;
            Ok(json!(tree::children::<Section>(ctx, subtheme)?))
        }
        (None, None) => Err(Error::required("subtheme_id")),
    }
}

/// An upload route's body: the form's text fields and the stored file.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct MaterialUpload {
    /// The subtheme (a form field: text).
    pub subtheme_id: String,
    /// The title (the file's name when empty).
    pub title: String,
    pub description: String,
    pub file: Uploaded,
}

/// Which files a sheet or a video may be.
fn accepts(video: bool, content_type: &str) -> bool {
    if video {
        matches!(content_type, "video/mp4" | "video/webm" | "video/ogg" | "video/quicktime")
    } else {
        matches!(content_type, "application/pdf" | "image/png" | "image/jpeg")
    }
}

/// The content type a file's name says it is (what the check goes by when the browser gave none).
fn type_of_name(name: &str) -> &'static str {
    match name.rsplit_once('.').map(|(_, ext)| ext.to_ascii_lowercase()).as_deref() {
        Some("pdf") => "application/pdf",
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("mp4" | "m4v") => "video/mp4",
        Some("webm") => "video/webm",
        Some("ogg" | "ogv") => "video/ogg",
        Some("mov") => "video/quicktime",
        _ => "",
    }
}

/// `temary/upload/check` query: the file the user is about to upload.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct UploadCheck {
    /// `sheet` or `video`.
    pub kind: String,
    pub name: String,
    /// In bytes.
    pub size: Option<u64>,
    /// As the browser reports it; by the name's extension when empty.
    pub content_type: String,
    /// The subtheme it goes to, when known.
    pub subtheme_id: Option<i64>,
}

/// `GET temary/upload/check`: whether a sheet or a video would be taken before it is sent (a
/// video can take minutes to upload): its kind, the subtheme, its size against the largest
/// upload and the storage left. Answers the figures when it fits; otherwise the field that
/// stops it and why (the storage full: `size-100`, as the upload itself would answer).
fn upload_check(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: UploadCheck = req.query()?;
    let video = match q.kind.as_str() {
        "video" => true,
        "sheet" => false,
        _ => return Err(Error::invalid_field("kind", "Indique si es una ficha (sheet) o un vídeo (video)")),
    };
    if let Some(subtheme) = q.subtheme_id {
        resource::find::<Subtheme>(ctx, subtheme)?;
    }
    let content_type = if q.content_type.trim().is_empty() { type_of_name(&q.name) } else { q.content_type.trim() };
    if !accepts(video, content_type) {
        let message = if video { "El vídeo debe ser mp4, webm, ogg o mov" } else { "La ficha debe ser un PDF o una imagen png o jpeg" };
        return Err(Error::invalid_field("file", message));
    }
    let size = q.size.ok_or_else(|| Error::required("size"))?;
    let space = files::space()?;
    if size > space.max_upload_bytes {
        return Err(Error::invalid_field(
            "size",
            format!("El archivo ocupa {} y cada subida admite hasta {}", text::file_size(size), text::file_size(space.max_upload_bytes)),
        ));
    }
    let free = space.quota_bytes.saturating_sub(space.used_bytes);
    if size > free {
        return Err(Error::new(
            "size-100",
            format!("No queda espacio: el archivo ocupa {} y quedan {} de {} contratados", text::file_size(size), text::file_size(free), text::file_size(space.quota_bytes)),
        )
        .with_data(json!({ "quota": space.quota_bytes, "used": space.used_bytes, "needed": size })));
    }
    Ok(json!({
        "ok": true,
        "content_type": content_type,
        "size": size,
        "max_upload_bytes": space.max_upload_bytes,
        "quota_bytes": space.quota_bytes,
        "used_bytes": space.used_bytes,
        "free_bytes": free,
    }))
}

/// `temary/subtheme/sheet/upload` and `/video/upload` (multipart: `file`, `subtheme_id`,
/// `title`, `description`): the file, stored by the host, becomes the subtheme's last sheet or
/// video. A refusal removes the file again (the host does, as the call fails).
fn upload<C: Child>(ctx: &Ctx, req: &Req, video: bool) -> Result<Value> {
    let body: MaterialUpload = req.json()?;
    let subtheme_id: i64 = body.subtheme_id.trim().parse().map_err(|_| Error::invalid_field("subtheme_id", "Indique el subtema"))?;
    if !accepts(video, &body.file.content_type) {
        let message = if video { "El vídeo debe ser mp4, webm, ogg o mov" } else { "La ficha debe ser un PDF o una imagen png o jpeg" };
        return Err(Error::invalid_field("file", message));
    }
    let title = if body.title.trim().is_empty() { body.file.name.clone() } else { body.title };
    let material = json!({
        "subtheme_id": subtheme_id, "title": title, "description": body.description,
        "file_id": body.file.file_id, "content_type": body.file.content_type, "size": body.file.size,
    });
    let id = tree::create_from::<C>(ctx, material)?;
    Ok(serde_json::to_value(resource::find::<C>(ctx, id)?)?)
}

/// `temary/subtheme/sheet/delete` and `/video/delete`: marked deleted, the others close up,
/// and its file leaves the document manager when the call commits.
fn remove_material<C: Child + HasFile>(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    let before = resource::find::<C>(ctx, body.id)?;
    tree::delete::<C>(ctx, req)?;
    if before.state != "deleted" {
        files::delete(before.data.file_id())?;
    }
    Ok(serde_json::to_value(resource::find::<C>(ctx, body.id)?)?)
}

/// A material's file.
pub trait HasFile {
    fn file_id(&self) -> i64;
}

impl HasFile for Sheet {
    fn file_id(&self) -> i64 {
        self.file_id
    }
}

impl HasFile for Video {
    fn file_id(&self) -> i64 {
        self.file_id
    }
}

/// `temary/subtheme/sheet/orden` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct OrderBody {
    pub subtheme_id: i64,
    /// Every live sheet of the subtheme, in the new order.
    pub ids: Vec<i64>,
}

/// `temary/subtheme/sheet/orden`: the subtheme's sheets in the order given.
fn sheet_order(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: OrderBody = req.json()?;
    resource::find::<Subtheme>(ctx, body.subtheme_id)?;
    tree::reorder::<Sheet>(ctx, body.subtheme_id, &body.ids, "fichas")?;
    Ok(json!(tree::children::<Sheet>(ctx, body.subtheme_id)?))
}

pub struct Temaries;

impl Plugin for Temaries {
    fn router() -> Router {
        Router::new()
            .post("temary/create", temary_create)
            .post("temary/update", temary_update)
            .post("temary/delete", temary_delete)
            .post("temary/clon", temary_clone)
            .get("temary/read/{id}", |ctx, req| temary_detail(ctx, req.param("id")?))
            .get("temary/list", temary_list)
            .post("temary/theme/create", |ctx, req| tree::create::<Theme>(ctx, req).and_then(|id| theme_detail(ctx, id)))
            .post("temary/theme/update", |ctx, req| tree::update::<Theme>(ctx, req).and_then(|id| theme_detail(ctx, id)))
            .post("temary/theme/delete", |ctx, req| tree::delete::<Theme>(ctx, req).and_then(|id| theme_detail(ctx, id)))
            .get("temary/theme/read/{id}", |ctx, req| theme_detail(ctx, req.param("id")?))
            .post("temary/subtheme/create", |ctx, req| tree::create::<Subtheme>(ctx, req).and_then(|id| subtheme_detail(ctx, id)))
            .post("temary/subtheme/update", |ctx, req| tree::update::<Subtheme>(ctx, req).and_then(|id| subtheme_detail(ctx, id)))
            .post("temary/subtheme/delete", |ctx, req| tree::delete::<Subtheme>(ctx, req).and_then(|id| subtheme_detail(ctx, id)))
            .get("temary/subtheme/read/{id}", |ctx, req| subtheme_detail(ctx, req.param("id")?))
            .post("temary/subtheme/section/create", |ctx, req| tree::create::<Section>(ctx, req).and_then(|id| Ok(resource::find::<Section>(ctx, id)?)))
            .post("temary/subtheme/section/update", |ctx, req| tree::update::<Section>(ctx, req).and_then(|id| Ok(resource::find::<Section>(ctx, id)?)))
            .post("temary/subtheme/section/delete", |ctx, req| tree::delete::<Section>(ctx, req).and_then(|id| Ok(resource::find::<Section>(ctx, id)?)))
            .get("temary/subtheme/section/read", section_read)
            .post("temary/subtheme/sheet/upload", |ctx, req| upload::<Sheet>(ctx, req, false))
            .post("temary/subtheme/sheet/delete", remove_material::<Sheet>)
            .post("temary/subtheme/sheet/orden", sheet_order)
            .post("temary/subtheme/video/upload", |ctx, req| upload::<Video>(ctx, req, true))
            .post("temary/subtheme/video/delete", remove_material::<Video>)
            .get("temary/upload/check", upload_check)
    }

    /// The functions other plugins call (`temary.books`, `temary.book`, `temary.materials`).
    fn invoke(ctx: &Ctx, function: &str, args_json: &str) -> std::result::Result<String, String> {
        exports::invoke(ctx, function, args_json)
    }

    fn schemas(schemas: &mut Schemas) {
        schemas
            .resource::<Temary>()
            .resource::<Theme>()
            .resource::<Subtheme>()
            .resource::<Section>()
            .resource::<Sheet>()
            .resource::<Video>()
            .add::<MaterialUpload>("temary_material_upload")
            .add::<OrderBody>("temary_sheet_order")
            .add::<IdBody>("temary_id")
            .add::<CloneBody>("temary_clone");
    }
}

volante_plugin_sdk::plugin!(Temaries);

