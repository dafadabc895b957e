//! The plugin test harness: a plugin's host-side tests start the real Volante host in-process
//! (fresh SQLite directory, or a fresh database on the PostgreSQL server named by
//! `VOLANTE_TEST_DATABASE_URL`), install the plugin's built component packed and signed like a
//! real package, switch its service on for a test business, and call it over HTTP as staff would.
//!
//! ```no_run
//! # async fn example() -> anyhow::Result<()> {
//! let harness = volante_plugin_harness::Harness::start("plugins/contacts").await?;
//! let page = harness.post("contact/readall", serde_json::json!({})).await;
//! assert_eq!(page["success"], true);
//! # Ok(()) }
//! ```

use std::path::{Path, PathBuf};

use anyhow::Context;
use serde_json::{json, Value};
use volante_host::app::Application;
use volante_host::config::Config;
use volante_host::state::AppState;
use volante_host::{business, demo, plugins::Actor};
use volante_registry::package::{self, Contents};

const PASSWORD: &str = "Harness-2026!";

pub struct Harness {
    /// `http://127.0.0.1:<port>/api`
    pub api: String,
    pub client: reqwest::Client,
    pub state: AppState,
    /// The test business the plugin is switched on for, and its `super` user's session.
    pub business_id: i64,
    pub token: String,
    /// A second business with the plugin on, for isolation tests.
    pub other_business_id: i64,
    pub other_token: String,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    _dir: tempfile::TempDir,
}

impl Drop for Harness {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }
}

