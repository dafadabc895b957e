//! `course/send/information` in the real runtime against a real database, on both engines: a
//! training course's information (dates, hours, place, sessions) mailed to each student with an
//! e-mail, one mail each; the students without one are named; bad requests change nothing.

use serde_json::json;
use volante_plugin_harness::{code, fields, ok, Harness};

mod common;
use common::mail_text;

#[tokio::test]
async fn a_course_mails_its_information_to_its_students() {
    let h = Harness::start_with(&["plugins/contacts".as_ref(), "plugins/courses".as_ref()]).await.unwrap();
    let person = |first: &'static str, dni: &'static str, email: &'static str| {
        let h = &h;
        async move {
            ok(&h.post("contact/create", json!({ "type": "P", "first_name": first, "last_name": "Conductora", "fiscal_code": dni, "email": email })).await)["id"].as_i64().unwrap()
        }
    };
    let ana = person("Ana", "12345678Z", "ana@example.com").await;
    let luis = person("Luis", "87654321X", "").await;
    let eva = person("Eva", "00000000T", "eva@example.com").await;
    let course = ok(&h
        .post("course/create", json!({ "name": "CAP continua", "hours": 35, "start_date": "2099-03-01", "end_date": "2099-03-15", "place": "Calle Mayor 1", "training_centre": "Autoescuela Demo" }))
        .await)
    .clone();
    let id = course["id"].as_i64().unwrap();
    let id_text = id.to_string();

    // Without students there is nobody to tell.
    assert_eq!(code(&h.get("course/send/information", &[("id", &id_text)]).await), "CONFLICT-000");
    assert_eq!(fields(&h.get("course/send/information", &[]).await), ["id"]);
    assert_eq!(code(&h.get("course/send/information", &[("id", "999999")]).await), "NOT-FOUND-000");

    ok(&h.post("course/contact/student/add", json!({ "course_id": id, "contact_ids": [ana, luis, eva] })).await);
    let aula = ok(&h.post("course/sesion/lugares/create", json!({ "name": "Aula 2", "capacity": 20, "city": "Jaén", "province_id": 23 })).await)["id"].as_i64().unwrap();
    ok(&h.post("course/sesion/add", json!({ "course_id": id, "date": "2099-03-02", "start_time": "16:00", "end_time": "20:30", "place_id": aula })).await);
    assert_eq!(fields(&h.get("course/send/information", &[("id", &id_text), ("contact_id", "999999")]).await), ["contact_id"]);
    assert!(h.outbox().is_empty());

    // Everyone with an e-mail gets a mail of their own; Luis has none.
    let sent = ok(&h.get("course/send/information", &[("id", &id_text)]).await).clone();
    assert_eq!(sent["sent"], 2);
    assert_eq!(sent["without_email"], json!([{ "contact_id": luis, "name": "Luis Conductora" }]));
    let to: Vec<&str> = sent["recipients"].as_array().unwrap().iter().map(|r| r["email"].as_str().unwrap()).collect();
    assert_eq!(to, ["ana@example.com", "eva@example.com"]);
    let mails = h.outbox();
    assert_eq!(mails.len(), 2);
    let ana_mail = mails.iter().find(|m| m.contains("ana@example.com")).expect("Ana's mail");
    assert!(!ana_mail.contains("eva@example.com"), "one mail per student: {ana_mail}");
    let text = mail_text(ana_mail);
    for expected in [
        "Hola Ana Conductora:",
        "«CAP continua» (CU-2099-0001)",
        "Fechas: del 01/03/2099 al 15/03/2099",
        "Duración: 35 horas",
        "Modalidad: presencial",
        "Lugar: Calle Mayor 1, Autoescuela Demo",
        "- 02/03/2099, de 16:00 a 20:30 · Aula 2",
    ] {
        assert!(text.contains(expected), "«{expected}» missing in:\n{text}");
    }

    // One student only.
    let again = ok(&h.get("course/send/information", &[("id", &id_text), ("contact_id", &eva.to_string())]).await).clone();
    assert_eq!((again["sent"].as_i64(), again["without_email"].clone()), (Some(1), json!([])));
    assert_eq!(h.outbox().len(), 3);
}
