//! The notes plugin in the real runtime against a real database, on both engines
//! (`VOLANTE_TEST_DATABASE_URL`): notebooks in groups, dated notes with their author, who may
//! change them, the checks that refuse bad input and change nothing, the permission and the
//! business boundary.

use serde_json::{json, Value};
use volante_plugin_harness::{code, fields, ok, Harness};

fn list(page: &Value, key: &str) -> Vec<String> {
    page["items"].as_array().unwrap().iter().map(|i| i[key].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn notebooks_notes_and_groups() {
    let h = Harness::start("plugins/notes").await.unwrap();

    // Groups.
    assert_eq!(fields(&h.post("note/document/group/create", json!({ "name": "", "color": "red" })).await), ["name", "color"]);
    let cars = ok(&h.post("note/document/group/create", json!({ "name": "Vehículos", "color": "#009EF7" })).await)["id"].as_i64().unwrap();
    let staff = ok(&h.post("note/document/group/create", json!({ "name": "Personal" })).await)["id"].as_i64().unwrap();
    assert_eq!(code(&h.post("note/document/group/create", json!({ "name": "Personal" })).await), "CONFLICT-000");

    // Notebooks: every bad field at once, nothing stored.
    assert_eq!(fields(&h.post("note/document/create", json!({ "title": " ", "group_id": 999_999 })).await), ["title", "group_id"]);
    assert_eq!(ok(&h.post("note/document/readall", json!({ "state": "all" })).await)["total"], 0);
    let car = ok(&h.post("note/document/create", json!({ "title": "Incidencias del 1234 BCD", "group_id": cars })).await).clone();
    assert_eq!((car["group_name"].as_str(), car["group_color"].as_str(), car["notes"].as_i64(), car["created_by_name"].as_str()), (Some("Vehículos"), Some("#009EF7"), Some(0), Some("Dolores Directora Demo")));
    let car = car["id"].as_i64().unwrap();
    let meetings = ok(&h.post("note/document/create", json!({ "title": "Reuniones de profesores", "group_id": staff })).await)["id"].as_i64().unwrap();
    let desk = ok(&h.post("note/document/create", json!({ "title": "Relevos de recepción", "pinned": true })).await)["id"].as_i64().unwrap();

    // Notes: a message is required; today by default; the author is the caller.
    let empty = h.post("note/create", json!({ "document_id": car, "message": "  ", "date": "2026-13-01" })).await;
    assert_eq!(fields(&empty), ["message", "date"]);
    assert_eq!(empty["error"][0]["details"], "Debe indicar un mensaje para guardar");
    assert_eq!(code(&h.post("note/create", json!({ "document_id": 999_999, "message": "x" })).await), "NOT-FOUND-000");
    let first = ok(&h.post("note/create", json!({ "document_id": car, "message": "Ruido en el embrague", "date": "01/03/2026" })).await).clone();
    assert_eq!((first["date"].as_str(), first["user_name"].as_str()), (Some("2026-03-01"), Some("Dolores Directora Demo")));
    let first = first["id"].as_i64().unwrap();
    let today = ok(&h.post("note/create", json!({ "document_id": car, "message": "Embrague cambiado en el taller" })).await).clone();
    assert_eq!(today["date"].as_str().map(str::len), Some(10));
    ok(&h.post("note/create", json!({ "document_id": meetings, "message": "Calendario de exámenes de diciembre", "date": "2026-02-10" })).await);

    // A notebook's notes, newest first, by date and author; the notebook shows its count.
    let notes = ok(&h.post("note/readall", json!({ "document_id": car })).await).clone();
    assert_eq!(list(&notes, "message"), ["Embrague cambiado en el taller", "Ruido en el embrague"]);
    assert_eq!(list(ok(&h.post("note/readall", json!({ "document_id": car, "to": "2026-03-31" })).await), "message"), ["Ruido en el embrague"]);
    assert_eq!(list(ok(&h.post("note/readall", json!({ "document_id": car, "search": "taller" })).await), "message"), ["Embrague cambiado en el taller"]);
    assert_eq!(ok(&h.post("note/readall", json!({ "document_id": car, "user_id": "me" })).await)["total"], 2);
    assert_eq!(fields(&h.post("note/readall", json!({})).await), ["document_id"]);
    let read = ok(&h.get("note/document/read", &[("id", &car.to_string())]).await).clone();
    assert_eq!((read["notes"].as_i64(), read["last_date"].as_str().map(str::len)), (Some(2), Some(10)));

    // The list: pinned first, then the latest changed; by group; groups count their notebooks.
    let all = ok(&h.post("note/document/readall", json!({})).await).clone();
    assert_eq!(list(&all, "title"), ["Relevos de recepción", "Reuniones de profesores", "Incidencias del 1234 BCD"]);
    assert_eq!(list(ok(&h.post("note/document/readall", json!({ "group_id": cars })).await), "title"), ["Incidencias del 1234 BCD"]);
    assert_eq!(list(ok(&h.post("note/document/readall", json!({ "group_id": 0 })).await), "title"), ["Relevos de recepción"]);
    let groups = ok(&h.get("note/document/group/read", &[]).await).clone();
    assert_eq!(list(&groups, "name"), ["Personal", "Vehículos"]);
    assert_eq!(groups["items"][1]["documents"], 1);

    // Only the author (or note.manage) changes a note; a refused change changes nothing.
    let teacher = h.teacher_token().await.unwrap();
    assert_eq!(code(&h.post_as(&teacher, "note/readall", json!({ "document_id": car })).await), "PERMISSION-000");
    let role: (i64,) = sqlx::query_as("SELECT role_id FROM app_user WHERE email = 'profesor@autoescuela-demo.es'").fetch_one(&h.state.db.pool).await.unwrap();
    sqlx::query("UPDATE role SET permissions = $1 WHERE role_id = $2").bind(r#"["note", "note.all_branches"]"#).bind(role.0).execute(&h.state.db.pool).await.unwrap();
    let theirs = ok(&h.post_as(&teacher, "note/create", json!({ "document_id": desk, "message": "Llaves del aula en conserjería" })).await)["id"].as_i64().unwrap();
    assert_eq!(code(&h.post_as(&teacher, "note/update", json!({ "id": first, "message": "Cambiado" })).await), "PERMISSION-000");
    assert_eq!(code(&h.post_as(&teacher, "note/delete", json!({ "id": first })).await), "PERMISSION-000");
    assert_eq!(ok(&h.post_as(&teacher, "note/update", json!({ "id": theirs, "message": "Llaves del aula 2 en conserjería" })).await)["message"], "Llaves del aula 2 en conserjería");
    assert_eq!(fields(&h.post("note/update", json!({ "id": first, "message": "" })).await), ["message"]);
    let edited = ok(&h.post("note/update", json!({ "id": first, "message": "Ruido en el embrague al arrancar", "user_id": 1 })).await).clone();
    assert_eq!((edited["message"].as_str(), edited["user_name"].as_str()), (Some("Ruido en el embrague al arrancar"), Some("Dolores Directora Demo")));
    assert_eq!(ok(&h.post("note/delete", json!({ "id": theirs })).await)["state"], "deleted");
    assert_eq!(ok(&h.post("note/readall", json!({ "document_id": desk })).await)["total"], 0);

    // A deleted group leaves its notebooks without it; a deleted notebook takes no notes.
    let gone = ok(&h.post("note/document/group/delete", json!({ "id": cars })).await).clone();
    assert_eq!((gone["state"].as_str(), gone["documents_released"].as_i64()), (Some("deleted"), Some(1)));
    assert_eq!(ok(&h.get("note/document/read", &[("id", &car.to_string())]).await)["group_id"], json!(null));
    ok(&h.post("note/document/update", json!({ "id": car, "title": "Incidencias del 1234 BCD (vendido)", "created_by": 999 })).await);
    assert_eq!(ok(&h.post("note/document/delete", json!({ "id": car })).await)["state"], "deleted");
    assert_eq!(code(&h.post("note/create", json!({ "document_id": car, "message": "x" })).await), "CONFLICT-000");
    assert_eq!(code(&h.post("note/delete", json!({ "id": first })).await), "CONFLICT-000");
    assert_eq!(ok(&h.post("note/readall", json!({ "document_id": car })).await)["total"], 2);

    // The other business sees none of it.
    assert_eq!(ok(&h.post_as(&h.other_token, "note/document/readall", json!({ "state": "all" })).await)["total"], 0);
    assert_eq!(code(&h.post_as(&h.other_token, "note/readall", json!({ "document_id": meetings })).await), "NOT-FOUND-000");
    assert_eq!(code(&h.post_as(&h.other_token, "note/update", json!({ "id": first, "message": "x" })).await), "NOT-FOUND-000");
}
