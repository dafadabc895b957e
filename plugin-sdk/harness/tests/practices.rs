//! The practices plugin in the real runtime against a real database, on both engines
//! (`VOLANTE_TEST_DATABASE_URL`), with the contacts and fleet plugins it asks for names and
//! vehicles: lesson types, a student with packs, lessons booked without clashes and charged to
//! the packs, a teacher's agenda; the checks that refuse bad input and change nothing;
//! permissions and the business boundary.

use serde_json::{json, Value};
use volante_plugin_harness::{code, details, fields, ok, Harness};

async fn user_id(h: &Harness, email: &str) -> i64 {
    let (id,): (i64,) = sqlx::query_as("SELECT user_id FROM app_user WHERE email = $1").bind(email).fetch_one(&h.state.db.pool).await.unwrap();
    id
}

fn id_of(answer: &Value) -> i64 {
    ok(answer)["id"].as_i64().unwrap()
}

/// The statuses of the student's lessons, oldest first, with whether each was charged to a pack.
fn lessons(detail: &Value) -> Vec<(String, String, bool)> {
    let mut list: Vec<(String, String, bool)> = detail["lessons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (format!("{} {}", l["date"].as_str().unwrap(), l["start_time"].as_str().unwrap()), l["status"].as_str().unwrap().to_string(), l["bag_id"].is_i64()))
        .collect();
    list.reverse();
    list
}

#[tokio::test]
async fn lessons_booked_without_clashes_and_charged_to_packs() {
    let h = Harness::start_with(&["plugins/contacts".as_ref(), "plugins/fleet".as_ref(), "plugins/practices".as_ref()]).await.unwrap();
    let teacher = user_id(&h, "profesor@autoescuela-demo.es").await;
    let director = user_id(&h, "director@autoescuela-demo.es").await;

    // Lesson types: every bad field at once.
    let bad = h.post("hermes/practice/type/create", json!({ "name": " ", "licence": "Z", "minutes": 5, "price": -1 })).await;
    assert_eq!(fields(&bad), ["name", "licence", "minutes", "price"]);
    let b45 = ok(&h.post("hermes/practice/type/create", json!({ "name": "Práctica B 45 min", "licence": "b", "minutes": 45, "price": 3800 })).await).clone();
    assert_eq!((b45["licence"].as_str(), b45["minutes"].as_i64()), (Some("B"), Some(45)));
    let b45 = b45["id"].as_i64().unwrap();
    let a2 = id_of(&h.post("hermes/practice/type/create", json!({ "name": "Práctica A2", "licence": "A2", "minutes": 60, "price": 4500 })).await);
    assert_eq!(ok(&h.get("hermes/practice/type/read", &[("licence", "B")]).await)["total"], 1);
    assert_eq!(ok(&h.get(&format!("hermes/practice/type/read/{b45}"), &[]).await)["price"], 3800);

    // Students: contacts, one per licence.
    let ana = id_of(&h.post("contact/create", json!({ "type": "P", "first_name": "Ana", "last_name": "García", "fiscal_code": "12345678Z" })).await);
    let luis = id_of(&h.post("contact/create", json!({ "type": "P", "first_name": "Luis", "last_name": "Martín", "fiscal_code": "87654321X" })).await);
    assert_eq!(fields(&h.post("hermes/student/create", json!({ "contact_id": ana, "licence": "", "teacher_user_id": 999_999 })).await), ["licence", "teacher_user_id"]);
    assert_eq!(code(&h.post("hermes/student/create", json!({ "contact_id": 999_999, "licence": "B" })).await), "NOT-FOUND-000");
    let student = ok(&h.post("hermes/student/create", json!({ "contact_id": ana, "licence": "B", "teacher_user_id": teacher })).await).clone();
    assert_eq!((student["name"].as_str(), student["teacher_name"].as_str(), student["remaining"].as_i64()), (Some("Ana García"), Some("Pablo Profesor Demo"), Some(0)));
    let student = student["id"].as_i64().unwrap();
    let twice = h.post("hermes/student/create", json!({ "contact_id": ana, "licence": "b" })).await;
    assert_eq!(details(&twice), "Ana García ya es alumno de prácticas del permiso B");
    let other = id_of(&h.post("hermes/student/create", json!({ "contact_id": luis, "licence": "B" })).await);

    // A vehicle of the fleet, offered for lessons; teachers are the staff (no employees module).
    let car = id_of(&h.post("vehicle/create", json!({ "plate": "1234 BCD", "model": "Ibiza" })).await);
    let offered = ok(&h.get("hermes/vehicles", &[]).await).clone();
    assert_eq!((offered[0]["id"].as_i64(), offered[0]["plate"].as_str()), (Some(car), Some("1234BCD")));
    let staff = ok(&h.get("hermes/teachers", &[]).await).clone();
    assert!(staff.as_array().unwrap().iter().any(|t| t["user_id"] == teacher), "{staff}");

    // Packs: of the student's licence, within limits.
    assert_eq!(fields(&h.post("hermes/student/bag", json!({ "student_id": student, "type_id": a2, "quantity": 0 })).await), ["type_id", "quantity"]);
    let packed = ok(&h.post("hermes/student/bag", json!({ "student_id": student, "type_id": b45, "quantity": 2, "purchased_on": "2026-10-01" })).await).clone();
    assert_eq!((packed["bags"][0]["price"].as_i64(), packed["remaining"].as_i64()), (Some(7600), Some(2)));
    let bag = packed["bags"][0]["id"].as_i64().unwrap();

    // Lessons: every bad field at once; nothing booked.
    let bad = h
        .post("hermes/student/practice", json!({ "student_id": student, "type_id": a2, "date": "2099-02-30", "start_time": "9:00", "teacher_user_id": 999_999, "vehicle_id": 999_999 }))
        .await;
    assert_eq!(fields(&bad), ["type_id", "date", "start_time", "teacher_user_id", "vehicle_id"]);
    assert_eq!(fields(&h.post("hermes/student/practice", json!({ "student_id": student, "type_id": b45, "date": "2099-01-05", "start_time": "23:30" })).await), ["start_time"]);
    assert_eq!(fields(&h.post("hermes/student/practice", json!({ "student_id": student, "type_id": b45, "date": "2099-01-05", "start_time": "10:00", "status": "done" })).await), ["status"]);
    assert_eq!(ok(&h.get("hermes/student/read", &[("id", &student.to_string())]).await)["lessons"], json!([]));

    // Booked: the usual teacher, the type's 45 minutes.
    let booked = ok(&h.post("hermes/student/practice", json!({ "student_id": student, "type_id": b45, "date": "2099-01-05", "start_time": "10:00", "vehicle_id": car })).await).clone();
    let lesson = &booked["lessons"][0];
    assert_eq!((lesson["end_time"].as_str(), lesson["teacher_user_id"].as_i64(), lesson["vehicle_plate"].as_str()), (Some("10:45"), Some(teacher), Some("1234BCD")));
    let future = lesson["id"].as_i64().unwrap();
    // The teacher, the vehicle and the student are taken at 10:30.
    let clash = h.post("hermes/student/practice", json!({ "student_id": other, "type_id": b45, "date": "2099-01-05", "start_time": "10:30", "teacher_user_id": teacher, "vehicle_id": car })).await;
    assert_eq!(fields(&clash), ["teacher_user_id", "vehicle_id"]);
    assert_eq!(details(&clash), "El profesor ya tiene una práctica de 10:00 a 10:45 el 05/01/2099 (Ana García)");
    assert_eq!(fields(&h.post("hermes/student/practice", json!({ "student_id": student, "type_id": b45, "date": "2099-01-05", "start_time": "10:30", "teacher_user_id": director })).await), ["start_time"]);
    // Right after is fine.
    ok(&h.post("hermes/student/practice", json!({ "student_id": other, "type_id": b45, "date": "2099-01-05", "start_time": "10:45", "teacher_user_id": teacher, "vehicle_id": car })).await);
    // Not given before its day; moved while scheduled, checked again.
    assert_eq!(fields(&h.post("hermes/student/practice/update", json!({ "id": future, "status": "done" })).await), ["status"]);
    assert_eq!(fields(&h.post("hermes/student/practice/update", json!({ "id": future, "start_time": "10:15" })).await), ["teacher_user_id", "vehicle_id"]);
    let moved = ok(&h.post("hermes/student/practice/update", json!({ "id": future, "start_time": "09:00", "clear_vehicle": true })).await).clone();
    assert_eq!((moved["lessons"][0]["start_time"].as_str(), moved["lessons"][0]["end_time"].as_str(), &moved["lessons"][0]["vehicle_id"]), (Some("09:00"), Some("09:45"), &json!(null)));

    // Three lessons given in the past: two paid by the pack, the third owed until the next pack.
    for (date, time) in [("2026-11-02", "09:00"), ("2026-11-03", "09:00"), ("2026-11-04", "09:00")] {
        ok(&h.post("hermes/student/practice", json!({ "student_id": student, "type_id": b45, "date": date, "start_time": time, "status": "done" })).await);
    }
    let detail = ok(&h.get("hermes/student/read", &[("id", &student.to_string())]).await).clone();
    assert_eq!((detail["remaining"].as_i64(), detail["unpaid"].as_i64()), (Some(0), Some(1)));
    assert_eq!(
        lessons(&detail),
        [
            ("2026-11-02 09:00".to_string(), "done".to_string(), true),
            ("2026-11-03 09:00".to_string(), "done".to_string(), true),
            ("2026-11-04 09:00".to_string(), "done".to_string(), false),
            ("2099-01-05 09:00".to_string(), "scheduled".to_string(), false),
        ]
    );
    assert_eq!(fields(&h.post("hermes/student/bag/update", json!({ "id": bag, "quantity": 1 })).await), ["quantity"]);
    // Given lessons are not moved; a new pack pays what is owed.
    let given = detail["lessons"][1]["id"].clone();
    assert_eq!(code(&h.post("hermes/student/practice/update", json!({ "id": given, "date": "2026-11-05" })).await), "CONFLICT-000");
    let paid = ok(&h.post("hermes/student/bag", json!({ "student_id": student, "type_id": b45, "quantity": 10, "price": 30000 })).await).clone();
    assert_eq!((paid["remaining"].as_i64(), paid["unpaid"].as_i64()), (Some(9), Some(0)));
    // Cancelling a given lesson gives the lesson back to the pack.
    let back = ok(&h.post("hermes/student/practice/update", json!({ "id": given, "status": "cancelled" })).await).clone();
    assert_eq!(back["remaining"], 10);
    // A no-show is charged like a lesson given.
    let missed = ok(&h.post("hermes/student/practice/update", json!({ "id": given, "status": "no_show" })).await).clone();
    assert_eq!(missed["remaining"], 9);

    // The teacher's agenda for a day, and the list with what is left.
    let agenda = ok(&h.post("hermes/teacher/student", json!({ "teacher_user_id": teacher, "from": "2099-01-05" })).await).clone();
    let names: Vec<&str> = agenda["lessons"].as_array().unwrap().iter().map(|l| l["student_name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Ana García", "Luis Martín"]);
    assert_eq!(fields(&h.post("hermes/teacher/student", json!({ "teacher_user_id": teacher, "from": "2099-01-05", "to": "2099-03-05" })).await), ["to"]);
    let list = ok(&h.get("hermes/student/read", &[("search", "garcia")]).await).clone();
    assert_eq!((list["total"].as_i64(), list["items"][0]["remaining"].as_i64(), list["items"][0]["unpaid"].as_i64()), (Some(1), Some(9), Some(0)));
    ok(&h.post("hermes/teacher/assign", json!({ "student_id": student, "teacher_user_id": director })).await);
    assert_eq!(ok(&h.get("hermes/student/read", &[("teacher_user_id", &director.to_string())]).await)["total"], 1);

    // A student who leaves: lessons to come are cancelled, and nothing more is booked.
    let gone = ok(&h.post("hermes/student/delete", json!({ "id": student })).await).clone();
    assert_eq!((gone["state"].as_str(), gone["lessons"][0]["status"].as_str()), (Some("deleted"), Some("cancelled")));
    assert_eq!(code(&h.post("hermes/student/practice", json!({ "student_id": student, "type_id": b45, "date": "2099-01-06", "start_time": "10:00" })).await), "CONFLICT-000");

    // The demo teacher has no permission; another business sees nothing.
    let token = h.teacher_token().await.unwrap();
    assert_eq!(code(&h.get_as(&token, "hermes/student/read", &[]).await), "PERMISSION-000");
    assert_eq!(code(&h.get_as(&h.other_token, "hermes/student/read", &[("id", &other.to_string())]).await), "NOT-FOUND-000");
    assert_eq!(ok(&h.get_as(&h.other_token, "hermes/practice/type/read", &[]).await)["total"], 0);
    assert_eq!(code(&h.post_as(&h.other_token, "hermes/student/practice/update", json!({ "id": future, "status": "cancelled" })).await), "NOT-FOUND-000");
}
