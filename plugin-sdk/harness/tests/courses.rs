//! The courses plugin in the real runtime against a real database, on both engines
//! (`VOLANTE_TEST_DATABASE_URL`), with the contacts plugin it asks for its students' names: a
//! points-recovery course with its students, sessions, places, teachers and attendance; the
//! checks that refuse bad input and change nothing; the kinds kept apart; groups; permissions and
//! the business boundary.

use serde_json::{json, Value};
use volante_plugin_harness::{code, details, fields, ok, Harness};

async fn contact(h: &Harness, first: &str, fiscal: &str) -> i64 {
    let created = h.post("contact/create", json!({ "type": "P", "first_name": first, "last_name": "Alumno", "fiscal_code": fiscal, "email": format!("{}@example.es", first.to_lowercase()) })).await;
    ok(&created)["id"].as_i64().unwrap()
}

async fn total(h: &Harness, prefix: &str) -> i64 {
    ok(&h.get(&format!("{prefix}read"), &[("state", "all")]).await)["total"].as_i64().unwrap()
}

const RP: &str = "recuperacionpuntos/";

#[tokio::test]
async fn a_points_recovery_course_with_students_sessions_and_attendance() {
    let h = Harness::start_with(&["plugins/contacts".as_ref(), "plugins/courses".as_ref()]).await.unwrap();

    // Every bad field at once; nothing stored.
    let bad = h
        .post(
            &format!("{RP}create"),
            json!({ "name": " ", "category": "cap_initial", "max_students": 0, "start_date": "2099-03-10", "end_date": "2099-03-01", "group_id": 999 }),
        )
        .await;
    assert_eq!(code(&bad), "REQ-102");
    assert_eq!(fields(&bad), ["name", "category", "max_students", "end_date", "group_id"]);
    assert_eq!(total(&h, RP).await, 0);

    // A partial course: the next reference of its start's year and the legal 12 hours.
    let course = ok(&h
        .post(&format!("{RP}create"), json!({ "name": "Parcial marzo", "category": "partial", "max_students": 1, "start_date": "2099-03-01", "end_date": "2099-03-03", "kind": "course" }))
        .await)
    .clone();
    let id = course["id"].as_i64().unwrap();
    assert_eq!((course["reference"].as_str(), course["kind"].as_str(), course["hours"].as_f64()), (Some("RP-2099-0001"), Some("points_recovery"), Some(12.0)));
    assert_eq!((course["enrolled"].as_i64(), course["students"].clone(), course["sessions"].clone()), (Some(0), json!([]), json!([])));
    // A total one lasts 24 hours; a training course needs its hours.
    let total = ok(&h.post(&format!("{RP}create"), json!({ "name": "Total", "category": "total" })).await)["hours"].clone();
    assert_eq!(total, json!(24.0));
    assert_eq!(fields(&h.post("course/create", json!({ "name": "CAP continua" })).await), ["hours"]);
    // The kinds are kept apart.
    assert_eq!(code(&h.get("course/read", &[("id", &id.to_string())]).await), "NOT-FOUND-000");
    assert_eq!(code(&h.post("cursopermiso/a/update", json!({ "id": id, "name": "Otro" })).await), "NOT-FOUND-000");

    // Students: contacts of the contacts plugin, within the places.
    let ana = contact(&h, "Ana", "12345678Z").await;
    let luis = contact(&h, "Luis", "87654321X").await;
    let enrolled = ok(&h.post(&format!("{RP}contact/student/add"), json!({ "course_id": id, "contact_id": ana })).await).clone();
    assert_eq!(enrolled["students"][0]["name"], "Ana Alumno");
    assert_eq!(enrolled["students"][0]["fiscal_code"], "12345678Z");
    let full = h.post(&format!("{RP}contact/student/add"), json!({ "course_id": id, "contact_ids": [ana, luis] })).await;
    assert_eq!(details(&full), "El curso admite como máximo 1 alumnos");
    assert_eq!(code(&h.post(&format!("{RP}contact/student/add"), json!({ "course_id": id, "contact_id": 999_999 })).await), "NOT-FOUND-000");
    assert_eq!(fields(&h.post(&format!("{RP}update"), json!({ "id": id, "max_students": 0 })).await), ["max_students"]);
    ok(&h.post(&format!("{RP}update"), json!({ "id": id, "max_students": 20 })).await);
    let both = ok(&h.post(&format!("{RP}contact/student/add"), json!({ "course_id": id, "contact_ids": [ana, luis] })).await).clone();
    assert_eq!(both["enrolled"], 2);

    // Places and teachers, shared by every kind.
    let aula = ok(&h.post(&format!("{RP}sesion/lugares/create"), json!({ "name": "Aula 1", "capacity": 20, "city": "Jaén", "province_id": 23 })).await)["id"].as_i64().unwrap();
    assert_eq!(fields(&h.post("course/sesion/lugares/create", json!({ "name": "aula 1", "capacity": 0 })).await), ["capacity", "name"]);
    assert_eq!(ok(&h.get("course/sesion/lugares/read", &[]).await).as_array().unwrap().len(), 1);
    let bad_teacher = h.post(&format!("{RP}sesion/docentes/create"), json!({ "first_name": "", "fiscal_code": "12345678A", "user_id": 999_999 })).await;
    assert_eq!(fields(&bad_teacher), ["first_name", "fiscal_code", "user_id"]);
    let psychologist = ok(&h.post(&format!("{RP}sesion/docentes/create"), json!({ "first_name": "Marta", "last_name": "Ruiz", "role": "psychologist", "fiscal_code": "11111111h" })).await).clone();
    assert_eq!((psychologist["name"].as_str(), psychologist["fiscal_code"].as_str()), (Some("Marta Ruiz"), Some("11111111H")));
    let marta = psychologist["id"].as_i64().unwrap();

    // Sessions: within the course's dates, HH:MM, the end after the start.
    let bad = h
        .post(&format!("{RP}sesion/add"), json!({ "course_id": id, "date": "2099-04-01", "start_time": "9:00", "end_time": "8", "place_id": 999, "teacher_ids": [999] }))
        .await;
    assert_eq!(fields(&bad), ["date", "start_time", "end_time", "place_id", "teacher_ids"]);
    let session = json!({ "course_id": id, "date": "2099-03-01", "start_time": "16:00", "end_time": "20:00", "place_id": aula, "teacher_ids": [marta] });
    let with_session = ok(&h.post(&format!("{RP}sesion/add"), session.clone()).await).clone();
    assert_eq!(with_session["scheduled_hours"], 4.0);
    let s = &with_session["sessions"][0];
    assert_eq!((s["place_name"].as_str(), s["teachers"].clone(), s["hours"].as_f64()), (Some("Aula 1"), json!(["Marta Ruiz"]), Some(4.0)));
    let session_id = s["id"].as_i64().unwrap();

    // Another course, another kind: the place and the teacher are taken at that time.
    let cap = ok(&h.post("course/create", json!({ "name": "CAP continua", "category": "cap_continuous", "hours": 35, "start_date": "2099-03-01" })).await).clone();
    assert_eq!(cap["reference"], "CU-2099-0001");
    let clash = h
        .post("course/sesion/add", json!({ "course_id": cap["id"], "date": "2099-03-01", "start_time": "19:00", "end_time": "21:00", "place_id": aula, "teacher_ids": [marta] }))
        .await;
    assert_eq!(fields(&clash), ["place_id", "teacher_ids"]);
    assert_eq!(details(&clash), "El lugar Aula 1 ya tiene una sesión de 16:00 a 20:00 el 01/03/2099 (curso RP-2099-0001)");
    ok(&h.post("course/sesion/add", json!({ "course_id": cap["id"], "date": "2099-03-01", "start_time": "20:00", "end_time": "22:00", "place_id": aula })).await);
    // The course's dates cannot leave a session out.
    assert_eq!(fields(&h.post(&format!("{RP}update"), json!({ "id": id, "start_date": "2099-03-02" })).await), ["start_date"]);

    // Attendance: only enrolled students; their attended hours follow.
    let stranger = contact(&h, "Eva", "").await;
    assert_eq!(fields(&h.post(&format!("{RP}sesion/attendance"), json!({ "session_id": session_id, "contact_id": stranger, "present": true })).await), ["contact_ids"]);
    let marked = ok(&h.post(&format!("{RP}sesion/attendance"), json!({ "session_id": session_id, "contact_ids": [ana, luis], "present": true })).await).clone();
    assert_eq!(marked["sessions"][0]["present"], json!([ana, luis]));
    let marked = ok(&h.post(&format!("{RP}sesion/attendance"), json!({ "session_id": session_id, "contact_id": luis, "present": false })).await).clone();
    let hours: Vec<f64> = marked["students"].as_array().unwrap().iter().map(|s| s["attended_hours"].as_f64().unwrap()).collect();
    assert_eq!(hours, [4.0, 0.0]);

    // A place or teacher with a session to come cannot go.
    let refused = h.post(&format!("{RP}sesion/lugares/delete"), json!({ "id": aula })).await;
    assert_eq!(details(&refused), "El lugar Aula 1 tiene una sesión el 01/03/2099 (curso RP-2099-0001): cámbiela o elimínela antes");
    assert!(h.post(&format!("{RP}sesion/docentes/delete"), json!({ "id": marta })).await["success"] == false);

    // Removing a student takes their attendance with them; removing the session, the rest.
    let after = ok(&h.post(&format!("{RP}contact/student/remove"), json!({ "course_id": id, "contact_id": ana })).await).clone();
    assert_eq!((after["enrolled"].as_i64(), after["sessions"][0]["present"].clone()), (Some(1), json!([])));
    let after = ok(&h.post(&format!("{RP}sesion/remove"), json!({ "id": session_id })).await).clone();
    assert_eq!(after["sessions"], json!([]));
    ok(&h.post(&format!("{RP}sesion/docentes/delete"), json!({ "id": marta })).await);
    assert_eq!(ok(&h.get(&format!("{RP}sesion/docentes/read"), &[]).await), &json!([]));

    // Groups of the kind.
    let group = ok(&h.post(&format!("{RP}group/create"), json!({ "name": "Marzo" })).await)["id"].as_i64().unwrap();
    assert_eq!(fields(&h.post(&format!("{RP}group/create"), json!({ "name": "marzo" })).await), ["name"]);
    assert_eq!(code(&h.post(&format!("{RP}group/settings/add"), json!({ "group_id": group, "course_id": cap["id"] })).await), "NOT-FOUND-000");
    let added = ok(&h.post(&format!("{RP}group/settings/add"), json!({ "group_id": group, "course_id": id })).await).clone();
    assert_eq!(added["course_ids"], json!([id]));
    let list = ok(&h.get(&format!("{RP}read"), &[("group_id", &group.to_string())]).await).clone();
    assert_eq!((list["total"].as_i64(), list["items"][0]["group_name"].as_str(), list["items"][0]["enrolled"].as_i64()), (Some(1), Some("Marzo"), Some(1)));
    assert_eq!(ok(&h.get(&format!("{RP}group/read"), &[]).await)[0]["courses"], 1);
    assert_eq!(ok(&h.get("course/group/read", &[]).await), &json!([]));
    ok(&h.post(&format!("{RP}group/delete"), json!({ "id": group })).await);
    assert_eq!(ok(&h.get(&format!("{RP}read"), &[("id", &id.to_string())]).await)["group_id"], Value::Null);

    // Lists: the kind's courses only, searchable, by category and start.
    let list = ok(&h.get(&format!("{RP}read"), &[]).await).clone();
    assert_eq!(list["total"], 2);
    assert_eq!(ok(&h.get(&format!("{RP}read"), &[("category", "total")]).await)["total"], 1);
    assert_eq!(ok(&h.get(&format!("{RP}read"), &[("search", "parcial mar")]).await)["total"], 1);
    assert_eq!(ok(&h.get(&format!("{RP}read"), &[("from", "2099-01-01"), ("to", "2099-12-31")]).await)["total"], 1);
    // A read answers one error (not a list).
    let wrong = h.get(&format!("{RP}read"), &[("category", "cap_initial")]).await;
    assert_eq!((code(&wrong).as_str(), wrong["error"]["data"]["field"].as_str()), ("REQ-102", Some("category")));

    // An inactive course is still listed and readable.
    let paused = ok(&h.post(&format!("{RP}state"), json!({ "id": id, "state": "inactive" })).await).clone();
    assert_eq!((paused["state"].as_str(), paused["enrolled"].as_i64()), (Some("inactive"), Some(1)));
    assert_eq!(ok(&h.get(&format!("{RP}read"), &[("state", "inactive")]).await)["total"], 1);
    assert_eq!(ok(&h.post(&format!("{RP}state"), json!({ "id": id })).await)["state"], "active");
    assert_eq!(code(&h.post("course/state", json!({ "id": id })).await), "NOT-FOUND-000");

    // A deleted course stays readable and takes nothing more.
    ok(&h.post(&format!("{RP}delete"), json!({ "id": id })).await);
    assert_eq!(ok(&h.get(&format!("{RP}read"), &[("id", &id.to_string())]).await)["state"], "deleted");
    assert_eq!(code(&h.post(&format!("{RP}contact/student/add"), json!({ "course_id": id, "contact_id": ana })).await), "CONFLICT-000");
    assert_eq!(code(&h.post(&format!("{RP}state"), json!({ "id": id })).await), "CONFLICT-000");
    assert_eq!(ok(&h.get(&format!("{RP}read"), &[]).await)["total"], 1);

    // The demo teacher has no permission; another business sees nothing.
    let teacher = h.teacher_token().await.unwrap();
    assert_eq!(code(&h.get_as(&teacher, &format!("{RP}read"), &[]).await), "PERMISSION-000");
    assert_eq!(code(&h.get_as(&h.other_token, &format!("{RP}read"), &[("id", &id.to_string())]).await), "NOT-FOUND-000");
    assert_eq!(ok(&h.get_as(&h.other_token, &format!("{RP}read"), &[]).await)["total"], 0);
    assert_eq!(ok(&h.get_as(&h.other_token, "course/sesion/lugares/read", &[]).await), &json!([]));
}
