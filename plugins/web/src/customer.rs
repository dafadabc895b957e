//! The customer area (`/layout/contact/*`): a school's customer (a contact of the contacts
//! module) signs in with an e-mailed link and sees their data, their orders and their agreements,
//! and orders from the catalogue. Every call is a storefront call: the site sends the web-api
//! key and, once signed in, the customer's reference (`Authorization: Bearer <key> <reference>`),
//! which the host checks as a live link of this plugin (`links.presented`). The reference opens
//! one row of `web_customer_session`, which says whose it is.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery};
use volante_plugin_sdk::time::{format_utc, parse_utc};
use volante_plugin_sdk::{host, links, mail, plugins, validate};

use crate::gateway::Apis;
use crate::order::{Customer, Order, UNPAID};

/// How long a sign-in lasts, in days (the link it is made of expires then).
pub const SESSION_DAYS: u32 = 30;
/// A second access mail for the same customer within this many minutes is not sent: a form sent
/// twice, or someone sending it for another's address, does not flood their mailbox.
pub const RESEND_MINUTES: i64 = 2;
/// The service whose agreements a customer sees.
const AGREEMENTS_SERVICE: &str = "agreement";

/// The access mail, as tera templates (the host adds `public_url`).
const ACCESS_SUBJECT: &str = "Acceso a su área de cliente";
const ACCESS_BODY: &str = "Hola {{ name }}:\n\n\
Para entrar en su área de cliente, donde verá sus pedidos y sus contratos, abra este enlace:\n\n\
{{ public_url }}{{ page }}key={{ key }}&token={{ token }}\n\n\
El enlace es personal y vale {{ days }} días. Si no ha pedido entrar, puede ignorar este correo.\n";

/// The address of a product's order page in the customer area, as a poster's QR code or the
/// school's site links it.
pub fn order_page_url(key: &str, product_id: i64) -> String {
    // The key is a link reference: URL-safe as it is (as in the notification address).
    format!("{}/layout/contact/order/create?key={key}&product={product_id}", host::public_url())
}

/// `POST web/api/user/access`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct AccessBody {
    /// The customer's e-mail, as the school has it.
    pub email: String,
    /// The area's page the link opens (`/layout/contact/order/create?product=7`: the customer
    /// was ordering); the dashboard when empty. Only the area's pages, with `product` ids.
    pub next: String,
}

/// The area's pages a sign-in link may open.
const AREA_PAGES: &[&str] = &["/layout/contact/dashboard", "/layout/contact/account", "/layout/contact/orders", "/layout/contact/order/create", "/layout/contact/agreements"];

/// The start of the access link's address after the public URL: the page asked for and its
/// `product` ids, ready for the key and token (`/layout/contact/order/create?product=7&`).
pub fn link_page(next: &str) -> Result<String> {
    let next = next.trim();
    if next.is_empty() {
        return Ok(format!("{}?", AREA_PAGES[0]));
    }
    let refused = || Error::invalid_field("next", "La página no es del área de cliente");
    let (path, query) = next.split_once('?').unwrap_or((next, ""));
    if !AREA_PAGES.contains(&path) {
        return Err(refused());
    }
    let mut page = format!("{path}?");
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        match pair.split_once('=') {
            Some(("product", id)) if !id.is_empty() && id.len() <= 15 && id.bytes().all(|b| b.is_ascii_digit()) => {
                page.push_str(&format!("product={id}&"));
            }
            // The key and the token are the link's own.
            Some(("key" | "token", _)) => {}
            _ => return Err(refused()),
        }
    }
    Ok(page)
}

/// A customer as their own area shows them: their contact's id, and the contact's name, fiscal
/// code and address in the shape an order's buyer has (what the new-order form starts from).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CustomerUser {
    pub id: i64,
    #[serde(flatten)]
    pub details: Customer,
}

/// `POST web/api/user/access`: mail the customer with this e-mail a link into their area. The
/// answer is the same whether or not the address is a customer's, so that the form does not tell
/// who is a customer of the school.
pub fn access(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: AccessBody = req.json()?;
    if body.email.trim().is_empty() {
        return Err(Error::required("email"));
    }
    let email = validate::email("email", &body.email)?;
    let page = link_page(&body.next)?;
    let key = Apis::load().webapi_key.ok_or_else(|| Error::conflict("La tienda no tiene clave de la API web"))?;
    let contact: Option<i64> = contacts("contact.by_email", &json!({ "email": email }))?;
    let Some(contact_id) = contact else { return Ok(json!({ "sent": true })) };
    if recently_mailed(ctx, contact_id)? {
        return Ok(json!({ "sent": true }));
    }
    let user = user_of(contact_id)?.ok_or_else(|| Error::internal("the contact found by e-mail is gone"))?;
    let reference = links::issue(&format!("customer:{contact_id}"), Some(SESSION_DAYS))?;
    sql::execute(
        "INSERT INTO web_customer_session (business_id, reference, contact_id, created_at) VALUES ($1, $2, $3, $4)",
        &params![ctx.business_id, reference.as_str(), contact_id, host::now()],
    )?;
    let context = json!({ "name": user.details.name, "page": page, "key": key, "token": reference, "days": SESSION_DAYS });
    mail::send(&[email], ACCESS_SUBJECT, ACCESS_BODY, &context, &[])
        .map_err(|e| Error::conflict(format!("No se ha podido enviar el correo: {}", e.details)))?;
    Ok(json!({ "sent": true }))
}

