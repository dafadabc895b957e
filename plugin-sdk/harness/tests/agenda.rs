//! The agenda plugin in the real runtime against a real database, on both engines
//! (`VOLANTE_TEST_DATABASE_URL`): events with the staff they concern, checked off; tasks with
//! their owner, due date and priority, checked off with who and when; the checks that refuse bad
//! input and change nothing; the two services' permissions and the business boundary.

use serde_json::{json, Value};
use volante_plugin_harness::{code, fields, ok, Harness};

async fn user_id(h: &Harness, email: &str) -> i64 {
    let (id,): (i64,) = sqlx::query_as("SELECT user_id FROM app_user WHERE email = $1").bind(email).fetch_one(&h.state.db.pool).await.unwrap();
    id
}

fn titles(page: &Value) -> Vec<String> {
    page["items"].as_array().unwrap().iter().map(|i| i["title"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn events_and_tasks_checked_off() {
    let h = Harness::start("plugins/agenda").await.unwrap();
    let teacher = user_id(&h, "profesor@autoescuela-demo.es").await;
    let director = user_id(&h, "director@autoescuela-demo.es").await;
    let staff = ok(&h.get("schedule/staff", &[]).await).clone();
    assert!(staff.as_array().unwrap().iter().any(|m| m["user_id"] == teacher && m["name"] == "Pablo Profesor Demo"), "{staff}");

    // Events: every bad field at once; nothing stored.
    let bad = h.post("schedule/create", json!({ "title": " ", "date": "2026-02-30", "start_time": "10:00", "end_time": "09:00", "user_ids": [teacher, 999_999] })).await;
    assert_eq!(fields(&bad), ["title", "date", "end_time", "user_ids[1]"]);
    assert_eq!(fields(&h.post("schedule/create", json!({ "title": "Sin inicio", "date": "2099-01-01", "end_time": "09:00" })).await), ["end_time"]);
    assert_eq!(ok(&h.get("schedule/read", &[("state", "all")]).await)["total"], 0);

    let meeting = ok(&h
        .post("schedule/create", json!({ "title": "Reunión de profesores", "date": "2099-01-12", "start_time": "09:00", "end_time": "10:00", "place": "Aula 1", "user_ids": [teacher, director, teacher], "checked": true }))
        .await)
    .clone();
    assert_eq!((meeting["checked"].as_bool(), meeting["created_by"].as_i64()), (Some(false), Some(director)));
    assert_eq!(meeting["users"].as_array().unwrap().len(), 2);
    let meeting = meeting["id"].as_i64().unwrap();
    ok(&h.post("schedule/create", json!({ "title": "Exámenes en la Jefatura", "date": "2099-01-14" })).await);
    ok(&h.post("schedule/create", json!({ "title": "Inventario", "date": "2099-02-01", "user_ids": [director] })).await);

    // A week, the teacher's, and checked off (toggled, or set).
    let week = ok(&h.get("schedule/read", &[("from", "2099-01-12"), ("to", "2099-01-18")]).await).clone();
    assert_eq!(titles(&week), ["Reunión de profesores", "Exámenes en la Jefatura"]);
    assert_eq!(week["items"][1]["start_time"], json!(null));
    let mine = ok(&h.get("schedule/read", &[("user_id", &teacher.to_string())]).await).clone();
    assert_eq!(titles(&mine), ["Reunión de profesores"]);
    assert_eq!(titles(ok(&h.get("schedule/read", &[("user_id", "me")]).await)), ["Reunión de profesores", "Inventario"]);
    assert_eq!(ok(&h.post("schedule/check", json!({ "id": meeting })).await)["checked"], true);
    assert_eq!(ok(&h.post("schedule/check", json!({ "id": meeting, "checked": true })).await)["checked"], true);
    assert_eq!(titles(ok(&h.get("schedule/read", &[("checked", "false")]).await)), ["Exámenes en la Jefatura", "Inventario"]);
    let moved = ok(&h.post("schedule/update", json!({ "id": meeting, "date": "2099-01-13", "checked": false })).await).clone();
    assert_eq!((moved["date"].as_str(), moved["checked"].as_bool()), (Some("2099-01-13"), Some(true)));
    ok(&h.post("schedule/delete", json!({ "id": meeting })).await);
    assert_eq!(ok(&h.get("schedule/read", &[]).await)["total"], 2);
    assert_eq!(code(&h.post("schedule/check", json!({ "id": meeting })).await), "CONFLICT-000");

    // Tasks: the caller's unless said whose; done with who and when.
    let bad = h.post("task/create", json!({ "title": "", "due_date": "mañana", "priority": "urgent", "assignee_user_id": 999_999 })).await;
    assert_eq!(code(&bad), "REQ-102");
    let own = ok(&h.post("task/create", json!({ "title": "Renovar el seguro", "due_date": "2020-01-01", "priority": "high" })).await).clone();
    assert_eq!((own["assignee_user_id"].as_i64(), own["overdue"].as_bool(), own["priority"].as_str()), (Some(director), Some(true), Some("high")));
    let own = own["id"].as_i64().unwrap();
    let theirs = ok(&h.post("task/create", json!({ "title": "Preparar el coche", "due_date": "2099-01-10", "assignee_user_id": teacher })).await).clone();
    assert_eq!((theirs["assignee_name"].as_str(), theirs["overdue"].as_bool()), (Some("Pablo Profesor Demo"), Some(false)));
    ok(&h.post("task/create", json!({ "title": "Sin dueño", "assignee_user_id": null })).await);
    assert_eq!(titles(ok(&h.get("task/read", &[("assignee_user_id", "me")]).await)), ["Renovar el seguro"]);
    assert_eq!(titles(ok(&h.get("task/read", &[("due_to", "2099-01-31")]).await)), ["Renovar el seguro", "Preparar el coche"]);

    let done = ok(&h.post("task/check", json!({ "id": own })).await).clone();
    assert_eq!((done["checked"].as_bool(), done["checked_by"].as_i64(), done["overdue"].as_bool()), (Some(true), Some(director), Some(false)));
    assert!(done["checked_at"].as_str().is_some_and(|t| t.ends_with('Z')));
    // Done ones go last; undone clears who and when.
    assert_eq!(titles(ok(&h.get("task/read", &[]).await)).last().map(String::as_str), Some("Renovar el seguro"));
    assert_eq!(titles(ok(&h.get("task/read", &[("checked", "true")]).await)), ["Renovar el seguro"]);
    let undone = ok(&h.post("task/check", json!({ "id": own, "checked": false })).await).clone();
    assert_eq!((&undone["checked_at"], &undone["checked_by"]), (&json!(null), &json!(null)));
    // Update cannot fake the check.
    let edited = ok(&h.post("task/update", json!({ "id": own, "title": "Renovar el seguro del Ibiza", "checked": true, "checked_by": teacher })).await).clone();
    assert_eq!((edited["title"].as_str(), edited["checked"].as_bool()), (Some("Renovar el seguro del Ibiza"), Some(false)));

    // Each service's own permission; another business sees nothing.
    let token = h.teacher_token().await.unwrap();
    assert_eq!(code(&h.get_as(&token, "task/read", &[]).await), "PERMISSION-000");
    assert_eq!(code(&h.get_as(&token, "schedule/staff", &[]).await), "PERMISSION-000");
    assert_eq!(code(&h.get_as(&h.other_token, "task/read", &[("id", &own.to_string())]).await), "NOT-FOUND-000");
    assert_eq!(ok(&h.get_as(&h.other_token, "schedule/read", &[]).await)["total"], 0);
}

#[tokio::test]
async fn an_event_reminds_the_staff_it_concerns() {
    let h = Harness::start("plugins/agenda").await.unwrap();
    let director = user_id(&h, "director@autoescuela-demo.es").await;
    let timer = |id: i64| {
        let pool = h.state.db.pool.clone();
        async move {
            sqlx::query_as::<_, (String,)>("SELECT due_at FROM plugin_timer WHERE plugin_id = 'agenda' AND timer_key = $1")
                .bind(format!("event:{id}"))
                .fetch_optional(&pool)
                .await
                .unwrap()
                .map(|(at,)| at)
        }
    };
    assert_eq!(fields(&h.post("schedule/create", json!({ "title": "Claustro", "date": "2099-07-15", "reminder_minutes": 7 })).await), ["reminder_minutes"]);
    // 10:00 in summer (UTC+2) less 30 minutes.
    let event = ok(&h.post("schedule/create", json!({ "title": "Claustro", "date": "2099-07-15", "start_time": "10:00", "place": "Aula 1", "user_ids": [director], "reminder_minutes": 30 })).await).clone();
    let id = event["id"].as_i64().unwrap();
    assert_eq!(event["reminder_minutes"], 30);
    assert_eq!(timer(id).await.as_deref(), Some("2099-07-15T07:30:00.000Z"));
    ok(&h.post("schedule/update", json!({ "id": id, "start_time": "11:00" })).await);
    assert_eq!(timer(id).await.as_deref(), Some("2099-07-15T08:30:00.000Z"));

    // Its time comes: the director is told in the browser.
    let mut stream = h.realtime(&h.token).await;
    assert_eq!(stream.next(std::time::Duration::from_secs(5)).await.map(|e| e.0).as_deref(), Some("ready"));
    sqlx::query("UPDATE plugin_timer SET due_at = '2000-01-01T00:00:00.000Z' WHERE timer_key = $1").bind(format!("event:{id}")).execute(&h.state.db.pool).await.unwrap();
    let (name, notice) = stream.next_push(std::time::Duration::from_secs(10)).await.expect("the reminder is pushed");
    assert_eq!((name.as_str(), notice["title"].as_str(), notice["link"].as_str()), ("agenda.notice", Some("Claustro"), Some(format!("/schedule/view/{id}").as_str())));
    assert_eq!(notice["body"], "15/07/2099 a las 11:00 · Aula 1");

    // Held, or deleted: no reminder waits.
    let other = ok(&h.post("schedule/create", json!({ "title": "Visita", "date": "2099-07-16", "reminder_minutes": 60 })).await)["id"].as_i64().unwrap();
    assert!(timer(other).await.is_some());
    ok(&h.post("schedule/check", json!({ "id": other, "checked": true })).await);
    assert_eq!(timer(other).await, None);
    ok(&h.post("schedule/check", json!({ "id": other, "checked": false })).await);
    assert!(timer(other).await.is_some());
    ok(&h.post("schedule/delete", json!({ "id": other })).await);
    assert_eq!(timer(other).await, None);
}
