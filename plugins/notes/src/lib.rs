//! Volante's `notes` plugin: the staff's notebooks ("documentos de notas": a car's incidents,
//! the teachers' meetings, the front desk's handovers), each a list of dated notes with their
//! author, and the groups that sort the notebooks. The spec's `note/` and `note/document/` calls.
//! See README.md.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page};
use volante_plugin_sdk::{host, validate, Checks};

/// Lets a branch-limited user see and write the notebooks of every branch.
pub const ALL_BRANCHES: &str = "note.all_branches";
/// Lets a user change or delete other people's notes.
pub const MANAGE: &str = "note.manage";

/// A group of notebooks.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Group {
    /// Unique in the business.
    pub name: String,
    /// A CSS colour for the chips (`#RGB` or `#RRGGBB`), or empty.
    pub color: String,
}

impl Resource for Group {
    const NAME: &'static str = "note_group";
    const PATH: &'static str = "note/document/group";
    const LABEL: &'static str = "Grupo";
    const TABLE: &'static str = "notes_group";
    const SEARCH: &'static [&'static str] = &["name"];
    const UNIQUE: &'static [&'static str] = &["name"];
    const ORDER_BY: &'static str = "name ASC, id ASC";

    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(name) = checks.check(validate::required("name", &self.name, 100)) {
            self.name = name;
        }
        if let Some(color) = checks.check(validate::color("color", &self.color)) {
            self.color = color;
        }
        checks.finish()
    }
}

/// A notebook.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Document {
    pub title: String,
    pub description: String,
    /// One of the business's groups, or none.
    pub group_id: Option<i64>,
    /// The caller's branch when empty.
    pub branch_id: Option<i64>,
    /// Shown first in the list.
    pub pinned: bool,
    /// Who made it (set on create).
    pub created_by: Option<i64>,
}

impl Resource for Document {
    const NAME: &'static str = "note_document";
    const PATH: &'static str = "note/document";
    const LABEL: &'static str = "Documento";
    const TABLE: &'static str = "notes_document";
    const SEARCH: &'static [&'static str] = &["title", "description"];
    const BRANCH_FIELD: Option<&'static str> = Some("branch_id");
    const ALL_BRANCHES: Option<&'static str> = Some(ALL_BRANCHES);
    const ORDER_BY: &'static str = "pinned DESC, updated_at DESC, id DESC";

    fn prepare(&mut self, ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(title) = checks.check(validate::required("title", &self.title, 200)) {
            self.title = title;
        }
        if let Some(d) = checks.check(validate::optional("description", &self.description, 5000)) {
            self.description = d;
        }
        if let Some(group_id) = self.group_id {
            let live: Option<i64> = sql::query_optional(
                "SELECT id FROM notes_group WHERE business_id = $1 AND id = $2 AND state <> 'deleted'",
                &params![ctx.business_id, group_id],
            )?;
            if live.is_none() {
                checks.push(Error::invalid_field("group_id", "El grupo no existe"));
            }
        }
        checks.finish()
    }
}

/// A dated note in a notebook.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Note {
    pub document_id: i64,
    /// `YYYY-MM-DD` (or `DD/MM/YYYY`); today in Spain when empty.
    pub date: String,
    /// The text: required ("Debe indicar un mensaje para guardar"), at most 10,000 characters.
    pub message: String,
    /// Its author (the caller, set on create).
    pub user_id: i64,
}

impl Resource for Note {
    const NAME: &'static str = "note";
    const LABEL: &'static str = "Nota";
    const FEMININE: bool = true;
    const TABLE: &'static str = "notes_note";
    const SEARCH: &'static [&'static str] = &["message"];
    const ORDER_BY: &'static str = "date DESC, id DESC";

    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if self.message.trim().is_empty() {
            checks.push(Error::invalid_field("message", "Debe indicar un mensaje para guardar"));
        } else if let Some(message) = checks.check(validate::optional("message", self.message.trim(), 10_000)) {
            self.message = message;
        }
        match checks.check(validate::date("date", &self.date)) {
            Some(d) if d.is_empty() => self.date = host::spanish_today(),
            Some(d) => self.date = d,
            None => {}
        }
        checks.finish()
    }
}

/// The `{id}` of a body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct IdBody {
    pub id: i64,
}

/// The live notebook `id` the caller sees (`CONFLICT-000` once deleted).
fn live_document(ctx: &Ctx, id: i64) -> Result<Record<Document>> {
    let document = resource::find::<Document>(ctx, id).map_err(|e| e.with_data(json!({ "field": "document_id" })))?;
    if document.state == "deleted" {
        return Err(Error::conflict("El documento está eliminado"));
    }
    Ok(document)
}