/// Where built components are (`scripts/build-plugins.sh`, `volante-registry build`).
pub fn build_dir() -> PathBuf {
    std::env::var("VOLANTE_PLUGIN_BUILD_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(std::env::var("HOME").unwrap_or_default()).join(".cache/volante/plugins"))
}

/// Pack the plugin in `plugin_dir` (its `plugin.toml`, migrations, and the component and schemas
/// built into `built`, by default [`build_dir`]) and sign it with `key`.
pub fn pack(plugin_dir: &Path, built: &Path, key: &package::SigningKey) -> anyhow::Result<Vec<u8>> {
    let mut manifest_text = std::fs::read_to_string(plugin_dir.join("plugin.toml")).context("reading plugin.toml")?;
    let manifest = volante_registry::manifest::Manifest::parse_shape(&manifest_text)?;
    let id = &manifest.plugin.id;
    let component = std::fs::read(built.join(format!("{id}.wasm")))
        .with_context(|| format!("{id}.wasm is not built in {}: run scripts/build-plugins.sh {id}", built.display()))?;
    if let Ok(schemas) = std::fs::read_to_string(built.join(format!("{id}.schemas.json"))) {
        manifest_text = volante_registry::cli::merge_schemas(&manifest_text, &serde_json::from_str(&schemas)?)?;
    }
    let migrations = plugin_dir.join(&manifest.plugin.migrations);
    package::pack(Contents { manifest_text: &manifest_text, component: &component, migrations_dir: Some(&migrations), ui_dir: None }, key)
}

impl Harness {
    /// Start a host with the plugin at `plugin_dir` (relative paths are taken from the
    /// repository root) installed and switched on for two businesses.
    pub async fn start(plugin_dir: impl AsRef<Path>) -> anyhow::Result<Harness> {
        Harness::start_with(&[plugin_dir.as_ref()]).await
    }

    /// The same with several plugins (e.g. one and the plugins it calls), installed in order.
    pub async fn start_with(plugin_dirs: &[&Path]) -> anyhow::Result<Harness> {
        Harness::start_built(plugin_dirs, &build_dir()).await
    }

    /// The same with the components and schemas taken from `built` (where
    /// `volante-registry build --out` wrote them) instead of [`build_dir`].
    pub async fn start_built(plugin_dirs: &[&Path], built: &Path) -> anyhow::Result<Harness> {
        let dir_paths: Vec<PathBuf> = plugin_dirs
            .iter()
            .map(|dir| {
                if dir.is_relative() && !dir.exists() {
                    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..").join(dir)
                } else {
                    dir.to_path_buf()
                }
            })
            .collect();
        let dir = tempfile::tempdir()?;
        let key = package::generate_key();
        let mut config = Config::default();
        config.listen = "127.0.0.1:0".parse()?;
        config.data_dir = dir.path().join("data");
        config.log = "warn".into();
        config.plugins.trusted_keys = vec![package::public_key_hex(&key)];
        // Timers that are due fire within a fifth of a second (`timers`).
        config.plugins.timer_poll_ms = 200;
        if let Some(base) = std::env::var("VOLANTE_TEST_DATABASE_URL").ok().filter(|u| !u.is_empty()) {
            sqlx::any::install_default_drivers();
            // Unique across the tests of one process too (they start side by side).
            let name = format!("volante_harness_{}", uuid::Uuid::new_v4().simple());
            let admin = sqlx::AnyPool::connect(&base).await?;
            sqlx::query(&format!("CREATE DATABASE {name}")).execute(&admin).await?;
            admin.close().await;
            let (prefix, _) = base.rsplit_once('/').context("database URL with a path")?;
            config.database_url = Some(format!("{prefix}/{name}"));
        }
        volante_host::telemetry::init_logging(&config);
        let app = Application::build(config).await?;
        let state = app.state.clone();
        let seeded = demo::seed(&state.db, Some(PASSWORD)).await?;
        let actor = Actor { business_id: seeded.provider_business_id, user_id: None };
        let mut services: Vec<String> = Vec::new();
        for dir_path in &dir_paths {
            let installed =
                state.plugins.install(&state, &pack(dir_path, built, &key)?, actor).await.map_err(|e| anyhow::anyhow!("install: {e}"))?;
            let id = installed["plugin_id"].as_str().unwrap_or_default().to_string();
            let plugin = state.plugins.installed(&id).await.context("installed")?;
            services.extend(plugin.manifest.services.iter().map(|s| s.id.clone()));
        }
        for business_id in [seeded.school_business_id, seeded.provider_business_id] {
            business::enable_services(&state, business_id, &services).await.map_err(|e| anyhow::anyhow!("enable: {e}"))?;
        }
        // The harness signs in directly: the e-mailed device code has its own tests in the host.
        sqlx::query("UPDATE app_user SET two_factor = FALSE").execute(&state.db.pool).await?;
        let api = format!("http://127.0.0.1:{}/api", app.port());
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(app.run_until(async move {
            let _ = rx.await;
        }));
        let client = reqwest::Client::new();
        let token = sign_in(&client, &api, demo::DIRECTOR).await?;
        let other_token = sign_in(&client, &api, demo::PROVIDER_ADMIN).await?;
        Ok(Harness {
            api,
            client,
            state,
            business_id: seeded.school_business_id,
            token,
            other_business_id: seeded.provider_business_id,
            other_token,
            shutdown: Some(tx),
            _dir: dir,
        })
    }

    pub async fn get(&self, path: &str, query: &[(&str, &str)]) -> Value {
        self.get_as(&self.token, path, query).await
    }

    pub async fn post(&self, path: &str, body: Value) -> Value {
        self.post_as(&self.token, path, body).await
    }

    pub async fn get_as(&self, token: &str, path: &str, query: &[(&str, &str)]) -> Value {
        let request = self.client.get(format!("{}/{path}", self.api)).query(query).header("Authorization", format!("Token {token}"));
        request.send().await.expect("request").json().await.expect("JSON answer")
    }

    pub async fn post_as(&self, token: &str, path: &str, body: Value) -> Value {
        let request = self.client.post(format!("{}/{path}", self.api)).json(&body).header("Authorization", format!("Token {token}"));
        request.send().await.expect("request").json().await.expect("JSON answer")
    }

    /// A call without a session (a public route, e.g. a public link's).
    pub async fn get_public(&self, path: &str, query: &[(&str, &str)]) -> Value {
        self.client.get(format!("{}/{path}", self.api)).query(query).send().await.expect("request").json().await.expect("JSON answer")
    }

    pub async fn post_public(&self, path: &str, body: Value) -> Value {
        self.client.post(format!("{}/{path}", self.api)).json(&body).send().await.expect("request").json().await.expect("JSON answer")
    }

    /// The raw answer to a GET without a session of `url`, a path under the host (as `/api/…`
    /// URLs that plugins answer): its status, content type and bytes.
    pub async fn fetch_public(&self, url: &str) -> (u16, String, Vec<u8>) {
        let origin = self.api.trim_end_matches("/api");
        let answer = self.client.get(format!("{origin}{url}")).send().await.expect("request");
        let status = answer.status().as_u16();
        let content_type = answer.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
        (status, content_type, answer.bytes().await.expect("body").to_vec())
    }

    /// The mails the host wrote to its outbox (no SMTP server configured), oldest first.
    pub fn outbox(&self) -> Vec<String> {
        let dir = self.state.config.data_dir.join("outbox");
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir).map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect()).unwrap_or_default();
        paths.sort();
        paths.iter().map(|p| std::fs::read_to_string(p).unwrap_or_default()).collect()
    }

    /// Upload a file into the business's document manager (`filesystem/file/upload`, top
    /// folder) and answer its id.
    pub async fn upload(&self, name: &str, bytes: Vec<u8>) -> i64 {
        let answer = self.post_form("filesystem/file/upload", &[], Some((name, bytes))).await;
        ok(&answer)["file"]["file_id"].as_i64().unwrap_or_else(|| panic!("upload of {name}: {answer}"))
    }

    /// A `multipart/form-data` call: text fields and, optionally, a file part named `file`
    /// (`filesystem/file/upload`, or a plugin's upload route).
    pub async fn post_form(&self, path: &str, fields: &[(&str, &str)], file: Option<(&str, Vec<u8>)>) -> Value {
        let mut form = reqwest::multipart::Form::new();
        for (name, value) in fields {
            form = form.text(name.to_string(), value.to_string());
        }
        if let Some((name, bytes)) = file {
            form = form.part("file", reqwest::multipart::Part::bytes(bytes).file_name(name.to_string()));
        }
        let request = self.client.post(format!("{}/{path}", self.api)).multipart(form).header("Authorization", format!("Token {}", self.token));
        request.send().await.expect("request").json().await.expect("JSON answer")
    }

    /// Open the realtime stream (`GET /api/realtime`) with `token` in the query, as a browser's
    /// `EventSource` does. Its first event is `ready`.
    pub async fn realtime(&self, token: &str) -> RealtimeStream {
        let response = self.client.get(format!("{}/realtime", self.api)).query(&[("token", token)]).send().await.expect("request");
        let content_type = response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
        RealtimeStream { response, content_type, buffer: String::new() }
    }

    /// A session of the demo teacher (no permissions beyond the default "Profesor" role).
    pub async fn teacher_token(&self) -> anyhow::Result<String> {
        sign_in(&self.client, &self.api, demo::TEACHER).await
    }
}

