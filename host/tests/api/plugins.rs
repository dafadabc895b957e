//! The plugin platform end to end: real components (built by scripts/build-plugins.sh), packed
//! and signed, installed through the API, enabled per business, and called through the host.

use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use volante_registry::package::{self, Contents};

use crate::helpers::*;

fn signing_key() -> &'static ed25519_dalek::SigningKey {
    static KEY: OnceLock<ed25519_dalek::SigningKey> = OnceLock::new();
    KEY.get_or_init(package::generate_key)
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn component(id: &str) -> Vec<u8> {
    let path = build_dir().join(format!("{id}.wasm"));
    std::fs::read(&path).unwrap_or_else(|_| panic!("{} is missing: run scripts/build-plugins.sh", path.display()))
}

fn pack_with(id: &str, manifest: &str, key: &ed25519_dalek::SigningKey) -> Vec<u8> {
    let migrations = repo().join("plugins").join(id).join("migrations");
    package::pack(
        Contents { manifest_text: manifest, component: &component(id), migrations_dir: Some(&migrations), ui_dir: None },
        key,
    )
    .unwrap()
}

/// The plugin's manifest with the JSON Schemas the build wrote beside the component merged in,
/// as `volante-registry pack` does.
fn manifest(id: &str) -> String {
    let text = std::fs::read_to_string(repo().join("plugins").join(id).join("plugin.toml")).unwrap();
    let schemas = build_dir().join(format!("{id}.schemas.json"));
    match std::fs::read_to_string(&schemas) {
        Ok(json) => {
            let map: serde_json::Map<String, Value> = serde_json::from_str(&json).unwrap();
            volante_registry::cli::merge_schemas(&text, &map).unwrap()
        }
        Err(_) => text,
    }
}

