//! The shop's settings: the payment gateway (Redsys) and the keys (the storefront's web-api key,
//! third parties' key pairs). Secrets are stored and never answered back.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::{host, links, settings, validate, Checks};

use crate::redsys;

/// The gateway environments (the spec's list).
pub const ENVIRONMENTS: &[&str] = &["test", "real"];

/// The third parties a school keeps a key pair for (the spec's list), with their labels.
pub const KEY_KINDS: &[(&str, &str)] = &[
    ("maps", "Mapas"),
    ("analytics", "Analítica"),
    ("social", "Redes sociales"),
    ("gateway", "Pasarela de pago"),
    ("messaging", "Correo y SMS"),
    ("integration", "Integración externa"),
];

/// What the web-api key opens: the storefront's calls (a public link of this plugin).
const WEBAPI_SUBJECT: &str = "webapi";

/// The Redsys merchant account, as stored.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Gateway {
    /// The bank's merchant code (FUC): 9 digits.
    pub merchant_code: String,
    pub terminal: String,
    /// `test` or `real`.
    pub environment: String,
    /// Whether Bizum is offered besides card.
    pub bizum: bool,
    /// The merchant's SHA-256 key, base64 of 24 bytes.
    pub key: String,
}

impl Gateway {
    pub fn load() -> Gateway {
        let mut gateway: Gateway = settings::get("gateway").unwrap_or_default();
        if gateway.environment.is_empty() {
            gateway.environment = "test".into();
        }
        if gateway.terminal.is_empty() {
            gateway.terminal = "1".into();
        }
        gateway
    }

    /// The merchant key, when the gateway can take payments.
    pub fn usable_key(&self) -> Option<[u8; 24]> {
        if self.merchant_code.is_empty() {
            return None;
        }
        redsys::decode_key(&self.key)
    }

    pub fn payment_url(&self) -> &'static str {
        if self.environment == "real" {
            redsys::REAL_URL
        } else {
            redsys::TEST_URL
        }
    }

    /// The payment methods the storefront may offer.
    pub fn methods(&self) -> Vec<&'static str> {
        let mut methods = vec!["card"];
        if self.bizum {
            methods.push("bizum");
        }
        methods
    }
}

/// `POST web/payments/gateway/update`: the fields that change.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct GatewayUpdate {
    /// The bank's merchant code (FUC): 9 digits.
    pub merchant_code: Option<String>,
    /// The terminal number: 1 to 3 digits.
    pub terminal: Option<String>,
    /// `test` or `real`.
    pub environment: Option<String>,
    pub bizum: Option<bool>,
    /// The merchant's SHA-256 key (base64 of 24 bytes); empty or absent keeps the stored one.
    pub key: Option<String>,
}

/// Where the bank sends its notifications: the notification route, opened by the web-api key.
pub fn notify_url(webapi_key: &str) -> String {
    format!("{}/api/web/api/payments/tpv/notify/{webapi_key}", host::public_url())
}

fn gateway_answer(gateway: &Gateway) -> Value {
    let apis = Apis::load();
    json!({
        "merchant_code": gateway.merchant_code,
        "terminal": gateway.terminal,
        "environment": gateway.environment,
        "bizum": gateway.bizum,
        "key_set": !gateway.key.is_empty(),
        "currency": redsys::CURRENCY_EUR,
        "notify_url": apis.webapi_key.as_deref().map(notify_url).unwrap_or_default(),
        "payment_url": gateway.payment_url(),
        "configured": gateway.usable_key().is_some() && apis.webapi_key.is_some(),
    })
}

/// `GET web/payments/gateway/read`.
pub fn gateway_read(_ctx: &Ctx, _req: &Req) -> Result<Value> {
    Ok(gateway_answer(&Gateway::load()))
}

/// `POST web/payments/gateway/update`.
pub fn gateway_update(_ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: GatewayUpdate = req.json()?;
    let mut gateway = Gateway::load();
    let mut checks = Checks::new();
    if let Some(code) = body.merchant_code.as_deref().map(str::trim) {
        if code.len() == 9 && code.bytes().all(|b| b.is_ascii_digit()) {
            gateway.merchant_code = code.into();
        } else {
            checks.push(Error::invalid_field("merchant_code", "El código de comercio tiene 9 cifras"));
        }
    }
    if let Some(terminal) = body.terminal.as_deref().map(str::trim) {
        if (1..=3).contains(&terminal.len()) && terminal.bytes().all(|b| b.is_ascii_digit()) {
            gateway.terminal = terminal.trim_start_matches('0').to_string();
            if gateway.terminal.is_empty() {
                checks.push(Error::invalid_field("terminal", "El terminal no puede ser 0"));
            }
        } else {
            checks.push(Error::invalid_field("terminal", "El terminal es un número de 1 a 3 cifras"));
        }
    }
    if let Some(environment) = body.environment.as_deref() {
        if let Some(environment) = checks.check(validate::one_of("environment", environment.trim(), ENVIRONMENTS)) {
            gateway.environment = environment.into();
        }
    }
    if let Some(bizum) = body.bizum {
        gateway.bizum = bizum;
    }
    if let Some(key) = body.key.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
        if redsys::decode_key(key).is_some() {
            gateway.key = key.into();
        } else {
            checks.push(Error::invalid_field("key", "La clave de la pasarela no es válida: son 32 caracteres en base64"));
        }
    }
    checks.finish()?;
    settings::set("gateway", &gateway)?;
    Ok(gateway_answer(&gateway))
}

