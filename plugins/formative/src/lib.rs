//! Volante's `formative` plugin: formative contents. A content is an online course made of some
//! of the business's syllabi (read from the temary module), assigned to students (client
//! contacts) who study it lesson by lesson through a personal link; the school sees their
//! progress, who reached 90 % and how far they get in each block. The spec's
//! `formative/content/` calls and their extensions. See README.md.

pub mod assignments;
pub mod lessons;
pub mod reports;
pub mod student;

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page};
use volante_plugin_sdk::{host, links, validate, Checks};

use crate::assignments::Assignment;
use crate::lessons::Outline;

/// Contents: create, change, delete, read.
pub const MANAGE: &str = "formative.content";
/// Assigning contents to students, their progress, links and reports.
pub const ASSIGN: &str = "formative.content.assign";
const MAX_SYLLABI: usize = 20;

/// A formative content's fields.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Content {
    pub name: String,
    pub description: String,
    /// What it prepares for, free text ("B", "CAP").
    pub category: String,
    /// The hours it stands for (0 to 1000).
    pub hours: i64,
    /// How long an assignment lasts unless given an end (1 to 1095 days).
    pub access_days: i64,
    /// The syllabi it is made of, in the order they are studied (1 to 20).
    pub temary_ids: Vec<i64>,
    /// `developing` or `publish` (only a published content is assigned).
    pub status: String,
}

impl Default for Content {
    fn default() -> Content {
        Content {
            name: String::new(),
            description: String::new(),
            category: String::new(),
            hours: 0,
            access_days: 90,
            temary_ids: Vec::new(),
            status: "developing".into(),
        }
    }
}

impl Resource for Content {
    const NAME: &'static str = "formative_content";
    const PATH: &'static str = "formative/content";
    const LABEL: &'static str = "Contenido formativo";
    const TABLE: &'static str = "formative_content";
    const SEARCH: &'static [&'static str] = &["name", "description", "category"];
    const ORDER_BY: &'static str = "name ASC, id ASC";

    fn prepare(&mut self, ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(name) = checks.check(validate::required("name", &self.name, 200)) {
            self.name = name;
        }
        if let Some(d) = checks.check(validate::optional("description", &self.description, 5000)) {
            self.description = d;
        }
        if let Some(c) = checks.check(validate::optional("category", &self.category, 60)) {
            self.category = c;
        }
        if !(0..=1000).contains(&self.hours) {
            checks.push(Error::invalid_field("hours", "Las horas van de 0 a 1000"));
        }
        if !(1..=1095).contains(&self.access_days) {
            checks.push(Error::invalid_field("access_days", "Los días de acceso van de 1 a 1095"));
        }
        if let Some(status) = checks.check(validate::one_of("status", &self.status, &["developing", "publish"])) {
            self.status = status.to_string();
        }
        let mut ids: Vec<i64> = Vec::new();
        for id in &self.temary_ids {
            if !ids.contains(id) {
                ids.push(*id);
            }
        }
        self.temary_ids = ids;
        if self.temary_ids.is_empty() {
            checks.push(Error::invalid_field("temary_ids", "Indique al menos un temario"));
        } else if self.temary_ids.len() > MAX_SYLLABI {
            checks.push(Error::invalid_field("temary_ids", format!("Como máximo {MAX_SYLLABI} temarios")));
        } else {
            for (i, id) in self.temary_ids.iter().enumerate() {
                if lessons::book(ctx, *id)?.is_err() {
                    checks.push(Error::invalid_field(&format!("temary_ids[{i}]"), format!("El temario {id} no existe o está eliminado")));
                }
            }
        }
        checks.finish()
    }
}

/// The `{id}` of a body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct IdBody {
    pub id: i64,
}

/// Live assignments of some contents: how many, at 100 %, at 90 % or more.
fn assignment_counts(ctx: &Ctx, content_ids: &[i64]) -> Result<Vec<(i64, i64, i64, i64)>> {
    if content_ids.is_empty() {
        return Ok(Vec::new());
    }
    #[derive(Deserialize)]
    struct Count {
        content_id: i64,
        students: i64,
        completed: i64,
        reached: i64,
    }
    let mut params = params![ctx.business_id];
    let list = sql::id_list(&mut params, content_ids);
    let rows: Vec<Count> = sql::query_as(
        &format!(
            "SELECT content_id, COUNT(*) AS students, COUNT(completed_at) AS completed, COUNT(reached_90_at) AS reached \
             FROM formative_assignment WHERE business_id = $1 AND state <> 'deleted' AND content_id IN ({list}) GROUP BY content_id"
        ),
        &params,
    )?;
    Ok(rows.into_iter().map(|c| (c.content_id, c.students, c.completed, c.reached)).collect())
}

/// A content with its syllabi, lessons and students.
fn content_detail(ctx: &Ctx, content: &Record<Content>) -> Result<Value> {
    let outline = Outline::read(ctx, &content.data.temary_ids)?;
    let counts = assignment_counts(ctx, &[content.id])?;
    let (students, completed, reached) = counts.first().map_or((0, 0, 0), |c| (c.1, c.2, c.3));
    let mut value = serde_json::to_value(content)?;
    value["syllabi"] = json!(outline.syllabi);
    value["lessons"] = json!(outline.total());
    value["students"] = json!(students);
    value["completed"] = json!(completed);
    value["reached_90"] = json!(reached);
    Ok(value)
}

