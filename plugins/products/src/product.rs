//! Products: what the school sells (an enrolment, a pack of lessons, a course, a book), with its
//! categories, its suppliers and cost, its sale price and tax, and, for a pack, the products it
//! bundles with their discounts.

use volante_plugin_sdk::money::percent_of;
use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery};
use volante_plugin_sdk::{files, host, plugins, validate, Checks};

use crate::category;
use crate::process::{self, Process};
use crate::IdBody;

/// The product statuses (the spec's fixed list).
pub const STATUSES: &[&str] = &["published", "featured", "hidden", "discontinued"];
/// How a pack's line is discounted.
pub const DISCOUNT_TYPES: &[&str] = &["percent", "quantity"];
/// Largest price or cost, in cents (ten million euros).
const MAX_CENTS: i64 = 1_000_000_000;

/// A product's fields.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Product {
    /// Unique in the business; the next free six-digit number (`000042`) when empty.
    pub reference: String,
    pub name: String,
    pub description: String,
    /// `published`, `featured`, `hidden` or `discontinued`.
    pub status: String,
    /// A png or jpeg image of the document manager.
    pub image_file_id: Option<i64>,
    /// Files of the document manager that go with it (a brochure, the conditions): at most 20.
    pub file_ids: Vec<i64>,
    /// Its categories.
    pub category_ids: Vec<i64>,
    /// Its suppliers: contacts of the contacts module whose relation is `provider`.
    pub provider_ids: Vec<i64>,
    /// The supplier's reference for it.
    pub provider_reference: String,
    /// What it costs the business, cents.
    pub purchase_price: i64,
    /// Sale price without tax, cents. A pack's is worked out from its products.
    pub price: i64,
    /// A tax of the billing module (usable on a new line); its rate is copied into `tax_rate`.
    pub tax_id: Option<i64>,
    /// The tax's name, copied with its rate (set by the server).
    pub tax_name: String,
    /// Hundredths of a percent (`2100` = 21 %): the tax's rate, or given when `tax_id` is null.
    pub tax_rate: i64,
    /// Price with tax, cents (set by the server).
    pub total: i64,
    /// Whether the web shop shows the price.
    pub price_visible: bool,
    /// A pack bundles other products (`pack_items`); its price is theirs, discounted.
    pub is_pack: bool,
    pub pack_items: Vec<PackItem>,
    /// What runs by itself when the online shop sells it (`process`).
    pub processes: Vec<Process>,
}

impl Default for Product {
    fn default() -> Product {
        Product {
            reference: String::new(),
            name: String::new(),
            description: String::new(),
            status: String::new(),
            image_file_id: None,
            file_ids: Vec::new(),
            category_ids: Vec::new(),
            provider_ids: Vec::new(),
            provider_reference: String::new(),
            purchase_price: 0,
            price: 0,
            tax_id: None,
            tax_name: String::new(),
            tax_rate: 0,
            total: 0,
            price_visible: true,
            is_pack: false,
            pack_items: Vec::new(),
            processes: Vec::new(),
        }
    }
}

/// One product of a pack. `product_id` comes first: packs are found by it in the stored JSON.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct PackItem {
    pub product_id: i64,
    /// Units, 1 to 999 (default 1).
    pub quantity: i64,
    /// `percent` or `quantity` (an amount); none: no discount.
    pub discount_type: Option<String>,
    /// Hundredths of a percent (`1000` = 10 %) or cents, after `discount_type`.
    pub discount_value: i64,
}

/// A pack's line as worked out from its product's current price.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PackLine {
    #[serde(flatten)]
    pub item: PackItem,
    pub name: String,
    pub reference: String,
    /// The product's price, cents.
    pub unit_price: i64,
    /// `unit_price × quantity`.
    pub gross: i64,
    pub discount: i64,
    /// `gross − discount`: what the line adds to the pack's price.
    pub net: i64,
}

