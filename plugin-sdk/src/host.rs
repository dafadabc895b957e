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

/// Today's date in Spain, on the peninsula (Europe/Madrid): what a school's staff call today.
pub fn spanish_today() -> String {
    crate::time::SpanishZone::Peninsula.date_of(crate::time::parse_utc(&now()).unwrap_or_default())
}

pub fn random_bytes(len: u32) -> Vec<u8> {
    wit::host::random_bytes(len)
}

/// Where Volante is reached from outside, without a trailing slash (`https://volante.example`):
/// for an address a third party calls back, such as a payment gateway's notification
/// (`{public_url}/api/<a route>`). Interface 0.1.10.
pub fn public_url() -> String {
    wit::host::public_url()
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

    /// The file an upload route received (manifest `upload = true`): the host stored it in the
    /// document manager before the call and removes it if the call fails. It comes as the
    /// body's `file`.
    #[derive(Debug, Clone, Default, PartialEq, serde::Deserialize, serde::Serialize, schemars::JsonSchema)]
    pub struct Uploaded {
        pub file_id: i64,
        pub name: String,
        pub size: i64,
        pub content_type: String,
    }

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

    pub use crate::bindings::volante::plugin::types::{PdfImage, PdfMark, PdfMarkKind, PdfText};

    /// A copy of the PDF `file_id` with `marks` drawn over its pages, stored as `name` in
    /// `folder` (interface 0.1.7). The error is the host's reason (not a PDF, no such page, a
    /// position outside the page, an image that is not PNG or JPEG), for the plugin to word.
    pub fn stamp_pdf(file_id: i64, marks: &[PdfMark], folder: &str, name: &str) -> std::result::Result<FileInfo, String> {
        wit::files::stamp_pdf(file_id, marks, folder, name)
    }

    pub use crate::bindings::volante::plugin::types::StorageSpace;

    /// The business's storage now (interface 0.1.12): its quota, what its files take and the
    /// largest file one upload may bring, to tell a user before a large upload whether it fits.
    pub fn space() -> Result<StorageSpace> {
        wit::files::space().map_err(Error::internal)
    }
}

/// Public links (interface 0.1.7): an unguessable reference that opens this plugin's `link`
/// routes (manifest `auth = "none"`, `link = "<parameter>"`) in the current business to a
/// caller without a session, and the files shared through it. Written when the call commits.
pub mod links {
    use super::*;

    /// A new reference for `subject` (the plugin's name for what it opens, e.g.
    /// `agreement-request:42`), valid for `valid_days` days, or for ever.
    pub fn issue(subject: &str, valid_days: Option<u32>) -> Result<String> {
        wit::links::issue(subject, valid_days).map_err(Error::internal)
    }

    /// Let the link's holder read the business's file `file_id`.
    pub fn share_file(reference: &str, file_id: i64) -> Result<()> {
        wit::links::share_file(reference, file_id).map_err(Error::internal)
    }

    /// The reference stops opening anything.
    pub fn revoke(reference: &str) -> Result<()> {
        wit::links::revoke(reference).map_err(Error::internal)
    }

    /// The customer's reference a storefront call presented beside the web-api key
    /// (`Authorization: Bearer <key> <reference>`), already checked by the host as a live link of
    /// this plugin in this business; `None` when there was none. Interface 0.1.11.
    pub fn presented() -> Option<String> {
        wit::links::presented()
    }
}

/// Pushes to signed-in users' browsers (interface 0.1.8): the browser's realtime stream receives
/// the event `<plugin-id>.<topic>` with the payload as its data, once the call commits.
pub mod realtime {
    use super::*;

    pub use crate::bindings::volante::plugin::realtime::Recipients;

    /// Push `payload` to these users of the business (those with one of the plugin's services).
    pub fn push_to<T: Serialize>(user_ids: &[i64], topic: &str, payload: &T) -> Result<()> {
        if user_ids.is_empty() {
            return Ok(());
        }
        push(&Recipients::Users(user_ids.to_vec()), topic, payload)
    }

    /// Push `payload` to every user of the business with one of the plugin's services.
    pub fn push_to_business<T: Serialize>(topic: &str, payload: &T) -> Result<()> {
        push(&Recipients::Business, topic, payload)
    }

    fn push<T: Serialize>(to: &Recipients, topic: &str, payload: &T) -> Result<()> {
        let payload = serde_json::to_string(payload)?;
        wit::realtime::push(to, topic, &payload).map_err(Error::internal)
    }
}

/// Timers (interface 0.1.8): the host calls the plugin's `on_event` with the event
/// [`timers::EVENT`] once a timer's time has come, in its business and with no user.
pub mod timers {
    use super::*;

    /// The event name a timer fires with.
    pub const EVENT: &str = "timer";

