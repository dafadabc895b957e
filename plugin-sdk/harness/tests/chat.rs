//! The chat plugin in the real runtime against a real database, on both engines
//! (`VOLANTE_TEST_DATABASE_URL`), with contacts: direct messages between two employees that reach
//! the other's open realtime stream at once (through `pg_notify` on PostgreSQL), unread counts
//! and read markers, paging back, groups with invitations joined, declined and renewed, a message
//! to a contact mailed to them, the checks that refuse bad input and store nothing, another
//! business that sees and hears none of it, and a stream that ends with its session.

use std::time::Duration;

use serde_json::{json, Value};
use volante_plugin_harness::{code, details, fields, ok, Harness};

const WAIT: Duration = Duration::from_secs(5);

async fn user_id(h: &Harness, email: &str) -> i64 {
    let (id,): (i64,) = sqlx::query_as("SELECT user_id FROM app_user WHERE email = $1").bind(email).fetch_one(&h.state.db.pool).await.unwrap();
    id
}

fn texts(conversation: &Value) -> Vec<String> {
    conversation["messages"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn staff_chat_live_in_pairs_and_groups_and_write_to_contacts() {
    let h = Harness::start_with(&["plugins/contacts".as_ref(), "plugins/chat".as_ref()]).await.unwrap();
    let director = user_id(&h, "director@autoescuela-demo.es").await;
    let teacher = user_id(&h, "profesor@autoescuela-demo.es").await;
    let teacher_token = h.teacher_token().await.unwrap();

    // The teacher's role lacks the permission until the director gives it.
    assert_eq!(code(&h.get_as(&teacher_token, "chat/count", &[]).await), "PERMISSION-000");
    ok(&h.post("user/role/permission/update", json!({ "user_id": teacher, "permissions": ["chat"] })).await);

    // Streams: a session is needed; an open one starts with `ready`.
    let refused = h.realtime("no-such-token").await;
    assert!(!refused.content_type.starts_with("text/event-stream"));
    assert_eq!(code(&refused.refusal().await), "SESSION-000");
    let mut director_stream = h.realtime(&h.token).await;
    let mut teacher_stream = h.realtime(&teacher_token).await;
    let mut other_stream = h.realtime(&h.other_token).await;
    for stream in [&mut director_stream, &mut teacher_stream, &mut other_stream] {
        assert!(stream.content_type.starts_with("text/event-stream"), "{}", stream.content_type);
        assert_eq!(stream.next(WAIT).await.map(|e| e.0).as_deref(), Some("ready"));
    }

    // Bad messages are refused and store nothing.
    let empty = h.post("chat/send", json!({ "target": "employee", "id": teacher, "text": "   " })).await;
    assert_eq!((fields(&empty), details(&empty)), (vec!["text".to_string()], "El mensaje no puede estar vacío".to_string()));
    let to_self = h.post("chat/send", json!({ "target": "employee", "id": director, "text": "Hola" })).await;
    assert_eq!((fields(&to_self), details(&to_self)), (vec!["id".to_string()], "No puedes enviarte un mensaje a ti mismo".to_string()));
    assert_eq!(fields(&h.post("chat/send", json!({ "target": "employee", "id": 999_999, "text": "Hola" })).await), ["id"]);
    assert_eq!(fields(&h.post("chat/send", json!({ "target": "fax", "id": teacher, "text": "Hola" })).await), ["target"]);
    assert_eq!(fields(&h.post("chat/send", json!({ "target": "employee", "id": teacher, "text": "x".repeat(2001) })).await), ["text"]);
    let path = format!("chat/direct/employee/{teacher}");
    assert_eq!(ok(&h.get(&path, &[]).await)["messages"], json!([]));

    // A direct message: the answer is the sender's; both streams get it at once.
    let sent = ok(&h.post("chat/send", json!({ "target": "employee", "id": teacher, "text": "  ¿Mañana a las 9?\nEn el aula 2  " })).await).clone();
    assert_eq!((sent["text"].as_str(), sent["mine"].as_bool(), sent["to_user_id"].as_i64()), (Some("¿Mañana a las 9?\nEn el aula 2"), Some(true), Some(teacher)));
    assert_eq!(sent["from_name"], "Dolores Directora Demo", "{sent}");
    for stream in [&mut teacher_stream, &mut director_stream] {
        let (name, data) = stream.next_push(WAIT).await.expect("the message is pushed");
        assert_eq!(name, "chat.message");
        assert_eq!(data["message"]["message_id"], sent["message_id"]);
        assert_eq!(data["message"]["text"], "¿Mañana a las 9?\nEn el aula 2");
        assert!(data["message"].get("mine").is_none(), "{data}");
    }
    assert!(other_stream.next_push(Duration::from_millis(500)).await.is_none(), "another business hears nothing");

    // Unread for the teacher until read; reading marks it.
    let count = ok(&h.get_as(&teacher_token, "chat/count", &[]).await).clone();
    assert_eq!((count["total"].as_i64(), count["employees"][director.to_string()].as_i64()), (Some(1), Some(1)), "{count}");
    let read = ok(&h.get_as(&teacher_token, &format!("chat/direct/employee/{director}"), &[]).await).clone();
    assert_eq!((texts(&read), read["messages"][0]["mine"].as_bool(), read["name"].as_str()), (vec!["¿Mañana a las 9?\nEn el aula 2".to_string()], Some(false), Some("Dolores Directora Demo")));
    assert_eq!(ok(&h.get_as(&teacher_token, "chat/count", &[]).await)["total"], 0);

    // The reply, and the director's overview: the teacher first, with it unread.
    ok(&h.post_as(&teacher_token, "chat/send", json!({ "target": "employee", "id": director, "text": "Allí estaré" })).await);
    let all = ok(&h.get("chat/all", &[]).await).clone();
    let first = &all["employees"][0];
    assert_eq!((first["user_id"].as_i64(), first["last_message"]["text"].as_str(), first["unread"].as_i64()), (Some(teacher), Some("Allí estaré"), Some(1)), "{all}");
    assert!(all["employees"].as_array().unwrap().iter().all(|e| e["user_id"] != director), "the caller is not listed");

    // Paging back, oldest first in each page.
    for n in 1..=3 {
        ok(&h.post("chat/send", json!({ "target": "employee", "id": teacher, "text": format!("Nota {n}") })).await);
    }
    let newest = ok(&h.get(&path, &[("limit", "2")]).await).clone();
    assert_eq!((texts(&newest), newest["has_more"].as_bool()), (vec!["Nota 2".to_string(), "Nota 3".to_string()], Some(true)));
    let before = newest["messages"][0]["message_id"].to_string();
    let older = ok(&h.get(&path, &[("limit", "10"), ("before", &before)]).await).clone();
    assert_eq!(texts(&older), ["¿Mañana a las 9?\nEn el aula 2", "Allí estaré", "Nota 1"]);
    assert_eq!(older["has_more"], false);
    assert_eq!(code(&h.get(&path, &[("limit", "0")]).await), "REQ-102");

    // Groups: bad input refused, nothing created.
    let bad = h.post("chat/group/create", json!({ "name": " ", "employees": [teacher, teacher, director, 999_999] })).await;
    assert_eq!(fields(&bad), ["name", "employees[1]"]);
    assert_eq!(ok(&h.get("chat/group/read", &[]).await), &json!([]));
    while teacher_stream.next_push(Duration::from_millis(300)).await.is_some() {}

    let group = ok(&h.post("chat/group/create", json!({ "name": "Profesores", "employees": [teacher, director] })).await).clone();
    let group_id = group["group_id"].as_i64().unwrap();
    assert_eq!(group["my_state"], "member");
    let states: Vec<(i64, String)> = group["members"].as_array().unwrap().iter().map(|m| (m["user_id"].as_i64().unwrap(), m["state"].as_str().unwrap().to_string())).collect();
    assert!(states.contains(&(director, "member".into())) && states.contains(&(teacher, "invited".into())), "{group}");
    let (name, data) = teacher_stream.next_push(WAIT).await.expect("the invitation is pushed");
    assert_eq!((name.as_str(), data["event"].as_str(), data["group_id"].as_i64()), ("chat.group", Some("invited"), Some(group_id)));

    // Invited: sees the group, not its messages; cannot write until joining.
    ok(&h.post("chat/send", json!({ "target": "group", "id": group_id, "text": "Bienvenidos" })).await);
    let count = ok(&h.get_as(&teacher_token, "chat/count", &[]).await).clone();
    assert_eq!((count["invites"].as_i64(), count["pending"].as_i64()), (Some(1), Some(4)), "three notes unread and the invitation");
    let invited_view = ok(&h.get_as(&teacher_token, &format!("chat/read/{group_id}"), &[]).await).clone();
    assert_eq!((invited_view["messages"].clone(), invited_view["group"]["my_state"].as_str()), (json!([]), Some("invited")));
    assert_eq!(code(&h.post_as(&teacher_token, "chat/send", json!({ "target": "group", "id": group_id, "text": "Hola" })).await), "CONFLICT-000");

    let joined = ok(&h.post_as(&teacher_token, "chat/group/join", json!({ "group_id": group_id })).await).clone();
    assert_eq!(joined["my_state"], "member");
    assert_eq!(code(&h.post_as(&teacher_token, "chat/group/join", json!({ "group_id": group_id })).await), "CONFLICT-000");
    let seen = loop {
        let (name, data) = director_stream.next_push(WAIT).await.expect("the join is pushed");
        if name == "chat.group" {
            break data;
        }
    };
    assert_eq!((seen["event"].as_str(), seen["user_id"].as_i64()), (Some("joined"), Some(teacher)));
    // What was said before joining is readable, and not counted as unread.
    assert_eq!(texts(ok(&h.get_as(&teacher_token, &format!("chat/read/{group_id}"), &[]).await)), ["Bienvenidos"]);
    assert_eq!(ok(&h.get_as(&teacher_token, "chat/count", &[]).await)["invites"], 0);

    ok(&h.post("chat/send", json!({ "target": "group", "id": group_id, "text": "Reunión el lunes" })).await);
    let pushed = loop {
        let (name, data) = teacher_stream.next_push(WAIT).await.expect("the group message is pushed");
        if name == "chat.message" {
            break data;
        }
    };
    assert_eq!((pushed["message"]["group_id"].as_i64(), pushed["message"]["text"].as_str()), (Some(group_id), Some("Reunión el lunes")));
    let count = ok(&h.get_as(&teacher_token, "chat/count", &[]).await).clone();
    assert_eq!(count["groups"][group_id.to_string()], 1, "{count}");

    // Renamed by a member; left; invited again.
    assert_eq!(fields(&h.post("chat/group/update", json!({ "group_id": group_id, "name": "x".repeat(101) })).await), ["name"]);
    assert_eq!(ok(&h.post("chat/group/update", json!({ "group_id": group_id, "name": "Claustro" })).await)["name"], "Claustro");
    assert_eq!(ok(&h.post_as(&teacher_token, "chat/group/exit", json!({ "group_id": group_id })).await)["group_id"], group_id);
    assert_eq!(code(&h.get_as(&teacher_token, &format!("chat/read/{group_id}"), &[]).await), "NOT-FOUND-000");
    let again = ok(&h.post("chat/group/invite", json!({ "group_id": group_id, "employees": [teacher] })).await).clone();
    assert!(again["members"].as_array().unwrap().iter().any(|m| m["user_id"] == teacher && m["state"] == "invited"), "{again}");
    assert_eq!(ok(&h.post_as(&teacher_token, "chat/group/exit", json!({ "group_id": group_id })).await)["group_id"], group_id);

    // Another business sees none of it.
    assert_eq!(code(&h.get_as(&h.other_token, &format!("chat/read/{group_id}"), &[]).await), "NOT-FOUND-000");
    assert_eq!(code(&h.post_as(&h.other_token, "chat/send", json!({ "target": "employee", "id": teacher, "text": "Hola" })).await), "REQ-102");
    assert_eq!(ok(&h.get_as(&h.other_token, "chat/group/read", &[]).await), &json!([]));

    // A contact: the message is mailed; one without an address is refused.
    let lucia = ok(&h.post("contact/create", json!({ "type": "P", "first_name": "Lucía", "last_name": "Pérez", "fiscal_code": "54362315K", "email": "lucia@example.com" })).await)["id"].as_i64().unwrap();
    let silent = ok(&h.post("contact/create", json!({ "type": "P", "first_name": "Sin", "last_name": "Correo", "fiscal_code": "12345678Z" })).await)["id"].as_i64().unwrap();
    let no_mail = h.post("chat/send", json!({ "target": "contact", "id": silent, "text": "Hola" })).await;
    assert_eq!((fields(&no_mail), details(&no_mail)), (vec!["id".to_string()], "El contacto no tiene correo electrónico".to_string()));
    assert_eq!(code(&h.post("chat/send", json!({ "target": "contact", "id": 999_999, "text": "Hola" })).await), "NOT-FOUND-000");
    assert_eq!(ok(&h.get(&format!("chat/direct/contact/{silent}"), &[]).await)["email"], Value::Null);
    let mailed = ok(&h.post("chat/send", json!({ "target": "contact", "id": lucia, "text": "Tu clase práctica es el jueves a las 10" })).await).clone();
    assert_eq!(mailed["contact_id"], lucia);
    let mail = h.outbox().into_iter().find(|m| m.contains("lucia@example.com")).expect("the contact's mail");
    assert!(mail.contains("Mensaje de Dolores Directora Demo"), "{mail}");
    let thread = ok(&h.get(&format!("chat/direct/contact/{lucia}"), &[]).await).clone();
    assert_eq!((texts(&thread), thread["email"].as_str()), (vec!["Tu clase práctica es el jueves a las 10".to_string()], Some("lucia@example.com")));
    let contacts = ok(&h.get("chat/all", &[]).await)["contacts"].clone();
    assert_eq!(contacts[0]["contact_id"].as_i64(), Some(lucia), "{contacts}");
    assert!(contacts[0]["name"].as_str().unwrap().contains("Lucía"), "{contacts}");

    // A stream ends with its session: signing out closes it with a `session` event.
    while teacher_stream.next_push(Duration::from_millis(200)).await.is_some() {}
    ok(&h.post_as(&teacher_token, "user/logout", json!({})).await);
    let ended = teacher_stream.next_push(Duration::from_secs(20)).await.expect("the stream tells the session ended");
    assert_eq!((ended.0.as_str(), ended.1["code"].as_str()), ("session", Some("SESSION-000")));
    assert!(teacher_stream.next(Duration::from_secs(2)).await.is_none(), "and then ends");
}
