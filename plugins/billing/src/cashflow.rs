//! Cash flow: expenses (`expense/*`), manual movements (`sales/cashflow/*`), tickets
//! (`ticket/*`: simplified invoices in a simplified series), a contact's cash flow and the
//! monthly chart data.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::{host, validate, Checks};

use crate::document::{self, ListBody};
use crate::money::round_div;
use crate::series;

/// An expense (a provider's invoice or receipt): base, rate and the tax computed by the
/// rounding rule (`tax = round(base × rate / 10000)`), `total = base + tax`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Expense {
    /// `YYYY-MM-DD` (default today).
    pub date: String,
    pub concept: String,
    pub category: String,
    pub provider_contact_id: Option<i64>,
    pub provider_name: String,
    pub provider_tax_code: String,
    /// The provider's invoice number.
    pub document_number: String,
    /// Cents, tax not included.
    pub base: i64,
    /// Hundredths of a percent.
    pub tax_rate: i64,
    /// Computed.
    pub tax: i64,
    /// Computed.
    pub total: i64,
    /// `cash`, `card`, `bizum` or `transfer`.
    pub method: String,
    pub notes: String,
    pub branch_id: Option<i64>,
}

impl Resource for Expense {
    const NAME: &'static str = "expense";
    const LABEL: &'static str = "Gasto";
    const TABLE: &'static str = "billing_expense";
    const SEARCH: &'static [&'static str] = &["concept", "category", "provider_name", "document_number"];
    const ORDER_BY: &'static str = "date DESC, id DESC";

    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(c) = checks.check(validate::required("concept", &self.concept, 300)) {
            self.concept = c;
        }
        match checks.check(validate::date("date", &self.date)) {
            Some(d) if d.is_empty() => self.date = host::today(),
            Some(d) => self.date = d,
            None => {}
        }
        if self.base < 0 {
            checks.push(Error::invalid_field("base", "El importe no puede ser negativo"));
        }
        if !(0..=10_000).contains(&self.tax_rate) {
            checks.push(Error::invalid_field("tax_rate", "El tipo de impuesto no es válido"));
        }
        if self.method.is_empty() {
            self.method = "transfer".into();
        }
        if let Some(m) = checks.check(crate::invoice::method_field("method", &self.method)) {
            self.method = m.to_string();
        }
        let code = self.provider_tax_code.trim().to_uppercase();
        if !code.is_empty() {
            if let Some(c) = checks.check(validate::nif_field("provider_tax_code", &code)) {
                self.provider_tax_code = c;
            }
        }
        checks.finish()?;
        self.tax = round_div(self.base as i128 * self.tax_rate as i128, 10_000);
        self.total = self.base + self.tax;
        Ok(())
    }
}

/// A manual cash movement: money in (`in`) or out (`out`) of the till or the account that is
/// not an invoice payment or an expense (an opening float, a bank charge…).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct CashMovement {
    pub date: String,
    pub concept: String,
    /// `in` or `out`.
    pub direction: String,
    /// Cents, more than zero.
    pub amount: i64,
    pub method: String,
    pub contact_id: Option<i64>,
    pub notes: String,
    pub branch_id: Option<i64>,
}

impl Resource for CashMovement {
    const NAME: &'static str = "sales_cashflow";
    const PATH: &'static str = "sales/cashflow";
    const LABEL: &'static str = "Movimiento de caja";
    const TABLE: &'static str = "billing_cashflow";
    const SEARCH: &'static [&'static str] = &["concept"];
    const ORDER_BY: &'static str = "date DESC, id DESC";

    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(c) = checks.check(validate::required("concept", &self.concept, 300)) {
            self.concept = c;
        }
        match checks.check(validate::date("date", &self.date)) {
            Some(d) if d.is_empty() => self.date = host::today(),
            Some(d) => self.date = d,
            None => {}
        }
        if self.direction.is_empty() {
            self.direction = "in".into();
        }
        if !matches!(self.direction.as_str(), "in" | "out") {
            checks.push(Error::invalid_field("direction", "El sentido debe ser entrada (in) o salida (out)"));
        }
        if self.amount <= 0 {
            checks.push(Error::invalid_field("amount", "El importe debe ser mayor que cero"));
        }
        if self.method.is_empty() {
            self.method = "cash".into();
        }
        if let Some(m) = checks.check(crate::invoice::method_field("method", &self.method)) {
            self.method = m.to_string();
        }
        checks.finish()
    }
}

