//! Thin wrappers over the host imports: settings, events, mail, files, other plugins, the staff
//! directory, time, randomness and logging. Errors from the host become [`Error`]s where a
//! handler would `?` them; the host's message is logged, not shown.

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::bindings::volante::plugin as wit;
use crate::{Error, Result};

/// UTC now, ISO-8601 with milliseconds (`2025-01-31T10:00:00.000Z`).
pub fn now() -> String {
    wit::host::now()
}

/// Today's date in UTC, `YYYY-MM-DD`.
pub fn today() -> String {
    now().chars().take(10).collect()
}

pub fn random_bytes(len: u32) -> Vec<u8> {
    wit::host::random_bytes(len)
}

/// Logging through the host (tagged there with the plugin, business and request).
pub mod log {
    use super::wit::host::log;
    use crate::bindings::volante::plugin::types::LogLevel;

    pub fn debug(message: &str) {
        log(LogLevel::Debug, message)
    }
    pub fn info(message: &str) {
        log(LogLevel::Info, message)
    }
    pub fn warn(message: &str) {
        log(LogLevel::Warn, message)
    }
    pub fn error(message: &str) {
        log(LogLevel::Error, message)
    }
}

/// The plugin's per-business settings, as JSON values.
pub mod settings {
    use super::*;

    /// The setting's value, or `None` when unset or not of type `T`.
    pub fn get<T: DeserializeOwned>(key: &str) -> Option<T> {
        wit::settings::get(key).and_then(|text| serde_json::from_str(&text).ok())
    }

    pub fn set<T: Serialize>(key: &str, value: &T) -> Result<()> {
        let text = serde_json::to_string(value)?;
        wit::settings::set(key, &text).map_err(Error::internal)
    }
}

/// Events, delivered to subscribers after the call commits.
pub mod events {
    use super::*;

    pub fn publish<T: Serialize>(name: &str, payload: &T) -> Result<()> {
        let text = serde_json::to_string(payload)?;
        wit::events::publish(name, &text).map_err(Error::internal)
    }
}

/// Mail: tera templates owned by the plugin, rendered by the host with `context`.
pub mod mail {
    use super::*;
    pub use crate::bindings::volante::plugin::types::Attachment;

    pub fn send<T: Serialize>(
        to: &[String],
        subject_template: &str,
        body_template: &str,
        context: &T,
        attachments: &[Attachment],
    ) -> Result<()> {
        let context = serde_json::to_string(context)?;
        wit::mail::send(to, subject_template, body_template, &context, attachments).map_err(Error::internal)
    }
}

/// The business's document manager.
pub mod files {
    use super::*;
    pub use crate::bindings::volante::plugin::types::FileInfo;

    /// The file's metadata, or `None` when it does not exist (or is not the business's).
    pub fn info(file_id: i64) -> Option<FileInfo> {
        wit::files::info(file_id).ok()
    }

    pub fn get(file_id: i64) -> Result<Vec<u8>> {
        wit::files::get(file_id).map_err(Error::internal)
    }

    pub fn put(folder: &str, name: &str, content_type: &str, bytes: &[u8]) -> Result<FileInfo> {
        wit::files::put(folder, name, content_type, bytes).map_err(Error::internal)
    }

    pub fn delete(file_id: i64) -> Result<()> {
        wit::files::delete(file_id).map_err(Error::internal)
    }
}

/// Functions other plugins export (declared in both manifests).
pub mod plugins {
    use super::*;

    pub fn call<A: Serialize, T: DeserializeOwned>(plugin_id: &str, function: &str, args: &A) -> Result<T> {
        let args = serde_json::to_string(args)?;
        let answer = wit::plugins::call(plugin_id, function, &args).map_err(Error::internal)?;
        serde_json::from_str(&answer).map_err(Error::internal)
    }
}

/// The current business's staff (interface 0.1.5): names for records that say who did something.
pub mod directory {
    use super::*;
    pub use crate::bindings::volante::plugin::types::StaffMember;

    /// The business's active users, sorted by name (`include_inactive`: the others too).
    pub fn staff(include_inactive: bool) -> Vec<StaffMember> {
        wit::directory::staff(include_inactive)
    }

    /// One user of the business, active or not.
    pub fn member(user_id: i64) -> Option<StaffMember> {
        wit::directory::member(user_id)
    }
}
