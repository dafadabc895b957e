//! Sign-in, device authorisation, sessions, password recovery and their bad inputs.

use serde_json::{json, Value};
use volante_host::demo::{DIRECTOR, TEACHER};

use crate::helpers::*;

#[tokio::test]
async fn new_device_signs_in_with_mailed_code_then_directly_until_authorisation_expires() {
    let app = TestApp::spawn_with_smtp().await;
    let first = app.post("user/login", None, json!({ "email": DIRECTOR, "password": PASSWORD, "device": "NEWDEV1" })).await;
    let data = assert_ok(&first);
    assert_eq!(data["target"], "code");
    assert_eq!(data["device_days"], 30);
    assert!(data.get("token").is_none(), "no session before the code step");

    let code = app.wait_code(DIRECTOR, None).await;
    let (_, subject, _) = app.mails().pop().unwrap();
    assert!(subject.contains("código"), "{subject}");

    // A wrong code is refused and does not sign in.
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let answer = app
        .post("user/login", None, json!({ "email": DIRECTOR, "password": PASSWORD, "device": "NEWDEV1", "code": wrong }))
        .await;
    assert_eq!(error_code(&answer), "LOGIN-003");
    assert_eq!(app.count("SELECT COUNT(*) FROM session").await, 0);

    let answer = app
        .post(
            "user/login",
            None,
            json!({ "email": DIRECTOR, "password": PASSWORD, "device": "NEWDEV1", "code": code, "remember_device": true }),
        )
        .await;
    let data = assert_ok(&answer);
    assert_eq!(data["target"], "dashboard");
    assert_eq!(data["user"]["role"], "super");
    let token = data["token"].as_str().unwrap();
    assert!(token.len() >= 22, "at least 128 bits");
    // Only the hash is stored.
    let stored: (String,) = sqlx::query_as("SELECT token_hash FROM session").fetch_one(&app.state.db.pool).await.unwrap();
    assert_ne!(stored.0, token);

    // The same code cannot be used twice.
    let reuse = app
        .post("user/login", None, json!({ "email": DIRECTOR, "password": PASSWORD, "device": "NEWDEV1", "code": code }))
        .await;
    assert_eq!(assert_ok(&reuse)["target"], "dashboard", "authorised device no longer needs a code");

    // Authorised device: straight in, no new mail.
    let mails_before = app.mails().len();
    let again = app.post("user/login", None, json!({ "email": DIRECTOR, "password": PASSWORD, "device": "NEWDEV1" })).await;
    assert_eq!(assert_ok(&again)["target"], "dashboard");
    assert_eq!(app.mails().len(), mails_before);

    // Once the authorisation expires, the code step is back.
    sqlx::query("UPDATE device SET authorized_until = '2000-01-01T00:00:00.000Z'")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let expired = app.post("user/login", None, json!({ "email": DIRECTOR, "password": PASSWORD, "device": "NEWDEV1" })).await;
    assert_eq!(assert_ok(&expired)["target"], "code");
    app.wait_code(DIRECTOR, Some(&code)).await;
}

#[tokio::test]
async fn code_without_authorising_the_device_signs_in_once() {
    let app = TestApp::spawn().await;
    app.post("user/login", None, json!({ "email": TEACHER, "password": PASSWORD, "device": "D2" })).await;
    let code = app.wait_code(TEACHER, None).await;
    let answer =
        app.post("user/login", None, json!({ "email": TEACHER, "password": PASSWORD, "device": "D2", "code": code })).await;
    assert_eq!(assert_ok(&answer)["target"], "dashboard");
    let next = app.post("user/login", None, json!({ "email": TEACHER, "password": PASSWORD, "device": "D2" })).await;
    assert_eq!(assert_ok(&next)["target"], "code");
}

#[tokio::test]
async fn expired_code_is_refused() {
    let app = TestApp::spawn().await;
    app.post("user/login", None, json!({ "email": DIRECTOR, "password": PASSWORD, "device": "D3" })).await;
    let code = app.wait_code(DIRECTOR, None).await;
    sqlx::query("UPDATE signin_code SET expires_at = '2000-01-01T00:00:00.000Z'").execute(&app.state.db.pool).await.unwrap();
    let answer =
        app.post("user/login", None, json!({ "email": DIRECTOR, "password": PASSWORD, "device": "D3", "code": code })).await;
    assert_eq!(error_code(&answer), "LOGIN-003");
    assert_eq!(answer["error"][0]["data"]["reason"], "expired");
    assert_eq!(app.count("SELECT COUNT(*) FROM session").await, 0);
}

