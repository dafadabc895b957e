//! The test harness: `TestApp` starts the real application and speaks its API.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{json, Value};
use volante_host::app::Application;
use volante_host::config::Config;
use volante_host::demo;
use volante_host::state::AppState;

pub const PASSWORD: &str = "Demo-2026!";
pub const DEVICE: &str = "TESTDEVICE01";

pub struct TestApp {
    pub url: String,
    pub client: reqwest::Client,
    pub state: AppState,
    pub demo: demo::Demo,
    mail_dir: PathBuf,
    smtp: Option<Child>,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    _dir: tempfile::TempDir,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(mut child) = self.smtp.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// A real SMTP peer (aiosmtpd) on loopback, delivering into the maildir `maildir`.
async fn start_smtp_peer(port: u16, maildir: &Path) -> Child {
    let child = Command::new("python3")
        .args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{port}"), "-c", "aiosmtpd.handlers.Mailbox"])
        .arg(maildir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start aiosmtpd (pip install aiosmtpd)");
    for _ in 0..100 {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    child
}

/// A fresh database for one test: a new SQLite directory, or a new PostgreSQL database.
async fn database_url(dir: &Path) -> Option<String> {
    let base = std::env::var("VOLANTE_TEST_DATABASE_URL").ok().filter(|u| !u.is_empty())?;
    let name = format!("volante_test_{}", uuid::Uuid::new_v4().simple());
    sqlx::any::install_default_drivers();
    let admin = sqlx::AnyPool::connect(&base).await.expect("connect to the test PostgreSQL server");
    sqlx::query(&format!("CREATE DATABASE {name}")).execute(&admin).await.expect("create test database");
    admin.close().await;
    let _ = dir;
    let (prefix, _) = base.rsplit_once('/').expect("database URL with a path");
    Some(format!("{prefix}/{name}"))
}

impl TestApp {
    pub async fn spawn() -> TestApp {
        Self::build(false, |_| {}).await
    }

    /// With a real SMTP peer (aiosmtpd) on loopback instead of the outbox.
    pub async fn spawn_with_smtp() -> TestApp {
        Self::build(true, |_| {}).await
    }

    pub async fn spawn_with(tweak: impl FnOnce(&mut Config)) -> TestApp {
        Self::build(false, tweak).await
    }

    async fn build(smtp: bool, tweak: impl FnOnce(&mut Config)) -> TestApp {
        let dir = tempfile::tempdir().unwrap();
        let mut config = Config::default();
        config.listen = "127.0.0.1:0".parse().unwrap();
        config.data_dir = dir.path().join("data");
        config.database_url = database_url(dir.path()).await;
        config.log = "warn".into();
        let mut smtp_child = None;
        let mail_dir = if smtp {
            let port = free_port();
            let maildir = dir.path().join("maildir");
            smtp_child = Some(start_smtp_peer(port, &maildir).await);
            config.mail.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
            maildir.join("new")
        } else {
            config.data_dir.join("outbox")
        };
        tweak(&mut config);
        volante_host::telemetry::init_logging(&config);
        let app = Application::build(config).await.expect("build the application");
        let url = format!("http://127.0.0.1:{}", app.port());
        let state = app.state.clone();
        let demo = demo::seed(&state.db, Some(PASSWORD)).await.expect("seed the demo");
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(app.run_until(async move {
            let _ = rx.await;
        }));
        TestApp {
            url,
            client: reqwest::Client::new(),
            state,
            demo,
            mail_dir,
            smtp: smtp_child,
            shutdown: Some(tx),
            _dir: dir,
        }
    }

    pub async fn get(&self, path: &str, token: Option<&str>, query: &[(&str, &str)]) -> Value {
        let mut request = self.client.get(format!("{}/api/{path}", self.url)).query(query);
        if let Some(token) = token {
            request = request.header("Authorization", format!("Token {token}"));
        }
        let response = request.send().await.expect("request");
        response.json().await.expect("JSON answer")
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Value {
        let mut request = self.client.post(format!("{}/api/{path}", self.url)).json(&body);
        if let Some(token) = token {
            request = request.header("Authorization", format!("Token {token}"));
        }
        request.send().await.expect("request").json().await.expect("JSON answer")
    }

    pub async fn post_raw(&self, path: &str, token: Option<&str>, body: &'static str) -> Value {
        let mut request = self
            .client
            .post(format!("{}/api/{path}", self.url))
            .header("content-type", "application/json")
            .body(body);
        if let Some(token) = token {
            request = request.header("Authorization", format!("Token {token}"));
        }
        request.send().await.expect("request").json().await.expect("JSON answer")
    }

    /// With a real SMTP peer, and `tweak` applied to the configuration.
    pub async fn spawn_with_smtp_and(tweak: impl FnOnce(&mut Config)) -> TestApp {
        Self::build(true, tweak).await
    }

    /// Stop the SMTP peer: deliveries fail until `start_smtp` starts it again on the same port.
    pub fn stop_smtp(&mut self) {
        if let Some(mut child) = self.smtp.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    pub async fn start_smtp(&mut self) {
        let url = self.state.config.mail.smtp_url.clone().expect("an SMTP URL");
        let port: u16 = url.rsplit(':').next().unwrap().parse().unwrap();
        self.smtp = Some(start_smtp_peer(port, &self._dir.path().join("maildir")).await);
    }

    /// One header (`From`, `Reply-To`…) of each message delivered so far to `email`.
    pub fn header_of_mails_to(&self, email: &str, header: &str) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(&self.mail_dir) else { return vec![] };
        let mut files: Vec<_> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
        files.sort_by_key(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok());
        use mailparse::MailHeaderMap;
        files
            .iter()
            .filter_map(|path| {
                let raw = std::fs::read(path).unwrap();
                let parsed = mailparse::parse_mail(&raw).unwrap();
                let to = parsed.headers.get_first_value("To").unwrap_or_default();
                to.contains(email).then(|| parsed.headers.get_first_value(header).unwrap_or_default())
            })
            .collect()
    }

    /// The messages delivered so far to `email`.
    pub fn mails_to(&self, email: &str) -> Vec<(String, String, String)> {
        self.mails().into_iter().filter(|(to, _, _)| to.contains(email)).collect()
    }

    /// Every message delivered so far: (recipient, subject, decoded text body).
    pub fn mails(&self) -> Vec<(String, String, String)> {
        let Ok(entries) = std::fs::read_dir(&self.mail_dir) else { return vec![] };
        let mut files: Vec<_> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
        files.sort_by_key(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok());
        files
            .iter()
            .map(|path| {
                let raw = std::fs::read(path).unwrap();
                let parsed = mailparse::parse_mail(&raw).unwrap();
                use mailparse::MailHeaderMap;
                let to = parsed.headers.get_first_value("To").unwrap_or_default();
                let subject = parsed.headers.get_first_value("Subject").unwrap_or_default();
                let body = if parsed.subparts.is_empty() {
                    parsed.get_body().unwrap()
                } else {
                    parsed.subparts[0].get_body().unwrap()
                };
                (to, subject, body)
            })
            .collect()
    }

    /// The latest sign-in code mailed to `email`.
    pub fn latest_code(&self, email: &str) -> Option<String> {
        self.mails().into_iter().rev().find(|(to, _, _)| to.contains(email)).and_then(|(_, _, body)| {
            let at = body.find("acceso es: ")? + "acceso es: ".len();
            Some(body[at..at + 6].to_string())
        })
    }

    /// Wait until a message to `email` arrives (SMTP delivery is asynchronous to the peer's disk).
    pub async fn wait_code(&self, email: &str, previous: Option<&str>) -> String {
        for _ in 0..100 {
            if let Some(code) = self.latest_code(email) {
                if Some(code.as_str()) != previous {
                    return code;
                }
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("no sign-in code arrived for {email}");
    }

    /// Sign in through the e-mail code step (authorising the device) and return the token.
    pub async fn login_device(&self, email: &str, device: &str) -> String {
        let first = self.post("user/login", None, json!({ "email": email, "password": PASSWORD, "device": device })).await;
        assert_eq!(first["success"], true, "{first}");
        if first["data"]["target"] == "dashboard" {
            return first["data"]["token"].as_str().unwrap().to_string();
        }
        assert_eq!(first["data"]["target"], "code", "{first}");
        let code = self.wait_code(email, None).await;
        let second = self
            .post(
                "user/login",
                None,
                json!({ "email": email, "password": PASSWORD, "device": device, "code": code, "remember_device": true }),
            )
            .await;
        assert_eq!(second["data"]["target"], "dashboard", "{second}");
        second["data"]["token"].as_str().unwrap().to_string()
    }

    pub async fn login(&self, email: &str) -> String {
        self.login_device(email, DEVICE).await
    }

    pub async fn director(&self) -> String {
        self.login(demo::DIRECTOR).await
    }

    pub async fn teacher(&self) -> String {
        self.login(demo::TEACHER).await
    }

    pub async fn provider(&self) -> String {
        self.login(demo::PROVIDER_ADMIN).await
    }

    /// A second school, created by the provider ("Autoescuela Rival Zeta", administrator
    /// jefa@rival-zeta.es with the test password): its administrator's token and its id.
    pub async fn second_business(&self) -> (String, i64) {
        let provider = self.provider().await;
        let created = self
            .post(
                "business/create",
                Some(&provider),
                json!({ "name": "Autoescuela Rival Zeta", "admin": { "email": "jefa@rival-zeta.es", "first_name": "Zoe" } }),
            )
            .await;
        let business_id = assert_ok(&created)["business_id"].as_i64().unwrap();
        let hash = volante_host::auth::password::hash(PASSWORD).await.unwrap();
        sqlx::query("UPDATE app_user SET password_hash = $1 WHERE email = 'jefa@rival-zeta.es'")
            .bind(hash)
            .execute(&self.state.db.pool)
            .await
            .unwrap();
        (self.login("jefa@rival-zeta.es").await, business_id)
    }

    /// A count straight from the database, to show that a refused call changed nothing.
    pub async fn count(&self, sql: &str) -> i64 {
        let (n,): (i64,) = sqlx::query_as(sql).fetch_one(&self.state.db.pool).await.unwrap();
        n
    }
}

pub fn error_code(answer: &Value) -> String {
    assert_eq!(answer["success"], false, "expected a failure: {answer}");
    let error = &answer["error"];
    let first = if error.is_array() { &error[0] } else { error };
    first["code"].as_str().unwrap_or_default().to_string()
}

pub fn assert_ok(answer: &Value) -> &Value {
    assert_eq!(answer["success"], true, "expected success: {answer}");
    &answer["data"]
}
