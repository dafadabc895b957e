//! Invoices (`invoice/*`): drafts, issue with gapless numbering and a VeriFactu registration
//! record, voids with a cancellation record, payments, Facturae export and the records' export.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::{host, validate};

use crate::codes;
use crate::document::{self, ContactBlock, DocBody, Line, ListBody, Prepared};
use crate::facturae;
use crate::money::euros;
use crate::series::{self, Series};
use crate::verifactu::{self, Cancellation, Record as VfRecord, Registration};
use volante_plugin_sdk::resource;

/// Payment methods and the names the product's clients may send.
pub const METHODS: &[(&str, &[&str])] = &[
    ("cash", &["cash", "efectivo"]),
    ("card", &["card", "credit_card", "creditcard", "tarjeta"]),
    ("bizum", &["bizum"]),
    ("transfer", &["transfer", "bank_transfer", "transferencia"]),
];

#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct PaymentBody {
    /// On `invoice/payment/create` alone.
    pub invoice_id: Option<i64>,
    /// Cents, more than zero and at most the outstanding amount.
    pub amount: i64,
    /// `cash`, `card`, `bizum` or `transfer`.
    pub method: String,
    /// `YYYY-MM-DD`; default today.
    #[serde(alias = "paid_on")]
    pub date: String,
    pub notes: String,
}

/// A payment method by any of its names.
pub fn method_field(field: &str, raw: &str) -> Result<&'static str> {
    let raw = raw.trim().to_lowercase();
    METHODS
        .iter()
        .find(|(_, names)| names.contains(&raw.as_str()))
        .map(|(m, _)| *m)
        .ok_or_else(|| Error::invalid_field(field, "La forma de pago debe ser efectivo, tarjeta, Bizum o transferencia"))
}

/// An invoice that exists and is not deleted (drafts deleted are gone for the user).
pub fn find(ctx: &Ctx, id: i64) -> Result<Value> {
    document::row_json("billing_invoice", ctx, id)?.filter(|v| v["state"] != "deleted").ok_or_else(|| Error::not_found_feminine("Factura"))
}

fn insert(ctx: &Ctx, p: &Prepared, budget_id: Option<i64>) -> Result<i64> {
    let t = &p.totals;
    let now = host::now();
    let id: i64 = sql::query_scalar(
        "INSERT INTO billing_invoice (business_id, branch_id, series_id, state, invoice_type, issue_date, due_date, contact_id, contact_json, \
         discount_type, discount_value, gross, discount, base, tax, total, paid, notes, budget_id, search_text, created_by, created_at, updated_at) \
         VALUES ($1, $2, $3, 'draft', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 0, $16, $17, $18, $19, $20, $20) RETURNING id",
        &params![
            ctx.business_id,
            p.branch_id,
            p.series.id,
            if p.series.data.simplified { "F2" } else { "F1" },
            p.issue_date,
            p.due_date,
            p.contact_id,
            serde_json::to_string(&p.contact)?,
            p.discount_type,
            p.discount_value,
            t.gross,
            t.discount,
            t.base,
            t.tax,
            t.total,
            p.notes,
            budget_id,
            document::search_text("", &p.contact),
            ctx.user_id,
            now
        ],
    )?;
    document::store_lines(ctx, "billing_invoice_line", "invoice_id", id, &p.lines)?;
    Ok(id)
}

/// A budget's contents as a prepared invoice (amounts recomputed by the same rule; the taxes
/// are the budget's, even if their region was switched off since).
fn from_budget(ctx: &Ctx, budget_id: i64, body: &DocBody) -> Result<Prepared> {
    let budget = crate::budget::find(ctx, budget_id).map_err(|_| Error::invalid_field("budget_id", "El presupuesto no existe"))?;
    if budget["state"] != "pending" {
        return Err(codes::budget_billed(budget_id));
    }
    let series = document::series_of(ctx, body.series_id.or(budget["series_id"].as_i64()))?;
    let mut lines: Vec<Line> = document::load_lines(ctx, "billing_budget_line", "budget_id", budget_id)?;
    let discount_type = budget["discount_type"].as_str().map(str::to_string);
    let discount_value = budget["discount_value"].as_i64().unwrap_or(0);
    let totals = document::apply_amounts(&mut lines, discount_type.as_deref(), discount_value)?;
    let issue_date = validate::date("issue_date", &body.issue_date)?;
    let due_date = validate::date("due_date", &body.due_date)?;
    let contact: ContactBlock = serde_json::from_value(budget["contact"].clone()).unwrap_or_default();
    Ok(Prepared {
        series,
        branch_id: budget["branch_id"].as_i64(),
        group_id: None,
        issue_date: if issue_date.is_empty() { host::today() } else { issue_date },
        due_date: if due_date.is_empty() { budget["due_date"].as_str().map(str::to_string) } else { Some(due_date) },
        contact_id: budget["contact_id"].as_i64(),
        contact,
        discount_type,
        discount_value,
        lines,
        totals,
        notes: budget["notes"].as_str().unwrap_or_default().to_string(),
    })
}

/// `POST invoice/create`: issued at once (numbered, VeriFactu record) unless `draft`; with
/// `budget_id` bills that budget (once, for good); `payments` are registered after issuing.
pub fn create(ctx: &Ctx, req: &Req) -> Result<Value> {
    create_kind(ctx, req, false)
}

