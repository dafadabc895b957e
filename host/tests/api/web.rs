//! The online shop (the `web` plugin) through the host: the storefront's calls opened by the
//! school's web-api key (`auth = "webapi"`), an order placed and paid, and the test playing
//! Redsys on loopback: it checks the payment form's signature and signs the bank's notification
//! with `openssl`, an implementation independent of the plugin's.

use std::io::Write;
use std::process::{Command, Stdio};

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::plugins::{app_with_plugins, install};

/// Redsys's public test merchant key and a merchant code of nine digits.
const MERCHANT_KEY: &str = "sq7HjrUOBfKmC576ILgskD5srU870gJ7";
const MERCHANT_CODE: &str = "999008881";

fn openssl(args: &[&str], input: &[u8]) -> Vec<u8> {
    let mut child = Command::new("openssl").args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("openssl");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "openssl {args:?} failed");
    output.stdout
}

/// `HMAC_SHA256_V1` as the bank computes it: the order's key is the 3DES-CBC (zero IV, zero
/// padding) of its reference under the merchant key; the HMAC-SHA256 of the parameters under it.
fn bank_signature(order: &str, parameters: &str) -> String {
    let key = hex::encode(STANDARD.decode(MERCHANT_KEY).unwrap());
    let mut padded = order.as_bytes().to_vec();
    padded.resize(padded.len().div_ceil(8) * 8, 0);
    let order_key = openssl(&["enc", "-des-ede3-cbc", "-K", &key, "-iv", "0000000000000000", "-nopad"], &padded);
    let mac = openssl(&["dgst", "-sha256", "-mac", "HMAC", "-macopt", &format!("hexkey:{}", hex::encode(order_key)), "-binary"], parameters.as_bytes());
    STANDARD.encode(mac)
}

async fn storefront_get(app: &TestApp, path: &str, key: Option<&str>) -> Value {
    let mut request = app.client.get(format!("{}/api/{path}", app.url));
    if let Some(key) = key {
        request = request.header("Authorization", format!("Bearer {key}"));
    }
    request.send().await.unwrap().json().await.unwrap()
}

async fn storefront_post(app: &TestApp, path: &str, key: &str, body: Value) -> Value {
    let request = app.client.post(format!("{}/api/{path}", app.url)).header("Authorization", format!("Bearer {key}")).json(&body);
    request.send().await.unwrap().json().await.unwrap()
}

/// What the bank posts to the notification address: a form, its parameters signed URL-safe.
async fn bank_notifies(app: &TestApp, notify_url: &str, order: &str, amount: i64, response: &str, sign_with: Option<&str>) -> Value {
    let parameters = json!({
        "Ds_Date": "27%2F11%2F2026", "Ds_Hour": "10%3A00", "Ds_Amount": amount.to_string(), "Ds_Currency": "978",
        "Ds_Order": order, "Ds_MerchantCode": MERCHANT_CODE, "Ds_Terminal": "1", "Ds_Response": response,
        "Ds_TransactionType": "0", "Ds_SecurePayment": "1", "Ds_AuthorisationCode": if response == "0000" { "123456" } else { "      " },
        "Ds_ConsumerLanguage": "1",
    });
    let parameters = base64::engine::general_purpose::URL_SAFE.encode(parameters.to_string());
    let signature = bank_signature(sign_with.unwrap_or(order), &parameters).replace('+', "-").replace('/', "_");
    // The notification reaches the host at its own address, whatever public address it is known by.
    let path = notify_url.split_once("/api/").unwrap().1;
    let form = [("Ds_SignatureVersion", "HMAC_SHA256_V1"), ("Ds_MerchantParameters", parameters.as_str()), ("Ds_Signature", signature.as_str())];
    app.client.post(format!("{}/api/{path}", app.url)).form(&form).send().await.unwrap().json().await.unwrap()
}

