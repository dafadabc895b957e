//! Pre-initialization (Wizer, built into wasmtime as `wasmtime-wizer`). A component that exports
//! `wizer-initialize` has it run once, when the host installs or first loads it; the memory and
//! globals it leaves are written into a new component, which is what the host compiles, caches
//! and instantiates for every call. So work that is the same for every call (the plugin SDK builds
//! its router and works out each resource's columns and JSON forms there) is done once per
//! version instead of once per call, while every call still starts from the same state and none
//! inherits anything from another.
//!
//! The initializer runs in the same sandbox as a call, with every import trapping (it has no
//! business, user or transaction to act for), the call's memory limit and deadline. A component
//! whose initializer fails is used as it came, and the failure is logged.

use std::collections::HashMap;
use std::sync::Mutex;

use anyhow::Context as _;
use wasmtime::component::{Component, Instance, Linker, WasmList};
use wasmtime::{Engine, Store, StoreLimits};
use wasmtime_wizer::{ComponentInstanceState, Wizer};

use super::runtime::{self, Limits, EPOCH_TICK};

/// The component export the SDK defines (the name `wasmtime wizer` expects by default).
pub const INIT_EXPORT: &str = "wizer-initialize";

/// Whether the component (its outermost level) exports the initializer.
pub fn wanted(bytes: &[u8]) -> bool {
    let mut depth = 0usize;
    for payload in wasmparser::Parser::new(0).parse_all(bytes) {
        match payload {
            Ok(wasmparser::Payload::ModuleSection { .. } | wasmparser::Payload::ComponentSection { .. }) => depth += 1,
            Ok(wasmparser::Payload::End(_)) => depth = depth.saturating_sub(1),
            Ok(wasmparser::Payload::ComponentExportSection(exports)) if depth == 0 => {
                if exports.into_iter().any(|e| e.is_ok_and(|e| e.name.name == INIT_EXPORT)) {
                    return true;
                }
            }
            Ok(_) => {}
            Err(_) => return false,
        }
    }
    false
}

/// `bytes` pre-initialized: the initializer run and its state snapshotted into a new component.
/// Snapshots are kept per digest for the life of the process, so a package installed again
/// (tests, several hosts in one process) is not initialized twice.
pub async fn initialize(engine: &Engine, bytes: &[u8], digest: &str, limits: &Limits) -> anyhow::Result<Vec<u8>> {
    static DONE: Mutex<Option<HashMap<String, Vec<u8>>>> = Mutex::new(None);
    if let Some(found) = DONE.lock().unwrap_or_else(|e| e.into_inner()).as_ref().and_then(|done| done.get(digest).cloned()) {
        return Ok(found);
    }
    let mut wizer = Wizer::new();
    // Kept: wizer drops the core function but not the component's export of it. The host never
    // calls it again (its world has no such export), and calling it again would only rebuild
    // what is there.
    wizer.keep_init_func(true);
    let (cx, instrumented) = wizer.instrument_component(bytes).map_err(anyhow::Error::from).context("instrumenting")?;
    let component = Component::new(engine, &instrumented).map_err(anyhow::Error::from).context("compiling the instrumented component")?;
    let mut linker = Linker::<StoreLimits>::new(engine);
    linker.define_unknown_imports_as_traps(&component).map_err(anyhow::Error::from)?;
    let mut store = Store::new(engine, runtime::store_limits(limits));
    store.limiter(|limits| limits);
    // The call's deadline, in ticks of the engine's epoch clock; past it the guest traps.
    store.set_epoch_deadline((limits.timeout.as_millis() / EPOCH_TICK.as_millis()).max(1) as u64 + 1);
    let instance = linker.instantiate_async(&mut store, &component).await.map_err(anyhow::Error::from).context("instantiating")?;
    let init = instance.get_typed_func::<(), ()>(&mut store, INIT_EXPORT).map_err(anyhow::Error::from)?;
    init.call_async(&mut store, ()).await.map_err(anyhow::Error::from).context("the initializer failed")?;
    let snapshot = wizer
        .snapshot_component(&cx, &mut Access { store: &mut store, instance })
        .await
        .map_err(anyhow::Error::from)
        .context("snapshotting")?;
    DONE.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert_with(HashMap::new).insert(digest.to_string(), snapshot.clone());
    Ok(snapshot)
}

/// What wizer reads the instance's state through: the functions its instrumentation exported.
struct Access<'a> {
    store: &'a mut Store<StoreLimits>,
    instance: Instance,
}

impl Access<'_> {
    async fn call<R: wasmtime::component::Lift + Send + Sync + 'static>(&mut self, instance: &str, func: &str) -> wasmtime::Result<R> {
        let (_, exported) = self.instance.get_export(&mut *self.store, None, instance).ok_or_else(|| wasmtime::Error::msg(format!("no export {instance}")))?;
        let (_, func_index) =
            self.instance.get_export(&mut *self.store, Some(&exported), func).ok_or_else(|| wasmtime::Error::msg(format!("no export {instance}#{func}")))?;
        let func = self.instance.get_typed_func::<(), (R,)>(&mut *self.store, func_index)?;
        Ok(func.call_async(&mut *self.store, ()).await?.0)
    }
}

