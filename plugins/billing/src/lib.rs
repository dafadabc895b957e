//! Volante's `billing` plugin: billing series, taxes, budgets and budget groups, invoices,
//! payments, VeriFactu records and Facturae export. See README.md.

pub mod budget;
pub mod cashflow;
pub mod document;
pub mod facturae;
pub mod invoice;
pub mod money;
pub mod pdf;
pub mod qr;
pub mod series;
pub mod tax;
pub mod verifactu;

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource;

pub use budget::BudgetGroup;
pub use series::Series;
pub use tax::Tax;

/// The plugin's business-rule errors (`BILLING-NNN`); field errors are `REQ-102`.
pub mod codes {
    use volante_plugin_sdk::Error;
    use serde_json::json;

    pub const BUDGET_BILLED: &str = "BILLING-001";
    pub const INVOICE_ISSUED: &str = "BILLING-002";
    pub const OVERPAID: &str = "BILLING-003";
    pub const NOT_PAYABLE: &str = "BILLING-004";
    pub const ALREADY_VOIDED: &str = "BILLING-005";
    pub const SERIES_IN_USE: &str = "BILLING-006";
    pub const CONTACT_UNAVAILABLE: &str = "BILLING-007";
    pub const SERIES_WITHOUT_ISSUER: &str = "BILLING-008";
    pub const NO_LINES: &str = "BILLING-009";
    pub const PAYMENT_DELETED: &str = "BILLING-010";
    pub const VOID_WITH_PAYMENTS: &str = "BILLING-011";
    pub const NOT_EXPORTABLE: &str = "BILLING-012";
    pub const OVER_SIMPLIFIED_LIMIT: &str = "BILLING-013";
    pub const MAIL_FAILED: &str = "BILLING-014";
    pub const BUYER_INCOMPLETE: &str = "BILLING-015";
    pub const DATE_BEFORE_LAST: &str = "BILLING-016";

    pub fn budget_billed(id: i64) -> Error {
        Error::new(BUDGET_BILLED, "El presupuesto ya está facturado: no se puede modificar, eliminar ni volver a facturar")
            .with_data(json!({ "budget_id": id }))
    }
    pub fn issued_not_editable(id: i64, state: &str) -> Error {
        Error::new(INVOICE_ISSUED, "La factura ya está emitida y no se puede modificar; anúlela y emita otra")
            .with_data(json!({ "invoice_id": id, "state": state }))
    }
    pub fn overpaid(id: i64, outstanding: i64, amount: i64) -> Error {
        Error::new(OVERPAID, "El pago supera el importe pendiente de la factura")
            .with_data(json!({ "invoice_id": id, "outstanding": outstanding, "amount": amount, "field": "amount" }))
    }
    pub fn not_payable(id: i64, state: &str) -> Error {
        Error::new(NOT_PAYABLE, "Solo se pueden registrar pagos de facturas emitidas").with_data(json!({ "invoice_id": id, "state": state }))
    }
    pub fn already_voided(id: i64) -> Error {
        Error::new(ALREADY_VOIDED, "La factura ya está anulada").with_data(json!({ "invoice_id": id }))
    }
    pub fn series_in_use() -> Error {
        Error::new(SERIES_IN_USE, "La serie tiene facturas o presupuestos y no se puede eliminar; desactívela")
    }
    pub fn contact_unavailable(id: i64, reason: &str) -> Error {
        Error::new(CONTACT_UNAVAILABLE, "No se ha podido leer el contacto (no existe o el módulo de contactos no está disponible)")
            .with_data(json!({ "contact_id": id, "field": "contact_id", "reason": reason }))
    }
    pub fn series_without_issuer(series_id: i64) -> Error {
        Error::new(SERIES_WITHOUT_ISSUER, "La serie no tiene el NIF del emisor: complételo antes de emitir facturas")
            .with_data(json!({ "series_id": series_id }))
    }
    pub fn no_lines(id: i64) -> Error {
        Error::new(NO_LINES, "No se puede emitir una factura sin líneas").with_data(json!({ "invoice_id": id, "field": "lines" }))
    }
    pub fn payment_deleted(id: i64) -> Error {
        Error::new(PAYMENT_DELETED, "El pago ya está eliminado").with_data(json!({ "payment_id": id }))
    }
    pub fn void_with_payments(id: i64) -> Error {
        Error::new(VOID_WITH_PAYMENTS, "La factura tiene pagos: elimínelos antes de anularla").with_data(json!({ "invoice_id": id }))
    }
    pub fn over_simplified_limit(total: i64, limit: i64) -> Error {
        Error::new(OVER_SIMPLIFIED_LIMIT, "El importe supera el límite de la factura simplificada (ticket); emita una factura completa")
            .with_data(json!({ "total": total, "limit": limit }))
    }
    pub fn buyer_incomplete(id: i64) -> Error {
        Error::new(BUYER_INCOMPLETE, "Facturae exige el nombre y el NIF del cliente")
            .with_data(json!({ "invoice_id": id, "field": "contact.tax_code" }))
    }
    pub fn date_before_last(id: i64, last: &str) -> Error {
        Error::new(DATE_BEFORE_LAST, "La fecha es anterior a la de la última factura emitida en la serie")
            .with_data(json!({ "invoice_id": id, "last_issue_date": last, "field": "issue_date" }))
    }
    pub fn mail_failed(reason: &str) -> Error {
        Error::new(MAIL_FAILED, "No se ha podido enviar el correo").with_data(json!({ "reason": reason }))
    }
    pub fn not_exportable(id: i64, state: &str) -> Error {
        Error::new(NOT_EXPORTABLE, "Solo se pueden exportar facturas emitidas").with_data(json!({ "invoice_id": id, "state": state }))
    }
}

