//! Google and Facebook sign-in against loopback peers: a JWKS endpoint with a local key, and a
//! token-check and profile endpoint.

use axum::extract::Query;
use axum::routing::get;
use axum::{Json, Router};
use jsonwebtoken::{encode, Algorithm, EncodingKey, Header};
use serde_json::{json, Value};
use volante_host::demo::DIRECTOR;

use crate::helpers::*;

const CLIENT_ID: &str = "volante-test.apps.googleusercontent.com";

async fn peer() -> String {
    let jwks: Value = serde_json::from_str(include_str!("../fixtures/google_test_jwks.json")).unwrap();
    let app = Router::new()
        .route("/certs", get(move || async move { Json(jwks.clone()) }))
        .route(
            "/debug_token",
            get(|Query(q): Query<std::collections::HashMap<String, String>>| async move {
                let valid = q.get("input_token").map(String::as_str) == Some("good-fb-token")
                    && q.get("access_token").map(String::as_str) == Some("fb-app|fb-secret");
                Json(json!({ "data": { "is_valid": valid, "app_id": "fb-app", "user_id": "fb-user-1" } }))
            }),
        )
        .route(
            "/me",
            get(|Query(q): Query<std::collections::HashMap<String, String>>| async move {
                assert_eq!(q.get("access_token").map(String::as_str), Some("good-fb-token"));
                Json(json!({ "id": "fb-user-1", "email": DIRECTOR }))
            }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    url
}

fn id_token(email: &str, aud: &str, kid: &str, exp_offset: i64) -> String {
    let key = EncodingKey::from_rsa_pem(include_bytes!("../fixtures/google_test_key.pem")).unwrap();
    let mut header = Header::new(Algorithm::RS256);
    header.kid = Some(kid.into());
    let now = chrono::Utc::now().timestamp();
    let claims = json!({
        "iss": "https://accounts.google.com", "aud": aud, "sub": format!("sub-{email}"), "email": email,
        "email_verified": true, "iat": now, "exp": now + exp_offset,
    });
    encode(&header, &claims, &key).unwrap()
}

/// The signed token with its payload swapped for another user's: the signature no longer matches.
fn forged_payload(token: &str) -> String {
    use base64::Engine as _;
    let parts: Vec<&str> = token.split('.').collect();
    let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let mut claims: Value = serde_json::from_slice(&b64.decode(parts[1]).unwrap()).unwrap();
    claims["email"] = json!(volante_host::demo::TEACHER);
    format!("{}.{}.{}", parts[0], b64.encode(claims.to_string()), parts[2])
}

async fn app_with_peers() -> TestApp {
    let peer = peer().await;
    TestApp::spawn_with(move |config| {
        config.auth.google_client_ids = vec![CLIENT_ID.into()];
        config.auth.google_jwks_url = format!("{peer}/certs");
        config.auth.facebook_app_id = "fb-app".into();
        config.auth.facebook_app_secret = Some("fb-secret".to_string().into());
        config.auth.facebook_debug_token_url = format!("{peer}/debug_token");
        config.auth.facebook_profile_url = format!("{peer}/me");
    })
    .await
}

#[tokio::test]
async fn google_id_token_is_verified_against_the_jwks() {
    let app = app_with_peers().await;
    let good = id_token(DIRECTOR, CLIENT_ID, "test-key-1", 600);
    let answer = app.post("user/login/google", None, json!({ "credential": good, "device": "G1" })).await;
    assert_eq!(assert_ok(&answer)["target"], "code", "new device still needs the code");
    let code = app.wait_code(DIRECTOR, None).await;
    let answer =
        app.post("user/login/google", None, json!({ "credential": good, "device": "G1", "code": code })).await;
    assert_eq!(assert_ok(&answer)["target"], "dashboard");

    for (case, bad) in [
        id_token(DIRECTOR, "another-client", "test-key-1", 600),
        id_token(DIRECTOR, CLIENT_ID, "test-key-1", -600),
        id_token(DIRECTOR, CLIENT_ID, "unknown-kid", 600),
        forged_payload(&good),
    ]
    .into_iter()
    .enumerate()
    {
        let answer = app.post("user/login/google", None, json!({ "credential": bad, "device": "G1" })).await;
        assert_eq!(answer["success"], false, "case {case} accepted");
        assert_eq!(error_code(&answer), "LOGIN-007", "{answer}");
    }
    let unknown = id_token("nadie@example.es", CLIENT_ID, "test-key-1", 600);
    let answer = app.post("user/login/google", None, json!({ "credential": unknown, "device": "G1" })).await;
    assert_eq!(error_code(&answer), "LOGIN-001");
}

#[tokio::test]
async fn facebook_token_is_checked_at_the_token_endpoint() {
    let app = app_with_peers().await;
    let answer = app.post("user/login/facebook", None, json!({ "access_token": "good-fb-token", "device": "F1" })).await;
    assert_eq!(assert_ok(&answer)["target"], "code");
    // Rejected tokens count against the address only: they cannot lock anyone's account.
    for _ in 0..6 {
        let bad = app.post("user/login/facebook", None, json!({ "access_token": "stolen", "device": "F1" })).await;
        assert_eq!(error_code(&bad), "LOGIN-007");
    }
    let again = app.post("user/login/facebook", None, json!({ "access_token": "good-fb-token", "device": "F1" })).await;
    assert_eq!(assert_ok(&again)["target"], "code");
}
