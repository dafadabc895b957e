//! Every host-owned row of the spec's calls.tsv answers through the envelope (never 404), and
//! refuses without a token exactly when its auth column says a token is needed.

use serde_json::{json, Value};

use crate::helpers::*;

struct Call {
    method: String,
    path: String,
    area: String,
    auth: String,
}

/// The provider-administration calls on businesses the host serves so far.
const PROVIDER_BUSINESS_CALLS: &[&str] =
    &["business/status", "business/group/create", "business/group/delete", "business/group/readgroup", "business/assign/group/update"];

fn host_calls() -> Vec<Call> {
    let tsv = include_str!("../fixtures/calls.tsv");
    tsv.lines()
        .skip(1)
        .filter_map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            let call = Call { method: cols[0].into(), path: cols[1].into(), area: cols[2].into(), auth: cols[4].into() };
            let host_owned = matches!(call.area.as_str(), "auth" | "business" | "filesystem" | "image" | "mail-layout")
                || (call.area == "employee"
                    && (call.path.starts_with("user/") || call.path.starts_with("employee/permissions/")))
                || (call.area == "provider-admin" && (call.path.starts_with("notifications/") || PROVIDER_BUSINESS_CALLS.contains(&call.path.as_str())));
            host_owned.then_some(call)
        })
        .collect()
}

async fn call(app: &TestApp, call: &Call, token: Option<&str>) -> Value {
    let path = call.path.replace("{id}", "1").replace("{name}", "nombre.pdf");
    let url = format!("{}/api/{path}", app.url);
    let mut request = if call.method == "GET" { app.client.get(url) } else { app.client.post(url).json(&json!({})) };
    if let Some(token) = token {
        request = request.header("Authorization", format!("Token {token}"));
    }
    let response = request.send().await.unwrap();
    assert_eq!(response.status(), 200, "{} {}", call.method, call.path);
    response.json().await.unwrap_or_else(|_| panic!("{} {} is not JSON", call.method, call.path))
}

#[tokio::test]
async fn every_host_call_answers_per_the_envelope() {
    let app = TestApp::spawn().await;
    let calls = host_calls();
    assert!(calls.len() >= 50, "found {} host calls", calls.len());
    let director = app.director().await;
    let provider = app.provider().await;
    for c in &calls {
        let anonymous = call(&app, c, None).await;
        assert!(anonymous.get("success").is_some(), "{} {}: {anonymous}", c.method, c.path);
        if c.auth == "token" || c.auth == "admin" {
            assert_eq!(error_code(&anonymous), "SESSION-000", "{} {} without a token", c.method, c.path);
        } else if anonymous["success"] == false {
            assert_ne!(error_code(&anonymous), "SESSION-000", "{} {} must not need a token", c.method, c.path);
        }
        let token = if c.auth == "admin" { &provider } else { &director };
        // Destructive session calls would end the sign-in used for the rest of the loop.
        if c.path == "user/sessions/purge" || c.path == "user/logout" {
            continue;
        }
        let signed = call(&app, c, Some(token)).await;
        assert!(signed.get("success").is_some(), "{} {}: {signed}", c.method, c.path);
        if signed["success"] == false {
            let code = error_code(&signed);
            assert_ne!(code, "REQ-404", "{} {} is not served", c.method, c.path);
            assert_ne!(code, "SESSION-000", "{} {} refused a valid token", c.method, c.path);
            assert_ne!(code, "SERVER-000", "{} {} failed inside: {signed}", c.method, c.path);
        }
    }
}

#[tokio::test]
async fn unknown_calls_answer_in_the_envelope() {
    let app = TestApp::spawn().await;
    let answer = app.get("no/such/call", None, &[]).await;
    assert_eq!(error_code(&answer), "REQ-404");
}

#[tokio::test]
async fn health_and_metrics() {
    let app = TestApp::spawn().await;
    let health: Value = app.client.get(format!("{}/healthz", app.url)).send().await.unwrap().json().await.unwrap();
    assert_eq!(health["status"], "ok");
    app.get("user/verify", None, &[]).await;
    let metrics = app.client.get(format!("{}/metrics", app.url)).send().await.unwrap().text().await.unwrap();
    assert!(metrics.contains("volante_http_requests_total"), "{metrics}");
    let response = app.client.get(format!("{}/healthz", app.url)).send().await.unwrap();
    assert!(response.headers().contains_key("x-request-id"));
}

#[tokio::test]
async fn openapi_lists_every_host_call_and_installed_plugin_routes() {
    let app = crate::plugins::app_with_plugins().await;
    let provider = app.provider().await;
    crate::plugins::install(&app, &provider, "contacts", &[]).await;
    let doc: Value = app.client.get(format!("{}/api/openapi.json", app.url)).send().await.unwrap().json().await.unwrap();
    assert_eq!(doc["openapi"], "3.1.0");
    for c in host_calls() {
        let op = &doc["paths"][format!("/{}", c.path)][c.method.to_lowercase()];
        assert!(op.is_object(), "{} {} missing from the OpenAPI document", c.method, c.path);
    }
    let create = &doc["paths"]["/contact/create"]["post"];
    assert!(create.is_object(), "plugin route missing");
    assert!(create.to_string().contains("#/components/schemas/contacts."), "{create}");
}
