//! The shop's orders: placed by the storefront, paid on the bank's page, confirmed by the bank's
//! signed notification, then configured by the staff.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery};
use volante_plugin_sdk::{events, host, links, mail, money, plugins, validate, Checks};

use crate::gateway::{notify_url, Apis, Gateway};
use crate::redsys;

/// The spec's order states, with their names.
pub const STATUSES: &[(i64, &str)] = &[(1, "Pendiente de pago"), (2, "Pagado"), (3, "Configurado"), (4, "Con errores")];
pub const UNPAID: i64 = 1;
pub const PAID: i64 = 2;
pub const CONFIGURED: i64 = 3;
pub const FAILED: i64 = 4;

/// How many lines an order may have, and how many of a product one line.
const MAX_LINES: usize = 50;
const MAX_QUANTITY: i64 = 99;

pub fn status_name(status: i64) -> &'static str {
    STATUSES.iter().find(|(s, _)| *s == status).map(|(_, n)| *n).unwrap_or("")
}

/// Who buys, as the storefront sends it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Customer {
    pub name: String,
    /// DNI, NIE or NIF.
    pub nif: String,
    pub email: String,
    pub phone: String,
    pub address: String,
    pub postal_code: String,
    pub city: String,
    pub province: String,
}

/// A line of an order: the product as it was sold.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Line {
    pub product_id: i64,
    pub reference: String,
    pub name: String,
    pub quantity: i64,
    /// Unit price without tax, cents.
    pub price: i64,
    /// The billing module's tax the product carries (null when its rate was given by hand).
    pub tax_id: Option<i64>,
    pub tax_name: String,
    /// Hundredths of a percent.
    pub tax_rate: i64,
    /// The line's amount with tax, cents.
    pub total: i64,
}

/// A notification of the bank, kept on the order.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Notification {
    pub at: String,
    /// `Ds_Response`.
    pub response: String,
    /// `Ds_AuthorisationCode`.
    pub authorisation: String,
    pub ok: bool,
    /// Cents.
    pub amount: i64,
}

/// An order of the online shop.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Order {
    /// The bank's order number: 12 characters, the first 4 digits.
    pub reference: String,
    /// 1 unpaid, 2 paid, 3 configured, 4 errors.
    pub status: i64,
    pub status_name: String,
    /// `card` or `bizum`.
    pub payment_method: String,
    pub customer: Customer,
    /// Where the confirmation goes (the customer's e-mail when empty).
    pub notification_email: String,
    pub lines: Vec<Line>,
    /// Cents, with tax.
    pub total: i64,
    pub url_ok: String,
    pub url_ko: String,
    /// The staff's note when configuring it.
    pub note: String,
    pub notifications: Vec<Notification>,
    pub paid_at: Option<String>,
    pub configured_at: Option<String>,
    /// The billing module's invoice of the order, once issued.
    pub invoice_id: Option<i64>,
    /// Its number (`F2026-0001`).
    pub invoice_number: String,
    /// The customer's contact, when a signed-in customer placed it (the customer area).
    pub contact_id: Option<i64>,
    /// The version of the conditions of sale the customer accepted (none when the shop had none).
    pub terms_version: Option<i64>,
}

impl Resource for Order {
    const NAME: &'static str = "web_order";
    const PATH: &'static str = "web/ecommerce/order";
    const LABEL: &'static str = "Pedido";
    const TABLE: &'static str = "web_order";
    const SEARCH: &'static [&'static str] = &["reference", "customer"];
    const UNIQUE: &'static [&'static str] = &["reference"];
    const ORDER_BY: &'static str = "id DESC";
}