impl Resource for Product {
    const NAME: &'static str = "product";
    const LABEL: &'static str = "Producto";
    const TABLE: &'static str = "products_product";
    const SEARCH: &'static [&'static str] = &["reference", "name", "description", "provider_reference"];
    const UNIQUE: &'static [&'static str] = &["reference"];
    const ORDER_BY: &'static str = "name ASC, id ASC";

    fn prepare(&mut self, ctx: &Ctx, id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(name) = checks.check(validate::required("name", &self.name, 200)) {
            self.name = name;
        }
        for (field, value, max) in [
            ("reference", &mut self.reference, 40),
            ("description", &mut self.description, 5000),
            ("provider_reference", &mut self.provider_reference, 60),
        ] {
            if let Some(clean) = checks.check(validate::optional(field, value, max)) {
                *value = clean;
            }
        }
        if self.status.trim().is_empty() {
            self.status = "published".into();
        }
        if let Some(status) = checks.check(validate::one_of("status", self.status.trim(), STATUSES)) {
            self.status = status.into();
        }
        if let Some(file_id) = self.image_file_id {
            checks.check(validate::image_file("image_file_id", file_id));
        }
        dedup(&mut self.file_ids);
        if self.file_ids.len() > 20 {
            checks.push(Error::invalid_field("file_ids", "Como máximo 20 archivos por producto"));
        } else {
            for (i, file_id) in self.file_ids.iter().enumerate() {
                if files::info(*file_id).is_none() {
                    checks.push(Error::invalid_field(&format!("file_ids[{i}]"), "El archivo no existe"));
                }
            }
        }
        dedup(&mut self.category_ids);
        category::check_ids(ctx, &mut checks, &self.category_ids)?;
        dedup(&mut self.provider_ids);
        check_providers(&mut checks, &self.provider_ids);
        for (field, value) in [("purchase_price", self.purchase_price), ("price", self.price)] {
            if !(0..=MAX_CENTS).contains(&value) {
                checks.push(Error::invalid_field(field, "El importe debe estar entre 0 y 10.000.000 €"));
            }
        }
        self.set_tax(&mut checks);
        process::check(&mut checks, &mut self.processes);
        if self.is_pack {
            match pack_lines(ctx, &mut checks, id, &mut self.pack_items)? {
                Some(lines) => self.price = lines.iter().map(|l| l.net).sum(),
                None => self.price = 0,
            }
        } else {
            self.pack_items.clear();
        }
        checks.finish()?;
        if self.reference.is_empty() {
            self.reference = next_reference(ctx)?;
        }
        self.total = self.price + percent_of(self.price, self.tax_rate);
        Ok(())
    }
}

fn dedup(ids: &mut Vec<i64>) {
    let mut seen = Vec::with_capacity(ids.len());
    ids.retain(|id| {
        let new = !seen.contains(id);
        seen.push(*id);
        new
    });
}

impl Product {
    /// The tax: the billing module's when `tax_id` is given (its name and rate are copied),
    /// else the rate given.
    fn set_tax(&mut self, checks: &mut Checks) {
        match self.tax_id {
            Some(tax_id) => match usable_taxes() {
                Ok(taxes) => match taxes.into_iter().find(|t| t.id == tax_id) {
                    Some(tax) => {
                        self.tax_name = tax.name;
                        self.tax_rate = tax.rate;
                    }
                    None => checks.push(Error::invalid_field("tax_id", "El impuesto no existe o su región no está activa")),
                },
                Err(_) => checks.push(Error::invalid_field("tax_id", "El servicio de facturación no está activo para la empresa")),
            },
            None => {
                self.tax_name.clear();
                if !(0..=10_000).contains(&self.tax_rate) {
                    checks.push(Error::invalid_field("tax_rate", "El porcentaje debe estar entre 0 y 100"));
                }
            }
        }
    }
}

/// A tax of the billing module (its `tax.usable` export).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TaxOption {
    pub id: i64,
    pub name: String,
    pub kind: String,
    pub rate: i64,
    pub region: String,
    pub is_default: bool,
}

/// The taxes usable on a new line, from the billing module; an error when it is off.
pub fn usable_taxes() -> std::result::Result<Vec<TaxOption>, String> {
    plugins::try_call("billing", "tax.usable", &json!({}))
}

/// A contact as the contacts module lists it (`contact.summaries`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ContactSummary {
    pub id: i64,
    pub name: String,
    #[serde(default)]
    pub relation: String,
    pub state: String,
}

fn contact_summaries(ids: &[i64]) -> std::result::Result<Vec<ContactSummary>, String> {
    plugins::try_call("contacts", "contact.summaries", &json!({ "ids": ids }))
}

