//! Budgets and invoices: the body both share, its checks and amounts, the contact block, and
//! the stored rows.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource;
use volante_plugin_sdk::{host, text, validate, Checks};

use crate::money::{self, Discount, LineInput, Totals};
use crate::series::Series;
use crate::tax;

/// `percent` or `amount` (the product's clients say `quantity` for an amount).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum DiscountType {
    Percent,
    #[serde(alias = "quantity")]
    Amount,
}

impl DiscountType {
    pub fn as_str(self) -> &'static str {
        match self {
            DiscountType::Percent => "percent",
            DiscountType::Amount => "amount",
        }
    }
}

/// One line as the client sends it.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct LineBody {
    #[serde(alias = "name", alias = "description")]
    pub concept: String,
    pub product_id: Option<i64>,
    /// Unit price in cents, tax not included.
    pub price: i64,
    /// Units, up to three decimals (default 1).
    pub quantity: Option<f64>,
    pub discount_type: Option<DiscountType>,
    /// Percent (up to two decimals) or cents, after `discount_type`.
    pub discount: f64,
    /// A tax of `tax/read` whose region is on (default: the business's default tax).
    pub tax_id: Option<i64>,
}

/// The contact block printed on a document (the contacts plugin's `contact.billing` shape).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct ContactBlock {
    pub id: Option<i64>,
    pub branch_id: Option<i64>,
    /// `P` person, `E` company.
    #[serde(rename = "type")]
    pub kind: String,
    pub name: String,
    pub tax_code: String,
    pub email: String,
    pub phone: String,
    pub address: Address,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Address {
    pub street: String,
    pub city: String,
    pub province_id: Option<i64>,
    pub postal_code: String,
}

/// A budget or invoice as the client sends it (create and update).
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct DocBody {
    /// On update.
    pub id: Option<i64>,
    /// The billing series (default: the first active one).
    #[serde(alias = "billing", alias = "sales_billing_id")]
    pub series_id: Option<i64>,
    /// Budgets: the budget group.
    pub group_id: Option<i64>,
    pub branch_id: Option<i64>,
    /// `YYYY-MM-DD` or `DD/MM/YYYY`; default today.
    pub issue_date: String,
    pub due_date: String,
    /// A contact of the contacts plugin: its billing block is read from there.
    pub contact_id: Option<i64>,
    /// Without `contact_id`: the block as given (a one-off customer).
    pub contact: Option<ContactBlock>,
    #[serde(alias = "items", alias = "products")]
    pub lines: Vec<LineBody>,
    /// Document discount.
    pub discount_type: Option<DiscountType>,
    pub discount: f64,
    pub notes: String,
    /// Invoices, on create: payments registered with the invoice.
    pub payments: Vec<crate::invoice::PaymentBody>,
    /// Invoices, on create: bill this budget (its lines, contact and discount are used).
    pub budget_id: Option<i64>,
    /// Invoices, on create: keep as a draft (no number, editable) instead of issuing.
    pub draft: bool,
    /// Invoices, on update of a draft: issue it.
    pub issue: bool,
}

/// A checked line with its amounts.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Line {
    pub position: i64,
    pub concept: String,
    pub product_id: Option<i64>,
    pub price: i64,
    /// Thousandths.
    pub quantity: i64,
    pub discount_type: Option<String>,
    /// Hundredths of a percent or cents.
    pub discount_value: i64,
    pub tax_id: Option<i64>,
    pub tax_name: String,
    pub tax_kind: String,
    pub tax_rate: i64,
    pub gross: i64,
    /// The line's discount plus its share of the document's.
    pub discount: i64,
    pub base: i64,
    pub tax: i64,
    pub total: i64,
}

/// A checked document, ready to store.
#[derive(Debug, Clone)]
pub struct Prepared {
    pub series: Record<Series>,
    pub branch_id: Option<i64>,
    pub group_id: Option<i64>,
    pub issue_date: String,
    pub due_date: Option<String>,
    pub contact_id: Option<i64>,
    pub contact: ContactBlock,
    pub discount_type: Option<String>,
    pub discount_value: i64,
    pub lines: Vec<Line>,
    pub totals: Totals,
    pub notes: String,
}

fn discount_of(kind: Option<&str>, value: i64) -> Discount {
    match kind {
        Some("percent") => Discount::Percent(value),
        Some("amount") => Discount::Amount(value),
        _ => Discount::None,
    }
}

fn discount_value(field: &str, kind: Option<DiscountType>, value: f64) -> Result<i64> {
    match kind {
        None => Ok(0),
        Some(DiscountType::Percent) => money::percent_from_decimal(field, value).map_err(|e| Error::invalid_field(&e.field, e.message)),
        Some(DiscountType::Amount) => {
            if value.fract() != 0.0 || !value.is_finite() {
                return Err(Error::invalid_field(field, "El descuento en importe se indica en céntimos"));
            }
            Ok(value as i64)
        }
    }
}