impl Order {
    fn set_status(&mut self, status: i64) {
        self.status = status;
        self.status_name = status_name(status).into();
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ListFilters {
    status: Option<String>,
}

/// `GET web/ecommerce/order/readall`: a page of orders, newest first, and how many there are in
/// each status.
pub fn list(ctx: &Ctx, req: &Req) -> Result<Value> {
    let filters: ListFilters = req.query()?;
    let mut query = ListQuery::from_query(req)?;
    if let Some(status) = filters.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        let status: i64 = status
            .parse()
            .ok()
            .filter(|s| STATUSES.iter().any(|(known, _)| known == s))
            .ok_or_else(|| Error::invalid_field("status", "El estado es 1, 2, 3 o 4"))?;
        query.filter.insert("status".into(), json!(status));
    }
    let page = resource::list::<Order>(ctx, &query)?;
    let statuses: Vec<i64> = STATUSES.iter().map(|(k, _)| *k).collect();
    let counts = resource::counts_by::<Order, _>(ctx, "status", &statuses)?;
    let mut answer = serde_json::to_value(&page)?;
    answer["counts"] = Value::Object(counts);
    Ok(answer)
}

/// An order as its reads answer it.
pub fn read(ctx: &Ctx, id: i64) -> Result<Value> {
    Ok(serde_json::to_value(resource::find::<Order>(ctx, id)?)?)
}

/// `GET web/ecommerce/order/read/{id}`: the order, and its buyer's mode in the shop as
/// `buyer: {contact_id, status, status_name}` (the signed-in customer's contact, else the client
/// with the order's e-mail; `contact_id` null when there is none).
pub fn read_staff(ctx: &Ctx, id: i64) -> Result<Value> {
    let record = resource::find::<Order>(ctx, id)?;
    let contact_id = match record.data.contact_id {
        Some(id) => Some(id),
        None if !record.data.customer.email.is_empty() => {
            plugins::try_call::<_, Option<i64>>("contacts", "contact.by_email", &json!({ "email": record.data.customer.email })).ok().flatten()
        }
        None => None,
    };
    let mut value = serde_json::to_value(&record)?;
    value["buyer"] = match contact_id {
        Some(contact_id) => {
            let mut buyer = crate::status::json_of(ctx, contact_id)?;
            buyer["contact_id"] = json!(contact_id);
            buyer
        }
        None => json!({ "contact_id": null, "status": null, "status_name": "" }),
    };
    Ok(value)
}

/// `POST web/ecommerce/order/configure`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct ConfigureBody {
    pub id: i64,
    /// What the staff set up (at most 5,000 characters, as the kit's notes field).
    pub note: String,
}

pub fn configure(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: ConfigureBody = req.json()?;
    let note = validate::optional("note", &body.note, 5000)?;
    let mut record = resource::find::<Order>(ctx, body.id)?;
    if record.data.status != PAID {
        return Err(Error::conflict(format!(
            "Solo se configura un pedido pagado; este está «{}»",
            status_name(record.data.status)
        )));
    }
    record.data.set_status(CONFIGURED);
    record.data.configured_at = Some(host::now());
    record.data.note = note;
    resource::save::<Order>(ctx, record.id, &record.data)?;
    read(ctx, record.id)
}

/// What the catalogue (products) answers of a product the shop may sell.
#[derive(Debug, Clone, Deserialize, Serialize)]
struct Product {
    id: i64,
    reference: String,
    name: String,
    description: String,
    price: i64,
    tax_id: Option<i64>,
    tax_name: String,
    tax_rate: i64,
    total: i64,
    price_visible: bool,
    /// It renews or extends what the customer has: not for a customer in demo mode.
    #[serde(default)]
    renews: bool,
}

fn products(ids: Option<&[i64]>) -> Result<Vec<Product>> {
    plugins::call("products", "product.storefront", &json!({ "ids": ids }))
}

/// `GET web/api/product/read/{id}` (storefront).
pub fn storefront_product(_ctx: &Ctx, id: i64) -> Result<Value> {
    let product = products(Some(&[id]))?.into_iter().next().ok_or_else(|| Error::not_found("Producto"))?;
    Ok(serde_json::to_value(product)?)
}

/// `GET web/api/taxes/read` (storefront): the taxes of the products on sale.
pub fn storefront_taxes(_ctx: &Ctx, _req: &Req) -> Result<Value> {
    let mut taxes: Vec<(String, i64)> = products(None)?.into_iter().map(|p| (p.tax_name, p.tax_rate)).collect();
    taxes.sort();
    taxes.dedup();
    Ok(Value::Array(taxes.into_iter().map(|(name, rate)| json!({ "name": name, "rate": rate })).collect()))
}

/// A line of `POST web/api/ecommerce/preorder`.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct LineIn {
    pub product_id: i64,
    pub quantity: i64,
}

/// `POST web/api/ecommerce/preorder` (storefront).
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct PreorderBody {
    pub lines: Vec<LineIn>,
    /// `card` or `bizum`.
    pub payment_method: String,
    pub customer: Customer,
    /// Where the confirmation goes; the customer's e-mail when empty.
    pub notification_email: String,
    /// The customer accepted the conditions of sale.
    pub accept_terms: bool,
    /// Where the bank sends the customer back after paying, and after a failed payment.
    pub url_ok: String,
    pub url_ko: String,
}