/// Suppliers must be live contacts with the `provider` relation that the caller sees.
fn check_providers(checks: &mut Checks, ids: &[i64]) {
    if ids.is_empty() {
        return;
    }
    let Ok(found) = contact_summaries(ids) else {
        checks.push(Error::invalid_field("provider_ids", "El servicio de contactos no está activo para la empresa"));
        return;
    };
    for (i, id) in ids.iter().enumerate() {
        let ok = found.iter().any(|c| c.id == *id && c.relation == "provider" && c.state != "deleted");
        if !ok {
            checks.push(Error::invalid_field(&format!("provider_ids[{i}]"), "El proveedor no existe"));
        }
    }
}

/// The stored products a pack may hold: `(id, name, reference, price, is_pack, state)`.
#[derive(Debug, Deserialize)]
struct ItemProduct {
    id: i64,
    name: String,
    reference: String,
    price: i64,
    is_pack: bool,
    state: String,
}

fn item_products(ctx: &Ctx, ids: &[i64]) -> Result<Vec<ItemProduct>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut params = params![ctx.business_id];
    params.extend(ids.iter().map(|id| id.to_sql()));
    sql::query_as(
        &format!(
            "SELECT id, name, reference, price, is_pack, state FROM products_product WHERE business_id = $1 AND id IN ({})",
            sql::placeholders(2, ids.len())
        ),
        &params,
    )
}

/// A pack's lines, checked (`pack_items[i].field`) and worked out from the products' current
/// prices; `None` when a check failed (the errors are in `checks`). `pack_id` is the pack
/// itself on an update, which cannot be one of its products.
fn pack_lines(ctx: &Ctx, checks: &mut Checks, pack_id: Option<i64>, items: &mut [PackItem]) -> Result<Option<Vec<PackLine>>> {
    let before = checks.is_empty();
    if items.is_empty() {
        checks.push(Error::invalid_field("pack_items", "Un pack debe incluir al menos un producto"));
    }
    if items.len() > 100 {
        checks.push(Error::invalid_field("pack_items", "Como máximo 100 productos por pack"));
        return Ok(None);
    }
    let ids: Vec<i64> = items.iter().map(|i| i.product_id).collect();
    let products = item_products(ctx, &ids)?;
    let mut lines = Vec::with_capacity(items.len());
    for (i, item) in items.iter_mut().enumerate() {
        let field = |name: &str| format!("pack_items[{i}].{name}");
        if items_before(&ids, i) {
            checks.push(Error::invalid_field(&field("product_id"), "El producto ya está en el pack"));
            continue;
        }
        let Some(product) = products.iter().find(|p| p.id == item.product_id && p.state != "deleted") else {
            checks.push(Error::invalid_field(&field("product_id"), "El producto no existe"));
            continue;
        };
        if Some(product.id) == pack_id {
            checks.push(Error::invalid_field(&field("product_id"), "Un pack no puede incluirse a sí mismo"));
            continue;
        }
        if product.is_pack {
            checks.push(Error::invalid_field(&field("product_id"), "Un pack no puede incluir otro pack"));
            continue;
        }
        if item.quantity == 0 {
            item.quantity = 1;
        }
        if !(1..=999).contains(&item.quantity) {
            checks.push(Error::invalid_field(&field("quantity"), "La cantidad debe estar entre 1 y 999"));
            continue;
        }
        let gross = product.price * item.quantity;
        let kind = item.discount_type.as_deref().map(str::trim).filter(|k| !k.is_empty());
        let discount = match kind {
            None => {
                item.discount_type = None;
                item.discount_value = 0;
                0
            }
            Some(kind) => match validate::one_of(&field("discount_type"), kind, DISCOUNT_TYPES) {
                Err(err) => {
                    checks.push(err);
                    continue;
                }
                Ok("percent") if !(0..=10_000).contains(&item.discount_value) => {
                    checks.push(Error::invalid_field(&field("discount_value"), "El descuento debe estar entre 0 y 100 %"));
                    continue;
                }
                Ok("percent") => {
                    item.discount_type = Some("percent".into());
                    percent_of(gross, item.discount_value)
                }
                Ok(_) if !(0..=gross).contains(&item.discount_value) => {
                    checks.push(Error::invalid_field(&field("discount_value"), "El descuento no puede superar el importe de la línea"));
                    continue;
                }
                Ok(_) => {
                    item.discount_type = Some("quantity".into());
                    item.discount_value
                }
            },
        };
        lines.push(PackLine {
            item: item.clone(),
            name: product.name.clone(),
            reference: product.reference.clone(),
            unit_price: product.price,
            gross,
            discount,
            net: gross - discount,
        });
    }
    Ok((before && checks.is_empty()).then_some(lines))
}

