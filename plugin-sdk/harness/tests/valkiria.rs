//! The valkiria plugin (online theory tests) in the real runtime against a real database, on
//! both engines (`VOLANTE_TEST_DATABASE_URL`): the bank (blocks in order, questions with every
//! bad field refused at once, the finder's modes, translations, tests and what they may hold),
//! students and their enrolments (DNI checks with the spec's messages, the permit-A family,
//! renewals by date, by months, by DNI and in bulk), PINs, credentials by mail and two-factor,
//! taking tests and their correction, the reports, resets, the permission and the business
//! boundary; and a new student filled in from the contacts module.

mod common;

use common::{civil_from_days, days_from_civil};

use serde_json::{json, Value};
use volante_plugin_harness::{code, details, fields, ok, Harness};

fn id(answer: &Value) -> i64 {
    ok(answer)["id"].as_i64().unwrap_or_else(|| panic!("no id in {answer}"))
}

/// The `key` of each item of a list.
fn column<'a>(list: &'a Value, key: &str) -> Vec<&'a Value> {
    list.as_array().unwrap_or_else(|| panic!("not a list: {list}")).iter().map(|i| &i[key]).collect()
}

fn strings(list: &Value, key: &str) -> Vec<String> {
    column(list, key).iter().map(|v| v.as_str().unwrap_or_default().to_string()).collect()
}

fn ints(list: &Value, key: &str) -> Vec<i64> {
    column(list, key).iter().map(|v| v.as_i64().unwrap_or(-1)).collect()
}

fn add_days(date: &str, n: i64) -> String {
    let p: Vec<i64> = date.split('-').map(|x| x.parse().unwrap()).collect();
    let (y, m, d) = civil_from_days(days_from_civil(p[0], p[1], p[2]) + n);
    format!("{y:04}-{m:02}-{d:02}")
}

fn spanish(date: &str) -> String {
    let p: Vec<&str> = date.split('-').collect();
    format!("{}/{}/{}", p[2], p[1], p[0])
}

/// The answers to a test's questions: `(question, chosen)`.
fn answers(pairs: &[(i64, Option<i64>)]) -> Value {
    pairs.iter().map(|(q, c)| json!({ "question_id": q, "chosen": c })).collect()
}