/// Create an invoice, or a ticket (`ticket`: the series must be simplified). Invoices of a
/// simplified series are limited to [`crate::cashflow::simplified_limit`] (BILLING-013).
pub fn create_kind(ctx: &Ctx, req: &Req, ticket: bool) -> Result<Value> {
    create_document(ctx, req.json()?, ticket)
}

/// [`create_kind`] for a body already read: the `invoice.create` function other modules call
/// (the online shop invoices a paid order).
pub fn create_document(ctx: &Ctx, body: DocBody, ticket: bool) -> Result<Value> {
    let (p, budget_id) = match body.budget_id {
        Some(budget_id) => (from_budget(ctx, budget_id, &body)?, Some(budget_id)),
        None => (document::prepare(ctx, &body)?, None),
    };
    if ticket && !p.series.data.simplified {
        return Err(Error::invalid_field("series_id", "Los tickets se emiten en una serie de facturas simplificadas"));
    }
    check_simplified_limit(&p)?;
    let id = insert(ctx, &p, budget_id)?;
    if let Some(budget_id) = budget_id {
        let linked = sql::execute(
            "UPDATE billing_budget SET state = 'billed', invoice_id = $1, updated_at = $2 WHERE business_id = $3 AND id = $4 AND state = 'pending'",
            &params![id, host::now(), ctx.business_id, budget_id],
        )?;
        if linked != 1 {
            return Err(codes::budget_billed(budget_id));
        }
    }
    if !body.draft {
        issue(ctx, id)?;
        for (i, payment) in body.payments.iter().enumerate() {
            add_payment(ctx, id, payment, &format!("payments[{i}]"))?;
        }
    } else if !body.payments.is_empty() {
        return Err(codes::not_payable(id, "draft"));
    }
    read_value(ctx, id)
}

fn check_simplified_limit(p: &Prepared) -> Result<()> {
    let limit = crate::cashflow::simplified_limit();
    if p.series.data.simplified && p.totals.total > limit {
        return Err(codes::over_simplified_limit(p.totals.total, limit));
    }
    Ok(())
}

/// `POST invoice/update`: only drafts; `issue: true` issues it after the changes.
pub fn update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body: DocBody = req.json()?;
    let id = body.id.ok_or_else(|| Error::required("id"))?;
    let current = find(ctx, id)?;
    if current["state"] != "draft" {
        return Err(codes::issued_not_editable(id, current["state"].as_str().unwrap_or_default()));
    }
    if body.series_id.is_none() {
        body.series_id = current["series_id"].as_i64();
    }
    let p = document::prepare(ctx, &body)?;
    check_simplified_limit(&p)?;
    let t = &p.totals;
    sql::execute(
        "UPDATE billing_invoice SET branch_id = $1, series_id = $2, invoice_type = $3, issue_date = $4, due_date = $5, contact_id = $6, \
         contact_json = $7, discount_type = $8, discount_value = $9, gross = $10, discount = $11, base = $12, tax = $13, total = $14, \
         notes = $15, search_text = $16, updated_at = $17 WHERE business_id = $18 AND id = $19 AND state = 'draft'",
        &params![
            p.branch_id,
            p.series.id,
            if p.series.data.simplified { "F2" } else { "F1" },
            p.issue_date,
            p.due_date,
            p.contact_id,
            serde_json::to_string(&p.contact)?,
            p.discount_type,
            p.discount_value,
            t.gross,
            t.discount,
            t.base,
            t.tax,
            t.total,
            p.notes,
            document::search_text("", &p.contact),
            host::now(),
            ctx.business_id,
            id
        ],
    )?;
    document::store_lines(ctx, "billing_invoice_line", "invoice_id", id, &p.lines)?;
    if body.issue {
        issue(ctx, id)?;
    }
    read_value(ctx, id)
}