/// Whether `ids[i]` already came earlier in the list.
fn items_before(ids: &[i64], i: usize) -> bool {
    ids[..i].contains(&ids[i])
}

/// The next free six-digit reference of the business (`000042`).
fn next_reference(ctx: &Ctx) -> Result<String> {
    let count: i64 = sql::query_scalar("SELECT COUNT(*) FROM products_product WHERE business_id = $1", &params![ctx.business_id])?;
    for n in (count + 1)..(count + 1000) {
        let reference = format!("{n:06}");
        let taken: Option<i64> = sql::query_optional(
            "SELECT id FROM products_product WHERE business_id = $1 AND reference = $2",
            &params![ctx.business_id, reference],
        )?;
        if taken.is_none() {
            return Ok(reference);
        }
    }
    Err(Error::conflict("No se ha podido asignar una referencia al producto; indique una"))
}

/// The `LIKE` pattern that finds a product among a pack's stored items.
fn in_pack_pattern(product_id: i64) -> String {
    format!("%\"product_id\":{product_id},%")
}

/// The live packs that hold `product_id`: `[(id, name)]`.
fn packs_holding(ctx: &Ctx, product_id: i64) -> Result<Vec<crate::Named>> {
    sql::query_as(
        "SELECT id, name FROM products_product WHERE business_id = $1 AND is_pack = $2 AND state <> 'deleted' AND pack_items LIKE $3 ORDER BY name",
        &params![ctx.business_id, true, in_pack_pattern(product_id)],
    )
}

/// After a product's price changed: the packs holding it take their new price. A pack that
/// could no longer be priced (a fixed discount above its line's new amount) refuses the change,
/// naming the pack (`field`: the field of the change that caused it).
fn refresh_packs(ctx: &Ctx, product_id: i64, field: &str) -> Result<()> {
    for pack in packs_holding(ctx, product_id)? {
        let record = resource::find::<Product>(ctx, pack.id)?;
        let mut items = record.data.pack_items.clone();
        let mut checks = Checks::new();
        let Some(lines) = pack_lines(ctx, &mut checks, Some(pack.id), &mut items)? else {
            return Err(Error::invalid_field(field, format!("El pack «{}» ya no cuadraría con este cambio: revise sus descuentos", pack.name))
                .with_data(json!({ "field": field, "pack_id": pack.id })));
        };
        let price: i64 = lines.iter().map(|l| l.net).sum();
        let total = price + percent_of(price, record.data.tax_rate);
        sql::execute(
            "UPDATE products_product SET price = $1, total = $2, updated_at = $3 WHERE business_id = $4 AND id = $5",
            &params![price, total, host::now(), ctx.business_id, pack.id],
        )?;
    }
    Ok(())
}

/// The product with its categories, suppliers, files, the lines of a pack and the packs that
/// hold it.
pub fn detail(ctx: &Ctx, id: i64) -> Result<Value> {
    let record = resource::find::<Product>(ctx, id)?;
    let mut value = serde_json::to_value(&record)?;
    value["categories"] = json!(category::names(ctx, &record.data.category_ids)?);
    // Suppliers by name when the contacts module answers; their ids alone otherwise.
    let providers: Vec<Value> = match contact_summaries(&record.data.provider_ids) {
        Ok(found) => record
            .data
            .provider_ids
            .iter()
            .map(|id| json!({ "id": id, "name": found.iter().find(|c| c.id == *id).map(|c| c.name.clone()) }))
            .collect(),
        Err(_) => record.data.provider_ids.iter().map(|id| json!({ "id": id, "name": null })).collect(),
    };
    value["providers"] = json!(providers);
    value["files"] = json!(record
        .data
        .file_ids
        .iter()
        .map(|f| json!({ "id": f, "name": files::info(*f).map(|i| i.name) }))
        .collect::<Vec<_>>());
    let mut items = record.data.pack_items.clone();
    let lines = if record.data.is_pack { pack_lines(ctx, &mut Checks::new(), Some(id), &mut items)?.unwrap_or_default() } else { Vec::new() };
    value["pack_lines"] = json!(lines);
    value["packs"] = json!(packs_holding(ctx, id)?.into_iter().map(|p| json!({ "id": p.id, "name": p.name })).collect::<Vec<_>>());
    Ok(value)
}