#[tokio::test]
async fn bank_students_tests_and_reports() {
    let h = Harness::start("plugins/valkiria").await.unwrap();

    // ---- Blocks: in order within their licence; a new one at the end or where it is asked.
    assert_eq!(fields(&h.post("valkiria/temary/create", json!({ "licence": "Z", "name": " " })).await), ["licence", "name"]);
    let signs = id(&h.post("valkiria/temary/create", json!({ "licence": "b", "name": "Señales", "description": "Señales verticales y marcas viales" })).await);
    let rules = id(&h.post("valkiria/temary/create", json!({ "licence": "B", "name": "Normas" })).await);
    let speed = ok(&h.post("valkiria/temary/create", json!({ "licence": "B", "name": "Velocidad", "position": 1 })).await).clone();
    assert_eq!((speed["licence"].as_str(), speed["position"].as_i64()), (Some("B"), Some(1)));
    let speed = speed["id"].as_i64().unwrap();
    let bad = h.post("valkiria/temary/create", json!({ "licence": "B", "name": "Otro", "position": 9 })).await;
    assert_eq!((fields(&bad), details(&bad)), (vec!["position".to_string()], "La posición debe estar entre 1 y 4".to_string()));
    let bank = ok(&h.get("valkiria/blocktemary", &[("licence", "B")]).await).clone();
    assert_eq!((strings(&bank, "name"), ints(&bank, "position")), (vec!["Velocidad".to_string(), "Señales".into(), "Normas".into()], vec![1, 2, 3]));
    // Moved: the others keep their order around it.
    assert_eq!(ok(&h.post("valkiria/temary/update", json!({ "id": rules, "position": 1 })).await)["position"], 1);
    let bank = ok(&h.get("valkiria/blocktemary", &[("licence", "B")]).await).clone();
    assert_eq!((strings(&bank, "name"), ints(&bank, "position")), (vec!["Normas".to_string(), "Velocidad".into(), "Señales".into()], vec![1, 2, 3]));
    // A deleted block leaves the list and the others close up; brought back, it goes at the end.
    let empty = id(&h.post("valkiria/temary/create", json!({ "licence": "B", "name": "Vacío", "position": 2 })).await);
    assert_eq!(ok(&h.post("valkiria/temary/update", json!({ "id": empty, "state": "deleted" })).await)["state"], "deleted");
    assert_eq!(ints(ok(&h.get("valkiria/blocktemary", &[("licence", "B")]).await), "position"), [1, 2, 3]);
    assert_eq!(code(&h.post("valkiria/temary/update", json!({ "id": empty, "name": "Otro" })).await), "CONFLICT-000");
    let back = ok(&h.post("valkiria/temary/update", json!({ "id": empty, "state": "active" })).await).clone();
    assert_eq!((back["state"].as_str(), back["position"].as_i64()), (Some("active"), Some(4)));
    ok(&h.post("valkiria/temary/update", json!({ "id": empty, "state": "deleted" })).await);
    let goods = id(&h.post("valkiria/temary/create", json!({ "licence": "C", "name": "Mercancías" })).await);
    assert_eq!(code(&h.get("valkiria/blocktemary", &[]).await), "REQ-102");

    // ---- Questions: every bad field at once, nothing stored.
    let bad = h
        .post(
            "valkiria/question/create",
            json!({ "block_id": 999_999, "reference": "R".repeat(31), "statement": "", "answers": ["Sí"], "correct": 3, "explanation": "x".repeat(2001) }),
        )
        .await;
    assert_eq!(fields(&bad), ["block_id", "reference", "statement", "answers", "explanation"]);
    assert_eq!(ok(&h.get("valkiria/test/question/search/reference", &[("license", "B")]).await), &json!([]));
    let bad = h.post("valkiria/question/create", json!({ "block_id": signs, "statement": "¿?", "answers": ["A", " ", "C"], "correct": 0 })).await;
    assert_eq!(fields(&bad), ["answers[1]"]);
    let bad = h.post("valkiria/question/create", json!({ "block_id": signs, "statement": "¿?", "answers": ["A", "B"], "correct": 2 })).await;
    assert_eq!((fields(&bad), details(&bad)), (vec!["correct".to_string()], "La respuesta correcta debe ser una de las 2 respuestas (de 0 a 1)".to_string()));
    assert_eq!(fields(&h.post("valkiria/question/create", json!({ "block_id": signs, "statement": "¿?", "answers": ["A", "B"] })).await), ["correct"]);

    let q1 = ok(&h
        .post(
            "valkiria/question/create",
            json!({ "block_id": signs, "statement": "¿Qué indica una señal de STOP?", "answers": ["Detenerse siempre", "Ceder el paso solo si vienen vehículos", "Reducir la velocidad"],
                    "correct": 0, "explanation": "La señal de STOP obliga a detenerse" }),
        )
        .await)
    .clone();
    let q1_id = q1["id"].as_i64().unwrap();
    assert_eq!(q1["reference"], format!("P-{q1_id}"), "a reference is made when none is given");
    assert_eq!((q1["licence"].as_str(), q1["block"]["name"].as_str()), (Some("B"), Some("Señales")));
    assert_eq!((q1["translations"].clone(), q1["missing"].clone(), q1["tests"].clone()), (json!({}), json!(["ca", "eu", "gl", "en", "fr", "de"]), json!([])));
    let q1 = q1_id;
    let q2 = id(&h
        .post(
            "valkiria/question/create",
            json!({ "block_id": signs, "reference": "SEN-002", "statement": "¿Qué forma tiene la señal de ceda el paso?", "answers": ["Triángulo invertido", "Octógono"], "correct": 0 }),
        )
        .await);
    let q3 = id(&h
        .post(
            "valkiria/question/create",
            json!({ "block_id": speed, "reference": "VEL-001", "statement": "¿Cuál es la velocidad máxima de un turismo en autopista?", "answers": ["100 km/h", "120 km/h", "130 km/h"], "correct": 1 }),
        )
        .await);
    let q4 = id(&h
        .post(
            "valkiria/question/create",
            json!({ "block_id": rules, "reference": "NOR-001", "statement": "¿Es obligatorio el cinturón en vías urbanas?", "answers": ["Sí", "No"], "correct": 0 }),
        )
        .await);
    let q5 = id(&h
        .post("valkiria/question/create", json!({ "block_id": goods, "reference": "MER-001", "statement": "¿Qué es el tacógrafo?", "answers": ["Un registrador de tiempos", "Un remolque"], "correct": 0 }))
        .await);
    let taken = h.post("valkiria/question/create", json!({ "block_id": rules, "reference": "sen-002", "statement": "Otra", "answers": ["a", "b"], "correct": 0 })).await;
    assert_eq!((code(&taken), taken["error"][0]["data"]["field"].as_str()), ("CONFLICT-000".to_string(), Some("reference")));

    // ---- The finder's modes.
    let found = ok(&h.get("valkiria/test/question/search/text", &[("license", "B"), ("search", "señal")]).await).clone();
    assert_eq!(ints(&found, "id"), [q1, q2]);
    assert_eq!((found[0]["block"].as_str(), found[0]["correct"].as_i64()), (Some("Señales"), Some(0)));
    assert_eq!(ints(ok(&h.get("valkiria/test/question/search/text", &[("license", "B"), ("search", "VELOCIDAD máxima")]).await), "id"), [q3]);
    assert_eq!(fields(&h.get("valkiria/test/question/search/text", &[("license", "B"), ("search", "s")]).await), ["search"]);
    assert_eq!(ints(ok(&h.get("valkiria/test/question/search/reference", &[("license", "B"), ("search", "sen")]).await), "id"), [q2]);
    assert_eq!(ints(ok(&h.get("valkiria/test/question/search/reference", &[("license", "B"), ("search", "")]).await), "id"), [q4, q1, q2, q3]);
    assert_eq!(ints(ok(&h.get("valkiria/test/question/search/reference", &[("license", "B"), ("limit", "2")]).await), "id"), [q4, q1]);
    assert_eq!(ints(ok(&h.get("valkiria/test/question/search/block", &[("license", "B"), ("search", &speed.to_string())]).await), "id"), [q3]);
    assert_eq!(fields(&h.get("valkiria/test/question/search/block", &[("license", "B"), ("search", &goods.to_string())]).await), ["search"]);
    assert_eq!(ints(ok(&h.get("valkiria/test/question/search/text", &[("license", "C"), ("search", "tacógrafo")]).await), "id"), [q5]);
    assert_eq!(fields(&h.get("valkiria/test/question/search/otro", &[("license", "B")]).await), ["mode"]);
    assert_eq!(fields(&h.get("valkiria/test/question/search/text", &[("search", "señal")]).await), ["license"]);
    assert_eq!(fields(&h.get("valkiria/test/question/search/text", &[("license", "B"), ("search", "señal"), ("limit", "101")]).await), ["limit"]);

    // ---- Translations: as many answers as the question, added, replaced and removed.
    let en = json!({ "question_id": q2, "language": "en", "statement": "What shape is the give way sign?", "answers": ["Inverted triangle", "Octagon"] });
    let view = ok(&h.post("valkiria/question/translated/update", en).await).clone();
    assert_eq!(view["translations"]["en"]["answers"], json!(["Inverted triangle", "Octagon"]));
    assert_eq!(view["missing"], json!(["ca", "eu", "gl", "fr", "de"]));
    let bad = h.post("valkiria/question/translated/update", json!({ "question_id": q2, "language": "fr", "statement": "Quelle forme ?", "answers": ["a", "b", "c"] })).await;
    assert_eq!((fields(&bad), details(&bad)), (vec!["answers".to_string()], "La traducción debe tener 2 respuestas, como la pregunta".to_string()));
    assert_eq!(fields(&h.post("valkiria/question/translated/update", json!({ "question_id": q2, "language": "pt", "statement": "x", "answers": ["a", "b"] })).await), ["language"]);
    assert_eq!(fields(&h.post("valkiria/question/translated/update", json!({ "question_id": q2, "language": "fr", "statement": " ", "answers": ["a", ""] })).await), ["statement", "answers[1]"]);
    let replaced = h.post("valkiria/question/translated/update", json!({ "question_id": q2, "language": "en", "statement": "Which shape has the yield sign?", "answers": ["Inverted triangle", "Octagon"] })).await;
    assert_eq!(ok(&replaced)["translations"]["en"]["statement"], "Which shape has the yield sign?");
    ok(&h.post("valkiria/question/translated/update", json!({ "question_id": q1, "language": "ca", "statement": "Què indica un senyal de STOP?", "answers": ["Aturar-se sempre", "Cedir el pas", "Reduir la velocitat"] })).await);
    let removed = ok(&h.post("valkiria/question/translated/update", json!({ "question_id": q1, "language": "ca", "remove": true })).await).clone();
    assert_eq!(removed["translations"], json!({}));
    assert_eq!(code(&h.post("valkiria/question/translated/update", json!({ "question_id": q1, "language": "ca", "remove": true })).await), "NOT-FOUND-000");
    assert_eq!(code(&h.post("valkiria/question/translated/update", json!({ "question_id": 999_999, "language": "ca", "remove": true })).await), "NOT-FOUND-000");
    // A new list of answers drops the translations that no longer match; `correct` stays within.
    assert_eq!(fields(&h.post("valkiria/question/update", json!({ "id": q1, "correct": 5 })).await), ["correct"]);
    assert_eq!(fields(&h.post("valkiria/question/update", json!({ "id": q3, "answers": ["100 km/h"] })).await), ["answers"]);
    let changed = ok(&h.post("valkiria/question/update", json!({ "id": q2, "answers": ["Triángulo invertido", "Octógono", "Círculo"] })).await).clone();
    assert_eq!((changed["dropped_translations"].clone(), changed["translations"].clone()), (json!(["en"]), json!({})));
    let en3 = json!({ "question_id": q2, "language": "en", "statement": "Which shape has the yield sign?", "answers": ["Inverted triangle", "Octagon", "Circle"] });
    ok(&h.post("valkiria/question/translated/update", en3).await);
    assert_eq!(ok(&h.get("valkiria/test/question/search/text", &[("license", "B"), ("search", "ceda")]).await)[0]["translations"], json!(["en"]));
    assert_eq!(
        ok(&h.post("valkiria/question/update", json!({ "id": q3, "explanation": "Salvo señal que indique otra" })).await)["dropped_translations"],
        json!([])
    );

    // ---- Tests: live questions of the licence (and of the block), no repeats, sensible limits.
    let wrong_licence = h.post("valkiria/test/create", json!({ "licence": "B", "name": "Examen", "question_ids": [q1, q5] })).await;
    assert_eq!((fields(&wrong_licence), details(&wrong_licence)), (vec!["question_ids".to_string()], format!("No son del permiso B las preguntas: {q5}")));
    let other_block = h.post("valkiria/test/create", json!({ "licence": "B", "name": "Señales", "kind": "block", "block_id": signs, "question_ids": [q1, q3] })).await;
    assert_eq!((fields(&other_block), details(&other_block)), (vec!["question_ids".to_string()], format!("No son del bloque del test las preguntas: {q3}")));
    let repeated = h.post("valkiria/test/create", json!({ "licence": "B", "name": "Examen", "question_ids": [q1, q2, q1] })).await;
    assert_eq!((fields(&repeated), details(&repeated)), (vec!["question_ids".to_string()], format!("Preguntas repetidas: {q1}")));
    assert_eq!(fields(&h.post("valkiria/test/create", json!({ "licence": "B", "name": "Examen", "question_ids": [q1, 999_999] })).await), ["question_ids"]);
    assert_eq!(fields(&h.post("valkiria/test/create", json!({ "licence": "B", "name": "X", "kind": "block", "block_id": goods, "question_ids": [q1] })).await), ["block_id"]);
    let limits = h.post("valkiria/test/create", json!({ "licence": "B", "name": "", "kind": "otro", "question_ids": [], "max_errors": -1, "minutes": 0, "expires_on": "2026-13-01" })).await;
    assert_eq!(fields(&limits), ["name", "kind", "question_ids", "max_errors", "minutes", "expires_on"]);
    assert_eq!(fields(&h.post("valkiria/test/create", json!({ "licence": "B", "name": "X", "question_ids": [q1, q2], "max_errors": 2 })).await), ["max_errors"]);
    assert_eq!(ok(&h.get("valkiria/blocktest", &[("licence", "B"), ("state", "all")]).await), &json!([]), "nothing stored");

    let exam = ok(&h.post("valkiria/test/create", json!({ "licence": "B", "name": "Examen B 1", "question_ids": [q1, q2, q3, q4], "max_errors": 1 })).await).clone();
    assert_eq!((exam["kind"].as_str(), exam["minutes"].as_i64(), exam["total"].as_i64(), exam["expired"].as_bool()), (Some("exam"), Some(30), Some(4), Some(false)));
    assert_eq!(ints(&exam["questions"], "id"), [q1, q2, q3, q4]);
    assert_eq!(ints(&exam["questions"], "correct"), [0, 0, 1, 0]);
    let exam = exam["id"].as_i64().unwrap();
    let block_test = ok(&h.post("valkiria/test/create", json!({ "licence": "B", "name": "Señales 1", "block_id": signs, "question_ids": [q2, q1] })).await).clone();
    assert_eq!((block_test["kind"].as_str(), block_test["max_errors"].as_i64(), block_test["block"].as_str()), (Some("block"), Some(1), Some("Señales")));
    let block_test = block_test["id"].as_i64().unwrap();
    let tests = ok(&h.get("valkiria/blocktest", &[("licence", "B")]).await).clone();
    assert_eq!((strings(&tests, "name"), ints(&tests, "questions"), ints(&tests, "attempts")), (vec!["Examen B 1".to_string(), "Señales 1".into()], vec![4, 2], vec![0, 0]));
    assert_eq!(strings(ok(&h.get("valkiria/blocktest", &[("licence", "B"), ("kind", "block")]).await), "name"), ["Señales 1"]);
    assert_eq!(strings(ok(&h.get("valkiria/blocktest", &[("licence", "B"), ("block_id", &signs.to_string())]).await), "name"), ["Señales 1"]);
    let goods_test = id(&h.post("valkiria/test/create", json!({ "licence": "C", "name": "Examen C 1", "question_ids": [q5] })).await);
    assert_eq!(ok(&h.get(&format!("valkiria/question/translated/{q1}"), &[]).await)["tests"].as_array().unwrap().len(), 2);
    // What tests hold is protected: a question in a test is not deleted, nor moved out of its block's tests.
    assert_eq!(code(&h.post("valkiria/question/update", json!({ "id": q1, "state": "deleted" })).await), "CONFLICT-000");
    assert_eq!(code(&h.post("valkiria/question/update", json!({ "id": q2, "block_id": rules })).await), "CONFLICT-000");
    assert_eq!(fields(&h.post("valkiria/question/update", json!({ "id": q3, "block_id": goods })).await), ["block_id"]);
    assert_eq!(code(&h.post("valkiria/temary/update", json!({ "id": signs, "state": "deleted" })).await), "CONFLICT-000");
    // The student's view of a test: in a language, without the right answers.
    let to_take = ok(&h.get(&format!("valkiria/test/translated/{exam}"), &[("language", "en")]).await).clone();
    assert_eq!((to_take["total"].as_i64(), to_take["max_errors"].as_i64(), to_take["language"].as_str()), (Some(4), Some(1), Some("en")));
    assert_eq!(column(&to_take["questions"], "translated"), [&json!(false), &json!(true), &json!(false), &json!(false)]);
    assert_eq!(to_take["questions"][1]["statement"], "Which shape has the yield sign?");
    assert!(to_take["questions"][0].get("correct").is_none());
    assert_eq!(fields(&h.get(&format!("valkiria/test/translated/{exam}"), &[("language", "pt")]).await), ["language"]);
    // test/theory: the blocks of a licence with their tests, and one block's.
    let theory = ok(&h.get("test/theory/bloques/permiso/B", &[]).await).clone();
    assert_eq!(strings(&theory, "name"), ["Normas", "Velocidad", "Señales"]);
    assert_eq!(theory[2]["tests"], json!([{ "id": block_test, "name": "Señales 1", "questions": 2, "max_errors": 1, "minutes": 30, "expires_on": null, "expired": false }]));
    let block = ok(&h.get(&format!("test/theory/bloque/test/{signs}"), &[]).await).clone();
    assert_eq!((block["name"].as_str(), ints(&block["tests"], "questions")), (Some("Señales"), vec![2]));
    assert_eq!(code(&h.get("test/theory/bloque/test/999999", &[]).await), "NOT-FOUND-000");
    assert_eq!(fields(&h.get("test/theory/bloques/permiso/Z", &[]).await), ["id"]);

    // ---- Students: a new one gets a PIN once; DNI checks; the permit-A family.
    let lucia = ok(&h
        .post("valkiria/assigncourse", json!({ "dni": "54362315k", "first_name": "Lucía", "last_name": "Pérez Gil", "email": "lucia@example.com", "phone": "600 111 222", "licence": "b" }))
        .await)
    .clone();
    let first_pin = lucia["pin"].as_str().unwrap().to_string();
    assert!(first_pin.len() == 6 && first_pin.bytes().all(|b| b.is_ascii_digit()), "{first_pin}");
    assert_eq!((lucia["dni"].as_str(), lucia["phone"].as_str(), lucia["has_pin"].as_bool(), lucia["two_factor"].as_bool()), (Some("54362315K"), Some("600111222"), Some(true), Some(false)));
    let b_enrolment = lucia["enrolments"][0].clone();
    let six_months = b_enrolment["days_left"].as_i64().unwrap();
    assert!((181..=184).contains(&six_months), "today + 6 months: {b_enrolment}");
    let today = add_days(b_enrolment["expires_on"].as_str().unwrap(), -six_months);
    let lucia_b = b_enrolment["id"].as_i64().unwrap();
    let lucia = lucia["id"].as_i64().unwrap();
    let by_dni = ok(&h.get("valkiria/studentsdni", &[("dni", "54362315k")]).await).clone();
    assert_eq!((by_dni["id"].as_i64(), by_dni.get("pin"), by_dni["attempts"].as_i64()), (Some(lucia), None, Some(0)));
    let bad_dni = |dni: &'static str| h.post("valkiria/assigncourse", json!({ "dni": dni, "first_name": "X", "licence": "B" }));
    assert_eq!(details(&bad_dni("1234567Z").await), "Dni erroneo, faltan caracteres");
    assert_eq!(details(&bad_dni("123456789Z").await), "Dni erroneo, sobran caracteres");
    assert_eq!(details(&bad_dni("1234A678Z").await), "Dni erroneo, formato no válido");
    assert_eq!(details(&bad_dni("12345678A").await), "Dni erroneo, la letra del NIF no se corresponde");
    let bad = h.post("valkiria/assigncourse", json!({ "dni": "", "first_name": "", "email": "x@", "licence": "Z", "expires_on": "31/02/2030" })).await;
    assert_eq!(fields(&bad), ["licence", "expires_on", "dni", "first_name", "email"]);
    assert_eq!(fields(&h.post("valkiria/assigncourse", json!({ "dni": "00000000T", "first_name": "Eva", "licence": "B", "expires_on": add_days(&today, -1) })).await), ["expires_on"]);
    assert_eq!(code(&h.post("valkiria/assigncourse", json!({ "dni": "54362315K", "first_name": "Otra", "licence": "C" })).await), "CONFLICT-000");
    assert_eq!(fields(&h.post("valkiria/assigncourse", json!({ "student_id": lucia, "licence": "A2" })).await), ["licence"]);
    assert_eq!(fields(&h.post("valkiria/permisoa/assigncourse", json!({ "student_id": lucia, "licence": "B" })).await), ["licence"]);
    assert_eq!(code(&h.post("valkiria/assigncourse", json!({ "student_id": lucia, "licence": "B" })).await), "CONFLICT-000", "already enrolled");
    assert_eq!(code(&h.post("valkiria/assigncourse", json!({ "student_id": 999_999, "licence": "B" })).await), "NOT-FOUND-000");
    let with_a2 = ok(&h.post("valkiria/permisoa/assigncourse", json!({ "student_id": lucia })).await).clone();
    assert_eq!(strings(&with_a2["enrolments"], "licence"), ["A2", "B"], "A2 by default, in the licences' order");
    assert!(with_a2.get("pin").is_none(), "an existing student keeps their PIN");
    let lucia_a2 = with_a2["enrolments"][0]["id"].as_i64().unwrap();
    let mario = ok(&h
        .post("valkiria/assigncourse", json!({ "dni": "x1234567l", "first_name": "Mario", "last_name": "Álvarez", "licence": "B", "expires_on": "31/12/2099" }))
        .await)
    .clone();
    assert_eq!(mario["enrolments"][0]["expires_on"], "2099-12-31");
    let mario_b = mario["enrolments"][0]["id"].as_i64().unwrap();
    let mario = mario["id"].as_i64().unwrap();
    // Without the contacts module, a contact is kept as given.
    let eva = ok(&h.post("valkiria/assigncourse", json!({ "dni": "00000000T", "first_name": "Eva", "last_name": "Sur", "contact_id": 77, "licence": "C" })).await).clone();
    assert_eq!((eva["contact_id"].as_i64(), eva["first_name"].as_str()), (Some(77), Some("Eva")));
    let eva_c = eva["enrolments"][0]["id"].as_i64().unwrap();
    let eva = eva["id"].as_i64().unwrap();

    let page = ok(&h.get("valkiria/listuserautoescuela", &[]).await).clone();
    assert_eq!((page["total"].as_i64(), strings(&page["items"], "first_name")), (Some(3), vec!["Mario".to_string(), "Lucía".into(), "Eva".into()]));
    assert_eq!(page["items"][1]["enrolments"].as_array().unwrap().len(), 2);
    assert_eq!(strings(&ok(&h.get("valkiria/listuserautoescuela", &[("search", "perez")]).await)["items"], "first_name"), ["Lucía"]);
    assert_eq!(strings(&ok(&h.get("valkiria/listuserautoescuela", &[("search", "X123")]).await)["items"], "first_name"), ["Mario"]);
    assert_eq!(strings(&ok(&h.get("valkiria/listuserautoescuela", &[("licence", "C")]).await)["items"], "first_name"), ["Eva"]);
    assert_eq!(ok(&h.get("valkiria/listuserautoescuela", &[("status", "active")]).await)["total"], 3);
    assert_eq!(fields(&h.get("valkiria/listuserautoescuela", &[("status", "caducado")]).await), ["status"]);
    assert_eq!(ok(&h.get("valkiria/listuserautoescuela", &[("per_page", "2"), ("page", "2")]).await)["items"][0]["first_name"], "Eva");

    // ---- Renewals: by date, by months, by DNI, in bulk (all or none).
    let renewed = ok(&h.post("valkiria/newexpire", json!({ "id": mario_b, "months": 2 })).await).clone();
    assert_eq!(renewed["expires_on"], "2100-02-28", "from the later end, on the month's last day");
    assert_eq!(ok(&h.post("valkiria/newexpire", json!({ "id": mario_b, "expires_on": "15/03/2100" })).await)["expires_on"], "2100-03-15");
    assert_eq!(fields(&h.post("valkiria/newexpire", json!({ "id": mario_b, "expires_on": "2100-01-01", "months": 1 })).await), ["months"]);
    assert_eq!(fields(&h.post("valkiria/newexpire", json!({ "id": mario_b })).await), ["expires_on"]);
    assert_eq!(fields(&h.post("valkiria/newexpire", json!({ "id": mario_b, "months": 37 })).await), ["months"]);
    assert_eq!(code(&h.post("valkiria/newexpire", json!({ "id": 999_999, "months": 1 })).await), "NOT-FOUND-000");
    assert_eq!(ok(&h.post("valkiria/studentdni/newexpire", json!({ "dni": "X1234567L", "licence": "b", "months": 1 })).await)["expires_on"], "2100-04-15");
    assert_eq!(code(&h.post("valkiria/studentdni/newexpire", json!({ "dni": "54362315K", "licence": "C", "months": 1 })).await), "NOT-FOUND-000");
    assert_eq!(fields(&h.post("valkiria/studentdni/newexpire", json!({ "dni": "54362315A", "licence": "B", "months": 1 })).await), ["dni"]);
    assert_eq!(code(&h.post("valkiria/dashboard/caducidad/new_expire", json!({ "ids": [lucia_b, 999_999], "months": 1 })).await), "NOT-FOUND-000");
    assert_eq!(fields(&h.post("valkiria/dashboard/caducidad/new_expire", json!({ "ids": [lucia_b, lucia_b], "months": 1 })).await), ["ids"]);
    assert_eq!(fields(&h.post("valkiria/dashboard/caducidad/new_expire", json!({ "ids": [], "months": 1 })).await), ["ids"]);
    let lucia_view = ok(&h.get("valkiria/studentsdni", &[("dni", "54362315K")]).await).clone();
    assert_eq!(lucia_view["enrolments"][1]["days_left"].as_i64(), Some(six_months), "the refused bulk changed nothing");
    let bulk = ok(&h.post("valkiria/dashboard/caducidad/new_expire", json!({ "ids": [lucia_b, mario_b], "expires_on": "2101-01-01" })).await).clone();
    assert_eq!((bulk["renewed"].as_i64(), strings(&bulk["enrolments"], "expires_on")), (Some(2), vec!["2101-01-01".to_string(), "2101-01-01".into()]));
    // A past date ends the access; a renewal by months then counts from today.
    let ended = ok(&h.post("valkiria/newexpire", json!({ "id": eva_c, "expires_on": add_days(&today, -3) })).await).clone();
    assert_eq!((ended["expired"].as_bool(), ended["days_left"].as_i64()), (Some(true), Some(-3)));
    ok(&h.post("valkiria/newexpire", json!({ "id": lucia_a2, "expires_on": spanish(&add_days(&today, 10)) })).await);
    let expiring = ok(&h.get("valkiria/listuserautoescuelacaducidad/15", &[]).await).clone();
    assert_eq!((ints(&expiring, "id"), ints(&expiring, "days_left")), (vec![eva_c, lucia_a2], vec![-3, 10]));
    assert_eq!((expiring[1]["dni"].as_str(), expiring[1]["name"].as_str(), expiring[1]["licence"].as_str()), (Some("54362315K"), Some("Lucía Pérez Gil"), Some("A2")));
    assert_eq!(ints(ok(&h.get("valkiria/listuserautoescuelacaducidad/0", &[]).await), "id"), [eva_c]);
    assert_eq!(fields(&h.get("valkiria/listuserautoescuelacaducidad/366", &[]).await), ["id"]);
    assert_eq!(strings(&ok(&h.get("valkiria/listuserautoescuela", &[("status", "expired")]).await)["items"], "first_name"), ["Eva"]);
    assert_eq!(strings(&ok(&h.get("valkiria/listuserautoescuela", &[("status", "active"), ("licence", "A2")]).await)["items"], "first_name"), ["Lucía"]);

    // ---- PIN, credentials by mail, two-factor.
    let new_pin = ok(&h.post("valkiria/new_pin", json!({ "student_id": mario })).await).clone();
    assert!(new_pin["pin"].as_str().is_some_and(|p| p.len() == 6 && p.bytes().all(|b| b.is_ascii_digit())), "{new_pin}");
    assert_eq!(fields(&h.get("valkiria/send/credentials", &[("student_id", &eva.to_string())]).await), ["email"]);
    assert_eq!(h.outbox().len(), 0, "no mail without an address");
    let sent = ok(&h.get("valkiria/send/credentials", &[("student_id", &lucia.to_string())]).await).clone();
    assert_eq!(sent["sent_to"], "lucia@example.com");
    let mails: Vec<String> = h.outbox().iter().map(|m| m.replace("=\r\n", "")).collect();
    assert_eq!(mails.len(), 1);
    assert!(mails[0].contains("lucia@example.com") && mails[0].contains("DNI: 54362315K"), "{}", mails[0]);
    let mailed_pin: String = mails[0].split("PIN: ").nth(1).expect("the PIN in the mail").chars().take(6).collect();
    assert!(mailed_pin.bytes().all(|b| b.is_ascii_digit()), "{}", mails[0]);
    assert!(mails[0].contains("Autoescuela Demo"), "signed with the school's name: {}", mails[0]);
    let twofactor = ok(&h.post("valkiria/twofactor", json!({ "student_id": lucia, "enabled": true })).await).clone();
    assert_eq!(twofactor["two_factor"], true);

    // ---- Taking tests: who may, and the correction.
    let take = |student: i64, test: i64, extra: Value| {
        let mut body = json!({ "student_id": student, "test_id": test });
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        h.post("valkiria/test/test", body)
    };
    let wrong_and_blank = answers(&[(q1, Some(0)), (q2, Some(1)), (q3, None), (q4, Some(0))]);
    assert_eq!(fields(&take(lucia, exam, json!({ "answers": wrong_and_blank })).await), ["pin"]);
    let wrong_pin = if mailed_pin == "000000" { "111111" } else { "000000" };
    let refused = take(lucia, exam, json!({ "answers": wrong_and_blank, "pin": wrong_pin })).await;
    assert_eq!((fields(&refused), details(&refused)), (vec!["pin".to_string()], "El PIN no es correcto".to_string()));
    assert_eq!(fields(&take(lucia, exam, json!({ "answers": wrong_and_blank, "pin": first_pin })).await), ["pin"], "the mailed PIN replaced it");
    // Wrong PINs count though each refusal rolls its call back: after five in 15 minutes even the
    // right one is refused, untried, until they leave the window; a right one then clears them.
    let failures = format!("SELECT COUNT(*) FROM plugin_attempt WHERE plugin_id = 'valkiria' AND attempt_key = 'pin:{lucia}'");
    let pool = h.state.db.pool.clone();
    let count = |sql: String| {
        let pool = pool.clone();
        async move { sqlx::query_as::<_, (i64,)>(&sql).fetch_one(&pool).await.unwrap().0 }
    };
    assert_eq!(count(failures.clone()).await, 2);
    for _ in 0..3 {
        assert_eq!(details(&take(lucia, exam, json!({ "answers": wrong_and_blank, "pin": wrong_pin })).await), "El PIN no es correcto");
    }
    let blocked = take(lucia, exam, json!({ "answers": wrong_and_blank, "pin": mailed_pin })).await;
    assert_eq!((fields(&blocked), details(&blocked)), (vec!["pin".to_string()], "Demasiados PIN incorrectos. Vuelva a intentarlo en 15 minutos".to_string()));
    assert_eq!(count(failures.clone()).await, 5, "a refusal while blocked tries nothing and counts nothing");
    sqlx::query(&format!("UPDATE plugin_attempt SET failed_at = '2000-01-01T00:00:00.000Z' WHERE attempt_key = 'pin:{lucia}'")).execute(&h.state.db.pool).await.unwrap();
    let first = ok(&take(lucia, exam, json!({ "answers": wrong_and_blank, "pin": mailed_pin, "seconds": 600 })).await).clone();
    assert_eq!(
        (first["errors"].as_i64(), first["blank"].as_i64(), first["total"].as_i64(), first["passed"].as_bool(), first["max_errors"].as_i64()),
        (Some(2), Some(1), Some(4), Some(false), Some(1))
    );
    assert_eq!(column(&first["questions"], "right"), [&json!(true), &json!(false), &json!(false), &json!(true)]);
    assert_eq!((first["questions"][2]["chosen"].clone(), first["questions"][2]["correct"].clone()), (json!(null), json!(1)));
    assert_eq!(first["questions"][0]["explanation"], "La señal de STOP obliga a detenerse");
    assert_eq!(count(failures.clone()).await, 0, "the right PIN cleared the failures");
    ok(&h.post("valkiria/twofactor", json!({ "student_id": lucia, "enabled": false })).await);
    // Passed at exactly max_errors; the correction in the language taken.
    let second = ok(&take(lucia, exam, json!({ "language": "en", "answers": answers(&[(q4, Some(1)), (q3, Some(1)), (q2, Some(0)), (q1, Some(0))]) })).await).clone();
    assert_eq!((second["errors"].as_i64(), second["passed"].as_bool(), second["language"].as_str()), (Some(1), Some(true), Some("en")));
    assert_eq!((second["questions"][1]["statement"].as_str(), second["questions"][0]["statement"].as_str()), (Some("Which shape has the yield sign?"), Some("¿Qué indica una señal de STOP?")));
    let third = ok(&take(lucia, exam, json!({ "answers": answers(&[(q1, Some(0)), (q2, Some(0)), (q3, Some(1)), (q4, Some(0))]) })).await).clone();
    assert_eq!((third["errors"].as_i64(), third["passed"].as_bool()), (Some(0), Some(true)));
    // Answers that are not the test's, an answer that does not exist.
    let missing = take(lucia, exam, json!({ "answers": answers(&[(q1, Some(0)), (q2, Some(0)), (q3, Some(1)), (q5, Some(0))]) })).await;
    assert_eq!((fields(&missing), details(&missing)), (vec!["answers".to_string()], format!("Las respuestas no corresponden a las preguntas del test (faltan: {q4}; no son del test: {q5})")));
    assert_eq!(fields(&take(lucia, exam, json!({ "answers": answers(&[(q1, Some(3)), (q2, Some(0)), (q3, Some(1)), (q4, Some(0))]) })).await), ["answers[0].chosen"]);
    assert_eq!(fields(&take(lucia, exam, json!({ "language": "pt", "seconds": -1, "answers": [] })).await), ["language", "seconds", "answers"]);
    // Who may not: another licence, an expired enrolment, an expired or inactive test, an inactive student.
    assert_eq!(code(&take(eva, exam, json!({ "answers": answers(&[(q1, Some(0)), (q2, Some(0)), (q3, Some(1)), (q4, Some(0))]) })).await), "CONFLICT-000");
    let expired = take(eva, goods_test, json!({ "answers": answers(&[(q5, Some(0))]) })).await;
    assert_eq!((code(&expired), details(&expired)), ("CONFLICT-000".to_string(), format!("La matrícula del permiso C caducó el {}", spanish(&add_days(&today, -3)))));
    let yesterday = add_days(&today, -1);
    assert_eq!(ok(&h.post("valkiria/testexpire", json!({ "id": exam, "expires_on": yesterday })).await)["expired"], true);
    let refused = take(lucia, exam, json!({ "answers": answers(&[(q1, Some(0)), (q2, Some(0)), (q3, Some(1)), (q4, Some(0))]) })).await;
    assert_eq!((code(&refused), details(&refused)), ("CONFLICT-000".to_string(), format!("El test caducó el {}", spanish(&yesterday))));
    assert_eq!(fields(&h.post("valkiria/testexpire", json!({ "id": exam })).await), ["expires_on"]);
    assert_eq!(ok(&h.post("valkiria/testexpire", json!({ "id": exam, "expires_on": today })).await)["expired"], false, "the last day still counts");
    assert_eq!(ok(&h.post("valkiria/testexpire", json!({ "id": exam, "expires_on": null })).await)["expires_on"], json!(null));
    ok(&h.post("valkiria/test/update", json!({ "id": block_test, "state": "inactive" })).await);
    assert_eq!(code(&take(mario, block_test, json!({ "answers": answers(&[(q2, Some(1)), (q1, Some(1))]) })).await), "CONFLICT-000");
    ok(&h.post("valkiria/test/update", json!({ "id": block_test, "state": "active" })).await);
    ok(&h.post("valkiria/student/update", json!({ "id": mario, "state": "inactive" })).await);
    let inactive = take(mario, block_test, json!({ "answers": answers(&[(q2, Some(1)), (q1, Some(1))]) })).await;
    assert_eq!(details(&inactive), "El alumno no está activo");
    ok(&h.post("valkiria/student/update", json!({ "id": mario, "state": "active" })).await);
    let mario_try = ok(&take(mario, block_test, json!({ "answers": answers(&[(q2, Some(1)), (q1, Some(1))]) })).await).clone();
    assert_eq!((mario_try["errors"].as_i64(), mario_try["passed"].as_bool()), (Some(2), Some(false)));
    assert_eq!(code(&take(mario, 999_999, json!({ "answers": [] })).await), "NOT-FOUND-000");
    assert_eq!(code(&take(999_999, exam, json!({ "answers": [] })).await), "NOT-FOUND-000");

    // ---- Reports.
    let times = ok(&h.post("valkiria/vecestest", json!({ "student_id": lucia })).await).clone();
    assert_eq!(
        (strings(&times, "name"), ints(&times, "times"), ints(&times, "passed"), column(&times, "best_errors")),
        (vec!["Examen B 1".to_string(), "Señales 1".into()], vec![3, 0], vec![2, 0], vec![&json!(0), &json!(null)])
    );
    let summary = ok(&h.post("valkiria/resume", json!({ "student_id": lucia })).await).clone();
    assert_eq!(
        (summary["attempts"].as_i64(), summary["passed"].as_i64(), summary["pass_rate"].as_i64(), summary["average_errors"].as_f64(), summary["ready"].as_bool()),
        (Some(3), Some(2), Some(67), Some(1.0), Some(false))
    );
    assert_eq!((ints(&summary["last"], "errors"), strings(&summary["last"], "test")), (vec![0, 1, 2], vec!["Examen B 1".to_string(); 3]), "newest first");
    let failed = ok(&h.get("valkiria/errortest", &[("student_id", &lucia.to_string())]).await).clone();
    assert_eq!((ints(&failed, "id"), ints(&failed, "failed"), ints(&failed, "answered")), (vec![q2, q3, q4], vec![1, 1, 1], vec![3, 3, 3]));
    assert_eq!(column(&failed, "last_chosen"), [&json!(0), &json!(1), &json!(0)]);
    assert_eq!(ok(&h.get("valkiria/errortest", &[("student_id", &lucia.to_string()), ("licence", "C")]).await), &json!([]));
    let most_failed = ok(&h.get("valkiria/test/question/search/failed", &[("license", "B")]).await).clone();
    assert_eq!((ints(&most_failed, "id"), ints(&most_failed, "failed"), ints(&most_failed, "answered")), (vec![q2, q1, q3, q4], vec![2, 1, 1, 1], vec![4, 4, 3, 3]));
    let month = format!("{}-01", &today[..7]);
    let evolution = ok(&h.post("valkiria/report/evolution", json!({ "student_id": lucia, "group": "month" })).await).clone();
    assert_eq!(evolution, json!([{ "period": month, "attempts": 3, "passed": 2, "average_errors": 1.0 }]));
    let by_day = ok(&h.post("valkiria/report/evolution", json!({ "student_id": lucia, "group": "day", "from": spanish(&today), "to": today })).await).clone();
    assert_eq!((strings(&by_day, "period"), ints(&by_day, "attempts")), (vec![today.clone()], vec![3]));
    assert_eq!(ok(&h.post("valkiria/report/evolution", json!({ "student_id": lucia, "group": "week", "to": add_days(&today, -1) })).await), &json!([]));
    assert_eq!(fields(&h.post("valkiria/report/evolution", json!({ "student_id": lucia, "group": "year", "from": today, "to": add_days(&today, -1) })).await), ["group", "to"]);
    let progress = ok(&h.get(&format!("valkiria/report/block/progress/{today}"), &[]).await).clone();
    assert_eq!(
        (strings(&progress, "block"), ints(&progress, "answered"), ints(&progress, "failed"), ints(&progress, "percent_right")),
        (vec!["Normas".to_string(), "Velocidad".into(), "Señales".into()], vec![3, 3, 8], vec![1, 1, 3], vec![67, 67, 63])
    );
    let hers = ok(&h.get(&format!("valkiria/report/block/progress/{today}"), &[("student_id", &lucia.to_string()), ("licence", "B")]).await).clone();
    assert_eq!(ints(&hers, "percent_right"), [67, 67, 83]);
    assert_eq!(ok(&h.get(&format!("valkiria/report/block/progress/{}", add_days(&today, 1)), &[]).await), &json!([]));
    assert_eq!(fields(&h.get("valkiria/report/block/progress/2026-02-30", &[]).await), ["date"]);
    let temary = ok(&h.post("valkiria/temary/resume", json!({ "student_id": lucia })).await).clone();
    assert_eq!(
        (strings(&temary, "block"), ints(&temary, "questions"), ints(&temary, "seen"), ints(&temary, "answered"), ints(&temary, "percent_right")),
        (vec!["Normas".to_string(), "Velocidad".into(), "Señales".into()], vec![1, 1, 2], vec![1, 1, 2], vec![3, 3, 6], vec![67, 67, 83])
    );
    let figures = ok(&h.get("valkiria/userautoescuela", &[]).await).clone();
    assert_eq!(
        (figures["students"].as_i64(), figures["active_students"].as_i64(), figures["expiring"].as_i64(), figures["attempts_this_month"].as_i64(), figures["pass_rate_this_month"].as_i64()),
        (Some(3), Some(2), Some(1), Some(4), Some(50))
    );
    assert_eq!(
        figures["licences"],
        json!([{ "licence": "B", "blocks": 3, "questions": 4, "tests": 2 }, { "licence": "C", "blocks": 1, "questions": 1, "tests": 1 }])
    );
    assert_eq!(ints(ok(&h.get("valkiria/blocktest", &[("licence", "B")]).await), "attempts"), [3, 1]);

    // ---- A reset archives the attempts: they stop counting anywhere, and the history shows it.
    assert_eq!(fields(&h.post("valkiria/reset", json!({ "student_id": lucia, "licence": "B", "reason": " " })).await), ["reason"]);
    let reset = ok(&h.post("valkiria/reset", json!({ "student_id": lucia, "licence": "b", "reason": "Repite el curso" })).await).clone();
    assert_eq!((reset["attempts"].as_i64(), reset["licence"].as_str(), reset["user_name"].as_str()), (Some(3), Some("B"), Some("Dolores Directora Demo")));
    let summary = ok(&h.post("valkiria/resume", json!({ "student_id": lucia })).await).clone();
    assert_eq!((summary["attempts"].as_i64(), summary["pass_rate"].clone(), summary["last"].clone()), (Some(0), json!(null), json!([])));
    assert_eq!(ints(ok(&h.post("valkiria/vecestest", json!({ "student_id": lucia })).await), "times"), [0, 0]);
    assert_eq!(ok(&h.get("valkiria/errortest", &[("student_id", &lucia.to_string())]).await), &json!([]));
    assert_eq!(ints(ok(&h.get("valkiria/test/question/search/failed", &[("license", "B")]).await), "id"), [q1, q2]);
    assert_eq!(ints(ok(&h.get("valkiria/blocktest", &[("licence", "B")]).await), "attempts"), [0, 1]);
    assert_eq!(ok(&h.get("valkiria/userautoescuela", &[]).await)["attempts_this_month"], 1);
    let history = ok(&h.get("valkiria/reset/history", &[("student_id", &lucia.to_string())]).await).clone();
    assert_eq!((ints(&history, "attempts"), strings(&history, "reason")), (vec![3], vec!["Repite el curso".to_string()]));
    let again = ok(&h.post("valkiria/reset", json!({ "student_id": lucia, "reason": "Otra vez" })).await).clone();
    assert_eq!((again["attempts"].as_i64(), again["licence"].clone()), (Some(0), json!(null)));
    assert_eq!(strings(ok(&h.get("valkiria/reset/history", &[("student_id", &lucia.to_string())]).await), "reason"), ["Otra vez", "Repite el curso"]);

    // ---- Students' own changes (extensions): personal fields, enrolments deleted and brought back.
    assert_eq!(fields(&h.post("valkiria/student/update", json!({ "id": eva, "email": "x@", "phone": "12" })).await), ["email", "phone"]);
    assert_eq!(code(&h.post("valkiria/student/update", json!({ "id": eva, "dni": "54362315K" })).await), "CONFLICT-000");
    assert_eq!(ok(&h.post("valkiria/student/update", json!({ "id": eva, "email": "Eva@Example.com" })).await)["email"], "eva@example.com");
    ok(&h.get("valkiria/send/credentials", &[("student_id", &eva.to_string())]).await);
    assert_eq!(h.outbox().len(), 2);
    let without_b = ok(&h.post("valkiria/enrolment/update", json!({ "id": mario_b, "state": "deleted" })).await).clone();
    assert_eq!(without_b["enrolments"], json!([]));
    assert_eq!(code(&h.post("valkiria/newexpire", json!({ "id": mario_b, "months": 1 })).await), "CONFLICT-000");
    let again = ok(&h.post("valkiria/assigncourse", json!({ "student_id": mario, "licence": "B", "expires_on": "2102-02-02" })).await).clone();
    assert_eq!((ints(&again["enrolments"], "id"), strings(&again["enrolments"], "expires_on")), (vec![mario_b], vec!["2102-02-02".to_string()]), "the deleted one is replaced");

    // ---- The permission, and the business boundary.
    let teacher = h.teacher_token().await.unwrap();
    assert_eq!(code(&h.get_as(&teacher, "valkiria/blocktemary", &[("licence", "B")]).await), "PERMISSION-000");
    assert_eq!(code(&h.post_as(&teacher, "valkiria/test/test", json!({ "student_id": lucia, "test_id": exam, "answers": [] })).await), "PERMISSION-000");
    let other = &h.other_token;
    assert_eq!(ok(&h.get_as(other, "valkiria/listuserautoescuela", &[("state", "all")]).await)["total"], 0);
    assert_eq!(ok(&h.get_as(other, "valkiria/blocktemary", &[("licence", "B")]).await), &json!([]));
    assert_eq!(code(&h.get_as(other, "valkiria/studentsdni", &[("dni", "54362315K")]).await), "NOT-FOUND-000");
    assert_eq!(code(&h.get_as(other, &format!("valkiria/question/translated/{q1}"), &[]).await), "NOT-FOUND-000");
    assert_eq!(code(&h.get_as(other, "valkiria/test/questions", &[("test_id", &exam.to_string())]).await), "NOT-FOUND-000");
    assert_eq!(code(&h.post_as(other, "valkiria/test/test", json!({ "student_id": lucia, "test_id": exam, "answers": [] })).await), "NOT-FOUND-000");
    assert_eq!(code(&h.post_as(other, "valkiria/newexpire", json!({ "id": lucia_b, "months": 1 })).await), "NOT-FOUND-000");
    assert_eq!(fields(&h.post_as(other, "valkiria/question/create", json!({ "block_id": signs, "statement": "x", "answers": ["a", "b"], "correct": 0 })).await), ["block_id"]);
    // The same DNI is another school's own student.
    let theirs = ok(&h.post_as(other, "valkiria/assigncourse", json!({ "dni": "54362315K", "first_name": "Lucía", "licence": "B" })).await).clone();
    assert_eq!((theirs["attempts"].as_i64(), theirs["enrolments"].as_array().map(Vec::len)), (Some(0), Some(1)));
    assert_eq!(ok(&h.get_as(other, "valkiria/listuserautoescuela", &[]).await)["total"], 1);
    assert_eq!(ok(&h.get("valkiria/listuserautoescuela", &[]).await)["total"], 3, "ours are still three");
}

