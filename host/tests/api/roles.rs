//! Roles, per-employee permissions and the audit log.

use serde_json::json;
use volante_host::demo::TEACHER;

use crate::helpers::*;

async fn teacher_id(app: &TestApp) -> i64 {
    let (id,): (i64,) = sqlx::query_as("SELECT user_id FROM app_user WHERE email = $1")
        .bind(TEACHER)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    id
}

#[tokio::test]
async fn deleting_a_role_leaves_its_users_without_role_or_permissions() {
    let app = TestApp::spawn().await;
    let director = app.director().await;
    let teacher = app.teacher().await;
    let teacher_id = teacher_id(&app).await;

    let unknown = app.post("employee/permissions/create", Some(&director), json!({ "name": "X", "permissions": ["nope"] })).await;
    assert_eq!(error_code(&unknown), "REQ-102");
    let role = app
        .post("employee/permissions/create", Some(&director), json!({ "name": "Secretaría", "permissions": ["contact", "contact.client"] }))
        .await;
    let role_id = assert_ok(&role)["role_id"].as_i64().unwrap();
    let dup = app.post("employee/permissions/create", Some(&director), json!({ "name": "Secretaría" })).await;
    assert_eq!(error_code(&dup), "CONFLICT-000");

    assert_ok(&app.post("user/role/update", Some(&director), json!({ "user_id": teacher_id, "role_id": role_id })).await);
    assert_ok(
        &app.post("user/role/permission/update", Some(&director), json!({ "user_id": teacher_id, "permissions": ["filesystem"] }))
            .await,
    );
    let user = app.get("user/update", Some(&teacher), &[]).await;
    assert_eq!(user["data"]["user"]["role"], "Secretaría");
    assert_eq!(user["data"]["user"]["permissions"], json!(["contact", "contact.client", "filesystem"]));

    // The teacher cannot manage roles.
    let denied = app.post("employee/permissions/delete", Some(&teacher), json!({ "role_id": role_id })).await;
    assert_eq!(error_code(&denied), "PERMISSION-000");

    let deleted = app.post("employee/permissions/delete", Some(&director), json!({ "role_id": role_id })).await;
    assert_eq!(assert_ok(&deleted)["users"], json!([teacher_id]));
    let user = app.get("user/update", Some(&teacher), &[]).await;
    assert_eq!(user["data"]["user"]["role"], "");
    assert_eq!(user["data"]["user"]["role_id"], json!(null));
    assert_eq!(user["data"]["user"]["permissions"], json!([]));

    // The only super role stays.
    let roles = app.get("employee/permissions/read", Some(&director), &[]).await;
    let super_id = assert_ok(&roles)["roles"].as_array().unwrap().iter().find(|r| r["is_super"] == true).unwrap()["role_id"].clone();
    let refused = app.post("employee/permissions/delete", Some(&director), json!({ "role_id": super_id })).await;
    assert_eq!(error_code(&refused), "CONFLICT-000");

    // Every change is in the audit log, readable per user.
    let log = app.get("user/log", Some(&director), &[("user_id", &teacher_id.to_string())]).await;
    let actions: Vec<String> = assert_ok(&log).as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap().to_string()).collect();
    assert!(actions.contains(&"user.role".to_string()), "{actions:?}");
    assert!(actions.contains(&"user.permissions".to_string()), "{actions:?}");
    let role_changes = app.count("SELECT COUNT(*) FROM audit_log WHERE action LIKE 'role.%'").await;
    assert_eq!(role_changes, 2);
}

/// A call that reads and then writes must wait for another writer, not fail. On SQLite a
/// transaction that has read cannot wait for the write lock (the busy timeout does not apply to
/// that upgrade), so before write transactions took the lock at BEGIN this call answered
/// SERVER-000 whenever another connection was writing, e.g. while a failed call's rollback was
/// still on its way.
#[tokio::test]
async fn a_write_call_waits_for_another_writer_instead_of_failing() {
    let app = TestApp::spawn().await;
    let director = app.director().await;
    let teacher_id = teacher_id(&app).await;
    let roles = app.get("employee/permissions/read", Some(&director), &[]).await;
    let role_id = assert_ok(&roles)["roles"][0]["role_id"].as_i64().unwrap();

    // Another connection writes (a row the call does not touch) and keeps its transaction open.
    let mut other = app.state.db.pool.begin().await.unwrap();
    sqlx::query("UPDATE app_user SET updated_at = updated_at WHERE email = $1")
        .bind(volante_host::demo::DIRECTOR)
        .execute(&mut *other)
        .await
        .unwrap();
    let call = app.post("user/role/update", Some(&director), json!({ "user_id": teacher_id, "role_id": role_id }));
    let release = async {
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        other.commit().await.unwrap();
    };
    let (answer, ()) = tokio::join!(call, release);
    assert_eq!(assert_ok(&answer)["role_id"], json!(role_id));
}

#[tokio::test]
async fn user_state_email_and_two_factor() {
    let app = TestApp::spawn().await;
    let director = app.director().await;
    let teacher = app.teacher().await;
    let teacher_id = teacher_id(&app).await;

    let taken = app.post("user/email/update", Some(&director), json!({ "user_id": teacher_id, "email": volante_host::demo::DIRECTOR })).await;
    assert_eq!(error_code(&taken), "ERROR_EMPLOYEE_122");
    let bad = app.post("user/email/update", Some(&director), json!({ "user_id": teacher_id, "email": "no-es-correo" })).await;
    assert_eq!(error_code(&bad), "REQ-102");

    assert_ok(&app.post("user/twofactor/update", Some(&director), json!({ "user_id": teacher_id, "enabled": false })).await);
    let direct = app.post("user/login", None, json!({ "email": TEACHER, "password": PASSWORD, "device": "OTHER" })).await;
    assert_eq!(assert_ok(&direct)["target"], "dashboard", "no code without two-factor");

    assert_ok(&app.post("user/state", Some(&director), json!({ "user_id": teacher_id, "active": false })).await);
    assert_eq!(error_code(&app.get("user/verify", Some(&teacher), &[]).await), "SESSION-000");
    let login = app.post("user/login", None, json!({ "email": TEACHER, "password": PASSWORD, "device": "OTHER" })).await;
    assert_eq!(error_code(&login), "LOGIN-006");
}
