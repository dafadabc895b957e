//! The online shop's customer area (the `web` plugin with contacts, agreements and products) in
//! the real runtime against a real database, on both engines (`VOLANTE_TEST_DATABASE_URL`): a
//! customer asks for an access link by e-mail, signs in with the web-api key and the reference it
//! carries (`Authorization: Bearer <key> <reference>`), sees their own data, orders and
//! agreements and nobody else's, and signs out; the host refuses a reference that is not a live
//! link of the plugin, the plugin one that opens no customer's session.

use serde_json::{json, Value};
use volante_plugin_harness::{code, fields, ok, Harness};

mod common;
use common::{mail_text, template, SIGNATURE};

/// The access link in the last mail of the outbox: its web-api key and customer reference.
fn access_link(h: &Harness) -> (String, String) {
    let mails: Vec<String> = h.outbox().iter().map(|m| mail_text(m)).collect();
    let mail = mails.last().expect("an access mail");
    let at = mail.find("/layout/contact/dashboard?key=").expect("the link to the customer area");
    let link: String = mail[at..].chars().take_while(|c| !c.is_whitespace()).collect();
    let query = link.split_once('?').unwrap().1;
    let value = |name: &str| query.split('&').find_map(|p| p.strip_prefix(&format!("{name}="))).unwrap().to_string();
    (value("key"), value("token"))
}

