//! Instances made ahead of their calls, and used ones given back, off the calls' path.
//!
//! A call needs an instance of its plugin that has served no call before. Making one costs
//! tens of microseconds, and so does giving its pooling slot back (resetting the pages the call
//! dirtied). Neither has to happen while a client waits. After each call, the used store goes to
//! the recycler, a thread of its own at idle priority (it runs when a core has nothing else to
//! do). The recycler drops the store, then makes instances of the plugin until
//! `plugins.ready_instances` wait. The next call takes one of them and gives it its state and
//! deadline (`runtime::start_call`). Each instance still serves exactly one call and is then
//! dropped: making it ahead only moves the work.
//!
//! When the machine is too busy for the recycler to keep up, calls stop finding instances
//! waiting and make their own, as without it. Once `BACKLOG` used stores wait to be dropped, the
//! next ones are dropped by their calls, so slots never pile up.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, Weak};

use wasmtime::{Engine, Store};

use super::bindings::latest::Plugin;
use super::host_imports::CallState;
use super::runtime::{self, Limits};
use super::{anonymous_context, Installed};

/// Used stores the recycler may have queued before calls drop their own.
const BACKLOG: usize = 16;

/// Instances waiting across all plugins, at most: a quarter of the pool's 256 slots, so calls
/// always find slots for instances of their own.
const MAX_WAITING: usize = 64;

/// A plugin instance made ahead of its call and never called. Its store holds a placeholder
/// state (`CallState::waiting`) until `runtime::start_call` gives it a call's.
pub struct ReadyInstance {
    pub store: Store<CallState>,
    pub instance: Plugin,
}

pub struct Ready {
    shared: Arc<Shared>,
    jobs: Sender<Job>,
}

struct Shared {
    waiting: Mutex<Waiting>,
    target: usize,
    engine: Engine,
    limits: Limits,
    queued: AtomicUsize,
}

#[derive(Default)]
struct Waiting {
    /// By plugin id.
    lists: HashMap<String, Vec<ReadyInstance>>,
    /// By plugin id: the installed version (as `Plugins` holds it). Instances are made and
    /// kept only for it.
    current: HashMap<String, Weak<Installed>>,
}

impl Waiting {
    fn is_current(&self, plugin: &Arc<Installed>) -> bool {
        self.current.get(&plugin.manifest.plugin.id).is_some_and(|c| std::ptr::eq(c.as_ptr(), Arc::as_ptr(plugin)))
    }
}

struct Job {
    plugin: Arc<Installed>,
    used: Store<CallState>,
}

impl Ready {
    /// Up to `target` instances of each plugin wait; `0` makes none ahead (used stores are
    /// still dropped by the recycler).
    pub fn new(engine: Engine, limits: Limits, target: usize) -> anyhow::Result<Ready> {
        let shared = Arc::new(Shared { waiting: Mutex::new(Waiting::default()), target, engine, limits, queued: AtomicUsize::new(0) });
        let (jobs, receiver) = mpsc::channel();
        let worker = shared.clone();
        std::thread::Builder::new().name("plugin-recycler".into()).spawn(move || worker.run(receiver))?;
        Ok(Ready { shared, jobs })
    }

    /// A never-called instance of `plugin`, if one is waiting. Only instances of the installed
    /// version wait; a call still holding a replaced version gets none.
    pub fn take(&self, plugin: &Arc<Installed>) -> Option<ReadyInstance> {
        let mut waiting = self.shared.waiting.lock().expect("ready instances lock");
        if !waiting.is_current(plugin) {
            return None;
        }
        let found = waiting.lists.get_mut(&plugin.manifest.plugin.id)?.pop()?;
        debug_assert!(Arc::ptr_eq(&found.store.data().plugin, plugin));
        Some(found)
    }

    /// `plugin` is now the installed version of its id (installed, loaded, upgraded or
    /// re-granted): instances of any other version are dropped and no longer made.
    pub fn current(&self, plugin: &Arc<Installed>) {
        let id = plugin.manifest.plugin.id.clone();
        let mut waiting = self.shared.waiting.lock().expect("ready instances lock");
        waiting.current.insert(id.clone(), Arc::downgrade(plugin));
        let gone = waiting.lists.remove(&id);
        drop(waiting);
        drop(gone);
    }

