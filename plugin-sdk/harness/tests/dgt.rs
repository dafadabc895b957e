//! The dgt plugin in the real runtime against a real database, on both engines
//! (`VOLANTE_TEST_DATABASE_URL`), with the contacts plugin it asks for people: a register book
//! with its entries, a theory and a road exam folder whose results land in the entries, the fees;
//! the checks that refuse bad input and change nothing; permissions and the business boundary.

use serde_json::{json, Value};
use volante_plugin_harness::{code, details, fields, ok, Harness};

async fn person(h: &Harness, first: &str, last: &str, dni: &str) -> i64 {
    let created = h.post("contact/create", json!({ "type": "P", "first_name": first, "last_name": last, "fiscal_code": dni })).await;
    ok(&created)["id"].as_i64().unwrap()
}

async fn entries(h: &Harness, book: i64) -> i64 {
    ok(&h.get("dgt/book/register/student/read", &[("book_id", &book.to_string()), ("state", "all")]).await)["total"].as_i64().unwrap()
}

fn id_of(answer: &Value) -> i64 {
    ok(answer)["id"].as_i64().unwrap()
}

#[tokio::test]
async fn a_register_book_and_exam_folders_whose_results_land_in_it() {
    let h = Harness::start_with(&["plugins/contacts".as_ref(), "plugins/dgt".as_ref()]).await.unwrap();

    // Fees: a type of the fixed list, named after it when no name is given.
    let types = ok(&h.get("dgt/tax/types", &[]).await).as_array().unwrap().clone();
    assert_eq!(types.len(), 23);
    assert_eq!(types[6], json!({ "code": "2.1", "description": "Exámenes y permisos especiales" }));
    assert_eq!(fields(&h.post("dgt/tax/create", json!({ "type_code": "4.6", "amount": -1 })).await), ["type_code", "name", "amount"]);
    let fee = ok(&h.post("dgt/tax/create", json!({ "type_code": "2.1", "amount": 9443 })).await).clone();
    assert_eq!((fee["name"].as_str(), fee["amount"].as_i64()), (Some("Exámenes y permisos especiales"), Some(9443)));
    let fee = fee["id"].as_i64().unwrap();
    let old_fee = id_of(&h.post("dgt/tax/create", json!({ "type_code": "4.4", "name": "Duplicado" })).await);
    ok(&h.post("dgt/tax/delete", json!({ "id": old_fee })).await);
    assert_eq!(ok(&h.get("dgt/tax/read", &[]).await)["total"], 1);

    // Books: numbered per branch, with a capacity.
    let bad = h.post("dgt/book/register/create", json!({ "name": "", "capacity": 20_000, "opened_on": "2026-02-01", "closed_on": "2026-01-01" })).await;
    assert_eq!(fields(&bad), ["name", "capacity", "closed_on"]);
    let book = ok(&h.post("dgt/book/register/create", json!({ "name": "Libro 1", "capacity": 2, "opened_on": "2026-01-02" })).await).clone();
    assert_eq!((book["number"].as_i64(), book["fill"]["next_number"].as_i64(), book["fill"]["full"].as_bool()), (Some(1), Some(1), Some(false)));
    let book = book["id"].as_i64().unwrap();
    let second = ok(&h.post("dgt/book/register/create", json!({ "name": "Libro 2", "opened_on": "2026-06-01" })).await).clone();
    assert_eq!((second["number"].as_i64(), second["capacity"].as_i64()), (Some(2), Some(200)));
    // Another branch numbers its books from 1; lists and details name the branch.
    let branches = ok(&h.get("business/branch/list", &[]).await).clone();
    let branch = branches.as_array().unwrap().iter().find(|b| b["branch_id"] != second["branch_id"]).unwrap().clone();
    let other_branch = ok(&h.post("dgt/book/register/create", json!({ "name": "Libro sucursal", "branch_id": branch["branch_id"] })).await).clone();
    assert_eq!((other_branch["number"].as_i64(), &other_branch["branch_name"]), (Some(1), &branch["trade_name"]), "{branch}");
    ok(&h.post("dgt/book/register/delete", json!({ "id": other_branch["id"] })).await);
    let second = second["id"].as_i64().unwrap();
    assert_eq!(code(&h.post("dgt/book/register/update", json!({ "id": second, "number": 1 })).await), "CONFLICT-000");

    // A person's entry filled from the contact and its DGT record.
    let ana = person(&h, "Ana", "García", "12345678Z").await;
    ok(&h.post("contact/dgt/update", json!({ "contact_id": ana, "requested_licence": "b" })).await);
    let filled = ok(&h.get(&format!("dgt/book/register/contact/read/{ana}"), &[]).await).clone();
    assert_eq!((filled["first_name"].as_str(), filled["document"].as_str(), filled["licence"].as_str()), (Some("Ana"), Some("12345678Z"), Some("B")));
    assert_eq!(filled["entries"], json!([]));
    let company = id_of(&h.post("contact/create", json!({ "type": "E", "fiscal_name": "Transportes SL", "fiscal_code": "B12345674" })).await);
    let not_a_person = h.get(&format!("dgt/book/register/contact/read/{company}"), &[]).await;
    assert_eq!((code(&not_a_person).as_str(), &not_a_person["error"]["data"]["field"]), ("REQ-102", &json!("contact_id")));

    // Every bad field at once; nothing written.
    let bad = h
        .post("dgt/book/register/student/create", json!({ "book_id": book, "first_name": " ", "document": "12345678A", "licence": "Z", "postal_code": "28001", "province_id": 23 }))
        .await;
    assert_eq!(code(&bad), "REQ-102");
    assert_eq!(fields(&bad), ["first_name", "last_names", "document", "postal_code", "licence"]);
    assert_eq!(details(&bad).is_empty(), false);
    assert_eq!(entries(&h, book).await, 0);

    let mut new_entry = filled.clone();
    new_entry.as_object_mut().unwrap().remove("entries");
    new_entry["book_id"] = json!(book);
    new_entry["enrolled_on"] = json!("2026-10-01");
    let entry = ok(&h.post("dgt/book/register/student/create", new_entry.clone()).await).clone();
    assert_eq!((entry["number"].as_i64(), entry["book_name"].as_str(), entry["theory_result"].as_str()), (Some(1), Some("Libro 1"), Some("pending")));
    let entry = entry["id"].as_i64().unwrap();
    // The same student for the same licence, in any book, while still training.
    new_entry["book_id"] = json!(second);
    let twice = h.post("dgt/book/register/student/create", new_entry.clone()).await;
    assert_eq!(code(&twice), "CONFLICT-000");
    assert_eq!(details(&twice), "12345678Z ya está inscrito para el permiso B en el libro Libro 1 con el número 1");
    let check = ok(&h.post("dgt/book/register/student/exist/license", json!({ "document": "12345678z", "licence": "B" })).await).clone();
    assert_eq!((check["exists"].as_bool(), check["open"].as_bool(), check["entries"][0]["number"].as_i64()), (Some(true), Some(true), Some(1)));
    assert_eq!(ok(&h.post("dgt/book/register/student/exist/license", json!({ "document": "12345678Z", "licence": "A2" })).await)["exists"], false);

    // The exams keep their order.
    let out_of_order = h.post("dgt/book/register/student/update", json!({ "id": entry, "theory_result": "pass", "practical_exam_date": "2026-09-01" })).await;
    assert_eq!(fields(&out_of_order), ["theory_exam_date", "practical_exam_date"]);
    assert_eq!(fields(&h.post("dgt/book/register/student/update", json!({ "id": entry, "book_id": second })).await), ["book_id"]);

    // The book fills up.
    let luis = person(&h, "Luis", "Martín", "87654321X").await;
    let luis_entry = h
        .post("dgt/book/register/student/create", json!({ "book_id": book, "contact_id": luis, "first_name": "Luis", "last_names": "Martín", "document": "87654321X", "licence": "B", "enrolled_on": "2026-10-05" }))
        .await;
    assert_eq!(ok(&luis_entry)["number"], 2);
    let full = h.post("dgt/book/register/student/create", json!({ "book_id": book, "first_name": "Eva", "last_names": "Sanz", "document": "00000000T", "licence": "AM" })).await;
    assert_eq!(details(&full), "El libro Libro 1 está completo (2 alumnos)");
    assert_eq!(ok(&h.post("dgt/book/register/student/maxbook", json!({ "book_id": book })).await)["next_number"], json!(null));
    assert_eq!(fields(&h.post("dgt/book/register/update", json!({ "id": book, "capacity": 1 })).await), ["capacity"]);

    // A theory folder: the students with their fee, linked to their entries.
    assert_eq!(fields(&h.post("dgt/folder/create", json!({ "exam_kind": "theory", "licence": "" })).await), ["licence"]);
    let folder = ok(&h
        .post("dgt/folder/create", json!({ "name": "Teórico B", "exam_kind": "theory", "licence": "B", "exam_centre": "Jefatura de Jaén", "exam_date": "2026-11-10" }))
        .await)
    .clone();
    assert_eq!((folder["reference"].as_str(), folder["status"].as_str()), (Some("EX-2026-0001"), Some("open")));
    let folder = folder["id"].as_i64().unwrap();
    assert_eq!(fields(&h.post("dgt/folder/student/add", json!({ "folder_id": folder, "contact_id": ana, "tax_id": old_fee })).await), ["tax_id"]);
    let added = ok(&h.post("dgt/folder/student/add", json!({ "folder_id": folder, "contact_id": ana, "tax_id": fee, "tax_number": "2101234567890" })).await).clone();
    let ana_row = &added["students"][0];
    assert_eq!((ana_row["name"].as_str(), ana_row["book_student_id"].as_i64(), ana_row["entry_number"].as_i64()), (Some("Ana García"), Some(entry), Some(1)));
    assert_eq!(ana_row["tax_name"], "2.1 Exámenes y permisos especiales");
    let ana_row = ana_row["id"].as_i64().unwrap();
    assert_eq!(code(&h.post("dgt/folder/student/add", json!({ "folder_id": folder, "contact_id": ana })).await), "CONFLICT-000");
    ok(&h.post("dgt/folder/student/add", json!({ "folder_id": folder, "contact_id": luis })).await);
    assert_eq!(code(&h.post("dgt/folder/student/add", json!({ "folder_id": folder, "contact_id": 999_999 })).await), "NOT-FOUND-000");
    // Not to a road exam before passing the theory.
    let road = id_of(&h.post("dgt/folder/create", json!({ "exam_kind": "road", "licence": "B", "exam_date": "2026-11-20" })).await);
    assert_eq!(fields(&h.post("dgt/folder/student/add", json!({ "folder_id": road, "contact_id": ana })).await), ["contact_id"]);
    // Handed in and back to open: no longer handed in.
    assert_eq!(ok(&h.post("dgt/folder/update", json!({ "id": road, "status": "submitted", "submitted_on": "2026-11-15" })).await)["submitted_on"], "2026-11-15");
    assert_eq!(ok(&h.post("dgt/folder/update", json!({ "id": road, "status": "open" })).await)["submitted_on"], json!(null));
    // The licence cannot change under its students.
    assert_eq!(fields(&h.post("dgt/folder/update", json!({ "id": folder, "licence": "A2" })).await), ["licence"]);

    // Handed in: the students are fixed; the results land in the entries.
    let submitted = ok(&h.post("dgt/folder/update", json!({ "id": folder, "status": "submitted" })).await).clone();
    assert_eq!(submitted["submitted_on"], "2026-11-10", "recorded after the exam: the exam's date");
    assert_eq!(code(&h.post("dgt/folder/student/delete", json!({ "id": ana_row })).await), "CONFLICT-000");
    assert_eq!(fields(&h.post("dgt/folder/update", json!({ "id": folder, "status": "closed" })).await), ["status"]);
    ok(&h.post("dgt/folder/student/update", json!({ "id": ana_row, "result": "pass" })).await);
    let luis_row = ok(&h.get("dgt/folder/student/read", &[("folder_id", &folder.to_string())]).await)[1]["id"].as_i64().unwrap();
    let after = ok(&h.post("dgt/folder/student/update", json!({ "id": luis_row, "result": "fail", "clear_tax": true })).await).clone();
    assert_eq!(after["results"], json!({ "pending": 0, "pass": 1, "fail": 1, "absent": 0 }));
    let ana_entry = ok(&h.get("dgt/book/register/student/read", &[("id", &entry.to_string())]).await).clone();
    assert_eq!((ana_entry["theory_exam_date"].as_str(), ana_entry["theory_result"].as_str()), (Some("2026-11-10"), Some("pass")));
    assert_eq!(ana_entry["folders"][0]["reference"], "EX-2026-0001");
    ok(&h.post("dgt/folder/update", json!({ "id": folder, "status": "closed" })).await);
    assert_eq!(code(&h.post("dgt/folder/student/update", json!({ "id": ana_row, "result": "fail" })).await), "CONFLICT-000");
    assert_eq!(code(&h.post("dgt/folder/update", json!({ "id": folder, "name": "Otro" })).await), "CONFLICT-000");

    // Now the road exam; its pass is the practical exam, and the licence follows.
    ok(&h.post("dgt/folder/student/add", json!({ "folder_id": road, "contact_id": ana })).await);
    let road_row = ok(&h.get("dgt/folder/student/read", &[("folder_id", &road.to_string())]).await)[0]["id"].as_i64().unwrap();
    ok(&h.post("dgt/folder/student/update", json!({ "id": road_row, "result": "pass" })).await);
    assert_eq!(code(&h.post("dgt/book/register/student/delete", json!({ "id": entry })).await), "CONFLICT-000");
    let issued = ok(&h.post("dgt/book/register/student/update", json!({ "id": entry, "licence_issued_on": "2026-11-21" })).await).clone();
    assert_eq!((issued["practical_result"].as_str(), issued["licence_issued_on"].as_str()), (Some("pass"), Some("2026-11-21")));
    assert_eq!(ok(&h.get("dgt/folder/student/read", &[("contact_id", &ana.to_string())]).await).as_array().unwrap().len(), 2);
    assert_eq!(ok(&h.post("dgt/book/register/student/exist/license", json!({ "document": "12345678Z", "licence": "B" })).await)["open"], false);
    assert_eq!(ok(&h.get("dgt/book/register/student/read", &[("status", "issued")]).await)["total"], 1);

    // No result before the exam's day.
    let future = id_of(&h.post("dgt/folder/create", json!({ "exam_kind": "theory", "licence": "B", "exam_date": "2099-01-10" })).await);
    ok(&h.post("dgt/folder/student/add", json!({ "folder_id": future, "contact_id": luis })).await);
    let future_row = ok(&h.get("dgt/folder/student/read", &[("folder_id", &future.to_string())]).await)[0]["id"].as_i64().unwrap();
    assert_eq!(fields(&h.post("dgt/folder/student/update", json!({ "id": future_row, "result": "pass" })).await), ["result"]);
    ok(&h.post("dgt/folder/student/delete", json!({ "id": future_row })).await);

    // A closed book takes no one; a book with entries is closed, not deleted.
    ok(&h.post("dgt/book/register/update", json!({ "id": second, "closed_on": "2026-11-22" })).await);
    let closed = h.post("dgt/book/register/student/create", json!({ "book_id": second, "first_name": "Eva", "last_names": "Sanz", "document": "00000000T", "licence": "AM" })).await;
    assert_eq!(details(&closed), "El libro Libro 2 está cerrado desde el 22/11/2026");
    assert_eq!(code(&h.post("dgt/book/register/delete", json!({ "id": book })).await), "CONFLICT-000");
    ok(&h.post("dgt/book/register/delete", json!({ "id": second })).await);
    assert_eq!(ok(&h.get("dgt/book/register/read", &[]).await)["total"], 1);

    // The demo teacher has no permission; another business sees nothing.
    let teacher = h.teacher_token().await.unwrap();
    assert_eq!(code(&h.get_as(&teacher, "dgt/folder/read", &[]).await), "PERMISSION-000");
    assert_eq!(code(&h.get_as(&h.other_token, "dgt/book/register/read", &[("id", &book.to_string())]).await), "NOT-FOUND-000");
    assert_eq!(code(&h.get_as(&h.other_token, "dgt/book/register/student/read", &[("id", &entry.to_string())]).await), "NOT-FOUND-000");
    assert_eq!(ok(&h.get_as(&h.other_token, "dgt/folder/read", &[]).await)["total"], 0);
    assert_eq!(ok(&h.post_as(&h.other_token, "dgt/book/register/student/exist/license", json!({ "document": "12345678Z" })).await)["exists"], false);
}