#[tokio::test]
async fn a_customer_signs_in_and_sees_only_their_own() {
    let h = Harness::start_with(&[
        "plugins/contacts".as_ref(),
        "plugins/products".as_ref(),
        "plugins/agreements".as_ref(),
        "plugins/web".as_ref(),
    ])
    .await
    .unwrap();
    let key = ok(&h.post("web/apis/update", json!({ "rotate_webapi_key": true })).await)["webapi_key"].as_str().unwrap().to_string();
    ok(&h.post("web/payments/gateway/update", json!({ "merchant_code": "999008881", "key": "sq7HjrUOBfKmC576ILgskD5srU870gJ7" })).await);
    let lucia = ok(&h
        .post(
            "contact/create",
            json!({ "type": "P", "first_name": "Lucía", "last_name": "Pérez", "second_last_name": "Gómez", "fiscal_code": "54362315K",
                    "email": "Lucia@Example.com", "mobile": "612345678", "street": "Calle Mayor 1", "postal_code": "28001", "city": "Madrid", "province_id": 28 }),
        )
        .await)["id"]
        .as_i64()
        .unwrap();
    let other = ok(&h.post("contact/create", json!({ "type": "P", "first_name": "Mario", "last_name": "Ruiz", "email": "mario@example.com" })).await)["id"]
        .as_i64()
        .unwrap();
    let course = ok(&h.post("product/create", json!({ "name": "Permiso B completo", "price": 49587, "tax_rate": 2100, "status": "published" })).await)["id"]
        .as_i64()
        .unwrap();

    // Asking for access: the e-mail is required and checked; an unknown one gets the same answer
    // and no mail.
    let key_only = key.clone();
    assert_eq!(fields(&h.post_as(&key_only, "web/api/user/access", json!({ "email": " " })).await), ["email"]);
    assert_eq!(fields(&h.post_as(&key_only, "web/api/user/access", json!({ "email": "no-es-un-correo" })).await), ["email"]);
    assert_eq!(ok(&h.post_as(&key_only, "web/api/user/access", json!({ "email": "nadie@example.com" })).await), &json!({ "sent": true }));
    assert!(h.outbox().is_empty());
    // Without the key the storefront is shut.
    assert_eq!(code(&h.post_public("web/api/user/access", json!({ "email": "lucia@example.com" })).await), "SESSION-000");

    // Lucía asks (the address as she types it) and gets her link; asking again at once sends
    // nothing more.
    assert_eq!(ok(&h.post_as(&key_only, "web/api/user/access", json!({ "email": " lucia@example.COM " })).await)["sent"], true);
    assert_eq!(h.outbox().len(), 1);
    assert!(h.outbox()[0].to_lowercase().contains("lucia@example.com"), "{}", h.outbox()[0]);
    assert!(mail_text(&h.outbox()[0]).contains("Hola Lucía Pérez Gómez"), "{}", mail_text(&h.outbox()[0]));
    let (mailed_key, reference) = access_link(&h);
    assert_eq!(mailed_key, key);
    ok(&h.post_as(&key_only, "web/api/user/access", json!({ "email": "lucia@example.com" })).await);
    assert_eq!(h.outbox().len(), 1);
    let lucia_in = format!("{key} {reference}");

    // Who is signed in.
    assert_eq!(code(&h.get_as(&key_only, "web/api/user/verify", &[]).await), "SESSION-000");
    let verified = ok(&h.get_as(&lucia_in, "web/api/user/verify", &[]).await).clone();
    assert_eq!(
        verified["user"],
        json!({ "id": lucia, "name": "Lucía Pérez Gómez", "nif": "54362315K", "email": "lucia@example.com", "phone": "612345678",
                "address": "Calle Mayor 1", "postal_code": "28001", "city": "Madrid", "province": "Madrid" })
    );
    // What is not her sign-in: an unknown reference and the key itself (a live link of the plugin,
    // but no customer's) are refused, and so is more than a key and a reference.
    assert_eq!(code(&h.get_as(&format!("{key} not-a-reference"), "web/api/user/verify", &[]).await), "SESSION-001");
    assert_eq!(code(&h.get_as(&format!("{key} {key}"), "web/api/user/verify", &[]).await), "SESSION-001");
    assert_eq!(code(&h.get_as(&format!("{key} {reference} extra"), "web/api/user/verify", &[]).await), "SESSION-001");

    // Her orders: one placed signed in is hers; one placed without signing in is not.
    let order = |customer: &str| {
        json!({ "lines": [{ "product_id": course, "quantity": 1 }], "payment_method": "card", "accept_terms": true,
                "customer": { "name": customer, "nif": "54362315K", "email": "lucia@example.com" },
                "url_ok": "https://autoescuela.example/ok", "url_ko": "https://autoescuela.example/ko" })
    };
    let hers = ok(&h.post_as(&lucia_in, "web/api/ecommerce/preorder", order("Lucía Pérez Gómez")).await)["order"].clone();
    assert_eq!(hers["contact_id"], lucia);
    ok(&h.post_as(&key_only, "web/api/ecommerce/preorder", order("Lucía sin entrar")).await);
    let orders = ok(&h.get_as(&lucia_in, "web/api/ecommerce/preorder/read/all", &[]).await).clone();
    assert_eq!(orders.as_array().unwrap().iter().map(|o| o["id"].clone()).collect::<Vec<_>>(), [hers["id"].clone()]);
    assert_eq!(ok(&h.get_as(&lucia_in, "web/api/ecommerce/preorder/read/all", &[("search", "perez")]).await).as_array().unwrap().len(), 1);
    assert_eq!(ok(&h.get_as(&lucia_in, "web/api/ecommerce/preorder/read/all", &[("search", "zzzz")]).await).as_array().unwrap().len(), 0);
    assert_eq!(code(&h.get_as(&key_only, "web/api/ecommerce/preorder/read/all", &[]).await), "SESSION-000");
    // The staff see both orders.
    assert_eq!(ok(&h.get("web/ecommerce/order/readall", &[]).await)["total"], 2);

    // Her agreements: one sent to her, one to someone else.
    let pdf = ok(&h.post_form("agreement/file/upload", &[("kind", "pdf")], Some(("contrato.pdf", template()))).await)["file_id"].as_i64().unwrap();
    let agreement = ok(&h
        .post(
            "agreement/create",
            json!({ "type": "enrolment", "name": "Contrato de matrícula", "pdf_file_id": pdf,
                    "variables": [{ "variable": "signature", "page": 1, "x": 0.55, "y": 0.75, "width": 0.3 }] }),
        )
        .await)["id"]
        .as_i64()
        .unwrap();
    let request = ok(&h.post("agreement/request/create", json!({ "agreement_id": agreement, "contact_id": lucia })).await).clone();
    ok(&h.post("agreement/request/create", json!({ "agreement_id": agreement, "contact_id": other })).await);
    let agreements = ok(&h.get_as(&lucia_in, "web/api/user/agreement", &[]).await).clone();
    let agreements = agreements.as_array().unwrap();
    assert_eq!(agreements.len(), 1);
    let sign_path = format!("/agreement/sign/{}", request["reference"].as_str().unwrap());
    assert_eq!(
        (agreements[0]["agreement_name"].as_str(), agreements[0]["type_name"].as_str(), agreements[0]["status"].as_str()),
        (Some("Contrato de matrícula"), Some("Contrato de matrícula"), Some("requested"))
    );
    assert_eq!((agreements[0]["sign_path"].as_str(), &agreements[0]["signed_url"]), (Some(sign_path.as_str()), &Value::Null));
    // A reference another plugin issued (the agreement's signing link) is no sign-in here.
    assert_eq!(code(&h.get_as(&format!("{key} {}", request["reference"].as_str().unwrap()), "web/api/user/verify", &[]).await), "SESSION-001");

    let data = ok(&h.get_as(&lucia_in, "web/api/user/data", &[]).await).clone();
    assert_eq!((data["orders"].clone(), data["agreements"].clone()), (json!({ "total": 1, "unpaid": 1 }), json!({ "total": 1, "pending": 1 })));
    assert_eq!(data["user"]["id"], lucia);

    // Once signed, the area offers the signed PDF through the request's link.
    let signer = json!({ "name": "Lucía Pérez Gómez", "document": "54362315K", "birthday": "2000-03-04" });
    ok(&h.post_public("agreement/request/sign", json!({ "reference": request["reference"], "signature": SIGNATURE, "signer": signer })).await);
    let signed = ok(&h.get_as(&lucia_in, "web/api/user/agreement", &[]).await)[0].clone();
    assert_eq!((signed["status"].as_str(), &signed["sign_path"]), (Some("signed"), &Value::Null));
    let (status, content_type, bytes) = h.fetch_public(signed["signed_url"].as_str().unwrap()).await;
    assert_eq!((status, content_type.as_str()), (200, "application/pdf"));
    assert!(bytes.starts_with(b"%PDF"));
    assert_eq!(ok(&h.get_as(&lucia_in, "web/api/user/data", &[]).await)["agreements"], json!({ "total": 1, "pending": 0 }));

    // A customer the school deactivates is signed out; back active, signed in again.
    assert_eq!(ok(&h.post("contact/state", json!({ "id": lucia })).await)["state"], "inactive");
    assert_eq!(code(&h.get_as(&lucia_in, "web/api/user/verify", &[]).await), "SESSION-001");
    assert_eq!(ok(&h.post("contact/state", json!({ "id": lucia })).await)["state"], "active");
    ok(&h.get_as(&lucia_in, "web/api/user/verify", &[]).await);

    // Signing out ends the reference: the host refuses it from then on.
    assert_eq!(ok(&h.post_as(&lucia_in, "web/api/user/logout", json!({})).await), &json!({}));
    assert_eq!(code(&h.get_as(&lucia_in, "web/api/user/verify", &[]).await), "SESSION-001");
    assert_eq!(code(&h.get_as(&lucia_in, "web/api/user/data", &[]).await), "SESSION-001");
}