/// `GET web/api/payments/tpv/read` (storefront): what the site may offer, without secrets.
pub fn storefront_methods(_ctx: &Ctx, _req: &Req) -> Result<Value> {
    let gateway = Gateway::load();
    Ok(json!({
        "configured": gateway.usable_key().is_some(),
        "environment": gateway.environment,
        "methods": gateway.methods(),
    }))
}

/// A third party's key pair, as stored.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ThirdPartyKey {
    pub kind: String,
    pub public_key: String,
    pub private_key: String,
}

/// The keys, as stored.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Apis {
    /// The storefront's key: a public link of this plugin.
    pub webapi_key: Option<String>,
    pub keys: Vec<ThirdPartyKey>,
}

impl Apis {
    pub fn load() -> Apis {
        settings::get("apis").unwrap_or_default()
    }
}

/// One key pair of `POST web/apis/update`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct KeyUpdate {
    /// maps, analytics, social, gateway, messaging or integration.
    pub kind: String,
    pub public_key: String,
    /// Absent: keep the stored one; empty: remove it.
    pub private_key: Option<String>,
}

/// `POST web/apis/update`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct ApisUpdate {
    pub keys: Option<Vec<KeyUpdate>>,
    /// Issue a new web-api key; the old one stops opening the storefront's calls.
    pub rotate_webapi_key: bool,
}

fn apis_answer(apis: &Apis) -> Value {
    let keys: Vec<Value> = KEY_KINDS
        .iter()
        .map(|(kind, label)| {
            let stored = apis.keys.iter().find(|k| k.kind == *kind);
            json!({
                "kind": kind,
                "label": label,
                "public_key": stored.map(|k| k.public_key.as_str()).unwrap_or(""),
                "private_set": stored.is_some_and(|k| !k.private_key.is_empty()),
            })
        })
        .collect();
    json!({ "webapi_key": apis.webapi_key, "keys": keys })
}

/// `GET web/apis/read`.
pub fn apis_read(_ctx: &Ctx, _req: &Req) -> Result<Value> {
    Ok(apis_answer(&Apis::load()))
}

/// `POST web/apis/update`.
pub fn apis_update(_ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: ApisUpdate = req.json()?;
    let mut apis = Apis::load();
    let mut checks = Checks::new();
    for (i, update) in body.keys.iter().flatten().enumerate() {
        let kinds: Vec<&str> = KEY_KINDS.iter().map(|(k, _)| *k).collect();
        let Some(kind) = checks.check(validate::one_of(&format!("keys[{i}].kind"), update.kind.trim(), &kinds)) else { continue };
        let Some(public_key) = checks.check(validate::optional(&format!("keys[{i}].public_key"), &update.public_key, 500)) else { continue };
        let private_key = match &update.private_key {
            Some(private) => match checks.check(validate::optional(&format!("keys[{i}].private_key"), private, 2000)) {
                Some(private) => Some(private),
                None => continue,
            },
            None => None,
        };
        match apis.keys.iter_mut().find(|k| k.kind == kind) {
            Some(stored) => {
                stored.public_key = public_key;
                if let Some(private) = private_key {
                    stored.private_key = private;
                }
            }
            None => apis.keys.push(ThirdPartyKey { kind: kind.into(), public_key, private_key: private_key.unwrap_or_default() }),
        }
    }
    checks.finish()?;
    apis.keys.retain(|k| !k.public_key.is_empty() || !k.private_key.is_empty());
    if body.rotate_webapi_key {
        if let Some(old) = &apis.webapi_key {
            links::revoke(old)?;
        }
        apis.webapi_key = Some(links::issue(WEBAPI_SUBJECT, None)?);
    }
    settings::set("apis", &apis)?;
    Ok(apis_answer(&apis))
}

/// How the shop's sales are invoiced (`web/sales/billing/*`), as stored.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SalesBilling {
    /// Issue the invoice of an order as soon as the bank confirms its payment.
    pub auto_invoice: bool,
    /// The billing series of those invoices (the billing module's default when null).
    pub series_id: Option<i64>,
}

impl SalesBilling {
    pub fn load() -> SalesBilling {
        settings::get("sales").unwrap_or_default()
    }
}

/// `POST web/sales/billing/update`: the fields that change.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct SalesBillingUpdate {
    pub auto_invoice: Option<bool>,
    /// A series of the billing module (`sales/billing/read`); 0 goes back to its default.
    pub series_id: Option<i64>,
}

fn sales_answer(sales: &SalesBilling) -> Value {
    json!({ "auto_invoice": sales.auto_invoice, "series_id": sales.series_id })
}

/// `GET web/sales/billing/read`.
pub fn sales_read(_ctx: &Ctx, _req: &Req) -> Result<Value> {
    Ok(sales_answer(&SalesBilling::load()))
}

/// `POST web/sales/billing/update`. The series is checked by the billing module when it invoices.
pub fn sales_update(_ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: SalesBillingUpdate = req.json()?;
    let mut sales = SalesBilling::load();
    if let Some(auto) = body.auto_invoice {
        sales.auto_invoice = auto;
    }
    match body.series_id {
        Some(id) if id < 0 => return Err(Error::invalid_field("series_id", "La serie no existe")),
        Some(0) => sales.series_id = None,
        Some(id) => sales.series_id = Some(id),
        None => {}
    }
    settings::set("sales", &sales)?;
    Ok(sales_answer(&sales))
}
