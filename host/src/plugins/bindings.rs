//! Host bindings of each supported interface version. One module per version (as Zed does), so
//! plugins built for an older interface keep working when a new one is added beside it.

pub mod since_v0_1_0 {
    wasmtime::component::bindgen!({
        world: "plugin",
        path: "../plugin-sdk/wit",
        imports: { default: async | trappable },
        exports: { default: async },
    });
}

pub use since_v0_1_0 as latest;
