//! The formative plugin (formative contents) in the real runtime against a real database, on both
//! engines (`VOLANTE_TEST_DATABASE_URL`), with contacts for its students and temary for its
//! syllabi: contents checked and stored, assignments with personal links (mailed on request),
//! the student's page through the link (open lessons, their files shared, lessons marked done),
//! progress and its milestones, the reports, who may do what, and the business boundary.

mod common;

use serde_json::{json, Value};
use volante_plugin_harness::{code, details, fields, ok, Harness};

fn id(answer: &Value) -> i64 {
    ok(answer)["id"].as_i64().unwrap_or_else(|| panic!("no id in {answer}"))
}

/// The reference at the end of a personal link (`…/formacion/<reference>`).
fn reference(url: &Value) -> String {
    url.as_str().unwrap().rsplit_once("/formacion/").unwrap().1.to_string()
}

fn lesson_ids(course: &Value) -> Vec<(i64, bool, bool)> {
    let mut out = Vec::new();
    for s in course["syllabi"].as_array().unwrap() {
        for t in s["themes"].as_array().unwrap() {
            for l in t["lessons"].as_array().unwrap() {
                out.push((l["id"].as_i64().unwrap(), l["open"].as_bool().unwrap(), l["done"].as_bool().unwrap()));
            }
        }
    }
    out
}