/// Compute amounts for lines (their `price`, `quantity`, discount and `tax_rate` set) and a
/// document discount; fills each line's amounts.
pub fn apply_amounts(lines: &mut [Line], doc_type: Option<&str>, doc_value: i64) -> Result<Totals> {
    let inputs: Vec<LineInput> = lines
        .iter()
        .map(|l| LineInput {
            price: l.price,
            quantity: l.quantity,
            discount: discount_of(l.discount_type.as_deref(), l.discount_value),
            tax_rate: l.tax_rate,
        })
        .collect();
    let totals = money::compute(&inputs, discount_of(doc_type, doc_value)).map_err(|e| Error::invalid_field(&e.field, e.message))?;
    for (line, a) in lines.iter_mut().zip(&totals.lines) {
        line.gross = a.gross;
        line.discount = a.discount + a.doc_discount;
        line.base = a.base;
        line.tax = a.tax;
        line.total = a.total;
    }
    Ok(totals)
}

/// The series of a body: the one named, or the first active one.
pub fn series_of(ctx: &Ctx, id: Option<i64>) -> Result<Record<Series>> {
    match id {
        Some(id) => {
            let series = resource::find_optional::<Series>(ctx, id)?
                .filter(|s| s.state == "active")
                .ok_or_else(|| Error::invalid_field("series_id", "La serie de facturación no existe o no está activa"))?;
            Ok(series)
        }
        None => {
            let first: Option<i64> = sql::query_scalar(
                "SELECT id FROM billing_series WHERE business_id = $1 AND state = 'active' ORDER BY code LIMIT 1",
                &params![ctx.business_id],
            )?;
            let id = first.ok_or_else(|| Error::invalid_field("series_id", "Cree antes una serie de facturación"))?;
            resource::find::<Series>(ctx, id)
        }
    }
}

/// The contact block: from the contacts plugin when `contact_id` is given (its exported
/// `contact.billing`, inside this call's transaction), else the block as sent.
pub fn contact_of(ctx: &Ctx, contact_id: Option<i64>, inline: Option<ContactBlock>) -> Result<ContactBlock> {
    let _ = ctx;
    match contact_id {
        Some(id) => {
            // The SDK's `plugins::call` turns every refusal into SERVER-000; the raw import
            // lets the user see why (contacts off, contact missing).
            let args = json!({ "id": id }).to_string();
            match volante_plugin_sdk::bindings::volante::plugin::plugins::call("contacts", "contact.billing", &args) {
                Ok(text) => serde_json::from_str(&text).map_err(Error::internal),
                Err(reason) => Err(crate::codes::contact_unavailable(id, &reason)),
            }
        }
        None => {
            let mut block = inline.unwrap_or_default();
            let mut checks = Checks::new();
            if let Some(n) = checks.check(validate::optional("contact.name", &block.name, 200)) {
                block.name = n;
            }
            let code = block.tax_code.trim().to_uppercase();
            if !code.is_empty() {
                if let Some(c) = checks.check(validate::nif_field("contact.tax_code", &code)) {
                    block.tax_code = c;
                }
            }
            if !matches!(block.kind.as_str(), "P" | "E") {
                block.kind = "P".into();
            }
            block.id = None;
            checks.finish()?;
            Ok(block)
        }
    }
}

