//! A customer's mode in the online shop (the spec's purchase triggers "set user to DEMO" and "set
//! user to ENROLLED"): a customer in demo mode may buy an enrolment but not renew or extend (a
//! product that `renews`, see the products module); an enrolled one may. A customer with no mode
//! buys as an enrolled one. The products module's processes set it (`web.customer_status`), and
//! the staff may see and change it on an order of theirs.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::{host, validate};

/// The modes, with their Spanish names.
pub const STATUSES: &[(&str, &str)] = &[("demo", "Demostración"), ("enrolled", "Matriculado")];

/// The Spanish name of a mode ('' for none).
pub fn status_name(status: Option<&str>) -> &'static str {
    status.and_then(|s| STATUSES.iter().find(|(k, _)| *k == s)).map_or("", |(_, n)| *n)
}

/// The customer's mode, if any.
pub fn of(ctx: &Ctx, contact_id: i64) -> Result<Option<String>> {
    sql::query_optional(
        "SELECT status FROM web_customer_status WHERE business_id = $1 AND contact_id = $2",
        &params![ctx.business_id, contact_id],
    )
}

/// The customer's mode as answers show it: `{status, status_name}` (both null/'' for none).
pub fn json_of(ctx: &Ctx, contact_id: i64) -> Result<Value> {
    let status = of(ctx, contact_id)?;
    Ok(json!({ "status": status, "status_name": status_name(status.as_deref()) }))
}

/// Set (or, with none, clear) the customer's mode.
pub fn set(ctx: &Ctx, contact_id: i64, status: Option<&str>, order_reference: &str) -> Result<()> {
    if contact_id <= 0 {
        return Err(Error::required("contact_id"));
    }
    let Some(status) = status else {
        sql::execute("DELETE FROM web_customer_status WHERE business_id = $1 AND contact_id = $2", &params![ctx.business_id, contact_id])?;
        return Ok(());
    };
    let status = validate::one_of("status", status, &["demo", "enrolled"])?;
    let now = host::now();
    let user = (ctx.user_id > 0).then_some(ctx.user_id);
    let changed = sql::execute(
        "UPDATE web_customer_status SET status = $1, order_reference = $2, user_id = $3, updated_at = $4 WHERE business_id = $5 AND contact_id = $6",
        &params![status, order_reference, user, now.clone(), ctx.business_id, contact_id],
    )?;
    if changed == 0 {
        sql::execute(
            "INSERT INTO web_customer_status (business_id, contact_id, status, order_reference, user_id, updated_at) VALUES ($1, $2, $3, $4, $5, $6)",
            &params![ctx.business_id, contact_id, status, order_reference, user, now],
        )?;
    }
    Ok(())
}

/// `web.customer_status` (an export) body: the products module's processes.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Export {
    pub contact_id: i64,
    pub status: String,
    pub order_reference: String,
}

/// `POST web/customer/status` (extension) body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct StatusBody {
    /// The customer's contact.
    pub contact_id: i64,
    /// `demo`, `enrolled`, or null to take the mode away (the customer buys as an enrolled one).
    pub status: Option<String>,
}

/// `POST web/customer/status` (extension): the staff set a customer's mode; answers it as
/// `{contact_id, status, status_name}`. For an active client contact (else `NOT-FOUND-000`).
pub fn update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: StatusBody = req.json()?;
    if body.contact_id <= 0 {
        return Err(Error::required("contact_id"));
    }
    if !crate::customer::is_customer(body.contact_id)? {
        return Err(Error::new(codes::NOT_FOUND, "Cliente no encontrado").with_data(json!({ "entity": "Cliente", "id": body.contact_id })));
    }
    set(ctx, body.contact_id, body.status.as_deref().map(str::trim).filter(|s| !s.is_empty()), "")?;
    let mut value = json_of(ctx, body.contact_id)?;
    value["contact_id"] = json!(body.contact_id);
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_have_their_names() {
        assert_eq!(status_name(Some("demo")), "Demostración");
        assert_eq!(status_name(Some("enrolled")), "Matriculado");
        assert_eq!(status_name(None), "");
        assert_eq!(status_name(Some("other")), "");
    }
}
