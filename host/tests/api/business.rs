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

/// The rows of the plugin tables a business has, straight from the plugin data (on PostgreSQL as
/// the business, since the tables force row security).
async fn plugin_rows(app: &TestApp, business_id: i64) -> i64 {
    use sqlx::Connection;
    match app.state.db.engine {
        volante_host::db::Engine::Sqlite => {
            let path = app.state.config.data_dir.join(format!("plugins/business-{business_id}.db"));
            if !path.exists() {
                return -1;
            }
            let mut conn = sqlx::SqliteConnection::connect(&format!("sqlite://{}", path.display())).await.unwrap();
            let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM contacts_contact").fetch_one(&mut conn).await.unwrap();
            n
        }
        volante_host::db::Engine::Postgres => {
            let mut tx = app.state.db.pool.begin().await.unwrap();
            sqlx::query("SELECT set_config('volante.business_id', $1, true)").bind(business_id.to_string()).execute(&mut *tx).await.unwrap();
            let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM contacts_contact WHERE business_id = $1").bind(business_id).fetch_one(&mut *tx).await.unwrap();
            tx.rollback().await.unwrap();
            n
        }
    }
}

#[tokio::test]
async fn a_school_that_left_is_removed_with_everything_it_had() {
    let app = crate::plugins::app_with_plugins().await;
    let provider = app.provider().await;
    let director = app.director().await;
    let (rival, rival_id) = app.second_business().await;
    let school = app.demo.school_business_id;
    crate::plugins::install(&app, &provider, "contacts", &[rival_id, school]).await;
    // The rival school has a contact, a file and a second user; the demo school a contact too.
    assert_ok(&app.post("contact/create", Some(&rival), json!({ "type": "P", "first_name": "Rita", "last_name": "Zeta" })).await);
    assert_ok(&app.post("contact/create", Some(&director), json!({ "type": "P", "first_name": "Dora", "last_name": "Demo" })).await);
    let uploaded = crate::filesystem::multipart(&app, "filesystem/file/upload", &rival, &[], Some(("contrato.txt", b"contrato firmado".to_vec()))).await;
    assert_ok(&uploaded);
    let objects = |id: i64| {
        let storage = app.state.storage.clone();
        async move {
            use futures::StreamExt;
            storage.store.list(Some(&object_store::path::Path::from(format!("business/{id}")))).count().await
        }
    };
    assert_eq!(objects(rival_id).await, 1);
    assert_eq!(plugin_rows(&app, rival_id).await, 1);
    let rival_users = app.count(&format!("SELECT COUNT(*) FROM app_user WHERE business_id = {rival_id}")).await;
    assert!(rival_users >= 1);
    let q = |confirm: &str| vec![("business_id".to_string(), rival_id.to_string()), ("confirm".to_string(), confirm.to_string())];
    let get = |token: String, query: Vec<(String, String)>| {
        let app = &app;
        async move {
            let pairs: Vec<(&str, &str)> = query.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
            app.get("business/removecomplete", Some(&token), &pairs).await
        }
    };

    // Refused, changing nothing: not a provider administrator, a school still active, a wrong
    // name, the provider itself, a business that does not exist.
    assert_eq!(error_code(&get(director.clone(), q("Autoescuela Rival Zeta")).await), "PERMISSION-000");
    assert_eq!(error_code(&get(provider.clone(), q("Autoescuela Rival Zeta")).await), "CONFLICT-000");
    assert_ok(&app.post("business/status", Some(&provider), json!({ "business_id": rival_id, "status": "suspended" })).await);
    let wrong = get(provider.clone(), q("Autoescuela Rival")).await;
    assert_eq!((error_code(&wrong), wrong["error"]["data"]["field"].as_str()), ("REQ-102".to_string(), Some("confirm")));
    let own = app.count("SELECT business_id FROM business WHERE is_provider = TRUE").await;
    let provider_query = vec![("business_id".to_string(), own.to_string()), ("confirm".to_string(), "x".to_string())];
    assert_eq!(error_code(&get(provider.clone(), provider_query).await), "REQ-102");
    let missing = vec![("business_id".to_string(), "999999".to_string()), ("confirm".to_string(), "x".to_string())];
    assert_eq!(error_code(&get(provider.clone(), missing).await), "NOT-FOUND-000");
    assert_eq!(objects(rival_id).await, 1);
    assert_eq!(plugin_rows(&app, rival_id).await, 1);

    // Removed: the plugin data, the files, the users and the business; the provider's audit
    // trail says so; the other school keeps all it has.
    let removed = assert_ok(&get(provider.clone(), q(" autoescuela rival zeta ")).await).clone();
    assert_eq!((removed["users"].as_i64(), removed["files"].as_i64(), removed["objects"].as_i64()), (Some(rival_users), Some(1), Some(1)));
    assert!(removed["plugin_rows"].as_i64().unwrap() >= 1, "{removed}");
    assert_eq!(objects(rival_id).await, 0);
    assert!(plugin_rows(&app, rival_id).await <= 0);
    for table in ["business", "app_user", "branch", "role", "file", "audit_log", "business_service", "public_link"] {
        assert_eq!(app.count(&format!("SELECT COUNT(*) FROM {table} WHERE business_id = {rival_id}")).await, 0, "{table}");
    }
    assert_eq!(app.count(&format!("SELECT COUNT(*) FROM audit_log WHERE action = 'business.removed' AND target_id = '{rival_id}'")).await, 1);
    assert_eq!(error_code(&app.get("business/read", Some(&rival), &[]).await), "SESSION-000");
    assert_eq!(plugin_rows(&app, school).await, 1);
    assert_eq!(assert_ok(&app.post("contact/readall", Some(&director), json!({})).await)["total"], 1);
    assert_eq!(error_code(&get(provider.clone(), q("Autoescuela Rival Zeta")).await), "NOT-FOUND-000");
}