/// From her area, a customer who is a student of the online tests opens them with her own link.
#[tokio::test]
async fn a_customer_opens_her_online_tests_from_her_area() {
    let h = Harness::start_with(&["plugins/contacts".as_ref(), "plugins/valkiria".as_ref(), "plugins/web".as_ref()]).await.unwrap();
    let key = ok(&h.post("web/apis/update", json!({ "rotate_webapi_key": true })).await)["webapi_key"].as_str().unwrap().to_string();
    ok(&h.post("contact/create", json!({ "type": "P", "first_name": "Lucía", "last_name": "Pérez", "fiscal_code": "54362315K", "email": "lucia@example.com" })).await);
    ok(&h.post_as(&key, "web/api/user/access", json!({ "email": "lucia@example.com" })).await);
    let (_, reference) = access_link(&h);
    let lucia_in = format!("{key} {reference}");
    // Not a student yet: told so; and a sign-in is needed.
    let refused = h.get_as(&lucia_in, "web/api/user/valkiria/autologin", &[]).await;
    assert_eq!(code(&refused), "CONFLICT-000", "{refused}");
    assert!(refused.to_string().contains("No tiene acceso a los test online"), "{refused}");
    assert_eq!(code(&h.get_as(&key, "web/api/user/valkiria/autologin", &[]).await), "SESSION-000");
    // Enrolled (found by her DNI): her link, the same each time, opens her tests.
    ok(&h.post("valkiria/assigncourse", json!({ "dni": "54362315K", "first_name": "Lucía", "licence": "B" })).await);
    let url = ok(&h.get_as(&lucia_in, "web/api/user/valkiria/autologin", &[]).await)["url"].as_str().unwrap().to_string();
    assert!(url.contains("/test/online/"), "{url}");
    assert_eq!(ok(&h.get_as(&lucia_in, "web/api/user/valkiria/autologin", &[]).await)["url"], url.as_str());
    let online = url.rsplit_once("/test/online/").unwrap().1;
    let home = ok(&h.get_public("valkiria/online/read", &[("reference", online)]).await).clone();
    assert_eq!((home["first_name"].as_str(), home["enrolments"][0]["licence"].as_str()), (Some("Lucía"), Some("B")), "{home}");
}