fn content_create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let content = resource::create::<Content>(ctx, req.value()?)?;
    content_detail(ctx, &content)
}

fn content_update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    let content = resource::update::<Content>(ctx, id, Value::Object(body))?;
    content_detail(ctx, &content)
}

/// `formative/content/delete`: the content and its live assignments are deleted, every link
/// revoked.
fn content_delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    resource::find_live::<Content>(ctx, body.id)?;
    for assignment in assignments::live_of_content(ctx, body.id)? {
        assignments::remove(ctx, &assignment)?;
    }
    Ok(serde_json::to_value(resource::delete::<Content>(ctx, body.id)?)?)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ReadQuery {
    id: Option<i64>,
    status: Option<String>,
    category: Option<String>,
}

/// `GET formative/content/read`: one content (`?id=`) or a page of them.
fn content_read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: ReadQuery = req.query()?;
    if let Some(id) = q.id {
        return content_detail(ctx, &resource::find::<Content>(ctx, id)?);
    }
    let mut list = ListQuery::from_query(req)?;
    if let Some(status) = q.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        list.filter.insert("status".into(), json!(validate::one_of("status", status, &["developing", "publish"])?));
    }
    if let Some(category) = q.category.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        list.filter.insert("category".into(), json!(category));
    }
    let page = resource::list::<Content>(ctx, &list)?;
    let ids: Vec<i64> = page.items.iter().map(|c| c.id).collect();
    let counts = assignment_counts(ctx, &ids)?;
    let items = page
        .items
        .iter()
        .map(|c| {
            let mut value = serde_json::to_value(c)?;
            value["syllabi"] = json!(c.data.temary_ids.len());
            value["students"] = json!(counts.iter().find(|n| n.0 == c.id).map_or(0, |n| n.1));
            Ok(value)
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?)
}

/// `GET formative/content/choices`: every live content by name, `[{id, name, category, hours,
/// status, state}]`, for the reports' pickers (callers with `formative.content.assign`, who may
/// not read the contents themselves).
fn content_choices(ctx: &Ctx, _req: &Req) -> Result<Value> {
    let mut found = Vec::new();
    let mut page = 1;
    loop {
        let read = resource::list::<Content>(ctx, &ListQuery { page: Some(page), per_page: Some(500), ..ListQuery::default() })?;
        let done = read.to >= read.total || read.items.is_empty();
        found.extend(read.items.into_iter().map(|c| {
            json!({ "id": c.id, "name": c.data.name, "category": c.data.category, "hours": c.data.hours, "status": c.data.status, "state": c.state })
        }));
        if done {
            return Ok(Value::Array(found));
        }
        page += 1;
    }
}

/// The content `id` (whatever the caller's branch), for the student's page and the export.
pub fn content_of(ctx: &Ctx, id: i64) -> Result<Record<Content>> {
    resource::find::<Content>(ctx, id)
}

/// The public page a student's link opens.
pub fn link_url(reference: &str) -> String {
    format!("{}/formacion/{reference}", host::public_url())
}

/// Revoke a link (when the assignment has one).
pub fn revoke(reference: Option<&str>) -> Result<()> {
    match reference {
        Some(reference) => links::revoke(reference),
        None => Ok(()),
    }
}

pub struct Formative;

impl Plugin for Formative {
    fn router() -> Router {
        let router = Router::new()
            .post("formative/content/create", content_create)
            .post("formative/content/update", content_update)
            .post("formative/content/delete", content_delete)
            .get("formative/content/read", content_read)
            .get("formative/content/choices", content_choices);
        let router = assignments::routes(router);
        let router = reports::routes(router);
        student::routes(router)
    }

    fn invoke(ctx: &Ctx, function: &str, args_json: &str) -> std::result::Result<String, String> {
        match function {
            // The products plugin's processes: a buyer gets (or keeps, extended) a content.
            "formative.assign" => {
                let args: assignments::Grant = serde_json::from_str(if args_json.trim().is_empty() { "{}" } else { args_json }).map_err(|e| e.to_string())?;
                let granted = assignments::grant(ctx, args).map_err(|e| e.details)?;
                serde_json::to_string(&granted).map_err(|e| e.to_string())
            }
            // The online shop's customer area: the signed-in customer's courses.
            "formative.of_contact" => {
                let args: assignments::OfContact = serde_json::from_str(args_json).map_err(|e| e.to_string())?;
                let items = assignments::of_contact(ctx, &args).map_err(|e| e.details)?;
                serde_json::to_string(&items).map_err(|e| e.to_string())
            }
            other => Err(format!("unknown function `{other}`")),
        }
    }

    fn schemas(schemas: &mut Schemas) {
        schemas
            .resource::<Content>()
            .resource::<Assignment>()
            .add::<IdBody>("formative_id")
            .add::<assignments::AssignBody>("formative_assign")
            .add::<assignments::AssignmentUpdate>("formative_assignment_update")
            .add::<assignments::SendBody>("formative_send")
            .add::<student::DoneBody>("formative_done");
    }
}

volante_plugin_sdk::plugin!(Formative);