/// An open realtime stream, read event by event.
pub struct RealtimeStream {
    response: reqwest::Response,
    /// `text/event-stream` when the stream opened; a refusal is the API's JSON envelope.
    pub content_type: String,
    buffer: String,
}

impl RealtimeStream {
    /// The next event, `(name, data)`, within `wait`; `None` when none came or the stream ended.
    /// Keep-alive comments are skipped.
    pub async fn next(&mut self, wait: std::time::Duration) -> Option<(String, Value)> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            while let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let mut name = String::from("message");
                let mut data = String::new();
                for line in block.lines() {
                    if let Some(value) = line.strip_prefix("event:") {
                        name = value.trim().to_string();
                    } else if let Some(value) = line.strip_prefix("data:") {
                        data.push_str(value.strip_prefix(' ').unwrap_or(value));
                    }
                }
                if !data.is_empty() {
                    return Some((name, serde_json::from_str(&data).unwrap_or(Value::String(data))));
                }
            }
            let chunk = tokio::time::timeout_at(deadline, self.response.chunk()).await.ok()?.ok()??;
            self.buffer.push_str(&String::from_utf8_lossy(&chunk));
        }
    }

    /// The next event that is not `ready`, within `wait`.
    pub async fn next_push(&mut self, wait: std::time::Duration) -> Option<(String, Value)> {
        loop {
            let event = self.next(wait).await?;
            if event.0 != "ready" {
                return Some(event);
            }
        }
    }

    /// The refusal's JSON when the stream did not open.
    pub async fn refusal(self) -> Value {
        self.response.json().await.expect("JSON answer")
    }
}

async fn sign_in(client: &reqwest::Client, api: &str, email: &str) -> anyhow::Result<String> {
    let answer: Value = client
        .post(format!("{api}/user/login"))
        .json(&json!({ "email": email, "password": PASSWORD, "device": "HARNESS" }))
        .send()
        .await?
        .json()
        .await?;
    answer["data"]["token"].as_str().map(str::to_string).with_context(|| format!("sign-in of {email} failed: {answer}"))
}

/// The answer's `data`, after checking the call succeeded (the whole answer is shown if not).
#[track_caller]
pub fn ok(answer: &Value) -> &Value {
    assert_eq!(answer["success"], true, "{answer}");
    &answer["data"]
}

/// The first error's code of a refused call (writes answer a list of errors, reads one).
pub fn code(answer: &Value) -> String {
    let error = if answer["error"].is_array() { &answer["error"][0] } else { &answer["error"] };
    error["code"].as_str().unwrap_or_default().to_string()
}

/// The fields a refusal names, in order (`data.field` of each error; writes answer a list of
/// errors, reads one), after checking the call was refused.
#[track_caller]
pub fn fields(answer: &Value) -> Vec<String> {
    assert_eq!(answer["success"], false, "{answer}");
    let errors = match &answer["error"] {
        Value::Array(list) => list.clone(),
        one => vec![one.clone()],
    };
    errors.iter().map(|e| e["data"]["field"].as_str().unwrap_or_default().to_string()).collect()
}

/// The first error's `details` (its Spanish text), after checking the call was refused.
#[track_caller]
pub fn details(answer: &Value) -> String {
    assert_eq!(answer["success"], false, "{answer}");
    let error = if answer["error"].is_array() { &answer["error"][0] } else { &answer["error"] };
    error["details"].as_str().unwrap_or_default().to_string()
}

/// The text of a PDF by poppler's `pdftotext`; `None` when it is not installed (the suite's setup
/// installs it).
pub fn pdftotext(pdf: &[u8]) -> Option<String> {
    let dir = tempfile::tempdir().ok()?;
    let path = dir.path().join("doc.pdf");
    std::fs::write(&path, pdf).ok()?;
    let out = std::process::Command::new("pdftotext").arg(&path).arg("-").output().ok()?;
    assert!(out.status.success(), "pdftotext failed: {}", String::from_utf8_lossy(&out.stderr));
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// A file a plugin answered in base64 (`{"filename", "content_type", "base64"}`), decoded.
#[track_caller]
pub fn decode_base64(text: &str) -> Vec<u8> {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.decode(text).expect("standard base64")
}
