//! The provider copies a model school's content into another business (`[[copies]]`, host
//! `business/copy*` and the spec's `business/clon*`), with the real products and valkiria
//! plugins, on both engines (`VOLANTE_TEST_DATABASE_URL`): what is copied, what the target
//! already had, a second copy adding nothing, the refusals changing nothing, and the audit log.

use std::path::Path;

use serde_json::{json, Value};
use volante_plugin_harness::{code, details, fields, ok, Harness};

fn id(answer: &Value) -> i64 {
    ok(answer)["id"].as_i64().unwrap_or_else(|| panic!("no id in {answer}"))
}

fn names(list: &Value, key: &str) -> Vec<String> {
    let mut names: Vec<String> = list.as_array().unwrap().iter().map(|i| i[key].as_str().unwrap().to_string()).collect();
    names.sort();
    names
}

fn counts(answer: &Value) -> (i64, i64) {
    let data = ok(answer);
    (data["created"].as_i64().unwrap(), data["skipped"].as_i64().unwrap())
}

#[tokio::test]
async fn the_provider_copies_categories_and_the_question_bank_between_schools() {
    let h = Harness::start_with(&[Path::new("plugins/valkiria"), Path::new("plugins/products")]).await.unwrap();
    // The school (director's token) is the model; the provider's own business the target,
    // handled by the provider's administrator (other_token).
    let (from, to, provider) = (h.business_id, h.other_business_id, h.other_token.clone());
    let between = [("from", from.to_string()), ("to", to.to_string())];
    let between: Vec<(&str, &str)> = between.iter().map(|(k, v)| (*k, v.as_str())).collect();

    // ---- What can be copied.
    let kinds = ok(&h.get_as(&provider, "business/copy/kinds", &[]).await).clone();
    assert_eq!(names(&kinds, "kind"), ["blocktest", "productcategory"]);
    assert_eq!(kinds.as_array().unwrap().iter().find(|k| k["kind"] == "blocktest").unwrap()["plugin"], "valkiria");

    // ---- Product categories: live ones by name, without their images; the target's own kept.
    ok(&h.post("product/category/create", json!({ "name": "Permiso B", "description": "Coche" })).await);
    ok(&h.post("product/category/create", json!({ "name": "Cursos CAP", "status": "private" })).await);
    let old = id(&h.post("product/category/create", json!({ "name": "Antigua" })).await);
    ok(&h.post("product/category/delete", json!({ "id": old })).await);
    ok(&h.post_as(&provider, "product/category/create", json!({ "name": "PERMISO b", "description": "La nuestra" })).await);
    assert_eq!(counts(&h.get_as(&provider, "business/clonproductcategory", &between).await), (1, 1));
    let copied = ok(&h.get_as(&provider, "product/category/read", &[]).await).clone();
    assert_eq!(names(&copied["items"], "name"), ["Cursos CAP", "PERMISO b"]);
    let cap = copied["items"].as_array().unwrap().iter().find(|c| c["name"] == "Cursos CAP").unwrap();
    assert_eq!((cap["status"].as_str(), cap["thumbnail_file_id"].is_null()), (Some("private"), true));
    // Copying again adds nothing.
    assert_eq!(counts(&h.get_as(&provider, "business/clonproductcategory", &between).await), (0, 2));

    // ---- The question bank: blocks, questions with translations, block and exam tests.
    let signs = id(&h.post("valkiria/temary/create", json!({ "licence": "B", "name": "Señales" })).await);
    let rules = id(&h.post("valkiria/temary/create", json!({ "licence": "B", "name": "Normas" })).await);
    let gone = id(&h.post("valkiria/temary/create", json!({ "licence": "B", "name": "Borrador" })).await);
    let question = |block: i64, statement: &str, reference: &str| {
        json!({ "block_id": block, "statement": statement, "answers": ["Sí", "No"], "correct": 0, "reference": reference })
    };
    let stop = id(&h.post("valkiria/question/create", question(signs, "¿Obliga a detenerse la señal de STOP?", "")).await);
    let yield_ = id(&h.post("valkiria/question/create", question(signs, "¿Es triangular la señal de ceda el paso?", "DGT-001")).await);
    let speed = id(&h.post("valkiria/question/create", question(rules, "¿Es 120 km/h el límite en autopista?", "")).await);
    ok(&h.post("valkiria/question/translated/update", json!({ "question_id": stop, "language": "en", "statement": "Must you stop at a STOP sign?", "answers": ["Yes", "No"] })).await);
    ok(&h.post("valkiria/temary/update", json!({ "id": gone, "state": "deleted" })).await);
    ok(&h.post("valkiria/test/create", json!({ "licence": "B", "name": "Test de señales", "block_id": signs, "question_ids": [stop, yield_], "max_errors": 1 })).await);
    ok(&h.post("valkiria/test/create", json!({ "licence": "B", "name": "Examen 1", "kind": "exam", "question_ids": [stop, yield_, speed], "minutes": 20 })).await);

    // The target already has a "SEÑALES" block with the yield question (another reference),
    // and a question of its own that took the stop question's automatic reference.
    let their_signs = id(&h.post_as(&provider, "valkiria/temary/create", json!({ "licence": "B", "name": "SEÑALES" })).await);
    ok(&h.post_as(&provider, "valkiria/question/create", question(their_signs, "¿Es triangular la señal de ceda el paso?", "NUESTRA-7")).await);
    let stop_reference = ok(&h.get(&format!("valkiria/question/translated/{stop}"), &[]).await)["reference"].as_str().unwrap().to_string();
    ok(&h.post_as(&provider, "valkiria/question/create", question(their_signs, "¿Se puede girar en U aquí?", &stop_reference)).await);

    let answer = h.get_as(&provider, "business/clonblocktest", &between).await;
    // Created: "Normas", the stop and speed questions, both tests; skipped: "Señales" (theirs)
    // and the yield question (theirs, by its statement).
    assert_eq!(counts(&answer), (5, 2), "{answer}");
    assert_eq!(ok(&answer)["plugin"], "valkiria");
    let bank = ok(&h.get_as(&provider, "valkiria/blocktemary", &[("licence", "B")]).await).clone();
    assert_eq!(names(&bank, "name"), ["Normas", "SEÑALES"]);
    let theirs = bank.as_array().unwrap().iter().find(|b| b["name"] == "SEÑALES").unwrap();
    let statements = names(&theirs["questions"], "statement");
    assert_eq!(statements.len(), 3, "{theirs}");
    let copied_stop = theirs["questions"].as_array().unwrap().iter().find(|q| q["statement"] == "¿Obliga a detenerse la señal de STOP?").unwrap();
    // Its reference was taken in the target: it got one of its own.
    assert_ne!(copied_stop["reference"], stop_reference.as_str());
    let copied_stop = copied_stop["id"].as_i64().unwrap();
    let view = ok(&h.get_as(&provider, &format!("valkiria/question/translated/{copied_stop}"), &[]).await).clone();
    assert_eq!(view["translations"]["en"]["statement"], "Must you stop at a STOP sign?");
    let tests = ok(&h.get_as(&provider, "valkiria/blocktest", &[("licence", "B")]).await).clone();
    assert_eq!(names(&tests, "name"), ["Examen 1", "Test de señales"]);
    let exam = tests.as_array().unwrap().iter().find(|t| t["name"] == "Examen 1").unwrap();
    assert_eq!((exam["questions"].as_i64(), exam["minutes"].as_i64(), exam["kind"].as_str()), (Some(3), Some(20), Some("exam")));
    let block_test = tests.as_array().unwrap().iter().find(|t| t["name"] == "Test de señales").unwrap();
    assert_eq!((block_test["block_id"].as_i64(), block_test["max_errors"].as_i64()), (Some(their_signs), Some(1)));
    // Again: nothing new.
    assert_eq!(counts(&h.get_as(&provider, "business/clonblocktest", &between).await), (0, 7));
    // The source is untouched.
    assert_eq!(ok(&h.get("valkiria/blocktemary", &[("licence", "B")]).await).as_array().unwrap().len(), 2);

    // ---- Refusals change nothing.
    let before = ok(&h.get_as(&provider, "valkiria/blocktest", &[("licence", "B")]).await).as_array().unwrap().len();
    assert_eq!(code(&h.get("business/clonblocktest", &between).await), "PERMISSION-000");
    let same = h.post_as(&provider, "business/copy", json!({ "from": from, "to": from, "kind": "blocktest" })).await;
    assert_eq!((fields(&same), details(&same)), (vec!["to".to_string()], "La empresa de destino es la de origen".to_string()));
    assert_eq!(fields(&h.post_as(&provider, "business/copy", json!({ "from": 999_999, "to": to, "kind": "blocktest" })).await), ["from"]);
    assert_eq!(fields(&h.post_as(&provider, "business/copy", json!({ "from": from, "to": to, "kind": "nada" })).await), ["kind"]);
    let created = ok(&h.post_as(&provider, "business/create", json!({ "name": "Autoescuela Sin Test", "admin": { "email": "sin@test.es", "first_name": "Sin" } })).await).clone();
    let bare = created["business_id"].as_i64().unwrap();
    let off = h.post_as(&provider, "business/copy", json!({ "from": from, "to": bare, "kind": "blocktest" })).await;
    assert_eq!((code(&off), details(&off)), ("SERVICE-000".to_string(), "Autoescuela Sin Test no tiene el servicio Test online".to_string()));
    assert_eq!(ok(&h.get_as(&provider, "valkiria/blocktest", &[("licence", "B")]).await).as_array().unwrap().len(), before);

    // ---- Every copy is in the audit log, with who made it.
    let (audited,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM audit_log WHERE action = 'content.copy' AND business_id = $1 AND actor_user_id IS NOT NULL")
        .bind(to)
        .fetch_one(&h.state.db.pool)
        .await
        .unwrap();
    assert_eq!(audited, 4);
}
