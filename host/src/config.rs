//! Typed, layered configuration: built-in defaults, then an optional TOML file, then `VOLANTE_*`
//! environment variables (nested keys with `__`, e.g. `VOLANTE_MAIL__SMTP_URL`). Unknown keys are
//! errors, so a misspelt setting fails at start instead of being silently ignored.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use anyhow::Context;
use figment::providers::{Env, Format, Serialized, Toml};
use figment::Figment;
use secrecy::SecretString;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Address the HTTP server binds to; port 0 picks a free port.
    pub listen: SocketAddr,
    /// Public base URL, used in e-mails (password-reset links) and printed at start.
    pub public_url: String,
    /// Directory holding the SQLite database, stored files and the mail outbox.
    pub data_dir: PathBuf,
    /// `postgres://…` to use PostgreSQL; unset means SQLite in `data_dir`.
    pub database_url: Option<String>,
    /// Largest JSON request body accepted, in bytes.
    pub max_body_bytes: usize,
    /// Reverse proxies in front of Volante (addresses or networks, `["10.0.0.0/8"]`). A request
    /// from one of them is taken to come from the address it names in `X-Forwarded-For` (the
    /// nearest one that is not itself a trusted proxy); from anyone else the header is ignored.
    /// Sign-in throttling and the sessions' addresses use that address.
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// Directory with the built shell UI (`shell-ui/dist`); served with an SPA fallback.
    pub ui_dir: Option<PathBuf>,
    pub auth: AuthConfig,
    pub mail: MailConfig,
    pub storage: StorageConfig,
    pub plugins: PluginsConfig,
    pub servers: ServersConfig,
    /// Log filter in `tracing_subscriber::EnvFilter` syntax.
    pub log: String,
    /// `json` for machine-readable logs, `pretty` for humans.
    pub log_format: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuthConfig {
    /// Days a device stays authorised after a sign-in code with "authorise this device".
    pub device_days: i64,
    /// Minutes a sign-in code is valid.
    pub code_minutes: i64,
    /// Wrong codes accepted before a code is burnt.
    pub code_attempts: i64,
    /// Hours a session stays valid without activity.
    pub session_idle_hours: i64,
    /// Minutes a password-reset link is valid.
    pub reset_minutes: i64,
    /// Failed sign-ins per account within `throttle_window_minutes` before refusing.
    pub throttle_account: i64,
    /// Failed sign-ins per client address within the window before refusing.
    pub throttle_address: i64,
    pub throttle_window_minutes: i64,
    /// Whether `registration` (self sign-up of a new business) is open.
    pub allow_registration: bool,
    /// Google sign-in: accepted OAuth client ids (the ID token's `aud`) and the JWKS URL.
    pub google_client_ids: Vec<String>,
    pub google_jwks_url: String,
    pub google_issuers: Vec<String>,
    /// Facebook sign-in: app id and secret, and the token-check (debug_token) and profile URLs.
    pub facebook_app_id: String,
    #[serde(default, skip_serializing)]
    pub facebook_app_secret: Option<SecretString>,
    pub facebook_debug_token_url: String,
    pub facebook_profile_url: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MailConfig {
    /// `smtp://host:port` (plain), `smtps://…` (TLS) or `smtp://…?tls=required` (STARTTLS).
    /// Unset: mail is written to `<data_dir>/outbox` and logged.
    pub smtp_url: Option<String>,
    pub smtp_user: Option<String>,
    #[serde(default, skip_serializing)]
    pub smtp_password: Option<SecretString>,
    pub from: String,
    /// How often the host looks for queued plugin mail due for another attempt (`mail::queue`).
    pub queue_poll_ms: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StorageConfig {
    /// `local` (files under `<data_dir>/files`) or `s3` (S3-compatible object storage).
    pub backend: String,
    pub s3_bucket: Option<String>,
    pub s3_endpoint: Option<String>,
    pub s3_region: Option<String>,
    pub s3_access_key_id: Option<String>,
    #[serde(default, skip_serializing)]
    pub s3_secret_access_key: Option<SecretString>,
    /// Largest single upload, in bytes.
    pub max_upload_bytes: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PluginsConfig {
    /// Hex ed25519 public keys whose package signatures the host accepts.
    pub trusted_keys: Vec<String>,
    /// Wall-clock limit of one plugin call.
    pub timeout_ms: u64,
    /// Linear memory limit of one plugin call.
    pub memory_mb: usize,
    /// Largest JSON answer a plugin may return.
    pub max_response_bytes: usize,
    /// A local registry folder (`index.json` plus packages); `volante demo` installs its
    /// packages and switches their services on for the demo school.
    pub registry_dir: Option<PathBuf>,
    /// Write `/tmp/perf-<pid>.map` so `perf` can name the functions of plugin code (for
    /// profiling a plugin; off in production).
    pub perf_map: bool,
    /// Instances of each plugin created ahead of their call (each still serves exactly one
    /// call); 0 creates every instance on its call's path.
    pub ready_instances: usize,
    /// How often the host looks for plugin timers that are due (`timers`, interface 0.1.8).
    pub timer_poll_ms: u64,
}

/// This host as one of the provider's servers (`servidor/*`, `dashboard/socket*`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServersConfig {
    /// The name this host registers under (with its port it identifies the server across
    /// restarts); unset: the machine's host name.
    pub name: Option<String>,
    /// How often this host writes that it is alive, with its figures. A server whose last beat
    /// is older than three of them, and that did not stop cleanly, is shown as lost.
    pub heartbeat_secs: u64,
    /// How often the open realtime connections are sampled for the charts.
    pub sample_secs: u64,
    /// Samples older than this many days are deleted.
    pub keep_days: i64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            listen: "127.0.0.1:8080".parse().expect("valid default address"),
            public_url: "http://127.0.0.1:8080".into(),
            data_dir: PathBuf::from("data"),
            database_url: None,
            max_body_bytes: 1024 * 1024,
            trusted_proxies: Vec::new(),
            ui_dir: None,
            auth: AuthConfig {
                device_days: 30,
                code_minutes: 10,
                code_attempts: 5,
                session_idle_hours: 12,
                reset_minutes: 60,
                throttle_account: 5,
                throttle_address: 20,
                throttle_window_minutes: 15,
                allow_registration: true,
                google_client_ids: vec![],
                google_jwks_url: "https://www.googleapis.com/oauth2/v3/certs".into(),
                google_issuers: vec!["https://accounts.google.com".into(), "accounts.google.com".into()],
                facebook_app_id: String::new(),
                facebook_app_secret: None,
                facebook_debug_token_url: "https://graph.facebook.com/debug_token".into(),
                facebook_profile_url: "https://graph.facebook.com/me".into(),
            },
            mail: MailConfig {
                smtp_url: None,
                smtp_user: None,
                smtp_password: None,
                from: "Volante <no-reply@volante.local>".into(),
                queue_poll_ms: 15_000,
            },
            storage: StorageConfig {
                backend: "local".into(),
                s3_bucket: None,
                s3_endpoint: None,
                s3_region: None,
                s3_access_key_id: None,
                s3_secret_access_key: None,
                max_upload_bytes: 50 * 1024 * 1024,
            },
            plugins: PluginsConfig {
                trusted_keys: vec![],
                timeout_ms: 2000,
                memory_mb: 64,
                max_response_bytes: 8 << 20,
                registry_dir: None,
                perf_map: false,
                ready_instances: 4,
                timer_poll_ms: 2000,
            },
            servers: ServersConfig { name: None, heartbeat_secs: 30, sample_secs: 300, keep_days: 14 },
            log: "info,sqlx=warn,tower_http=info".into(),
            log_format: "pretty".into(),
        }
    }
}

