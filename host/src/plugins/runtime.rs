//! The wasmtime runtime (the Spin pattern): one `Engine` with async support, epoch interruption
//! and the pooling allocator; one pre-instantiated component per installed plugin version,
//! compiled once and cached on disk; a fresh `Store` per call with a deadline and memory and table
//! limits.

use std::hash::{Hash, Hasher};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use wasmtime::component::{Component, HasSelf, Linker};
use wasmtime::{Config, Engine, InstanceAllocationStrategy, PoolingAllocationConfig, ProfilingStrategy, Store, StoreLimits, StoreLimitsBuilder, UpdateDeadline};

use super::bindings::latest::{Plugin, PluginPre};
use super::host_imports::CallState;

pub const EPOCH_TICK: Duration = Duration::from_millis(10);

#[derive(Debug, Clone)]
pub struct Limits {
    pub timeout: Duration,
    pub memory_bytes: usize,
    pub max_response_bytes: usize,
}

pub fn engine(perf_map: bool) -> anyhow::Result<Engine> {
    let mut pool = PoolingAllocationConfig::default();
    pool.total_component_instances(256)
        .total_core_instances(512)
        .total_memories(256)
        .total_tables(512)
        .max_memory_size(128 << 20)
        // Reset the first pages of a reused slot with memset instead of giving them back to the
        // kernel: a guest touches its stack and early heap on every call, and page faults on
        // fresh pages cost more than clearing them.
        .linear_memory_keep_resident(4 << 20)
        .table_keep_resident(64 << 10)
        .async_stack_keep_resident(512 << 10)
        // Find the pages a call dirtied with the kernel's PAGEMAP_SCAN (Linux 6.7+) and reset
        // only those, instead of the whole resident region.
        .pagemap_scan(wasmtime::Enabled::Auto);
    let mut config = Config::new();
    config
        .epoch_interruption(true)
        // No virtual-memory tricks for linear memory: explicit bounds checks, no guard pages.
        // Otherwise every call's memory growth and every slot's reuse change page protections
        // (mprotect), and each change stops the other cores to flush their TLBs; measured
        // (bench/plugin-overhead) that costs more than the checks.
        .signals_based_traps(false)
        .memory_reservation(128 << 20)
        .memory_guard_size(0)
        .allocation_strategy(InstanceAllocationStrategy::Pooling(pool));
    if perf_map {
        config.profiler(ProfilingStrategy::PerfMap);
    }
    let engine = Engine::new(&config)?;
    // The clock that bounds every call: one tick per EPOCH_TICK, for the life of the process.
    let weak = engine.weak();
    std::thread::Builder::new().name("wasm-epoch".into()).spawn(move || loop {
        std::thread::sleep(EPOCH_TICK);
        match weak.upgrade() {
            Some(engine) => engine.increment_epoch(),
            None => break,
        }
    })?;
    Ok(engine)
}

pub fn linker(engine: &Engine) -> anyhow::Result<Linker<CallState>> {
    let mut linker = Linker::<CallState>::new(engine);
    Plugin::add_to_linker::<_, HasSelf<_>>(&mut linker, |state: &mut CallState| state)?;
    Ok(linker)
}

/// Where the compiled artifact of the package `digest` is cached for this engine. The `p1`
/// marks artifacts of components pre-initialized as `preinit.rs` does now (a change there that
/// changes what is compiled changes the mark).
fn artifact_path(engine: &Engine, digest: &str, cache_dir: &Path) -> std::path::PathBuf {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    engine.precompile_compatibility_hash().hash(&mut hasher);
    cache_dir.join(format!("{}-{:016x}-p1.cwasm", digest.trim_start_matches("sha256:"), hasher.finish()))
}

/// The artifact of the package `digest` cached under `cache_dir`, if there is a usable one.
pub fn cached_component(engine: &Engine, digest: &str, cache_dir: &Path) -> Option<Component> {
    let file = artifact_path(engine, digest, cache_dir);
    if !file.exists() {
        return None;
    }
    // SAFETY: the file was written by `Component::serialize` of a compatible engine (its name
    // carries the engine's compatibility hash) inside the host's own data directory.
    match unsafe { Component::deserialize_file(engine, &file) } {
        Ok(component) => Some(component),
        Err(err) => {
            tracing::warn!(error = ?err, file = %file.display(), "cached plugin artifact unusable; recompiling");
            None
        }
    }
}

/// Compile `bytes` (the package `digest`'s component, perhaps pre-initialized) and cache the
/// artifact under `cache_dir`.
pub fn compile_component(engine: &Engine, bytes: &[u8], digest: &str, cache_dir: &Path) -> anyhow::Result<Component> {
    let file = artifact_path(engine, digest, cache_dir);
    let component = Component::new(engine, bytes).map_err(anyhow::Error::from).context("The plugin is not a valid component")?;
    std::fs::create_dir_all(cache_dir)?;
    let tmp = file.with_extension("tmp");
    std::fs::write(&tmp, component.serialize()?)?;
    std::fs::rename(&tmp, &file)?;
    Ok(component)
}

/// Pre-instantiate: checks that the component's imports and exports are the interface's.
pub fn prepare(linker: &Linker<CallState>, component: &Component) -> anyhow::Result<PluginPre<CallState>> {
    let pre = linker.instantiate_pre(component).map_err(anyhow::Error::from).context("The plugin's imports do not match this host's interface")?;
    PluginPre::new(pre).map_err(anyhow::Error::from).context("The plugin does not export the interface's functions")
}

pub fn store(engine: &Engine, mut state: CallState, limits: &Limits) -> Store<CallState> {
    state.limits = store_limits(limits);
    let mut store = Store::new(engine, state);
    store.limiter(|s| &mut s.limits);
    arm(&mut store, limits);
    store
}

/// Give a store made ahead of time (with a placeholder state) its call: the call's state, and
/// a deadline starting now.
pub fn start_call(store: &mut Store<CallState>, mut state: CallState, limits: &Limits) {
    state.limits = store_limits(limits);
    *store.data_mut() = state;
    arm(store, limits);
}

/// Start the store's deadline: `limits.timeout` from now.
fn arm(store: &mut Store<CallState>, limits: &Limits) {
    let deadline = Instant::now() + limits.timeout;
    store.set_epoch_deadline(1);
    store.epoch_deadline_callback(move |_| {
        if Instant::now() >= deadline {
            Ok(UpdateDeadline::Interrupt)
        } else {
            // Give the executor back its thread between ticks; a busy guest never starves others.
            Ok(UpdateDeadline::Yield(1))
        }
    });
}

pub(super) fn store_limits(limits: &Limits) -> StoreLimits {
    StoreLimitsBuilder::new()
        .memory_size(limits.memory_bytes)
        .table_elements(100_000)
        .instances(32)
        .tables(32)
        .memories(8)
        .trap_on_grow_failure(true)
        .build()
}

/// What went wrong inside a guest, for the envelope and the log.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Fault {
    Timeout,
    Memory,
    Trap,
}

pub fn classify(err: &wasmtime::Error) -> Fault {
    if let Some(trap) = err.downcast_ref::<wasmtime::Trap>() {
        if *trap == wasmtime::Trap::Interrupt {
            return Fault::Timeout;
        }
    }
    let text = format!("{err:#}");
    if text.contains("forcing trap when growing memory") || text.contains("memory") && text.contains("limit") {
        Fault::Memory
    } else if text.contains("interrupt") {
        Fault::Timeout
    } else {
        Fault::Trap
    }
}

pub type SharedPre = Arc<PluginPre<CallState>>;
