//! The provider's servers and live connections: every host registers itself and beats; the
//! provider names and groups them, sees which are running, lost or stopped, their figures, and the
//! browsers' open realtime connections now and over time, per school. Only provider administrators.

use std::time::Duration;

use serde_json::{json, Value};
use volante_host::app::Application;

use crate::helpers::*;

/// Beats and samples every second, so the test sees them.
async fn quick() -> TestApp {
    TestApp::spawn_with(|config| {
        config.servers.heartbeat_secs = 1;
        config.servers.sample_secs = 1;
        config.servers.name = Some("principal".into());
    })
    .await
}

/// Reads `path` until `check` holds (each beat is a second), or fails with the last answer.
async fn until(app: &TestApp, token: &str, path: &str, query: &[(&str, &str)], check: impl Fn(&Value) -> bool) -> Value {
    let mut last = Value::Null;
    for _ in 0..60 {
        last = assert_ok(&app.get(path, Some(token), query).await).clone();
        if check(&last) {
            return last;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("{path} never got there: {last}");
}

#[tokio::test]
async fn the_provider_sees_its_servers_and_the_open_connections() {
    let app = quick().await;
    let provider = app.provider().await;
    let director = app.director().await;
    let port = app.url.rsplit(':').next().unwrap().to_string();

    // Only the provider's administrators.
    for path in ["servidor/read", "servidor/status/read", "servidor/group/read", "facilauto/admin/serverstate", "dashboard/socket/read", "dashboard/socketchart/read", "dashboard/socketchartautoescuela/read"] {
        assert_eq!(error_code(&app.get(path, Some(&director), &[]).await), "PERMISSION-000", "{path}");
    }
    for (path, body) in [
        ("servidor/update", json!({ "server_id": 1, "name": "mío" })),
        ("servidor/delete", json!({ "server_id": 1 })),
        ("servidor/group/create", json!({ "name": "Norte" })),
        ("servidor/group/delete", json!({ "group_id": 1 })),
    ] {
        assert_eq!(error_code(&app.post(path, Some(&director), body).await), "PERMISSION-000", "{path}");
    }

    // This host registered itself before serving.
    let servers = assert_ok(&app.get("servidor/read", Some(&provider), &[]).await).clone();
    assert_eq!(servers.as_array().unwrap().len(), 1, "{servers}");
    let server = &servers[0];
    let server_id = server["server_id"].as_i64().unwrap();
    assert_eq!(server["instance"], format!("principal:{port}"));
    assert_eq!((server["name"].as_str(), server["state"].as_str(), server["version"].as_str()), (Some("principal"), Some("online"), Some(env!("CARGO_PKG_VERSION"))));
    assert!(server.get("notes").is_none(), "the list leaves the notes out");

    // What it says of itself, measured now.
    let state = assert_ok(&app.get("facilauto/admin/serverstate", Some(&provider), &[]).await).clone();
    assert_eq!((state["server_id"].as_i64(), state["state"].as_str()), (Some(server_id), Some("online")));
    let engine = if std::env::var("VOLANTE_TEST_DATABASE_URL").is_ok_and(|u| !u.is_empty()) { "postgres" } else { "sqlite" };
    assert_eq!(state["status"]["database"]["engine"], engine);
    assert!(state["status"]["database"]["latency_ms"].as_f64().is_some(), "{state}");
    assert!(state["status"]["memory_bytes"].as_u64().unwrap() > 0);
    assert!(state["status"]["disk"]["total_bytes"].as_u64().unwrap() > 0);
    assert_eq!(state["status"]["streams"], 0);

    // The director opens the realtime stream: one connection of the demo school.
    let _stream = app.client.get(format!("{}/api/realtime", app.url)).query(&[("token", &director)]).send().await.unwrap();
    let live = assert_ok(&app.get("facilauto/admin/serverstate", Some(&provider), &[]).await).clone();
    assert_eq!((live["status"]["streams"].as_i64(), live["status"]["users"].as_i64()), (Some(1), Some(1)));
    assert_eq!(live["status"]["connections"], json!([{ "business_id": app.demo.school_business_id, "name": "Autoescuela Demo", "streams": 1, "users": 1 }]));
    // The next beat carries it to the servers' list, the status and the dashboard.
    until(&app, &provider, "servidor/read", &[], |list| list[0]["streams"] == 1).await;
    let status = assert_ok(&app.get("servidor/status/read", Some(&provider), &[]).await).clone();
    assert_eq!(status["summary"], json!({ "online": 1, "lost": 0, "stopped": 0, "streams": 1, "users": 1 }));
    let dashboard = assert_ok(&app.get("dashboard/socket/read", Some(&provider), &[]).await).clone();
    assert_eq!((dashboard["streams"].as_i64(), dashboard["users"].as_i64(), dashboard["businesses"].as_i64()), (Some(1), Some(1), Some(1)));
    assert_eq!(dashboard["schools"], json!([{ "business_id": app.demo.school_business_id, "name": "Autoescuela Demo", "streams": 1, "users": 1 }]));

    // Samples: the chart of all servers and the school's own.
    let chart = until(&app, &provider, "dashboard/socketchart/read", &[], |c| c["points"].as_array().unwrap().iter().any(|p| p["streams"] == 1)).await;
    assert_eq!((chart["hours"].as_i64(), chart["period_seconds"].as_i64()), (Some(24), Some(1)));
    let schools = until(&app, &provider, "dashboard/socketchartautoescuela/read", &[("hours", "168")], |c| !c["schools"].as_array().unwrap().is_empty()).await;
    assert_eq!(schools["hours"], 168);
    let school = &schools["schools"][0];
    assert_eq!((school["business_id"].as_i64(), school["name"].as_str(), school["peak"].as_i64()), (Some(app.demo.school_business_id), Some("Autoescuela Demo"), Some(1)));
    let business_id = app.demo.school_business_id.to_string();
    let own = assert_ok(&app.get("dashboard/socketchartautoescuela/read", Some(&provider), &[("business_id", &business_id)]).await).clone();
    assert_eq!(own["business"]["name"], "Autoescuela Demo");
    assert!(own["points"].as_array().unwrap().iter().all(|p| p["streams"] == 1), "{own}");
    // Bad ranges.
    assert_eq!(error_code(&app.get("dashboard/socketchart/read", Some(&provider), &[("hours", "0")]).await), "REQ-102");
    assert_eq!(error_code(&app.get("dashboard/socketchart/read", Some(&provider), &[("hours", "337")]).await), "REQ-102");
    assert_eq!(error_code(&app.get("dashboard/socketchart/read", Some(&provider), &[("hours", "un día")]).await), "REQ-104");
    assert_eq!(error_code(&app.get("dashboard/socketchartautoescuela/read", Some(&provider), &[("business_id", "999999")]).await), "NOT-FOUND-000");
}

#[tokio::test]
async fn the_provider_names_groups_and_retires_servers() {
    let app = quick().await;
    let provider = app.provider().await;
    let servers = assert_ok(&app.get("servidor/read", Some(&provider), &[]).await).clone();
    let server_id = servers[0]["server_id"].as_i64().unwrap();

    // Groups: unique names; the server goes into one.
    let group = assert_ok(&app.post("servidor/group/create", Some(&provider), json!({ "name": "Madrid" })).await).clone();
    assert_eq!((group["name"].as_str(), group["servers"].as_i64()), (Some("Madrid"), Some(0)));
    let group_id = group["group_id"].as_i64().unwrap();
    assert_eq!(error_code(&app.post("servidor/group/create", Some(&provider), json!({ "name": "madrid" })).await), "CONFLICT-000");

    // Bad changes change nothing.
    for (body, field) in [
        (json!({ "server_id": server_id, "name": "  " }), "name"),
        (json!({ "server_id": server_id, "name": "x".repeat(101) }), "name"),
        (json!({ "server_id": server_id, "notes": "x".repeat(2001) }), "notes"),
        (json!({ "server_id": server_id, "group_id": 999999 }), "group_id"),
    ] {
        let answer = app.post("servidor/update", Some(&provider), body).await;
        assert_eq!(error_code(&answer), "REQ-102");
        assert_eq!(answer["error"][0]["data"]["field"], field);
    }
    assert_eq!(error_code(&app.post("servidor/update", Some(&provider), json!({ "server_id": 999999, "name": "otro" })).await), "NOT-FOUND-000");
    let id = server_id.to_string();
    let unchanged = assert_ok(&app.get("servidor/read", Some(&provider), &[("id", &id)]).await).clone();
    assert_eq!((unchanged["name"].as_str(), unchanged["notes"].as_str(), unchanged["group"].clone()), (Some("principal"), Some(""), Value::Null));

    let updated = assert_ok(
        &app.post("servidor/update", Some(&provider), json!({ "server_id": server_id, "name": " Servidor 1 ", "notes": "Rack 4, Madrid", "group_id": group_id })).await,
    )
    .clone();
    assert_eq!((updated["name"].as_str(), updated["notes"].as_str()), (Some("Servidor 1"), Some("Rack 4, Madrid")));
    assert_eq!(updated["group"], json!({ "group_id": group_id, "name": "Madrid" }));
    assert_eq!(updated["status"]["database"]["engine"].as_str().is_some(), true);
    let groups = assert_ok(&app.get("servidor/group/read", Some(&provider), &[]).await).clone();
    assert_eq!(groups, json!([{ "group_id": group_id, "name": "Madrid", "servers": 1 }]));
    assert_eq!(app.count("SELECT COUNT(*) FROM audit_log WHERE action = 'server.update'").await, 1);

    // A running server cannot be retired.
    let refused = app.post("servidor/delete", Some(&provider), json!({ "server_id": server_id })).await;
    assert_eq!(error_code(&refused), "CONFLICT-000");

    // A second host on the same database shows up beside it; a clean stop leaves it stopped.
    let mut config = app.state.config.clone();
    config.listen = "127.0.0.1:0".parse().unwrap();
    config.servers.name = Some("secundario".into());
    let second = Application::build(config).await.expect("a second host");
    let second_port = second.port();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let running = tokio::spawn(second.run_until(async move {
        let _ = stopped.await;
    }));
    let both = until(&app, &provider, "servidor/read", &[], |list| list.as_array().unwrap().len() == 2).await;
    let other = both.as_array().unwrap().iter().find(|s| s["instance"] == format!("secundario:{second_port}")).unwrap().clone();
    assert_eq!(other["state"], "online");
    // Grouped servers first.
    assert_eq!(both[0]["server_id"].as_i64(), Some(server_id));
    let other_id = other["server_id"].as_i64().unwrap();
    stop.send(()).unwrap();
    running.await.unwrap().unwrap();
    let other_id_text = other_id.to_string();
    let stopped = assert_ok(&app.get("servidor/read", Some(&provider), &[("id", &other_id_text)]).await).clone();
    assert_eq!(stopped["state"], "stopped");
    assert!(stopped["stopped_at"].is_string());
    let status = assert_ok(&app.get("servidor/status/read", Some(&provider), &[]).await).clone();
    assert_eq!((status["summary"]["online"].as_i64(), status["summary"]["stopped"].as_i64()), (Some(1), Some(1)));

    // One that stopped beating without a clean stop is lost.
    sqlx::query("UPDATE server SET stopped_at = NULL, last_seen_at = '2000-01-01T00:00:00.000Z' WHERE server_id = $1")
        .bind(other_id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let lost = assert_ok(&app.get("servidor/status/read", Some(&provider), &[("id", &other_id_text)]).await).clone();
    assert_eq!(lost["state"], "lost");

    // Retired: it and its samples go; the group stays, deleted after without its server.
    assert_ok(&app.post("servidor/delete", Some(&provider), json!({ "server_id": other_id })).await);
    assert_eq!(app.count(&format!("SELECT COUNT(*) FROM server_sample WHERE server_id = {other_id}")).await, 0);
    assert_eq!(error_code(&app.get("servidor/read", Some(&provider), &[("id", &other_id_text)]).await), "NOT-FOUND-000");
    assert_ok(&app.post("servidor/group/delete", Some(&provider), json!({ "group_id": group_id })).await);
    let ungrouped = assert_ok(&app.get("servidor/read", Some(&provider), &[("id", &id)]).await).clone();
    assert_eq!(ungrouped["group"], Value::Null);
    assert_eq!(error_code(&app.post("servidor/group/delete", Some(&provider), json!({ "group_id": group_id })).await), "NOT-FOUND-000");
}

#[tokio::test]
async fn the_versions_a_user_runs_and_what_is_behind() {
    let registry = tempfile::tempdir().unwrap();
    std::fs::write(
        registry.path().join("index.json"),
        json!({ "packages": [
            { "id": "contacts", "version": "0.1.0", "file": "contacts/contacts-0.1.0.vplugin" },
            { "id": "contacts", "version": "9.0.0", "file": "contacts/contacts-9.0.0.vplugin" },
        ] })
        .to_string(),
    )
    .unwrap();
    let dir = registry.path().to_path_buf();
    let app = crate::plugins::app_with_plugins_and(move |config| config.plugins.registry_dir = Some(dir)).await;
    let provider = app.provider().await;
    let director = app.director().await;
    let before = assert_ok(&app.get("versiones/ultima", Some(&director), &[]).await).clone();
    assert_eq!((before["version"].as_str(), before["modules"].clone()), (Some(env!("CARGO_PKG_VERSION")), json!([])));
    crate::plugins::install(&app, &provider, "contacts", &[app.demo.school_business_id]).await;

    // Any signed-in user: the host's version and the modules their shell loads; a new module
    // changes the release a loaded page compares against.
    let after = assert_ok(&app.get("versiones/ultima", Some(&director), &[]).await).clone();
    assert_eq!(after["modules"].as_array().unwrap().iter().map(|m| m["plugin_id"].as_str().unwrap()).collect::<Vec<_>>(), ["contacts"]);
    let release = after["release"].as_str().unwrap();
    assert!(release.len() == 12 && release.chars().all(|c| c.is_ascii_hexdigit()), "{release}");
    assert_ne!(before["release"], after["release"]);
    assert_eq!(error_code(&app.get("versiones/ultima", None, &[]).await), "SESSION-000");

    // The provider: a server behind the newest host version, a plugin behind the registry.
    assert_eq!(error_code(&app.get("actualizacion/estado", Some(&director), &[]).await), "PERMISSION-000");
    let now = volante_host::db::now();
    sqlx::query("INSERT INTO server (instance, name, version, public_url, started_at, last_seen_at, created_at, updated_at) VALUES ('viejo:8080', 'viejo', '0.0.1', 'http://viejo', $1, $1, $1, $1)")
        .bind(&now)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let state = assert_ok(&app.get("actualizacion/estado", Some(&provider), &[]).await).clone();
    assert_eq!(state["host"]["latest"], env!("CARGO_PKG_VERSION"));
    let current: Vec<(&str, bool)> = state["host"]["servers"].as_array().unwrap().iter().map(|s| (s["name"].as_str().unwrap(), s["current"].as_bool().unwrap())).collect();
    assert!(current.contains(&("viejo", false)) && current.iter().filter(|(_, c)| *c).count() == 1, "{current:?}");
    assert_eq!(state["registry"], true);
    let contacts = state["plugins"].as_array().unwrap().iter().find(|p| p["plugin_id"] == "contacts").unwrap().clone();
    assert_eq!((contacts["available"].as_str(), contacts["update"].as_bool(), contacts["businesses"].as_i64()), (Some("9.0.0"), Some(true), Some(1)));
    assert!(contacts["installed"].as_str().is_some());
}