fn recently_mailed(ctx: &Ctx, contact_id: i64) -> Result<bool> {
    let since = format_utc(parse_utc(&host::now()).unwrap_or_default() - RESEND_MINUTES * 60);
    #[derive(Deserialize)]
    struct Row {
        #[allow(dead_code)]
        id: i64,
    }
    let found: Vec<Row> = sql::query_as(
        "SELECT id FROM web_customer_session WHERE business_id = $1 AND contact_id = $2 AND created_at > $3 LIMIT 1",
        &params![ctx.business_id, contact_id, since],
    )?;
    Ok(!found.is_empty())
}

/// The signed-in customer's session: the reference the call presented and whose it is.
pub struct Session {
    pub reference: String,
    pub contact_id: i64,
}

fn session_expired() -> Error {
    Error::new("SESSION-001", "La sesión del cliente no es válida o ha caducado")
}

/// The call's customer, or `SESSION-000` when it presented no sign-in and `SESSION-001` when its
/// sign-in opens nothing here (ended, or its contact no longer an active customer).
pub fn signed_in(ctx: &Ctx) -> Result<Session> {
    let reference = links::presented().ok_or_else(|| Error::new("SESSION-000", "Inicie sesión en el área de cliente"))?;
    #[derive(Deserialize)]
    struct Row {
        contact_id: i64,
    }
    let rows: Vec<Row> = sql::query_as(
        "SELECT contact_id FROM web_customer_session WHERE business_id = $1 AND reference = $2",
        &params![ctx.business_id, reference.as_str()],
    )?;
    let row = rows.into_iter().next().ok_or_else(session_expired)?;
    Ok(Session { reference, contact_id: row.contact_id })
}

/// A function of the contacts module, whose contacts the customers are: without it (switched off
/// for the business) the area cannot work, and says so.
fn contacts<T: serde::de::DeserializeOwned>(function: &str, args: &Value) -> Result<T> {
    plugins::try_call("contacts", function, args).map_err(|reason| {
        host::log::warn(&format!("customer area: contacts/{function} did not answer: {reason}"));
        Error::conflict("El área de cliente no está disponible: la autoescuela no tiene activo el módulo de contactos")
    })
}

/// Whether the contact `contact_id` is an active customer (client) of the business.
pub fn is_customer(contact_id: i64) -> Result<bool> {
    #[derive(Deserialize)]
    struct Summary {
        relation: String,
        state: String,
    }
    let summaries: Vec<Summary> = contacts("contact.summaries", &json!({ "ids": [contact_id] }))?;
    Ok(summaries.first().is_some_and(|s| s.state == "active" && s.relation == "client"))
}

/// The contact `contact_id` as a customer, if it still is an active customer of the business.
fn user_of(contact_id: i64) -> Result<Option<CustomerUser>> {
    if !is_customer(contact_id)? {
        return Ok(None);
    }
    #[derive(Deserialize, Default)]
    #[serde(default)]
    struct Address {
        street: String,
        city: String,
        province_id: Option<i64>,
        postal_code: String,
    }
    #[derive(Deserialize)]
    struct Billing {
        id: i64,
        name: String,
        tax_code: String,
        email: String,
        phone: String,
        #[serde(default)]
        address: Address,
    }
    let billing: Billing = contacts("contact.billing", &json!({ "id": contact_id }))?;
    Ok(Some(CustomerUser {
        id: billing.id,
        details: Customer {
            name: billing.name,
            nif: billing.tax_code,
            email: billing.email,
            phone: billing.phone,
            address: billing.address.street,
            postal_code: billing.address.postal_code,
            city: billing.address.city,
            province: billing.address.province_id.map(validate::province_name).unwrap_or_default().to_string(),
        },
    }))
}

/// The signed-in customer, or `SESSION-001` when their contact is no longer an active customer.
pub fn current(ctx: &Ctx) -> Result<(Session, CustomerUser)> {
    let session = signed_in(ctx)?;
    let user = user_of(session.contact_id)?.ok_or_else(session_expired)?;
    Ok((session, user))
}

/// `GET web/api/user/verify`: who is signed in.
pub fn verify(ctx: &Ctx, _req: &Req) -> Result<Value> {
    let (_, user) = current(ctx)?;
    Ok(json!({ "user": user }))
}