#[tokio::test]
async fn a_new_student_comes_from_a_contact() {
    let h = Harness::start_with(&["plugins/contacts".as_ref(), "plugins/valkiria".as_ref()]).await.unwrap();
    let contact = ok(&h
        .post(
            "contact/create",
            json!({ "type": "P", "first_name": "Lucía", "last_name": "Pérez", "second_last_name": "Gómez", "fiscal_code": "54362315K", "email": "lucia@example.com", "mobile": "612345678" }),
        )
        .await)["id"]
        .as_i64()
        .unwrap();
    let company = ok(&h.post("contact/create", json!({ "type": "E", "fiscal_name": "Transportes SL", "fiscal_code": "B12345674" })).await)["id"].as_i64().unwrap();
    let student = ok(&h.post("valkiria/assigncourse", json!({ "contact_id": contact, "licence": "B" })).await).clone();
    assert_eq!(
        (student["dni"].as_str(), student["first_name"].as_str(), student["last_name"].as_str(), student["email"].as_str(), student["phone"].as_str(), student["contact_id"].as_i64()),
        (Some("54362315K"), Some("Lucía"), Some("Pérez Gómez"), Some("lucia@example.com"), Some("612345678"), Some(contact))
    );
    // What is given wins over the contact's.
    let second = ok(&h.post("valkiria/permisoa/assigncourse", json!({ "contact_id": contact, "dni": "X1234567L", "first_name": "Lucy", "licence": "A1" })).await).clone();
    assert_eq!((second["dni"].as_str(), second["first_name"].as_str(), second["last_name"].as_str()), (Some("X1234567L"), Some("Lucy"), Some("Pérez Gómez")));
    assert_eq!(fields(&h.post("valkiria/assigncourse", json!({ "contact_id": company, "first_name": "X", "dni": "00000000T", "licence": "B" })).await), ["contact_id"]);
    assert_eq!(fields(&h.post("valkiria/assigncourse", json!({ "contact_id": 999_999, "first_name": "X", "dni": "00000000T", "licence": "B" })).await), ["contact_id"]);
    assert_eq!(ok(&h.get("valkiria/listuserautoescuela", &[]).await)["total"], 2);
}

