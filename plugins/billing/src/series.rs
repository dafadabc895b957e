//! Billing series (`sales/billing/*`) and their gapless counters.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery};
use volante_plugin_sdk::validate;

/// A billing series: a code that prefixes the numbers of its invoices and budgets, and the
/// issuer's data printed on them (a school may bill from several legal entities).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Series {
    /// Upper-case letters and digits, unique in the business (`A`, `T`, `R`…).
    pub code: String,
    pub name: String,
    pub description: String,
    /// Simplified invoices (VeriFactu `F2`, Facturae `FA`) instead of complete ones (`F1`).
    pub simplified: bool,
    /// The issuer's NIF; required to issue invoices (VeriFactu).
    pub issuer_tax_code: String,
    pub issuer_name: String,
    pub issuer_street: String,
    pub issuer_postal_code: String,
    pub issuer_town: String,
    pub issuer_province_id: Option<i64>,
    /// Account for transfers (printed, and in Facturae).
    pub iban: String,
    pub branch_id: Option<i64>,
}

impl Resource for Series {
    const NAME: &'static str = "sales_billing";
    const PATH: &'static str = "sales/billing";
    const LABEL: &'static str = "Serie de facturación";
    const FEMININE: bool = true;
    const TABLE: &'static str = "billing_series";
    const SEARCH: &'static [&'static str] = &["code", "name"];
    const UNIQUE: &'static [&'static str] = &["code"];
    const ORDER_BY: &'static str = "code";

    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(code) = checks.check(validate::required("code", &self.code, 20)) {
            let code = code.to_uppercase();
            if !code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
                checks.push(Error::invalid_field("code", "El código solo admite letras, números y guiones"));
            }
            self.code = code;
        }
        if let Some(name) = checks.check(validate::optional("name", &self.name, 100)) {
            self.name = if name.is_empty() { self.code.clone() } else { name };
        }
        if let Some(d) = checks.check(validate::optional("description", &self.description, 500)) {
            self.description = d;
        }
        let tax_code = self.issuer_tax_code.trim().to_uppercase();
        if !tax_code.is_empty() {
            if let Some(v) = checks.check(validate::nif_field("issuer_tax_code", &tax_code)) {
                self.issuer_tax_code = v;
            }
        }
        self.iban = self.iban.replace(' ', "").to_uppercase();
        checks.finish()
    }
}

use volante_plugin_sdk::Checks;

/// `GET sales/billing/read`: every series (active and inactive) with the next numbers of the
/// current year.
pub fn read_all(ctx: &Ctx, _req: &Req) -> Result<Vec<Value>> {
    let page = resource::list::<Series>(ctx, &ListQuery { per_page: Some(500), ..ListQuery::default() })?;
    let year = current_year();
    page.items
        .into_iter()
        .map(|r| {
            let next_invoice = last_number(ctx, r.id, "invoice", year)? + 1;
            let next_budget = last_number(ctx, r.id, "budget", year)? + 1;
            let mut v = serde_json::to_value(&r)?;
            v["next_invoice"] = json!(next_invoice);
            v["next_budget"] = json!(next_budget);
            Ok(v)
        })
        .collect()
}

/// `GET sales/billing/maxinvoice/{id}` and `maxbudget/{id}`: the last number given this year
/// (`?year=` another year), and the next one.
pub fn max_number(kind: &'static str) -> impl Fn(&Ctx, &Req) -> Result<Value> {
    move |ctx, req| {
        let id: i64 = req.param("id")?;
        resource::find::<Series>(ctx, id)?;
        let year = match req.query_value("year") {
            Some(y) => y.parse().map_err(|_| Error::invalid_field("year", "El año no es válido"))?,
            None => current_year(),
        };
        let last = last_number(ctx, id, kind, year)?;
        Ok(json!({ "series_id": id, "year": year, "max": last, "next": last + 1 }))
    }
}

/// `POST sales/billing/delete`: refused while the series has documents.
pub fn delete(ctx: &Ctx, req: &Req) -> Result<Record<Series>> {
    let body = req.value()?;
    let id = resource::body_id(body.as_object().ok_or_else(|| Error::invalid_field("id", "El campo id es obligatorio"))?)?;
    resource::find::<Series>(ctx, id)?;
    let used: i64 = sql::query_scalar(
        "SELECT (SELECT COUNT(*) FROM billing_invoice WHERE business_id = $1 AND series_id = $2) + (SELECT COUNT(*) FROM billing_budget WHERE business_id = $1 AND series_id = $2)",
        &params![ctx.business_id, id],
    )?;
    if used > 0 {
        return Err(crate::codes::series_in_use());
    }
    resource::delete::<Series>(ctx, id)
}

pub fn current_year() -> i64 {
    volante_plugin_sdk::host::today()[..4].parse().unwrap_or(2000)
}

fn last_number(ctx: &Ctx, series_id: i64, kind: &str, year: i64) -> Result<i64> {
    let last: Option<i64> = sql::query_scalar(
        "SELECT last FROM billing_counter WHERE business_id = $1 AND series_id = $2 AND kind = $3 AND year = $4",
        &params![ctx.business_id, series_id, kind, year],
    )?;
    Ok(last.unwrap_or(0))
}

/// The next number of a series, kind and year, inside the call's transaction. The counter row
/// is created if missing and then incremented with `UPDATE … RETURNING`: the update's row lock
/// (PostgreSQL) or the transaction's write lock (SQLite) serialises concurrent calls, and a call
/// that fails later rolls its increment back with everything else, so numbers have no gaps.
pub fn next_number(ctx: &Ctx, series_id: i64, kind: &str, year: i64) -> Result<i64> {
    sql::execute(
        "INSERT INTO billing_counter (business_id, series_id, kind, year, last) VALUES ($1, $2, $3, $4, 0) \
         ON CONFLICT (business_id, series_id, kind, year) DO NOTHING",
        &params![ctx.business_id, series_id, kind, year],
    )?;
    sql::query_scalar(
        "UPDATE billing_counter SET last = last + 1 WHERE business_id = $1 AND series_id = $2 AND kind = $3 AND year = $4 RETURNING last",
        &params![ctx.business_id, series_id, kind, year],
    )
}

/// How a number is printed: `A2025/000007`.
pub fn reference(code: &str, year: i64, number: i64) -> String {
    format!("{code}{year}/{number:06}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn references() {
        assert_eq!(super::reference("A", 2025, 7), "A2025/000007");
        assert_eq!(super::reference("R-1", 2026, 1_234_567), "R-12026/1234567");
    }
}