/// The provider's record card of a school: the business, branches, services, users by role,
/// storage and last activity, on one read; provider administrators only.
#[tokio::test]
async fn the_provider_reads_a_schools_record_card() {
    let app = TestApp::spawn().await;
    let provider = app.provider().await;
    let director = app.director().await;
    let id = app.demo.school_business_id.to_string();
    assert_eq!(error_code(&app.get("business/ficha/read", Some(&director), &[("business_id", &id)]).await), "PERMISSION-000");
    assert_eq!(error_code(&app.get("business/ficha/read", Some(&provider), &[("business_id", "999999")]).await), "NOT-FOUND-000");
    assert_eq!(error_code(&app.get("business/ficha/read", Some(&provider), &[]).await), "REQ-104");

    let card = assert_ok(&app.get("business/ficha/read", Some(&provider), &[("business_id", &id)]).await).clone();
    assert_eq!(card["business"]["name"], "Autoescuela Demo");
    let branches = app.count(&format!("SELECT COUNT(*) FROM branch WHERE business_id = {id} AND deleted_at IS NULL")).await;
    assert_eq!(card["branches"].as_array().unwrap().len() as i64, branches);
    let users = app.count(&format!("SELECT COUNT(*) FROM app_user WHERE business_id = {id}")).await;
    assert_eq!(card["users"]["total"].as_i64(), Some(users));
    let by_role: i64 = card["users"]["by_role"].as_array().unwrap().iter().map(|r| r["users"].as_i64().unwrap()).sum();
    assert_eq!(by_role, users);
    let list = card["users"]["list"].as_array().unwrap();
    assert_eq!(list.len() as i64, users);
    assert!(list.iter().any(|u| u["email"] == volante_host::demo::DIRECTOR && u["active"] == true && u["user_id"].is_i64()), "{card}");
    // The director signed in above: the school's last sign-in and an open session.
    assert!(card["activity"]["last_sign_in_at"].is_string(), "{card}");
    assert!(card["activity"]["open_sessions"].as_i64().unwrap() >= 1);
    assert!(card["storage"]["quota_bytes"].as_i64().is_some());
    assert!(card["services"].is_array());
}