/// Issue a draft: the next number of its series and year, then the VeriFactu registration
/// record chained after the issuer's last record.
fn issue(ctx: &Ctx, id: i64) -> Result<()> {
    let inv = find(ctx, id)?;
    let series_id = inv["series_id"].as_i64().unwrap_or_default();
    let series = resource::find::<Series>(ctx, series_id)?;
    if series.data.issuer_tax_code.trim().is_empty() {
        return Err(codes::series_without_issuer(series_id));
    }
    let lines: i64 = sql::query_scalar(
        "SELECT COUNT(*) FROM billing_invoice_line WHERE business_id = $1 AND invoice_id = $2",
        &params![ctx.business_id, id],
    )?;
    if lines == 0 {
        return Err(codes::no_lines(id));
    }
    let issue_date = inv["issue_date"].as_str().unwrap_or_default().to_string();
    let year: i64 = issue_date.get(..4).and_then(|y| y.parse().ok()).unwrap_or(series::current_year());
    // Numbers and dates go together within a series and year (RD 1619/2012): an invoice may
    // not be dated before the last one issued.
    let last_date: Option<String> = sql::query_scalar(
        "SELECT MAX(issue_date) FROM billing_invoice WHERE business_id = $1 AND series_id = $2 AND year = $3 AND state IN ('issued', 'voided')",
        &params![ctx.business_id, series_id, year],
    )?;
    if let Some(last) = last_date.filter(|last| issue_date < *last) {
        return Err(codes::date_before_last(id, &last));
    }
    let number = series::next_number(ctx, series_id, "invoice", year)?;
    let reference = series::reference(&series.data.code, year, number);
    let contact: ContactBlock = serde_json::from_value(inv["contact"].clone()).unwrap_or_default();
    let now = host::now();
    let changed = sql::execute(
        "UPDATE billing_invoice SET state = 'issued', year = $1, number = $2, reference = $3, issued_at = $4, search_text = $5, updated_at = $4 \
         WHERE business_id = $6 AND id = $7 AND state = 'draft'",
        &params![year, number, reference, now, document::search_text(&reference, &contact), ctx.business_id, id],
    )?;
    if changed != 1 {
        return Err(codes::issued_not_editable(id, "issued"));
    }
    let invoice_type = inv["invoice_type"].as_str().unwrap_or("F1").to_string();
    let tax = inv["tax"].as_i64().unwrap_or_default();
    let total = inv["total"].as_i64().unwrap_or_default();
    append_record(ctx, &series.data.issuer_tax_code, id, |previous, generated_at| {
        VfRecord::Registration(Registration {
            issuer: series.data.issuer_tax_code.clone(),
            number: reference.clone(),
            issue_date: verifactu::aeat_date(&issue_date),
            invoice_type: invoice_type.clone(),
            tax_total: euros(tax),
            total: euros(total),
            previous,
            generated_at,
        })
    })
}

/// Chain a record after the issuer's last one. The chain head row is updated first, so
/// concurrent calls on one chain wait for each other (row lock / SQLite write lock).
fn append_record(ctx: &Ctx, issuer: &str, invoice_id: i64, build: impl FnOnce(String, String) -> VfRecord) -> Result<()> {
    sql::execute(
        "INSERT INTO billing_verifactu_chain (business_id, issuer, last_seq, last_fingerprint) VALUES ($1, $2, 0, '') \
         ON CONFLICT (business_id, issuer) DO NOTHING",
        &params![ctx.business_id, issuer],
    )?;
    #[derive(Deserialize)]
    struct Head {
        last_seq: i64,
        last_fingerprint: String,
    }
    let head: Head = sql::query_one(
        "UPDATE billing_verifactu_chain SET last_seq = last_seq + 1 WHERE business_id = $1 AND issuer = $2 RETURNING last_seq, last_fingerprint",
        &params![ctx.business_id, issuer],
    )?;
    let generated_at = verifactu::madrid_timestamp(&host::now());
    let record = build(head.last_fingerprint, generated_at);
    let fingerprint = record.fingerprint();
    sql::execute(
        "UPDATE billing_verifactu_chain SET last_fingerprint = $1 WHERE business_id = $2 AND issuer = $3",
        &params![fingerprint, ctx.business_id, issuer],
    )?;
    let (kind, number, issue_date, invoice_type, tax_total, total, previous, generated_at) = match &record {
        VfRecord::Registration(r) => (
            "alta",
            &r.number,
            &r.issue_date,
            r.invoice_type.as_str(),
            r.tax_total.as_str(),
            r.total.as_str(),
            &r.previous,
            &r.generated_at,
        ),
        VfRecord::Cancellation(c) => ("anulacion", &c.number, &c.issue_date, "", "", "", &c.previous, &c.generated_at),
    };
    sql::execute(
        "INSERT INTO billing_verifactu_record (business_id, issuer, seq, kind, invoice_id, number, issue_date, invoice_type, tax_total, total, \
         previous, generated_at, fingerprint, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
        &params![
            ctx.business_id,
            issuer,
            head.last_seq,
            kind,
            invoice_id,
            number,
            issue_date,
            invoice_type,
            tax_total,
            total,
            previous,
            generated_at,
            fingerprint,
            host::now()
        ],
    )?;
    Ok(())
}

#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct DeleteBody {
    pub id: i64,
    /// Why an issued invoice is voided.
    pub reason: String,
}

/// `POST invoice/delete`: a draft is deleted; an issued invoice is voided (it keeps its number)
/// and a VeriFactu cancellation record is chained. Refused while it has payments.
pub fn delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: DeleteBody = req.json()?;
    let inv = find(ctx, body.id)?;
    let id = body.id;
    let reason = validate::optional("reason", &body.reason, 500)?;
    let now = host::now();
    match inv["state"].as_str().unwrap_or_default() {
        "draft" => {
            sql::execute(
                "UPDATE billing_invoice SET state = 'deleted', updated_at = $1 WHERE business_id = $2 AND id = $3",
                &params![now, ctx.business_id, id],
            )?;
            Ok(json!({ "id": id, "state": "deleted" }))
        }
        "issued" => {
            if inv["paid"].as_i64().unwrap_or_default() > 0 {
                return Err(codes::void_with_payments(id));
            }
            let changed = sql::execute(
                "UPDATE billing_invoice SET state = 'voided', voided_at = $1, void_reason = $2, updated_at = $1 \
                 WHERE business_id = $3 AND id = $4 AND state = 'issued'",
                &params![now, reason, ctx.business_id, id],
            )?;
            if changed != 1 {
                return Err(codes::already_voided(id));
            }
            let series = resource::find::<Series>(ctx, inv["series_id"].as_i64().unwrap_or_default())?;
            let issuer: Option<String> = sql::query_scalar(
                "SELECT issuer FROM billing_verifactu_record WHERE business_id = $1 AND invoice_id = $2 AND kind = 'alta' ORDER BY id LIMIT 1",
                &params![ctx.business_id, id],
            )?;
            let issuer = issuer.unwrap_or(series.data.issuer_tax_code);
            let number = inv["reference"].as_str().unwrap_or_default().to_string();
            let issue_date = verifactu::aeat_date(inv["issue_date"].as_str().unwrap_or_default());
            let chain_issuer = issuer.clone();
            append_record(ctx, &chain_issuer, id, |previous, generated_at| {
                VfRecord::Cancellation(Cancellation { issuer, number, issue_date, previous, generated_at })
            })?;
            read_value(ctx, id)
        }
        _ => Err(codes::already_voided(id)),
    }
}