/// The notebook with its group's name, how many notes it has and the date of the latest.
fn document_detail(ctx: &Ctx, record: Record<Document>) -> Result<Value> {
    #[derive(Deserialize)]
    struct Stats {
        notes: i64,
        last_date: Option<String>,
    }
    let stats: Stats = sql::query_one(
        "SELECT COUNT(*) AS notes, MAX(date) AS last_date FROM notes_note WHERE business_id = $1 AND document_id = $2 AND state <> 'deleted'",
        &params![ctx.business_id, record.id],
    )?;
    let group = match record.data.group_id {
        Some(id) => resource::find_optional::<Group>(ctx, id)?.filter(|g| g.state != "deleted").map(|g| g.data),
        None => None,
    };
    let author = record.data.created_by.and_then(host::directory::member).map(|m| m.name);
    let mut value = serde_json::to_value(&record)?;
    value["group_name"] = json!(group.as_ref().map(|g| &g.name));
    value["group_color"] = json!(group.as_ref().map(|g| &g.color));
    value["created_by_name"] = json!(author);
    value["notes"] = json!(stats.notes);
    value["last_date"] = json!(stats.last_date);
    Ok(value)
}

/// `note/document/create`: the caller is its author.
fn document_create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    body.insert("created_by".into(), json!(ctx.user_id));
    let record = resource::create::<Document>(ctx, Value::Object(body))?;
    document_detail(ctx, record)
}

/// `note/document/update`: `id` and the fields that change.
fn document_update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    body.remove("created_by");
    let record = resource::update::<Document>(ctx, id, Value::Object(body))?;
    document_detail(ctx, record)
}

/// `note/document/delete`: the notebook (and so its notes) is marked deleted.
fn document_delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    let record = resource::delete::<Document>(ctx, body.id)?;
    document_detail(ctx, record)
}

/// `note/document/readall` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct DocumentList {
    #[serde(flatten)]
    pub list: ListQuery,
    /// Only this group's (0: those without a group).
    pub group_id: Option<i64>,
}

/// `note/document/readall`: a page of notebooks, pinned first, then the latest changed (`search`,
/// `group_id`, `state`, `page`, `per_page`), each with its group, notes count and latest date.
fn document_readall(ctx: &Ctx, req: &Req) -> Result<Value> {
    let DocumentList { list, group_id } = req.json()?;
    let page = match group_id {
        Some(0) => resource::list_where::<Document>(ctx, &list, Some("group_id IS NULL"), Vec::new())?,
        Some(group) => resource::list_where::<Document>(ctx, &list, Some("group_id = ${}"), params![group])?,
        None => resource::list::<Document>(ctx, &list)?,
    };
    let items = page.items.into_iter().map(|d| document_detail(ctx, d)).collect::<Result<Vec<_>>>()?;
    Ok(serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct IdQuery {
    id: Option<i64>,
}

/// `GET note/document/read?id=`: one notebook.
fn document_read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: IdQuery = req.query()?;
    let id = q.id.ok_or_else(|| Error::required("id"))?;
    document_detail(ctx, resource::find::<Document>(ctx, id)?)
}

/// `GET note/document/group/read`: the groups by name, each with its live notebooks' count.
fn group_read(ctx: &Ctx, req: &Req) -> Result<Value> {
    #[derive(Deserialize)]
    struct Count {
        group_id: i64,
        n: i64,
    }
    let mut list = ListQuery::from_query(req)?;
    list.per_page = Some(list.per_page.unwrap_or(500));
    let page = resource::list::<Group>(ctx, &list)?;
    let mut params = Vec::new();
    let scope = resource::scope_sql::<Document>(ctx, &mut params);
    let counts: Vec<Count> = sql::query_as(
        &format!("SELECT group_id, COUNT(*) AS n FROM notes_document WHERE {scope} AND state <> 'deleted' AND group_id IS NOT NULL GROUP BY group_id"),
        &params,
    )?;
    let items = page
        .items
        .into_iter()
        .map(|g| {
            let mut value = serde_json::to_value(&g)?;
            value["documents"] = json!(counts.iter().find(|c| c.group_id == g.id).map_or(0, |c| c.n));
            Ok(value)
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?)
}

/// `note/document/group/delete`: the group is marked deleted; its notebooks stay, without it.
fn group_delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    let record = resource::delete::<Group>(ctx, body.id)?;
    // Every notebook of the business leaves the group (whatever branch it is in); the notebooks
    // keep their place in the list (their `updated_at` does not change).
    let released = sql::execute("UPDATE notes_document SET group_id = NULL WHERE business_id = $1 AND group_id = $2", &params![ctx.business_id, body.id])?;
    let mut value = serde_json::to_value(&record)?;
    value["documents_released"] = json!(released);
    Ok(value)
}

/// A note with its author's name.
fn note_detail(record: Record<Note>) -> Result<Value> {
    let author = host::directory::member(record.data.user_id).map(|m| m.name);
    let mut value = serde_json::to_value(&record)?;
    value["user_name"] = json!(author);
    Ok(value)
}

/// The note `id` in a notebook the caller sees.
fn visible_note(ctx: &Ctx, id: i64) -> Result<Record<Note>> {
    let note = resource::find::<Note>(ctx, id)?;
    resource::find::<Document>(ctx, note.data.document_id).map_err(|_| Error::not_found(Note::LABEL))?;
    Ok(note)
}

/// Only its author, or a user with `note.manage`, changes or deletes a note.
fn check_author(ctx: &Ctx, note: &Record<Note>) -> Result<()> {
    if note.data.user_id == ctx.user_id || ctx.can(MANAGE) {
        Ok(())
    } else {
        Err(Error::forbidden(MANAGE).with_data(json!({ "permission": MANAGE, "reason": "Solo el autor puede modificar o eliminar la nota" })))
    }
}

/// `note/create`: a note by the caller in a live notebook.
fn note_create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    let document_id = body.get("document_id").and_then(Value::as_i64).ok_or_else(|| Error::required("document_id"))?;
    live_document(ctx, document_id)?;
    body.insert("user_id".into(), json!(ctx.user_id));
    let record = resource::create::<Note>(ctx, Value::Object(body))?;
    touch(ctx, document_id)?;
    note_detail(record)
}