pub struct Billing;

impl Plugin for Billing {
    fn router() -> Router {
        Router::new()
            // Billing series.
            .resource::<Series>()
            .get("sales/billing/read", series::read_all)
            .post("sales/billing/delete", series::delete)
            .get("sales/billing/maxinvoice/{id}", series::max_number("invoice"))
            .get("sales/billing/maxbudget/{id}", series::max_number("budget"))
            // Taxes.
            .post("tax/create", |ctx, req| {
                tax::ensure_defaults(ctx)?;
                resource::create::<Tax>(ctx, tax::normalise_body(req.value()?)?)
            })
            .post("tax/update", |ctx, req| {
                let body = tax::normalise_body(req.value()?)?;
                let id = resource::body_id(body.as_object().ok_or_else(|| Error::required("id"))?)?;
                resource::update::<Tax>(ctx, id, body)
            })
            .post("tax/delete", |ctx, req| resource::delete::<Tax>(ctx, document::body_id(req)?))
            .get("tax/read", tax::read)
            .get("tax/group", tax::groups)
            .get("tax/region", tax::region_read)
            .post("tax/region", tax::region_toggle)
            // Budgets and their groups.
            .resource::<BudgetGroup>()
            .get("budget/group/read", budget::group_read)
            .post("budget/create", budget::create)
            .post("budget/update", budget::update)
            .post("budget/delete", budget::delete)
            .get("budget/read/{id}", budget::read)
            .post("budget/readall", budget::readall)
            .get("budget/contactread", budget::contactread)
            // Invoices and payments.
            .post("invoice/create", invoice::create)
            .post("invoice/update", invoice::update)
            .post("invoice/delete", invoice::delete)
            .get("invoice/read/{id}", invoice::read)
            .post("invoice/readall", invoice::readall)
            .get("invoice/contactread", invoice::contactread)
            .get("invoice/report", invoice::report)
            .post("invoice/electronic/create", invoice::electronic)
            .post("invoice/payment/create", invoice::payment_create)
            .post("invoice/payment/delete", invoice::payment_delete)
            .get("invoice/verifactu/export", invoice::verifactu_export)
            .get("invoice/pdf/{id}", invoice::pdf)
            .post("invoice/email", invoice::email)
            .get("budget/pdf/{id}", invoice::budget_pdf)
            .post("budget/email", invoice::budget_email)
            // Cash flow: tickets (simplified invoices), expenses, movements, chart.
            .post("ticket/create", cashflow::ticket_create)
            .post("ticket/update", invoice::update)
            .get("ticket/read/{id}", invoice::read)
            .post("ticket/delete", invoice::delete)
            .post("ticket/readall", cashflow::ticket_readall)
            .post("ticket/electronic/create", invoice::electronic)
            .post("ticket/payment/create", invoice::payment_create)
            .post("ticket/payment/delete", invoice::payment_delete)
            .get("ticket/contact/cashflow/read", cashflow::contact_cashflow)
            .get("ticket/chart", cashflow::chart)
            .resource::<cashflow::Expense>()
            .resource::<cashflow::CashMovement>()
    }

    fn invoke(ctx: &Ctx, function: &str, args_json: &str) -> std::result::Result<String, String> {
        match function {
            // Other modules (the online shop) invoice what they sold: the body of
            // `invoice/create` (a one-off `contact`, `lines` with their `tax_id`, `payments`) →
            // the issued invoice as `invoice/read` answers it. A refusal answers its message.
            "invoice.create" => {
                let body: document::DocBody = serde_json::from_str(args_json).map_err(|e| e.to_string())?;
                let invoice = invoice::create_document(ctx, body, false).map_err(|e| match e.field() {
                    Some(field) => format!("{field}: {}", e.details),
                    None => e.details.clone(),
                })?;
                serde_json::to_string(&invoice).map_err(|e| e.to_string())
            }
            // Other modules (products) price with the business's taxes: those usable on a new
            // line, the default one first, as `[{id, name, kind, rate, region, is_default}]`.
            "tax.usable" => {
                let taxes = tax::usable_all(ctx).map_err(|e| e.details)?;
                let list: Vec<Value> = taxes
                    .into_iter()
                    .map(|t| json!({ "id": t.id, "name": t.data.name, "kind": t.data.kind, "rate": t.data.rate, "region": t.data.region, "is_default": t.data.is_default }))
                    .collect();
                serde_json::to_string(&list).map_err(|e| e.to_string())
            }
            other => Err(format!("unknown function `{other}`")),
        }
    }

    fn schemas(schemas: &mut Schemas) {
        schemas
            .resource::<Series>()
            .resource::<Tax>()
            .resource::<BudgetGroup>()
            .resource::<cashflow::Expense>()
            .resource::<cashflow::CashMovement>()
            .add::<document::DocBody>("billing_document")
            .add::<document::ListBody>("billing_list")
            .add::<invoice::PaymentBody>("billing_payment")
            .add::<invoice::DeleteBody>("billing_invoice_delete")
            .add::<tax::RegionToggle>("tax_region_toggle")
            .add::<invoice::EmailBody>("billing_email");
    }
}

volante_plugin_sdk::plugin!(Billing);