fn add_payment(ctx: &Ctx, invoice_id: i64, body: &PaymentBody, field: &str) -> Result<i64> {
    let method = method_field(&format!("{field}.method"), &body.method)?;
    if body.amount <= 0 {
        return Err(Error::invalid_field(&format!("{field}.amount"), "El importe debe ser mayor que cero"));
    }
    let date = validate::date(&format!("{field}.date"), &body.date)?;
    let date = if date.is_empty() { host::today() } else { date };
    let notes = validate::optional(&format!("{field}.notes"), &body.notes, 500)?;
    let inv = find(ctx, invoice_id)?;
    if inv["state"] != "issued" {
        return Err(codes::not_payable(invoice_id, inv["state"].as_str().unwrap_or_default()));
    }
    // Atomic: the paid amount only grows while it stays within the total.
    let changed = sql::execute(
        "UPDATE billing_invoice SET paid = paid + $1, updated_at = $2 WHERE business_id = $3 AND id = $4 AND state = 'issued' AND paid + $1 <= total",
        &params![body.amount, host::now(), ctx.business_id, invoice_id],
    )?;
    if changed != 1 {
        let outstanding = inv["total"].as_i64().unwrap_or_default() - inv["paid"].as_i64().unwrap_or_default();
        return Err(codes::overpaid(invoice_id, outstanding, body.amount));
    }
    sql::query_scalar(
        "INSERT INTO billing_payment (business_id, invoice_id, amount, method, paid_on, notes, state, created_by, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, 'active', $7, $8) RETURNING id",
        &params![ctx.business_id, invoice_id, body.amount, method, date, notes, ctx.user_id, host::now()],
    )
}

/// `POST invoice/payment/create`.
pub fn payment_create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: PaymentBody = req.json()?;
    let invoice_id = body.invoice_id.ok_or_else(|| Error::required("invoice_id"))?;
    let payment_id = add_payment(ctx, invoice_id, &body, "payment")
        .map_err(|e| if e.field().is_some_and(|f| f.starts_with("payment.")) { rename_field(e) } else { e })?;
    let mut v = read_value(ctx, invoice_id)?;
    v["payment_id"] = json!(payment_id);
    Ok(v)
}

fn rename_field(mut e: Error) -> Error {
    if let Some(f) = e.field().map(|f| f.trim_start_matches("payment.").to_string()) {
        e.data["field"] = json!(f);
    }
    e
}

/// `POST invoice/payment/delete`: the payment is kept as deleted (visible with
/// `billing.deleted_payments`) and the invoice owes its amount again.
pub fn payment_delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let id = document::body_id(req)?;
    #[derive(Deserialize)]
    struct Payment {
        invoice_id: i64,
        amount: i64,
        state: String,
    }
    let payment: Payment = sql::query_optional(
        "SELECT invoice_id, amount, state FROM billing_payment WHERE business_id = $1 AND id = $2",
        &params![ctx.business_id, id],
    )?
    .ok_or_else(|| Error::not_found("Pago"))?;
    if payment.state != "active" {
        return Err(codes::payment_deleted(id));
    }
    let now = host::now();
    sql::execute(
        "UPDATE billing_payment SET state = 'deleted', deleted_by = $1, deleted_at = $2 WHERE business_id = $3 AND id = $4 AND state = 'active'",
        &params![ctx.user_id, now, ctx.business_id, id],
    )?;
    sql::execute(
        "UPDATE billing_invoice SET paid = paid - $1, updated_at = $2 WHERE business_id = $3 AND id = $4",
        &params![payment.amount, now, ctx.business_id, payment.invoice_id],
    )?;
    read_value(ctx, payment.invoice_id)
}

