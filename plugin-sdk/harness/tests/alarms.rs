//! The alarms plugin in the real runtime against a real database, on both engines
//! (`VOLANTE_TEST_DATABASE_URL`): alarms checked and scheduled through the host's timers, going off
//! (the timer's time moved to the past stands for the clock reaching it) with a notice for each
//! person, pushed to their open realtime stream and mailed, then waiting for their next time;
//! notices dismissed; groups; deleting an alarm takes its timer away; another business sees none.

use std::time::Duration;

use serde_json::{json, Value};
use volante_plugin_harness::{code, fields, ok, Harness};

async fn user_id(h: &Harness, email: &str) -> i64 {
    let (id,): (i64,) = sqlx::query_as("SELECT user_id FROM app_user WHERE email = $1").bind(email).fetch_one(&h.state.db.pool).await.unwrap();
    id
}

/// The alarm's timer in the host: its due time, if any.
async fn timer(h: &Harness, id: i64) -> Option<String> {
    sqlx::query_as::<_, (String,)>("SELECT due_at FROM plugin_timer WHERE plugin_id = 'alarms' AND timer_key = $1")
        .bind(format!("alarm:{id}"))
        .fetch_optional(&h.state.db.pool)
        .await
        .unwrap()
        .map(|(at,)| at)
}