fn web_address(checks: &mut Checks, field: &str, value: &str) -> String {
    let value = value.trim();
    if (value.starts_with("https://") || value.starts_with("http://")) && value.len() <= 500 && !value.contains(char::is_whitespace) {
        value.to_string()
    } else {
        checks.push(Error::invalid_field(field, "Debe ser una dirección web (http:// o https://)"));
        String::new()
    }
}

fn checked_customer(checks: &mut Checks, customer: &Customer) -> Customer {
    let mut checked = Customer::default();
    for (field, value, target, max) in [
        ("customer.name", &customer.name, &mut checked.name, 200),
        ("customer.address", &customer.address, &mut checked.address, 300),
        ("customer.city", &customer.city, &mut checked.city, 100),
        ("customer.province", &customer.province, &mut checked.province, 100),
        ("customer.postal_code", &customer.postal_code, &mut checked.postal_code, 10),
    ] {
        let result = if field == "customer.name" { validate::required(field, value, max) } else { validate::optional(field, value, max) };
        if let Some(value) = checks.check(result) {
            *target = value;
        }
    }
    if let Some(email) = checks.check(validate::email("customer.email", &customer.email)) {
        checked.email = email;
    }
    if let Some(nif) = checks.check(validate::nif_field("customer.nif", &customer.nif)) {
        checked.nif = nif;
    }
    if !customer.phone.trim().is_empty() {
        if let Some(phone) = checks.check(validate::phone("customer.phone", &customer.phone)) {
            checked.phone = phone;
        }
    }
    checked
}

/// The bank's order number: 12 characters, the first 4 digits (the order's id, then random
/// letters and digits, so that it is never reused).
fn bank_reference(id: i64) -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let random: String = host::random_bytes(6).iter().map(|b| ALPHABET[usize::from(*b) % ALPHABET.len()] as char).collect();
    format!("{:06}{random}", id % 1_000_000)
}

