//! Billing with the contacts plugin installed beside it: the invoice's contact block comes from
//! `contacts/contact.billing`, and the invoice goes out by e-mail with its PDF attached.

use std::path::Path;

use serde_json::{json, Value};
use volante_plugin_harness::Harness;

fn ok(answer: &Value) -> &Value {
    assert_eq!(answer["success"], true, "{answer}");
    &answer["data"]
}

#[tokio::test]
async fn invoice_for_a_contact_is_mailed_with_its_pdf() {
    let h = Harness::start_with(&[Path::new("plugins/contacts"), Path::new("plugins/billing")]).await.unwrap();
    let contact = h
        .post(
            "contact/create",
            json!({ "type": "P", "first_name": "Lucía", "last_name": "Pérez", "fiscal_code": "54362315K",
                    "email": "lucia@example.es", "street": "Av. de la Paz 3", "city": "Sevilla", "province_id": 41, "postal_code": "41001" }),
        )
        .await;
    let contact_id = ok(&contact)["id"].as_i64().unwrap();
    let series = h
        .post(
            "sales/billing/create",
            json!({ "code": "a", "name": "General", "issuer_tax_code": "B58378431", "issuer_name": "Autoescuela Prueba S.L.",
                    "issuer_street": "Calle Mayor 1", "issuer_postal_code": "28013", "issuer_town": "Madrid", "issuer_province_id": 28 }),
        )
        .await;
    let series_id = ok(&series)["id"].as_i64().unwrap();
    let taxes = h.get("tax/read", &[]).await;
    let iva21 = ok(&taxes).as_array().unwrap().iter().find(|t| t["name"] == "IVA 21 %").unwrap()["id"].as_i64().unwrap();

    let invoice = h
        .post(
            "invoice/create",
            json!({ "series_id": series_id, "contact_id": contact_id, "lines": [{ "concept": "Matrícula", "price": 15000, "tax_id": iva21 }] }),
        )
        .await;
    let inv = ok(&invoice).clone();
    assert_eq!(inv["total"], 18150, "{inv}");
    assert!(inv.to_string().contains("54362315K"), "the contact block comes from contacts: {inv}");

    let sent = h.post("invoice/email", json!({ "id": inv["id"] })).await;
    assert_eq!(ok(&sent)["to"], json!(["lucia@example.es"]), "{sent}");
    let outbox = h.state.config.data_dir.join("outbox");
    let mail: Vec<String> = std::fs::read_dir(&outbox)
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .filter(|m| m.contains("lucia@example.es"))
        .collect();
    assert_eq!(mail.len(), 1);
    assert!(mail[0].contains("application/pdf"), "the PDF is attached");
}