/// Wait until `check` holds (the host's timer poller runs every 200 ms here).
async fn until<F: Fn(&Value) -> bool>(h: &Harness, path: &str, check: F) -> Value {
    for _ in 0..50 {
        let answer = ok(&h.get(path, &[]).await).clone();
        if check(&answer) {
            return answer;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("{path} never reached the expected state");
}

#[tokio::test]
async fn alarms_go_off_at_their_time_and_repeat() {
    let h = Harness::start("plugins/alarms").await.unwrap();
    let director = user_id(&h, "director@autoescuela-demo.es").await;
    let teacher = user_id(&h, "profesor@autoescuela-demo.es").await;

    // Bad input: every field at once, nothing stored.
    let bad = h
        .post("alarma/create", json!({ "title": " ", "date": "2027-02-30", "time": "25:00", "repeat": "hourly", "user_ids": [director, 999_999], "link": "https://example.com", "group_id": 77 }))
        .await;
    assert_eq!(fields(&bad), ["title", "date", "time", "repeat", "user_ids[1]", "group_id", "link"]);
    let past = h.post("alarma/create", json!({ "title": "Ayer", "date": "2020-01-01", "time": "09:00" })).await;
    assert_eq!((fields(&past), past["error"][0]["details"].as_str()), (vec!["time".to_string()], Some("La fecha y hora del aviso ya han pasado")));
    assert_eq!(ok(&h.get("alarma/read", &[]).await)["total"], 0);

    // A group; names are unique.
    let group = ok(&h.post("alarma/group/create", json!({ "name": "ITV", "color": "#ff0000" })).await).clone();
    assert_eq!(group["color"], "#ff0000");
    assert_eq!(code(&h.post("alarma/group/create", json!({ "name": "ITV" })).await), "CONFLICT-000");

    // A daily alarm from 2099: scheduled with the host for its first time (09:00 in winter: 08:00 UTC).
    let alarm = ok(&h
        .post("alarma/create", json!({ "title": "ITV del Ibiza", "description": "Llevar la ficha técnica", "date": "2099-01-12", "time": "09:00",
            "repeat": "daily", "user_ids": [teacher, director, teacher], "send_mail": true, "link": "/vehicle/view/3", "group_id": group["id"] }))
        .await)
    .clone();
    let id = alarm["id"].as_i64().unwrap();
    assert_eq!((alarm["next_at"].as_str(), alarm["group"]["name"].as_str()), (Some("2099-01-12T08:00:00Z"), Some("ITV")));
    assert_eq!(alarm["users"].as_array().unwrap().len(), 2);
    assert_eq!(timer(&h, id).await.as_deref(), Some("2099-01-12T08:00:00.000Z"));
    // Without anybody named, the creator is notified.
    let own = ok(&h.post("alarma/create", json!({ "title": "Llamar a la DGT", "date": "2099-03-01", "time": "10:30" })).await).clone();
    assert_eq!(own["user_ids"], json!([director]));
    assert_eq!(ok(&h.get("alarma/read", &[("user_id", &teacher.to_string())]).await)["total"], 1);

    // Moved: the timer follows.
    ok(&h.post("alarma/update", json!({ "id": own["id"], "time": "11:00" })).await);
    assert_eq!(timer(&h, own["id"].as_i64().unwrap()).await.as_deref(), Some("2099-03-01T10:00:00.000Z"));

    // The clock reaches the first alarm: its notice is pushed to the open stream, mailed, kept.
    let mut stream = h.realtime(&h.token).await;
    assert_eq!(stream.next(Duration::from_secs(5)).await.map(|e| e.0).as_deref(), Some("ready"));
    sqlx::query("UPDATE plugin_timer SET due_at = '2000-01-01T00:00:00.000Z' WHERE timer_key = $1")
        .bind(format!("alarm:{id}"))
        .execute(&h.state.db.pool)
        .await
        .unwrap();
    let (name, pushed) = stream.next_push(Duration::from_secs(10)).await.expect("the notice is pushed");
    assert_eq!((name.as_str(), pushed["title"].as_str(), pushed["link"].as_str()), ("alarms.notice", Some("ITV del Ibiza"), Some("/vehicle/view/3")));
    let notices = until(&h, "alarma/notice/read", |n| n["total"] == 1).await;
    assert_eq!(notices["items"][0]["id"], pushed["notice"]["id"]);
    let mails: Vec<String> = h.outbox().into_iter().filter(|m| m.contains("Alarma: ITV del Ibiza")).collect();
    for person in ["profesor@autoescuela-demo.es", "director@autoescuela-demo.es"] {
        let mail = mails.iter().find(|m| m.contains(&format!("To: {person}"))).unwrap_or_else(|| panic!("no mail to {person}: {mails:?}"));
        assert!(mail.contains("/vehicle/view/3") && mail.contains("Llevar la ficha"), "{mail}");
    }
    // It waits for its next time: the day after.
    let fired = until(&h, &format!("alarma/read?id={id}"), |a| a["last_fired_at"].is_string()).await;
    assert_eq!(fired["next_at"], "2099-01-13T08:00:00Z");
    assert_eq!(timer(&h, id).await.as_deref(), Some("2099-01-13T08:00:00.000Z"));

    // Notices are dismissed one by one or all at once; only one's own.
    let teacher_token = h.teacher_token().await.unwrap();
    assert_eq!(code(&h.get_as(&teacher_token, "alarma/notice/read", &[]).await), "PERMISSION-000");
    let notice = notices["items"][0]["id"].as_i64().unwrap();
    assert_eq!(code(&h.post_as(&h.other_token, "alarma/notice/dismiss", json!({ "id": notice })).await), "NOT-FOUND-000");
    assert_eq!(ok(&h.post("alarma/notice/dismiss", json!({ "id": notice })).await)["dismissed"], 1);
    assert_eq!(ok(&h.get("alarma/notice/read", &[]).await)["total"], 0);
    assert_eq!(ok(&h.post("alarma/notice/dismiss", json!({ "all": true })).await)["dismissed"], 0);

    // Deleting an alarm takes its timer away; a deleted group leaves its alarms without one.
    ok(&h.post("alarma/group/delete", json!({ "id": group["id"] })).await);
    assert_eq!(ok(&h.get("alarma/read", &[("id", &id.to_string())]).await)["group"], Value::Null);
    ok(&h.post("alarma/delete", json!({ "id": id })).await);
    assert_eq!(timer(&h, id).await, None);
    assert_eq!(code(&h.post("alarma/update", json!({ "id": id, "title": "Otra" })).await), "CONFLICT-000");

    // Another business sees none of it.
    assert_eq!(code(&h.get_as(&h.other_token, "alarma/read", &[("id", &id.to_string())]).await), "NOT-FOUND-000");
    assert_eq!(ok(&h.get_as(&h.other_token, "alarma/read", &[]).await)["total"], 0);
}