pub fn preorder(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: PreorderBody = req.json()?;
    // A signed-in customer's order is theirs (their area lists it).
    let contact_id = match links::presented() {
        Some(_) => Some(crate::customer::signed_in(ctx)?.contact_id),
        None => None,
    };
    let gateway = Gateway::load();
    let (Some(key), Some(webapi_key)) = (gateway.usable_key(), Apis::load().webapi_key) else {
        return Err(Error::conflict("La tienda no tiene configurada la pasarela de pago"));
    };
    let mut checks = Checks::new();
    if body.lines.is_empty() {
        checks.push(Error::invalid_field("lines", "El pedido no tiene productos"));
    }
    if body.lines.len() > MAX_LINES {
        checks.push(Error::invalid_field("lines", format!("Como máximo {MAX_LINES} líneas por pedido")));
    }
    let method = checks.check(validate::one_of("payment_method", body.payment_method.trim(), &["card", "bizum"]));
    if method == Some("bizum") && !gateway.bizum {
        checks.push(Error::invalid_field("payment_method", "El pago con Bizum no está disponible"));
    }
    let customer = checked_customer(&mut checks, &body.customer);
    let notification_email = if body.notification_email.trim().is_empty() {
        customer.email.clone()
    } else {
        checks.check(validate::email("notification_email", &body.notification_email)).unwrap_or_default()
    };
    if !body.accept_terms {
        checks.push(Error::invalid_field("accept_terms", "Debe aceptar las condiciones de compra"));
    }
    let url_ok = web_address(&mut checks, "url_ok", &body.url_ok);
    let url_ko = web_address(&mut checks, "url_ko", &body.url_ko);
    let ids: Vec<i64> = body.lines.iter().map(|l| l.product_id).collect();
    let on_sale = if body.lines.is_empty() || body.lines.len() > MAX_LINES { Vec::new() } else { products(Some(&ids))? };
    let mut lines = Vec::new();
    for (i, line) in body.lines.iter().enumerate() {
        if !(1..=MAX_QUANTITY).contains(&line.quantity) {
            checks.push(Error::invalid_field(&format!("lines[{i}].quantity"), format!("La cantidad va de 1 a {MAX_QUANTITY}")));
            continue;
        }
        let Some(product) = on_sale.iter().find(|p| p.id == line.product_id) else {
            checks.push(Error::invalid_field(&format!("lines[{i}].product_id"), "El producto no está a la venta"));
            continue;
        };
        lines.push(Line {
            product_id: product.id,
            reference: product.reference.clone(),
            name: product.name.clone(),
            quantity: line.quantity,
            price: product.price,
            tax_id: product.tax_id,
            tax_name: product.tax_name.clone(),
            tax_rate: product.tax_rate,
            total: product.total * line.quantity,
        });
    }
    // A customer in demo mode (the signed-in one, else the client with the order's e-mail) may
    // buy an enrolment but not renew or extend.
    if on_sale.iter().any(|p| p.renews) {
        let buyer = match contact_id {
            Some(id) => Some(id),
            None if !customer.email.is_empty() => {
                plugins::try_call::<_, Option<i64>>("contacts", "contact.by_email", &json!({ "email": customer.email })).ok().flatten()
            }
            None => None,
        };
        if let Some(buyer) = buyer {
            if crate::status::of(ctx, buyer)?.as_deref() == Some("demo") {
                for (i, line) in body.lines.iter().enumerate() {
                    if on_sale.iter().any(|p| p.id == line.product_id && p.renews) {
                        checks.push(Error::invalid_field(
                            &format!("lines[{i}].product_id"),
                            "Su cuenta es de demostración: puede comprar una matrícula, pero no renovar ni ampliar",
                        ));
                    }
                }
            }
        }
    }
    let total: i64 = lines.iter().map(|l| l.total).sum();
    if checks.is_empty() && total <= 0 {
        checks.push(Error::invalid_field("lines", "El importe del pedido debe ser mayor que cero"));
    }
    checks.finish()?;
    let method = method.unwrap_or("card");
    let mut order = Order {
        payment_method: method.into(),
        customer,
        notification_email,
        lines,
        total,
        url_ok,
        url_ko,
        contact_id,
        terms_version: crate::legal::terms_version(ctx)?,
        ..Order::default()
    };
    order.set_status(UNPAID);
    let record = resource::insert::<Order>(ctx, order)?;
    let mut order = record.data;
    order.reference = bank_reference(record.id);
    resource::save::<Order>(ctx, record.id, &order)?;

    let mut fields = serde_json::Map::new();
    for (name, value) in [
        ("DS_MERCHANT_AMOUNT", order.total.to_string()),
        ("DS_MERCHANT_ORDER", order.reference.clone()),
        ("DS_MERCHANT_MERCHANTCODE", gateway.merchant_code.clone()),
        ("DS_MERCHANT_CURRENCY", redsys::CURRENCY_EUR.to_string()),
        ("DS_MERCHANT_TRANSACTIONTYPE", "0".to_string()),
        ("DS_MERCHANT_TERMINAL", gateway.terminal.clone()),
        ("DS_MERCHANT_MERCHANTURL", notify_url(&webapi_key)),
        ("DS_MERCHANT_URLOK", order.url_ok.clone()),
        ("DS_MERCHANT_URLKO", order.url_ko.clone()),
        ("DS_MERCHANT_CONSUMERLANGUAGE", "001".to_string()),
        ("DS_MERCHANT_PRODUCTDESCRIPTION", description(&order.lines)),
        ("DS_MERCHANT_TITULAR", order.customer.name.clone()),
    ] {
        fields.insert(name.into(), Value::String(value));
    }
    if method == "bizum" {
        fields.insert("DS_MERCHANT_PAYMETHODS".into(), Value::String("z".into()));
    }
    let parameters = redsys::encode_parameters(&fields);
    let signature = redsys::signature(&key, &order.reference, &parameters);
    Ok(json!({
        "order": read(ctx, record.id)?,
        "payment": {
            "url": gateway.payment_url(),
            "fields": {
                "Ds_SignatureVersion": redsys::SIGNATURE_VERSION,
                "Ds_MerchantParameters": parameters,
                "Ds_Signature": signature,
            },
        },
    }))
}

/// What the bank's page shows as the purchase: the lines' names (at most 125 characters).
fn description(lines: &[Line]) -> String {
    let names: Vec<&str> = lines.iter().map(|l| l.name.as_str()).collect();
    names.join(", ").chars().take(125).collect()
}

/// The bank's notification, as its form arrives.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct NotifyBody {
    #[serde(rename = "Ds_SignatureVersion")]
    signature_version: String,
    #[serde(rename = "Ds_MerchantParameters")]
    parameters: String,
    #[serde(rename = "Ds_Signature")]
    signature: String,
}