/// The invoice with lines, payments, outstanding amount, VeriFactu records and QR URL.
pub fn read_value(ctx: &Ctx, id: i64) -> Result<Value> {
    let mut v = find(ctx, id)?;
    v["lines"] = serde_json::to_value(document::load_lines(ctx, "billing_invoice_line", "invoice_id", id)?)?;
    let deleted = if ctx.can("billing.deleted_payments") { "" } else { " AND state = 'active'" };
    v["payments"] = json!(document::rows_json(
        &format!("SELECT id, amount, method, paid_on, notes, state, created_at, deleted_at FROM billing_payment WHERE business_id = $1 AND invoice_id = $2{deleted} ORDER BY id"),
        &params![ctx.business_id, id],
    )?);
    v["outstanding"] = json!(v["total"].as_i64().unwrap_or_default() - v["paid"].as_i64().unwrap_or_default());
    v["verifactu"] = json!(document::rows_json(
        "SELECT seq, kind, issuer, number, issue_date, invoice_type, tax_total, total, previous, generated_at, fingerprint \
         FROM billing_verifactu_record WHERE business_id = $1 AND invoice_id = $2 ORDER BY id",
        &params![ctx.business_id, id],
    )?);
    if let Some(alta) = v["verifactu"].as_array().and_then(|r| r.iter().find(|r| r["kind"] == "alta")).cloned() {
        v["qr_url"] = json!(verifactu::qr_url(
            &qr_base(),
            alta["issuer"].as_str().unwrap_or_default(),
            alta["number"].as_str().unwrap_or_default(),
            alta["issue_date"].as_str().unwrap_or_default(),
            alta["total"].as_str().unwrap_or_default(),
        ));
    }
    Ok(v)
}

/// The AEAT host for QR URLs: the test environment unless the plugin setting
/// `verifactu_production` is `true`.
fn qr_base() -> String {
    match volante_plugin_sdk::settings::get::<bool>("verifactu_production") {
        Some(true) => verifactu::QR_BASE.to_string(),
        _ => verifactu::QR_TEST_BASE.to_string(),
    }
}

/// `GET invoice/read/{id}`.
pub fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    read_value(ctx, req.param("id")?)
}

/// `POST invoice/readall`.
pub fn readall(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: ListBody = req.json()?;
    document::list(ctx, "billing_invoice", &body, "deleted")
}

/// `GET invoice/contactread?contact_id=`: a contact's invoices.
pub fn contactread(ctx: &Ctx, req: &Req) -> Result<Value> {
    let contact_id = document::contact_query(req)?;
    let body = ListBody { contact_id: Some(contact_id), per_page: Some(500), ..ListBody::default() };
    Ok(document::list(ctx, "billing_invoice", &body, "deleted")?["items"].take())
}

/// `GET invoice/report?year=`: issued invoices of a year by month (count, base, tax, total,
/// paid); with `invoicing.detailed_summary` also by tax rate and by payment method.
pub fn report(ctx: &Ctx, req: &Req) -> Result<Value> {
    let year: i64 = match req.query_value("year") {
        Some(y) => y.parse().map_err(|_| Error::invalid_field("year", "El año no es válido"))?,
        None => series::current_year(),
    };
    let (from, to) = (format!("{year}-01-01"), format!("{year}-12-31"));
    let months = document::rows_json(
        "SELECT SUBSTR(issue_date, 1, 7) AS month, COUNT(*) AS count, CAST(SUM(base) AS BIGINT) AS base, CAST(SUM(tax) AS BIGINT) AS tax, CAST(SUM(total) AS BIGINT) AS total, CAST(SUM(paid) AS BIGINT) AS paid \
         FROM billing_invoice WHERE business_id = $1 AND state = 'issued' AND issue_date >= $2 AND issue_date <= $3 \
         GROUP BY SUBSTR(issue_date, 1, 7) ORDER BY SUBSTR(issue_date, 1, 7)",
        &params![ctx.business_id, from, to],
    )?;
    let sum = |key: &str| months.iter().map(|m| m[key].as_i64().unwrap_or_default()).sum::<i64>();
    let mut out = json!({
        "year": year,
        "months": months,
        "totals": { "count": sum("count"), "base": sum("base"), "tax": sum("tax"), "total": sum("total"), "paid": sum("paid"),
                    "outstanding": sum("total") - sum("paid") },
    });
    if ctx.can("invoicing.detailed_summary") {
        out["by_rate"] = json!(document::rows_json(
            "SELECT l.tax_kind AS kind, l.tax_rate AS rate, CAST(SUM(l.base) AS BIGINT) AS base, CAST(SUM(l.tax) AS BIGINT) AS tax FROM billing_invoice_line l \
             JOIN billing_invoice i ON i.id = l.invoice_id AND i.business_id = l.business_id \
             WHERE l.business_id = $1 AND i.state = 'issued' AND i.issue_date >= $2 AND i.issue_date <= $3 \
             GROUP BY l.tax_kind, l.tax_rate ORDER BY l.tax_rate DESC",
            &params![ctx.business_id, from, to],
        )?);
        out["by_method"] = json!(document::rows_json(
            "SELECT method, COUNT(*) AS count, CAST(SUM(amount) AS BIGINT) AS amount FROM billing_payment \
             WHERE business_id = $1 AND state = 'active' AND paid_on >= $2 AND paid_on <= $3 GROUP BY method ORDER BY method",
            &params![ctx.business_id, from, to],
        )?);
    }
    Ok(out)
}