/// The simplified-invoice limit in cents (plugin setting `simplified_limit`; default 400 €
/// VAT included, 3,000 € for the sectors of RD 1619/2012 art. 4).
pub fn simplified_limit() -> i64 {
    volante_plugin_sdk::settings::get::<i64>("simplified_limit").unwrap_or(40_000)
}

/// `POST ticket/create`: an invoice in a simplified series (the first active one unless
/// `series_id` names one).
pub fn ticket_create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = req.value()?;
    if body.get("series_id").and_then(Value::as_i64).is_none() && body.get("billing").and_then(Value::as_i64).is_none() {
        let first: Option<i64> = sql::query_scalar(
            "SELECT id FROM billing_series WHERE business_id = $1 AND state = 'active' AND simplified = $2 ORDER BY code LIMIT 1",
            &params![ctx.business_id, true],
        )?;
        let id = first.ok_or_else(|| Error::invalid_field("series_id", "Cree antes una serie de tickets (facturas simplificadas)"))?;
        body["series_id"] = json!(id);
    }
    let req = Req { body: body.to_string(), ..req.clone() };
    crate::invoice::create_kind(ctx, &req, true)
}

/// `POST ticket/readall`: tickets only.
pub fn ticket_readall(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body: ListBody = req.json()?;
    body.invoice_type = Some("F2".into());
    document::list(ctx, "billing_invoice", &body, "deleted")
}

/// `GET ticket/contact/cashflow/read?contact_id=`: the contact's issued invoices (charges),
/// payments and manual movements in date order, with the running amount owed.
pub fn contact_cashflow(ctx: &Ctx, req: &Req) -> Result<Value> {
    let contact_id = document::contact_query(req)?;
    let mut movements = document::rows_json(
        "SELECT 'invoice' AS kind, id AS invoice_id, reference AS concept, issue_date AS date, total AS amount FROM billing_invoice \
         WHERE business_id = $1 AND contact_id = $2 AND state = 'issued'",
        &params![ctx.business_id, contact_id],
    )?;
    movements.extend(document::rows_json(
        "SELECT 'payment' AS kind, p.invoice_id AS invoice_id, i.reference AS concept, p.paid_on AS date, p.amount AS amount, p.method AS method \
         FROM billing_payment p JOIN billing_invoice i ON i.id = p.invoice_id AND i.business_id = p.business_id \
         WHERE p.business_id = $1 AND i.contact_id = $2 AND p.state = 'active'",
        &params![ctx.business_id, contact_id],
    )?);
    movements.extend(document::rows_json(
        "SELECT 'movement' AS kind, direction, concept, date, amount, method FROM billing_cashflow \
         WHERE business_id = $1 AND contact_id = $2 AND state <> 'deleted'",
        &params![ctx.business_id, contact_id],
    )?);
    movements.sort_by(|a, b| {
        let key = |v: &Value| (v["date"].as_str().unwrap_or_default().to_string(), v["kind"] != "invoice");
        key(a).cmp(&key(b))
    });
    let (mut invoiced, mut paid, mut owed) = (0i64, 0i64, 0i64);
    for m in movements.iter_mut() {
        let amount = m["amount"].as_i64().unwrap_or_default();
        match m["kind"].as_str().unwrap_or_default() {
            "invoice" => {
                invoiced += amount;
                owed += amount;
            }
            "payment" => {
                paid += amount;
                owed -= amount;
            }
            _ => {}
        }
        m["owed"] = json!(owed);
    }
    Ok(json!({ "contact_id": contact_id, "movements": movements, "invoiced": invoiced, "paid": paid, "outstanding": invoiced - paid }))
}

#[derive(Debug, Deserialize)]
struct MonthSum {
    month: Option<String>,
    amount: Option<i64>,
}

fn by_month(statement: &str, ctx: &Ctx, from: &str, to: &str) -> Result<Vec<MonthSum>> {
    sql::query_as(statement, &params![ctx.business_id, from, to])
}

