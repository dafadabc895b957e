//! The rooms plugin (the virtual classroom) in the real runtime against a real database, on both
//! engines (`VOLANTE_TEST_DATABASE_URL`), with contacts for its students: rooms checked and stored
//! with their people, students' and inspectors' personal links (mailed on request), meetings
//! opened and ended on the business's video server, presence recorded from the staff's board and
//! the public links, the attendance report, who may do what, and the business boundary.

mod common;

use serde_json::{json, Value};
use volante_plugin_harness::{code, details, fields, ok, Harness};

async fn user_id(h: &Harness, email: &str) -> i64 {
    let (id,): (i64,) = sqlx::query_as("SELECT user_id FROM app_user WHERE email = $1").bind(email).fetch_one(&h.state.db.pool).await.unwrap();
    id
}

/// The reference at the end of a personal link (`…/aula/<reference>`).
fn reference(url: &Value) -> String {
    url.as_str().unwrap().rsplit_once("/aula/").unwrap().1.to_string()
}

fn names(list: &Value, key: &str) -> Vec<String> {
    list.as_array().unwrap().iter().map(|i| i[key].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn rooms_meetings_links_and_attendance() {
    let h = Harness::start_with(&["plugins/contacts".as_ref(), "plugins/rooms".as_ref()]).await.unwrap();
    let director = user_id(&h, "director@autoescuela-demo.es").await;
    let teacher = user_id(&h, "profesor@autoescuela-demo.es").await;
    let lucia = ok(&h.post("contact/create", json!({ "type": "P", "first_name": "Lucía", "last_name": "Pérez", "email": "lucia@example.com" })).await)["id"]
        .as_i64()
        .unwrap();
    let mario = ok(&h.post("contact/create", json!({ "type": "P", "first_name": "Mario", "last_name": "Ruiz", "email": "mario@example.com" })).await)["id"]
        .as_i64()
        .unwrap();
    let supplier = ok(&h.post("provider/create", json!({ "trade_name": "Talleres Sur", "fiscal_code": "B12345674" })).await)["id"]
        .as_i64()
        .unwrap();

    // Bad input: every field at once, nothing stored.
    let bad = h
        .post("athena/create", json!({ "name": " ", "teacher_id": 999_999, "starts_at": "2026-12-01T09:00", "ends_at": "2026-12-01T08:00", "member_ids": [999_998] }))
        .await;
    assert_eq!(fields(&bad), ["name", "teacher_id", "member_ids[0]", "ends_at"]);
    assert_eq!(fields(&h.post("athena/create", json!({ "name": "CAP", "teacher_id": teacher, "starts_at": "mañana" })).await), ["starts_at", "ends_at"]);
    let not_clients = h
        .post("athena/create", json!({ "name": "CAP", "teacher_id": teacher, "starts_at": "2026-12-01T09:00", "ends_at": "2026-12-01T14:00", "student_ids": [supplier, 888_888] }))
        .await;
    assert_eq!(fields(&not_clients), ["student_ids[0]", "student_ids[1]"], "{not_clients}");
    assert!(details(&not_clients).contains("no es un cliente"), "{not_clients}");
    assert_eq!(ok(&h.get("athena/read", &[("state", "all")]).await)["total"], 0);

    // A room: its teacher, a member (the teacher is not listed twice) and two students with links.
    let room = ok(&h
        .post("athena/create", json!({ "name": "CAP formación continua — diciembre", "description": "35 horas, aula virtual", "teacher_id": teacher,
            "starts_at": "2026-12-01 09:00", "ends_at": "2026-12-05T14:00", "member_ids": [director, teacher, director], "student_ids": [lucia, mario] }))
        .await)
    .clone();
    let id = room["id"].as_i64().unwrap();
    assert_eq!((room["starts_at"].as_str(), room["member_ids"].clone(), room["teacher_name"].as_str()), (Some("2026-12-01T09:00"), json!([director]), Some("Pablo Profesor Demo")));
    assert_eq!(names(&room["members"], "name"), ["Dolores Directora Demo"]);
    assert_eq!(names(&room["students"], "name"), ["Lucía Pérez", "Mario Ruiz"]);
    assert!(room["students"][0]["url"].as_str().unwrap().contains("/aula/"), "{room}");
    assert_eq!(room["meeting"], Value::Null);
    let lucia_ref = reference(&room["students"][0]["url"]);
    let mario_ref = reference(&room["students"][1]["url"]);

    // The video server: Jitsi's public one until the school sets its own.
    assert_eq!(ok(&h.get("athena/settings", &[]).await)["meeting_server"], "https://meet.jit.si");
    let staff = ok(&h.get("athena/staff", &[]).await).clone();
    assert!(names(&staff, "name").contains(&"Pablo Profesor Demo".to_string()), "{staff}");
    assert_eq!(fields(&h.post("athena/settings", json!({ "meeting_server": "meet.example.com" })).await), ["meeting_server"]);
    assert_eq!(ok(&h.post("athena/settings", json!({ "meeting_server": "https://video.autoescuela-demo.es/" })).await)["meeting_server"], "https://video.autoescuela-demo.es");

    // Inspectors: checked; a link, mailed on request; the mail carries it.
    assert_eq!(fields(&h.post("athena/create/inspector", json!({ "room_id": id, "name": "", "email": "no", "send": true })).await), ["name", "email"]);
    assert_eq!(fields(&h.post("athena/create/inspector", json!({ "room_id": id, "name": "Inspección", "send": true })).await), ["email"]);
    assert_eq!(code(&h.post("athena/create/inspector", json!({ "room_id": 999_999, "name": "X" })).await), "NOT-FOUND-000");
    let inspector = ok(&h
        .post("athena/create/inspector", json!({ "room_id": id, "name": "Marta Inspectora", "email": "inspeccion@dgt.example", "organisation": "Jefatura Provincial de Tráfico de Madrid", "send": true }))
        .await)
    .clone();
    let inspector_ref = reference(&inspector["url"]);
    let mail = h.outbox().into_iter().find(|m| m.contains("To: inspeccion@dgt.example")).expect("the inspector's mail");
    let text = common::mail_text(&mail);
    assert!(text.contains(&format!("/aula/{inspector_ref}")) && text.contains("CAP formación continua"), "{text}");
    let quiet = ok(&h.post("athena/create/inspector", json!({ "room_id": id, "name": "Segunda inspección" })).await)["id"].clone();
    assert_eq!(h.outbox().len(), 1);

    // The students' links by mail: all of them, or some; a place that is not a student's is refused.
    let lucia_place = room["students"][0]["id"].as_i64().unwrap();
    assert_eq!(fields(&h.post("athena/send/links", json!({ "room_id": id, "ids": [lucia_place, 999_999] })).await), ["ids[1]"]);
    let sent = ok(&h.post("athena/send/links", json!({ "room_id": id })).await).clone();
    assert_eq!((sent["sent"].as_i64(), sent["without_email"].clone()), (Some(2), json!([])));
    let mail = h.outbox().into_iter().find(|m| m.contains("To: lucia@example.com")).expect("Lucía's link");
    assert!(common::mail_text(&mail).contains(&format!("/aula/{lucia_ref}")), "{mail}");
    assert_eq!(ok(&h.post("athena/send/links", json!({ "room_id": id, "ids": [lucia_place] })).await)["sent"], 1);

    // Before a meeting: the links open the room, and nobody is recorded.
    let waiting = ok(&h.get_public("athena/join", &[("reference", &lucia_ref)]).await).clone();
    assert_eq!((waiting["kind"].as_str(), waiting["name"].as_str(), waiting["meeting"].clone()), (Some("student"), Some("Lucía Pérez"), Value::Null));
    assert_eq!(waiting["last_ended_at"], Value::Null);
    assert_eq!(code(&h.get_public("athena/join", &[("reference", "no-such-link")]).await), "NOT-FOUND-000");

    // The teacher (with `room`) opens the meeting on the school's server; asking again answers the same.
    let teacher_token = h.teacher_token().await.unwrap();
    assert_eq!(code(&h.post_as(&teacher_token, "athena/meet/create", json!({ "room_id": id })).await), "PERMISSION-000");
    let role: (i64,) = sqlx::query_as("SELECT role_id FROM app_user WHERE email = 'profesor@autoescuela-demo.es'").fetch_one(&h.state.db.pool).await.unwrap();
    sqlx::query("UPDATE role SET permissions = $1 WHERE role_id = $2").bind(r#"["room"]"#).bind(role.0).execute(&h.state.db.pool).await.unwrap();
    assert_eq!(code(&h.get_as(&teacher_token, "athena/read", &[]).await), "PERMISSION-000");
    let mine = ok(&h.get_as(&teacher_token, "athena/user/room", &[]).await).clone();
    assert_eq!((names(&mine, "name"), mine[0]["live"].as_bool()), (vec!["CAP formación continua — diciembre".to_string()], Some(false)));
    let meeting = ok(&h.post_as(&teacher_token, "athena/meet/create", json!({ "room_id": id })).await).clone();
    let url = meeting["url"].as_str().unwrap();
    assert!(url.starts_with("https://video.autoescuela-demo.es/volante-") && url.len() == "https://video.autoescuela-demo.es/volante-".len() + 32, "{url}");
    assert_eq!(meeting["started_by_name"], "Pablo Profesor Demo");
    assert_eq!(ok(&h.post("athena/meet/create", json!({ "room_id": id })).await)["id"], meeting["id"]);
    assert_eq!(ok(&h.get_as(&teacher_token, "athena/user/room", &[]).await)[0]["live"], true);

    // Presence: the teacher's board, a student's and the inspector's links.
    let board = ok(&h.get_as(&teacher_token, "athena/pizarra", &[("room_id", &id.to_string())]).await).clone();
    assert_eq!((board["kind"].as_str(), board["meeting"]["url"].as_str()), (Some("teacher"), Some(url)));
    assert_eq!(names(&board["present"], "name"), ["Pablo Profesor Demo"]);
    let student = ok(&h.get_public("athena/join", &[("reference", &lucia_ref)]).await).clone();
    assert_eq!((student["meeting"]["url"].as_str(), student["present"].clone()), (Some(url), json!([])));
    ok(&h.get_public("athena/join", &[("reference", &lucia_ref)]).await);
    let watching = ok(&h.get_public("athena/join", &[("reference", &inspector_ref)]).await).clone();
    assert_eq!(watching["kind"], "inspector");
    assert_eq!(names(&watching["present"], "name"), ["Lucía Pérez", "Marta Inspectora", "Pablo Profesor Demo"]);
    // Only the room's people (or a manager) use its board.
    let other_room = ok(&h
        .post("athena/create", json!({ "name": "Mercancías peligrosas", "teacher_id": director, "starts_at": "2026-12-10T16:00", "ends_at": "2026-12-10T20:00" }))
        .await)["id"]
        .as_i64()
        .unwrap();
    let refused = h.get_as(&teacher_token, "athena/pizarra", &[("room_id", &other_room.to_string())]).await;
    assert_eq!((code(&refused), refused["error"]["data"]["reason"].as_str()), ("PERMISSION-000".to_string(), Some("No forma parte de esta aula")), "{refused}");
    assert_eq!(ok(&h.get("athena/pizarra", &[("room_id", &other_room.to_string())]).await)["kind"], "teacher");

    // Ending the meeting: the links still open the room, without a meeting; nothing more is recorded.
    let ended = ok(&h.post_as(&teacher_token, "athena/meet/end", json!({ "room_id": id })).await).clone();
    assert!(ended["ended_at"].is_string(), "{ended}");
    assert_eq!(code(&h.post_as(&teacher_token, "athena/meet/end", json!({ "room_id": id })).await), "CONFLICT-000");
    let after = ok(&h.get_public("athena/join", &[("reference", &mario_ref)]).await).clone();
    assert_eq!((after["meeting"].clone(), after["last_ended_at"].clone()), (Value::Null, ended["ended_at"].clone()));

    // The report: the meeting with who attended, and each person's total.
    let report = ok(&h.get(&format!("athena/reports/{id}"), &[]).await).clone();
    assert_eq!(report["meetings"].as_array().unwrap().len(), 1);
    let attendees = &report["meetings"][0]["attendees"];
    assert_eq!(names(attendees, "kind"), ["teacher", "student", "inspector"]);
    assert!(attendees.as_array().unwrap().iter().all(|a| a["minutes"].as_i64().unwrap() >= 1));
    assert_eq!(names(&report["people"], "name"), ["Pablo Profesor Demo", "Lucía Pérez", "Marta Inspectora"]);
    assert_eq!(report["people"][1]["meetings"], 1);
    assert_eq!(report["meetings"][0]["started_by_name"], "Pablo Profesor Demo");

    // Changing the students: the one who leaves loses the link; the list counts people.
    let changed = ok(&h.post("athena/update", json!({ "id": id, "student_ids": [lucia] })).await).clone();
    assert_eq!(names(&changed["students"], "name"), ["Lucía Pérez"]);
    assert_eq!(code(&h.get_public("athena/join", &[("reference", &mario_ref)]).await), "LINK-001");
    assert_eq!(reference(&changed["students"][0]["url"]), lucia_ref);
    let list = ok(&h.get("athena/read", &[("search", "cap")]).await).clone();
    assert_eq!((list["total"].as_i64(), list["items"][0]["students"].as_i64(), list["items"][0]["inspectors"].as_i64()), (Some(1), Some(1), Some(2)));
    assert_eq!(ok(&h.get("athena/read", &[("from", "2026-12-06")]).await)["total"], 1);
    assert_eq!(fields(&h.post("athena/update", json!({ "id": id, "ends_at": "2026-11-30T10:00" })).await), ["ends_at"]);
    // A student already in the room stays when their contact is deleted; a deleted one cannot join.
    ok(&h.post("contact/delete", json!({ "id": lucia })).await);
    let renamed = ok(&h.post("athena/update", json!({ "id": id, "name": "CAP continua — diciembre" })).await).clone();
    assert_eq!(names(&renamed["students"], "name"), ["Lucía Pérez"]);
    let nora = ok(&h.post("contact/create", json!({ "type": "P", "first_name": "Nora", "last_name": "Gil" })).await)["id"].clone();
    ok(&h.post("contact/delete", json!({ "id": nora })).await);
    let refused = h.post("athena/update", json!({ "id": id, "student_ids": [lucia, nora] })).await;
    assert_eq!((fields(&refused), details(&refused)), (vec!["student_ids[1]".to_string()], "El contacto Nora Gil está eliminado".to_string()), "{refused}");
    // Mario comes back: a new link, the old one stays shut.
    let back = ok(&h.post("athena/update", json!({ "id": id, "student_ids": [lucia, mario] })).await).clone();
    let mario_back = reference(&back["students"][1]["url"]);
    assert_ne!(mario_back, mario_ref);
    assert_eq!(code(&h.get_public("athena/join", &[("reference", &mario_ref)]).await), "LINK-001");
    assert_eq!(ok(&h.get_public("athena/join", &[("reference", &mario_back)]).await)["name"], "Mario Ruiz");
    ok(&h.post("athena/update", json!({ "id": id, "student_ids": [lucia] })).await);

    // An inspector's access taken away: "no link available"; the link opens nothing.
    let removed = ok(&h.post("athena/delete/inspector", json!({ "id": inspector["id"] })).await).clone();
    assert_eq!((removed["state"].as_str(), removed["url"].clone()), (Some("deleted"), Value::Null));
    assert_eq!(code(&h.get_public("athena/join", &[("reference", &inspector_ref)]).await), "LINK-001");
    assert_eq!(code(&h.post("athena/delete/inspector", json!({ "id": inspector["id"] })).await), "CONFLICT-000");
    let detail = ok(&h.get("athena/read", &[("id", &id.to_string())]).await).clone();
    assert_eq!(names(&detail["inspectors"], "state"), ["active", "deleted"]);
    assert_eq!(detail["inspectors"][0]["id"], quiet);

    // Another business sees none of it.
    assert_eq!(code(&h.get_as(&h.other_token, "athena/read", &[("id", &id.to_string())]).await), "NOT-FOUND-000");
    assert_eq!(code(&h.get_as(&h.other_token, &format!("athena/reports/{id}"), &[]).await), "NOT-FOUND-000");

    // Deleting the room ends its meeting and shuts every link.
    ok(&h.post("athena/meet/create", json!({ "room_id": id })).await);
    let gone = ok(&h.post("athena/delete", json!({ "id": id })).await).clone();
    assert_eq!((gone["state"].as_str(), gone["meeting"].clone()), (Some("deleted"), Value::Null));
    assert_eq!(code(&h.get_public("athena/join", &[("reference", &lucia_ref)]).await), "LINK-001");
    assert_eq!(code(&h.post("athena/update", json!({ "id": id, "name": "Otra" })).await), "CONFLICT-000");
    assert_eq!(ok(&h.get_as(&teacher_token, "athena/user/room", &[]).await), &json!([]));
}