#[tokio::test]
async fn students_ask_doubts_and_the_staff_answer_them() {
    let h = Harness::start("plugins/valkiria").await.unwrap();
    let block = id(&h.post("valkiria/temary/create", json!({ "licence": "B", "name": "Señales" })).await);
    let stop = id(&h
        .post(
            "valkiria/question/create",
            json!({ "block_id": block, "reference": "S-1", "statement": "¿Qué indica una señal de STOP?", "answers": ["Detenerse siempre", "Ceder el paso"], "correct": 0,
                    "explanation": "Obliga a detenerse" }),
        )
        .await);
    ok(&h
        .post(
            "valkiria/question/translated/update",
            json!({ "question_id": stop, "language": "en", "statement": "What does a STOP sign mean?", "answers": ["Always stop", "Give way"], "explanation": "" }),
        )
        .await);
    let lights = id(&h.post("valkiria/question/create", json!({ "block_id": block, "reference": "S-2", "statement": "¿Y el ámbar fijo?", "answers": ["Parar si se puede", "Acelerar"], "correct": 0 })).await);
    let test = id(&h.post("valkiria/test/create", json!({ "licence": "B", "name": "Señales 1", "block_id": block, "question_ids": [stop, lights], "max_errors": 1 })).await);
    let lucia = id(&h.post("valkiria/assigncourse", json!({ "dni": "54362315K", "first_name": "Lucía", "last_name": "Pérez", "email": "lucia@example.com", "licence": "B" })).await);
    let mario = id(&h.post("valkiria/assigncourse", json!({ "dni": "X1234567L", "first_name": "Mario", "licence": "B" })).await);
    let taken = ok(&h
        .post("valkiria/test/test", json!({ "student_id": lucia, "test_id": test, "language": "en", "answers": answers(&[(stop, Some(1)), (lights, None)]) }))
        .await)
    .clone();
    let attempt = taken["id"].as_i64().unwrap();
    let marios = id(&h.post("valkiria/test/test", json!({ "student_id": mario, "test_id": test, "answers": answers(&[(stop, Some(0)), (lights, Some(0))]) })).await);

    // ---- Asking: every bad field at once; a foreign attempt, a wrong PIN and a deleted question are refused.
    let mut stream = h.realtime(&h.token).await;
    assert_eq!(stream.next(std::time::Duration::from_secs(5)).await.map(|e| e.0).as_deref(), Some("ready"));
    assert_eq!(fields(&h.post("valkiria/duda/create", json!({ "student_id": 0, "question_id": 0, "text": " " })).await), ["student_id", "question_id", "text"]);
    assert_eq!(fields(&h.post("valkiria/duda/create", json!({ "student_id": lucia, "question_id": stop, "text": "x".repeat(2001) })).await), ["text"]);
    assert_eq!(fields(&h.post("valkiria/duda/create", json!({ "student_id": lucia, "question_id": stop, "attempt_id": marios, "text": "¿?" })).await), ["attempt_id"]);
    assert_eq!(code(&h.post("valkiria/duda/create", json!({ "student_id": lucia, "question_id": 999_999, "text": "¿?" })).await), "NOT-FOUND-000");
    ok(&h.post("valkiria/twofactor", json!({ "student_id": lucia, "enabled": true })).await);
    let pin = ok(&h.post("valkiria/new_pin", json!({ "student_id": lucia })).await)["pin"].as_str().unwrap().to_string();
    let wrong = if pin == "000000" { "111111" } else { "000000" };
    let refused = h.post("valkiria/duda/create", json!({ "student_id": lucia, "question_id": stop, "attempt_id": attempt, "text": "¿Por qué?", "pin": wrong })).await;
    assert_eq!((fields(&refused), details(&refused)), (vec!["pin".to_string()], "El PIN no es correcto".to_string()));
    assert_eq!(fields(&h.post("valkiria/duda/create", json!({ "student_id": lucia, "question_id": stop, "text": "¿Por qué?" })).await), ["pin"]);
    assert_eq!(ok(&h.get("duda/read", &[]).await)["total"], 0, "the refusals stored nothing");

    let asked = ok(&h
        .post("valkiria/duda/create", json!({ "student_id": lucia, "question_id": stop, "attempt_id": attempt, "text": "  ¿Por qué no basta con ceder el paso?  ", "pin": pin }))
        .await)
    .clone();
    let doubt = asked["id"].as_i64().unwrap();
    assert_eq!(
        (asked["text"].as_str(), asked["chosen"].as_i64(), asked["language"].as_str(), asked["test_id"].as_i64(), asked["test"].as_str(), asked["read"].as_bool()),
        (Some("¿Por qué no basta con ceder el paso?"), Some(1), Some("en"), Some(test), Some("Señales 1"), Some(false))
    );
    assert_eq!((asked["student"]["name"].as_str(), asked["question"]["reference"].as_str(), asked["question"]["block"].as_str()), (Some("Lucía Pérez"), Some("S-1"), Some("Señales")));
    let (name, push) = stream.next_push(std::time::Duration::from_secs(5)).await.expect("the staff hear of the doubt");
    assert_eq!((name.as_str(), push["id"].as_i64(), push["what"].as_str()), ("valkiria.doubt", Some(doubt), Some("asked")));
    // Without an attempt (from the test list), blank chosen and Spanish.
    let plain = ok(&h.post("valkiria/duda/create", json!({ "student_id": mario, "question_id": lights, "text": "¿Ámbar intermitente?" })).await).clone();
    assert_eq!((plain["attempt_id"].clone(), plain["chosen"].clone(), plain["language"].as_str()), (json!(null), json!(null), Some("es")));
    let marios_doubt = plain["id"].as_i64().unwrap();
    let third = id(&h.post("valkiria/duda/create", json!({ "student_id": mario, "question_id": stop, "attempt_id": marios, "text": "¿Y si no hay nadie?" })).await);

    // ---- Reading: newest first, the unread count, filters and the finder.
    let page = ok(&h.get("duda/read", &[]).await).clone();
    assert_eq!((page["total"].as_i64(), page["unread"].as_i64(), ints(&page["items"], "id")), (Some(3), Some(3), vec![third, marios_doubt, doubt]));
    assert_eq!(ints(&ok(&h.get("duda/read", &[("student_id", &mario.to_string())]).await)["items"], "id"), [third, marios_doubt]);
    assert_eq!(ints(&ok(&h.get("duda/read", &[("search", "perez")]).await)["items"], "id"), [doubt]);
    assert_eq!(ints(&ok(&h.get("duda/read", &[("search", "ambar")]).await)["items"], "id"), [marios_doubt]);
    assert_eq!(ok(&h.get("duda/read", &[("licence", "C")]).await)["total"], 0);
    assert_eq!(fields(&h.get("duda/read", &[("status", "pendiente")]).await), ["status"]);
    assert_eq!(fields(&h.get("duda/read", &[("licence", "Z")]).await), ["licence"]);
    assert_eq!(code(&h.get("duda/read", &[("id", "999999")]).await), "NOT-FOUND-000");

    // The question as the student saw it (in English), with the doubts on it.
    let question = ok(&h.get("duda/cuestion/read", &[("id", &doubt.to_string())]).await).clone();
    assert_eq!(
        (question["statement"].as_str(), question["translated"].as_bool(), question["chosen"].as_i64(), question["correct"].as_i64(), question["explanation"].as_str()),
        (Some("What does a STOP sign mean?"), Some(true), Some(1), Some(0), Some("Obliga a detenerse"))
    );
    assert_eq!((ints(&question["doubts"], "id"), strings(&question["doubts"], "student_name")), (vec![third, doubt], vec!["Mario".to_string(), "Lucía Pérez".into()]));
    assert_eq!(ok(&h.get("duda/cuestion/read", &[("id", &marios_doubt.to_string())]).await)["translated"], false);

    // ---- Read and unread, one or all.
    let read = ok(&h.post("duda/leida", json!({ "id": marios_doubt })).await).clone();
    assert_eq!((read["read"].as_bool(), read["read_by_name"].is_string()), (Some(true), true));
    assert_eq!(ints(&ok(&h.get("duda/read", &[("status", "unread")]).await)["items"], "id"), [third, doubt]);
    assert_eq!(ok(&h.get("duda/read", &[]).await)["unread"], 2);
    assert_eq!(ok(&h.post("duda/leida", json!({ "id": marios_doubt, "read": false })).await)["read_at"], json!(null));
    assert_eq!(ok(&h.post("duda/todas/leidas", json!({ "student_id": mario })).await)["marked"], 2);
    assert_eq!(ints(&ok(&h.get("duda/read", &[("status", "unread")]).await)["items"], "id"), [doubt]);

    // ---- Answering: required, mailed to the student with an e-mail, marks it read.
    assert_eq!(fields(&h.post("duda/respuesta", json!({ "id": doubt, "answer": "  " })).await), ["answer"]);
    assert_eq!(h.outbox().len(), 0);
    let answered = ok(&h.post("duda/respuesta", json!({ "id": doubt, "answer": "En un STOP hay que detenerse siempre, aunque no venga nadie." })).await).clone();
    assert_eq!((answered["mailed_to"].as_str(), answered["read"].as_bool(), answered["answered_by_name"].is_string()), (Some("lucia@example.com"), Some(true), true));
    let mails: Vec<String> = h.outbox().iter().map(|m| m.replace("=\r\n", "")).collect();
    assert_eq!(mails.len(), 1);
    assert!(mails[0].contains("lucia@example.com") && mails[0].contains("S-1"), "{}", mails[0]);
    let unanswered = ok(&h.post("duda/respuesta", json!({ "id": third, "answer": "Igual: detenerse." })).await).clone();
    assert_eq!(unanswered["mailed_to"], json!(null), "Mario has no e-mail");
    assert_eq!(h.outbox().len(), 1);
    assert_eq!(ints(&ok(&h.get("duda/read", &[("status", "answered")]).await)["items"], "id"), [third, doubt]);
    assert_eq!(ints(&ok(&h.get("duda/read", &[("status", "unanswered")]).await)["items"], "id"), [marios_doubt]);
    assert_eq!(ints(&ok(&h.get("duda/read", &[("search", "aunque")]).await)["items"], "id"), [doubt], "the answer is searched too");
    assert_eq!(ok(&h.get("duda/read", &[]).await)["unread"], 0);

    // ---- Deleting: gone from the lists, refused to writes.
    assert_eq!(ok(&h.post("valkiria/duda/delete", json!({ "id": marios_doubt })).await)["state"], "deleted");
    assert_eq!(ok(&h.get("duda/read", &[]).await)["total"], 2);
    assert_eq!(code(&h.post("duda/respuesta", json!({ "id": marios_doubt, "answer": "x" })).await), "CONFLICT-000");
    assert_eq!(code(&h.post("duda/leida", json!({ "id": marios_doubt })).await), "CONFLICT-000");

    // ---- The permission and the business boundary.
    let teacher = h.teacher_token().await.unwrap();
    assert_eq!(code(&h.get_as(&teacher, "duda/read", &[]).await), "PERMISSION-000");
    let other = &h.other_token;
    assert_eq!(ok(&h.get_as(other, "duda/read", &[]).await)["total"], 0);
    assert_eq!(code(&h.get_as(other, "duda/read", &[("id", &doubt.to_string())]).await), "NOT-FOUND-000");
    assert_eq!(code(&h.post_as(other, "duda/respuesta", json!({ "id": doubt, "answer": "x" })).await), "NOT-FOUND-000");
    assert_eq!(ok(&h.post_as(other, "duda/todas/leidas", json!({})).await)["marked"], 0);
    assert_eq!(code(&h.post_as(other, "valkiria/duda/create", json!({ "student_id": lucia, "question_id": stop, "text": "x" })).await), "NOT-FOUND-000");
}

