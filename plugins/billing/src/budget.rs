//! Budgets (`budget/*`) and budget groups (`budget/group/*`). A budget is numbered in its
//! series when created (`P` counter, per year); it stays `pending` until billed, then it is
//! `billed` for good: it cannot be edited, deleted or billed again.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery};
use volante_plugin_sdk::{host, validate};

use crate::codes;
use crate::document::{self, DocBody, ListBody, Prepared};
use crate::series;

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct BudgetGroup {
    pub name: String,
    pub description: String,
}

impl Resource for BudgetGroup {
    const NAME: &'static str = "budget_group";
    const PATH: &'static str = "budget/group";
    const LABEL: &'static str = "Grupo de presupuestos";
    const TABLE: &'static str = "billing_budget_group";
    const SEARCH: &'static [&'static str] = &["name"];
    const UNIQUE: &'static [&'static str] = &["name"];
    const ORDER_BY: &'static str = "name";

    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        self.name = validate::required("name", &self.name, 100)?;
        self.description = validate::optional("description", &self.description, 500)?;
        Ok(())
    }
}

/// `GET budget/group/read`: every group (`?id=` one) with its number of budgets.
pub fn group_read(ctx: &Ctx, req: &Req) -> Result<Value> {
    if let Some(id) = req.query_value("id") {
        let id: i64 = id.parse().map_err(|_| Error::invalid_field("id", "El campo id no es válido"))?;
        return Ok(serde_json::to_value(resource::find::<BudgetGroup>(ctx, id)?)?);
    }
    let page = resource::list::<BudgetGroup>(ctx, &ListQuery { per_page: Some(500), ..ListQuery::default() })?;
    let mut out = Vec::new();
    for r in page.items {
        let count: i64 = sql::query_scalar(
            "SELECT COUNT(*) FROM billing_budget WHERE business_id = $1 AND group_id = $2 AND state <> 'deleted'",
            &params![ctx.business_id, r.id],
        )?;
        let mut v = serde_json::to_value(&r)?;
        v["budgets"] = json!(count);
        out.push(v);
    }
    Ok(json!(out))
}

fn check_group(ctx: &Ctx, group_id: Option<i64>) -> Result<()> {
    if let Some(id) = group_id {
        resource::find_optional::<BudgetGroup>(ctx, id)?
            .filter(|g| g.state != "deleted")
            .ok_or_else(|| Error::invalid_field("group_id", "El grupo de presupuestos no existe"))?;
    }
    Ok(())
}

fn contact_json(p: &Prepared) -> Result<String> {
    Ok(serde_json::to_string(&p.contact)?)
}

/// `POST budget/create`.
pub fn create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: DocBody = req.json()?;
    let p = document::prepare(ctx, &body)?;
    check_group(ctx, p.group_id)?;
    let year: i64 = p.issue_date[..4].parse().unwrap_or(series::current_year());
    let number = series::next_number(ctx, p.series.id, "budget", year)?;
    let reference = format!("P{}", series::reference(&p.series.data.code, year, number));
    let now = host::now();
    let t = &p.totals;
    let id: i64 = sql::query_scalar(
        "INSERT INTO billing_budget (business_id, branch_id, series_id, group_id, year, number, reference, state, issue_date, due_date, \
         contact_id, contact_json, discount_type, discount_value, gross, discount, base, tax, total, notes, search_text, created_by, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $22) RETURNING id",
        &params![
            ctx.business_id,
            p.branch_id,
            p.series.id,
            p.group_id,
            year,
            number,
            reference,
            p.issue_date,
            p.due_date,
            p.contact_id,
            contact_json(&p)?,
            p.discount_type,
            p.discount_value,
            t.gross,
            t.discount,
            t.base,
            t.tax,
            t.total,
            p.notes,
            document::search_text(&reference, &p.contact),
            ctx.user_id,
            now
        ],
    )?;
    document::store_lines(ctx, "billing_budget_line", "budget_id", id, &p.lines)?;
    read_value(ctx, id)
}

/// A budget that exists and is not deleted.
pub fn find(ctx: &Ctx, id: i64) -> Result<Value> {
    document::row_json("billing_budget", ctx, id)?
        .filter(|v| v["state"] != "deleted")
        .ok_or_else(|| Error::not_found("Presupuesto"))
}

/// `POST budget/update`: a pending budget's dates, contact, lines, discount, group and notes
/// (its series and number stay).
pub fn update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body: DocBody = req.json()?;
    let id = body.id.ok_or_else(|| Error::required("id"))?;
    let current = find(ctx, id)?;
    if current["state"] != "pending" {
        return Err(codes::budget_billed(id));
    }
    body.series_id = current["series_id"].as_i64();
    let p = document::prepare(ctx, &body)?;
    check_group(ctx, p.group_id)?;
    let t = &p.totals;
    let reference = current["reference"].as_str().unwrap_or_default().to_string();
    let changed = sql::execute(
        "UPDATE billing_budget SET branch_id = $1, group_id = $2, issue_date = $3, due_date = $4, contact_id = $5, contact_json = $6, \
         discount_type = $7, discount_value = $8, gross = $9, discount = $10, base = $11, tax = $12, total = $13, notes = $14, \
         search_text = $15, updated_at = $16 WHERE business_id = $17 AND id = $18 AND state = 'pending'",
        &params![
            p.branch_id,
            p.group_id,
            p.issue_date,
            p.due_date,
            p.contact_id,
            contact_json(&p)?,
            p.discount_type,
            p.discount_value,
            t.gross,
            t.discount,
            t.base,
            t.tax,
            t.total,
            p.notes,
            document::search_text(&reference, &p.contact),
            host::now(),
            ctx.business_id,
            id
        ],
    )?;
    if changed != 1 {
        return Err(codes::budget_billed(id));
    }
    document::store_lines(ctx, "billing_budget_line", "budget_id", id, &p.lines)?;
    read_value(ctx, id)
}

/// `POST budget/delete`: a pending budget is marked deleted; a billed one stays.
pub fn delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let id = document::body_id(req)?;
    let current = find(ctx, id)?;
    if current["state"] != "pending" {
        return Err(codes::budget_billed(id));
    }
    sql::execute(
        "UPDATE billing_budget SET state = 'deleted', updated_at = $1 WHERE business_id = $2 AND id = $3",
        &params![host::now(), ctx.business_id, id],
    )?;
    Ok(json!({ "id": id, "state": "deleted" }))
}

/// The budget with its lines.
pub fn read_value(ctx: &Ctx, id: i64) -> Result<Value> {
    let mut v = find(ctx, id)?;
    v["lines"] = serde_json::to_value(document::load_lines(ctx, "billing_budget_line", "budget_id", id)?)?;
    Ok(v)
}

/// `GET budget/read/{id}`.
pub fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    read_value(ctx, req.param("id")?)
}

/// `POST budget/readall`.
pub fn readall(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: ListBody = req.json()?;
    document::list(ctx, "billing_budget", &body, "deleted")
}

/// `GET budget/contactread?contact_id=`: a contact's budgets.
pub fn contactread(ctx: &Ctx, req: &Req) -> Result<Value> {
    let contact_id = document::contact_query(req)?;
    let body = ListBody { contact_id: Some(contact_id), per_page: Some(500), ..ListBody::default() };
    Ok(document::list(ctx, "billing_budget", &body, "deleted")?["items"].take())
}
