//! The employees plugin in the real runtime against a real database, on both engines
//! (`VOLANTE_TEST_DATABASE_URL`): an employee with a user account made through the host's
//! `directory` (interface 0.1.6), the account following the employee (names, branch, lock,
//! deletion) as sign-in sees it, checks that refuse bad input and change nothing, the PIN, the
//! teachers' list, permissions and the business boundary.

use serde_json::{json, Value};
use volante_plugin_harness::{code, fields, ok, Harness};

async fn count(h: &Harness, statement: &str, email: &str) -> i64 {
    let (n,): (i64,) = sqlx::query_as(statement).bind(email).fetch_one(&h.state.db.pool).await.unwrap();
    n
}

async fn accounts_with(h: &Harness, email: &str) -> i64 {
    count(h, "SELECT COUNT(*) FROM app_user WHERE email = $1", email).await
}

async fn sign_in(h: &Harness, email: &str, password: &str) -> Value {
    h.client
        .post(format!("{}/user/login", h.api))
        .json(&json!({ "email": email, "password": password, "device": "HARNESS" }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

async fn total(h: &Harness, query: &[(&str, &str)]) -> i64 {
    ok(&h.get("employee/read", query).await)["total"].as_i64().unwrap()
}

const PASSWORD: &str = "Lucia-Profe-2026";

#[tokio::test]
async fn an_employee_and_their_account_stay_in_step() {
    let h = Harness::start("plugins/employees").await.unwrap();
    let branches = ok(&h.get("business/branch/list", &[]).await).clone();
    let branch_ids: Vec<i64> = branches.as_array().unwrap().iter().map(|b| b["branch_id"].as_i64().unwrap()).collect();
    assert_eq!(branch_ids.len(), 2, "{branches}");
    let positions = ok(&h.get("business/position/read", &[]).await).clone();
    let teacher_position = positions.as_array().unwrap().iter().find(|p| p["name"] == "Profesor").unwrap()["position_id"].as_i64().unwrap();

    // Every bad field at once; nothing stored, no account.
    let bad = h
        .post(
            "employee/create",
            json!({ "first_name": " ", "fiscal_code": "12345678A", "birthday": "2099-01-01", "postal_code": "08001", "province_id": 28,
                    "branches": [999_999], "positions": [999_999], "weekly_hours": 50, "social_security_number": "281234567841",
                    "iban": "ES0000000000000000000000", "account": { "email": "lucia@autoescuela-demo.es", "password": PASSWORD } }),
        )
        .await;
    assert_eq!(code(&bad), "REQ-102");
    assert_eq!(fields(&bad), ["first_name", "fiscal_code", "birthday", "postal_code", "branches", "positions", "weekly_hours", "social_security_number", "iban"]);
    assert_eq!(bad["error"][1]["details"], "Dni erroneo, la letra del NIF no se corresponde");
    assert_eq!(total(&h, &[("state", "all")]).await, 0);
    assert_eq!(accounts_with(&h, "lucia@autoescuela-demo.es").await, 0);

    // A teacher in both branches with an account that can sign in at once.
    let created = h
        .post(
            "employee/create",
            json!({ "first_name": "Lucía", "last_name": "Martín", "second_last_name": "Gil", "fiscal_code": "12345678z",
                    "gender": "female", "birthday": "1990-04-12", "branches": branch_ids, "branch_id": branch_ids[1],
                    "positions": [teacher_position], "is_teacher": true, "teacher_classes": ["b", "A2"],
                    "account": { "email": "Lucia@Autoescuela-Demo.es", "password": PASSWORD } }),
        )
        .await;
    let employee = ok(&created).clone();
    let id = employee["id"].as_i64().unwrap();
    assert_eq!((employee["code"].as_str(), employee["fiscal_code"].as_str(), employee["name"].as_str()), (Some("E0001"), Some("12345678Z"), Some("Lucía Martín Gil")));
    assert_eq!(employee["teacher_classes"], json!(["A2", "B"]));
    assert_eq!(employee["position_names"], json!(["Profesor"]));
    assert_eq!(employee["account"]["email"], "lucia@autoescuela-demo.es");
    assert_eq!((employee["account"]["active"].as_bool(), employee["account"]["locked"].as_bool()), (Some(true), Some(false)));
    let user_id = employee["user_id"].as_i64().unwrap();
    let (first, last, branch): (String, String, Option<i64>) =
        sqlx::query_as("SELECT first_name, last_name, branch_id FROM app_user WHERE user_id = $1").bind(user_id).fetch_one(&h.state.db.pool).await.unwrap();
    assert_eq!((first.as_str(), last.as_str(), branch), ("Lucía", "Martín Gil", Some(branch_ids[1])));
    sqlx::query("UPDATE app_user SET two_factor = FALSE WHERE user_id = $1").bind(user_id).execute(&h.state.db.pool).await.unwrap();
    let signed = sign_in(&h, "lucia@autoescuela-demo.es", PASSWORD).await;
    let lucia = ok(&signed)["token"].as_str().unwrap().to_string();
    // The account's creation is the director's act in the audit log.
    assert_eq!(count(&h, "SELECT COUNT(*) FROM audit_log WHERE action = 'user.create' AND target_id = $1", &user_id.to_string()).await, 1);

    // The same address again: the spec's code, and neither the employee nor an account stays.
    let again = h.post("employee/create", json!({ "first_name": "Otra", "account": { "email": "lucia@autoescuela-demo.es" } })).await;
    assert_eq!(code(&again), "ERROR_EMPLOYEE_022");
    assert_eq!(total(&h, &[("state", "all")]).await, 1);
    assert_eq!(accounts_with(&h, "lucia@autoescuela-demo.es").await, 1);
    // The same DNI again, and a code taken.
    assert_eq!(fields(&h.post("employee/create", json!({ "first_name": "Otra", "fiscal_code": "12345678Z" })).await), ["fiscal_code"]);
    assert_eq!(code(&h.post("employee/create", json!({ "first_name": "Otra", "code": "e0001" })).await), "CONFLICT-000");

    // Names and main branch follow to the account; lists find her by branch, position, teacher.
    ok(&h.post("employee/update", json!({ "id": id, "first_name": "Lucía María" })).await);
    ok(&h.post("employee/update/business_branches", json!({ "id": id, "branches": [branch_ids[0]] })).await);
    let (first, branch): (String, Option<i64>) =
        sqlx::query_as("SELECT first_name, branch_id FROM app_user WHERE user_id = $1").bind(user_id).fetch_one(&h.state.db.pool).await.unwrap();
    assert_eq!((first.as_str(), branch), ("Lucía María", Some(branch_ids[0])));
    let other_branch = branch_ids[1].to_string();
    let position = teacher_position.to_string();
    for (query, expected) in [
        (vec![("search", "martin gil")], 1),
        (vec![("branch_id", branch_ids[0].to_string().as_str())], 1),
        (vec![("branch_id", other_branch.as_str())], 0),
        (vec![("position_id", position.as_str())], 1),
        (vec![("teacher", "1")], 1),
    ] {
        assert_eq!(total(&h, &query).await, expected, "{query:?}");
    }
    assert_eq!(fields(&h.post("employee/update/business_branches", json!({ "id": id, "branches": [branch_ids[0]], "branch_id": branch_ids[1] })).await), ["branch_id"]);
    assert_eq!(fields(&h.post("employee/update/positions", json!({ "id": id, "positions": [999_999] })).await), ["positions"]);

    // Labour data: a bad IBAN changes nothing; a good one is kept without spaces.
    let bad = h.post("employee/laboral/update", json!({ "id": id, "contract_type": "indefinite", "iban": "ES91 2100 0418 4502 0005 1333" })).await;
    assert_eq!(fields(&bad), ["iban"]);
    let view = ok(&h.get("employee/read", &[("id", &id.to_string())]).await).clone();
    assert_eq!((view["contract_type"].clone(), view["iban"].as_str()), (Value::Null, Some("")));
    let laboral = h
        .post(
            "employee/laboral/update",
            json!({ "id": id, "contract_type": "indefinite", "workday": "part_time", "weekly_hours": 20, "iban": "ES91 2100 0418 4502 0005 1332",
                    "social_security_number": "28/12345678/40", "leave_date": "2020-01-01" }),
        )
        .await;
    assert_eq!(ok(&laboral)["iban"], "ES9121000418450200051332");
    ok(&h.post("employee/update/incorporation", json!({ "id": id, "incorporation_date": "2019-09-01" })).await);
    assert_eq!(fields(&h.post("employee/update/incorporation", json!({ "id": id, "incorporation_date": "2021-01-01" })).await), ["leave_date"]);
    assert_eq!(fields(&h.post("employee/update/observations", json!({ "id": id })).await), ["observations"]);

    // Locked: no sign-in, her session closes; unlocked: she signs in again.
    let locked = h.post("employee/lock", json!({ "id": id })).await;
    assert_eq!(ok(&locked)["account"]["locked"], true);
    assert_eq!(code(&sign_in(&h, "lucia@autoescuela-demo.es", PASSWORD).await), "LOGIN-006");
    assert_eq!(code(&h.get_as(&lucia, "employee/teachers/read", &[]).await), "SESSION-000");
    ok(&h.post("employee/lock", json!({ "id": id, "locked": false })).await);
    let lucia = ok(&sign_in(&h, "lucia@autoescuela-demo.es", PASSWORD).await)["token"].as_str().unwrap().to_string();

    // The PIN: made once, kept, renewed.
    let pin = ok(&h.get("employee/pinbiometric", &[("id", &id.to_string())]).await)["pin"].as_str().unwrap().to_string();
    assert!(pin.len() == 6 && pin.bytes().all(|b| b.is_ascii_digit()), "{pin}");
    assert_eq!(ok(&h.get("employee/pinbiometric", &[("id", &id.to_string())]).await)["pin"], pin.as_str());
    assert_eq!(ok(&h.get("employee/read", &[("id", &id.to_string())]).await)["has_pin"], true);
    ok(&h.post("employee/pinbiometric/renew", json!({ "id": id })).await);

    // Lucía has the "Profesor"-less default role (none): the service lets her list the teachers,
    // not read the staff's records.
    let teachers = ok(&h.get_as(&lucia, "employee/teachers/read", &[("licence", "B")]).await).clone();
    assert_eq!(teachers, json!([{ "id": id, "user_id": user_id, "name": "Lucía María Martín Gil", "branch_id": branch_ids[0], "branches": [branch_ids[0]], "teacher_classes": ["A2", "B"] }]));
    assert_eq!(ok(&h.get("employee/teachers/read", &[("licence", "C")]).await), &json!([]));
    assert_eq!(code(&h.get_as(&lucia, "employee/read", &[]).await), "PERMISSION-000");
    assert_eq!(code(&h.post_as(&lucia, "employee/create", json!({ "first_name": "X" })).await), "PERMISSION-000");
    // Another business sees none of it.
    assert_eq!(code(&h.get_as(&h.other_token, "employee/read", &[("id", &id.to_string())]).await), "NOT-FOUND-000");
    assert_eq!(code(&h.post_as(&h.other_token, "employee/lock", json!({ "id": id })).await), "NOT-FOUND-000");

    // Deleted: kept for the records, the account deactivated and signed out.
    let deleted = h.post("employee/delete", json!({ "id": id })).await;
    assert_eq!((ok(&deleted)["state"].as_str(), ok(&deleted)["account"]["active"].as_bool()), (Some("deleted"), Some(false)));
    assert_eq!(code(&sign_in(&h, "lucia@autoescuela-demo.es", PASSWORD).await), "LOGIN-006");
    assert_eq!(code(&h.get_as(&lucia, "employee/teachers/read", &[]).await), "SESSION-000");
    assert_eq!(total(&h, &[]).await, 0);
    assert_eq!(code(&h.post("employee/lock", json!({ "id": id })).await), "CONFLICT-000");
}

#[tokio::test]
async fn accounts_are_made_for_whom_the_caller_may() {
    let h = Harness::start("plugins/employees").await.unwrap();
    let roles = ok(&h.get("business/rol/list", &[]).await).clone();
    let role = |name: &str| roles.as_array().unwrap().iter().find(|r| r["name"] == name).map(|r| r["role_id"].as_i64().unwrap()).unwrap();

    // An employee without an account gets one later; without a password the host mails a link.
    let created = ok(&h.post("employee/create", json!({ "first_name": "Mario", "last_name": "Ruiz" })).await).clone();
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["account"], Value::Null);
    assert_eq!(code(&h.post("employee/lock", json!({ "id": id })).await), "CONFLICT-000");
    let bad = h.post("employee/account/create", json!({ "id": id, "email": "no es correo" })).await;
    assert_eq!(fields(&bad), ["email"]);
    let weak = h.post("employee/account/create", json!({ "id": id, "email": "mario@autoescuela-demo.es", "password": "corta" })).await;
    assert_eq!(code(&weak), "PASSWORD-001");
    assert_eq!(accounts_with(&h, "mario@autoescuela-demo.es").await, 0);
    let opened = h.post("employee/account/create", json!({ "id": id, "email": "mario@autoescuela-demo.es", "role_id": role("Administración") })).await;
    assert_eq!(ok(&opened)["account"]["role"], "Administración");
    assert_eq!(code(&h.post("employee/account/create", json!({ "id": id, "email": "otro@autoescuela-demo.es" })).await), "CONFLICT-000");
    // A link to choose the password went out once the call committed.
    let outbox = h.state.config.data_dir.join("outbox");
    let mails: Vec<String> = std::fs::read_dir(&outbox).map(|d| d.filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok()).collect()).unwrap_or_default();
    assert!(mails.iter().any(|m| m.contains("mario@autoescuela-demo.es")), "no mail to mario in {outbox:?}");

    // A manager with `employee` but not `employee.permissions` may open accounts, not give roles;
    // only a `super` caller gives the `super` role.
    let manager = ok(&h.post("employee/create", json!({ "first_name": "Gestora", "account": { "email": "gestora@autoescuela-demo.es", "password": PASSWORD, "role_id": role("Administración") } })).await).clone();
    let manager_user = manager["user_id"].as_i64().unwrap();
    ok(&h.post("user/role/permission/update", json!({ "user_id": manager_user, "permissions": ["employee"] })).await);
    sqlx::query("UPDATE app_user SET two_factor = FALSE WHERE user_id = $1").bind(manager_user).execute(&h.state.db.pool).await.unwrap();
    let manager_token = ok(&sign_in(&h, "gestora@autoescuela-demo.es", PASSWORD).await)["token"].as_str().unwrap().to_string();
    let with_role = h.post_as(&manager_token, "employee/create", json!({ "first_name": "Pedro", "account": { "email": "pedro@autoescuela-demo.es", "role_id": role("Profesor") } })).await;
    assert_eq!(code(&with_role), "PERMISSION-000");
    assert_eq!(total(&h, &[("search", "pedro")]).await, 0);
    assert_eq!(accounts_with(&h, "pedro@autoescuela-demo.es").await, 0);
    ok(&h.post("user/role/permission/update", json!({ "user_id": manager_user, "permissions": ["employee", "employee.permissions"] })).await);
    let as_super = h.post_as(&manager_token, "employee/create", json!({ "first_name": "Pedro", "account": { "email": "pedro@autoescuela-demo.es", "role_id": role("Dirección") } })).await;
    assert_eq!(code(&as_super), "PERMISSION-000");
    let pedro = h.post_as(&manager_token, "employee/create", json!({ "first_name": "Pedro", "account": { "email": "pedro@autoescuela-demo.es", "role_id": role("Profesor") } })).await;
    assert_eq!(ok(&pedro)["account"]["role"], "Profesor");
    // Nobody locks or deletes themselves through their employee record.
    let own = h.post_as(&manager_token, "employee/delete", json!({ "id": manager["id"] })).await;
    assert_eq!(code(&own), "CONFLICT-000");
    assert_eq!(ok(&h.get("employee/read", &[("id", &manager["id"].to_string())]).await)["state"], "active");
}

/// The users the business already has (the director the provider created with it) are linked to
/// their employee records instead of getting a second account.
#[tokio::test]
async fn an_existing_user_is_linked_to_an_employee() {
    let h = Harness::start("plugins/employees").await.unwrap();
    let director = ok(&h.post("employee/create", json!({ "first_name": "Dolores", "last_name": "Directora" })).await)["id"].as_i64().unwrap();
    let free = ok(&h.get("employee/account/unlinked", &[]).await).clone();
    let email_of = |list: &Value| list.as_array().unwrap().iter().map(|a| a["email"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    assert!(email_of(&free).contains(&"director@autoescuela-demo.es".to_string()), "{free}");
    let user = free.as_array().unwrap().iter().find(|a| a["email"] == "director@autoescuela-demo.es").unwrap()["user_id"].as_i64().unwrap();

    assert_eq!(fields(&h.post("employee/account/link", json!({ "id": director, "user_id": 999_999 })).await), ["user_id"]);
    let linked = ok(&h.post("employee/account/link", json!({ "id": director, "user_id": user })).await).clone();
    assert_eq!(linked["account"]["email"], "director@autoescuela-demo.es");
    // The account takes the employee's names; its role stays.
    let (first, last): (String, String) =
        sqlx::query_as("SELECT first_name, last_name FROM app_user WHERE user_id = $1").bind(user).fetch_one(&h.state.db.pool).await.unwrap();
    assert_eq!((first.as_str(), last.as_str()), ("Dolores", "Directora"));
    assert!(!email_of(ok(&h.get("employee/account/unlinked", &[]).await)).contains(&"director@autoescuela-demo.es".to_string()));

    // One user, one employee; an employee with an account takes no other.
    let other = ok(&h.post("employee/create", json!({ "first_name": "Otra" })).await)["id"].as_i64().unwrap();
    let taken = h.post("employee/account/link", json!({ "id": other, "user_id": user })).await;
    assert_eq!((code(&taken).as_str(), fields(&taken)), ("CONFLICT-000", vec!["user_id".to_string()]));
    let teacher = ok(&h.get("employee/account/unlinked", &[]).await)[0]["user_id"].clone();
    assert_eq!(code(&h.post("employee/account/link", json!({ "id": director, "user_id": teacher })).await), "CONFLICT-000");
    // Only with `employee`.
    let token = h.teacher_token().await.unwrap();
    assert_eq!(code(&h.get_as(&token, "employee/account/unlinked", &[]).await), "PERMISSION-000");
}
