//! The harness on a real plugin: what a plugin author's tests look like.

use serde_json::json;
use volante_plugin_harness::Harness;

#[tokio::test]
async fn contacts_through_the_harness() {
    let h = Harness::start("plugins/contacts").await.unwrap();
    let created = h.post("contact/create", json!({ "type": "E", "trade_name": "Talleres Núñez", "fiscal_code": "B12345674" })).await;
    assert_eq!(created["success"], true, "{created}");
    let found = h.get("contact/finder", &[("search", "nunez")]).await;
    assert!(found["data"].to_string().contains("Talleres Núñez"), "{found}");
    // The other business sees none of it.
    let other = h.get_as(&h.other_token, "contact/finder", &[("search", "nunez")]).await;
    assert_eq!(other["data"], json!([]), "{other}");
    // The teacher has no contact permission.
    let teacher = h.teacher_token().await.unwrap();
    let denied = h.post_as(&teacher, "contact/readall", json!({})).await;
    assert_eq!(denied["error"][0]["code"], "PERMISSION-000", "{denied}");
}

#[tokio::test]
async fn contact_notification_goes_out_by_mail() {
    let h = Harness::start("plugins/contacts").await.unwrap();
    let created = h.post("contact/create", json!({ "type": "P", "first_name": "Nora", "email": "nora@example.es" })).await;
    let id = created["data"]["id"].as_i64().unwrap_or_else(|| panic!("{created}"));
    let sent = h.post("contact/notification", json!({ "id": id, "subject": "Clase de mañana", "message": "A las {{ 9 }}, sin plantillas." })).await;
    assert_eq!(sent["success"], true, "{sent}");
    let outbox = h.state.config.data_dir.join("outbox");
    let mails: Vec<String> = std::fs::read_dir(&outbox)
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .filter(|m| m.contains("nora@example.es"))
        .collect();
    assert_eq!(mails.len(), 1, "one message to the contact");
    // The user's text is data, not template source: it arrives as written.
    assert!(mails[0].contains("{{ 9 }}") || mails[0].contains("{{=209 }}"), "{}", mails[0]);
}