/// A product's runs of its automatic processes once there are `count` (they run after the
/// payment commits, in a call of their own), or as they are after five seconds.
async fn runs_of(app: &TestApp, director: &str, product_id: i64, count: i64) -> Value {
    let mut runs = Value::Null;
    for _ in 0..50 {
        runs = assert_ok(&app.get("product/process/runs", Some(director), &[("product_id", &product_id.to_string())]).await).clone();
        if runs["total"] == count {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    runs
}

fn customer() -> Value {
    json!({ "name": "Lucía Pérez Gómez", "nif": "54362315K", "email": "lucia@example.es", "phone": "612345678",
            "address": "Calle Mayor 1", "postal_code": "28001", "city": "Madrid", "province": "Madrid" })
}

/// The school sells a course on its website: the key, the gateway, an order refused for bad
/// input, one placed and signed, a forged notification refused, a denied payment, a paid one
/// mailed, configured by the staff; a rotated key shuts the old one out.
#[tokio::test]
async fn a_customer_buys_a_course_and_pays_it_through_the_bank() {
    let app = app_with_plugins().await;
    let provider = app.provider().await;
    let school = app.demo.school_business_id;
    install(&app, &provider, "products", &[school]).await;
    install(&app, &provider, "web", &[school]).await;
    let director = app.director().await;

    let course = app
        .post("product/create", Some(&director), json!({ "name": "Permiso B completo", "price": 49587, "tax_rate": 2100, "status": "published" }))
        .await;
    let course_id = assert_ok(&course)["id"].as_i64().unwrap();
    let total = assert_ok(&course)["total"].as_i64().unwrap();
    assert_eq!(total, 60000);
    let hidden = app.post("product/create", Some(&director), json!({ "name": "Tasa interna", "price": 1000, "tax_rate": 0, "status": "hidden" })).await;
    let hidden_id = assert_ok(&hidden)["id"].as_i64().unwrap();

    // No key yet: the storefront is shut, and says why.
    assert_eq!(error_code(&storefront_get(&app, "web/api/payments/tpv/read", None).await), "SESSION-000");
    assert_eq!(error_code(&storefront_get(&app, "web/api/payments/tpv/read", Some("not-a-key")).await), "SESSION-001");
    let apis = app.post("web/apis/update", Some(&director), json!({ "rotate_webapi_key": true })).await;
    let key = assert_ok(&apis)["webapi_key"].as_str().unwrap().to_string();
    // A staff session is not a web-api key.
    assert_eq!(error_code(&storefront_get(&app, "web/api/payments/tpv/read", Some(&director)).await), "SESSION-001");

    let methods = storefront_get(&app, "web/api/payments/tpv/read", Some(&key)).await;
    assert_eq!(assert_ok(&methods)["configured"], false);
    let product = storefront_get(&app, &format!("web/api/product/read/{course_id}"), Some(&key)).await;
    assert_eq!(assert_ok(&product)["total"], 60000);
    assert_eq!(error_code(&storefront_get(&app, &format!("web/api/product/read/{hidden_id}"), Some(&key)).await), "NOT-FOUND-000");
    let taxes = storefront_get(&app, "web/api/taxes/read", Some(&key)).await;
    assert_eq!(assert_ok(&taxes), &json!([{ "name": "", "rate": 2100 }]));

    let order_body = json!({ "lines": [{ "product_id": course_id, "quantity": 1 }], "payment_method": "card", "customer": customer(),
                              "accept_terms": true, "url_ok": "https://autoescuela.example/ok", "url_ko": "https://autoescuela.example/ko" });
    let unconfigured = storefront_post(&app, "web/api/ecommerce/preorder", &key, order_body.clone()).await;
    assert_eq!(error_code(&unconfigured), "CONFLICT-000", "{unconfigured}");

    // The gateway: refusals first, then the bank's data.
    let bad = app.post("web/payments/gateway/update", Some(&director), json!({ "merchant_code": "12", "key": "short", "environment": "live" })).await;
    let fields: Vec<&str> = bad["error"].as_array().unwrap().iter().filter_map(|e| e["data"]["field"].as_str()).collect();
    assert_eq!(fields, ["merchant_code", "environment", "key"], "{bad}");
    let gateway = app
        .post("web/payments/gateway/update", Some(&director), json!({ "merchant_code": MERCHANT_CODE, "terminal": "001", "key": MERCHANT_KEY }))
        .await;
    let gateway = assert_ok(&gateway).clone();
    assert_eq!((gateway["configured"].as_bool(), gateway["key_set"].as_bool(), gateway["terminal"].as_str()), (Some(true), Some(true), Some("1")));
    assert!(gateway.get("key").is_none(), "the secret key is never answered: {gateway}");
    let notify_url = gateway["notify_url"].as_str().unwrap().to_string();
    assert!(notify_url.ends_with(&format!("/api/web/api/payments/tpv/notify/{key}")), "{notify_url}");
    assert!(notify_url.starts_with(app.state.config.public_url.trim_end_matches('/')), "{notify_url}");

    // Bad input is refused field by field and stores nothing.
    let refused = storefront_post(
        &app,
        "web/api/ecommerce/preorder",
        &key,
        json!({ "lines": [{ "product_id": hidden_id, "quantity": 1 }, { "product_id": course_id, "quantity": 0 }], "payment_method": "bizum",
                "customer": { "name": "", "nif": "12345678A", "email": "no" }, "accept_terms": false, "url_ok": "javascript:x", "url_ko": "https://a.example/ko" }),
    )
    .await;
    let fields: Vec<&str> = refused["error"].as_array().unwrap().iter().filter_map(|e| e["data"]["field"].as_str()).collect();
    for field in ["payment_method", "customer.name", "customer.email", "customer.nif", "accept_terms", "url_ok", "lines[0].product_id", "lines[1].quantity"] {
        assert!(fields.contains(&field), "{field} not refused: {refused}");
    }
    let orders = app.get("web/ecommerce/order/readall", Some(&director), &[]).await;
    assert_eq!(assert_ok(&orders)["total"], 0);

    // An order, and the signed form for the bank's page.
    let placed = storefront_post(&app, "web/api/ecommerce/preorder", &key, order_body.clone()).await;
    let placed = assert_ok(&placed).clone();
    let order = &placed["order"];
    let order_id = order["id"].as_i64().unwrap();
    let reference = order["reference"].as_str().unwrap().to_string();
    assert_eq!(reference.len(), 12);
    assert!(reference[..4].bytes().all(|b| b.is_ascii_digit()), "{reference}");
    assert_eq!((order["status"].as_i64(), order["total"].as_i64()), (Some(1), Some(60000)));
    assert_eq!(placed["payment"]["url"], "https://sis-t.redsys.es:25443/sis/realizarPago");
    let fields = &placed["payment"]["fields"];
    let parameters = fields["Ds_MerchantParameters"].as_str().unwrap();
    assert_eq!(fields["Ds_Signature"].as_str().unwrap(), bank_signature(&reference, parameters), "the bank would refuse the form");
    let sent: Value = serde_json::from_slice(&STANDARD.decode(parameters).unwrap()).unwrap();
    assert_eq!(sent["DS_MERCHANT_AMOUNT"], "60000");
    assert_eq!(sent["DS_MERCHANT_ORDER"], reference.as_str());
    assert_eq!(sent["DS_MERCHANT_MERCHANTCODE"], MERCHANT_CODE);
    assert_eq!(sent["DS_MERCHANT_MERCHANTURL"], notify_url.as_str());
    assert_eq!(sent["DS_MERCHANT_URLOK"], "https://autoescuela.example/ok");

    // A forged notification (signed for another order) and a wrong amount change nothing.
    let forged = bank_notifies(&app, &notify_url, &reference, 60000, "0000", Some("000000000000")).await;
    assert_eq!(error_code(&forged), "REQ-102", "{forged}");
    let short = bank_notifies(&app, &notify_url, &reference, 100, "0000", None).await;
    assert_eq!(error_code(&short), "CONFLICT-000", "{short}");
    let unknown_key = bank_notifies(&app, &notify_url.replace(&key, "nope"), &reference, 60000, "0000", None).await;
    assert_eq!(error_code(&unknown_key), "NOT-FOUND-000", "{unknown_key}");
    let still = app.get(&format!("web/ecommerce/order/read/{order_id}"), Some(&director), &[]).await;
    assert_eq!((assert_ok(&still)["status"].as_i64(), still["data"]["notifications"].as_array().map(Vec::len)), (Some(1), Some(0)));

    // A denied card, then the customer pays.
    let denied = bank_notifies(&app, &notify_url, &reference, 60000, "0190", None).await;
    assert_eq!(assert_ok(&denied)["status"], 4);
    assert!(app.mails_to("lucia@example.es").is_empty());
    let paid = bank_notifies(&app, &notify_url, &reference, 60000, "0000", None).await;
    let paid = assert_ok(&paid).clone();
    assert_eq!((paid["status"].as_i64(), paid["status_name"].as_str()), (Some(2), Some("Pagado")));
    assert_eq!(paid["notifications"].as_array().unwrap().len(), 2);
    assert_eq!(paid["notifications"][1]["authorisation"], "123456");
    let mails = app.mails_to("lucia@example.es");
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert!(mails[0].1.contains(&reference), "{mails:?}");
    assert!(mails[0].2.contains("Pedido confirmado") && mails[0].2.contains("600,00 €"), "{mails:?}");
    // The bank repeating itself changes nothing.
    let again = bank_notifies(&app, &notify_url, &reference, 60000, "0000", None).await;
    assert_eq!(assert_ok(&again)["notifications"].as_array().unwrap().len(), 2);
    assert_eq!(app.mails_to("lucia@example.es").len(), 1);

    // The staff find it and configure it.
    let found = app.get("web/ecommerce/order/readall", Some(&director), &[("search", "lucia perez"), ("status", "2")]).await;
    let found = assert_ok(&found);
    assert_eq!((found["total"].as_i64(), found["items"][0]["id"].as_i64()), (Some(1), Some(order_id)));
    assert_eq!(found["counts"], json!({ "1": 0, "2": 1, "3": 0, "4": 0 }));
    let bad_status = app.get("web/ecommerce/order/readall", Some(&director), &[("status", "7")]).await;
    assert_eq!(error_code(&bad_status), "REQ-102");
    let configured = app.post("web/ecommerce/order/configure", Some(&director), json!({ "id": order_id, "note": "Matriculada en el curso de diciembre" })).await;
    assert_eq!(assert_ok(&configured)["status"], 3);
    let twice = app.post("web/ecommerce/order/configure", Some(&director), json!({ "id": order_id })).await;
    assert_eq!(error_code(&twice), "CONFLICT-000");

    // A teacher without the permission sees no orders.
    let teacher = app.teacher().await;
    assert_eq!(error_code(&app.get("web/ecommerce/order/readall", Some(&teacher), &[]).await), "PERMISSION-000");

    // A new key shuts the old one out.
    let rotated = app.post("web/apis/update", Some(&director), json!({ "rotate_webapi_key": true })).await;
    let new_key = assert_ok(&rotated)["webapi_key"].as_str().unwrap().to_string();
    assert_ne!(new_key, key);
    assert_eq!(error_code(&storefront_get(&app, "web/api/payments/tpv/read", Some(&key)).await), "SESSION-001");
    assert_eq!(assert_ok(&storefront_get(&app, "web/api/payments/tpv/read", Some(&new_key)).await)["configured"], true);

    // Without the service the key opens nothing.
    assert_ok(&app.post("business/services/update", Some(&provider), json!({ "business_id": school, "services": [] })).await);
    assert_eq!(error_code(&storefront_get(&app, "web/api/payments/tpv/read", Some(&new_key)).await), "SERVICE-000");
}

/// Third parties' key pairs: the private halves are kept and never answered back.
#[tokio::test]
async fn third_party_keys_keep_their_private_half_to_themselves() {
    let app = app_with_plugins().await;
    let provider = app.provider().await;
    install(&app, &provider, "web", &[app.demo.school_business_id]).await;
    let director = app.director().await;
    let saved = app
        .post("web/apis/update", Some(&director), json!({ "keys": [{ "kind": "maps", "public_key": "pk-maps", "private_key": "sk-maps-secret" }] }))
        .await;
    let maps = assert_ok(&saved)["keys"].as_array().unwrap().iter().find(|k| k["kind"] == "maps").unwrap().clone();
    assert_eq!((maps["public_key"].as_str(), maps["private_set"].as_bool(), maps["label"].as_str()), (Some("pk-maps"), Some(true), Some("Mapas")));
    assert!(!saved.to_string().contains("sk-maps-secret"));
    // No private key sent: the stored one stays; an empty one removes it.
    let kept = app.post("web/apis/update", Some(&director), json!({ "keys": [{ "kind": "maps", "public_key": "pk-maps-2" }] })).await;
    assert_eq!(assert_ok(&kept)["keys"][0]["private_set"], true);
    let removed = app.post("web/apis/update", Some(&director), json!({ "keys": [{ "kind": "maps", "public_key": "pk-maps-2", "private_key": "" }] })).await;
    assert_eq!(assert_ok(&removed)["keys"][0]["private_set"], false);
    let unknown = app.post("web/apis/update", Some(&director), json!({ "keys": [{ "kind": "fax", "public_key": "x" }] })).await;
    assert_eq!(error_code(&unknown), "REQ-102");
    assert_eq!(assert_ok(&app.get("web/apis/read", Some(&director), &[]).await)["keys"].as_array().unwrap().len(), 6);
}

/// With "invoice on payment" on, the bank's confirmation is followed by the order's invoice in
/// billing (the customer, the lines with their taxes, the payment). An order the billing module
/// cannot invoice as paid (a product priced by hand, without a billing tax) is left paid without
/// one, and the staff are told why when they try.
#[tokio::test]
async fn a_paid_order_is_invoiced_in_billing() {
    let app = app_with_plugins().await;
    let provider = app.provider().await;
    let school = app.demo.school_business_id;
    for plugin in ["billing", "products", "web"] {
        install(&app, &provider, plugin, &[school]).await;
    }
    let director = app.director().await;
    let series = app
        .post(
            "sales/billing/create",
            Some(&director),
            json!({ "code": "W", "name": "Tienda online", "issuer_tax_code": "B58378431", "issuer_name": "Autoescuela Demo S.L.",
                    "issuer_street": "Calle Mayor 1", "issuer_postal_code": "28013", "issuer_town": "Madrid", "issuer_province_id": 28 }),
        )
        .await;
    let series_id = assert_ok(&series)["id"].as_i64().unwrap();
    let taxes = app.get("tax/read", Some(&director), &[]).await;
    let iva21 = assert_ok(&taxes).as_array().unwrap().iter().find(|t| t["name"] == "IVA 21 %").unwrap()["id"].as_i64().unwrap();
    let course = app.post("product/create", Some(&director), json!({ "name": "Permiso B completo", "price": 49587, "tax_id": iva21, "status": "published" })).await;
    let course_id = assert_ok(&course)["id"].as_i64().unwrap();
    let by_hand = app.post("product/create", Some(&director), json!({ "name": "Bono de clases", "price": 10000, "tax_rate": 2100, "status": "published" })).await;
    let by_hand_id = assert_ok(&by_hand)["id"].as_i64().unwrap();

    let key = assert_ok(&app.post("web/apis/update", Some(&director), json!({ "rotate_webapi_key": true })).await)["webapi_key"].as_str().unwrap().to_string();
    let gateway = app.post("web/payments/gateway/update", Some(&director), json!({ "merchant_code": MERCHANT_CODE, "key": MERCHANT_KEY, "bizum": true })).await;
    let notify_url = assert_ok(&gateway)["notify_url"].as_str().unwrap().to_string();
    let refused = app.post("web/sales/billing/update", Some(&director), json!({ "series_id": -3 })).await;
    assert_eq!(error_code(&refused), "REQ-102");
    let sales = app.post("web/sales/billing/update", Some(&director), json!({ "auto_invoice": true, "series_id": series_id })).await;
    assert_eq!(assert_ok(&sales), &json!({ "auto_invoice": true, "series_id": series_id }));

    let buy = |product_id: i64| {
        json!({ "lines": [{ "product_id": product_id, "quantity": 1 }], "payment_method": "bizum", "customer": customer(), "accept_terms": true,
                "url_ok": "https://autoescuela.example/ok", "url_ko": "https://autoescuela.example/ko" })
    };
    let placed = storefront_post(&app, "web/api/ecommerce/preorder", &key, buy(course_id)).await;
    let order = assert_ok(&placed)["order"].clone();
    let sent: Value = serde_json::from_slice(&STANDARD.decode(placed["data"]["payment"]["fields"]["Ds_MerchantParameters"].as_str().unwrap()).unwrap()).unwrap();
    assert_eq!(sent["DS_MERCHANT_PAYMETHODS"], "z", "Bizum goes through Redsys with its own method");
    let reference = order["reference"].as_str().unwrap();
    assert_ok(&bank_notifies(&app, &notify_url, reference, 60000, "0000", None).await);
    let read = app.get(&format!("web/ecommerce/order/read/{}", order["id"]), Some(&director), &[]).await;
    let invoice_id = assert_ok(&read)["invoice_id"].as_i64().expect("the order's invoice");
    let number = read["data"]["invoice_number"].as_str().unwrap();
    assert!(number.starts_with('W'), "{number}");
    let invoice = app.get(&format!("invoice/read/{invoice_id}"), Some(&director), &[]).await;
    let invoice = assert_ok(&invoice);
    assert_eq!((invoice["total"].as_i64(), invoice["outstanding"].as_i64(), invoice["series_id"].as_i64()), (Some(60000), Some(0), Some(series_id)));
    assert_eq!(invoice["payments"][0]["method"], "bizum");
    assert_eq!(invoice["lines"][0]["concept"], "Permiso B completo");
    let again = app.post("web/ecommerce/order/invoice", Some(&director), json!({ "id": order["id"] })).await;
    assert_eq!(error_code(&again), "CONFLICT-000");

    // A product priced by hand: paid, not invoiced, and the staff are told why.
    let placed = storefront_post(&app, "web/api/ecommerce/preorder", &key, buy(by_hand_id)).await;
    let order = assert_ok(&placed)["order"].clone();
    assert_ok(&bank_notifies(&app, &notify_url, order["reference"].as_str().unwrap(), 12100, "0000", None).await);
    let read = app.get(&format!("web/ecommerce/order/read/{}", order["id"]), Some(&director), &[]).await;
    assert_eq!((assert_ok(&read)["status"].as_i64(), read["data"]["invoice_id"].as_i64()), (Some(2), None));
    let refused = app.post("web/ecommerce/order/invoice", Some(&director), json!({ "id": order["id"] })).await;
    assert_eq!(error_code(&refused), "CONFLICT-000");
    assert!(refused["error"][0]["details"].as_str().unwrap().contains("Bono de clases"), "{refused}");
    let invoices = app.post("invoice/readall", Some(&director), json!({})).await;
    assert_eq!(assert_ok(&invoices)["total"], 1, "{invoices}");
}

/// The school's own web site is on another origin: the browser's preflight for a storefront call
/// is answered (any origin, the `Authorization` header allowed) and so are its answers, refusals
/// included; a staff call gets neither.
#[tokio::test]
async fn storefront_calls_answer_the_schools_web_site() {
    let app = app_with_plugins().await;
    let provider = app.provider().await;
    install(&app, &provider, "web", &[app.demo.school_business_id]).await;
    let preflight = |path: &str| {
        app.client
            .request(reqwest::Method::OPTIONS, format!("{}/api/{path}", app.url))
            .header("Origin", "https://autoescuela.example")
            .header("Access-Control-Request-Method", "GET")
            .header("Access-Control-Request-Headers", "authorization")
            .send()
    };
    let answer = preflight("web/api/user/verify").await.unwrap();
    assert_eq!(answer.status(), 204);
    let header = |name: &str| answer.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    assert_eq!(header("access-control-allow-origin"), "*");
    assert!(header("access-control-allow-headers").to_lowercase().contains("authorization"));
    assert!(header("access-control-allow-methods").contains("GET"));
    let staff = preflight("web/ecommerce/order/readall").await.unwrap();
    assert!(staff.headers().get("access-control-allow-origin").is_none());
    assert_eq!(error_code(&staff.json().await.unwrap()), "REQ-404");

    let refused = app.client.get(format!("{}/api/web/api/user/verify", app.url)).header("Origin", "https://autoescuela.example").send().await.unwrap();
    assert_eq!(refused.headers().get("access-control-allow-origin").and_then(|v| v.to_str().ok()), Some("*"));
    assert_eq!(error_code(&refused.json().await.unwrap()), "SESSION-000");
    let director = app.director().await;
    let staff = app.client.get(format!("{}/api/web/apis/read", app.url)).header("Authorization", format!("Token {director}")).send().await.unwrap();
    assert!(staff.headers().get("access-control-allow-origin").is_none());
}

/// A one-page PDF to sign, made here with lopdf.
fn contract_pdf() -> Vec<u8> {
    use lopdf::{dictionary, Document, Object, Stream};
    let mut doc = Document::with_version("1.5");
    let pages = doc.new_object_id();
    let content = doc.add_object(Stream::new(dictionary! {}, b"BT /F1 12 Tf 72 760 Td (CONTRATO) Tj ET".to_vec()));
    let font = doc.add_object(dictionary! { "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica" });
    let page = doc.add_object(dictionary! { "Type" => "Page", "Parent" => pages, "Contents" => content,
        "Resources" => dictionary! { "Font" => dictionary! { "F1" => font } } });
    doc.objects.insert(pages, Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => vec![page.into()], "Count" => 1,
        "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()] }));
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages });
    doc.trailer.set("Root", catalog);
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    out
}

/// A product's automatic processes: checked when saved; when the shop sells it and the bank
/// confirms, the buyer gets the school's mail and a contract to sign, each run once and kept on
/// the product with what it did; one that cannot run is kept as failed and stops nothing.
#[tokio::test]
async fn a_sale_runs_the_products_automatic_processes() {
    let app = app_with_plugins().await;
    let provider = app.provider().await;
    let school = app.demo.school_business_id;
    for plugin in ["contacts", "products", "agreements", "valkiria", "web"] {
        install(&app, &provider, plugin, &[school]).await;
    }
    let director = app.director().await;
    let pdf = crate::filesystem::multipart(&app, "filesystem/file/upload", &director, &[], Some(("matricula.pdf", contract_pdf()))).await;
    let pdf_id = assert_ok(&pdf)["file"]["file_id"].as_i64().unwrap_or_else(|| pdf["data"]["file_id"].as_i64().unwrap());
    let agreement = app.post("agreement/create", Some(&director), json!({ "type": "enrolment", "name": "Contrato de matrícula", "pdf_file_id": pdf_id })).await;
    let agreement_id = assert_ok(&agreement)["id"].as_i64().unwrap();

    // Bad processes are refused field by field, and nothing is stored.
    let bad = app
        .post("product/create", Some(&director), json!({ "name": "Permiso B", "price": 49587, "tax_rate": 2100,
            "processes": [{ "kind": "contract" }, { "kind": "email", "subject": " " }, { "kind": "teleport" }, { "kind": "online_test_days", "licence": "B", "days": 0 }] }))
        .await;
    let fields: Vec<&str> = bad["error"].as_array().unwrap().iter().filter_map(|e| e["data"]["field"].as_str()).collect();
    assert_eq!(fields, ["processes[0].agreement_id", "processes[1].subject", "processes[1].body", "processes[2].kind", "processes[3].days"], "{bad}");
    assert_eq!(assert_ok(&app.get("product/read", Some(&director), &[]).await)["total"], 0);

    let processes = json!([
        { "kind": "email", "subject": "Bienvenida a {{ product }}", "body": "Hola {{ name }}: su pedido {{ reference }} incluye el curso teórico online." },
        { "kind": "contract", "agreement_id": agreement_id },
        { "kind": "contract", "agreement_id": 999_999 },
        { "kind": "online_test_days", "licence": "b", "days": 90 },
    ]);
    let course = app.post("product/create", Some(&director), json!({ "name": "Permiso B", "price": 49587, "tax_rate": 2100, "status": "published", "processes": processes })).await;
    let course_id = assert_ok(&course)["id"].as_i64().unwrap();
    assert_eq!(course["data"]["processes"][1]["agreement_id"], agreement_id);

    let key = assert_ok(&app.post("web/apis/update", Some(&director), json!({ "rotate_webapi_key": true })).await)["webapi_key"].as_str().unwrap().to_string();
    let gateway = app.post("web/payments/gateway/update", Some(&director), json!({ "merchant_code": MERCHANT_CODE, "key": MERCHANT_KEY })).await;
    let notify_url = assert_ok(&gateway)["notify_url"].as_str().unwrap().to_string();
    let body = json!({ "lines": [{ "product_id": course_id, "quantity": 1 }], "payment_method": "card", "customer": customer(), "accept_terms": true,
                       "url_ok": "https://autoescuela.example/ok", "url_ko": "https://autoescuela.example/ko" });
    let placed = storefront_post(&app, "web/api/ecommerce/preorder", &key, body).await;
    let order = assert_ok(&placed)["order"].clone();
    let reference = order["reference"].as_str().unwrap().to_string();
    // Nothing runs before the bank confirms.
    assert_eq!(assert_ok(&app.get("product/process/runs", Some(&director), &[("product_id", &course_id.to_string())]).await)["total"], 0);
    assert_ok(&bank_notifies(&app, &notify_url, &reference, 60000, "0000", None).await);

    // The runs come in a call of their own, after the payment commits.
    let runs = runs_of(&app, &director, course_id, 4).await;
    assert_eq!(runs["total"], 4, "{runs}");
    let by_kind = |position: i64| runs["items"].as_array().unwrap().iter().find(|r| r["position"] == position).unwrap().clone();
    assert_eq!((by_kind(0)["ok"].as_bool(), by_kind(0)["kind_name"].as_str()), (Some(true), Some("Enviar un correo")));
    assert_eq!((by_kind(1)["ok"].as_bool(), by_kind(1)["order_reference"].as_str()), (Some(true), Some(reference.as_str())));
    assert_eq!(by_kind(2)["ok"], false, "{runs}");
    assert!(by_kind(2)["detail"].as_str().unwrap().contains("No se ha podido pedir la firma"), "{runs}");
    // The buyer became a student of the online tests, with access to permit B for 90 days.
    assert_eq!(by_kind(3)["ok"], true, "{runs}");
    assert!(by_kind(3)["detail"].as_str().unwrap().contains("alumno nuevo"), "{runs}");
    let student = app.get("valkiria/studentsdni", Some(&director), &[("dni", "54362315K")]).await;
    let enrolments = assert_ok(&student)["enrolments"].as_array().expect("the student's enrolments").clone();
    assert_eq!((enrolments.len(), enrolments[0]["licence"].as_str()), (1, Some("B")), "{student}");
    assert_eq!(student["data"]["first_name"], "Lucía");
    let expires = enrolments[0]["expires_on"].as_str().unwrap().to_string();

    // The buyer's mails: the confirmation, the school's welcome and the request to sign.
    let mut mails = Vec::new();
    for _ in 0..50 {
        mails = app.mails_to("lucia@example.es");
        if mails.len() >= 3 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(mails.iter().any(|(_, subject, body)| subject.contains("Bienvenida a Permiso B") && body.contains("Hola Lucía Pérez Gómez") && body.contains(&reference)), "{mails:?}");
    assert!(mails.iter().any(|(_, _, body)| body.contains("/agreement/sign/")), "{mails:?}");
    let requests = app.get(&format!("agreement/read/{agreement_id}"), Some(&director), &[]).await;
    assert_eq!(assert_ok(&requests)["requests"][0]["signer"]["name"], "Lucía Pérez Gómez", "{requests}");

    // The bank telling it again runs nothing twice.
    let mails_before = app.mails_to("lucia@example.es").len();
    assert_ok(&bank_notifies(&app, &notify_url, &reference, 60000, "0000", None).await);
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(assert_ok(&app.get("product/process/runs", Some(&director), &[("order_id", &order["id"].to_string())]).await)["total"], 4);
    assert_eq!(app.mails_to("lucia@example.es").len(), mails_before);

    // A second purchase extends the access by 30 days from its end, for the same student.
    let renewal = app
        .post("product/create", Some(&director), json!({ "name": "Ampliación test online", "price": 1000, "tax_rate": 2100, "status": "published",
            "processes": [{ "kind": "online_test_extend", "licence": "B", "days": 30 }] }))
        .await;
    let renewal_id = assert_ok(&renewal)["id"].as_i64().unwrap();
    let body = json!({ "lines": [{ "product_id": renewal_id, "quantity": 1 }], "payment_method": "card", "customer": customer(), "accept_terms": true,
                       "url_ok": "https://autoescuela.example/ok", "url_ko": "https://autoescuela.example/ko" });
    let placed = storefront_post(&app, "web/api/ecommerce/preorder", &key, body).await;
    let second = assert_ok(&placed)["order"]["reference"].as_str().unwrap().to_string();
    assert_ok(&bank_notifies(&app, &notify_url, &second, 1210, "0000", None).await);
    let mut extended = String::new();
    for _ in 0..50 {
        let student = app.get("valkiria/studentsdni", Some(&director), &[("dni", "54362315K")]).await;
        extended = student["data"]["enrolments"][0]["expires_on"].as_str().unwrap_or_default().to_string();
        if extended != expires {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let day = |date: &str| chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").unwrap();
    assert_eq!((day(&extended) - day(&expires)).num_days(), 30, "{expires} → {extended}");
    assert_eq!(app.count("SELECT COUNT(*) FROM app_user WHERE email = 'lucia@example.es'").await, 0, "a student is not a user");
}

/// The online shop sells a formative content: a trial (half of its lessons) to a buyer who is not
/// yet a client (who becomes one), first failing because the content is not published and run
/// again once it is; then the whole course, which extends and opens the same assignment; the
/// buyer gets their personal link by mail.
#[tokio::test]
async fn a_sale_gives_the_buyer_a_formative_content() {
    let app = app_with_plugins().await;
    let provider = app.provider().await;
    let school = app.demo.school_business_id;
    for plugin in ["contacts", "products", "temary", "formative", "web"] {
        install(&app, &provider, plugin, &[school]).await;
    }
    let director = app.director().await;
    let id = |answer: &Value| assert_ok(answer)["id"].as_i64().unwrap();
    let syllabus = id(&app.post("temary/create", Some(&director), json!({ "name": "Permiso B", "category": "B" })).await);
    let theme = id(&app.post("temary/theme/create", Some(&director), json!({ "temary_id": syllabus, "title": "Las señales" })).await);
    for title in ["Verticales", "Marcas viales", "Semáforos", "Agentes"] {
        id(&app.post("temary/subtheme/create", Some(&director), json!({ "theme_id": theme, "title": title })).await);
    }
    let content = app
        .post("formative/content/create", Some(&director), json!({ "name": "Teórico B en línea", "temary_ids": [syllabus], "access_days": 60 }))
        .await;
    let content_id = id(&content);
    // A process without its content, or with a percentage out of range, is refused.
    let bad = app
        .post("product/create", Some(&director), json!({ "name": "Teórico", "price": 1000, "tax_rate": 2100,
            "processes": [{ "kind": "formative_content" }, { "kind": "formative_percentage", "content_id": content_id, "percentage": 0 }] }))
        .await;
    let fields: Vec<&str> = bad["error"].as_array().unwrap().iter().filter_map(|e| e["data"]["field"].as_str()).collect();
    assert_eq!(fields, ["processes[0].content_id", "processes[1].percentage"], "{bad}");
    let trial = id(&app
        .post("product/create", Some(&director), json!({ "name": "Teórico B (prueba)", "price": 1000, "tax_rate": 2100, "status": "published",
            "processes": [{ "kind": "formative_percentage", "content_id": content_id, "percentage": 50 }] }))
        .await);
    let full = id(&app
        .post("product/create", Some(&director), json!({ "name": "Teórico B completo", "price": 4000, "tax_rate": 2100, "status": "published",
            "processes": [{ "kind": "formative_content", "content_id": content_id, "days": 365 }, { "kind": "formative_percentage", "content_id": content_id, "percentage": 100 }] }))
        .await);
    assert_eq!(app.count("SELECT COUNT(*) FROM app_user WHERE email = 'lucia@example.es'").await, 0);

    let key = assert_ok(&app.post("web/apis/update", Some(&director), json!({ "rotate_webapi_key": true })).await)["webapi_key"].as_str().unwrap().to_string();
    let gateway = app.post("web/payments/gateway/update", Some(&director), json!({ "merchant_code": MERCHANT_CODE, "key": MERCHANT_KEY })).await;
    let notify_url = assert_ok(&gateway)["notify_url"].as_str().unwrap().to_string();
    let buy = |product: i64| {
        json!({ "lines": [{ "product_id": product, "quantity": 1 }], "payment_method": "card", "customer": customer(), "accept_terms": true,
                "url_ok": "https://autoescuela.example/ok", "url_ko": "https://autoescuela.example/ko" })
    };
    let assignments = || async {
        assert_ok(&app.get("formative/assignment/read", Some(&director), &[("content_id", &content_id.to_string())]).await).clone()
    };
    let placed = storefront_post(&app, "web/api/ecommerce/preorder", &key, buy(trial)).await;
    let reference = assert_ok(&placed)["order"]["reference"].as_str().unwrap().to_string();
    assert_ok(&bank_notifies(&app, &notify_url, &reference, 1210, "0000", None).await);
    // The content is not published yet: the process fails, and says why.
    let runs = runs_of(&app, &director, trial, 1).await;
    assert_eq!((runs["items"][0]["ok"].as_bool(), runs["items"][0]["attempts"].as_i64()), (Some(false), Some(1)), "{runs}");
    assert!(runs["items"][0]["detail"].as_str().unwrap().contains("no está publicado"), "{runs}");
    let run_id = runs["items"][0]["id"].clone();
    // Published, the failed run is run again: now it gives the content.
    assert_ok(&app.post("formative/content/update", Some(&director), json!({ "id": content_id, "status": "publish" })).await);
    let again = app.post("product/process/retry", Some(&director), json!({ "id": run_id })).await;
    assert_eq!((assert_ok(&again)["ok"].as_bool(), again["data"]["attempts"].as_i64()), (Some(true), Some(2)), "{again}");
    let twice = app.post("product/process/retry", Some(&director), json!({ "id": run_id })).await;
    assert_eq!(error_code(&twice), "CONFLICT-000", "{twice}");
    let mut page = Value::Null;
    for _ in 0..50 {
        page = assignments().await;
        if page["total"] == 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(page["total"], 1, "{page}");
    let assignment = page["items"][0].clone();
    assert_eq!((assignment["name"].as_str(), assignment["percentage"].as_i64(), assignment["open"].as_i64()), (Some("Lucía Pérez Gómez"), Some(50), Some(2)), "{assignment}");
    let today = chrono::Utc::now().date_naive();
    let day = |date: &Value| chrono::NaiveDate::parse_from_str(date.as_str().unwrap(), "%Y-%m-%d").unwrap();
    assert!((day(&assignment["ends_on"]) - today).num_days().abs_diff(60) <= 1, "{assignment}");
    // The buyer became a client contact, with the DNI they gave.
    let contact = app.post("contact/readall", Some(&director), json!({ "search": "lucia@example.es" })).await;
    assert_eq!((assert_ok(&contact)["total"].as_i64(), contact["data"]["items"][0]["fiscal_code"].as_str()), (Some(1), Some("54362315K")), "{contact}");
    assert_eq!(contact["data"]["items"][0]["id"], assignment["contact_id"]);
    let link = assignment["url"].as_str().unwrap().to_string();
    let mut mailed = false;
    for _ in 0..50 {
        mailed = app.mails_to("lucia@example.es").iter().any(|(_, _, body)| body.contains(&link));
        if mailed {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(mailed, "{:?}", app.mails_to("lucia@example.es"));
    let runs = assert_ok(&app.get("product/process/runs", Some(&director), &[("product_id", &trial.to_string())]).await).clone();
    assert_eq!((runs["total"].as_i64(), runs["items"][0]["ok"].as_bool(), runs["items"][0]["kind_name"].as_str()), (Some(1), Some(true), Some("Porcentaje de contenidos")), "{runs}");

    // The whole course: the same assignment, a year of access, every lesson open.
    let placed = storefront_post(&app, "web/api/ecommerce/preorder", &key, buy(full)).await;
    let reference = assert_ok(&placed)["order"]["reference"].as_str().unwrap().to_string();
    assert_ok(&bank_notifies(&app, &notify_url, &reference, 4840, "0000", None).await);
    let mut assignment = Value::Null;
    for _ in 0..50 {
        assignment = assignments().await["items"][0].clone();
        if assignment["percentage"] == 100 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!((assignment["percentage"].as_i64(), assignment["open"].as_i64()), (Some(100), Some(4)), "{assignment}");
    assert!((day(&assignment["ends_on"]) - today).num_days().abs_diff(365) <= 1, "{assignment}");
    assert_eq!(assignments().await["total"], 1);
    assert_eq!(assert_ok(&app.post("contact/readall", Some(&director), json!({ "search": "lucia@example.es" })).await)["total"], 1);
}

/// The online shop sells a demo enrolment (online tests with one repetition of each test, the
/// buyer in demo mode), which may not be renewed until the full enrolment is bought (practical
/// classes, the buyer enrolled); the staff see and change the buyer's mode on an order.
#[tokio::test]
async fn a_sale_gives_practical_classes_modes_and_repetitions() {
    let app = app_with_plugins().await;
    let provider = app.provider().await;
    let school = app.demo.school_business_id;
    for plugin in ["contacts", "products", "practices", "valkiria", "web"] {
        install(&app, &provider, plugin, &[school]).await;
    }
    let director = app.director().await;
    let id = |answer: &Value| assert_ok(answer)["id"].as_i64().unwrap();
    let lesson = id(&app.post("hermes/practice/type/create", Some(&director), json!({ "name": "Clase de circulación", "licence": "B", "minutes": 45, "price": 3500 })).await);
    // Processes without what they need are refused, each on its field.
    let bad = app
        .post("product/create", Some(&director), json!({ "name": "Prácticas", "price": 1000, "tax_rate": 2100,
            "processes": [{ "kind": "practice_class", "quantity": 0 }, { "kind": "test_repetitions", "licence": "B", "repetitions": 100 }] }))
        .await;
    let fields: Vec<&str> = bad["error"].as_array().unwrap().iter().filter_map(|e| e["data"]["field"].as_str()).collect();
    assert_eq!(fields, ["processes[0].practice_type_id", "processes[0].quantity", "processes[1].repetitions"], "{bad}");
    let demo = id(&app
        .post("product/create", Some(&director), json!({ "name": "Test online B (demostración)", "price": 500, "tax_rate": 2100, "status": "published",
            "processes": [{ "kind": "online_test_days", "licence": "B", "days": 15 }, { "kind": "customer_demo" },
                          { "kind": "test_repetitions", "licence": "B", "repetitions": 1 }] }))
        .await);
    let renewal = id(&app
        .post("product/create", Some(&director), json!({ "name": "Renovación test online B", "price": 1000, "tax_rate": 2100, "status": "published",
            "processes": [{ "kind": "online_test_extend", "licence": "B", "days": 30 }] }))
        .await);
    let enrolment = id(&app
        .post("product/create", Some(&director), json!({ "name": "Matrícula B con prácticas", "price": 10000, "tax_rate": 2100, "status": "published",
            "processes": [{ "kind": "customer_enrolled" }, { "kind": "practice_class", "practice_type_id": lesson, "quantity": 5 },
                          { "kind": "test_repetitions", "licence": "B", "repetitions": 5 }] }))
        .await);

    let key = assert_ok(&app.post("web/apis/update", Some(&director), json!({ "rotate_webapi_key": true })).await)["webapi_key"].as_str().unwrap().to_string();
    let gateway = app.post("web/payments/gateway/update", Some(&director), json!({ "merchant_code": MERCHANT_CODE, "key": MERCHANT_KEY })).await;
    let notify_url = assert_ok(&gateway)["notify_url"].as_str().unwrap().to_string();
    let buy = |product: i64, quantity: i64| {
        json!({ "lines": [{ "product_id": product, "quantity": quantity }], "payment_method": "card", "customer": customer(), "accept_terms": true,
                "url_ok": "https://autoescuela.example/ok", "url_ko": "https://autoescuela.example/ko" })
    };
    // Before any purchase the renewal is on sale to anyone; the catalogue says it renews.
    let product = app.client.get(format!("{}/api/web/api/product/read/{renewal}", app.url)).header("Authorization", format!("Bearer {key}")).send().await.unwrap();
    let product: Value = product.json().await.unwrap();
    assert_eq!(assert_ok(&product)["renews"], true, "{product}");

    // The demo: tests until today + 15 days, one repetition of each, the buyer in demo mode.
    let placed = storefront_post(&app, "web/api/ecommerce/preorder", &key, buy(demo, 1)).await;
    let reference = assert_ok(&placed)["order"]["reference"].as_str().unwrap().to_string();
    let order_id = placed["data"]["order"]["id"].as_i64().unwrap();
    assert_ok(&bank_notifies(&app, &notify_url, &reference, 605, "0000", None).await);
    let runs = runs_of(&app, &director, demo, 3).await;
    let outcome: Vec<(bool, &str)> = runs["items"].as_array().unwrap().iter().rev().map(|r| (r["ok"].as_bool().unwrap(), r["detail"].as_str().unwrap())).collect();
    assert_eq!(outcome.iter().filter(|(ok, _)| *ok).count(), 3, "{runs}");
    assert!(outcome.iter().any(|(_, d)| *d == "Cliente en modo demostración"), "{runs}");
    assert!(outcome.iter().any(|(_, d)| *d == "Cada test del permiso B se puede repetir 1 vez"), "{runs}");
    let student = app.get("valkiria/studentsdni", Some(&director), &[("dni", "54362315K")]).await;
    let enrolments = assert_ok(&student)["enrolments"].clone();
    assert_eq!((enrolments[0]["licence"].as_str(), enrolments[0]["repetitions"].as_i64()), (Some("B"), Some(1)), "{student}");
    let order = app.get(&format!("web/ecommerce/order/read/{order_id}"), Some(&director), &[]).await;
    assert_eq!((assert_ok(&order)["buyer"]["status"].as_str(), order["data"]["buyer"]["status_name"].as_str()), (Some("demo"), Some("Demostración")), "{order}");
    let contact_id = order["data"]["buyer"]["contact_id"].as_i64().unwrap();

    // In demo mode the renewal is refused on its line, and nothing is placed.
    let orders = || async { assert_ok(&app.get("web/ecommerce/order/readall", Some(&director), &[]).await)["total"].clone() };
    let orders_before = orders().await;
    let refused = storefront_post(&app, "web/api/ecommerce/preorder", &key, buy(renewal, 1)).await;
    assert_eq!(error_code(&refused), "REQ-102", "{refused}");
    assert_eq!(refused["error"][0]["data"]["field"], "lines[0].product_id", "{refused}");
    assert!(refused["error"][0]["details"].as_str().unwrap().contains("demostración"), "{refused}");
    assert_eq!(orders().await, orders_before);

    // The full enrolment, two units: enrolled, a pack of 10 classes for a new practices student
    // (the buyer's contact), five repetitions of each test.
    let placed = storefront_post(&app, "web/api/ecommerce/preorder", &key, buy(enrolment, 2)).await;
    let reference = assert_ok(&placed)["order"]["reference"].as_str().unwrap().to_string();
    assert_ok(&bank_notifies(&app, &notify_url, &reference, 24200, "0000", None).await);
    let runs = runs_of(&app, &director, enrolment, 3).await;
    assert!(runs["items"].as_array().unwrap().iter().all(|r| r["ok"] == true), "{runs}");
    assert!(runs["items"].as_array().unwrap().iter().any(|r| r["detail"] == "Bono de 10 clases de Clase de circulación (permiso B) (alumno de prácticas nuevo)"), "{runs}");
    let students = app.get("hermes/student/read", Some(&director), &[("contact_id", &contact_id.to_string())]).await;
    assert_eq!(assert_ok(&students)["total"], 1, "{students}");
    let practices_student = students["data"]["items"][0]["id"].as_i64().unwrap();
    let detail = app.get("hermes/student/read", Some(&director), &[("id", &practices_student.to_string())]).await;
    assert_eq!((assert_ok(&detail)["remaining"].as_i64(), detail["data"]["bags"][0]["quantity"].as_i64()), (Some(10), Some(10)), "{detail}");
    assert!(detail["data"]["bags"][0]["notes"].as_str().unwrap().contains(&reference), "{detail}");
    let student = app.get("valkiria/studentsdni", Some(&director), &[("dni", "54362315K")]).await;
    assert_eq!(assert_ok(&student)["enrolments"][0]["repetitions"], 5, "{student}");

    // Enrolled, the renewal is on sale to them.
    let placed = storefront_post(&app, "web/api/ecommerce/preorder", &key, buy(renewal, 1)).await;
    assert_ok(&placed);

    // The staff put the customer back in demo mode, and take the mode away.
    let set = app.post("web/customer/status", Some(&director), json!({ "contact_id": contact_id, "status": "demo" })).await;
    assert_eq!(assert_ok(&set)["status"], "demo", "{set}");
    let refused = storefront_post(&app, "web/api/ecommerce/preorder", &key, buy(renewal, 1)).await;
    assert_eq!(error_code(&refused), "REQ-102", "{refused}");
    let wrong = app.post("web/customer/status", Some(&director), json!({ "contact_id": contact_id, "status": "vip" })).await;
    assert_eq!(error_code(&wrong), "REQ-102", "{wrong}");
    let stranger = app.post("web/customer/status", Some(&director), json!({ "contact_id": 999999, "status": "demo" })).await;
    assert_eq!(error_code(&stranger), "NOT-FOUND-000", "{stranger}");
    let cleared = app.post("web/customer/status", Some(&director), json!({ "contact_id": contact_id, "status": null })).await;
    assert_eq!(assert_ok(&cleared)["status"], Value::Null, "{cleared}");
    assert_ok(&storefront_post(&app, "web/api/ecommerce/preorder", &key, buy(renewal, 1)).await);
}

/// The shop's legal texts: written and versioned by the staff, read by the site in force, taken
/// down; an order keeps the version of the conditions its customer accepted.
#[tokio::test]
async fn the_shop_publishes_its_legal_texts_and_orders_keep_the_accepted_conditions() {
    let app = app_with_plugins().await;
    let provider = app.provider().await;
    let school = app.demo.school_business_id;
    for plugin in ["contacts", "products", "web"] {
        install(&app, &provider, plugin, &[school]).await;
    }
    let director = app.director().await;
    let key = assert_ok(&app.post("web/apis/update", Some(&director), json!({ "rotate_webapi_key": true })).await)["webapi_key"].as_str().unwrap().to_string();
    // Nothing published yet.
    assert_eq!(assert_ok(&storefront_get(&app, "web/api/legal/read", Some(&key)).await), &json!([]));
    assert_eq!(error_code(&storefront_get(&app, "web/api/legal/read?kind=terms", Some(&key)).await), "NOT-FOUND-000");
    assert_eq!(error_code(&storefront_get(&app, "web/api/legal/read", None).await), "SESSION-000");
    let texts = app.get("web/legal/read", Some(&director), &[]).await;
    let kinds: Vec<(&str, bool)> = assert_ok(&texts)["texts"].as_array().unwrap().iter().map(|t| (t["kind"].as_str().unwrap(), t["current"].is_null())).collect();
    assert_eq!(kinds, [("legal_notice", true), ("privacy", true), ("cookies", true), ("terms", true)]);

    // Refusals change nothing.
    let bad = app.post("web/legal/update", Some(&director), json!({ "kind": "contrato", "title": "", "body": "Texto" })).await;
    let fields: Vec<&str> = bad["error"].as_array().unwrap().iter().filter_map(|e| e["data"]["field"].as_str()).collect();
    assert_eq!(fields, ["kind", "title"], "{bad}");
    let empty = app.post("web/legal/update", Some(&director), json!({ "kind": "terms", "title": "Condiciones", "body": "  " })).await;
    assert_eq!(empty["error"][0]["data"]["field"], "body", "{empty}");
    let long = app.post("web/legal/update", Some(&director), json!({ "kind": "terms", "title": "x".repeat(201), "body": "Texto" })).await;
    assert_eq!(long["error"][0]["data"]["field"], "title", "{long}");

    // Two versions of the conditions; the same text again is no new version.
    let first = app.post("web/legal/update", Some(&director), json!({ "kind": "terms", "title": "Condiciones de compra", "body": "1. El curso se paga por adelantado." })).await;
    assert_eq!((assert_ok(&first)["version"].as_i64(), first["data"]["name"].as_str()), (Some(1), Some("Condiciones de compra")), "{first}");
    let second = app
        .post("web/legal/update", Some(&director), json!({ "kind": "terms", "title": "Condiciones de compra", "body": "1. El curso se paga por adelantado.\n\n2. Desistimiento en 14 días." }))
        .await;
    assert_eq!(assert_ok(&second)["version"], 2, "{second}");
    let same = app
        .post("web/legal/update", Some(&director), json!({ "kind": "terms", "title": "Condiciones de compra", "body": "1. El curso se paga por adelantado.\n\n2. Desistimiento en 14 días." }))
        .await;
    assert_eq!(error_code(&same), "CONFLICT-000", "{same}");
    assert_ok(&app.post("web/legal/update", Some(&director), json!({ "kind": "privacy", "title": "Privacidad", "body": "Responsable: Autoescuela Demo S.L." })).await);
    let site = storefront_get(&app, "web/api/legal/read", Some(&key)).await;
    let shown: Vec<(&str, i64)> = assert_ok(&site).as_array().unwrap().iter().map(|t| (t["kind"].as_str().unwrap(), t["version"].as_i64().unwrap())).collect();
    assert_eq!(shown, [("privacy", 1), ("terms", 2)], "{site}");
    assert!(site["data"][0].get("user_id").is_none(), "the site is not told who wrote it: {site}");
    let terms = storefront_get(&app, "web/api/legal/read?kind=terms", Some(&key)).await;
    assert!(assert_ok(&terms)["body"].as_str().unwrap().contains("Desistimiento"), "{terms}");
    let history = app.get("web/legal/read", Some(&director), &[("kind", "terms")]).await;
    let versions: Vec<i64> = assert_ok(&history)["versions"].as_array().unwrap().iter().map(|v| v["version"].as_i64().unwrap()).collect();
    assert_eq!(versions, [2, 1], "{history}");

    // An order keeps the version its customer accepted.
    let course = assert_ok(&app.post("product/create", Some(&director), json!({ "name": "Permiso B", "price": 1000, "tax_rate": 2100, "status": "published" })).await)["id"].clone();
    assert_ok(&app.post("web/payments/gateway/update", Some(&director), json!({ "merchant_code": MERCHANT_CODE, "key": MERCHANT_KEY })).await);
    let body = json!({ "lines": [{ "product_id": course, "quantity": 1 }], "payment_method": "card", "customer": customer(), "accept_terms": true,
                       "url_ok": "https://autoescuela.example/ok", "url_ko": "https://autoescuela.example/ko" });
    let placed = storefront_post(&app, "web/api/ecommerce/preorder", &key, body.clone()).await;
    assert_eq!(assert_ok(&placed)["order"]["terms_version"], 2, "{placed}");
    // Taken down: the site no longer shows it, and an order then keeps none.
    let down = app.post("web/legal/update", Some(&director), json!({ "kind": "terms", "title": "", "body": "" })).await;
    assert_eq!((assert_ok(&down)["version"].as_i64(), down["data"]["body"].as_str()), (Some(3), Some("")), "{down}");
    assert_eq!(error_code(&storefront_get(&app, "web/api/legal/read?kind=terms", Some(&key)).await), "NOT-FOUND-000");
    let placed = storefront_post(&app, "web/api/ecommerce/preorder", &key, body).await;
    assert_eq!(assert_ok(&placed)["order"]["terms_version"], Value::Null, "{placed}");
    // A teacher without the shop's permission can neither read nor write them.
    let teacher = app.teacher().await;
    assert_eq!(error_code(&app.post("web/legal/update", Some(&teacher), json!({ "kind": "terms", "title": "X", "body": "Y" })).await), "PERMISSION-000");
    assert_eq!(error_code(&app.get("web/legal/read", Some(&teacher), &[]).await), "PERMISSION-000");
}

/// A poster of a product: what goes on it, its QR code opening the product's order page in the
/// customer area once the shop has a web-api key, and the school's design kept.
#[tokio::test]
async fn a_poster_carries_the_product_and_a_qr_code_to_its_order_page() {
    let app = app_with_plugins().await;
    let provider = app.provider().await;
    let school = app.demo.school_business_id;
    for plugin in ["contacts", "products", "web"] {
        install(&app, &provider, plugin, &[school]).await;
    }
    let director = app.director().await;
    let course = assert_ok(&app.post("product/create", Some(&director), json!({ "name": "Permiso B", "price": 50000, "tax_rate": 2100, "status": "published" })).await)["id"]
        .as_i64()
        .unwrap();
    let hidden = assert_ok(&app.post("product/create", Some(&director), json!({ "name": "Interno", "price": 100, "tax_rate": 2100, "status": "hidden" })).await)["id"]
        .as_i64()
        .unwrap();
    let data = app.get("marketing/poster/data", Some(&director), &[]).await;
    let names: Vec<&str> = assert_ok(&data)["products"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Permiso B"], "{data}");
    assert_eq!((data["data"]["product"].clone(), data["data"]["design"]["color"].as_str()), (Value::Null, Some("#009EF7")), "{data}");
    // Without a web-api key there is no address to put in a QR code.
    let poster = app.get("marketing/poster/data", Some(&director), &[("product_id", &course.to_string())]).await;
    assert_eq!((assert_ok(&poster)["product"]["total"].as_i64(), poster["data"]["shop_url"].clone(), poster["data"]["qr_svg"].clone()), (Some(60500), Value::Null, Value::Null), "{poster}");
    let key = assert_ok(&app.post("web/apis/update", Some(&director), json!({ "rotate_webapi_key": true })).await)["webapi_key"].as_str().unwrap().to_string();
    let poster = app.get("marketing/poster/data", Some(&director), &[("product_id", &course.to_string())]).await;
    let url = assert_ok(&poster)["shop_url"].as_str().unwrap().to_string();
    assert!(url.ends_with(&format!("/layout/contact/order/create?key={key}&product={course}")), "{url}");
    assert!(poster["data"]["qr_svg"].as_str().unwrap().starts_with("<?xml") || poster["data"]["qr_svg"].as_str().unwrap().contains("<svg"), "{poster}");
    // The key in the address opens the product to order in the customer area.
    let product = storefront_get(&app, &format!("web/api/product/read/{course}"), Some(&key)).await;
    assert_eq!(assert_ok(&product)["name"], "Permiso B");
    // A product not on sale has no poster.
    let refused = app.get("marketing/poster/data", Some(&director), &[("product_id", &hidden.to_string())]).await;
    assert_eq!(error_code(&refused), "CONFLICT-000", "{refused}");
    // The design: checked, kept.
    let bad = app.post("marketing/poster/update", Some(&director), json!({ "headline": "x".repeat(81), "contact": "", "color": "azul" })).await;
    let fields: Vec<&str> = bad["error"].as_array().unwrap().iter().filter_map(|e| e["data"]["field"].as_str()).collect();
    assert_eq!(fields, ["headline", "color"], "{bad}");
    let saved = app.post("marketing/poster/update", Some(&director), json!({ "headline": "¡Sácate el carné!", "contact": "Calle Mayor 1 · 912 345 678", "color": "#c0392b" })).await;
    assert_eq!(assert_ok(&saved)["color"], "#c0392b");
    let data = app.get("marketing/poster/data", Some(&director), &[]).await;
    assert_eq!(assert_ok(&data)["design"]["headline"], "¡Sácate el carné!");
    // Without the products permission, no poster.
    let teacher = app.teacher().await;
    assert_eq!(error_code(&app.get("marketing/poster/data", Some(&teacher), &[]).await), "PERMISSION-000");
}