/// `product/create`.
pub fn create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    for computed in ["total", "tax_name"] {
        body.remove(computed);
    }
    let record = resource::create::<Product>(ctx, Value::Object(body))?;
    detail(ctx, record.id)
}

/// `product/update`: `id` and the fields that change. Packs holding it follow its new price.
pub fn update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    for computed in ["total", "tax_name"] {
        body.remove(computed);
    }
    // A new tax rate given alone replaces the billing tax.
    if body.contains_key("tax_rate") && !body.contains_key("tax_id") {
        body.insert("tax_id".into(), Value::Null);
    }
    // A product a pack holds cannot become a pack itself (packs do not nest).
    if body.get("is_pack").and_then(Value::as_bool) == Some(true) {
        if let Some(pack) = packs_holding(ctx, id)?.into_iter().next() {
            return Err(Error::invalid_field("is_pack", format!("El producto forma parte del pack «{}»: un pack no puede incluir otro pack", pack.name))
                .with_data(json!({ "field": "is_pack", "pack_id": pack.id })));
        }
    }
    let record = resource::update::<Product>(ctx, id, Value::Object(body))?;
    if !record.data.is_pack {
        refresh_packs(ctx, id, "price")?;
    }
    detail(ctx, id)
}

/// `product/state`: active ↔ inactive (or the `state` given).
pub fn state(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: category::StateBody = req.json()?;
    resource::set_state::<Product>(ctx, body.id, body.state.as_deref())?;
    detail(ctx, body.id)
}

/// `product/delete`: marked deleted (invoices that name it keep it). Refused while a pack holds
/// it.
pub fn delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    resource::find::<Product>(ctx, body.id)?;
    if let Some(pack) = packs_holding(ctx, body.id)?.into_iter().next() {
        return Err(Error::conflict(format!("El producto forma parte del pack «{}»: quítelo antes del pack", pack.name))
            .with_data(json!({ "pack_id": pack.id })));
    }
    resource::delete::<Product>(ctx, body.id)?;
    detail(ctx, body.id)
}

/// `product/pricing/clone` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct CloneBody {
    /// The product whose pricing is copied.
    #[serde(alias = "product_id")]
    pub id: i64,
    /// The products that take it (not packs, whose price comes from their products).
    #[serde(alias = "product_ids")]
    pub target_ids: Vec<i64>,
}

