//! A user of one business gets no data of another business through any host call.

use serde_json::{json, Value};

use crate::helpers::*;

/// A second school with distinctive data, created by the provider.
async fn rival(app: &TestApp) -> (String, i64) {
    let (token, business_id) = app.second_business().await;
    let branch = app
        .post("business/branch/create", Some(&token), json!({ "trade_name": "Sucursal Secreta Zeta", "city": "Zamora" }))
        .await;
    assert_ok(&branch);
    let role = app.post("employee/permissions/create", Some(&token), json!({ "name": "Rol Secreto Zeta" })).await;
    assert_ok(&role);
    (token, business_id)
}

fn leaks(answer: &Value) -> bool {
    let text = answer.to_string();
    text.contains("Zeta") || text.contains("rival-zeta")
}

#[tokio::test]
async fn no_host_call_gives_one_business_the_data_of_another() {
    let app = TestApp::spawn().await;
    let (_rival_token, rival_id) = rival(&app).await;
    let director = app.director().await;
    let ids: Vec<i64> = sqlx::query_as::<_, (i64,)>("SELECT branch_id FROM branch WHERE business_id = $1")
        .bind(rival_id)
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap()
        .into_iter()
        .map(|(id,)| id)
        .collect();
    let roles: Vec<i64> = sqlx::query_as::<_, (i64,)>("SELECT role_id FROM role WHERE business_id = $1")
        .bind(rival_id)
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap()
        .into_iter()
        .map(|(id,)| id)
        .collect();
    let (rival_user,): (i64,) = sqlx::query_as("SELECT user_id FROM app_user WHERE email = 'jefa@rival-zeta.es'")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let rival_business = rival_id.to_string();
    let rival_user_s = rival_user.to_string();

    // Reads, with the rival's ids wherever a call takes one.
    let mut reads: Vec<(String, Vec<(&str, String)>)> = vec![
        ("business/read".into(), vec![("business_id", rival_business.clone())]),
        ("business/read".into(), vec![("all", "true".into())]),
        ("business/branch/list".into(), vec![("business_id", rival_business.clone())]),
        ("business/branch/points".into(), vec![]),
        ("business/branch/cap".into(), vec![]),
        ("business/hermes/read".into(), vec![]),
        ("business/rol/list".into(), vec![]),
        ("business/position/read".into(), vec![]),
        ("user/log".into(), vec![("user_id", rival_user_s.clone())]),
        ("user/sessions/read".into(), vec![("user_id", rival_user_s.clone())]),
        ("user/sessions/list".into(), vec![]),
        ("employee/permissions/read".into(), vec![]),
    ];
    for id in &ids {
        reads.push((format!("business/branch/read/{id}"), vec![]));
    }
    for id in &roles {
        reads.push(("employee/permissions/read".into(), vec![("role_id", id.to_string())]));
    }
    for (path, query) in &reads {
        let query: Vec<(&str, &str)> = query.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let answer = app.get(path, Some(&director), &query).await;
        assert!(!leaks(&answer), "GET {path} {query:?} leaked: {answer}");
    }

    // Writes aimed at the rival's rows are refused and change nothing.
    let before = app.count("SELECT COUNT(*) FROM audit_log").await;
    let writes = vec![
        ("business/branch/update", json!({ "branch_id": ids[0], "trade_name": "Robada" })),
        ("business/branch/delete", json!({ "branch_id": ids[0] })),
        ("business/update", json!({ "business_id": rival_id, "name": "Robada" })),
        ("user/state", json!({ "user_id": rival_user, "active": false })),
        ("user/email/update", json!({ "user_id": rival_user, "email": "robada@example.es" })),
        ("user/role/update", json!({ "user_id": rival_user, "role_id": null })),
        ("user/twofactor/update", json!({ "user_id": rival_user, "enabled": false })),
        ("user/role/permission/update", json!({ "user_id": rival_user, "permissions": [] })),
        ("user/password/reset", json!({ "user_id": rival_user })),
        ("employee/permissions/update", json!({ "role_id": roles[0], "name": "Robado" })),
        ("employee/permissions/delete", json!({ "role_id": roles[roles.len() - 1] })),
        ("business/services/update", json!({ "business_id": rival_id, "services": [] })),
    ];
    for (path, body) in writes {
        let answer = app.post(path, Some(&director), body.clone()).await;
        assert_eq!(answer["success"], false, "POST {path} {body} was accepted: {answer}");
        assert!(!leaks(&answer), "POST {path} leaked: {answer}");
    }
    assert_eq!(app.count("SELECT COUNT(*) FROM audit_log").await, before, "nothing changed");
    let (name,): (String,) = sqlx::query_as("SELECT trade_name FROM branch WHERE branch_id = $1")
        .bind(ids[0])
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_ne!(name, "Robada");
}
