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

/// Suppliers (`provider/`): contacts with the provider relation under their own calls, with their
/// own groups; a client is not found there, nor a supplier's group among the clients' groups.
#[tokio::test]
async fn suppliers_and_their_groups() {
    use volante_plugin_harness::{code, ok};
    let h = Harness::start("plugins/contacts").await.unwrap();
    let names = |page: &serde_json::Value| -> Vec<String> {
        page["items"].as_array().unwrap().iter().map(|i| i["display_name"].as_str().unwrap().to_string()).collect()
    };

    // Bad input is refused with its fields, and nothing is stored.
    let bad = h.post("provider/create", json!({ "fiscal_code": "B1234", "email": "no" })).await;
    assert_eq!(code(&bad), "REQ-102");
    assert_eq!(ok(&h.get("provider/read", &[("state", "all")]).await)["total"], 0);

    let garage = ok(&h.post("provider/create", json!({ "trade_name": "Talleres Núñez", "fiscal_code": "B12345674", "relation": "client" })).await).clone();
    assert_eq!((garage["type"].as_str(), garage["relation"].as_str()), (Some("E"), Some("provider")));
    let garage = garage["id"].as_i64().unwrap();
    let books = ok(&h.post("provider/create", json!({ "fiscal_name": "Editorial Vial SL" })).await)["id"].as_i64().unwrap();
    let client = ok(&h.post("contact/create", json!({ "type": "P", "first_name": "Lucía", "last_name": "Sanz" })).await)["id"].as_i64().unwrap();

    // Only suppliers, by name, searchable; a client is not one.
    assert_eq!(names(ok(&h.get("provider/read", &[]).await)), ["Editorial Vial SL", "Talleres Núñez"]);
    assert_eq!(names(ok(&h.get("provider/read", &[("search", "nunez")]).await)), ["Talleres Núñez"]);
    assert_eq!(code(&h.get("provider/read", &[("id", &client.to_string())]).await), "NOT-FOUND-000");
    assert_eq!(code(&h.post("provider/update", json!({ "id": client, "trade_name": "X" })).await), "NOT-FOUND-000");
    let renamed = ok(&h.post("provider/update", json!({ "id": garage, "trade_name": "Talleres Núñez e Hijos", "relation": "client" })).await).clone();
    assert_eq!((renamed["display_name"].as_str(), renamed["relation"].as_str()), (Some("Talleres Núñez e Hijos"), Some("provider")));
    assert_eq!(ok(&h.post("provider/state", json!({ "id": books })).await)["state"], "inactive");

    // Suppliers' groups hold suppliers only and stay apart from the clients' groups.
    let group = ok(&h.post("provider/group/create", json!({ "name": "Talleres" })).await).clone();
    assert_eq!(group["relation"], "provider");
    let group = group["id"].as_i64().unwrap();
    ok(&h.post("contact/group/create", json!({ "name": "Alumnos 2026" })).await);
    let refused = h.post("provider/group/settings/add", json!({ "group_id": group, "contact_ids": [garage, client] })).await;
    assert_eq!(code(&refused), "NOT-FOUND-000");
    assert_eq!(ok(&h.get("provider/group/read", &[("id", &group.to_string())]).await)["contact_ids"], json!([]));
    assert_eq!(ok(&h.post("provider/group/settings/add", json!({ "group_id": group, "contact_ids": [garage] })).await)["members"], 1);
    let groups = ok(&h.get("provider/group/read", &[]).await).clone();
    assert_eq!((groups["total"].as_i64(), groups["items"][0]["name"].as_str(), groups["items"][0]["members"].as_i64()), (Some(1), Some("Talleres"), Some(1)));
    let client_groups = ok(&h.get("contact/group/read", &[]).await).clone();
    assert_eq!((client_groups["total"].as_i64(), client_groups["items"][0]["name"].as_str()), (Some(1), Some("Alumnos 2026")));
    assert_eq!(code(&h.get("contact/group/read", &[("id", &group.to_string())]).await), "NOT-FOUND-000");
    assert_eq!(names(ok(&h.get("provider/read", &[("group_id", &group.to_string())]).await)), ["Talleres Núñez e Hijos"]);
    assert_eq!(ok(&h.get("provider/read", &[("id", &garage.to_string())]).await)["groups"], json!([{ "id": group, "name": "Talleres" }]));
    assert_eq!(ok(&h.post("provider/group/settings/remove", json!({ "group_id": group, "contact_id": garage })).await)["members"], 0);
    assert_eq!(ok(&h.post("provider/group/delete", json!({ "id": group })).await)["state"], "deleted");
    assert_eq!(ok(&h.post("provider/delete", json!({ "id": books })).await)["state"], "deleted");
    assert_eq!(names(ok(&h.get("provider/read", &[]).await)), ["Talleres Núñez e Hijos"]);

    // The other business sees none of them; the teacher lacks the permission.
    assert_eq!(ok(&h.get_as(&h.other_token, "provider/read", &[]).await)["total"], 0);
    let teacher = h.teacher_token().await.unwrap();
    assert_eq!(code(&h.get_as(&teacher, "provider/read", &[]).await), "PERMISSION-000");
}