/// A notebook whose notes changed moves up the list.
fn touch(ctx: &Ctx, document_id: i64) -> Result<()> {
    sql::execute("UPDATE notes_document SET updated_at = $1 WHERE business_id = $2 AND id = $3", &params![host::now(), ctx.business_id, document_id])?;
    Ok(())
}

/// `note/update`: `id`, `message` and/or `date`; by its author (or `note.manage`).
fn note_update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    let note = visible_note(ctx, id)?;
    check_author(ctx, &note)?;
    live_document(ctx, note.data.document_id)?;
    body.remove("user_id");
    body.remove("document_id");
    let record = resource::update::<Note>(ctx, id, Value::Object(body))?;
    touch(ctx, note.data.document_id)?;
    note_detail(record)
}

/// `note/delete`: by its author (or `note.manage`); marked deleted.
fn note_delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    let note = visible_note(ctx, body.id)?;
    check_author(ctx, &note)?;
    live_document(ctx, note.data.document_id)?;
    let record = resource::delete::<Note>(ctx, body.id)?;
    note_detail(record)
}

/// `note/readall` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct NoteList {
    #[serde(flatten)]
    pub list: ListQuery,
    /// The notebook (required).
    pub document_id: i64,
    /// Notes from and to these days.
    pub from: Option<String>,
    pub to: Option<String>,
    /// One author's (`me`: the caller's).
    pub user_id: Option<Value>,
}

/// `note/readall`: a notebook's notes, newest first, with their authors (`search`, `from`, `to`,
/// `user_id`, `page`, `per_page`).
fn note_readall(ctx: &Ctx, req: &Req) -> Result<Value> {
    let NoteList { list, document_id, from, to, user_id } = req.json()?;
    if document_id == 0 {
        return Err(Error::required("document_id"));
    }
    resource::find::<Document>(ctx, document_id).map_err(|e| e.with_data(json!({ "field": "document_id" })))?;
    let mut extra = vec!["document_id = ${}".to_string()];
    let mut params = params![document_id];
    for (field, value, op) in [("from", from, ">="), ("to", to, "<=")] {
        if let Some(date) = validate::optional_date(field, value)? {
            extra.push(format!("date {op} ${{}}"));
            params.push(date.to_sql());
        }
    }
    match user_id {
        None | Some(Value::Null) => {}
        Some(Value::String(me)) if me == "me" => {
            extra.push("user_id = ${}".into());
            params.push(ctx.user_id.to_sql());
        }
        Some(Value::Number(n)) if n.as_i64().is_some() => {
            extra.push("user_id = ${}".into());
            params.push(n.as_i64().unwrap_or_default().to_sql());
        }
        Some(_) => return Err(Error::invalid_field("user_id", "El usuario debe ser un número o me")),
    }
    let page = resource::list_where::<Note>(ctx, &list, Some(&extra.join(" AND ")), params)?;
    let items = page.items.into_iter().map(note_detail).collect::<Result<Vec<_>>>()?;
    Ok(serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?)
}

pub struct Notes;

impl Plugin for Notes {
    fn router() -> Router {
        Router::new()
            .post("note/create", note_create)
            .post("note/readall", note_readall)
            .post("note/update", note_update)
            .post("note/delete", note_delete)
            .post("note/document/create", document_create)
            .post("note/document/readall", document_readall)
            .post("note/document/update", document_update)
            .post("note/document/delete", document_delete)
            .get("note/document/read", document_read)
            .get("note/document/group/read", group_read)
            .post("note/document/group/create", |ctx, req| resource::create::<Group>(ctx, req.value()?))
            .post("note/document/group/delete", group_delete)
    }

    fn schemas(schemas: &mut Schemas) {
        schemas
            .resource::<Group>()
            .resource::<Document>()
            .resource::<Note>()
            .add::<IdBody>("notes_id")
            .add::<DocumentList>("note_document_list")
            .add::<NoteList>("note_list");
    }
}

volante_plugin_sdk::plugin!(Notes);

