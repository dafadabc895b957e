//! What `volante-registry new` makes is a working plugin: scaffolded outside the repository
//! against this checkout's SDK, built by `volante-registry build` from the lock it starts with,
//! installed in the real host, and called over HTTP.

use std::path::Path;

use serde_json::{json, Value};
use volante_plugin_harness::Harness;

#[tokio::test]
async fn a_scaffolded_plugin_builds_installs_and_answers() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let dir = volante_registry::cli::scaffold("fleet", tmp.path(), Some(&repo.join("plugin-sdk"))).unwrap();
    assert!(dir.join("Cargo.lock").is_file(), "starts from the checkout's lock");
    let out = tmp.path().join("built");
    // cargo runs for a while: off the runtime's threads.
    let (plugin, built) = (dir.clone(), out.clone());
    tokio::task::spawn_blocking(move || volante_registry::cli::build(&plugin, &built, true, false))
        .await
        .unwrap()
        .expect("the scaffolded plugin builds");
    assert!(out.join("fleet.schemas.json").is_file());

    let h = Harness::start_built(&[dir.as_path()], &out).await.unwrap();
    // Its migration ran: the count reads the table it created.
    let hello = h.get("fleet/hello", &[]).await;
    assert_eq!(hello["data"], json!({ "message": "Hola", "business_id": h.business_id, "items": 0 }), "{hello}");
    // Its permission is checked like any other: the demo teacher's role does not have it.
    let teacher = h.teacher_token().await.unwrap();
    let denied = h.get_as(&teacher, "fleet/hello", &[]).await;
    assert_eq!(denied["error"]["code"], "PERMISSION-000", "{denied}");
    // Its route and response schema are in the host's OpenAPI document.
    let doc: Value = h.client.get(format!("{}/openapi.json", h.api)).send().await.unwrap().json().await.unwrap();
    let hello_op = &doc["paths"]["/fleet/hello"]["get"];
    assert!(hello_op.to_string().contains("#/components/schemas/fleet."), "{hello_op}");
}
