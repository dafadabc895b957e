//! A business's mail layouts (`mail/layout/*`): their rules, the business boundary and the
//! permission. How a layout dresses a plugin's mail is in `plugins.rs`.

use serde_json::{json, Value};

use crate::helpers::*;

fn field(answer: &Value) -> String {
    answer["error"][0]["data"]["field"].as_str().unwrap_or_default().to_string()
}

#[tokio::test]
async fn mail_layouts_are_kept_per_business_with_one_default() {
    let app = TestApp::spawn().await;
    let director = app.director().await;
    let count = "SELECT COUNT(*) FROM mail_layout";

    // The first layout becomes the default by itself; the second does not.
    let first = app
        .post(
            "mail/layout/create",
            Some(&director),
            json!({ "name": "General", "sender_name": "Autoescuela Demo", "reply_to": "Secretaria@Autoescuela-Demo.es", "header": "Autoescuela Demo", "footer": "C/ Mayor 1\nMadrid" }),
        )
        .await;
    let first = assert_ok(&first).clone();
    assert_eq!(first["is_default"], true, "{first}");
    assert_eq!(first["reply_to"], "secretaria@autoescuela-demo.es");
    assert_eq!(first["footer"], "C/ Mayor 1\nMadrid");
    let first_id = first["layout_id"].as_i64().unwrap();
    let second = app.post("mail/layout/create", Some(&director), json!({ "name": "Campañas" })).await;
    let second_id = assert_ok(&second)["layout_id"].as_i64().unwrap();
    assert_eq!(second["data"]["is_default"], false);
    assert_eq!((second["data"]["sender_name"].as_str(), second["data"]["footer"].as_str()), (Some(""), Some("")));

    // Refusals change nothing.
    for (body, code, at) in [
        (json!({ "name": "general" }), "CONFLICT-000", "name"),
        (json!({ "name": "  " }), "REQ-102", "name"),
        (json!({ "sender_name": "Sin nombre" }), "REQ-102", "name"),
        (json!({ "name": "Otra", "reply_to": "no es correo" }), "REQ-102", "reply_to"),
        (json!({ "name": "Otra", "sender_name": "Demo <falsa@x.es>" }), "REQ-102", "sender_name"),
        (json!({ "name": "Otra", "footer": "x".repeat(4001) }), "REQ-102", "footer"),
    ] {
        let refused = app.post("mail/layout/create", Some(&director), body.clone()).await;
        assert_eq!((error_code(&refused), field(&refused)), (code.to_string(), at.to_string()), "{body}: {refused}");
    }
    let renamed = app.post("mail/layout/update", Some(&director), json!({ "layout_id": second_id, "name": "GENERAL" })).await;
    assert_eq!(error_code(&renamed), "CONFLICT-000");
    assert_eq!(app.count(count).await, 2);

    // The list: the default first. One by id.
    let list = app.get("mail/layout/read", Some(&director), &[]).await;
    let names: Vec<&str> = assert_ok(&list)["items"].as_array().unwrap().iter().map(|l| l["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["General", "Campañas"]);
    let one = app.get("mail/layout/read", Some(&director), &[("layout_id", &second_id.to_string())]).await;
    assert_eq!(assert_ok(&one)["name"], "Campañas");
    let unknown = app.get("mail/layout/read", Some(&director), &[("layout_id", "999999")]).await;
    assert_eq!(error_code(&unknown), "NOT-FOUND-000");
    assert!(unknown.to_string().contains("Plantilla no encontrada"), "{unknown}");

    // Moving the default; the fields sent change, the others stay.
    let moved = app.post("mail/layout/update", Some(&director), json!({ "layout_id": second_id, "is_default": true, "footer": "Pie nuevo" })).await;
    assert_eq!((assert_ok(&moved)["is_default"].as_bool(), moved["data"]["footer"].as_str(), moved["data"]["name"].as_str()), (Some(true), Some("Pie nuevo"), Some("Campañas")));
    let first_now = app.get("mail/layout/read", Some(&director), &[("layout_id", &first_id.to_string())]).await;
    assert_eq!(assert_ok(&first_now)["is_default"], false);
    assert_eq!(app.count("SELECT COUNT(*) FROM mail_layout WHERE is_default = TRUE").await, 1);
    assert_eq!(app.count("SELECT COUNT(*) FROM audit_log WHERE target_kind = 'mail_layout'").await, 3);

    // Another business neither sees nor touches them; its first layout is its own default.
    let (rival, _) = app.second_business().await;
    let theirs = app.get("mail/layout/read", Some(&rival), &[]).await;
    assert_eq!(assert_ok(&theirs)["items"], json!([]));
    let foreign = app.get("mail/layout/read", Some(&rival), &[("layout_id", &first_id.to_string())]).await;
    assert_eq!(error_code(&foreign), "NOT-FOUND-000");
    let foreign = app.post("mail/layout/delete", Some(&rival), json!({ "layout_id": first_id })).await;
    assert_eq!(error_code(&foreign), "NOT-FOUND-000");
    let own = app.post("mail/layout/create", Some(&rival), json!({ "name": "General" })).await;
    assert_eq!(assert_ok(&own)["is_default"], true, "names and defaults are per business");

    // Without business.general: refused.
    let teacher = app.teacher().await;
    let refused = app.get("mail/layout/read", Some(&teacher), &[]).await;
    assert_eq!(error_code(&refused), "PERMISSION-000");
    let refused = app.post("mail/layout/create", Some(&teacher), json!({ "name": "Mía" })).await;
    assert_eq!(error_code(&refused), "PERMISSION-000");

    // Deleting the default leaves the business without one.
    assert_ok(&app.post("mail/layout/delete", Some(&director), json!({ "layout_id": second_id })).await);
    let school = app.demo.school_business_id;
    assert_eq!(app.count(&format!("SELECT COUNT(*) FROM mail_layout WHERE business_id = {school} AND is_default = TRUE")).await, 0);
    assert_eq!(app.count(&format!("SELECT COUNT(*) FROM mail_layout WHERE business_id = {school}")).await, 1);
}