/// The reference at the end of a personal link (`…/test/online/<reference>`).
fn online_reference(url: &Value) -> String {
    url.as_str().unwrap_or_else(|| panic!("no link: {url}")).rsplit_once("/test/online/").unwrap().1.to_string()
}

#[tokio::test]
async fn students_take_their_tests_at_home_through_their_link() {
    let h = Harness::start("plugins/valkiria").await.unwrap();
    let block = id(&h.post("valkiria/temary/create", json!({ "licence": "B", "name": "Señales" })).await);
    let goods = id(&h.post("valkiria/temary/create", json!({ "licence": "C", "name": "Mercancías" })).await);
    let q1 = id(&h.post("valkiria/question/create", json!({ "block_id": block, "statement": "¿Qué indica un triángulo?", "answers": ["Peligro", "Prioridad"], "correct": 0 })).await);
    let q2 = id(&h.post("valkiria/question/create", json!({ "block_id": block, "statement": "¿Y un círculo rojo?", "answers": ["Obligación", "Prohibición"], "correct": 1 })).await);
    let exam = id(&h.post("valkiria/test/create", json!({ "licence": "B", "name": "Examen B 1", "question_ids": [q1, q2], "max_errors": 0 })).await);
    let truck = id(&h.post("valkiria/question/create", json!({ "block_id": goods, "statement": "¿Tacógrafo?", "answers": ["Sí", "No"], "correct": 0 })).await);
    let other = id(&h.post("valkiria/test/create", json!({ "licence": "C", "name": "Examen C 1", "question_ids": [truck] })).await);
    let lucia = id(&h
        .post("valkiria/assigncourse", json!({ "dni": "54362315K", "first_name": "Lucía", "last_name": "Pérez", "email": "lucia@example.com", "licence": "B" }))
        .await);
    let mario = id(&h.post("valkiria/assigncourse", json!({ "dni": "00000000T", "first_name": "Mario", "licence": "B" })).await);

    // The staff give the link and mail it; a student without e-mail cannot be mailed.
    assert_eq!(ok(&h.get("valkiria/studentsdni", &[("dni", "54362315K")]).await)["online_url"], Value::Null);
    assert_eq!(fields(&h.post("valkiria/student/online", json!({ "student_id": mario, "send": true })).await), ["email"]);
    let given = ok(&h.post("valkiria/student/online", json!({ "student_id": lucia, "send": true })).await).clone();
    assert_eq!(given["sent_to"], "lucia@example.com");
    let reference = online_reference(&given["url"]);
    let mail = h.outbox().into_iter().find(|m| m.contains("To: lucia@example.com")).expect("the link mailed");
    assert!(common::mail_text(&mail).contains(&format!("/test/online/{reference}")), "{mail}");
    assert_eq!(ok(&h.get("valkiria/studentsdni", &[("dni", "54362315K")]).await)["online_url"], given["url"]);
    // Asking again gives the same link.
    assert_eq!(ok(&h.post("valkiria/student/online", json!({ "student_id": lucia })).await)["url"], given["url"]);

    // At home: her enrolment and tests; a test of a licence she is not enrolled in is refused.
    let home = ok(&h.get_public("valkiria/online/read", &[("reference", &reference)]).await).clone();
    assert_eq!((home["name"].as_str(), home["enrolments"][0]["licence"].as_str()), (Some("Lucía Pérez"), Some("B")), "{home}");
    assert_eq!(strings(&home["tests"], "name"), ["Examen B 1"]);
    let test = ok(&h.get_public("valkiria/online/test", &[("reference", &reference), ("id", &exam.to_string())]).await).clone();
    assert_eq!(test["questions"].as_array().unwrap().len(), 2);
    assert!(test["questions"][0].get("correct").is_none(), "no right answers: {test}");
    let refused = h.get_public("valkiria/online/test", &[("reference", &reference), ("id", &other.to_string())]).await;
    assert!(details(&refused).contains("No está matriculado en el permiso C"), "{refused}");
    assert_eq!(code(&h.get_public("valkiria/online/read", &[("reference", "no-such-link")]).await), "NOT-FOUND-000");

    // She takes it: corrected and kept as in the classroom; the school's reports count it.
    let bad = h.post_public("valkiria/online/test", json!({ "reference": reference, "test_id": exam, "answers": answers(&[(q1, Some(0))]) })).await;
    assert_eq!(fields(&bad), ["answers"]);
    let corrected = ok(&h
        .post_public("valkiria/online/test", json!({ "reference": reference, "test_id": exam, "seconds": 95, "answers": answers(&[(q1, Some(0)), (q2, Some(0))]) }))
        .await)
    .clone();
    assert_eq!((corrected["errors"].as_i64(), corrected["passed"].as_bool(), corrected["student_id"].as_i64()), (Some(1), Some(false), Some(lucia)));
    assert_eq!(corrected["questions"][1]["correct"], 1);
    let home = ok(&h.get_public("valkiria/online/read", &[("reference", &reference)]).await).clone();
    assert_eq!((home["tests"][0]["times"].as_i64(), home["resume"]["attempts"].as_i64()), (Some(1), Some(1)));
    assert_eq!(ok(&h.post("valkiria/resume", json!({ "student_id": lucia })).await)["attempts"], 1);
    // A doubt from her correction reaches the staff.
    let doubt = ok(&h
        .post_public("valkiria/online/duda", json!({ "reference": reference, "question_id": q2, "attempt_id": corrected["id"], "text": "¿Por qué prohibición?" }))
        .await)
    .clone();
    assert_eq!((doubt["student_id"].as_i64(), doubt["chosen"].as_i64()), (Some(lucia), Some(0)));
    assert_eq!(ok(&h.get("duda/read", &[("status", "unread")]).await)["total"], 1);

    // Two-factor asks for her PIN at home too.
    ok(&h.post("valkiria/twofactor", json!({ "student_id": lucia, "enabled": true })).await);
    let no_pin = h.post_public("valkiria/online/test", json!({ "reference": reference, "test_id": exam, "answers": answers(&[(q1, Some(0)), (q2, Some(1))]) })).await;
    assert_eq!(fields(&no_pin), ["pin"]);
    ok(&h.post("valkiria/twofactor", json!({ "student_id": lucia, "enabled": false })).await);

    // Paused, renewed, deleted: the link follows.
    ok(&h.post("valkiria/student/update", json!({ "id": lucia, "state": "inactive" })).await);
    assert!(details(&h.get_public("valkiria/online/read", &[("reference", &reference)]).await).contains("en pausa"));
    ok(&h.post("valkiria/student/update", json!({ "id": lucia, "state": "active" })).await);
    let renewed = online_reference(&ok(&h.post("valkiria/student/online", json!({ "student_id": lucia, "renew": true })).await)["url"]);
    assert_ne!(renewed, reference);
    assert_eq!(code(&h.get_public("valkiria/online/read", &[("reference", &reference)]).await), "LINK-001");
    ok(&h.get_public("valkiria/online/read", &[("reference", &renewed)]).await);
    // The credentials mail carries the link.
    ok(&h.get("valkiria/send/credentials", &[("student_id", &lucia.to_string())]).await);
    let mail = h.outbox().into_iter().rev().find(|m| m.contains("To: lucia@example.com")).unwrap();
    assert!(common::mail_text(&mail).contains(&format!("/test/online/{renewed}")), "{mail}");
    // Another business cannot reach her; deleting her shuts the link.
    assert_eq!(code(&h.post_as(&h.other_token, "valkiria/student/online", json!({ "student_id": lucia })).await), "NOT-FOUND-000");
    ok(&h.post("valkiria/student/update", json!({ "id": lucia, "state": "deleted" })).await);
    assert_eq!(code(&h.get_public("valkiria/online/read", &[("reference", &renewed)]).await), "LINK-001");
}