#[tokio::test]
async fn wrong_password_unknown_user_missing_device_and_bad_json() {
    let app = TestApp::spawn().await;
    let answer = app.post("user/login", None, json!({ "email": DIRECTOR, "password": "Nope-1234", "device": "D" })).await;
    assert_eq!(error_code(&answer), "LOGIN-002");
    let answer = app.post("user/login", None, json!({ "email": "nadie@example.es", "password": PASSWORD, "device": "D" })).await;
    assert_eq!(error_code(&answer), "LOGIN-001");
    let answer = app.post("user/login", None, json!({ "email": DIRECTOR, "password": PASSWORD })).await;
    assert_eq!(error_code(&answer), "LOGIN-004");
    // Writes answer with a list of errors.
    assert!(answer["error"].is_array());
    let answer = app.post_raw("user/login", None, "{\"email\": ").await;
    assert_eq!(error_code(&answer), "REQ-101");
    let answer = app.post("user/login", None, json!({ "email": 42, "password": PASSWORD, "device": "D" })).await;
    assert_eq!(error_code(&answer), "REQ-102");
    let answer = app.post("user/login", None, json!({ "password": PASSWORD, "device": "D" })).await;
    assert_eq!(error_code(&answer), "REQ-102");
    assert_eq!(app.count("SELECT COUNT(*) FROM session").await, 0);
    assert_eq!(app.count("SELECT COUNT(*) FROM signin_code").await, 0);
}

#[tokio::test]
async fn oversized_body_is_refused() {
    let app = TestApp::spawn().await;
    let huge = "x".repeat(2 * 1024 * 1024);
    let answer = app.post("user/login", None, json!({ "email": huge, "password": PASSWORD, "device": "D" })).await;
    assert_eq!(error_code(&answer), "REQ-103");
}

#[tokio::test]
async fn repeated_failures_are_throttled_per_account() {
    let app = TestApp::spawn().await;
    for _ in 0..5 {
        let answer = app.post("user/login", None, json!({ "email": DIRECTOR, "password": "Wrong-123", "device": "D" })).await;
        assert_eq!(error_code(&answer), "LOGIN-002");
    }
    // Even the right password is refused while throttled.
    let answer = app.post("user/login", None, json!({ "email": DIRECTOR, "password": PASSWORD, "device": "D" })).await;
    assert_eq!(error_code(&answer), "LOGIN-005");
    // Another account from the same address is not blocked yet (the address limit is higher).
    let answer = app.post("user/login", None, json!({ "email": TEACHER, "password": PASSWORD, "device": "D" })).await;
    assert_eq!(assert_ok(&answer)["target"], "code");
}

#[tokio::test]
async fn behind_a_trusted_proxy_the_forwarded_address_is_throttled() {
    let app = TestApp::spawn_with(|c| {
        c.trusted_proxies = vec!["127.0.0.0/8".parse().unwrap()];
        c.auth.throttle_address = 3;
    })
    .await;
    let login = |email: &'static str, forwarded: &'static str, password: &'static str| {
        let request = app
            .client
            .post(format!("{}/api/user/login", app.url))
            .header("X-Forwarded-For", forwarded)
            .json(&json!({ "email": email, "password": password, "device": "D" }));
        async move { request.send().await.unwrap().json::<Value>().await.unwrap() }
    };
    // Three failures from one client (each on another account, so only the address counts).
    for email in ["nadie1@example.es", "nadie2@example.es", "nadie3@example.es"] {
        assert_eq!(error_code(&login(email, "203.0.113.7", "Wrong-123").await), "LOGIN-001");
    }
    // That client is refused even with the right password; the address it claims further left
    // is not believed.
    assert_eq!(error_code(&login(DIRECTOR, "203.0.113.7", PASSWORD).await), "LOGIN-005");
    assert_eq!(error_code(&login(DIRECTOR, "198.51.100.1, 203.0.113.7", PASSWORD).await), "LOGIN-005");
    // Another client behind the same proxy is not.
    assert_eq!(assert_ok(&login(DIRECTOR, "198.51.100.1", PASSWORD).await)["target"], "code");
}

