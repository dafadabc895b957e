//! Plugin packaging for Volante: the manifest (`plugin.toml`), packages (one file with a SHA-256
//! digest and an ed25519 signature), and the local registry index.

pub mod manifest;
pub mod package;

/// Interface versions (WIT `volante:plugin@…`) this build of the host can run.
pub const SUPPORTED_API_VERSIONS: &[&str] = &["0.1.0", "0.1.1", "0.1.2", "0.1.3", "0.1.4", "0.1.5", "0.1.6", "0.1.7", "0.1.8", "0.1.9", "0.1.10", "0.1.11", "0.1.12"];
/// The version the plugin SDK implements (what `registry new` writes).
pub const LATEST_API_VERSION: &str = "0.1.12";
pub mod cli;
