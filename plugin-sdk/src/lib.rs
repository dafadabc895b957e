//! The Rust guest library of Volante plugins.
//!
//! A plugin is a `cdylib` crate compiled to a WebAssembly component that implements the world
//! `volante:plugin@0.1.12` (see `../wit/plugin.wit`). This crate generates the bindings and gives
//! the author what a business module needs on top of them:
//!
//! - [`plugin!`]: exports a type implementing [`Plugin`] as the component's entry points;
//! - [`Router`]: routes with path parameters (`contact/read/{id}`);
//! - [`Req`]: typed request parsing (`req.json::<T>()`, `req.query::<T>()`, `req.param("id")`)
//!   whose failures are the API's `REQ-101`/`REQ-102` errors;
//! - [`Error`]: the envelope's error items, with helpers (`invalid_field`, `not_found`, …);
//! - [`sql`]: statements with `$1…` placeholders, rows mapped to serde types by column name;
//! - [`resource`]: one struct + a small declaration = create/read/readall/update/delete/state;
//! - [`settings`], [`events`], [`mail`], [`files`], [`directory`], [`log`], [`host`]: thin
//!   import wrappers;
//! - [`money`]: cents and rates with the product's one rounding rule;
//! - [`pdf`]: a small PDF writer (A4, Helvetica, Spanish text) for the documents modules hand out;
//! - [`validate`], [`text`] and [`time`]: Spanish field checks (DNI/NIE, NIF/CIF, phones,
//!   dates), accent folding, base64 and XML escaping, and calendar arithmetic in Spain's two
//!   time zones.

extern crate self as volante_plugin_sdk;

#[doc(hidden)]
pub mod bindings {
    wit_bindgen::generate!({
        path: "wit",
        world: "plugin-sdk",
        pub_export_macro: true,
        export_macro_name: "__export_plugin_world",
        default_bindings_module: "volante_plugin_sdk::bindings",
        runtime_path: "volante_plugin_sdk::__wit_bindgen_rt",
        generate_all,
        additional_derives: [PartialEq],
    });
}

#[doc(hidden)]
pub use wit_bindgen::rt as __wit_bindgen_rt;
pub use schemars;
pub use serde;
pub use serde_json;

#[cfg_attr(not(all(target_arch = "wasm32", feature = "call-allocator")), allow(dead_code))]
mod alloc;
mod context;
pub mod copy;
mod error;
pub mod host;
pub mod money;
pub mod pdf;
mod query;
pub mod order;
pub mod resource;
mod router;
#[doc(hidden)]
pub mod runtime;
pub mod schema;
pub mod shape;
pub mod sql;
pub mod text;
pub mod time;
pub mod validate;

pub use context::{from_value, Ctx, Req};
pub use error::{codes, Checks, Error, Result};
pub use host::{attempts, directory, events, files, links, log, mail, plugins, realtime, settings, timers};
pub use resource::{Record, Resource};
pub use router::{Answer, JsonText, Router};
pub use schema::Schemas;

/// The version of the WIT interface this SDK implements; goes into `plugin.toml` as `api`.
pub const API_VERSION: &str = "0.1.12";

/// What a plugin implements; [`plugin!`] exports it.
pub trait Plugin {
    /// The plugin's routes. Built once when the host pre-initializes the plugin, and kept in the
    /// state every call's fresh instance starts from (or, where the host does not, built for
    /// each call with only the route it serves). It must not call the host.
    fn router() -> Router;

    /// A subscribed event arrived (after the publishing call committed).
    fn on_event(_ctx: &Ctx, _name: &str, _payload_json: &str) -> std::result::Result<(), String> {
        Ok(())
    }

    /// A function another plugin calls (declared in the manifest's `exports`).
    fn invoke(_ctx: &Ctx, function: &str, _args_json: &str) -> std::result::Result<String, String> {
        Err(format!("unknown function `{function}`"))
    }

    /// The JSON Schemas the plugin publishes (resources and request bodies), by name.
    fn schemas(_schemas: &mut Schemas) {}
}

/// Export a [`Plugin`] as the component's `handle`, `on-event` and `invoke`, and define
/// `__volante_schemas()` (used natively by the build to fill the manifest's `[schemas]`).
///
/// ```ignore
/// struct Contacts;
/// impl volante_plugin_sdk::Plugin for Contacts { fn router() -> Router { … } }
/// volante_plugin_sdk::plugin!(Contacts);
/// ```
#[macro_export]
macro_rules! plugin {
    ($plugin:ty) => {
        #[doc(hidden)]
        pub struct __VolanteGuest;

        impl $crate::bindings::Guest for __VolanteGuest {
            fn handle(
                ctx: $crate::bindings::Context,
                req: $crate::bindings::Request,
            ) -> ::core::result::Result<::std::string::String, ::std::vec::Vec<$crate::bindings::ErrorItem>> {
                $crate::runtime::handle::<$plugin>(ctx, req)
            }

            fn on_event(
                ctx: $crate::bindings::Context,
                name: ::std::string::String,
                payload_json: ::std::string::String,
            ) -> ::core::result::Result<(), ::std::string::String> {
                $crate::runtime::on_event::<$plugin>(ctx, name, payload_json)
            }

            fn wizer_initialize() {
                $crate::runtime::initialize::<$plugin>()
            }

            fn invoke(
                ctx: $crate::bindings::Context,
                function: ::std::string::String,
                args_json: ::std::string::String,
            ) -> ::core::result::Result<::std::string::String, ::std::string::String> {
                $crate::runtime::invoke::<$plugin>(ctx, function, args_json)
            }
        }

        $crate::bindings::__export_plugin_world!(__VolanteGuest with_types_in $crate::bindings);

        /// The JSON Schemas this plugin publishes (written into `[schemas]` by the build).
        #[doc(hidden)]
        pub fn __volante_schemas() -> $crate::Schemas {
            let mut schemas = $crate::Schemas::default();
            <$plugin as $crate::Plugin>::schemas(&mut schemas);
            schemas
        }

        /// The plugin's `plugin.toml` against its code, in every plugin's `cargo test --lib`.
        #[cfg(test)]
        mod __volante_manifest_tests {
            use super::*;

            const MANIFEST: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/plugin.toml"));

            /// The router serves every route of the manifest, each declared once.
            #[test]
            fn manifest_routes_have_handlers() {
                let router = <$plugin as $crate::Plugin>::router();
                assert_eq!(router.manifest_mismatches(MANIFEST), ::std::vec::Vec::<::std::string::String>::new());
            }

            /// Every request schema the manifest names is published.
            #[test]
            fn manifest_request_schemas_exist() {
                let schemas = __volante_schemas();
                for line in MANIFEST.lines().filter(|l| l.trim_start().starts_with("request = ")) {
                    let name = line.split('"').nth(1).unwrap_or_default();
                    assert!(schemas.map.contains_key(name), "schema {name} is missing");
                }
            }
        }
    };
}

/// Whether this instance started from the state the host's pre-initialization left (the whole
/// router built once, when the plugin was installed or loaded, and kept for every call). False
/// where the host does not pre-initialize; each call then builds what it needs.
pub fn initialized() -> bool {
    router::with_prebuilt(|_| ()).is_some()
}

/// What most handlers need.
pub mod prelude {
    pub use crate::resource::{Record, Resource};
    pub use crate::sql::{self, params, ToSql};
    pub use crate::{codes, Ctx, Error, JsonText, Plugin, Req, Result, Router, Schemas};
    pub use schemars::JsonSchema;
    pub use serde::{Deserialize, Serialize};
    pub use serde_json::{json, Value};
}