#[tokio::test]
async fn contents_assignments_the_students_page_and_reports() {
    let h = Harness::start_with(&["plugins/contacts".as_ref(), "plugins/temary".as_ref(), "plugins/formative".as_ref()]).await.unwrap();
    // A syllabus of two themes and three subthemes (lessons), one with a sheet; and another.
    let b = id(&h.post("temary/create", json!({ "name": "Permiso B", "category": "B" })).await);
    let signs = id(&h.post("temary/theme/create", json!({ "temary_id": b, "title": "Las señales" })).await);
    let speed = id(&h.post("temary/theme/create", json!({ "temary_id": b, "title": "La velocidad" })).await);
    let vertical = id(&h.post("temary/subtheme/create", json!({ "theme_id": signs, "title": "Señales verticales" })).await);
    let markings = id(&h.post("temary/subtheme/create", json!({ "theme_id": signs, "title": "Marcas viales" })).await);
    let limits = id(&h.post("temary/subtheme/create", json!({ "theme_id": speed, "title": "Límites genéricos" })).await);
    ok(&h.post("temary/subtheme/section/create", json!({ "subtheme_id": vertical, "title": "De peligro", "content": "Triangulares con borde rojo." })).await);
    let sheet = ok(&h
        .post_form("temary/subtheme/sheet/upload", &[("subtheme_id", &vertical.to_string()), ("title", "Ficha de señales")], Some(("senales.pdf", b"%PDF-1.4\n%test\n".to_vec())))
        .await)
    .clone();
    let sheet_file = sheet["file_id"].as_i64().unwrap();
    let moto = id(&h.post("temary/create", json!({ "name": "Permiso A", "category": "A" })).await);
    let gone = id(&h.post("temary/create", json!({ "name": "Borrado" })).await);
    ok(&h.post("temary/delete", json!({ "id": gone })).await);
    let lucia = id(&h.post("contact/create", json!({ "type": "P", "first_name": "Lucía", "last_name": "Pérez", "email": "lucia@example.com" })).await);
    let mario = id(&h.post("contact/create", json!({ "type": "P", "first_name": "Mario", "last_name": "Ruiz" })).await);
    let supplier = id(&h.post("provider/create", json!({ "trade_name": "Talleres Sur", "fiscal_code": "B12345674" })).await);

    // Bad input: every field at once, nothing stored.
    let bad = h.post("formative/content/create", json!({ "name": " ", "hours": 5000, "access_days": 0, "status": "x", "temary_ids": [gone, 999_999] })).await;
    assert_eq!(fields(&bad), ["name", "hours", "access_days", "status", "temary_ids[0]", "temary_ids[1]"], "{bad}");
    assert!(bad.to_string().contains("no existe o está eliminado"), "{bad}");
    assert_eq!(fields(&h.post("formative/content/create", json!({ "name": "Curso" })).await), ["temary_ids"]);
    assert_eq!(ok(&h.get("formative/content/read", &[("state", "all")]).await)["total"], 0);

    // A content: its syllabi in order, the repeated one once; its lessons.
    let content = ok(&h
        .post("formative/content/create", json!({ "name": "Teórico B en línea", "category": "B", "hours": 20, "temary_ids": [b, moto, b] }))
        .await)
    .clone();
    let cid = content["id"].as_i64().unwrap();
    assert_eq!((content["temary_ids"].clone(), content["status"].as_str(), content["access_days"].as_i64()), (json!([b, moto]), Some("developing"), Some(90)));
    assert_eq!(content["lessons"], 3);
    assert_eq!(content["syllabi"][0]["themes"][0]["subthemes"][1]["title"], "Marcas viales");
    assert_eq!(content["students"], 0);

    // Only a published content is assigned.
    let draft = h.post("formative/assignment/create", json!({ "content_id": cid, "contact_ids": [lucia] })).await;
    assert_eq!(code(&draft), "CONFLICT-000", "{draft}");
    ok(&h.post("formative/content/update", json!({ "id": cid, "status": "publish" })).await);
    let list = ok(&h.get("formative/content/read", &[("status", "publish"), ("search", "teorico")]).await).clone();
    assert_eq!((list["total"].as_i64(), list["items"][0]["syllabi"].as_i64()), (Some(1), Some(2)));

    // Assigning: bad contacts and terms are named; nothing is stored.
    let bad = h
        .post("formative/assignment/create", json!({ "content_id": cid, "contact_ids": [supplier, 888_888], "starts_on": "2026-12-10", "ends_on": "2026-12-01", "percentage": 0 }))
        .await;
    assert_eq!(fields(&bad), ["ends_on", "percentage", "contact_ids[0]", "contact_ids[1]"], "{bad}");
    assert!(bad.to_string().contains("no es un cliente"), "{bad}");
    let made = ok(&h.post("formative/assignment/create", json!({ "content_id": cid, "contact_ids": [lucia, mario, lucia], "percentage": 50, "send": true })).await).clone();
    assert_eq!(made["items"].as_array().unwrap().len(), 2, "{made}");
    assert_eq!((made["sent"].as_i64(), made["without_email"].clone()), (Some(1), json!(["Mario Ruiz"])));
    let lucia_a = &made["items"][0];
    assert_eq!((lucia_a["name"].as_str(), lucia_a["total"].as_i64(), lucia_a["open"].as_i64(), lucia_a["status"].as_str()), (Some("Lucía Pérez"), Some(3), Some(2), Some("active")));
    let lucia_id = lucia_a["id"].as_i64().unwrap();
    let lucia_ref = reference(&lucia_a["url"]);
    let mario_ref = reference(&made["items"][1]["url"]);
    let mail = h.outbox().into_iter().find(|m| m.contains("To: lucia@example.com")).expect("Lucía's link mailed");
    let text = common::mail_text(&mail);
    assert!(text.contains(&format!("/formacion/{lucia_ref}")) && text.contains("Teórico B en línea"), "{text}");
    let twice = h.post("formative/assignment/create", json!({ "content_id": cid, "contact_ids": [lucia] })).await;
    assert!(twice.to_string().contains("ya tiene asignado"), "{twice}");

    // The student's page: the open lessons (half of three, rounded up: two).
    let course = ok(&h.get_public("formative/student/read", &[("reference", &lucia_ref)]).await).clone();
    assert_eq!((course["name"].as_str(), course["content"]["hours"].as_i64(), course["progress"].as_i64()), (Some("Lucía Pérez"), Some(20), Some(0)));
    assert_eq!(lesson_ids(&course), vec![(vertical, true, false), (markings, true, false), (limits, false, false)]);
    let lesson = ok(&h.get_public("formative/student/lesson", &[("reference", &lucia_ref), ("id", &vertical.to_string())]).await).clone();
    assert_eq!((lesson["title"].as_str(), lesson["theme"].as_str(), lesson["previous"].clone(), lesson["next"].as_i64()), (Some("Señales verticales"), Some("Las señales"), Value::Null, Some(markings)));
    assert_eq!(lesson["sections"][0]["content"], "Triangulares con borde rojo.");
    // Its sheet's file is shared with the link; another file is not.
    let (status, _, bytes) = h.fetch_public(&format!("/api/filesystem/file/read?file_id={sheet_file}&link={lucia_ref}")).await;
    assert_eq!((status, bytes.starts_with(b"%PDF")), (200, true));
    let (_, _, refused) = h.fetch_public(&format!("/api/filesystem/file/read?file_id={sheet_file}&link={mario_ref}")).await;
    assert!(!refused.starts_with(b"%PDF"), "{}", String::from_utf8_lossy(&refused));
    let closed = h.get_public("formative/student/lesson", &[("reference", &lucia_ref), ("id", &limits.to_string())]).await;
    assert_eq!((code(&closed).as_str(), details(&closed).contains("no está incluida")), ("CONFLICT-000", true), "{closed}");
    assert_eq!(code(&h.post_public("formative/student/done", json!({ "reference": lucia_ref, "id": limits })).await), "CONFLICT-000");
    assert_eq!(code(&h.get_public("formative/student/read", &[("reference", "no-such-link")]).await), "NOT-FOUND-000");

    // Marking lessons done: progress, and the milestones once reached.
    let after = ok(&h.post_public("formative/student/done", json!({ "reference": lucia_ref, "id": vertical })).await).clone();
    assert_eq!((after["done"].as_i64(), after["progress"].as_i64()), (Some(1), Some(33)));
    ok(&h.post_public("formative/student/done", json!({ "reference": lucia_ref, "id": vertical })).await);
    let after = ok(&h.post_public("formative/student/done", json!({ "reference": lucia_ref, "id": markings })).await).clone();
    assert_eq!(after["progress"], 66);
    let undone = ok(&h.post_public("formative/student/done", json!({ "reference": lucia_ref, "id": markings, "done": false })).await).clone();
    assert_eq!(undone["progress"], 33);
    ok(&h.post_public("formative/student/done", json!({ "reference": lucia_ref, "id": markings })).await);
    assert_eq!(ok(&h.get("formative/report/90", &[]).await)["total"], 0);
    // The school opens the rest: the last lesson done takes her to 100 %.
    let opened = ok(&h.post("formative/assignment/update", json!({ "id": lucia_id, "percentage": 100 })).await).clone();
    assert_eq!((opened["open"].as_i64(), opened["lessons"][2]["open"].as_bool()), (Some(3), Some(true)));
    ok(&h.post_public("formative/student/done", json!({ "reference": lucia_ref, "id": limits })).await);
    let one = ok(&h.get("formative/assignment/read", &[("id", &lucia_id.to_string())]).await).clone();
    assert_eq!(one["progress"], 100);
    assert!(one["reached_90_at"].is_string() && one["completed_at"].is_string(), "{one}");
    assert!(one["last_seen_at"].is_string(), "{one}");
    let report = ok(&h.get("formative/report/90", &[("content_id", &cid.to_string())]).await).clone();
    assert_eq!((report["total"].as_i64(), report["items"][0]["name"].as_str(), report["items"][0]["hours"].as_i64()), (Some(1), Some("Lucía Pérez"), Some(20)));
    assert_eq!(ok(&h.get("formative/report/90", &[("to", "2000-01-01")]).await)["total"], 0);
    assert_eq!(fields(&h.get("formative/report/90", &[("from", "ayer")]).await), ["from"]);

    // The content's students and the blocks report.
    let page = ok(&h.get("formative/assignment/read", &[("content_id", &cid.to_string()), ("status", "completed")]).await).clone();
    assert_eq!(page["total"], 1);
    let page = ok(&h.get("formative/assignment/read", &[("content_id", &cid.to_string())]).await).clone();
    assert_eq!(page["total"], 2);
    let blocks = ok(&h.get("formative/report/blocks", &[("content_id", &cid.to_string())]).await).clone();
    assert_eq!((blocks["students"].as_i64(), blocks["lessons"].as_i64()), (Some(2), Some(3)));
    assert_eq!((blocks["blocks"][0]["title"].as_str(), blocks["blocks"][0]["started"].as_i64(), blocks["blocks"][0]["completed"].as_i64()), (Some("Las señales"), Some(1), Some(1)));
    assert_eq!(blocks["blocks"][0]["average"], 50.0);
    let read = ok(&h.get("formative/content/read", &[("id", &cid.to_string())]).await).clone();
    assert_eq!((read["students"].as_i64(), read["completed"].as_i64(), read["reached_90"].as_i64()), (Some(2), Some(1), Some(1)));

    // Pausing, dates and sending again.
    ok(&h.post("formative/assignment/update", json!({ "id": lucia_id, "state": "inactive" })).await);
    assert!(details(&h.get_public("formative/student/read", &[("reference", &lucia_ref)]).await).contains("en pausa"));
    ok(&h.post("formative/assignment/update", json!({ "id": lucia_id, "state": "active", "starts_on": "2099-01-01", "ends_on": "2099-02-01" })).await);
    assert!(details(&h.get_public("formative/student/read", &[("reference", &lucia_ref)]).await).contains("Su acceso empieza el 01/01/2099"));
    ok(&h.post("formative/assignment/update", json!({ "id": lucia_id, "starts_on": "2020-01-01", "ends_on": "2020-02-01" })).await);
    assert!(details(&h.get_public("formative/student/read", &[("reference", &lucia_ref)]).await).contains("Su acceso terminó el 01/02/2020"));
    assert_eq!(fields(&h.post("formative/assignment/update", json!({ "id": lucia_id, "ends_on": "2019-01-01", "state": "deleted" })).await), ["ends_on", "state"]);
    let sent = ok(&h.post("formative/assignment/send", json!({ "content_id": cid })).await).clone();
    assert_eq!((sent["sent"].as_i64(), sent["without_email"].clone()), (Some(1), json!(["Mario Ruiz"])));

    // Who may do what: the teacher has neither permission; another business sees nothing.
    let teacher = h.teacher_token().await.unwrap();
    assert_eq!(code(&h.get_as(&teacher, "formative/content/read", &[]).await), "PERMISSION-000");
    assert_eq!(code(&h.get_as(&teacher, "formative/report/90", &[]).await), "PERMISSION-000");
    assert_eq!(code(&h.get_as(&h.other_token, "formative/content/read", &[("id", &cid.to_string())]).await), "NOT-FOUND-000");

    // Removing an assignment shuts its link; deleting the content shuts every link.
    let mario_id = made["items"][1]["id"].as_i64().unwrap();
    ok(&h.post("formative/assignment/delete", json!({ "id": mario_id })).await);
    assert_eq!(code(&h.get_public("formative/student/read", &[("reference", &mario_ref)]).await), "LINK-001");
    assert_eq!(code(&h.post("formative/assignment/delete", json!({ "id": mario_id })).await), "CONFLICT-000");
    // Assigned again, a new link.
    let again = ok(&h.post("formative/assignment/create", json!({ "content_id": cid, "contact_ids": [mario] })).await).clone();
    let mario_back = reference(&again["items"][0]["url"]);
    assert_ne!(mario_back, mario_ref);
    ok(&h.get_public("formative/student/read", &[("reference", &mario_back)]).await);
    ok(&h.post("formative/content/delete", json!({ "id": cid })).await);
    assert_eq!(code(&h.get_public("formative/student/read", &[("reference", &mario_back)]).await), "LINK-001");
    assert_eq!(code(&h.post("formative/content/update", json!({ "id": cid, "name": "Otro" })).await), "CONFLICT-000");
}

#[tokio::test]
async fn without_the_temary_module_no_content_is_made() {
    // (The export `formative.assign` is tested through the online shop: host/tests/api/web.rs.)
    let h = Harness::start_with(&["plugins/contacts".as_ref(), "plugins/formative".as_ref()]).await.unwrap();
    let off = h.post("formative/content/create", json!({ "name": "Curso", "temary_ids": [1] })).await;
    assert_eq!((code(&off).as_str(), details(&off).as_str()), ("CONFLICT-000", "El módulo de temarios no está activo"), "{off}");
}