/// `product/pricing/clone`: copy a product's pricing (price, tax, whether it shows, cost) onto
/// other products. Every target is checked before any changes.
pub fn clone_pricing(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body: CloneBody = req.json()?;
    let source = resource::find::<Product>(ctx, body.id)?;
    if source.state == "deleted" {
        return Err(Error::conflict("Producto está eliminado"));
    }
    dedup(&mut body.target_ids);
    if body.target_ids.is_empty() {
        return Err(Error::required("target_ids"));
    }
    if body.target_ids.len() > 500 {
        return Err(Error::invalid_field("target_ids", "Como máximo 500 productos por llamada"));
    }
    let targets = item_products(ctx, &body.target_ids)?;
    let mut checks = Checks::new();
    for (i, id) in body.target_ids.iter().enumerate() {
        let field = format!("target_ids[{i}]");
        match targets.iter().find(|p| p.id == *id && p.state != "deleted") {
            None => checks.push(Error::invalid_field(&field, "El producto no existe")),
            Some(_) if *id == source.id => checks.push(Error::invalid_field(&field, "Es el producto del que se copia")),
            Some(p) if p.is_pack => checks.push(Error::invalid_field(&field, "Un pack toma su precio de sus productos")),
            Some(_) => {}
        }
    }
    checks.finish()?;
    let s = &source.data;
    let now = host::now();
    for id in &body.target_ids {
        sql::execute(
            "UPDATE products_product SET price = $1, tax_id = $2, tax_name = $3, tax_rate = $4, total = $5, price_visible = $6, \
             purchase_price = $7, updated_at = $8 WHERE business_id = $9 AND id = $10",
            &params![s.price, s.tax_id, s.tax_name, s.tax_rate, s.total, s.price_visible, s.purchase_price, now, ctx.business_id, *id],
        )?;
        refresh_packs(ctx, *id, "target_ids")?;
    }
    Ok(json!({ "id": source.id, "updated": body.target_ids.len(), "target_ids": body.target_ids }))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ReadQuery {
    status: Option<String>,
    category_id: Option<i64>,
    is_pack: Option<bool>,
}

/// `GET product/read`: a page of products by name (`search`, `status`, `category_id`,
/// `is_pack`, `state`, `order`, `page`, `per_page`).
pub fn list(ctx: &Ctx, req: &Req) -> Result<JsonText> {
    let q: ReadQuery = req.query()?;
    let mut list = ListQuery::from_query(req)?;
    if let Some(status) = q.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        list.filter.insert("status".into(), json!(validate::one_of("status", status, STATUSES)?));
    }
    if let Some(is_pack) = q.is_pack {
        list.filter.insert("is_pack".into(), json!(is_pack));
    }
    match q.category_id {
        Some(category) => {
            let (extra, params) = in_json_list("category_ids", category);
            resource::list_json_where::<Product>(ctx, &list, Some(&extra), params)
        }
        None => resource::list_json::<Product>(ctx, &list),
    }
}

/// A condition (with `${}` placeholders) that finds `id` in a column holding a JSON list of ids
/// (`[1,2,3]`), and its parameters.
fn in_json_list(column: &str, id: i64) -> (String, Vec<sql::SqlValue>) {
    let condition = format!("({column} LIKE ${{}} OR {column} LIKE ${{}} OR {column} LIKE ${{}} OR {column} LIKE ${{}})");
    let params = [format!("[{id}]"), format!("[{id},%"), format!("%,{id}]"), format!("%,{id},%")].iter().map(|p| p.to_sql()).collect();
    (condition, params)
}

/// `condition` with its `${}` placeholders numbered after the business's `$1`, and its
/// parameters after `business_id`.
fn after_business(ctx: &Ctx, condition: &str, extra: Vec<sql::SqlValue>) -> (String, Vec<sql::SqlValue>) {
    let mut params = params![ctx.business_id];
    let mut numbered = condition.to_string();
    for p in extra {
        params.push(p);
        numbered = numbered.replacen("${}", &format!("${}", params.len()), 1);
    }
    (numbered, params)
}

/// How many live products are in `category_id`.
pub fn count_in_category(ctx: &Ctx, category_id: i64) -> Result<i64> {
    let (extra, extra_params) = in_json_list("category_ids", category_id);
    let (condition, params) = after_business(ctx, &extra, extra_params);
    sql::query_scalar(&format!("SELECT COUNT(*) FROM products_product WHERE business_id = $1 AND state <> 'deleted' AND {condition}"), &params)
}

/// Live products per category: `[(category_id, count)]`.
pub fn counts_by_category(ctx: &Ctx) -> Result<Vec<(i64, i64)>> {
    #[derive(Deserialize)]
    struct Row {
        category_ids: Vec<i64>,
    }
    let rows: Vec<Row> = sql::query_as(
        "SELECT category_ids FROM products_product WHERE business_id = $1 AND state <> 'deleted' AND category_ids <> '[]'",
        &params![ctx.business_id],
    )?;
    let mut counts: Vec<(i64, i64)> = Vec::new();
    for id in rows.into_iter().flat_map(|r| r.category_ids) {
        match counts.iter_mut().find(|(c, _)| *c == id) {
            Some((_, n)) => *n += 1,
            None => counts.push((id, 1)),
        }
    }
    Ok(counts)
}