impl Config {
    /// Defaults, then `file` (if given, or `VOLANTE_CONFIG`), then `VOLANTE_*` variables (except the
    /// scripts' own: `VOLANTE_CONFIG`, `VOLANTE_DEMO_PASSWORD`, `VOLANTE_BIN`, `VOLANTE_TEST_DATABASE_URL`,
    /// `VOLANTE_PLUGIN_BUILD_DIR`).
    pub fn load(file: Option<&Path>) -> anyhow::Result<Config> {
        let mut figment = Figment::from(Serialized::defaults(Config::default()));
        let file = file.map(Path::to_path_buf).or_else(|| std::env::var_os("VOLANTE_CONFIG").map(PathBuf::from));
        if let Some(file) = &file {
            anyhow::ensure!(file.exists(), "configuration file {} does not exist", file.display());
            figment = figment.merge(Toml::file(file));
        }
        figment = figment.merge(Env::prefixed("VOLANTE_").ignore(&["CONFIG", "DEMO_PASSWORD", "BIN", "TEST_DATABASE_URL", "PLUGIN_BUILD_DIR"]).split("__"));
        let config: Config = figment.extract().context("Invalid configuration")?;
        config.validate()?;
        Ok(config)
    }

    pub fn validate(&self) -> anyhow::Result<()> {
        anyhow::ensure!(self.auth.device_days >= 0, "auth.device_days must not be negative");
        anyhow::ensure!(self.auth.code_minutes > 0, "auth.code_minutes must be positive");
        anyhow::ensure!(self.auth.code_attempts > 0, "auth.code_attempts must be positive");
        anyhow::ensure!(self.auth.session_idle_hours > 0, "auth.session_idle_hours must be positive");
        anyhow::ensure!(
            matches!(self.storage.backend.as_str(), "local" | "s3"),
            "storage.backend must be `local` or `s3`"
        );
        anyhow::ensure!(matches!(self.log_format.as_str(), "json" | "pretty"), "log_format must be `json` or `pretty`");
        anyhow::ensure!(self.servers.heartbeat_secs > 0, "servers.heartbeat_secs must be positive");
        anyhow::ensure!(self.servers.sample_secs > 0, "servers.sample_secs must be positive");
        anyhow::ensure!(self.servers.keep_days > 0, "servers.keep_days must be positive");
        if let Some(url) = &self.database_url {
            anyhow::ensure!(
                url.starts_with("postgres://") || url.starts_with("postgresql://") || url.starts_with("sqlite:"),
                "database_url must be a postgres:// or sqlite: URL"
            );
        }
        Ok(())
    }