/// `POST invoice/electronic/create` `{id}`: the issued invoice as Facturae 3.2.2 XML (unsigned).
pub fn electronic(ctx: &Ctx, req: &Req) -> Result<Value> {
    let id = document::body_id(req)?;
    let inv = read_value(ctx, id)?;
    if inv["state"] != "issued" {
        return Err(codes::not_exportable(id, inv["state"].as_str().unwrap_or_default()));
    }
    let series = resource::find::<Series>(ctx, inv["series_id"].as_i64().unwrap_or_default())?.data;
    let contact: ContactBlock = serde_json::from_value(inv["contact"].clone()).unwrap_or_default();
    if contact.tax_code.trim().is_empty() || contact.name.trim().is_empty() {
        return Err(codes::buyer_incomplete(id));
    }
    let lines: Vec<Line> = serde_json::from_value(inv["lines"].clone())?;
    let mut taxes: Vec<facturae::TaxSummary> = Vec::new();
    for l in &lines {
        let code = crate::tax::facturae_code(&l.tax_kind).to_string();
        match taxes.iter_mut().find(|t| t.tax_code == code && t.rate == l.tax_rate) {
            Some(t) => {
                t.base += l.base;
                t.tax += l.tax;
            }
            None => taxes.push(facturae::TaxSummary { tax_code: code, rate: l.tax_rate, base: l.base, tax: l.tax }),
        }
    }
    taxes.sort_by_key(|t| std::cmp::Reverse(t.rate));
    let last_method = inv["payments"].as_array().and_then(|p| p.last()).and_then(|p| p["method"].as_str()).unwrap_or("transfer");
    let number = inv["number"].as_i64().unwrap_or_default();
    let doc = facturae::Invoice {
        series: format!("{}{}", series.code, inv["year"].as_i64().unwrap_or_default()),
        number: format!("{number:06}"),
        issue_date: inv["issue_date"].as_str().unwrap_or_default().to_string(),
        due_date: inv["due_date"].as_str().unwrap_or_default().to_string(),
        seller: issuer_party(&series, !series.issuer_tax_code.starts_with(|c: char| c.is_ascii_digit() || matches!(c, 'X' | 'Y' | 'Z'))),
        buyer: buyer_party(&contact),
        lines: document_lines(&lines, true),
        taxes,
        base: inv["base"].as_i64().unwrap_or_default(),
        tax: inv["tax"].as_i64().unwrap_or_default(),
        total: inv["total"].as_i64().unwrap_or_default(),
        outstanding: inv["outstanding"].as_i64().unwrap_or_default(),
        payment_method: last_method.to_string(),
        iban: series.iban.clone(),
        simplified: inv["invoice_type"] == "F2",
    };
    let reference = inv["reference"].as_str().unwrap_or_default().replace('/', "-");
    Ok(json!({
        "id": id,
        "filename": format!("factura-{reference}.xml"),
        "content_type": "application/xml",
        "xml": facturae::to_xml(&doc),
    }))
}

/// `GET invoice/verifactu/export` (an addition, not a product call): every VeriFactu record of
/// the business in chain order, per issuer, with the chain checked (`?issuer=` one issuer).
pub fn verifactu_export(ctx: &Ctx, req: &Req) -> Result<Value> {
    let rows = document::rows_json(
        "SELECT issuer, seq, kind, invoice_id, number, issue_date, invoice_type, tax_total, total, previous, generated_at, fingerprint \
         FROM billing_verifactu_record WHERE business_id = $1 ORDER BY issuer, seq",
        &params![ctx.business_id],
    )?;
    let only = req.query_value("issuer");
    let mut chains: Vec<(String, Vec<Value>)> = Vec::new();
    for r in rows {
        let issuer = r["issuer"].as_str().unwrap_or_default().to_string();
        if only.is_some_and(|o| o != issuer) {
            continue;
        }
        match chains.iter_mut().find(|(i, _)| *i == issuer) {
            Some((_, list)) => list.push(r),
            None => chains.push((issuer, vec![r])),
        }
    }
    let out: Vec<Value> = chains
        .into_iter()
        .map(|(issuer, records)| {
            let check = verify_rows(&records);
            json!({ "issuer": issuer, "records": records, "valid": check.is_ok(), "error": check.err() })
        })
        .collect();
    Ok(json!(out))
}