/// From her area, a customer sees her online courses (formative contents) and opens them.
#[tokio::test]
async fn a_customer_sees_her_courses_in_her_area() {
    let h = Harness::start_with(&["plugins/contacts".as_ref(), "plugins/temary".as_ref(), "plugins/formative".as_ref(), "plugins/web".as_ref()])
        .await
        .unwrap();
    let key = ok(&h.post("web/apis/update", json!({ "rotate_webapi_key": true })).await)["webapi_key"].as_str().unwrap().to_string();
    let lucia = ok(&h.post("contact/create", json!({ "type": "P", "first_name": "Lucía", "last_name": "Pérez", "email": "lucia@example.com" })).await)["id"].clone();
    ok(&h.post_as(&key, "web/api/user/access", json!({ "email": "lucia@example.com" })).await);
    let (_, reference) = access_link(&h);
    let lucia_in = format!("{key} {reference}");
    assert_eq!(ok(&h.get_as(&lucia_in, "web/api/user/formative", &[]).await), &json!([]));
    let syllabus = ok(&h.post("temary/create", json!({ "name": "Permiso B" })).await)["id"].clone();
    let theme = ok(&h.post("temary/theme/create", json!({ "temary_id": syllabus, "title": "Señales" })).await)["id"].clone();
    ok(&h.post("temary/subtheme/create", json!({ "theme_id": theme, "title": "Verticales" })).await);
    let content = ok(&h.post("formative/content/create", json!({ "name": "Teórico B en línea", "hours": 20, "temary_ids": [syllabus], "status": "publish" })).await)["id"].clone();
    ok(&h.post("formative/assignment/create", json!({ "content_id": content, "contact_ids": [lucia] })).await);
    let courses = ok(&h.get_as(&lucia_in, "web/api/user/formative", &[]).await).clone();
    assert_eq!((courses[0]["content_name"].as_str(), courses[0]["hours"].as_i64(), courses[0]["status"].as_str()), (Some("Teórico B en línea"), Some(20), Some("active")), "{courses}");
    let url = courses[0]["url"].as_str().unwrap();
    let course = ok(&h.get_public("formative/student/read", &[("reference", url.rsplit_once("/formacion/").unwrap().1)]).await).clone();
    assert_eq!(course["total"], 1);
    // Paused by the school: listed without its link.
    ok(&h.post("formative/assignment/update", json!({ "id": courses[0]["id"], "state": "inactive" })).await);
    let courses = ok(&h.get_as(&lucia_in, "web/api/user/formative", &[]).await).clone();
    assert_eq!((courses[0]["status"].as_str(), &courses[0]["url"]), (Some("inactive"), &Value::Null));
    assert_eq!(code(&h.get_as(&key, "web/api/user/formative", &[]).await), "SESSION-000");
}

/// A customer who was ordering (a poster's QR code opens the order page) gets a sign-in link back
/// to that page; a page outside the area is refused and nothing is mailed.
#[tokio::test]
async fn a_sign_in_link_brings_the_customer_back_to_her_order() {
    let h = Harness::start_with(&["plugins/contacts".as_ref(), "plugins/web".as_ref()]).await.unwrap();
    let key = ok(&h.post("web/apis/update", json!({ "rotate_webapi_key": true })).await)["webapi_key"].as_str().unwrap().to_string();
    ok(&h.post("contact/create", json!({ "type": "P", "first_name": "Lucía", "last_name": "Pérez", "fiscal_code": "54362315K", "email": "lucia@example.com" })).await);
    let outside = h.post_as(&key, "web/api/user/access", json!({ "email": "lucia@example.com", "next": "https://otro.example/robo" })).await;
    assert_eq!(fields(&outside), ["next"]);
    assert!(h.outbox().is_empty());
    ok(&h.post_as(&key, "web/api/user/access", json!({ "email": "lucia@example.com", "next": "/layout/contact/order/create?product=7" })).await);
    let mail = mail_text(h.outbox().last().expect("the access mail"));
    assert!(mail.contains(&format!("/layout/contact/order/create?product=7&key={key}&token=")), "{mail}");
}
