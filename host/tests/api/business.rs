//! Businesses, services and branches.

use serde_json::json;
use volante_host::demo::TEACHER;

use crate::helpers::*;

#[tokio::test]
async fn only_the_provider_creates_businesses_and_switches_services() {
    let app = TestApp::spawn().await;
    let director = app.director().await;
    let provider = app.provider().await;
    let body = json!({ "name": "Autoescuela Norte", "admin": { "email": "norte@example.es", "first_name": "Nerea" } });
    assert_eq!(error_code(&app.post("business/create", Some(&director), body.clone()).await), "PERMISSION-000");
    let created = app.post("business/create", Some(&provider), body.clone()).await;
    let business_id = assert_ok(&created)["business_id"].as_i64().unwrap();
    assert_eq!(error_code(&app.post("business/create", Some(&provider), body).await), "ERROR_EMPLOYEE_022");
    // The new administrator was mailed a link to choose a password.
    assert!(app.mails().iter().any(|(to, _, body)| to.contains("norte@example.es") && body.contains("/user/password/reset/")));

    // Services: unknown ids are refused; known ones switch per business and per user at once.
    let mut tx = app.state.db.pool.begin().await.unwrap();
    volante_host::business::ensure_service(&mut tx, "contacts", "Contactos", "test").await.unwrap();
    tx.commit().await.unwrap();
    let school = app.demo.school_business_id;
    let bad = app.post("business/services/update", Some(&provider), json!({ "business_id": school, "services": ["nope"] })).await;
    assert_eq!(error_code(&bad), "REQ-102");
    let on = app.post("business/services/update", Some(&provider), json!({ "business_id": school, "services": ["contacts"] })).await;
    assert_eq!(assert_ok(&on)[0]["id"], "contacts");
    let verify = app.get("user/update", Some(&director), &[]).await;
    assert_eq!(verify["data"]["user"]["services"], json!([{ "id": "contacts" }]), "staff get a service switched on for the business");
    // Switched on for the business, the service is on for its staff too; off per user, it goes.
    let teacher = app.teacher().await;
    assert_eq!(app.get("user/update", Some(&teacher), &[]).await["data"]["user"]["services"], json!([{ "id": "contacts" }]));
    let (teacher_id,): (i64,) = sqlx::query_as("SELECT user_id FROM app_user WHERE email = $1")
        .bind(TEACHER)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let revoke = json!({ "business_id": school, "user_id": teacher_id, "service_id": "contacts", "enabled": false });
    assert_ok(&app.post("business/services/update", Some(&provider), revoke).await);
    assert_eq!(app.get("user/update", Some(&teacher), &[]).await["data"]["user"]["services"], json!([]));
    let grant = json!({ "business_id": school, "user_id": teacher_id, "service_id": "contacts", "enabled": true });
    assert_ok(&app.post("business/services/update", Some(&provider), grant).await);
    assert_eq!(app.get("user/update", Some(&teacher), &[]).await["data"]["user"]["services"], json!([{ "id": "contacts" }]));
    let off = app.post("business/services/update", Some(&provider), json!({ "business_id": school, "services": [] })).await;
    assert_ok(&off);
    assert_eq!(app.get("user/update", Some(&teacher), &[]).await["data"]["user"]["services"], json!([]));
    let _ = business_id;
}

#[tokio::test]
async fn branches_keep_every_block_and_validate_documents() {
    let app = TestApp::spawn().await;
    let director = app.director().await;
    let created = app
        .post(
            "business/branch/create",
            Some(&director),
            json!({
                "trade_name": "Autoescuela Demo Getafe", "city": "Getafe", "province_id": 28, "postal_code": "28901",
                "phones": ["+34 600 000 000"], "show_in_ecommerce": true,
                "opening_schedule": [{ "day": 1, "open": "09:00", "close": "14:00" }],
                "driving_school": { "provincial_number": "28", "director_document": "12345678Z" },
                "cap": { "authorization": "CAP-28-001", "director_document": "X1234567L" },
                "fundae": { "authorization": "F-1" }
            }),
        )
        .await;
    let branch = assert_ok(&created).clone();
    let id = branch["branch_id"].as_i64().unwrap();
    assert_eq!(branch["phones"], json!(["+34600000000"]));
    assert_eq!(branch["cap"]["authorization"], "CAP-28-001");
    let read = app.get(&format!("business/branch/read/{id}"), Some(&director), &[]).await;
    assert_eq!(assert_ok(&read)["driving_school"]["director_document"], "12345678Z");

    let bad = app
        .post("business/branch/update", Some(&director), json!({ "branch_id": id, "driving_school": { "director_document": "12345678A" } }))
        .await;
    assert_eq!(error_code(&bad), "REQ-102");
    assert_eq!(bad["error"][0]["details"], "Dni erroneo, la letra del NIF no se corresponde");
    let bad = app.post("business/branch/update", Some(&director), json!({ "branch_id": id, "postal_code": "2890" })).await;
    assert_eq!(error_code(&bad), "REQ-102");
    let unchanged = app.get(&format!("business/branch/read/{id}"), Some(&director), &[]).await;
    assert_eq!(unchanged["data"]["postal_code"], "28901");

    let updated = app.post("business/branch/update", Some(&director), json!({ "branch_id": id, "city": "Leganés" })).await;
    assert_eq!(assert_ok(&updated)["city"], "Leganés");
    assert_eq!(updated["data"]["cap"]["authorization"], "CAP-28-001", "partial update keeps the rest");

    let found = app.get("business/branch/list", Some(&director), &[("search", " getafe ")]).await;
    assert_eq!(assert_ok(&found).as_array().unwrap().len(), 1);
    let all = app.get("business/branch/list", Some(&director), &[("search", "g")]).await;
    assert_eq!(assert_ok(&all).as_array().unwrap().len(), 3, "one character does not filter");
    let points = app.get("business/branch/cap", Some(&director), &[]).await;
    assert!(assert_ok(&points).as_array().unwrap().iter().any(|b| b["cap"]["authorization"] == "CAP-28-001"));

    // The teacher has no branch permission.
    let teacher = app.teacher().await;
    let denied = app.post("business/branch/delete", Some(&teacher), json!({ "branch_id": id })).await;
    assert_eq!(error_code(&denied), "PERMISSION-000");
    assert_ok(&app.post("business/branch/delete", Some(&director), json!({ "branch_id": id })).await);
    let gone = app.get(&format!("business/branch/read/{id}"), Some(&director), &[]).await;
    assert_eq!(error_code(&gone), "NOT-FOUND-000");
    let audit = app.count("SELECT COUNT(*) FROM audit_log WHERE action LIKE 'branch.%'").await;
    assert_eq!(audit, 3);
}