/// Check stored records (in chain order) with [`verifactu::verify_chain`].
pub fn verify_rows(rows: &[Value]) -> std::result::Result<(), String> {
    let s = |v: &Value, k: &str| v[k].as_str().unwrap_or_default().to_string();
    let chain: Vec<(VfRecord, String)> = rows
        .iter()
        .map(|r| {
            let record = if r["kind"] == "alta" {
                VfRecord::Registration(Registration {
                    issuer: s(r, "issuer"),
                    number: s(r, "number"),
                    issue_date: s(r, "issue_date"),
                    invoice_type: s(r, "invoice_type"),
                    tax_total: s(r, "tax_total"),
                    total: s(r, "total"),
                    previous: s(r, "previous"),
                    generated_at: s(r, "generated_at"),
                })
            } else {
                VfRecord::Cancellation(Cancellation {
                    issuer: s(r, "issuer"),
                    number: s(r, "number"),
                    issue_date: s(r, "issue_date"),
                    previous: s(r, "previous"),
                    generated_at: s(r, "generated_at"),
                })
            };
            (record, s(r, "fingerprint"))
        })
        .collect();
    verifactu::verify_chain(&chain).map_err(|e| format!("{e:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payment_methods() {
        assert_eq!(method_field("m", "Efectivo").unwrap(), "cash");
        assert_eq!(method_field("m", "credit_card").unwrap(), "card");
        assert_eq!(method_field("m", "bizum").unwrap(), "bizum");
        assert_eq!(method_field("m", "bank_transfer").unwrap(), "transfer");
        assert_eq!(method_field("m", "paypal").unwrap_err().field(), Some("m"));
    }

    #[test]
    fn stored_rows_verify_as_a_chain() {
        let alta = |number: &str, previous: &str| {
            let r = Registration {
                issuer: "89890001K".into(),
                number: number.into(),
                issue_date: "01-01-2024".into(),
                invoice_type: "F1".into(),
                tax_total: "12.35".into(),
                total: "123.45".into(),
                previous: previous.into(),
                generated_at: "2024-01-01T19:20:30+01:00".into(),
            };
            let f = r.fingerprint();
            (json!({ "kind": "alta", "issuer": r.issuer, "number": r.number, "issue_date": r.issue_date, "invoice_type": r.invoice_type,
                     "tax_total": r.tax_total, "total": r.total, "previous": r.previous, "generated_at": r.generated_at, "fingerprint": f }), f)
        };
        let (a, fa) = alta("A1", "");
        let (b, _) = alta("A2", &fa);
        assert_eq!(verify_rows(&[a.clone(), b.clone()]), Ok(()));
        let mut tampered = b.clone();
        tampered["total"] = json!("0.01");
        assert!(verify_rows(&[a.clone(), tampered]).unwrap_err().contains("Tampered"));
        assert!(verify_rows(&[b]).unwrap_err().contains("BrokenLink"));
    }
}

/// The PDF data of an invoice or budget (`read_value` of either).
pub fn pdf_doc(ctx: &Ctx, doc: &Value, budget: bool) -> Result<crate::pdf::Doc> {
    let series = resource::find::<Series>(ctx, doc["series_id"].as_i64().unwrap_or_default())?.data;
    let contact: ContactBlock = serde_json::from_value(doc["contact"].clone()).unwrap_or_default();
    let lines: Vec<Line> = serde_json::from_value(doc["lines"].clone())?;
    let mut taxes: Vec<(String, facturae::TaxSummary)> = Vec::new();
    for l in &lines {
        match taxes.iter_mut().find(|(k, t)| *k == l.tax_kind && t.rate == l.tax_rate) {
            Some((_, t)) => {
                t.base += l.base;
                t.tax += l.tax;
            }
            None => taxes.push((l.tax_kind.clone(), facturae::TaxSummary { tax_code: String::new(), rate: l.tax_rate, base: l.base, tax: l.tax })),
        }
    }
    taxes.sort_by_key(|t| std::cmp::Reverse(t.1.rate));
    let s = |k: &str| doc[k].as_str().unwrap_or_default().to_string();
    let n = |k: &str| doc[k].as_i64().unwrap_or_default();
    let simplified = doc["invoice_type"] == "F2";
    let payments = doc["payments"]
        .as_array()
        .map(|list| {
            list.iter()
                .filter(|p| p["state"] == "active")
                .map(|p| (p["paid_on"].as_str().unwrap_or_default().to_string(), p["method"].as_str().unwrap_or_default().to_string(), p["amount"].as_i64().unwrap_or_default()))
                .collect()
        })
        .unwrap_or_default();
    let title = match (budget, simplified, doc["state"].as_str()) {
        (true, _, _) => "PRESUPUESTO",
        (false, _, Some("draft")) => "BORRADOR DE FACTURA",
        (false, _, Some("voided")) => "FACTURA ANULADA",
        (false, true, _) => "FACTURA SIMPLIFICADA",
        (false, false, _) => "FACTURA",
    };
    Ok(crate::pdf::Doc {
        title: title.into(),
        reference: s("reference"),
        issue_date: s("issue_date"),
        due_date: s("due_date"),
        issuer: issuer_party(&series, true),
        buyer: buyer_party(&contact),
        lines: document_lines(&lines, false),
        taxes,
        base: n("base"),
        tax: n("tax"),
        total: n("total"),
        payments,
        outstanding: if budget { None } else { Some(n("outstanding")) },
        notes: s("notes"),
        qr: doc["qr_url"].as_str().map(|u| (u.to_string(), "Factura verificable en la sede electrónica de la AEAT".to_string())),
        iban: if budget { String::new() } else { series.iban.clone() },
    })
}

fn pdf_answer(id: i64, reference: &str, kind: &str, bytes: &[u8]) -> Value {
    json!({
        "id": id,
        "filename": format!("{kind}-{}.pdf", if reference.is_empty() { format!("borrador-{id}") } else { reference.replace('/', "-") }),
        "content_type": "application/pdf",
        "base64": crate::pdf::base64(bytes),
    })
}

/// `GET invoice/pdf/{id}` (an addition): the invoice's PDF as base64.
pub fn pdf(ctx: &Ctx, req: &Req) -> Result<Value> {
    let id: i64 = req.param("id")?;
    let doc = read_value(ctx, id)?;
    let bytes = crate::pdf::render(&pdf_doc(ctx, &doc, false)?);
    Ok(pdf_answer(id, doc["reference"].as_str().unwrap_or_default(), "factura", &bytes))
}

/// `GET budget/pdf/{id}` (an addition): the budget's PDF as base64.
pub fn budget_pdf(ctx: &Ctx, req: &Req) -> Result<Value> {
    let id: i64 = req.param("id")?;
    let doc = crate::budget::read_value(ctx, id)?;
    let bytes = crate::pdf::render(&pdf_doc(ctx, &doc, true)?);
    Ok(pdf_answer(id, doc["reference"].as_str().unwrap_or_default(), "presupuesto", &bytes))
}

#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct EmailBody {
    pub id: i64,
    /// Recipients (at most 10); default the contact's e-mail.
    #[serde(alias = "email")]
    pub to: Vec<String>,
    pub subject: String,
    pub message: String,
}

