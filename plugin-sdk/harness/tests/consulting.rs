//! The consulting plugin in the real runtime against a real database, on both engines
//! (`VOLANTE_TEST_DATABASE_URL`): centres, companies, workers and courses with their groups,
//! the Spanish checks that refuse bad input and change nothing, the details that tie them
//! together, states through `update`, the worker's PDF, the permission and the business boundary.

use serde_json::{json, Value};
use volante_plugin_harness::{code, decode_base64, fields, ok, pdftotext, Harness};

fn names(page: &Value, key: &str) -> Vec<String> {
    page["items"].as_array().unwrap().iter().map(|i| i[key].as_str().unwrap_or_default().to_string()).collect()
}

fn id(answer: &Value) -> i64 {
    ok(answer)["id"].as_i64().unwrap()
}

#[tokio::test]
async fn centres_companies_workers_and_courses() {
    let h = Harness::start("plugins/consulting").await.unwrap();

    // Groups per kind: the same name in two kinds is fine, twice in one is not.
    assert_eq!(fields(&h.post("consulting/empresas/group/create", json!({ "name": " ", "color": "azul" })).await), ["name", "color"]);
    let clients = id(&h.post("consulting/empresas/group/create", json!({ "name": "Clientes 2026", "color": "#0A0" })).await);
    let course_group = id(&h.post("consulting/cursos/group/create", json!({ "name": "Clientes 2026" })).await);
    assert_eq!(code(&h.post("consulting/empresas/group/create", json!({ "name": "Clientes 2026" })).await), "CONFLICT-000");
    assert_eq!(code(&h.post("consulting/centros/group/delete", json!({ "id": clients })).await), "NOT-FOUND-000", "another kind's group");
    let renamed = ok(&h.post("consulting/empresas/group/update", json!({ "id": clients, "name": "Clientes", "kind": "worker" })).await).clone();
    assert_eq!((renamed["name"].as_str(), renamed["kind"].as_str()), (Some("Clientes"), Some("company")));

    // Companies: every bad field at once, nothing stored; the CIF is required and unique.
    let bad = h
        .post(
            "consulting/empresas/create",
            json!({ "name": "", "tax_code": "B12345675", "contribution_account": "28123456743", "cnae": "85A", "staff": -1,
                    "representative_dni": "12345678A", "email": "x@", "province_id": 28, "postal_code": "08001", "group_id": course_group }),
        )
        .await;
    assert_eq!(
        fields(&bad),
        ["name", "tax_code", "contribution_account", "cnae", "staff", "representative_dni", "email", "postal_code", "group_id"]
    );
    assert_eq!(fields(&h.post("consulting/empresas/create", json!({ "name": "Sin CIF" })).await), ["tax_code"]);
    assert_eq!(ok(&h.get("consulting/empresas/read", &[("state", "all")]).await)["total"], 0);
    let acme = h
        .post(
            "consulting/empresas/create",
            json!({ "name": "Transportes Núñez SL", "tax_code": "b12345674", "contribution_account": "28 1234567 42", "cnae": "49.41",
                    "staff": 40, "training_credit": 420_000, "representative_name": "Ana Núñez", "representative_dni": "12345678z",
                    "province_id": 28, "postal_code": "28001", "city": "Madrid", "group_id": clients }),
        )
        .await;
    let acme_value = ok(&acme).clone();
    assert_eq!(
        (acme_value["tax_code"].as_str(), acme_value["contribution_account"].as_str(), acme_value["cnae"].as_str(), acme_value["group_name"].as_str()),
        (Some("B12345674"), Some("28123456742"), Some("4941"), Some("Clientes"))
    );
    let acme = id(&acme);
    assert_eq!(code(&h.post("consulting/empresas/create", json!({ "name": "Otra", "tax_code": "B12345674" })).await), "CONFLICT-000");
    let other_company = id(&h.post("consulting/empresas/create", json!({ "name": "Academia Sur SA", "tax_code": "A28017895" })).await);

    // A centre.
    assert_eq!(fields(&h.post("consulting/centros/create", json!({ "name": "Centro", "tax_code": "B1234567", "phone": "12" })).await), ["tax_code", "phone"]);
    let centre = id(&h
        .post("consulting/centros/create", json!({ "name": "Centro de Formación Vallecas", "accreditation": "8000012345", "phone": "912 345 678" }))
        .await);

    // Workers: DNI/NIE with the spec's messages, NAF with its control, a live company.
    let bad = h
        .post(
            "consulting/trabajadores/create",
            json!({ "first_name": "Luis", "last_name": "", "dni": "1234567", "social_security_number": "281234567841",
                    "company_id": 999_999, "contribution_group": 12, "birth_date": "2990-01-01" }),
        )
        .await;
    assert_eq!(fields(&bad), ["last_name", "dni", "social_security_number", "birth_date", "company_id", "contribution_group"]);
    assert_eq!(bad["error"][1]["details"], "Dni erroneo, faltan caracteres");
    let lucia = ok(&h
        .post(
            "consulting/trabajadores/create",
            json!({ "first_name": "Lucía", "last_name": "Pérez Gil", "dni": "54362315k", "social_security_number": "28/12345678/40",
                    "birth_date": "15/04/1990", "gender": "female", "company_id": acme, "education_level": "vocational_higher",
                    "professional_category": "technician", "contribution_group": 5 }),
        )
        .await)
    .clone();
    assert_eq!(
        (lucia["dni"].as_str(), lucia["social_security_number"].as_str(), lucia["birth_date"].as_str(), lucia["company_name"].as_str()),
        (Some("54362315K"), Some("281234567840"), Some("1990-04-15"), Some("Transportes Núñez SL"))
    );
    let lucia = lucia["id"].as_i64().unwrap();
    // The spec's singular call is the same create.
    let mario = id(&h
        .post("consulting/trabajador/create", json!({ "first_name": "Mario", "last_name": "Álvarez", "dni": "X1234567L", "company_id": acme }))
        .await);
    let elsewhere = id(&h
        .post("consulting/trabajadores/create", json!({ "first_name": "Eva", "last_name": "Sur", "dni": "00000000T", "company_id": other_company }))
        .await);
    assert_eq!(code(&h.post("consulting/trabajadores/create", json!({ "first_name": "Otra", "last_name": "Vez", "dni": "54362315K" })).await), "CONFLICT-000");
    let of_acme = ok(&h.get("consulting/trabajadores/read", &[("company_id", &acme.to_string())]).await).clone();
    assert_eq!(names(&of_acme, "last_name"), ["Álvarez", "Pérez Gil"]);
    assert_eq!(names(&of_acme, "company_name"), ["Transportes Núñez SL", "Transportes Núñez SL"]);
    assert_eq!(names(ok(&h.get("consulting/trabajadores/read", &[("search", "perez")]).await), "first_name"), ["Lucía"]);

    // Courses: dates in order, live centre and company, participants of the course's company.
    let bad = h
        .post(
            "consulting/cursos/create",
            json!({ "name": "Carretillas", "hours": 0, "start_date": "2026-05-10", "end_date": "2026-05-01", "centre_id": 999_999,
                    "company_id": acme, "workers": [lucia, elsewhere], "modality": "in_person", "cost": -5 }),
        )
        .await;
    assert_eq!(fields(&bad), ["hours", "cost", "end_date", "centre_id", "workers"]);
    assert_eq!(bad["error"][4]["details"], "Eva Sur no es de la empresa del curso");
    assert_eq!(fields(&h.post("consulting/cursos/create", json!({ "name": "X", "workers": [lucia, lucia] })).await), ["workers"]);
    assert_eq!(fields(&h.post("consulting/cursos/create", json!({ "name": "X", "modality": "a distancia" })).await), ["modality"]);
    // The credit counts this year's courses, the year the company's view says.
    let this_year = ok(&h.get(&format!("consulting/empresas/read/{acme}"), &[]).await)["credit_year"].as_str().unwrap().to_string();
    let course = ok(&h
        .post(
            "consulting/cursos/create",
            json!({ "name": "Manejo de carretillas elevadoras", "action_code": "12", "group_code": "1", "modality": "in_person", "hours": 20,
                    "start_date": format!("{this_year}-05-10"), "end_date": format!("{this_year}-05-14"), "centre_id": centre, "company_id": acme,
                    "cost": 150_000, "status": "finished", "workers": [mario, lucia], "group_id": course_group }),
        )
        .await)
    .clone();
    assert_eq!(
        (course["centre_name"].as_str(), course["company_name"].as_str(), course["notify_by"].as_str(), course["group_name"].as_str()),
        (Some("Centro de Formación Vallecas"), Some("Transportes Núñez SL"), Some(format!("{this_year}-05-08").as_str()), Some("Clientes 2026"))
    );
    let participants: Vec<&str> = course["participants"].as_array().unwrap().iter().map(|p| p["first_name"].as_str().unwrap()).collect();
    assert_eq!(participants, ["Mario", "Lucía"], "in the order given");
    let course = course["id"].as_i64().unwrap();
    let online = id(&h
        .post(
            "consulting/cursos/create",
            json!({ "name": "Prevención de riesgos laborales", "modality": "online", "hours": 30, "start_date": format!("{this_year}-09-01"),
                    "company_id": acme, "cost": 90_000, "status": "cancelled", "workers": [lucia] }),
        )
        .await);
    let list = ok(&h.get("consulting/cursos/read", &[("company_id", &acme.to_string())]).await).clone();
    assert_eq!(names(&list, "name"), ["Prevención de riesgos laborales", "Manejo de carretillas elevadoras"]);
    assert_eq!(list["items"][1]["participants_count"], 2);
    assert_eq!(list["items"][1]["centre_name"], "Centro de Formación Vallecas");
    assert_eq!(names(ok(&h.get("consulting/cursos/read", &[("status", "finished")]).await), "name"), ["Manejo de carretillas elevadoras"]);
    assert_eq!(names(ok(&h.get("consulting/cursos/read", &[("group_id", "0")]).await), "name"), ["Prevención de riesgos laborales"]);
    assert_eq!(code(&h.get("consulting/cursos/read", &[("status", "perdido")]).await), "REQ-102");

    // Details tie them together.
    let worker = ok(&h.get(&format!("consulting/trabajadores/read/{lucia}"), &[]).await).clone();
    assert_eq!(names(&json!({ "items": worker["courses"] }), "name"), ["Prevención de riesgos laborales", "Manejo de carretillas elevadoras"]);
    assert_eq!((worker["hours_finished"].as_i64(), worker["courses"][1]["centre_name"].as_str()), (Some(20), Some("Centro de Formación Vallecas")));
    let company = ok(&h.get(&format!("consulting/empresas/read/{acme}"), &[]).await).clone();
    assert_eq!((company["workers"].as_i64(), company["credit_used"].as_i64(), company["credit_left"].as_i64()), (Some(2), Some(150_000), Some(270_000)));
    assert_eq!(company["courses"].as_array().unwrap().len(), 2);
    assert_eq!(ok(&h.get("consulting/empresas/read", &[]).await)["items"][1]["workers"], 2);
    let centre_view = ok(&h.get(&format!("consulting/centros/read/{centre}"), &[]).await).clone();
    assert_eq!(centre_view["courses"][0]["id"].as_i64(), Some(course));

    // Update sends what changes; a refused update changes nothing.
    assert_eq!(fields(&h.post("consulting/cursos/update", json!({ "id": course, "workers": [lucia, elsewhere], "hours": 10 })).await), ["workers"]);
    let changed = ok(&h.post("consulting/cursos/update", json!({ "id": course, "workers": [lucia] })).await).clone();
    assert_eq!((changed["participants_count"].as_i64(), changed["hours"].as_i64()), (Some(1), Some(20)));
    assert_eq!(ok(&h.get(&format!("consulting/trabajadores/read/{mario}"), &[]).await)["courses"], json!([]));
    assert_eq!(fields(&h.post("consulting/cursos/update", json!({ "id": online, "state": "archivado" })).await), ["state"]);

    // States through update: inactive, deleted (readable, out of lists, frozen), back again.
    assert_eq!(ok(&h.post("consulting/centros/update", json!({ "id": centre, "state": "inactive" })).await)["state"], "inactive");
    assert_eq!(ok(&h.post("consulting/trabajadores/update", json!({ "id": mario, "state": "deleted" })).await)["state"], "deleted");
    assert_eq!(ok(&h.get(&format!("consulting/trabajadores/read/{mario}"), &[]).await)["state"], "deleted");
    assert_eq!(ok(&h.get("consulting/trabajadores/read", &[]).await)["total"], 2);
    assert_eq!(code(&h.post("consulting/trabajadores/update", json!({ "id": mario, "last_name": "Otro" })).await), "CONFLICT-000");
    assert_eq!(fields(&h.post("consulting/cursos/update", json!({ "id": course, "workers": [mario] })).await), ["workers"]);
    let back = ok(&h.post("consulting/trabajadores/update", json!({ "id": mario, "state": "active", "phone": "600 111 222" })).await).clone();
    assert_eq!((back["state"].as_str(), back["phone"].as_str()), (Some("active"), Some("600111222")));

    // Groups count their live records; a deleted group leaves them without it.
    let groups = ok(&h.get("consulting/empresas/group/read", &[]).await).clone();
    assert_eq!((names(&groups, "name"), groups["items"][0]["count"].as_i64()), (vec!["Clientes".to_string()], Some(1)));
    assert_eq!(ok(&h.post("consulting/empresas/group/delete", json!({ "id": clients })).await)["released"], 1);
    assert_eq!(ok(&h.get(&format!("consulting/empresas/read/{acme}"), &[]).await)["group_id"], json!(null));
    ok(&h.post("consulting/empresas/group/create", json!({ "name": "Clientes" })).await);

    // The worker's file as a PDF.
    let pdf = ok(&h.get(&format!("consulting/trabajador/pdf/{lucia}"), &[]).await).clone();
    assert_eq!((pdf["filename"].as_str(), pdf["content_type"].as_str()), (Some("ficha-54362315K.pdf"), Some("application/pdf")));
    let bytes = decode_base64(pdf["base64"].as_str().unwrap());
    assert!(bytes.starts_with(b"%PDF-1.4"));
    if let Some(text) = pdftotext(&bytes) {
        for expected in ["FICHA DEL TRABAJADOR", "Lucía Pérez Gil", "54362315K", "281234567840", "Transportes Núñez SL", "Manejo de carretillas", "Finalizado"] {
            assert!(text.contains(expected), "{expected} in:\n{text}");
        }
    }
    assert_eq!(code(&h.get("consulting/trabajador/pdf/999999", &[]).await), "NOT-FOUND-000");

    // The permission, and the business boundary.
    let teacher = h.teacher_token().await.unwrap();
    assert_eq!(code(&h.get_as(&teacher, "consulting/empresas/read", &[]).await), "PERMISSION-000");
    assert_eq!(ok(&h.get_as(&h.other_token, "consulting/trabajadores/read", &[("state", "all")]).await)["total"], 0);
    assert_eq!(code(&h.get_as(&h.other_token, &format!("consulting/trabajadores/read/{lucia}"), &[]).await), "NOT-FOUND-000");
    assert_eq!(code(&h.get_as(&h.other_token, &format!("consulting/trabajador/pdf/{lucia}"), &[]).await), "NOT-FOUND-000");
    assert_eq!(code(&h.post_as(&h.other_token, "consulting/cursos/update", json!({ "id": course, "name": "x" })).await), "NOT-FOUND-000");
    let theirs = h.post_as(&h.other_token, "consulting/cursos/create", json!({ "name": "Suyo", "workers": [lucia], "company_id": acme })).await;
    assert_eq!(fields(&theirs), ["company_id", "workers"]);
}