/// Take a deleted category off every product; answers how many products had it.
pub fn remove_category(ctx: &Ctx, category_id: i64) -> Result<usize> {
    #[derive(Deserialize)]
    struct Row {
        id: i64,
        category_ids: Vec<i64>,
    }
    let (extra, extra_params) = in_json_list("category_ids", category_id);
    let (condition, params) = after_business(ctx, &extra, extra_params);
    let rows: Vec<Row> = sql::query_as(&format!("SELECT id, category_ids FROM products_product WHERE business_id = $1 AND {condition}"), &params)?;
    let now = host::now();
    for row in &rows {
        let kept: Vec<i64> = row.category_ids.iter().copied().filter(|c| *c != category_id).collect();
        sql::execute(
            "UPDATE products_product SET category_ids = $1, updated_at = $2 WHERE business_id = $3 AND id = $4",
            &params![serde_json::to_string(&kept)?, now, ctx.business_id, row.id],
        )?;
    }
    Ok(rows.len())
}

/// `GET product/taxes` (extension): the billing module's taxes usable on a product, the
/// default first, with `available: false` and none when that module is off.
pub fn taxes(_ctx: &Ctx, _req: &Req) -> Result<Value> {
    Ok(match usable_taxes() {
        Ok(list) => json!({ "available": true, "taxes": list }),
        Err(_) => json!({ "available": false, "taxes": [] }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_list_patterns_find_an_id_anywhere_in_the_list() {
        let (condition, params) = in_json_list("category_ids", 7);
        assert_eq!(condition.matches("${}").count(), 4);
        let patterns: Vec<String> = params
            .into_iter()
            .map(|p| match p {
                sql::SqlValue::Text(t) => t,
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(patterns, ["[7]", "[7,%", "%,7]", "%,7,%"]);
    }

    #[test]
    fn pack_items_serialise_product_id_first() {
        let item = PackItem { product_id: 12, quantity: 2, discount_type: Some("percent".into()), discount_value: 1000 };
        let text = serde_json::to_string(&vec![item]).unwrap();
        assert!(text.starts_with("[{\"product_id\":12,"), "{text}");
        let pattern = in_pack_pattern(12);
        assert_eq!(pattern, "%\"product_id\":12,%");
    }

    #[test]
    fn dedup_keeps_the_first_of_each() {
        let mut ids = vec![3, 1, 3, 2, 1];
        dedup(&mut ids);
        assert_eq!(ids, [3, 1, 2]);
    }
}

/// What the online shop shows of a product (`product.storefront`, called by the web module).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StorefrontProduct {
    pub id: i64,
    pub reference: String,
    pub name: String,
    pub description: String,
    pub price: i64,
    /// The billing module's tax (null when the rate was given by hand).
    pub tax_id: Option<i64>,
    pub tax_name: String,
    pub tax_rate: i64,
    pub total: i64,
    pub price_visible: bool,
    pub is_pack: bool,
    /// It renews or extends what a customer has (an `online_test_extend` or
    /// `formative_percentage` process): a customer in demo mode may not buy it.
    #[serde(default)]
    pub renews: bool,
    /// The processes as stored (read to tell `renews`; not answered).
    #[serde(default, skip_serializing)]
    processes: String,
}

/// The products a customer may buy: active, and `published` or `featured` (not `hidden` or
/// `discontinued`). With `ids`, those of them (at most 100); without, all of them by name (at most
/// 500).
pub fn storefront(ctx: &Ctx, ids: Option<&[i64]>) -> Result<Vec<StorefrontProduct>> {
    let mut params = params![ctx.business_id];
    let mut statement = String::from(
        "SELECT id, reference, name, description, price, tax_id, tax_name, tax_rate, total, price_visible, is_pack, processes
         FROM products_product
         WHERE business_id = $1 AND state = 'active' AND status IN ('published', 'featured')",
    );
    match ids {
        Some([]) => return Ok(Vec::new()),
        Some(ids) if ids.len() > 100 => return Err(Error::invalid_field("ids", "Como máximo 100 productos")),
        Some(ids) => {
            params.extend(ids.iter().map(|id| id.to_sql()));
            statement.push_str(&format!(" AND id IN ({})", sql::placeholders(2, ids.len())));
        }
        None => {}
    }
    statement.push_str(" ORDER BY name, id LIMIT 500");
    let mut products: Vec<StorefrontProduct> = sql::query_as(&statement, &params)?;
    for product in &mut products {
        let processes: Vec<Process> = serde_json::from_str(&product.processes).unwrap_or_default();
        product.renews = processes.iter().any(|p| process::RENEWING.contains(&p.kind.as_str()));
    }
    Ok(products)
}