/// A field of the notification's parameters, whatever its case (`Ds_Order`, `DS_ORDER`).
fn field(parameters: &serde_json::Map<String, Value>, name: &str) -> String {
    parameters
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map(|(_, v)| match v {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        })
        .unwrap_or_default()
}

/// `POST web/api/payments/tpv/notify/{key}`: the bank says how a payment went. Everything is
/// checked before anything changes; a paid order stays paid.
pub fn notify(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: NotifyBody = req.json()?;
    let gateway = Gateway::load();
    let Some(key) = gateway.usable_key() else {
        return Err(Error::conflict("La tienda no tiene configurada la pasarela de pago"));
    };
    if body.signature_version != redsys::SIGNATURE_VERSION {
        return Err(Error::invalid_field("Ds_SignatureVersion", format!("Se esperaba la versión de firma {}", redsys::SIGNATURE_VERSION)));
    }
    let parameters = redsys::decode_parameters(&body.parameters)
        .ok_or_else(|| Error::invalid_field("Ds_MerchantParameters", "Los parámetros de la notificación no se pueden leer"))?;
    let reference = field(&parameters, "Ds_Order");
    #[derive(Deserialize)]
    struct Found {
        id: i64,
    }
    let found: Option<Found> = sql::query_optional(
        "SELECT id FROM web_order WHERE business_id = $1 AND reference = $2 AND state <> 'deleted'",
        &params![ctx.business_id, reference.as_str()],
    )?;
    let Some(id) = found.filter(|_| !reference.is_empty()).map(|f| f.id) else { return Err(Error::not_found("Pedido")) };
    if !redsys::verify(&key, &reference, &body.parameters, &body.signature) {
        return Err(Error::invalid_field("Ds_Signature", "La firma de la notificación no es válida"));
    }
    let mut record = resource::find::<Order>(ctx, id)?;
    let amount = field(&parameters, "Ds_Amount");
    if field(&parameters, "Ds_MerchantCode") != gateway.merchant_code || amount != record.data.total.to_string() {
        return Err(Error::conflict("La notificación no corresponde al pedido: el comercio o el importe no coinciden"));
    }
    if matches!(record.data.status, PAID | CONFIGURED) {
        return read(ctx, id);
    }
    let response = field(&parameters, "Ds_Response");
    let ok = redsys::authorised(&response);
    let now = host::now();
    record.data.notifications.push(Notification {
        at: now.clone(),
        response: response.clone(),
        authorisation: field(&parameters, "Ds_AuthorisationCode").trim().to_string(),
        ok,
        amount: record.data.total,
    });
    if ok {
        record.data.set_status(PAID);
        record.data.paid_at = Some(now);
    } else {
        record.data.set_status(FAILED);
    }
    resource::save::<Order>(ctx, id, &record.data)?;
    if ok {
        confirm(&record.data)?;
        // Its lines and buyer go with it: the catalogue runs the products' automatic processes.
        let lines: Vec<Value> = record.data.lines.iter().map(|l| json!({ "product_id": l.product_id, "quantity": l.quantity })).collect();
        events::publish(
            "web.order.paid",
            &json!({ "id": id, "reference": record.data.reference, "total": record.data.total, "lines": lines,
                     "customer": { "name": record.data.customer.name, "email": record.data.customer.email, "nif": record.data.customer.nif, "phone": record.data.customer.phone }, "contact_id": record.data.contact_id }),
        )?;
    }
    read(ctx, id)
}

/// "Pedido confirmado": the customer's mail once the bank has authorised the payment.
fn confirm(order: &Order) -> Result<()> {
    let to = if order.notification_email.is_empty() { &order.customer.email } else { &order.notification_email };
    if to.is_empty() {
        return Ok(());
    }
    let lines: Vec<Value> = order
        .lines
        .iter()
        .map(|l| json!({ "quantity": l.quantity, "name": l.name, "total": money::spanish(l.total) }))
        .collect();
    mail::send(
        &[to.clone()],
        "Pedido confirmado: {{ reference }}",
        "Hola, {{ name }}:\n\nHemos recibido el pago de su pedido {{ reference }}. ¡Pedido confirmado!\n\n{% for line in lines %}{{ line.quantity }} × {{ line.name }}: {{ line.total }}\n{% endfor %}\nTotal: {{ total }}\n\nGracias por su compra.\n",
        &json!({ "name": order.customer.name, "reference": order.reference, "lines": lines, "total": money::spanish(order.total) }),
        &[],
    )
}