fn send_email(ctx: &Ctx, req: &Req, budget: bool) -> Result<Value> {
    let body: EmailBody = req.json()?;
    let doc = if budget { crate::budget::read_value(ctx, body.id)? } else { read_value(ctx, body.id)? };
    let mut to = Vec::new();
    for (i, address) in body.to.iter().enumerate() {
        to.push(validate::email(&format!("to[{i}]"), address)?);
    }
    if to.is_empty() {
        let email = doc["contact"]["email"].as_str().unwrap_or_default().trim().to_string();
        if email.is_empty() {
            return Err(Error::invalid_field("to", "El contacto no tiene correo electrónico: indique el destinatario"));
        }
        to.push(email);
    }
    if to.len() > 10 {
        return Err(Error::invalid_field("to", "Como máximo 10 destinatarios"));
    }
    let reference = doc["reference"].as_str().unwrap_or_default().to_string();
    let (kind, noun) = if budget { ("presupuesto", "Presupuesto") } else { ("factura", "Factura") };
    let subject = validate::optional("subject", &body.subject, 200)?;
    let subject = if subject.is_empty() { format!("{noun} {reference}") } else { subject };
    let message = validate::optional("message", &body.message, 10_000)?;
    let message = if message.is_empty() { format!("Le adjuntamos el documento {reference}.") } else { message };
    let bytes = crate::pdf::render(&pdf_doc(ctx, &doc, budget)?);
    let filename = pdf_answer(body.id, &reference, kind, &[])["filename"].as_str().unwrap_or_default().to_string();
    let attachment = volante_plugin_sdk::mail::Attachment { filename: filename.clone(), content_type: "application/pdf".into(), bytes };
    // The user's text goes in as template data, never as template source.
    // The SDK's `mail::send` logs the host's reason and answers SERVER-000; the raw import
    // lets the user see it.
    let context = json!({ "subject": subject, "message": message }).to_string();
    volante_plugin_sdk::bindings::volante::plugin::mail::send(&to, "{{ subject }}", "{{ message }}", &context, &[attachment])
        .map_err(|reason| codes::mail_failed(&reason))?;
    Ok(json!({ "id": body.id, "to": to, "subject": subject, "attachment": filename }))
}

/// `POST invoice/email {id, to?, subject?, message?}`: the PDF by e-mail through the host's mail.
pub fn email(ctx: &Ctx, req: &Req) -> Result<Value> {
    send_email(ctx, req, false)
}

/// `POST budget/email {id, to?, subject?, message?}`.
pub fn budget_email(ctx: &Ctx, req: &Req) -> Result<Value> {
    send_email(ctx, req, true)
}

/// The issuing party of a series, as documents print it.
fn issuer_party(series: &Series, company: bool) -> facturae::Party {
    facturae::Party {
        tax_code: series.issuer_tax_code.clone(),
        company,
        name: if series.issuer_name.is_empty() { series.name.clone() } else { series.issuer_name.clone() },
        street: series.issuer_street.clone(),
        postal_code: series.issuer_postal_code.clone(),
        town: series.issuer_town.clone(),
        province: series.issuer_province_id.map(facturae::province_name).unwrap_or_default().to_string(),
        country: String::new(),
    }
}

/// The document's contact block as a party.
fn buyer_party(contact: &ContactBlock) -> facturae::Party {
    facturae::Party {
        tax_code: contact.tax_code.clone(),
        company: contact.kind == "E",
        name: contact.name.clone(),
        street: contact.address.street.clone(),
        postal_code: contact.address.postal_code.clone(),
        town: contact.address.city.clone(),
        province: contact.address.province_id.map(facturae::province_name).unwrap_or_default().to_string(),
        country: String::new(),
    }
}

/// The document's lines; `with_tax_code` adds Facturae's tax type code (the PDF does not need it).
fn document_lines(lines: &[Line], with_tax_code: bool) -> Vec<facturae::Line> {
    lines
        .iter()
        .map(|l| facturae::Line {
            concept: l.concept.clone(),
            quantity: l.quantity,
            price: l.price,
            gross: l.gross,
            discount: l.discount,
            base: l.base,
            tax_code: if with_tax_code { crate::tax::facturae_code(&l.tax_kind).to_string() } else { String::new() },
            tax_rate: l.tax_rate,
            tax: l.tax,
        })
        .collect()
}
