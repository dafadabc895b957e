//! Product categories: a name, a description, a thumbnail and whether the web shop shows them
//! (`publish`) or not (`private`). Deleting one leaves its products in place, without it.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page};
use volante_plugin_sdk::{copy, text, validate, Checks};

use crate::product;
use crate::IdBody;

/// The category statuses (the spec's: `publish`, `private`).
pub const STATUSES: &[&str] = &["publish", "private"];

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Category {
    /// Unique in the business.
    pub name: String,
    pub description: String,
    /// `publish` (shown in the web shop) or `private`.
    pub status: String,
    /// A png or jpeg image of the document manager.
    pub thumbnail_file_id: Option<i64>,
}

impl Resource for Category {
    const NAME: &'static str = "product_category";
    const PATH: &'static str = "product/category";
    const LABEL: &'static str = "Categoría";
    const FEMININE: bool = true;
    const TABLE: &'static str = "products_category";
    const SEARCH: &'static [&'static str] = &["name", "description"];
    const UNIQUE: &'static [&'static str] = &["name"];
    const ORDER_BY: &'static str = "name ASC, id ASC";

    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(name) = checks.check(validate::required("name", &self.name, 100)) {
            self.name = name;
        }
        if let Some(d) = checks.check(validate::optional("description", &self.description, 2000)) {
            self.description = d;
        }
        if self.status.trim().is_empty() {
            self.status = "publish".into();
        }
        if let Some(status) = checks.check(validate::one_of("status", self.status.trim(), STATUSES)) {
            self.status = status.into();
        }
        if let Some(file_id) = self.thumbnail_file_id {
            checks.check(validate::image_file("thumbnail_file_id", file_id));
        }
        checks.finish()
    }
}

/// The category with how many products (not deleted) it holds.
fn with_count(ctx: &Ctx, record: Record<Category>) -> Result<Value> {
    let products = product::count_in_category(ctx, record.id)?;
    let mut value = serde_json::to_value(&record)?;
    value["products"] = json!(products);
    Ok(value)
}

/// `product/category/create`.
pub fn create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let record = resource::create::<Category>(ctx, req.value()?)?;
    with_count(ctx, record)
}

/// `product/category/update`: `id` and the fields that change.
pub fn update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    let record = resource::update::<Category>(ctx, id, Value::Object(body))?;
    with_count(ctx, record)
}

/// `product/category/state`: active ↔ inactive (or the `state` given).
pub fn state(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: StateBody = req.json()?;
    let record = resource::set_state::<Category>(ctx, body.id, body.state.as_deref())?;
    with_count(ctx, record)
}

/// `product/category/delete`: the category is marked deleted and taken off its products (the
/// products themselves stay).
pub fn delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    let record = resource::delete::<Category>(ctx, body.id)?;
    let unlinked = product::remove_category(ctx, body.id)?;
    let mut value = serde_json::to_value(&record)?;
    value["products_unlinked"] = json!(unlinked);
    Ok(value)
}

/// A `state` call's body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct StateBody {
    pub id: i64,
    /// `active` or `inactive`; none toggles.
    pub state: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ReadQuery {
    id: Option<i64>,
    status: Option<String>,
}

/// `GET product/category/read`: with `?id=` one category and its product count; without, a
/// page of them by name (`search`, `status`, `state`, `page`, `per_page`, default 100), each
/// with its product count.
pub fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: ReadQuery = req.query()?;
    if let Some(id) = q.id {
        return with_count(ctx, resource::find::<Category>(ctx, id)?);
    }
    let mut list = ListQuery::from_query(req)?;
    list.per_page = Some(list.per_page.unwrap_or(100));
    if let Some(status) = q.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        list.filter.insert("status".into(), json!(validate::one_of("status", status, STATUSES)?));
    }
    let page = resource::list::<Category>(ctx, &list)?;
    let counts = product::counts_by_category(ctx)?;
    let items = page
        .items
        .into_iter()
        .map(|c| {
            let mut value = serde_json::to_value(&c)?;
            value["products"] = json!(counts.iter().find(|(id, _)| *id == c.id).map(|(_, n)| *n).unwrap_or(0));
            Ok(value)
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?)
}

/// The categories among `ids` that are not deleted: `[{id, name}]` in `ids`'s order.
pub fn names(ctx: &Ctx, ids: &[i64]) -> Result<Vec<Value>> {
    let found = crate::live_names(ctx, "products_category", ids)?;
    Ok(ids
        .iter()
        .filter_map(|id| found.iter().find(|n| n.id == *id).map(|n| json!({ "id": n.id, "name": n.name })))
        .collect())
}

/// A product's categories: each must be one of the business's, not deleted (`category_ids[i]`).
pub fn check_ids(ctx: &Ctx, checks: &mut Checks, ids: &[i64]) -> Result<()> {
    let found = crate::live_names(ctx, "products_category", ids)?;
    for (i, id) in ids.iter().enumerate() {
        if !found.iter().any(|n| n.id == *id) {
            checks.push(Error::invalid_field(&format!("category_ids[{i}]"), "La categoría no existe"));
        }
    }
    Ok(())
}

/// A category as the provider copies it into another business (`[[copies]]` kind
/// `productcategory`): by name, without its thumbnail (an image of the source business's
/// document manager) or its products (each school prices its own).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Copied {
    pub name: String,
    pub description: String,
    pub status: String,
}

/// Copies per chunk.
const COPY_CHUNK: i64 = 200;

/// `copy.export`: the active categories after `args.after`, by id.
pub fn copy_export(ctx: &Ctx, args: &copy::ExportArgs) -> Result<copy::Chunk<Copied>> {
    #[derive(Deserialize)]
    struct Row {
        id: i64,
        name: String,
        description: String,
        status: String,
    }
    let rows: Vec<Row> = sql::query_as(
        "SELECT id, name, description, status FROM products_category
          WHERE business_id = $1 AND state = 'active' AND id > $2 ORDER BY id LIMIT $3",
        &params![ctx.business_id, copy::start_id(args)?, COPY_CHUNK],
    )?;
    let after = if rows.len() as i64 == COPY_CHUNK { rows.last().and_then(|r| copy::after_id(r.id)) } else { None };
    let items = rows.into_iter().map(|r| Copied { name: r.name, description: r.description, status: r.status }).collect();
    Ok(copy::Chunk { items, after })
}

/// `copy.import`: each category the business does not have by name (whatever the case) is
/// created, checked as a new one is.
pub fn copy_import(ctx: &Ctx, items: Vec<Copied>) -> Result<copy::Imported> {
    #[derive(Deserialize)]
    struct Named {
        name: String,
    }
    let existing: Vec<Named> = sql::query_as("SELECT name FROM products_category WHERE business_id = $1 AND state <> 'deleted'", &params![ctx.business_id])?;
    let mut names: Vec<String> = existing.into_iter().map(|n| text::fold(&n.name)).collect();
    let mut imported = copy::Imported::default();
    for item in items {
        let key = text::fold(&item.name);
        if names.contains(&key) {
            imported.skipped += 1;
            continue;
        }
        let mut category = Category { name: item.name, description: item.description, status: item.status, thumbnail_file_id: None };
        category.prepare(ctx, None)?;
        resource::insert(ctx, category)?;
        names.push(key);
        imported.created += 1;
    }
    Ok(imported)
}