/// An enrolment limits how many times each test may be repeated: the classroom and the online
/// page refuse one more, the home page says how many are left, a reset gives them back, and no
/// limit means no limit.
#[tokio::test]
async fn an_enrolment_limits_the_repetitions_of_each_test() {
    let h = Harness::start("plugins/valkiria").await.unwrap();
    let block = id(&h.post("valkiria/temary/create", json!({ "licence": "B", "name": "Señales" })).await);
    let q1 = id(&h.post("valkiria/question/create", json!({ "block_id": block, "statement": "¿Qué indica un triángulo?", "answers": ["Peligro", "Prioridad"], "correct": 0 })).await);
    let exam = id(&h.post("valkiria/test/create", json!({ "licence": "B", "name": "Examen B 1", "question_ids": [q1] })).await);
    let other = id(&h.post("valkiria/test/create", json!({ "licence": "B", "name": "Examen B 2", "question_ids": [q1] })).await);
    let lucia = id(&h.post("valkiria/assigncourse", json!({ "dni": "54362315K", "first_name": "Lucía", "licence": "B" })).await);
    let student = ok(&h.get("valkiria/studentsdni", &[("dni", "54362315K")]).await).clone();
    let enrolment = student["enrolments"][0]["id"].as_i64().unwrap();
    assert_eq!(student["enrolments"][0]["repetitions"], Value::Null);

    // Out of range, or not a number, is refused and changes nothing.
    assert_eq!(fields(&h.post("valkiria/enrolment/update", json!({ "id": enrolment, "repetitions": 100 })).await), ["repetitions"]);
    assert_eq!(fields(&h.post("valkiria/enrolment/update", json!({ "id": enrolment, "repetitions": "dos" })).await), ["repetitions"]);
    assert_eq!(fields(&h.post("valkiria/enrolment/update", json!({ "id": enrolment })).await), ["state"]);
    let set = ok(&h.post("valkiria/enrolment/update", json!({ "id": enrolment, "repetitions": 1 })).await).clone();
    assert_eq!((set["enrolments"][0]["repetitions"].as_i64(), set["enrolments"][0]["state"].as_str()), (Some(1), Some("active")), "{set}");

    // Taken once, repeated once; the third time is refused, in the classroom and at home.
    let take = |test: i64| json!({ "student_id": lucia, "test_id": test, "answers": answers(&[(q1, Some(0))]) });
    ok(&h.post("valkiria/test/test", take(exam)).await);
    ok(&h.post("valkiria/test/test", take(exam)).await);
    let refused = h.post("valkiria/test/test", take(exam)).await;
    assert_eq!(code(&refused), "CONFLICT-000");
    assert!(details(&refused).contains("Ya ha hecho este test 2 veces: su matrícula permite repetir cada test 1 vez"), "{refused}");
    let reference = online_reference(&ok(&h.post("valkiria/student/online", json!({ "student_id": lucia })).await)["url"]);
    let home = ok(&h.get_public("valkiria/online/read", &[("reference", &reference)]).await).clone();
    let left: Vec<(String, Value)> = home["tests"].as_array().unwrap().iter().map(|t| (t["name"].as_str().unwrap().to_string(), t["times_left"].clone())).collect();
    assert_eq!(left, [("Examen B 1".to_string(), json!(0)), ("Examen B 2".to_string(), json!(2))], "{home}");
    let at_home = h.get_public("valkiria/online/test", &[("reference", &reference), ("id", &exam.to_string())]).await;
    assert!(details(&at_home).contains("Ya ha hecho este test 2 veces"), "{at_home}");
    // Another test of the licence is still open.
    ok(&h.get_public("valkiria/online/test", &[("reference", &reference), ("id", &other.to_string())]).await);
    // A reset archives the attempts: they count no more.
    ok(&h.post("valkiria/reset", json!({ "student_id": lucia, "reason": "Empieza de nuevo" })).await);
    ok(&h.post("valkiria/test/test", take(exam)).await);
    // No limit again.
    let cleared = ok(&h.post("valkiria/enrolment/update", json!({ "id": enrolment, "repetitions": null })).await).clone();
    assert_eq!(cleared["enrolments"][0]["repetitions"], Value::Null);
    for _ in 0..3 {
        ok(&h.post("valkiria/test/test", take(exam)).await);
    }
    let home = ok(&h.get_public("valkiria/online/read", &[("reference", &reference)]).await).clone();
    assert_eq!(home["tests"][0]["times_left"], Value::Null, "{home}");
}