fn build_dir() -> PathBuf {
    std::env::var("VOLANTE_PLUGIN_BUILD_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(std::env::var("HOME").unwrap()).join(".cache/volante/plugins"))
}

pub async fn app_with_plugins() -> TestApp {
    app_with_plugins_and(|_| {}).await
}

/// As `app_with_plugins`, with `tweak` applied to the configuration too.
pub async fn app_with_plugins_and(tweak: impl FnOnce(&mut volante_host::config::Config)) -> TestApp {
    let trusted = package::public_key_hex(signing_key());
    TestApp::spawn_with(move |config| {
        config.plugins.trusted_keys = vec![trusted];
        config.plugins.timeout_ms = 1500;
        tweak(config);
    })
    .await
}

async fn upload(app: &TestApp, token: &str, bytes: Vec<u8>) -> Value {
    let form = reqwest::multipart::Form::new().part("package", reqwest::multipart::Part::bytes(bytes).file_name("p.vpkg"));
    app.client
        .post(format!("{}/api/plugin/install", app.url))
        .header("Authorization", format!("Token {token}"))
        .multipart(form)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

/// Install `id` and switch its service on for `businesses`.
pub async fn install(app: &TestApp, provider: &str, id: &str, businesses: &[i64]) {
    let answer = upload(app, provider, pack_with(id, &manifest(id), signing_key())).await;
    assert_ok(&answer);
    enable(app, provider, id, businesses).await;
}

/// Switch the services `id`'s manifest declares on for `businesses`, keeping the services they
/// have.
async fn enable(app: &TestApp, provider: &str, id: &str, businesses: &[i64]) {
    let mut declared: Vec<String> = volante_registry::manifest::Manifest::parse(&manifest(id)).unwrap().services.into_iter().map(|s| s.id).collect();
    if declared.is_empty() {
        // A plugin without [[services]] is its own service.
        declared.push(id.to_string());
    }
    for business in businesses {
        let current = app.get("business/read", Some(provider), &[("business_id", &business.to_string())]).await;
        let mut services: Vec<String> =
            current["data"]["services"].as_array().unwrap().iter().map(|s| s["id"].as_str().unwrap().to_string()).collect();
        services.extend(declared.iter().cloned());
        let on = app.post("business/services/update", Some(provider), json!({ "business_id": business, "services": services })).await;
        assert_ok(&on);
    }
}

/// What a plugin author runs, through the functions behind the registry's commands: keygen,
/// pack, publish into a local index, and install into a running host over HTTP.
#[tokio::test]
async fn the_registry_packs_publishes_and_installs_into_a_running_host() {
    use volante_registry::cli;
    let tmp = tempfile::tempdir().unwrap();
    let key = tmp.path().join("signing.key");
    let public = cli::keygen(&key).unwrap();
    let app = TestApp::spawn_with(move |config| config.plugins.trusted_keys = vec![public]).await;
    let provider = app.provider().await;
    let contacts = repo().join("plugins/contacts");
    let packed = cli::pack(&contacts, &key, &build_dir(), None, Some(&tmp.path().join("contacts.vplugin"))).unwrap();
    let registry = tmp.path().join("registry");
    let entry = cli::publish(&packed, &registry, false).unwrap();
    assert_eq!(cli::read_index(&registry).unwrap().packages.len(), 1);
    let install = |file: PathBuf, token: String| {
        let url = app.url.clone();
        tokio::task::spawn_blocking(move || cli::install(&file, &url, &token))
    };

    let file = cli::resolve_package(&format!("contacts@{}", entry.version), &registry).unwrap();
    let answer: Value = serde_json::from_str(&install(file.clone(), provider.clone()).await.unwrap().unwrap()).unwrap();
    assert_eq!(answer["plugin_id"], "contacts", "{answer}");
    enable(&app, &provider, "contacts", &[app.demo.school_business_id]).await;
    let director = app.director().await;
    let page = app.post("contact/readall", Some(&director), json!({})).await;
    assert_eq!(assert_ok(&page)["total"], 0);

    // The host's refusals reach the author with their code and reason.
    let stranger = tmp.path().join("stranger.key");
    cli::keygen(&stranger).unwrap();
    let unsigned = cli::pack(&contacts, &stranger, &build_dir(), None, Some(&tmp.path().join("stranger.vplugin"))).unwrap();
    let refused = install(unsigned, provider.clone()).await.unwrap().unwrap_err().to_string();
    assert!(refused.contains("PLUGIN-012") && refused.contains("does not trust"), "{refused}");
    let staff = install(file, director.clone()).await.unwrap().unwrap_err().to_string();
    assert!(staff.contains("PERMISSION-000"), "{staff}");

    // Removed through the registry: the host stops serving it.
    let url = app.url.clone();
    let removed = tokio::task::spawn_blocking(move || cli::remove("contacts", &url, &provider)).await.unwrap().unwrap();
    assert!(removed.contains("\"removed\": true"), "{removed}");
    let gone = app.post("contact/readall", Some(&director), json!({})).await;
    assert_eq!(error_code(&gone), "REQ-404", "{gone}");
    let url = app.url.clone();
    let provider = app.provider().await;
    let twice = tokio::task::spawn_blocking(move || cli::remove("contacts", &url, &provider)).await.unwrap().unwrap_err().to_string();
    assert!(twice.contains("did not remove contacts") && twice.contains("PLUGIN-017"), "{twice}");
}

/// Removing a plugin stops serving it at once and keeps the businesses' data: installed again,
/// it serves the same rows without running its migrations again.
#[tokio::test]
async fn a_removed_plugin_stops_serving_and_keeps_its_data_for_a_reinstall() {
    let (app, provider, director) = contacts_for_the_school().await;
    let created = app.post("contact/create", Some(&director), json!({ "type": "P", "first_name": "Inés", "last_name": "Roca" })).await;
    let id = id_of(assert_ok(&created));

    // Staff cannot remove; an unknown plugin is named as such.
    let denied = app.post("plugin/remove", Some(&director), json!({ "plugin_id": "contacts" })).await;
    assert_eq!(error_code(&denied), "PERMISSION-000");
    let unknown = app.post("plugin/remove", Some(&provider), json!({ "plugin_id": "fleet" })).await;
    assert_eq!(error_code(&unknown), "PLUGIN-017");

    let removed = app.post("plugin/remove", Some(&provider), json!({ "plugin_id": "contacts" })).await;
    assert_eq!(assert_ok(&removed)["removed"], true);
    let gone = app.get(&format!("contact/read/{id}"), Some(&director), &[]).await;
    assert_eq!(error_code(&gone), "REQ-404", "{gone}");
    let listed = app.get("plugin/list", Some(&provider), &[]).await;
    assert!(!assert_ok(&listed).to_string().contains("\"contacts\""), "{listed}");
    let doc: Value = app.client.get(format!("{}/api/openapi.json", app.url)).send().await.unwrap().json().await.unwrap();
    assert!(doc["paths"].get("/contact/create").is_none(), "its routes leave the OpenAPI document");
    let modules = app.get("plugin/modules", Some(&director), &[]).await;
    assert!(!assert_ok(&modules).to_string().contains("\"contacts\""), "{modules}");

    // Installed again: the school still has the service, and its contact is there.
    let again = upload(&app, &provider, pack_with("contacts", &manifest("contacts"), signing_key())).await;
    assert_ok(&again);
    let read = app.get(&format!("contact/read/{id}"), Some(&director), &[]).await;
    assert_eq!(assert_ok(&read)["first_name"], "Inés", "{read}");
}

/// A plugin reads another plugin's table only once the provider grants what its manifest asks
/// for: then only the current business's rows, and never writes; revoked, it reads nothing
/// again. A grant given before the other plugin created its tables takes effect once they exist.
#[tokio::test]
async fn granted_tables_are_read_only_for_the_business_alone_until_revoked() {
    let app = app_with_plugins().await;
    let provider = app.provider().await;
    let (school, other) = (app.demo.school_business_id, app.demo.provider_business_id);
    let asking = format!("{}\n[tables]\nread = [\"contacts_contact\"]\n", manifest("hostile"));
    assert_ok(&upload(&app, &provider, pack_with("hostile", &asking, signing_key())).await);
    enable(&app, &provider, "hostile", &[school, other]).await;
    let director = app.director().await;
    let read = json!({ "statement": "SELECT id, business_id, display_name FROM contacts_contact", "params": [], "write": false });
    let grant = |call: &'static str, tables: Value| app.post(call, Some(&provider), json!({ "plugin_id": "hostile", "tables": tables }));

    // Asked for, not granted: refused.
    assert_eq!(assert_ok(&app.post("hostile/sql", Some(&director), read.clone()).await)["refused"], true);
    // Granted before contacts exists; a table the manifest does not ask for is not grantable.
    assert_eq!(assert_ok(&grant("plugin/grant", json!(["contacts_contact"])).await)["tables"], json!(["contacts_contact"]));
    assert_eq!(error_code(&grant("plugin/grant", json!(["contacts_group"])).await), "REQ-102");
    assert_eq!(error_code(&app.post("plugin/grant", Some(&director), json!({ "plugin_id": "hostile", "tables": ["contacts_contact"] })).await), "PERMISSION-000");

    install(&app, &provider, "contacts", &[school, other]).await;
    assert_ok(&app.post("contact/create", Some(&director), json!({ "type": "P", "first_name": "Marta", "last_name": "Gil" })).await);
    assert_ok(&app.post("contact/create", Some(&provider), json!({ "type": "P", "first_name": "Otro", "last_name": "Negocio" })).await);

    let seen = app.post("hostile/sql", Some(&director), read.clone()).await;
    assert_eq!(assert_ok(&seen)["refused"], false, "{seen}");
    assert_eq!(seen["data"]["business_ids"], json!([school]), "{seen}");
    for write in [
        json!({ "statement": "UPDATE contacts_contact SET notes = 'x'", "params": [], "write": true }),
        json!({ "statement": "DELETE FROM contacts_contact", "params": [], "write": true }),
    ] {
        let answer = app.post("hostile/sql", Some(&director), write).await;
        assert_eq!(assert_ok(&answer)["refused"], true, "{answer}");
    }
    let contacts = app.post("contact/readall", Some(&director), json!({})).await;
    assert_eq!(assert_ok(&contacts)["total"], 1, "nothing was changed");

    // Taken back: refused again, at once.
    assert_eq!(assert_ok(&grant("plugin/revoke", json!(["contacts_contact"])).await)["tables"], json!([]));
    assert_eq!(assert_ok(&app.post("hostile/sql", Some(&director), read.clone()).await)["refused"], true);
    // And granted again, now that the table exists.
    assert_ok(&grant("plugin/grant", json!(["contacts_contact"])).await);
    assert_eq!(assert_ok(&app.post("hostile/sql", Some(&director), read).await)["refused"], false);
    assert_eq!(app.count("SELECT COUNT(*) FROM audit_log WHERE action IN ('plugin.grant', 'plugin.revoke')").await, 3);
}

/// A plugin's tables are `<id>_<name>`: an id that would make host tables its own, or a table to
/// read that is the host's, is refused at install.
#[tokio::test]
async fn plugin_ids_and_tables_reserved_to_the_host_are_refused_at_install() {
    let app = app_with_plugins().await;
    let provider = app.provider().await;
    for id in ["business", "plugin", "user"] {
        let claiming = manifest("hostile").replacen("id = \"hostile\"", &format!("id = \"{id}\""), 1);
        let answer = upload(&app, &provider, pack_with("hostile", &claiming, signing_key())).await;
        assert_eq!(error_code(&answer), "PLUGIN-019", "{id}: {answer}");
    }
    let reading = format!("{}\n[tables]\nread = [\"app_user\"]\n", manifest("hostile"));
    let answer = upload(&app, &provider, pack_with("hostile", &reading, signing_key())).await;
    assert_eq!(error_code(&answer), "PLUGIN-019", "{answer}");
    assert!(answer["error"][0]["details"].as_str().unwrap().contains("app_user"), "{answer}");
    assert_eq!(app.count("SELECT COUNT(*) FROM plugin_install").await, 0);
}

/// A host with contacts installed and switched on for the demo school; the provider
/// administrator's and the school director's sessions.
async fn contacts_for_the_school() -> (TestApp, String, String) {
    let app = app_with_plugins().await;
    let provider = app.provider().await;
    install(&app, &provider, "contacts", &[app.demo.school_business_id]).await;
    let director = app.director().await;
    (app, provider, director)
}

fn id_of(contact: &Value) -> i64 {
    contact["contact_id"].as_i64().or_else(|| contact["id"].as_i64()).unwrap_or_else(|| panic!("no id in {contact}"))
}

/// A plugin route reads its own body (the API's limit is lifted for the dispatcher so upload
/// routes can take files): a JSON body over `max_body_bytes` is still refused, with nothing
/// stored, and a file sent to a route that takes none is not JSON.
#[tokio::test]
async fn plugin_routes_keep_the_body_limit() {
    let (app, _, director) = contacts_for_the_school().await;
    let huge = "x".repeat(2 * 1024 * 1024);
    let answer = app.post("contact/create", Some(&director), json!({ "type": "E", "trade_name": "Grande", "notes": huge })).await;
    assert_eq!(error_code(&answer), "REQ-103");
    let listed = app.post("contact/readall", Some(&director), json!({})).await;
    assert_eq!(assert_ok(&listed)["total"], 0);
    let form = reqwest::multipart::Form::new().part("file", reqwest::multipart::Part::bytes(b"hola".to_vec()).file_name("a.txt"));
    let answer: Value = app
        .client
        .post(format!("{}/api/contact/create", app.url))
        .header("Authorization", format!("Token {director}"))
        .multipart(form)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(error_code(&answer), "REQ-101");
    assert_eq!(app.count("SELECT COUNT(*) FROM file").await, 0);
}

#[tokio::test]
async fn contacts_plugin_works_end_to_end() {
    let (app, _, director) = contacts_for_the_school().await;

    let created = app
        .post(
            "contact/create",
            Some(&director),
            json!({ "type": "P", "first_name": "Álvaro", "last_name": "Peña", "fiscal_code": "12345678z", "email": "alvaro@example.es" }),
        )
        .await;
    let contact = assert_ok(&created).clone();
    let id = id_of(&contact);
    assert_eq!(contact["fiscal_code"], "12345678Z");

    let bad = app.post("contact/create", Some(&director), json!({ "type": "P", "first_name": "X", "fiscal_code": "12345678A" })).await;
    assert_eq!(error_code(&bad), "REQ-102");
    assert_eq!(bad["error"][0]["details"], "Dni erroneo, la letra del NIF no se corresponde");

    let read = app.get(&format!("contact/read/{id}"), Some(&director), &[]).await;
    assert_eq!(assert_ok(&read)["email"], "alvaro@example.es");
    let found = app.get("contact/finder", Some(&director), &[("search", "  alvaro pe ")]).await;
    assert!(assert_ok(&found).to_string().contains("Peña"), "{found}");
    let too_short = app.get("contact/finder", Some(&director), &[("search", "a")]).await;
    assert_eq!(assert_ok(&too_short).as_array().map(Vec::len), Some(0));

    let updated = app.post("contact/update", Some(&director), json!({ "id": id, "contact_id": id, "city": "Alcalá" })).await;
    assert_eq!(assert_ok(&updated)["city"], "Alcalá");
    let state = app.post("contact/state", Some(&director), json!({ "id": id, "contact_id": id })).await;
    assert_ok(&state);
    assert!(state["data"].to_string().contains("inactive"), "{state}");

    // Bad input changes nothing: the failed create left no row.
    let all = app.post("contact/readall", Some(&director), json!({})).await;
    assert!(!assert_ok(&all).to_string().contains("12345678A"));
}

#[tokio::test]
async fn services_and_permissions_are_checked_and_switch_without_restart() {
    let app = app_with_plugins().await;
    let provider = app.provider().await;
    install(&app, &provider, "contacts", &[]).await;
    let director = app.director().await;
    let teacher = app.teacher().await;

    // The business does not have the service.
    let refused = app.post("contact/readall", Some(&director), json!({})).await;
    assert_eq!(error_code(&refused), "SERVICE-000");
    assert!(refused["error"][0]["details"].as_str().unwrap().contains("empresa"));

    let school = app.demo.school_business_id;
    let on = json!({ "business_id": school, "services": ["contacts"] });
    assert_ok(&app.post("business/services/update", Some(&provider), on.clone()).await);
    // super passes at once; the teacher has the service but not the permission.
    assert_ok(&app.post("contact/readall", Some(&director), json!({})).await);
    let denied = app.post("contact/readall", Some(&teacher), json!({})).await;
    assert_eq!(error_code(&denied), "PERMISSION-000");
    // Without a token: the session error, not the plugin.
    assert_eq!(error_code(&app.post("contact/readall", None, json!({})).await), "SESSION-000");

    // Per user: a teacher given the permission, but not the service, is refused; given the
    // service, served. `super` skips permissions, not services.
    let user_id = |email: &'static str| {
        let pool = app.state.db.pool.clone();
        async move {
            let (id,): (i64,) = sqlx::query_as("SELECT user_id FROM app_user WHERE email = $1").bind(email).fetch_one(&pool).await.unwrap();
            id
        }
    };
    let teacher_id = user_id(volante_host::demo::TEACHER).await;
    let director_id = user_id(volante_host::demo::DIRECTOR).await;
    let grant = json!({ "user_id": teacher_id, "permissions": ["contact.client"] });
    assert_ok(&app.post("user/role/permission/update", Some(&director), grant).await);
    assert_ok(&app.post("contact/readall", Some(&teacher), json!({})).await);
    let off_user = json!({ "business_id": school, "user_id": teacher_id, "service_id": "contacts", "enabled": false });
    assert_ok(&app.post("business/services/update", Some(&provider), off_user).await);
    let refused = app.post("contact/readall", Some(&teacher), json!({})).await;
    assert_eq!(error_code(&refused), "SERVICE-000");
    assert!(refused["error"][0]["details"].as_str().unwrap().contains("acceso"), "{refused}");
    let off_director = json!({ "business_id": school, "user_id": director_id, "service_id": "contacts", "enabled": false });
    assert_ok(&app.post("business/services/update", Some(&provider), off_director).await);
    assert_eq!(error_code(&app.post("contact/readall", Some(&director), json!({})).await), "SERVICE-000");
    let on_director = json!({ "business_id": school, "user_id": director_id, "service_id": "contacts", "enabled": true });
    assert_ok(&app.post("business/services/update", Some(&provider), on_director).await);
    assert_ok(&app.post("contact/readall", Some(&director), json!({})).await);

    // The business loses the service: refused for everyone at once; back on, served again.
    assert_ok(&app.post("business/services/update", Some(&provider), json!({ "business_id": school, "services": [] })).await);
    assert_eq!(error_code(&app.post("contact/readall", Some(&director), json!({})).await), "SERVICE-000");
    assert_ok(&app.post("business/services/update", Some(&provider), on).await);
    assert_ok(&app.post("contact/readall", Some(&director), json!({})).await);

    // Modules for the shell follow the same rules, and so do their schemas.
    let modules = app.get("plugin/modules", Some(&director), &[]).await;
    assert_eq!(assert_ok(&modules)[0]["plugin_id"], "contacts");
    let schemas = app.get("plugin/schemas", Some(&director), &[("plugin_id", "contacts")]).await;
    assert!(assert_ok(&schemas)["contact"].is_object(), "{schemas}");
    let (rival, _) = app.second_business().await;
    let hidden = app.get("plugin/schemas", Some(&rival), &[("plugin_id", "contacts")]).await;
    assert_eq!(error_code(&hidden), "NOT-FOUND-000");
}

#[tokio::test]
async fn bad_packages_are_refused_with_the_reason() {
    let app = app_with_plugins().await;
    let provider = app.provider().await;
    let good = pack_with("contacts", &manifest("contacts"), signing_key());

    // Someone else's key.
    let stranger = package::generate_key();
    let answer = upload(&app, &provider, pack_with("contacts", &manifest("contacts"), &stranger)).await;
    assert_eq!(error_code(&answer), "PLUGIN-012");
    assert!(answer["error"][0]["details"].as_str().unwrap().contains("does not trust"));

    // A byte of the payload changed: the digest no longer matches.
    let mut tampered = good.clone();
    let at = tampered.windows(4).position(|w| w == [0x1f, 0x8b, 0x08, 0x00]).unwrap() + 100;
    tampered[at] ^= 0x55;
    let answer = upload(&app, &provider, tampered).await;
    assert_eq!(error_code(&answer), "PLUGIN-010");
    assert!(answer["error"][0]["details"].as_str().unwrap().contains("digest"));

    // A forged signature.
    let needle = b"\"signature\": \"";
    let mut forged = good.clone();
    let at = forged.windows(needle.len()).position(|w| w == needle).unwrap() + needle.len();
    forged[at] = if forged[at] == b'A' { b'B' } else { b'A' };
    let answer = upload(&app, &provider, forged).await;
    assert_eq!(error_code(&answer), "PLUGIN-011");

    // Built for an interface this host does not support.
    let current = manifest("contacts");
    let api_line = current.lines().find(|l| l.starts_with("api = ")).expect("the manifest's api line").to_string();
    let future = current.replace(&api_line, "api = \"0.2.0\"");
    assert_ne!(future, manifest("contacts"));
    let answer = upload(&app, &provider, pack_with("contacts", &future, signing_key())).await;
    assert_eq!(error_code(&answer), "PLUGIN-013");
    assert!(answer["error"][0]["details"].as_str().unwrap().contains("0.2.0"));

    // Nothing was installed; staff cannot install.
    assert_eq!(app.count("SELECT COUNT(*) FROM plugin_install").await, 0);
    let director = app.director().await;
    assert_eq!(error_code(&upload(&app, &director, good).await), "PERMISSION-000");
}

/// A path belongs to one plugin: a package with a route another plugin already serves, or one
/// matching the same requests, is refused at install and nothing of it is installed.
#[tokio::test]
async fn a_route_another_plugin_serves_is_refused_at_install() {
    let app = app_with_plugins().await;
    let provider = app.provider().await;
    install(&app, &provider, "contacts", &[app.demo.school_business_id]).await;
    for (method, path) in [("POST", "contact/readall"), ("GET", "contact/read/{contact_id}"), ("GET", "contact/read/all")] {
        let claiming = format!("{}\n[[routes]]\nmethod = \"{method}\"\npath = \"{path}\"\n", manifest("hostile"));
        let answer = upload(&app, &provider, pack_with("hostile", &claiming, signing_key())).await;
        assert_eq!(error_code(&answer), "PLUGIN-018", "{method} {path}: {answer}");
        let details = answer["error"][0]["details"].as_str().unwrap();
        assert!(details.contains(path) && details.contains("contacts"), "{details}");
    }
    // A path the host serves itself (whatever the method: the host answers it first).
    for (method, path) in [("POST", "user/login"), ("GET", "filesystem/file/read/{file}"), ("POST", "business/read")] {
        let claiming = format!("{}\n[[routes]]\nmethod = \"{method}\"\npath = \"{path}\"\n", manifest("hostile"));
        let answer = upload(&app, &provider, pack_with("hostile", &claiming, signing_key())).await;
        assert_eq!(error_code(&answer), "PLUGIN-018", "{method} {path}: {answer}");
        assert!(answer["error"][0]["details"].as_str().unwrap().contains("propio servidor"), "{answer}");
    }
    assert_eq!(app.count("SELECT COUNT(*) FROM plugin_install WHERE plugin_id = 'hostile'").await, 0);
    // The same method on another path, or another method on the same path, is no conflict.
    let beside = format!("{}\n[[routes]]\nmethod = \"GET\"\npath = \"contact/readall\"\n", manifest("hostile"));
    assert_ok(&upload(&app, &provider, pack_with("hostile", &beside, signing_key())).await);
}

#[tokio::test]
async fn hostile_plugin_is_contained() {
    let app = app_with_plugins().await;
    let provider = app.provider().await;
    let school = app.demo.school_business_id;
    let other = app.demo.provider_business_id;
    install(&app, &provider, "contacts", &[school]).await;
    install(&app, &provider, "hostile", &[school, other]).await;
    let director = app.director().await;

    // Each business has a row.
    assert_ok(&app.post("hostile/seed", Some(&director), json!({ "name": "school row" })).await);
    assert_ok(&app.post("hostile/seed", Some(&provider), json!({ "name": "provider row" })).await);
    assert_ok(&app.post("contact/create", Some(&director), json!({ "type": "P", "first_name": "Ana" })).await);
    let provider_rows = app.get("hostile/mine", Some(&provider), &[]).await;

    let target = other.to_string();
    let sql_attacks = [
        ("GET", "read_all"),
        ("GET", "read_foreign"),
        ("GET", "read_or_true"),
        ("POST", "update_all"),
        ("POST", "update_foreign"),
        ("POST", "update_move"),
        ("POST", "delete_all"),
        ("POST", "delete_foreign"),
        ("POST", "insert_foreign"),
        ("GET", "read_other_plugin"),
        ("GET", "read_other_plugin_subquery"),
        ("GET", "read_host_table"),
        ("POST", "ddl_create"),
        ("POST", "ddl_drop"),
        ("POST", "ddl_alter"),
        ("POST", "attach"),
        ("POST", "pragma"),
        ("GET", "read_pragma_function"),
        ("GET", "catalog_sqlite_master"),
        ("GET", "catalog_pg"),
        ("GET", "catalog_information_schema"),
        ("POST", "set_config"),
        ("POST", "set_role"),
        ("POST", "reset_role"),
        ("POST", "multi_statement"),
        ("GET", "read_load_extension"),
        ("GET", "read_sql_loop"),
    ];
    for (method, name) in sql_attacks {
        let path = format!("hostile/{name}");
        let answer = if method == "GET" {
            app.get(&path, Some(&director), &[("business_id", &target)]).await
        } else {
            app.post(&path, Some(&director), json!({ "business_id": other })).await
        };
        let data = assert_ok(&answer);
        if data["refused"] == false {
            // Allowed only where it touched nothing but the caller's own rows.
            let ids = data["business_ids"].as_array().cloned().unwrap_or_default();
            assert!(ids.iter().all(|b| b.as_i64() == Some(school)), "{name} reached another business: {data}");
            assert!(
                matches!(name, "read_all" | "read_foreign" | "read_or_true" | "update_all" | "update_foreign" | "delete_all" | "delete_foreign"),
                "{name} should have been refused: {data}"
            );
            if matches!(name, "update_foreign" | "delete_foreign" | "delete_all") {
                assert_eq!(data["changed"], 0, "{name}: {data}");
            }
        }
    }
    // The same reads with the rows written as JSON by the host (`sql.query-json`), as the
    // second read of a batch (`sql.query-batch`), held by the host for an answer in parts
    // (`sql.query-batch-held`, the rows never seen by the plugin), and as the items of a page
    // the host reads once the plugin has returned (`answer.respond-page`): the same checks apply.
    for via in ["json", "batch", "held", "page"] {
        for (method, name) in sql_attacks.iter().filter(|(method, _)| *method == "GET") {
            let answer = app.get(&format!("hostile/{name}"), Some(&director), &[("business_id", &target), (via, "true")]).await;
            let data = assert_ok(&answer);
            // A page the host read is the answer itself.
            let page = via == "page" && data.get("items").is_some();
            if page {
                assert_eq!(data["page"], 1, "{name}: {data}");
                assert_eq!(data["to"], data["items"].as_array().unwrap().len(), "{name}: {data}");
            } else {
                assert_eq!(data["via"], via, "{method} {name}: {data}");
            }
            if page || data["refused"] == false {
                let ids = match via {
                    "held" => data["rows"].as_array().unwrap().iter().map(|row| row["business_id"].clone()).collect(),
                    "page" => data["items"].as_array().unwrap().iter().map(|row| row["business_id"].clone()).collect(),
                    _ => data["business_ids"].as_array().cloned().unwrap_or_default(),
                };
                assert!(*name != "read_all" || !ids.is_empty(), "{name} ({via}) answered none of the caller's rows: {data}");
                assert!(ids.iter().all(|b| b.as_i64() == Some(school)), "{name} ({via}) reached another business: {data}");
                assert!(matches!(*name, "read_all" | "read_foreign" | "read_or_true"), "{name} ({via}) should have been refused: {data}");
            }
        }
    }

    // The provider's row is untouched, the school's still there, the tables intact.
    assert_eq!(app.get("hostile/mine", Some(&provider), &[]).await, provider_rows);
    assert_eq!(assert_ok(&app.get("hostile/mine", Some(&director), &[]).await).as_array().unwrap().len(), 1);

    // Runaway guests are stopped within the deadline, and the host serves the next call.
    for (name, codes) in [
        ("loop", &["PLUGIN-001"][..]),
        ("memory", &["PLUGIN-002", "PLUGIN-000"][..]),
        ("giant", &["PLUGIN-003", "PLUGIN-002", "PLUGIN-000"][..]),
        ("panic", &["PLUGIN-000"][..]),
    ] {
        let started = Instant::now();
        let answer = app.get(&format!("hostile/{name}"), Some(&director), &[]).await;
        let code = error_code(&answer);
        assert!(codes.contains(&code.as_str()), "{name}: {answer}");
        assert!(!answer.to_string().contains("wasm"), "{name} leaked internals: {answer}");
        assert!(started.elapsed() < Duration::from_secs(10), "{name} took {:?}", started.elapsed());
        let next = app.get("hostile/ok", Some(&director), &[]).await;
        assert_eq!(assert_ok(&next)["ok"], true, "after {name}");
        assert_ok(&app.get("user/verify", Some(&director), &[]).await);
    }

    // Every call, of either business, after faults or not, gets an instance that served no
    // call before (the host makes instances ahead of their calls; each still serves only one),
    // and that starts from the state the host's pre-initialization left (the SDK's router built
    // once at install, `plugins/preinit.rs`), which holds nothing of any call.
    for round in 0..12 {
        let (token, business) = if round % 3 == 0 { (&provider, other) } else { (&director, school) };
        let answer = app.get("hostile/remember", Some(token), &[]).await;
        let answer = assert_ok(&answer);
        assert_eq!(*answer, json!({ "previous_business": 0, "calls": 1, "initialized": true }), "call {round} of business {business}");
        if round == 6 {
            assert_eq!(error_code(&app.get("hostile/panic", Some(&director), &[]).await), "PLUGIN-000");
        }
    }
    // Those calls left instances made ahead waiting (the recycler runs when a core is idle).
    let waited = Instant::now();
    while app.state.plugins.ready.waiting("hostile") == 0 {
        assert!(waited.elapsed() < Duration::from_secs(10), "no instance of hostile was made ahead of its call");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    // Answers in parts the host refuses, naming why; one given twice is refused as a whole.
    for (how, why) in [("string", "cadena"), ("unknown", "identificador"), ("broken", "JSON")] {
        let answer = app.get("hostile/answer", Some(&director), &[("how", how)]).await;
        let data = assert_ok(&answer);
        assert_eq!(data["refused"], true, "{how}: {data}");
        assert!(data["error"].as_str().unwrap().contains(why), "{how}: {data}");
    }
    assert_eq!(error_code(&app.get("hostile/answer", Some(&director), &[("how", "both")]).await), "PLUGIN-004");
    // Pages the host refuses, naming why; one given with text too, or whose read the database
    // fails, answered with an error; and the host serves the next call.
    for (how, why) in [("page_zero", "empiezan en 1"), ("page_rows", "JSON")] {
        let answer = app.get("hostile/answer", Some(&director), &[("how", how)]).await;
        let data = assert_ok(&answer);
        assert_eq!(data["refused"], true, "{how}: {data}");
        assert!(data["error"].as_str().unwrap().contains(why), "{how}: {data}");
    }
    assert_eq!(error_code(&app.get("hostile/answer", Some(&director), &[("how", "page_both")]).await), "PLUGIN-004");
    let broken = app.get("hostile/answer", Some(&director), &[("how", "page_broken")]).await;
    assert_eq!(error_code(&broken), "SERVER-000", "{broken}");
    assert!(!broken.to_string().contains("no_such_column"), "the database's error leaked: {broken}");
    assert_eq!(assert_ok(&app.get("hostile/ok", Some(&director), &[]).await)["ok"], true);

    // Another business's file, and settings past the limit.
    let file = app.get("hostile/file_foreign", Some(&director), &[("file_id", "1")]).await;
    assert_eq!(assert_ok(&file)["refused"], true);
    let huge = app.post("hostile/settings_huge", Some(&director), json!({})).await;
    assert_eq!(assert_ok(&huge)["refused"], true);
    // User accounts only for a plugin whose manifest declares it, whoever calls.
    let account = app.post("hostile/account", Some(&director), json!({})).await;
    assert_eq!(assert_ok(&account)["refused"], true, "{account}");
    assert_eq!(app.count("SELECT COUNT(*) FROM app_user WHERE email = 'intruso@hostil.example'").await, 0);
}

/// A copy of a plugin's migrations with one more migration per engine.
fn migrations_plus(id: &str, name: &str, sqlite: &str, postgres: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (engine, extra) in [("sqlite", sqlite), ("postgres", postgres)] {
        let target = dir.path().join(engine);
        std::fs::create_dir_all(&target).unwrap();
        for entry in std::fs::read_dir(repo().join("plugins").join(id).join("migrations").join(engine)).unwrap() {
            let path = entry.unwrap().path();
            std::fs::copy(&path, target.join(path.file_name().unwrap())).unwrap();
        }
        std::fs::write(target.join(name), extra).unwrap();
    }
    dir
}

fn pack_version(id: &str, version: &str, migrations: &std::path::Path) -> Vec<u8> {
    let manifest = manifest(id).replacen("version = \"0.1.0\"", &format!("version = \"{version}\""), 1);
    package::pack(
        Contents { manifest_text: &manifest, component: &component(id), migrations_dir: Some(migrations), ui_dir: None },
        signing_key(),
    )
    .unwrap()
}

#[tokio::test]
async fn upgrades_run_new_migrations_and_a_failing_one_keeps_the_old_version() {
    let app = app_with_plugins().await;
    let provider = app.provider().await;
    let school = app.demo.school_business_id;
    install(&app, &provider, "hostile", &[school]).await;
    let director = app.director().await;
    assert_ok(&app.post("hostile/seed", Some(&director), json!({ "name": "before the upgrade" })).await);

    // 0.2.0 with a migration that fails: refused, 0.1.0 keeps serving with its data.
    let broken = migrations_plus("hostile", "0002_broken.sql", "ALTER TABLE no_such_table ADD COLUMN x TEXT;", "ALTER TABLE no_such_table ADD COLUMN x TEXT;");
    let answer = upload(&app, &provider, pack_version("hostile", "0.2.0", broken.path())).await;
    assert_eq!(error_code(&answer), "PLUGIN-016", "{answer}");
    let list = app.get("plugin/list", Some(&provider), &[]).await;
    assert_eq!(assert_ok(&list)[0]["version"], "0.1.0");
    assert_eq!(assert_ok(&app.get("hostile/mine", Some(&director), &[]).await).as_array().unwrap().len(), 1);

    // 0.2.0 with a good migration: only the new one runs (0001 again would fail), data stays.
    let good = migrations_plus(
        "hostile",
        "0002_note.sql",
        "CREATE TABLE hostile_note (id INTEGER PRIMARY KEY, business_id BIGINT NOT NULL, text TEXT NOT NULL);",
        "CREATE TABLE hostile_note (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, business_id BIGINT NOT NULL, text TEXT NOT NULL);",
    );
    let answer = upload(&app, &provider, pack_version("hostile", "0.2.0", good.path())).await;
    assert_eq!(assert_ok(&answer)["previous"], "0.1.0");
    let list = app.get("plugin/list", Some(&provider), &[]).await;
    assert_eq!(assert_ok(&list)[0]["version"], "0.2.0");
    assert_eq!(assert_ok(&app.get("hostile/mine", Some(&director), &[]).await).as_array().unwrap().len(), 1);
    // The new table is the plugin's and tenant-bound like the others.
    let insert = json!({ "statement": "INSERT INTO hostile_note (business_id, text) VALUES ($1, 'x')", "params": [school + 1], "write": true });
    assert_eq!(assert_ok(&app.post("hostile/sql", Some(&director), insert).await)["refused"], true);
    let insert = json!({ "statement": "INSERT INTO hostile_note (business_id, text) VALUES ($1, 'x')", "params": [school], "write": true });
    assert_eq!(assert_ok(&app.post("hostile/sql", Some(&director), insert).await)["changed"], 1);

    // Going back to an older version is refused.
    let answer = upload(&app, &provider, pack_with("hostile", &manifest("hostile"), signing_key())).await;
    assert_eq!(error_code(&answer), "PLUGIN-015");
}

/// What a plugin call does outside its database transaction follows its outcome: a failed call
/// leaves no stored file and no setting behind and deletes nothing; a successful one does all.
#[tokio::test]
async fn a_failed_call_leaves_no_files_or_settings_behind() {
    let app = app_with_plugins().await;
    let provider = app.provider().await;
    let school = app.demo.school_business_id;
    install(&app, &provider, "hostile", &[school]).await;
    let director = app.director().await;
    let files_sql = format!("SELECT COUNT(*) FROM file WHERE business_id = {school}");
    let settings_sql = "SELECT COUNT(*) FROM plugin_setting WHERE plugin_id = 'hostile'";

    // Success: the file and the setting stay.
    let done = app.post("hostile/effects", Some(&director), json!({})).await;
    let kept = assert_ok(&done)["file_id"].as_i64().unwrap();
    assert_eq!(done["data"]["setting"]["file_id"], kept, "the call reads its own setting back: {done}");
    let (files_before, settings_before) = (app.count(&files_sql).await, app.count(settings_sql).await);
    assert_eq!(settings_before, 1);

    // Failure after storing a file, writing a setting and deleting the kept file: nothing of it.
    let failed = app.post("hostile/effects", Some(&director), json!({ "fail": true, "delete_file_id": kept })).await;
    assert_eq!(error_code(&failed), "HOSTILE-001", "{failed}");
    assert_eq!(app.count(&files_sql).await, files_before, "the failed call's file was removed and the kept one is still there");
    assert_eq!(app.count(&format!("SELECT COUNT(*) FROM file WHERE file_id = {kept}")).await, 1);
    let setting: (String,) = sqlx::query_as("SELECT value FROM plugin_setting WHERE plugin_id = 'hostile' AND key = 'effect'")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(serde_json::from_str::<Value>(&setting.0).unwrap()["file_id"], kept, "the failed call's setting was not saved");

    // A read-only route may not store files or settings either.
    let refused = app.post("hostile/effects_read_only", Some(&director), json!({})).await;
    assert_eq!(error_code(&refused), "SERVER-000", "{refused}");
    assert_eq!(app.count(&files_sql).await, files_before);

    // Success with a deletion: the file goes, the new one stays.
    let done = app.post("hostile/effects", Some(&director), json!({ "delete_file_id": kept })).await;
    assert_ok(&done);
    assert_eq!(app.count(&format!("SELECT COUNT(*) FROM file WHERE file_id = {kept}")).await, 0);
    assert_eq!(app.count(&files_sql).await, files_before);
}

/// A plugin's mail leaves only once its call commits: a call that fails after `mail.send` mails
/// nothing, one that succeeds has mailed before it answers, and the delivery log keeps the
/// recipient and subject but not the message.
#[tokio::test]
async fn plugin_mail_leaves_only_when_the_call_commits() {
    let app = app_with_plugins().await;
    let provider = app.provider().await;
    let school = app.demo.school_business_id;
    install(&app, &provider, "hostile", &[school]).await;
    let director = app.director().await;

    let failed = app.post("hostile/effects", Some(&director), json!({ "fail": true, "mail_to": "ana@example.es" })).await;
    assert_eq!(error_code(&failed), "HOSTILE-001", "{failed}");
    assert!(app.mails_to("ana@example.es").is_empty(), "a failed call mailed: {:?}", app.mails());
    assert_eq!(app.count("SELECT COUNT(*) FROM mail_queue").await, 0);

    let refused = app.post("hostile/effects", Some(&director), json!({ "mail_to": "no es una dirección" })).await;
    assert_eq!(error_code(&refused), "SERVER-000", "a bad address is the call's error: {refused}");
    assert_eq!(app.count("SELECT COUNT(*) FROM mail_queue").await, 0);

    let done = app.post("hostile/effects", Some(&director), json!({ "mail_to": "ana@example.es" })).await;
    let file_id = assert_ok(&done)["file_id"].as_i64().unwrap();
    let mails = app.mails_to("ana@example.es");
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert_eq!(mails[0].1, format!("Efecto {file_id}"), "{mails:?}");
    let (status, source, business, attempts, bytes): (String, String, i64, i64, Vec<u8>) =
        sqlx::query_as("SELECT status, source, business_id, attempts, message FROM mail_queue").fetch_one(&app.state.db.pool).await.unwrap();
    assert_eq!((status.as_str(), source.as_str(), business, attempts, bytes.len()), ("sent", "hostile", school, 1, 0));
}

/// The business's default mail layout dresses its plugins' mail: the sender name (the address
/// stays the host's), the reply-to, the header and the footer. Without a default, mail is plain.
#[tokio::test]
async fn plugin_mail_is_dressed_in_the_business_default_layout() {
    let app = app_with_plugins().await;
    let provider = app.provider().await;
    let school = app.demo.school_business_id;
    install(&app, &provider, "hostile", &[school]).await;
    let director = app.director().await;

    let plain = app.post("hostile/effects", Some(&director), json!({ "mail_to": "ana@example.es" })).await;
    let plain_id = assert_ok(&plain)["file_id"].as_i64().unwrap();
    let layout = json!({ "name": "General", "sender_name": "Autoescuela Demo", "reply_to": "secretaria@autoescuela-demo.es", "header": "AUTOESCUELA DEMO", "footer": "C/ Mayor 1, Madrid" });
    let layout_id = assert_ok(&app.post("mail/layout/create", Some(&director), layout).await)["layout_id"].as_i64().unwrap();
    let dressed = app.post("hostile/effects", Some(&director), json!({ "mail_to": "ana@example.es" })).await;
    let dressed_id = assert_ok(&dressed)["file_id"].as_i64().unwrap();

    let bodies: Vec<String> = app.mails_to("ana@example.es").into_iter().map(|(_, _, body)| body.replace("\r\n", "\n")).collect();
    assert_eq!(bodies.len(), 2);
    assert_eq!(bodies[0].trim_end(), format!("El efecto número {plain_id}."));
    assert_eq!(bodies[1].trim_end(), format!("AUTOESCUELA DEMO\n\nEl efecto número {dressed_id}.\n\n-- \nC/ Mayor 1, Madrid"));
    let from = app.header_of_mails_to("ana@example.es", "From");
    assert!(!from[0].contains("Autoescuela Demo") && from[1].contains("Autoescuela Demo") && from[1].contains(&app.state.config.mail.from.split('<').nth(1).unwrap().trim_end_matches('>').to_string()), "{from:?}");
    assert_eq!(app.header_of_mails_to("ana@example.es", "Reply-To"), ["", "secretaria@autoescuela-demo.es"]);

    // No default any more: plain again.
    assert_ok(&app.post("mail/layout/update", Some(&director), json!({ "layout_id": layout_id, "is_default": false })).await);
    assert_ok(&app.post("hostile/effects", Some(&director), json!({ "mail_to": "ana@example.es" })).await);
    let last = app.mails_to("ana@example.es").pop().unwrap().2;
    assert!(last.starts_with("El efecto"), "{last}");
}

/// A relay that refuses a plugin's mail does not fail the call: the message stays queued and is
/// tried again until the relay takes it, and is given up after its last attempt.
#[tokio::test]
async fn plugin_mail_refused_by_the_relay_is_tried_again() {
    let trusted = package::public_key_hex(signing_key());
    let mut app = TestApp::spawn_with_smtp_and(move |config| config.plugins.trusted_keys = vec![trusted]).await;
    let provider = app.provider().await;
    let school = app.demo.school_business_id;
    install(&app, &provider, "hostile", &[school]).await;
    let director = app.director().await;
    app.stop_smtp();

    for to in ["luis@example.es", "eva@example.es"] {
        assert_ok(&app.post("hostile/effects", Some(&director), json!({ "mail_to": to })).await);
    }
    let queued: Vec<(String, String, i64, Option<String>)> =
        sqlx::query_as("SELECT recipient, status, attempts, last_error FROM mail_queue ORDER BY mail_id").fetch_all(&app.state.db.pool).await.unwrap();
    assert_eq!(queued.len(), 2);
    for (_, status, attempts, error) in &queued {
        assert_eq!((status.as_str(), *attempts), ("queued", 1), "{queued:?}");
        assert!(error.as_deref().is_some_and(|e| !e.is_empty()), "{queued:?}");
    }
    // Not due yet: the poller leaves them alone.
    assert_eq!(volante_host::mail::queue::deliver_due(&app.state).await.unwrap(), 0);

    // Eva's message is on its last attempt, and the relay is still down: it is given up.
    let past = "2000-01-01T00:00:00.000Z";
    let last = volante_host::mail::queue::MAX_ATTEMPTS - 1;
    sqlx::query(&format!("UPDATE mail_queue SET attempts = {last}, next_attempt_at = '{past}' WHERE recipient = 'eva@example.es'"))
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(volante_host::mail::queue::deliver_due(&app.state).await.unwrap(), 1);
    assert_eq!(app.count("SELECT COUNT(*) FROM mail_queue WHERE status = 'failed' AND recipient = 'eva@example.es'").await, 1);

    // The relay comes up and Luis's message falls due: it is delivered, once.
    app.start_smtp().await;
    sqlx::query(&format!("UPDATE mail_queue SET next_attempt_at = '{past}' WHERE recipient = 'luis@example.es'"))
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(volante_host::mail::queue::deliver_due(&app.state).await.unwrap(), 1);
    assert_eq!(volante_host::mail::queue::deliver_due(&app.state).await.unwrap(), 0);
    assert_eq!(app.count("SELECT COUNT(*) FROM mail_queue WHERE status = 'sent' AND recipient = 'luis@example.es' AND attempts = 2").await, 1);
    let mut mails = app.mails_to("luis@example.es");
    for _ in 0..100 {
        if !mails.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        mails = app.mails_to("luis@example.es");
    }
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert!(app.mails_to("eva@example.es").is_empty());

    // The school's delivery log: newest first, by status, with the counts.
    let log = app.get("mail/delivery/read", Some(&director), &[]).await;
    let log = assert_ok(&log).clone();
    assert_eq!(log["counts"], json!({ "queued": 0, "sent": 1, "failed": 1 }));
    let rows: Vec<(&str, &str)> = log["items"].as_array().unwrap().iter().map(|d| (d["recipient"].as_str().unwrap(), d["status"].as_str().unwrap())).collect();
    assert_eq!(rows, [("eva@example.es", "failed"), ("luis@example.es", "sent")]);
    let failed = app.get("mail/delivery/read", Some(&director), &[("status", "failed")]).await;
    let failed = assert_ok(&failed)["items"][0].clone();
    assert_eq!((failed["source"].as_str(), failed["attempts"].as_i64(), failed["subject"].as_str().map(|s| s.starts_with("Efecto"))), (Some("hostile"), Some(12), Some(true)));
    assert!(failed["last_error"].as_str().is_some_and(|e| e.contains("SMTP")), "{failed}");
    assert_eq!(error_code(&app.get("mail/delivery/read", Some(&director), &[("status", "perdido")]).await), "REQ-102");

    // Retried by hand once the relay is back: sent at once, and only once.
    let eva = failed["mail_id"].as_i64().unwrap();
    let retried = app.post("mail/delivery/retry", Some(&director), json!({ "mail_id": eva })).await;
    assert_eq!((assert_ok(&retried)["status"].as_str(), retried["data"]["attempts"].as_i64()), (Some("sent"), Some(1)));
    assert_eq!(error_code(&app.post("mail/delivery/retry", Some(&director), json!({ "mail_id": eva })).await), "CONFLICT-000");
    let mut mails = app.mails_to("eva@example.es");
    for _ in 0..100 {
        if !mails.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        mails = app.mails_to("eva@example.es");
    }
    assert_eq!(mails.len(), 1);

    // Another school sees none of it; a user without business.general neither.
    let (rival, _) = app.second_business().await;
    assert_eq!(assert_ok(&app.get("mail/delivery/read", Some(&rival), &[]).await)["total"], 0);
    assert_eq!(error_code(&app.post("mail/delivery/retry", Some(&rival), json!({ "mail_id": eva })).await), "NOT-FOUND-000");
    let teacher = app.teacher().await;
    assert_eq!(error_code(&app.get("mail/delivery/read", Some(&teacher), &[]).await), "PERMISSION-000");
}

/// `plugins/legacy` is built from a frozen copy of the first interface's WIT (0.1.0); this host
/// serves 0.1.1 and must still run it: its imports resolve to the newer, compatible definitions.
#[tokio::test]
async fn a_plugin_built_for_the_first_interface_still_runs() {
    let app = app_with_plugins().await;
    let provider = app.provider().await;
    let school = app.demo.school_business_id;
    install(&app, &provider, "legacy", &[school]).await;
    let listed = app.get("plugin/list", Some(&provider), &[]).await;
    assert_eq!(assert_ok(&listed).as_array().unwrap().iter().find(|p| p["plugin_id"] == "legacy").unwrap()["api"], "0.1.0");
    let director = app.director().await;
    let answer = app.get("legacy/ping", Some(&director), &[]).await;
    let data = assert_ok(&answer);
    assert_eq!(data["interface"], "0.1.0", "{answer}");
    assert_eq!(data["business_id"], school);
    assert_eq!(data["answer"], 42);
    assert_eq!(data["now_length"], "2026-11-22T10:00:00.000Z".len());
}

#[tokio::test]
async fn read_only_routes_cannot_write() {
    let app = app_with_plugins().await;
    let provider = app.provider().await;
    let school = app.demo.school_business_id;
    install(&app, &provider, "hostile", &[school]).await;
    let director = app.director().await;
    let write = json!({ "statement": "INSERT INTO hostile_item (business_id, name, created_at) VALUES ($1, 'x', 'now')", "params": [school], "write": true });
    let refused = app.post("hostile/sql_read_only", Some(&director), write.clone()).await;
    assert_eq!(assert_ok(&refused)["refused"], true, "{refused}");
    assert!(refused["data"]["error"].as_str().unwrap().contains("solo lectura"), "{refused}");
    let read = json!({ "statement": "SELECT id, business_id, name FROM hostile_item", "params": [], "write": false });
    assert_eq!(assert_ok(&app.post("hostile/sql_read_only", Some(&director), read).await)["refused"], false);
    // The same statement on a writable route goes through.
    assert_eq!(assert_ok(&app.post("hostile/sql", Some(&director), write).await)["changed"], 1);
    assert_eq!(assert_ok(&app.get("hostile/mine", Some(&director), &[]).await).as_array().unwrap().len(), 1);
}

/// PostgreSQL only (SQLite's connections are files inside this process: nothing drops them).
/// A pooled connection is not pinged before every call (`db::pool_options`), only one idle for
/// `PING_IF_IDLE_FOR` or more. When the server drops the connections (a restart, an idle
/// timeout), a call that gets one of them at once fails as the server's fault, SERVER-000, and
/// keeps its session (not SESSION-000, on which a client signs out); after the idle time, the
/// dropped connections are found and replaced, and calls work again.
#[tokio::test]
async fn connections_the_database_dropped_fail_one_call_cleanly_and_are_replaced() {
    let app = app_with_plugins().await;
    if app.state.db.engine != volante_host::db::Engine::Postgres {
        return;
    }
    let provider = app.provider().await;
    install(&app, &provider, "contacts", &[app.demo.school_business_id]).await;
    let director = app.director().await;
    assert_ok(&app.post("contact/readall", Some(&director), json!({})).await);

    // Every other backend of the test database goes, the host's pooled connections with them.
    use sqlx::Connection;
    let url = app.state.config.effective_database_url();
    let mut admin = sqlx::PgConnection::connect(&url).await.unwrap();
    let (dropped,): (i64,) = sqlx::query_as(
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    )
    .fetch_one(&mut admin)
    .await
    .unwrap();
    assert!(dropped >= 2, "the host's and the plugins' pools had connections: {dropped}");
    admin.close().await.unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;

    let failed = app.post("contact/readall", Some(&director), json!({})).await;
    assert_eq!(error_code(&failed), "SERVER-000");

    tokio::time::sleep(volante_host::db::PING_IF_IDLE_FOR + Duration::from_millis(200)).await;
    assert_ok(&app.post("contact/readall", Some(&director), json!({})).await);
    assert_ok(&app.get("contact/finder", Some(&director), &[("search", "pe")]).await);
}