    /// The database URL actually used: the configured one, or SQLite inside the data directory.
    pub fn effective_database_url(&self) -> String {
        match &self.database_url {
            Some(url) => url.clone(),
            None => format!("sqlite://{}?mode=rwc", self.data_dir.join("volante.db").display()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_keys_are_errors() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("volante.toml");
        std::fs::write(&file, "listen = \"127.0.0.1:0\"\nlisten_typo = 1\n").unwrap();
        let err = Config::load(Some(&file)).unwrap_err();
        assert!(format!("{err:#}").contains("listen_typo"), "{err:#}");
    }

    #[test]
    fn file_values_are_read_and_validated() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("volante.toml");
        std::fs::write(&file, "[auth]\ndevice_days = 7\n").unwrap();
        assert_eq!(Config::load(Some(&file)).unwrap().auth.device_days, 7);
        std::fs::write(&file, "[storage]\nbackend = \"floppy\"\n").unwrap();
        assert!(Config::load(Some(&file)).is_err());
        std::fs::write(&file, "trusted_proxies = [\"10.0.0.0/8\", \"192.0.2.1/32\"]\n").unwrap();
        assert_eq!(Config::load(Some(&file)).unwrap().trusted_proxies.len(), 2);
        std::fs::write(&file, "trusted_proxies = [\"10.0.0.300/8\"]\n").unwrap();
        let err = Config::load(Some(&file)).unwrap_err();
        assert!(format!("{err:#}").contains("trusted_proxies"), "{err:#}");
    }
}