#[tokio::test]
async fn protected_calls_need_a_valid_token() {
    let app = TestApp::spawn().await;
    let answer = app.get("user/verify", None, &[]).await;
    assert_eq!(answer["error"]["code"], "SESSION-000");
    assert_eq!(answer["error"]["details"], "Invalid session");
    let answer = app.get("user/verify", Some("forged-token"), &[]).await;
    assert_eq!(error_code(&answer), "SESSION-000");
    let answer = app.get("user/update", Some("forged-token"), &[]).await;
    assert_eq!(error_code(&answer), "SESSION-001");
}

#[tokio::test]
async fn verify_refresh_unlock_and_logout() {
    let app = TestApp::spawn().await;
    let token = app.director().await;
    let verify = app.get("user/verify", Some(&token), &[]).await;
    assert_eq!(assert_ok(&verify)["user"]["email"], DIRECTOR);
    let refresh = app.get("user/update", Some(&token), &[]).await;
    assert_eq!(assert_ok(&refresh)["user"]["business"]["name"], "Autoescuela Demo");

    let wrong = app.post("user/unlock", Some(&token), json!({ "password": "Wrong-123" })).await;
    assert_eq!(error_code(&wrong), "LOGIN-008");
    let right = app.post("user/unlock", Some(&token), json!({ "password": PASSWORD })).await;
    assert_ok(&right);

    assert_ok(&app.post("user/logout", Some(&token), json!({})).await);
    assert_eq!(error_code(&app.get("user/verify", Some(&token), &[]).await), "SESSION-000");
    assert_eq!(error_code(&app.get("user/update", Some(&token), &[]).await), "SESSION-001");
}