    /// `id` was removed: its waiting instances are dropped and no more are made.
    pub fn forget(&self, id: &str) {
        let mut waiting = self.shared.waiting.lock().expect("ready instances lock");
        waiting.current.remove(id);
        let gone = waiting.lists.remove(id);
        drop(waiting);
        drop(gone);
    }

    /// Drop every waiting instance, giving their slots back to the pool (for a call that found
    /// the pool full); whether there were any.
    pub fn release_all(&self) -> bool {
        let gone = std::mem::take(&mut self.shared.waiting.lock().expect("ready instances lock").lists);
        gone.values().any(|list| !list.is_empty())
    }

    /// After a call of `plugin`: hand its used store to the recycler, which drops it and makes
    /// the next instances. With the recycler behind, the store is dropped here.
    pub fn recycle(&self, plugin: Arc<Installed>, used: Store<CallState>) {
        if self.shared.queued.load(Ordering::Relaxed) >= BACKLOG {
            drop(used);
            return;
        }
        self.shared.queued.fetch_add(1, Ordering::Relaxed);
        if let Err(mpsc::SendError(job)) = self.jobs.send(Job { plugin, used }) {
            self.shared.queued.fetch_sub(1, Ordering::Relaxed);
            drop(job);
        }
    }

    /// How many instances of `id` wait.
    pub fn waiting(&self, id: &str) -> usize {
        self.shared.waiting(id)
    }
}

impl Shared {
    fn waiting(&self, id: &str) -> usize {
        self.waiting.lock().expect("ready instances lock").lists.get(id).map_or(0, Vec::len)
    }

    /// Whether `plugin` is the installed version of its id, has fewer than its target waiting,
    /// and all plugins fewer than `MAX_WAITING`.
    fn wants(&self, plugin: &Arc<Installed>) -> bool {
        let waiting = self.waiting.lock().expect("ready instances lock");
        waiting.is_current(plugin)
            && waiting.lists.get(&plugin.manifest.plugin.id).map_or(0, Vec::len) < self.target && waiting.lists.values().map(Vec::len).sum::<usize>() < MAX_WAITING
    }

    /// The recycler's loop; ends when the `Ready` (and so its sender) is dropped.
    fn run(self: Arc<Self>, jobs: Receiver<Job>) {
        idle_priority();
        let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
            Ok(runtime) => runtime,
            Err(err) => {
                tracing::error!(error = ?err, "the plugin recycler could not start; calls make their own instances");
                return;
            }
        };
        while let Ok(Job { plugin, used }) = jobs.recv() {
            let started = std::time::Instant::now();
            drop(used);
            metrics::histogram!("volante_plugin_teardown_seconds").record(started.elapsed().as_secs_f64());
            self.queued.fetch_sub(1, Ordering::Relaxed);
            // Used stores first: while others queue, their slots matter more than new instances.
            if self.queued.load(Ordering::Relaxed) == 0 {
                runtime.block_on(self.fill(&plugin));
            }
        }
    }

    async fn fill(&self, plugin: &Arc<Installed>) {
        let id = plugin.manifest.plugin.id.as_str();
        while self.wants(plugin) {
            let state = CallState::waiting(plugin.clone(), anonymous_context(String::new()));
            let mut store = runtime::store(&self.engine, state, &self.limits);
            match plugin.pre.instantiate_async(&mut store).await {
                Ok(instance) => {
                    let mut waiting = self.waiting.lock().expect("ready instances lock");
                    if !waiting.is_current(plugin) {
                        // Upgraded or removed meanwhile.
                        return;
                    }
                    let list = waiting.lists.entry(id.to_string()).or_default();
                    if list.len() < self.target {
                        list.push(ReadyInstance { store, instance });
                    }
                }
                Err(err) => {
                    // The pool is full, or the component traps while starting: calls make their
                    // instances themselves (and report the fault) until this passes.
                    tracing::debug!(plugin = id, error = ?err, "could not make an instance ahead of its call");
                    return;
                }
            }
        }
    }
}

/// Run the calling thread only when a core would otherwise be idle (Linux `SCHED_IDLE`).
fn idle_priority() {
    #[cfg(target_os = "linux")]
    {
        let param = libc::sched_param { sched_priority: 0 };
        // SAFETY: sets the calling thread's (pid 0) scheduling policy; `param` outlives the call.
        let result = unsafe { libc::sched_setscheduler(0, libc::SCHED_IDLE, &param) };
        if result != 0 {
            tracing::debug!("the plugin recycler keeps normal priority: {}", std::io::Error::last_os_error());
        }
    }
}