    /// What `on_event` receives when a timer fires.
    #[derive(Debug, Clone, serde::Deserialize)]
    pub struct Fired {
        pub key: String,
        pub payload: serde_json::Value,
    }

    impl Fired {
        /// The timer in an event's payload, when the event is [`EVENT`].
        pub fn parse(name: &str, payload_json: &str) -> Option<Fired> {
            (name == EVENT).then(|| serde_json::from_str(payload_json).ok()).flatten()
        }
    }

    /// Fire `key` at `at` (UTC ISO-8601) with `payload`, replacing any timer of that key.
    pub fn set<T: Serialize>(key: &str, at: &str, payload: &T) -> Result<()> {
        let payload = serde_json::to_string(payload)?;
        wit::timers::set(key, at, &payload).map_err(Error::internal)
    }

    /// Forget the timer `key`.
    pub fn cancel(key: &str) -> Result<()> {
        wit::timers::cancel(key).map_err(Error::internal)
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

    /// [`call`] for a caller that does without the callee when it does not answer (its module
    /// off for the business, or not installed): the refusal comes back as text, not logged as
    /// an internal error.
    pub fn try_call<A: Serialize, T: DeserializeOwned>(plugin_id: &str, function: &str, args: &A) -> std::result::Result<T, String> {
        let args = serde_json::to_string(args).map_err(|e| e.to_string())?;
        let answer = wit::plugins::call(plugin_id, function, &args)?;
        serde_json::from_str(&answer).map_err(|e| e.to_string())
    }

    /// Whether a [`try_call`] refusal came from the host, not passing the call on (the callee not
    /// installed, its service off for the business, the function not exported or not declared
    /// in the caller's manifest), rather than from the callee refusing what was asked.
    pub fn refused_by_host(reason: &str) -> bool {
        ["El plugin ", "El servicio de ", "El manifiesto no declara"].iter().any(|p| reason.starts_with(p))
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

    pub use crate::bindings::volante::plugin::types::{UserAccount, Named, NewUserAccount};

    /// The business's branches, by name (interface 0.1.6).
    pub fn branches() -> Vec<Named> {
        wit::directory::branches()
    }

    /// The business's job positions, by name (interface 0.1.6).
    pub fn positions() -> Vec<Named> {
        wit::directory::positions()
    }

    /// Every account of the business, by name (interface 0.1.6).
    pub fn accounts() -> Vec<UserAccount> {
        wit::directory::accounts()
    }

    /// One account of the business (interface 0.1.6).
    pub fn account(user_id: i64) -> Option<UserAccount> {
        wit::directory::account(user_id)
    }

    /// Create an account (needs `[directory] manage = true` and a caller with `employee`). The
    /// host's refusal (a taken e-mail, a weak password, a role the caller may not give) comes
    /// back as the spec's error, ready to answer.
    pub fn create_account(account: &NewUserAccount) -> Result<i64> {
        wit::directory::create_account(account).map_err(Error::from_item)
    }

    /// Change an account's names and branch.
    pub fn update_account(user_id: i64, first_name: &str, last_name: &str, branch_id: Option<i64>) -> Result<()> {
        wit::directory::update_account(user_id, first_name, last_name, branch_id).map_err(Error::from_item)
    }

    /// Activate, deactivate, lock or unlock an account (its sessions close when the call
    /// commits if it is deactivated or locked).
    pub fn set_account_state(user_id: i64, active: bool, locked: bool) -> Result<()> {
        wit::directory::set_account_state(user_id, active, locked).map_err(Error::from_item)
    }
}

/// Failed attempts counted outside the call's transaction (interface 0.1.9): a refusal rolls the
/// call back, but the failure it counts stays. Keys are the plugin's own, per business.
///
/// ```ignore
/// let key = format!("pin:{student_id}");
/// if let Some(minutes) = attempts::blocked(&key, 5, 15) {
///     return Err(Error::invalid_field("pin", format!("Demasiados intentos: espere {minutes} minutos")));
/// }
/// if !right { attempts::fail(&key)?; return Err(...) }
/// attempts::clear(&key)?;
/// ```
pub mod attempts {
    use super::*;

    /// While `key` has `limit` or more failures in the last `window_minutes`: the minutes left.
    pub fn blocked(key: &str, limit: u32, window_minutes: u32) -> Option<u32> {
        wit::attempts::blocked(key, limit, window_minutes)
    }

    /// Count a failure of `key` now, whatever the call's outcome.
    pub fn fail(key: &str) -> Result<()> {
        wit::attempts::fail(key).map_err(Error::internal)
    }

    /// Forget `key`'s failures when the call commits.
    pub fn clear(key: &str) -> Result<()> {
        wit::attempts::clear(key).map_err(Error::internal)
    }
}