/// `GET ticket/chart?year=`: money in and out per month (payments and incoming movements;
/// expenses and outgoing movements), the balance and the running balance.
pub fn chart(ctx: &Ctx, req: &Req) -> Result<Value> {
    let year: i64 = match req.query_value("year") {
        Some(y) => y.parse().map_err(|_| Error::invalid_field("year", "El año no es válido"))?,
        None => series::current_year(),
    };
    let (from, to) = (format!("{year}-01-01"), format!("{year}-12-31"));
    let payments = by_month(
        "SELECT SUBSTR(paid_on, 1, 7) AS month, CAST(SUM(amount) AS BIGINT) AS amount FROM billing_payment WHERE business_id = $1 AND state = 'active' \
         AND paid_on >= $2 AND paid_on <= $3 GROUP BY SUBSTR(paid_on, 1, 7)",
        ctx,
        &from,
        &to,
    )?;
    let expenses = by_month(
        "SELECT SUBSTR(date, 1, 7) AS month, CAST(SUM(total) AS BIGINT) AS amount FROM billing_expense WHERE business_id = $1 AND state <> 'deleted' \
         AND date >= $2 AND date <= $3 GROUP BY SUBSTR(date, 1, 7)",
        ctx,
        &from,
        &to,
    )?;
    let moves_in = by_month(
        "SELECT SUBSTR(date, 1, 7) AS month, CAST(SUM(amount) AS BIGINT) AS amount FROM billing_cashflow WHERE business_id = $1 AND state <> 'deleted' \
         AND direction = 'in' AND date >= $2 AND date <= $3 GROUP BY SUBSTR(date, 1, 7)",
        ctx,
        &from,
        &to,
    )?;
    let moves_out = by_month(
        "SELECT SUBSTR(date, 1, 7) AS month, CAST(SUM(amount) AS BIGINT) AS amount FROM billing_cashflow WHERE business_id = $1 AND state <> 'deleted' \
         AND direction = 'out' AND date >= $2 AND date <= $3 GROUP BY SUBSTR(date, 1, 7)",
        ctx,
        &from,
        &to,
    )?;
    let get = |list: &[MonthSum], month: &str| list.iter().filter(|m| m.month.as_deref() == Some(month)).filter_map(|m| m.amount).sum::<i64>();
    let mut running = 0i64;
    let mut months = Vec::new();
    for m in 1..=12 {
        let month = format!("{year}-{m:02}");
        let income = get(&payments, &month) + get(&moves_in, &month);
        let spent = get(&expenses, &month) + get(&moves_out, &month);
        running += income - spent;
        months.push(json!({ "month": month, "income": income, "expenses": spent, "balance": income - spent, "running": running }));
    }
    let total = |k: &str| months.iter().map(|m| m[k].as_i64().unwrap_or_default()).sum::<i64>();
    Ok(json!({
        "year": year,
        "months": months,
        "income": total("income"),
        "expenses": total("expenses"),
        "balance": total("balance"),
        "labels": (1..=12).map(|m| format!("{m:02}/{year}")).collect::<Vec<_>>(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expense_tax_follows_the_rule() {
        let mut e = Expense { date: "2025-02-03".into(), concept: "Gasolina".into(), base: 4_132, tax_rate: 2100, method: "tarjeta".into(), ..Expense::default() };
        e.prepare(&Ctx::default(), None).unwrap();
        // 41.32 × 21 % = 8.6772 → 8.68
        assert_eq!((e.tax, e.total, e.method.as_str()), (868, 5_000, "card"));
        let mut bad = Expense { date: "2025-02-03".into(), concept: "X".into(), base: -1, tax_rate: 20_000, method: "paypal".into(), ..Expense::default() };
        let fields: Vec<String> = bad.prepare(&Ctx::default(), None).unwrap_err().into_list().iter().filter_map(|e| e.field().map(str::to_string)).collect();
        assert_eq!(fields, ["base", "tax_rate", "method"]);
    }

    #[test]
    fn movements_are_checked() {
        let mut m = CashMovement { date: "01/02/2025".into(), concept: "Fondo de caja".into(), amount: 10_000, ..CashMovement::default() };
        m.prepare(&Ctx::default(), None).unwrap();
        assert_eq!((m.date.as_str(), m.direction.as_str(), m.method.as_str()), ("2025-02-01", "in", "cash"));
        let mut bad = CashMovement { date: "2025-02-01".into(), concept: "X".into(), direction: "sideways".into(), amount: 0, ..CashMovement::default() };
        let fields: Vec<String> = bad.prepare(&Ctx::default(), None).unwrap_err().into_list().iter().filter_map(|e| e.field().map(str::to_string)).collect();
        assert_eq!(fields, ["direction", "amount"]);
    }
}