// The trait has no way to report an error: a failed read here is a broken instrumentation, a bug
// in wizer or here, not something a plugin can cause, so it panics (inside the install, which
// answers with an internal error).
impl ComponentInstanceState for Access<'_> {
    async fn call_func_ret_list_u8(&mut self, instance: &str, func: &str, contents: impl FnOnce(&[u8]) + Send) {
        let list: WasmList<u8> = self.call(instance, func).await.expect("wizer: reading a memory");
        contents(list.as_le_slice(&*self.store));
    }

    async fn call_func_ret_s32(&mut self, instance: &str, func: &str) -> i32 {
        self.call(instance, func).await.expect("wizer: reading a global")
    }

    async fn call_func_ret_s64(&mut self, instance: &str, func: &str) -> i64 {
        self.call(instance, func).await.expect("wizer: reading a global")
    }

    async fn call_func_ret_f32(&mut self, instance: &str, func: &str) -> u32 {
        self.call::<f32>(instance, func).await.expect("wizer: reading a global").to_bits()
    }

    async fn call_func_ret_f64(&mut self, instance: &str, func: &str) -> u64 {
        self.call::<f64>(instance, func).await.expect("wizer: reading a global").to_bits()
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;

    /// The initializer writes memory and a global; `get` reads them back.
    const STATEFUL: &str = r#"(component
        (core module $m
            (memory (export "memory") 1)
            (global $g (mut i32) (i32.const 0))
            (func (export "init") (i32.store (i32.const 100) (i32.const 42)) (global.set $g (i32.const 7)))
            (func (export "get") (result i32) (i32.add (i32.load (i32.const 100)) (global.get $g))))
        (core instance $i (instantiate $m))
        (func (export "wizer-initialize") (canon lift (core func $i "init")))
        (func (export "get") (result s32) (canon lift (core func $i "get"))))"#;

    fn limits(timeout: Duration) -> Limits {
        Limits { timeout, memory_bytes: 16 << 20, max_response_bytes: 1 << 20 }
    }

    async fn get(engine: &Engine, bytes: &[u8]) -> i32 {
        let component = Component::new(engine, bytes).unwrap();
        let mut store = Store::new(engine, ());
        store.set_epoch_deadline(1000);
        let instance = Linker::new(engine).instantiate_async(&mut store, &component).await.unwrap();
        instance.get_typed_func::<(), (i32,)>(&mut store, "get").unwrap().call_async(&mut store, ()).await.unwrap().0
    }

    #[tokio::test]
    async fn the_initializer_state_is_where_every_instance_starts() {
        let engine = runtime::engine(false).unwrap();
        let bytes = wat::parse_str(STATEFUL).unwrap();
        assert!(wanted(&bytes));
        assert_eq!(get(&engine, &bytes).await, 0, "not initialized yet");
        let initialized = initialize(&engine, &bytes, "sha256:stateful", &limits(Duration::from_secs(5))).await.unwrap();
        assert_eq!(get(&engine, &initialized).await, 49);
        // Each instance starts from that state again.
        assert_eq!(get(&engine, &initialized).await, 49);
    }

    #[tokio::test]
    async fn a_component_without_an_initializer_is_not_touched() {
        let bytes = wat::parse_str(r#"(component (core module $m (func (export "f"))) (core instance $i (instantiate $m)) (func (export "f") (canon lift (core func $i "f"))))"#).unwrap();
        assert!(!wanted(&bytes));
        assert!(!wanted(b"not wasm at all"));
    }

    #[tokio::test]
    async fn an_initializer_that_calls_the_host_fails() {
        let engine = runtime::engine(false).unwrap();
        let bytes = wat::parse_str(
            r#"(component
                (import "f" (func $f))
                (core func $lowered (canon lower (func $f)))
                (core module $m
                    (import "host" "f" (func $f))
                    (memory (export "memory") 1)
                    (func (export "init") call $f))
                (core instance $host (export "f" (func $lowered)))
                (core instance $i (instantiate $m (with "host" (instance $host))))
                (func (export "wizer-initialize") (canon lift (core func $i "init"))))"#,
        )
        .unwrap();
        let err = initialize(&engine, &bytes, "sha256:calls-host", &limits(Duration::from_secs(5))).await.unwrap_err();
        assert!(format!("{err:#}").contains("initializer failed"), "{err:#}");
    }

    #[tokio::test]
    async fn an_endless_initializer_is_stopped_at_the_deadline() {
        let engine = runtime::engine(false).unwrap();
        let bytes = wat::parse_str(
            r#"(component
                (core module $m (memory (export "memory") 1) (func (export "init") (loop $l (br $l))))
                (core instance $i (instantiate $m))
                (func (export "wizer-initialize") (canon lift (core func $i "init"))))"#,
        )
        .unwrap();
        let started = Instant::now();
        let err = initialize(&engine, &bytes, "sha256:endless", &limits(Duration::from_millis(200))).await.unwrap_err();
        assert!(format!("{err:#}").contains("initializer failed"), "{err:#}");
        assert!(started.elapsed() < Duration::from_secs(5), "took {:?}", started.elapsed());
    }
}