/// `GET web/api/user/data`: the customer and how many orders and agreements they have.
pub fn data(ctx: &Ctx, _req: &Req) -> Result<Value> {
    let (session, user) = current(ctx)?;
    #[derive(Deserialize)]
    struct Counts {
        total: i64,
        unpaid: Option<i64>,
    }
    let counts: Vec<Counts> = sql::query_as(
        "SELECT COUNT(*) AS total, SUM(CASE WHEN status = $3 THEN 1 ELSE 0 END) AS unpaid FROM web_order \
         WHERE business_id = $1 AND contact_id = $2 AND state <> 'deleted'",
        &params![ctx.business_id, session.contact_id, UNPAID],
    )?;
    let (total, unpaid) = counts.first().map_or((0, 0), |c| (c.total, c.unpaid.unwrap_or(0)));
    let agreements = agreements_of(ctx, session.contact_id)?;
    let pending = agreements.iter().filter(|a| a["status"] != "signed").count();
    Ok(json!({
        "user": user,
        // Their mode in the shop: demo (may not renew or extend) or enrolled.
        "status": crate::status::json_of(ctx, session.contact_id)?,
        "orders": { "total": total, "unpaid": unpaid },
        "agreements": { "total": agreements.len(), "pending": pending },
    }))
}

/// The customer's agreements, from the agreements module; none when the business does not
/// have it.
fn agreements_of(ctx: &Ctx, contact_id: i64) -> Result<Vec<Value>> {
    if !ctx.services.iter().any(|s| s == AGREEMENTS_SERVICE) {
        return Ok(Vec::new());
    }
    plugins::call("agreements", "agreement.of_contact", &json!({ "contact_id": contact_id }))
}

/// `GET web/api/user/formative`: the customer's courses (the formative module's assignments, its
/// `formative.of_contact`), newest first; empty when the business does not have the module.
pub fn formative(ctx: &Ctx, _req: &Req) -> Result<Value> {
    let (session, _) = current(ctx)?;
    if !ctx.services.iter().any(|s| s == "formative") {
        return Ok(json!([]));
    }
    plugins::call("formative", "formative.of_contact", &json!({ "contact_id": session.contact_id }))
}

/// `GET web/api/user/valkiria/autologin`: the signed-in customer's personal link to the school's
/// online tests (the valkiria module's `valkiria.online`: the student who is this contact or has
/// their DNI), `{url}`. A customer who is no student of the online tests, or a school without
/// them, is told so (`CONFLICT-000`).
pub fn valkiria_autologin(ctx: &Ctx, _req: &Req) -> Result<Value> {
    let (session, user) = current(ctx)?;
    let link: Value = plugins::try_call("valkiria", "valkiria.online", &json!({ "contact_id": session.contact_id, "dni": user.details.nif }))
        .map_err(|reason| {
            if plugins::refused_by_host(&reason) {
                Error::conflict("La autoescuela no ofrece los test online")
            } else {
                Error::conflict(reason)
            }
        })?;
    Ok(json!({ "url": link["url"] }))
}

/// `GET web/api/user/agreement`: the agreements sent to the customer to sign, and those signed.
pub fn agreements(ctx: &Ctx, _req: &Req) -> Result<Value> {
    let (session, _) = current(ctx)?;
    Ok(Value::Array(agreements_of(ctx, session.contact_id)?))
}

/// `GET web/api/ecommerce/preorder/read/all?search=`: the customer's orders, newest first (the
/// last 100).
pub fn orders(ctx: &Ctx, req: &Req) -> Result<Value> {
    let (session, _) = current(ctx)?;
    let mut query = ListQuery::from_query(req)?;
    query.page = None;
    query.per_page = Some(100);
    query.state = None;
    query.order = None;
    query.filter.insert("contact_id".into(), json!(session.contact_id));
    let page = resource::list::<Order>(ctx, &query)?;
    Ok(serde_json::to_value(page.items)?)
}

/// `POST web/api/user/logout`: the sign-in stops opening the area.
pub fn logout(ctx: &Ctx, _req: &Req) -> Result<Value> {
    let session = signed_in(ctx)?;
    links::revoke(&session.reference)?;
    sql::execute(
        "DELETE FROM web_customer_session WHERE business_id = $1 AND reference = $2",
        &params![ctx.business_id, session.reference.as_str()],
    )?;
    Ok(json!({}))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sign_in_link_opens_only_the_areas_pages() {
        assert_eq!(link_page("").unwrap(), "/layout/contact/dashboard?");
        assert_eq!(link_page(" /layout/contact/orders ").unwrap(), "/layout/contact/orders?");
        assert_eq!(link_page("/layout/contact/order/create?product=7&product=12").unwrap(), "/layout/contact/order/create?product=7&product=12&");
        assert_eq!(link_page("/layout/contact/order/create?key=abc&product=7&token=x").unwrap(), "/layout/contact/order/create?product=7&");
        for bad in ["https://evil.example/", "//evil.example", "/dashboard", "/layout/contact/order/create?product=7x", "/layout/contact/orders?next=/x", "/layout/contact/../admin"] {
            assert!(link_page(bad).is_err(), "{bad}");
        }
    }
}