/// `POST web/ecommerce/order/invoice`: issue the invoice of a paid order that has none (when
/// it was not issued on payment, or issuing it then failed).
pub fn invoice_call(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    let mut record = resource::find::<Order>(ctx, body.id)?;
    invoice(ctx, record.id, &mut record.data)?;
    read(ctx, record.id)
}

/// `{id}`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct IdBody {
    pub id: i64,
}

/// The order's invoice, issued by the billing module in the series of the shop's sales
/// settings, to the customer, with the payment the bank authorised; saved on the order. The
/// invoice must come to what was paid: otherwise (a product without a billing tax, a rounding of
/// several units) it is refused and the staff invoice it from Facturación.
pub fn invoice(ctx: &Ctx, id: i64, order: &mut Order) -> Result<()> {
    if !matches!(order.status, PAID | CONFIGURED) {
        return Err(Error::conflict(format!("Solo se factura un pedido pagado; este está «{}»", status_name(order.status))));
    }
    if let Some(number) = Some(&order.invoice_number).filter(|_| order.invoice_id.is_some()) {
        return Err(Error::conflict(format!("El pedido ya tiene su factura: {number}")));
    }
    if let Some(line) = order.lines.iter().find(|l| l.tax_id.is_none()) {
        return Err(Error::conflict(format!(
            "El producto «{}» no tiene un impuesto de Facturación: emita la factura desde Facturación",
            line.name
        )));
    }
    let sales = crate::gateway::SalesBilling::load();
    let paid_on = order.paid_at.as_deref().and_then(volante_plugin_sdk::time::parse_utc).map(|t| volante_plugin_sdk::time::SpanishZone::Peninsula.date_of(t));
    let customer = &order.customer;
    let body = json!({
        "series_id": sales.series_id,
        "contact": {
            "type": if customer.nif.starts_with(|c: char| c.is_ascii_alphabetic() && !matches!(c, 'X' | 'Y' | 'Z' | 'K' | 'L' | 'M')) { "E" } else { "P" },
            "name": customer.name,
            "tax_code": customer.nif,
            "email": customer.email,
            "phone": customer.phone,
            "address": { "street": customer.address, "city": customer.city, "postal_code": customer.postal_code },
        },
        "lines": order.lines.iter().map(|l| json!({
            "concept": l.name, "product_id": l.product_id, "price": l.price, "quantity": l.quantity, "tax_id": l.tax_id,
        })).collect::<Vec<_>>(),
        "payments": [{ "amount": order.total, "method": order.payment_method, "date": paid_on.unwrap_or_default() }],
        "notes": format!("Pedido de la tienda online {}", order.reference),
    });
    #[derive(Deserialize)]
    struct Invoice {
        id: i64,
        reference: String,
        total: i64,
    }
    let issued: Invoice = plugins::try_call("billing", "invoice.create", &body)
        .map_err(|reason| Error::conflict(format!("No se ha podido emitir la factura: {reason}")))?;
    if issued.total != order.total {
        return Err(Error::conflict(format!(
            "La factura saldría por {} y el cliente pagó {}: emita la factura desde Facturación",
            money::spanish(issued.total),
            money::spanish(order.total)
        )));
    }
    order.invoice_id = Some(issued.id);
    order.invoice_number = issued.reference;
    resource::save::<Order>(ctx, id, order)
}

/// On `web.order.paid`: the invoice, when the shop's sales settings ask for it. A failure rolls
/// the invoice back and leaves the order without one, for the staff to issue.
pub fn on_paid(ctx: &Ctx, payload: &Value) -> Result<()> {
    if !crate::gateway::SalesBilling::load().auto_invoice {
        return Ok(());
    }
    let id = payload["id"].as_i64().ok_or_else(|| Error::internal("web.order.paid without an id"))?;
    let mut record = resource::find::<Order>(ctx, id)?;
    if record.data.invoice_id.is_some() {
        return Ok(());
    }
    invoice(ctx, id, &mut record.data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_have_their_names() {
        assert_eq!(status_name(1), "Pendiente de pago");
        assert_eq!(status_name(4), "Con errores");
        assert_eq!(status_name(9), "");
    }

    #[test]
    fn the_description_is_cut_to_what_the_bank_takes() {
        let line = Line { name: "x".repeat(100), ..Line::default() };
        assert_eq!(description(&[line.clone(), line]).chars().count(), 125);
    }
}