/// Check a body's lines against the taxes and compute them.
pub fn lines_of(ctx: &Ctx, body: &DocBody) -> Result<(Vec<Line>, Totals, Option<String>, i64)> {
    let mut checks = Checks::new();
    let mut lines = Vec::with_capacity(body.lines.len());
    if body.lines.len() > 500 {
        return Err(Error::invalid_field("lines", "Como máximo 500 líneas"));
    }
    let mut default_tax = None;
    for (i, l) in body.lines.iter().enumerate() {
        let concept = checks.check(validate::required(&format!("lines[{i}].concept"), &l.concept, 500));
        let quantity = checks.check(
            money::quantity_from_decimal(&format!("lines[{i}].quantity"), l.quantity.unwrap_or(1.0))
                .map_err(|e| Error::invalid_field(&e.field, e.message)),
        );
        let discount = checks.check(discount_value(&format!("lines[{i}].discount"), l.discount_type, l.discount));
        let tax = match l.tax_id {
            Some(id) => checks.check(tax::usable(ctx, id, &format!("lines[{i}].tax_id"))),
            None => {
                if default_tax.is_none() {
                    default_tax = Some(tax::default_tax(ctx)?);
                }
                let found = default_tax.clone().flatten();
                if found.is_none() {
                    checks.push(Error::invalid_field(&format!("lines[{i}].tax_id"), "Indique el impuesto de la línea"));
                }
                found
            }
        };
        if let (Some(concept), Some(quantity), Some(discount), Some(tax)) = (concept, quantity, discount, tax) {
            lines.push(Line {
                position: i as i64 + 1,
                concept,
                product_id: l.product_id,
                price: l.price,
                quantity,
                discount_type: l.discount_type.map(|d| d.as_str().to_string()),
                discount_value: discount,
                tax_id: Some(tax.id),
                tax_name: tax.data.name.clone(),
                tax_kind: tax.data.kind.clone(),
                tax_rate: tax.data.rate,
                ..Line::default()
            });
        }
    }
    let doc_value = checks.check(discount_value("discount", body.discount_type, body.discount));
    checks.finish()?;
    let doc_type = body.discount_type.map(|d| d.as_str().to_string());
    let doc_value = doc_value.unwrap_or(0);
    let totals = apply_amounts(&mut lines, doc_type.as_deref(), doc_value)?;
    Ok((lines, totals, doc_type, doc_value))
}

/// Check a whole body.
pub fn prepare(ctx: &Ctx, body: &DocBody) -> Result<Prepared> {
    let series = series_of(ctx, body.series_id)?;
    let issue_date = validate::date("issue_date", &body.issue_date)?;
    let issue_date = if issue_date.is_empty() { host::today() } else { issue_date };
    let due_date = validate::date("due_date", &body.due_date)?;
    if !due_date.is_empty() && due_date < issue_date {
        return Err(Error::invalid_field("due_date", "El vencimiento no puede ser anterior a la fecha de emisión"));
    }
    let notes = validate::optional("notes", &body.notes, 5000)?;
    let (lines, totals, discount_type, discount_value) = lines_of(ctx, body)?;
    let contact = contact_of(ctx, body.contact_id, body.contact.clone())?;
    Ok(Prepared {
        branch_id: body.branch_id.or(contact.branch_id).or(series.data.branch_id).or(ctx.branch_id),
        series,
        group_id: body.group_id,
        issue_date,
        due_date: if due_date.is_empty() { None } else { Some(due_date) },
        contact_id: body.contact_id,
        contact,
        discount_type,
        discount_value,
        lines,
        totals,
        notes,
    })
}

/// Folded text for list searches: reference, contact name and tax code.
pub fn search_text(reference: &str, contact: &ContactBlock) -> String {
    text::fold(&format!("{reference} {} {}", contact.name, contact.tax_code))
}

/// Store lines of a document (`table` `billing_invoice_line` or `billing_budget_line`,
/// `fk` `invoice_id` or `budget_id`), replacing what it had.
pub fn store_lines(ctx: &Ctx, table: &str, fk: &str, doc_id: i64, lines: &[Line]) -> Result<()> {
    sql::execute(&format!("DELETE FROM {table} WHERE business_id = $1 AND {fk} = $2"), &params![ctx.business_id, doc_id])?;
    for l in lines {
        sql::execute(
            &format!(
                "INSERT INTO {table} (business_id, {fk}, position, concept, product_id, price, quantity, discount_type, discount_value, \
                 tax_id, tax_name, tax_kind, tax_rate, gross, discount, base, tax, total) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)"
            ),
            &params![
                ctx.business_id,
                doc_id,
                l.position,
                l.concept,
                l.product_id,
                l.price,
                l.quantity,
                l.discount_type,
                l.discount_value,
                l.tax_id,
                l.tax_name,
                l.tax_kind,
                l.tax_rate,
                l.gross,
                l.discount,
                l.base,
                l.tax,
                l.total
            ],
        )?;
    }
    Ok(())
}

pub fn load_lines(ctx: &Ctx, table: &str, fk: &str, doc_id: i64) -> Result<Vec<Line>> {
    sql::query_as(
        &format!(
            "SELECT position, concept, product_id, price, quantity, discount_type, discount_value, tax_id, tax_name, tax_kind, tax_rate, \
             gross, discount, base, tax, total FROM {table} WHERE business_id = $1 AND {fk} = $2 ORDER BY position"
        ),
        &params![ctx.business_id, doc_id],
    )
}

/// A stored row as JSON, with `contact_json` expanded into `contact`.
pub fn row_json(table: &str, ctx: &Ctx, id: i64) -> Result<Option<Value>> {
    let rows = sql::query_rows(&format!("SELECT * FROM {table} WHERE business_id = $1 AND id = $2"), &params![ctx.business_id, id])?;
    let columns = rows.columns;
    Ok(rows.rows.into_iter().next().map(|r| expand(sql::row_to_json(&columns, r))))
}

