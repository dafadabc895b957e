//! The provider's notifications to the schools and the business groups they go to: only the
//! provider's administrators write them; each school's staff read theirs in their inbox (to every
//! school, or to their school's group), live through the realtime stream; a group cannot go while
//! notifications are addressed to it; `business/status` suspends a school's sessions.

use std::time::Duration;

use serde_json::{json, Value};

use crate::helpers::*;

/// The next event of a realtime stream within `wait`: `(name, data)`.
async fn next_event(response: &mut reqwest::Response, buffer: &mut String, wait: Duration) -> Option<(String, Value)> {
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        if let Some(end) = buffer.find("\n\n") {
            let block: String = buffer.drain(..end + 2).collect();
            let name = block.lines().find_map(|l| l.strip_prefix("event:")).map(|v| v.trim().to_string());
            let data = block.lines().find_map(|l| l.strip_prefix("data:")).map(|v| v.trim().to_string());
            if let (Some(name), Some(data)) = (name, data) {
                return Some((name, serde_json::from_str(&data).unwrap_or(Value::Null)));
            }
            continue;
        }
        let chunk = tokio::time::timeout_at(deadline, response.chunk()).await.ok()?.ok()??;
        buffer.push_str(&String::from_utf8_lossy(&chunk));
    }
}

fn titles(inbox: &Value) -> Vec<String> {
    inbox["items"].as_array().unwrap().iter().map(|n| n["title"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn the_provider_notifies_the_schools_by_group() {
    let app = TestApp::spawn().await;
    let provider = app.provider().await;
    let director = app.director().await;
    let (rival, rival_id) = app.second_business().await;

    // Only the provider's administrators.
    for (path, body) in [
        ("notifications/create", json!({ "title": "Hola" })),
        ("notifications/readall", json!({})),
        ("business/group/create", json!({ "name": "Norte" })),
        ("business/status", json!({ "business_id": rival_id, "status": "suspended" })),
    ] {
        assert_eq!(error_code(&app.post(path, Some(&director), body).await), "PERMISSION-000", "{path}");
    }
    assert_eq!(app.count("SELECT COUNT(*) FROM notification").await, 0);

    // A business group with the second school in it.
    let group = assert_ok(&app.post("business/group/create", Some(&provider), json!({ "name": "Franquicia Norte" })).await).clone();
    let group_id = group["group_id"].as_i64().unwrap();
    assert_eq!(error_code(&app.post("business/group/create", Some(&provider), json!({ "name": "franquicia norte" })).await), "CONFLICT-000");
    let assigned = assert_ok(&app.post("business/assign/group/update", Some(&provider), json!({ "business_id": rival_id, "group_id": group_id })).await).clone();
    assert_eq!(assigned["group_name"], "Franquicia Norte");
    let groups = assert_ok(&app.get("business/group/readgroup", Some(&provider), &[]).await).clone();
    assert_eq!(groups, json!([{ "group_id": group_id, "name": "Franquicia Norte", "businesses": 1 }]));

    // Bad notifications change nothing.
    let bad = app.post("notifications/create", Some(&provider), json!({ "title": " ", "level": "loud" })).await;
    assert_eq!(error_code(&bad), "REQ-102");
    assert_eq!(app.count("SELECT COUNT(*) FROM notification").await, 0);

    // One to every school, one to the group: the director's open stream hears the first only.
    let mut stream = app.client.get(format!("{}/api/realtime", app.url)).query(&[("token", &director)]).send().await.unwrap();
    let mut buffer = String::new();
    assert_eq!(next_event(&mut stream, &mut buffer, Duration::from_secs(5)).await.map(|e| e.0).as_deref(), Some("ready"));
    let category = assert_ok(&app.post("notifications/group/create", Some(&provider), json!({ "name": "Mantenimiento" })).await)["group_id"].as_i64().unwrap();
    let all = assert_ok(
        &app.post("notifications/create", Some(&provider), json!({ "title": "Parada el domingo", "body": "De 2:00 a 4:00", "level": "warning", "group_id": category }))
            .await,
    )
    .clone();
    assert_eq!((all["group"]["name"].as_str(), all["business_group"].clone(), all["reads"].as_i64()), (Some("Mantenimiento"), Value::Null, Some(0)));
    let (name, pushed) = next_event(&mut stream, &mut buffer, Duration::from_secs(5)).await.expect("the school hears of it");
    assert_eq!((name.as_str(), pushed["title"].as_str(), pushed["level"].as_str()), ("volante.notification", Some("Parada el domingo"), Some("warning")));
    let north = assert_ok(&app.post("notifications/create", Some(&provider), json!({ "title": "Reunión de la franquicia", "business_group_id": group_id })).await).clone();
    assert!(next_event(&mut stream, &mut buffer, Duration::from_millis(700)).await.is_none(), "not the director's group");

    // Each school's inbox.
    let inbox = assert_ok(&app.get("notifications/inbox", Some(&director), &[]).await).clone();
    assert_eq!((titles(&inbox), inbox["unread"].as_i64()), (vec!["Parada el domingo".to_string()], Some(1)));
    let theirs = assert_ok(&app.get("notifications/inbox", Some(&rival), &[]).await).clone();
    assert_eq!((titles(&theirs), theirs["unread"].as_i64()), (vec!["Reunión de la franquicia".to_string(), "Parada el domingo".to_string()], Some(2)));
    assert_eq!(assert_ok(&app.get("notifications/inbox", Some(&provider), &[]).await)["items"], json!([]));

    // Read by one user, not by the others; not another school's.
    let id = all["notification_id"].as_i64().unwrap();
    assert_eq!(error_code(&app.post("notifications/inbox/read", Some(&director), json!({ "notification_id": north["notification_id"] })).await), "NOT-FOUND-000");
    assert_eq!(assert_ok(&app.post("notifications/inbox/read", Some(&director), json!({ "notification_id": id })).await)["unread"], 0);
    assert_eq!(assert_ok(&app.get("notifications/inbox", Some(&director), &[]).await)["items"][0]["read"], true);
    assert_eq!(assert_ok(&app.get("notifications/inbox", Some(&rival), &[]).await)["unread"], 2);
    assert_eq!(assert_ok(&app.post("notifications/inbox/read", Some(&rival), json!({ "all": true })).await)["unread"], 0);
    assert_eq!(assert_ok(&app.get("notifications/read/{id}".replace("{id}", &id.to_string()).as_str(), Some(&provider), &[]).await)["reads"], 2);

    // The provider's list: search, category, pages.
    let found = assert_ok(&app.post("notifications/readall", Some(&provider), json!({ "search": "franquicia" })).await).clone();
    assert_eq!((found["total"].as_i64(), found["items"][0]["title"].as_str()), (Some(1), Some("Reunión de la franquicia")));
    assert_eq!(assert_ok(&app.post("notifications/readall", Some(&provider), json!({ "group_id": category })).await)["total"], 1);
    let page = assert_ok(&app.post("notifications/readall", Some(&provider), json!({ "per_page": 1, "page": 2 })).await).clone();
    assert_eq!((page["total"].as_i64(), page["items"][0]["title"].as_str()), (Some(2), Some("Parada el domingo")));

    // Edited; the group cannot go while a notification is addressed to it.
    let edited = assert_ok(&app.post("notifications/update", Some(&provider), json!({ "notification_id": id, "level": "urgent", "group_id": null })).await).clone();
    assert_eq!((edited["level"].as_str(), edited["group"].clone(), edited["title"].as_str()), (Some("urgent"), Value::Null, Some("Parada el domingo")));
    assert_eq!(error_code(&app.post("business/group/delete", Some(&provider), json!({ "group_id": group_id })).await), "CONFLICT-000");
    assert_ok(&app.post("notifications/delete", Some(&provider), json!({ "notification_id": north["notification_id"] })).await);
    assert_eq!(titles(assert_ok(&app.get("notifications/inbox", Some(&rival), &[]).await)), ["Parada el domingo"]);
    assert_ok(&app.post("business/group/delete", Some(&provider), json!({ "group_id": group_id })).await);
    assert_eq!(app.count(&format!("SELECT COUNT(*) FROM business WHERE business_id = {rival_id} AND group_id IS NOT NULL")).await, 0);
}

#[tokio::test]
async fn a_suspended_school_cannot_work_until_reactivated() {
    let app = TestApp::spawn().await;
    let provider = app.provider().await;
    let (rival, rival_id) = app.second_business().await;
    assert_ok(&app.get("business/read", Some(&rival), &[]).await);
    let bad = app.post("business/status", Some(&provider), json!({ "business_id": rival_id, "status": "closed" })).await;
    assert_eq!(error_code(&bad), "REQ-102");
    let suspended = assert_ok(&app.post("business/status", Some(&provider), json!({ "business_id": rival_id, "status": "suspended" })).await).clone();
    assert_eq!(suspended["status"], "suspended");
    assert_eq!(error_code(&app.get("business/read", Some(&rival), &[]).await), "SESSION-000");
    assert_ok(&app.post("business/status", Some(&provider), json!({ "business_id": rival_id, "status": "active" })).await);
    assert_ok(&app.get("business/read", Some(&rival), &[]).await);
    // The provider's own business is never suspended.
    let own = assert_ok(&app.get("business/read", Some(&provider), &[]).await)["business_id"].as_i64().unwrap();
    assert_eq!(error_code(&app.post("business/status", Some(&provider), json!({ "business_id": own, "status": "suspended" })).await), "REQ-102");
}
