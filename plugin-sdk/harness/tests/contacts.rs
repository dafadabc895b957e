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