pub fn expand(mut map: serde_json::Map<String, Value>) -> Value {
    if let Some(Value::String(text)) = map.remove("contact_json") {
        map.insert("contact".into(), serde_json::from_str(&text).unwrap_or(Value::Null));
    }
    map.remove("search_text");
    Value::Object(map)
}

/// Rows of a list query as JSON.
pub fn rows_json(statement: &str, params: &[sql::SqlValue]) -> Result<Vec<Value>> {
    let rows = sql::query_rows(statement, params)?;
    let columns = rows.columns;
    Ok(rows.rows.into_iter().map(|r| expand(sql::row_to_json(&columns, r))).collect())
}

/// List filters shared by `budget/readall` and `invoice/readall`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct ListBody {
    #[serde(alias = "q", alias = "query")]
    pub search: String,
    pub state: Option<String>,
    #[serde(alias = "billing", alias = "sales_billing_id")]
    pub series_id: Option<i64>,
    pub contact_id: Option<i64>,
    pub group_id: Option<i64>,
    /// Invoices: `F1` complete, `F2` simplified (tickets).
    pub invoice_type: Option<String>,
    /// Issue dates from/to, `YYYY-MM-DD`.
    pub from: String,
    pub to: String,
    pub page: Option<u32>,
    #[serde(alias = "limit")]
    pub per_page: Option<u32>,
}

/// A page of documents of `table`: `{items, total, page, per_page, from, to}`.
pub fn list(ctx: &Ctx, table: &str, body: &ListBody, deleted_state: &str) -> Result<Value> {
    let mut filter = String::from("business_id = $1");
    let mut p: Vec<sql::SqlValue> = params![ctx.business_id];
    let mut add = |cond: &str, value: sql::SqlValue, filter: &mut String| {
        p.push(value);
        filter.push_str(&format!(" AND {cond} ${}", p.len()));
    };
    match body.state.as_deref() {
        Some("all") => {}
        Some(state) => add("state =", state.to_sql(), &mut filter),
        None => add("state <>", deleted_state.to_sql(), &mut filter),
    }
    if let Some(s) = body.series_id {
        add("series_id =", s.to_sql(), &mut filter);
    }
    if let Some(c) = body.contact_id {
        add("contact_id =", c.to_sql(), &mut filter);
    }
    if let Some(t) = body.invoice_type.clone().filter(|_| table == "billing_invoice") {
        add("invoice_type =", t.to_sql(), &mut filter);
    }
    if let Some(g) = body.group_id.filter(|_| table == "billing_budget") {
        add("group_id =", g.to_sql(), &mut filter);
    }
    let from = validate::date("from", &body.from)?;
    if !from.is_empty() {
        add("issue_date >=", from.to_sql(), &mut filter);
    }
    let to = validate::date("to", &body.to)?;
    if !to.is_empty() {
        add("issue_date <=", to.to_sql(), &mut filter);
    }
    let search = text::fold(body.search.trim());
    if search.chars().count() >= 2 {
        for word in search.split_whitespace().take(5) {
            add("search_text LIKE", format!("%{}%", sql::like_escape(word)).to_sql(), &mut filter);
            filter.push_str(" ESCAPE '\\'");
        }
    }
    let per_page = body.per_page.unwrap_or(25).clamp(1, 500) as i64;
    let page = body.page.unwrap_or(1).max(1) as i64;
    let total: i64 = sql::query_scalar(&format!("SELECT COUNT(*) FROM {table} WHERE {filter}"), &p)?;
    let offset = (page - 1) * per_page;
    let items = rows_json(&format!("SELECT * FROM {table} WHERE {filter} ORDER BY issue_date DESC, id DESC LIMIT {per_page} OFFSET {offset}"), &p)?;
    let shown = items.len() as i64;
    Ok(json!({
        "items": items,
        "total": total,
        "page": page,
        "per_page": per_page,
        "from": if shown == 0 { 0 } else { offset + 1 },
        "to": offset + shown,
    }))
}

/// `?contact_id=` (or `?id=`) of a query.
pub fn contact_query(req: &Req) -> Result<i64> {
    let raw = req.query_value("contact_id").or_else(|| req.query_value("id")).ok_or_else(|| Error::required("contact_id"))?;
    raw.parse().map_err(|_| Error::invalid_field("contact_id", "El campo contact_id no es válido"))
}

/// The `id` of a POST body.
pub fn body_id(req: &Req) -> Result<i64> {
    let value = req.value()?;
    let map = value.as_object().cloned().unwrap_or_default();
    resource::body_id(&map)
}