#[tokio::test]
async fn the_provider_gives_a_school_the_default_positions_it_lacks() {
    let app = TestApp::spawn().await;
    let provider = app.provider().await;
    let director = app.director().await;
    let id = app.demo.school_business_id;
    let query = id.to_string();
    assert_eq!(error_code(&app.get("business/initalpositions", Some(&director), &[("business_id", &query)]).await), "PERMISSION-000");
    assert_eq!(error_code(&app.get("business/initalpositions", Some(&provider), &[("business_id", "999999")]).await), "NOT-FOUND-000");
    // A school with every default position gets none.
    let all = assert_ok(&app.get("business/initalpositions", Some(&provider), &[("business_id", &query)]).await).clone();
    assert_eq!(all["added"], json!([]));
    let before = app.count(&format!("SELECT COUNT(*) FROM position WHERE business_id = {id}")).await;
    assert_eq!(all["positions"].as_array().unwrap().len() as i64, before);
    // One renamed in other case counts as there; one removed comes back.
    sqlx::query("UPDATE position SET name = 'PROFESOR' WHERE business_id = $1 AND name = 'Profesor'").bind(id).execute(&app.state.db.pool).await.unwrap();
    sqlx::query("DELETE FROM position WHERE business_id = $1 AND name = 'Comercial'").bind(id).execute(&app.state.db.pool).await.unwrap();
    let added = assert_ok(&app.get("business/initalpositions", Some(&provider), &[("business_id", &query)]).await).clone();
    assert_eq!(added["added"], json!(["Comercial"]));
    assert_eq!(app.count(&format!("SELECT COUNT(*) FROM position WHERE business_id = {id}")).await, before);
    assert_eq!(app.count(&format!("SELECT COUNT(*) FROM audit_log WHERE business_id = {id} AND action = 'positions.initial'")).await, 1);
}

#[tokio::test]
async fn the_provider_generates_a_users_sessions_report() {
    use chrono_tz::Europe::Madrid;
    let app = TestApp::spawn().await;
    let provider = app.provider().await;
    let director = app.director().await;
    let business = app.demo.school_business_id;
    let (user_id,): (i64,) = sqlx::query_as("SELECT user_id FROM app_user WHERE email = $1")
        .bind(volante_host::demo::DIRECTOR)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let today = chrono::Utc::now().with_timezone(&Madrid).date_naive();
    let yesterday = today - chrono::Duration::days(1);
    let path = |business: i64, user: i64, d1: &str, d2: &str, between: &str| format!("user/sessions/generate/{business}/{user}/{d1}/{d2}/{between}");
    let (t, y) = (today.to_string(), yesterday.to_string());

    let report = assert_ok(&app.get(&path(business, user_id, &y, &t, "1"), Some(&provider), &[("ranges", "1")]).await).clone();
    assert_eq!(report["user"]["user_id"], user_id);
    assert_eq!(report["business"]["name"], "Autoescuela Demo");
    let sessions = report["sessions"].as_array().unwrap();
    let open = app.count(&format!("SELECT COUNT(*) FROM session WHERE user_id = {user_id}")).await;
    assert_eq!(sessions.len() as i64, open, "{report}");
    assert!(sessions.iter().all(|s| s["state"] == "open" && s["started_local"].is_string()), "{report}");
    let days = report["days"].as_array().unwrap();
    assert_eq!((days.len(), days[1]["date"].as_str()), (2, Some(t.as_str())));
    assert_eq!(days[1]["ranges"].as_array().unwrap().len() as i64, open);
    // Started yesterday only: none.
    let none = assert_ok(&app.get(&path(business, user_id, &y, &y, "0"), Some(&provider), &[]).await).clone();
    assert_eq!(none["sessions"], json!([]));
    assert!(none.get("days").is_none());

    assert_eq!(error_code(&app.get(&path(business, user_id, &y, &t, "1"), Some(&director), &[]).await), "PERMISSION-000");
    let backwards = app.get(&path(business, user_id, &t, &y, "1"), Some(&provider), &[]).await;
    assert_eq!(error_code(&backwards), "REQ-102");
    assert_eq!(error_code(&app.get(&path(business, user_id, "2026-13-01", &t, "1"), Some(&provider), &[]).await), "REQ-102");
    assert_eq!(error_code(&app.get(&path(business, user_id, &y, &t, "x"), Some(&provider), &[]).await), "REQ-102");
    assert_eq!(error_code(&app.get(&path(999_999, user_id, &y, &t, "1"), Some(&provider), &[]).await), "NOT-FOUND-000");
    // A user of another business is not found in this one.
    let provider_user = app.count(&format!("SELECT MIN(user_id) FROM app_user WHERE business_id <> {business}")).await;
    assert_eq!(error_code(&app.get(&path(business, provider_user, &y, &t, "1"), Some(&provider), &[]).await), "NOT-FOUND-000");
    assert_eq!(app.count(&format!("SELECT COUNT(*) FROM audit_log WHERE business_id = {business} AND action = 'sessions.report'")).await, 2);
}