#[tokio::test]
async fn refresh_tells_disabled_user_and_business_apart() {
    let app = TestApp::spawn().await;
    let token = app.teacher().await;
    sqlx::query("UPDATE app_user SET is_active = FALSE WHERE email = $1").bind(TEACHER).execute(&app.state.db.pool).await.unwrap();
    assert_eq!(error_code(&app.get("user/update", Some(&token), &[]).await), "SESSION-001-0");
    sqlx::query("UPDATE app_user SET is_active = TRUE WHERE email = $1").bind(TEACHER).execute(&app.state.db.pool).await.unwrap();
    sqlx::query("UPDATE business SET status = 'suspended' WHERE business_id = $1")
        .bind(app.demo.school_business_id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(error_code(&app.get("user/update", Some(&token), &[]).await), "SESSION-001-1");
}

#[tokio::test]
async fn too_many_wrong_unlocks_close_the_session() {
    let app = TestApp::spawn().await;
    let token = app.director().await;
    for _ in 0..5 {
        app.post("user/unlock", Some(&token), json!({ "password": "Wrong-123" })).await;
    }
    let answer = app.post("user/unlock", Some(&token), json!({ "password": PASSWORD })).await;
    assert_eq!(error_code(&answer), "LOGIN-005");
    assert_eq!(error_code(&app.get("user/update", Some(&token), &[]).await), "SESSION-001");
}

#[tokio::test]
async fn password_recovery_and_single_use_expiring_reset() {
    let app = TestApp::spawn_with_smtp().await;
    let none = app.post("user/password/recovery", None, json!({ "email": "nadie@example.es" })).await;
    assert_eq!(error_code(&none), "PASSWORD-RESET-001");

    assert_ok(&app.post("user/password/recovery", None, json!({ "email": TEACHER })).await);
    let mut link = None;
    for _ in 0..100 {
        if let Some((_, _, body)) = app.mails().into_iter().find(|(to, _, _)| to.contains(TEACHER)) {
            link = body.lines().find(|l| l.contains("/user/password/reset/")).map(|l| l.trim().to_string());
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let link = link.expect("reset mail");
    let token = link.rsplit('/').next().unwrap().to_string();

    let weak = app.post("user/password/update", None, json!({ "token": token, "password": "short" })).await;
    assert_eq!(error_code(&weak), "PASSWORD-001");
    let answer = app.post("user/password/update", None, json!({ "token": token, "password": "Nueva-Clave-9" })).await;
    assert_ok(&answer);
    let reused = app.post("user/password/update", None, json!({ "token": token, "password": "Otra-Clave-9" })).await;
    assert_eq!(error_code(&reused), "PASSWORD-RESET-003");
    let bogus = app.post("user/password/update", None, json!({ "token": "bogus", "password": "Otra-Clave-9" })).await;
    assert_eq!(error_code(&bogus), "PASSWORD-RESET-003");

    // The new password works; the old one does not.
    let old = app.post("user/login", None, json!({ "email": TEACHER, "password": PASSWORD, "device": "D" })).await;
    assert_eq!(error_code(&old), "LOGIN-002");
    let new = app.post("user/login", None, json!({ "email": TEACHER, "password": "Nueva-Clave-9", "device": "D" })).await;
    assert_ok(&new);

    // An expired link is refused and changes nothing.
    assert_ok(&app.post("user/password/recovery", None, json!({ "email": DIRECTOR })).await);
    sqlx::query("UPDATE password_reset SET expires_at = '2000-01-01T00:00:00.000Z' WHERE used_at IS NULL")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let mut token2 = None;
    for _ in 0..100 {
        if let Some((_, _, body)) = app.mails().into_iter().rev().find(|(to, _, _)| to.contains(DIRECTOR)) {
            token2 = body.lines().find(|l| l.contains("/user/password/reset/")).map(|l| l.trim().rsplit('/').next().unwrap().to_string());
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let answer = app.post("user/password/update", None, json!({ "token": token2.unwrap(), "password": "Nueva-Clave-9" })).await;
    assert_eq!(error_code(&answer), "PASSWORD-RESET-003");
    let still = app.post("user/login", None, json!({ "email": DIRECTOR, "password": PASSWORD, "device": "D" })).await;
    assert_ok(&still);
}

#[tokio::test]
async fn registration_creates_a_trial_business_and_refuses_duplicates() {
    let app = TestApp::spawn().await;
    let body = json!({ "business_name": "Autoescuela Nueva", "first_name": "Nuria", "email": "nuria@nueva.es", "password": "Clave-Segura-1" });
    let data = assert_ok(&app.post("registration", None, body.clone()).await).clone();
    let status: (String,) = sqlx::query_as("SELECT status FROM business WHERE business_id = $1")
        .bind(data["business_id"].as_i64().unwrap())
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(status.0, "trial");
    let businesses = app.count("SELECT COUNT(*) FROM business").await;
    let duplicate = app.post("registration", None, body).await;
    assert_eq!(error_code(&duplicate), "ERROR_EMPLOYEE_022");
    assert_eq!(app.count("SELECT COUNT(*) FROM business").await, businesses, "nothing half-created");
}

#[tokio::test]
async fn sessions_are_listed_renamed_removed_and_purged() {
    let app = TestApp::spawn().await;
    let director = app.director().await;
    let teacher = app.teacher().await;
    let list = app.get("user/sessions/list", Some(&director), &[]).await;
    assert_eq!(assert_ok(&list).as_array().unwrap().len(), 2);
    let mine = app.get("user/sessions/read", Some(&teacher), &[]).await;
    let device_id = assert_ok(&mine)[0]["device_id"].as_i64().unwrap();
    assert_eq!(mine["data"][0]["sessions"][0]["current"], true);
    let renamed = app.post("user/sessions/rename", Some(&teacher), json!({ "device_id": device_id, "name": "Portátil aula" })).await;
    assert_eq!(assert_ok(&renamed)["name"], "Portátil aula");
    // The teacher cannot see colleagues' devices.
    assert_eq!(error_code(&app.get("user/sessions/list", Some(&teacher), &[]).await), "PERMISSION-000");
    // Removing the device closes its sessions.
    assert_ok(&app.get("user/sessions/remove", Some(&director), &[("device_id", &device_id.to_string())]).await);
    assert_eq!(error_code(&app.get("user/verify", Some(&teacher), &[]).await), "SESSION-000");
    // Purge closes all of a user's sessions.
    assert_ok(&app.get("user/sessions/purge", Some(&director), &[]).await);
    assert_eq!(error_code(&app.get("user/verify", Some(&director), &[]).await), "SESSION-000");
}
