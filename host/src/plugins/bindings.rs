//! Host bindings of each supported interface version. One module per incompatible version (as
//! Zed does), so plugins built for an older interface keep working when a new one is added beside
//! it. Compatible additions (`0.1.0` → … → `0.1.4`, marked `@since` in the WIT) need no
//! module of their own: wasmtime's linker serves an import of `volante:plugin/sql@0.1.0` with the
//! newest `0.1.x` definition, whose functions are a superset.

/// Every `0.1.x`: the newest of them, which serves the older ones.
pub mod v0_1 {
    wasmtime::component::bindgen!({
        world: "plugin",
        path: "../plugin-sdk/wit",
        imports: { default: async | trappable },
        exports: { default: async },
    });
}

pub use v0_1 as latest;
