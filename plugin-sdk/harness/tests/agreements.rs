//! The agreements plugin in the real runtime against a real database, on both engines
//! (`VOLANTE_TEST_DATABASE_URL`), with contacts: an agreement with its PDF template and placed
//! variables, a signature request mailed with its public link, the public page's calls without a
//! session (the link opens the request and its files, nothing else), signing once, the signed PDF
//! with the signer's data drawn on it, and the link's end when the request or the agreement goes.

use lopdf::Document;
use serde_json::{json, Value};
use volante_plugin_harness::{code, decode_base64, fields, ok, pdftotext, Harness};

mod common;
use common::{template, SIGNATURE};

fn place(variable: &str, x: f64, y: f64) -> Value {
    json!({ "variable": variable, "page": 1, "x": x, "y": y, "size": 11 })
}

#[tokio::test]
async fn agreements_are_signed_through_their_public_link() {
    let h = Harness::start_with(&["plugins/contacts".as_ref(), "plugins/agreements".as_ref()]).await.unwrap();

    // Types and configuration.
    let types = ok(&h.get("agreement/types_agreements", &[]).await).clone();
    assert_eq!(types.as_array().unwrap().len(), 6);
    assert_eq!(ok(&h.get("agreement/config/read", &[]).await)["valid_days"], 30);
    let bad = h.post("agreement/config/save", json!({ "valid_days": 0, "mail_subject": "Firma", "mail_body": "Sin enlace", "business_nif": "B64717839" })).await;
    assert_eq!(fields(&bad), ["valid_days", "mail_body", "business_nif"]);
    assert_eq!(ok(&h.get("agreement/config/read", &[]).await)["business_name"], "");
    let config = json!({
        "valid_days": 15, "mail_subject": "{{ business_name }}: firme «{{ agreement }}»",
        "mail_body": "Hola {{ name }}, firme aquí: {{ url }}", "send_copy": true,
        "business_name": "Autoescuela Volante", "business_nif": "B58378431", "business_address": "Calle Mayor 1, Madrid",
    });
    ok(&h.post("agreement/config/save", config).await);

    // An agreement: every bad field at once, nothing stored.
    // Templates and covers come through the plugin's upload route (into "Acuerdos"), where a
    // name already there gets a number; anything else is refused and not kept.
    assert_eq!(fields(&h.post_form("agreement/file/upload", &[], Some(("notas.txt", b"texto".to_vec()))).await), ["file"]);
    let uploaded = ok(&h.post_form("agreement/file/upload", &[], Some(("contrato.pdf", template()))).await).clone();
    assert_eq!((uploaded["kind"].as_str(), uploaded["name"].as_str()), (Some("pdf"), Some("contrato.pdf")));
    let pdf = uploaded["file_id"].as_i64().unwrap();
    let image_as_pdf = h.post_form("agreement/file/upload", &[("kind", "pdf")], Some(("portada.png", decode_base64(SIGNATURE.trim_start_matches("data:image/png;base64,"))))).await;
    assert_eq!((fields(&image_as_pdf), image_as_pdf["error"][0]["details"].as_str()), (vec!["file".to_string()], Some("El archivo debe ser un PDF")));
    let newer = ok(&h.post_form("agreement/file/upload", &[("kind", "pdf")], Some(("contrato.pdf", template()))).await).clone();
    assert_eq!(newer["name"], "contrato (2).pdf");
    let newer = newer["file_id"].as_i64().unwrap();
    let not_pdf = h.upload("notas.txt", b"texto".to_vec()).await;
    let bad = h
        .post("agreement/create", json!({ "type": "lease", "name": " ", "pdf_file_id": not_pdf, "variables": [ { "variable": "colour", "page": 0, "x": 2, "y": 0.5 } ] }))
        .await;
    assert_eq!(fields(&bad), ["type", "name", "pdf_file_id", "variables[0].variable", "variables[0].page", "variables[0].x"]);
    // A variable placed on a page the template does not have is refused when saving.
    let off = h.post("agreement/create", json!({ "type": "enrolment", "name": "Matrícula", "pdf_file_id": pdf, "variables": [ { "variable": "name", "page": 3, "x": 0.1, "y": 0.1 } ] })).await;
    assert_eq!(fields(&off), ["variables"]);
    assert!(off["error"][0]["details"].as_str().unwrap().contains("página 3"), "{off}");
    assert_eq!(ok(&h.get("agreement/read/all", &[]).await)["total"], 0);

    let variables = json!([
        place("name", 0.12, 0.2), place("document", 0.12, 0.24), place("date", 0.6, 0.2), place("month", 0.6, 0.24),
        place("business_name", 0.12, 0.3), place("guardian_name", 0.12, 0.34),
        { "variable": "signature", "page": 1, "x": 0.55, "y": 0.75, "width": 0.3 },
    ]);
    let agreement = ok(&h
        .post("agreement/create", json!({ "type": "enrolment", "name": "Contrato de matrícula", "description": "Permiso B", "pdf_file_id": pdf, "variables": variables, "dgt_register": true }))
        .await)
    .clone();
    assert_eq!((agreement["type_name"].as_str(), agreement["requested"].as_i64()), (Some("Contrato de matrícula"), Some(0)));
    let agreement_id = agreement["id"].as_i64().unwrap();
    assert_eq!(code(&h.post("agreement/create", json!({ "type": "other", "name": "Contrato de matrícula" })).await), "CONFLICT-000");

    // A request for a contact: its details fill in the signer's, the link goes by mail.
    let contact = ok(&h
        .post("contact/create", json!({ "type": "P", "first_name": "Lucía", "last_name": "Pérez", "second_last_name": "Gómez", "fiscal_code": "54362315K", "email": "lucia@example.com", "birthday": "2000-03-04" }))
        .await)["id"]
        .as_i64()
        .unwrap();
    assert_eq!(fields(&h.post("agreement/request/create", json!({ "agreement_id": agreement_id, "send_mail": true })).await), ["email"]);
    let request = ok(&h.post("agreement/request/create", json!({ "agreement_id": agreement_id, "contact_id": contact, "send_mail": true })).await).clone();
    let reference = request["reference"].as_str().unwrap().to_string();
    assert_eq!((request["status"].as_str(), request["signer"]["name"].as_str(), request["email"].as_str()), (Some("requested"), Some("Lucía Pérez Gómez"), Some("lucia@example.com")));
    assert_eq!(request["path"], format!("/agreement/sign/{reference}"));
    // (Quoted-printable bodies wrap long lines with a trailing `=`.)
    let mails: Vec<String> = h.outbox().iter().map(|m| m.replace("=\r\n", "")).collect();
    assert_eq!(mails.len(), 1);
    assert!(mails[0].contains(&format!("http://127.0.0.1:8080/agreement/sign/{reference}")) && mails[0].contains("lucia@example.com"), "{}", mails[0]);

    // The template changes while the request is pending: the link opens the new one.
    ok(&h.post("agreement/update", json!({ "id": agreement_id, "pdf_file_id": newer })).await);

    // The public page, without a session: the request, its agreement and the template.
    let view = ok(&h.get_public("agreement/request/read", &[("reference", &reference)]).await).clone();
    assert_eq!((view["status"].as_str(), view["agreement"]["name"].as_str(), view["signer"]["document"].as_str()), (Some("requested"), Some("Contrato de matrícula"), Some("54362315K")));
    assert_eq!(view["fields"], json!(["name", "document", "guardian_name"]));
    assert!(view["agreement"]["pdf_url"].as_str().unwrap().contains(&format!("file_id={newer}&")));
    let (status, content_type, bytes) = h.fetch_public(view["agreement"]["pdf_url"].as_str().unwrap()).await;
    assert_eq!((status, content_type.as_str()), (200, "application/pdf"));
    assert_eq!(bytes, template());
    // The link opens what it shares, nothing else: not the file without it, not another file.
    let (_, _, without) = h.fetch_public(&format!("/api/filesystem/file/read?file_id={pdf}")).await;
    assert_eq!(code(&serde_json::from_slice(&without).unwrap()), "SESSION-000");
    let (_, _, other) = h.fetch_public(&format!("/api/filesystem/file/read?file_id={not_pdf}&link={reference}")).await;
    assert_eq!(code(&serde_json::from_slice(&other).unwrap()), "NOT-FOUND-000");
    assert_eq!(code(&h.get_public("agreement/request/read", &[("reference", "not-a-reference")]).await), "NOT-FOUND-000");
    let missing = h.get_public("agreement/request/read", &[]).await;
    assert_eq!((code(&missing).as_str(), missing["error"]["data"]["field"].as_str()), ("REQ-102", Some("reference")));
    // Staff calls still need a session.
    assert_eq!(code(&h.get_public(&format!("agreement/read/{agreement_id}"), &[]).await), "SESSION-000");

    // Signing: the signature cannot be empty; below 14 a parent or guardian signs too; the
    // refusals come together and change nothing.
    let minor = json!({ "name": "Lucía Pérez Gómez", "document": "54362315k", "birthday": "2015-03-04" });
    let empty = h.post_public("agreement/request/sign", json!({ "reference": reference, "signature": "", "signer": minor })).await;
    assert_eq!(fields(&empty), ["signature", "guardian_name", "guardian_document"]);
    assert_eq!(empty["error"][0]["details"], "La firma no puede estar vacía");
    assert_eq!(ok(&h.get_public("agreement/request/read", &[("reference", &reference)]).await)["status"], "requested");
    let signer = json!({ "name": "Lucía Pérez Gómez", "document": "54362315k", "birthday": "2000-03-04", "guardian_name": "Marta Gómez Ruiz", "guardian_document": "X5253868R" });
    let mut stream = h.realtime(&h.token).await;
    assert_eq!(stream.next(std::time::Duration::from_secs(5)).await.map(|e| e.0).as_deref(), Some("ready"));
    let signed = ok(&h.post_public("agreement/request/sign", json!({ "reference": reference, "signature": SIGNATURE, "signer": signer })).await).clone();
    assert_eq!((signed["status"].as_str(), signed["signer"]["document"].as_str()), (Some("signed"), Some("54362315K")));
    // The staff member who asked for the signature hears of it at once.
    let (name, notice) = stream.next_push(std::time::Duration::from_secs(5)).await.expect("the requester is told");
    assert_eq!(name, "agreements.notice");
    assert!(notice["title"].as_str().unwrap().starts_with("Lucía Pérez Gómez ha firmado"), "{notice}");
    let (status, _, signed_pdf) = h.fetch_public(signed["signed_url"].as_str().unwrap()).await;
    assert_eq!(status, 200);
    assert!(signed_pdf.starts_with(b"%PDF"));
    let doc = Document::load_mem(&signed_pdf).unwrap();
    let page = doc.get_pages()[&1];
    let resources = doc.get_dictionary(page).unwrap().get(b"Resources").unwrap().as_dict().unwrap();
    assert_eq!(resources.get(b"XObject").unwrap().as_dict().unwrap().len(), 1, "the signature is drawn");
    if let Some(text) = pdftotext(&signed_pdf) {
        for needle in ["CONTRATO DE ENSENANZA", "Lucía Pérez Gómez", "54362315K", "Autoescuela Volante", "Marta Gómez Ruiz"] {
            assert!(text.contains(needle), "{needle} not in {text}");
        }
    }
    // A signed agreement cannot be signed again; the signer got a copy.
    assert_eq!(code(&h.post_public("agreement/request/sign", json!({ "reference": reference, "signature": SIGNATURE, "signer": signer })).await), "CONFLICT-000");
    let mails = h.outbox();
    assert_eq!(mails.len(), 2);
    assert!(mails[1].contains("lucia@example.com") && mails[1].contains("application/pdf"), "{}", mails[1]);

    // The staff's view: the request signed, the counts.
    let read = ok(&h.get(&format!("agreement/read/{agreement_id}"), &[]).await).clone();
    assert_eq!((read["signed"].as_i64(), read["requests"][0]["status"].as_str()), (Some(1), Some("signed")));
    assert!(read["requests"][0]["signed_url"].as_str().unwrap().contains("file_id="));
    let request_id = read["requests"][0]["id"].as_i64().unwrap();
    assert_eq!(code(&h.post("agreement/request/delete", json!({ "id": request_id })).await), "CONFLICT-000");
    // Another business sees nothing of it.
    assert_eq!(code(&h.get_as(&h.other_token, &format!("agreement/read/{agreement_id}"), &[]).await), "NOT-FOUND-000");

    // A pending request deleted: its link no longer opens anything.
    let second = ok(&h.post("agreement/request/create", json!({ "agreement_id": agreement_id, "signer": { "name": "Pablo Ruiz" } })).await).clone();
    let second_ref = second["reference"].as_str().unwrap().to_string();
    assert_eq!(h.outbox().len(), 2, "no mail unless asked");
    ok(&h.get_public("agreement/request/read", &[("reference", &second_ref)]).await);
    ok(&h.post("agreement/request/delete", json!({ "id": second["id"] })).await);
    assert_eq!(code(&h.get_public("agreement/request/read", &[("reference", &second_ref)]).await), "LINK-001");
    assert_eq!(code(&h.post_public("agreement/request/sign", json!({ "reference": second_ref, "signature": SIGNATURE, "signer": signer })).await), "LINK-001");

    // Deleting the agreement cancels its pending requests; the signed one stays readable.
    let third = ok(&h.post("agreement/request/create", json!({ "agreement_id": agreement_id })).await)["reference"].as_str().unwrap().to_string();
    let deleted = ok(&h.post("agreement/delete", json!({ "id": agreement_id })).await).clone();
    assert_eq!(deleted["requests_cancelled"], 1);
    assert_eq!(code(&h.get_public("agreement/request/read", &[("reference", &third)]).await), "LINK-001");
    assert_eq!(ok(&h.get_public("agreement/request/read", &[("reference", &reference)]).await)["status"], "signed");

    // The business loses the service: its links stop working.
    sqlx::query("DELETE FROM business_service WHERE business_id = $1 AND service_id = 'agreement'").bind(h.business_id).execute(&h.state.db.pool).await.unwrap();
    assert_eq!(code(&h.get_public("agreement/request/read", &[("reference", &reference)]).await), "SERVICE-000");
}
