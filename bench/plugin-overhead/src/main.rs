//! bench/plugin-overhead: the contacts list call (`contact/readall`, first page of 25 of 100,000
//! contacts) served by the contacts plugin and by a native handler compiled into this bench build
//! of the host, side by side in one run against the same data. Prints requests/s, p50 and p99 of
//! both and their ratios.
//!
//! The two sides are measured interleaved: every client sends one request to each side in turn,
//! so drift in the machine's state (other processes, caches, the page cache) hits both alike.
//! The added latency is the difference of the medians, and the median of the per-pair
//! differences beside it.
//!
//! Settings (environment): BENCH_CONTACTS (100000), BENCH_REQUESTS per side and concurrency level
//! (5000), BENCH_CONCURRENCY (levels, "1,4"), VOLANTE_BENCH_DATABASE_URL (PostgreSQL; default
//! SQLite), BENCH_PERF_MAP=1 (name the plugin's functions for `perf`), BENCH_READY_INSTANCES
//! (the host's `plugins.ready_instances`), BENCH_COMPONENT (a
//! contacts.wasm other than the one scripts/build-plugins.sh wrote), BENCH_ONLY=native|plugin (one
//! side alone, for counting with `perf stat`).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use volante_host::app::Application;
use volante_host::config::Config;
use volante_host::{business, demo, plugins::Actor};
use volante_registry::package::{self, Contents};

/// The allocator of the `volante` binary (host/src/main.rs), so the bench measures what it serves.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn contacts_package(key: &volante_registry::package::SigningKey) -> anyhow::Result<Vec<u8>> {
    let build = PathBuf::from(std::env::var("HOME")?).join(".cache/volante/plugins");
    // BENCH_COMPONENT: another build of the component (e.g. one keeping its names, for `perf`).
    let path = std::env::var("BENCH_COMPONENT").map(PathBuf::from).unwrap_or_else(|_| build.join("contacts.wasm"));
    let component = std::fs::read(&path)
        .map_err(|_| anyhow::anyhow!("contacts.wasm is missing: run scripts/build-plugins.sh contacts"))?;
    let mut manifest = std::fs::read_to_string(repo().join("plugins/contacts/plugin.toml"))?;
    if let Ok(schemas) = std::fs::read_to_string(build.join("contacts.schemas.json")) {
        manifest = volante_registry::cli::merge_schemas(&manifest, &serde_json::from_str(&schemas)?)?;
    }
    let migrations = repo().join("plugins/contacts/migrations");
    package::pack(Contents { manifest_text: &manifest, component: &component, migrations_dir: Some(&migrations), ui_dir: None }, key)
}

/// Insert `n` contacts for `business_id` straight into the plugin's table (same columns the
/// plugin writes, search text folded as it folds it).
async fn seed_contacts(url: &str, business_id: i64, n: usize) -> anyhow::Result<()> {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(url).await?;
    let first = ["Ana", "Luis", "María", "José", "Lucía", "Javier", "Carmen", "Pablo", "Elena", "Álvaro"];
    let last = ["García", "Martínez", "López", "Sánchez", "Pérez", "Gómez", "Ruiz", "Díaz", "Peña", "Moreno"];
    let now = "2026-11-22T10:00:00.000Z";
    let mut tx = pool.begin().await?;
    for chunk in (0..n).collect::<Vec<_>>().chunks(500) {
        let mut sql = String::from(
            "INSERT INTO contacts_contact (business_id, state, search_text, created_at, updated_at, code, type, relation, \
             display_name, first_name, last_name, email, city) VALUES ",
        );
        for (k, i) in chunk.iter().enumerate() {
            let (f, l) = (first[i % first.len()], last[(i / first.len()) % last.len()]);
            let name = format!("{f} {l} {i}");
            let folded = volante_host::text::fold(&format!("{i} {name} contacto{i}@example.es madrid"));
            if k > 0 {
                sql.push(',');
            }
            sql.push_str(&format!(
                "({business_id}, 'active', '{folded}', '{now}', '{now}', '{code}', 'P', 'client', '{name}', '{f}', '{l} {i}', 'contacto{i}@example.es', 'Madrid')",
                code = i + 1
            ));
        }
        sqlx::query(&sql).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    pool.close().await;
    Ok(())
}

struct Figures {
    latencies: Vec<Duration>,
    concurrency: usize,
}

impl Figures {
    /// Requests per second this side would serve alone: `concurrency` clients, each waiting
    /// for its answer before the next request, at the measured latencies.
    fn rps(&self) -> f64 {
        let busy: Duration = self.latencies.iter().sum();
        self.latencies.len() as f64 * self.concurrency as f64 / busy.as_secs_f64()
    }
    fn percentile(&self, p: f64) -> Duration {
        let mut sorted = self.latencies.clone();
        sorted.sort();
        sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
    }
}

/// The added median latency of one level, as measured and with a 95 % bootstrap interval:
/// `(estimate, low, high)` in µs, for the difference of the two sides' medians and for the
/// median of the per-pair differences.
struct Latency {
    added: (i64, i64, i64),
    paired: (i64, i64, i64),
}

/// Pairs resampled together in the bootstrap: consecutive pairs share the machine's phase (a
/// slow stretch lasts many requests), so they are drawn in blocks, not one by one, or the
/// interval would come out narrower than the run-to-run spread.
const BLOCK: usize = 50;
const RESAMPLES: usize = 1000;

impl Latency {
    fn of(native: &[Duration], plugin: &[Duration]) -> Latency {
        let micros = |d: &Duration| d.as_micros() as i64;
        let (native, plugin): (Vec<i64>, Vec<i64>) = (native.iter().map(micros).collect(), plugin.iter().map(micros).collect());
        let statistics = |native: &mut Vec<i64>, plugin: &mut Vec<i64>, differences: &mut Vec<i64>| {
            differences.clear();
            differences.extend(plugin.iter().zip(native.iter()).map(|(p, n)| p - n));
            (median(plugin) - median(native), median(differences))
        };
        let (mut n, mut p, mut d) = (native.clone(), plugin.clone(), Vec::new());
        let (added, paired) = statistics(&mut n, &mut p, &mut d);
        // A fixed seed: the same latencies give the same interval.
        let mut rng = fastrand::Rng::with_seed(0x0076_6f6c_616e_7465);
        let blocks = native.len().div_ceil(BLOCK);
        let (mut added_all, mut paired_all) = (Vec::with_capacity(RESAMPLES), Vec::with_capacity(RESAMPLES));
        for _ in 0..RESAMPLES {
            n.clear();
            p.clear();
            for _ in 0..blocks {
                let start = rng.usize(..blocks) * BLOCK;
                let end = (start + BLOCK).min(native.len());
                n.extend_from_slice(&native[start..end]);
                p.extend_from_slice(&plugin[start..end]);
            }
            let (a, m) = statistics(&mut n, &mut p, &mut d);
            added_all.push(a);
            paired_all.push(m);
        }
        let interval = |all: &mut Vec<i64>, estimate: i64| {
            all.sort_unstable();
            let at = |q: f64| all[((all.len() - 1) as f64 * q).round() as usize];
            (estimate, at(0.025), at(0.975))
        };
        Latency { added: interval(&mut added_all, added), paired: interval(&mut paired_all, paired) }
    }
}

/// Whether a run shows a latency figure `(estimate, low, high)` within `target` µs: met when
/// its whole interval is, missed when none of it is, otherwise this run cannot tell.
fn verdict((_, low, high): (i64, i64, i64), target: i64) -> &'static str {
    if high <= target {
        "met"
    } else if low > target {
        "missed"
    } else {
        "not settled by this run"
    }
}

/// The median of `values` (the upper one of an even count), reordering them.
fn median(values: &mut [i64]) -> i64 {
    let middle = values.len() / 2;
    *values.select_nth_unstable(middle).1
}

/// `BENCH_SWEEP_KB`: before each request the client writes over a buffer of this size, one byte
/// per cache line, the way a large statement sweeps the caches. With the whole benchmark on one
/// core (`taskset -c 0`) this puts a cheap statement (`BENCH_CONTACTS=1000`) in the cold state a
/// 5 ms scan leaves, without the scan's noise.
static SWEEP: std::sync::OnceLock<std::sync::Mutex<Vec<u8>>> = std::sync::OnceLock::new();

fn sweep() {
    let buffer = SWEEP.get_or_init(|| std::sync::Mutex::new(vec![0u8; env_number("BENCH_SWEEP_KB", 0) * 1024]));
    let mut buffer = buffer.lock().expect("sweep buffer");
    for line in buffer.chunks_mut(64) {
        line[0] = line[0].wrapping_add(1);
    }
    std::hint::black_box(&mut *buffer);
}

async fn call(client: &reqwest::Client, url: &str, token: &str) -> anyhow::Result<Duration> {
    sweep();
    let t = Instant::now();
    let answer: Value = client
        .post(url)
        .header("Authorization", format!("Token {token}"))
        .json(&json!({}))
        .send()
        .await?
        .json()
        .await?;
    let elapsed = t.elapsed();
    anyhow::ensure!(answer["success"] == true && answer["data"]["items"].as_array().map(Vec::len) == Some(25), "bad answer: {answer}");
    Ok(elapsed)
}

/// `concurrency` clients, each sending `pairs` pairs of requests: one to every url, in turns
/// (which goes first drawn at random), so both sides see the same state of the machine. The
/// latencies of each url, in the order of `urls`.
async fn run(client: &reqwest::Client, urls: [&str; 2], token: &str, pairs: usize, concurrency: usize) -> anyhow::Result<[Vec<Duration>; 2]> {
    let workers = (0..concurrency).map(|worker| {
        let client = client.clone();
        async move {
            let mut latencies = [Vec::with_capacity(pairs), Vec::with_capacity(pairs)];
            // Which side goes first is drawn at random for every pair. A fixed alternation can
            // fall into step with whatever the server does in turns (its pool, for one, hands
            // out its connections in a cycle). With it, one run showed the plugin 180 µs
            // *faster*, interval −198 to −160; which cycle did that is not known.
            let mut order = fastrand::Rng::with_seed(worker as u64 + 1);
            for _ in 0..pairs {
                let first = usize::from(order.bool());
                for side in [first, 1 - first] {
                    latencies[side].push(call(&client, urls[side], token).await?);
                }
            }
            anyhow::Ok(latencies)
        }
    });
    let mut all = [Vec::new(), Vec::new()];
    for result in futures::future::join_all(workers).await {
        let [a, b] = result?;
        all[0].extend(a);
        all[1].extend(b);
    }
    Ok(all)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let contacts = env_number("BENCH_CONTACTS", 100_000);
    let requests = env_number("BENCH_REQUESTS", 5000);
    let levels: Vec<usize> = std::env::var("BENCH_CONCURRENCY")
        .unwrap_or_else(|_| "1,4".into())
        .split(',')
        .map(|l| l.trim().parse())
        .collect::<Result<_, _>>()
        .map_err(|_| anyhow::anyhow!("BENCH_CONCURRENCY: a list of numbers such as 1,4"))?;
    let concurrency = levels.iter().copied().max().unwrap_or(1).max(1);
    let dir = tempfile::tempdir()?;
    let key = package::generate_key();
    let mut config = Config::default();
    config.listen = "127.0.0.1:0".parse()?;
    config.data_dir = dir.path().join("data");
    config.database_url = std::env::var("VOLANTE_BENCH_DATABASE_URL").ok().filter(|u| !u.is_empty());
    config.log = "warn".into();
    config.plugins.trusted_keys = vec![package::public_key_hex(&key)];
    // BENCH_PERF_MAP=1: name the plugin's functions for `perf record` (see README).
    config.plugins.perf_map = std::env::var("BENCH_PERF_MAP").is_ok_and(|v| v == "1");
    // BENCH_READY_INSTANCES: instances made ahead per plugin (the host's `plugins.ready_instances`).
    if let Some(n) = std::env::var("BENCH_READY_INSTANCES").ok().and_then(|v| v.parse().ok()) {
        config.plugins.ready_instances = n;
    }
    let engine = if config.database_url.is_some() { "PostgreSQL" } else { "SQLite" };

    let app = Application::build(config.clone()).await?;
    let state = app.state.clone();
    let seeded = demo::seed(&state.db, Some("Bench-2026!")).await?;
    let actor = Actor { business_id: seeded.provider_business_id, user_id: None };
    state.plugins.install(&state, &contacts_package(&key)?, actor).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    business::enable_services(&state, seeded.school_business_id, &["contacts".to_string()]).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    let data_url = match &config.database_url {
        Some(url) => url.clone(),
        None => format!("sqlite://{}", config.data_dir.join(format!("plugins/business-{}.db", seeded.school_business_id)).display()),
    };
    let seeding = Instant::now();
    seed_contacts(&data_url, seeded.school_business_id, contacts).await?;
    eprintln!("seeded {contacts} contacts in {:.1} s", seeding.elapsed().as_secs_f64());
    sqlx::query("UPDATE app_user SET two_factor = FALSE WHERE email = $1").bind(demo::DIRECTOR).execute(&state.db.pool).await?;

    let base = format!("http://127.0.0.1:{}/api", app.port());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(app.run_until(async move {
        let _ = stopped.await;
    }));
    let client = reqwest::Client::builder().pool_max_idle_per_host(concurrency * 2).build()?;
    let login: Value = client
        .post(format!("{base}/user/login"))
        .json(&json!({ "email": demo::DIRECTOR, "password": "Bench-2026!", "device": "BENCH" }))
        .send()
        .await?
        .json()
        .await?;
    let token = login["data"]["token"].as_str().ok_or_else(|| anyhow::anyhow!("sign-in failed: {login}"))?.to_string();

    let plugin_url = format!("{base}/contact/readall");
    let native_url = format!("{base}/bench/native/contact/readall");
    // Warm up both paths (compiled component, connection pools, SQLite page cache).
    run(&client, [&native_url, &plugin_url], &token, 100, concurrency).await?;
    // Both sides must give the same answer, or the comparison means nothing.
    let answer = |url: String| {
        let (client, token) = (client.clone(), token.clone());
        async move {
            let value: Value = client.post(url).header("Authorization", format!("Token {token}")).json(&json!({})).send().await?.json().await?;
            anyhow::Ok(value)
        }
    };
    let (native_answer, plugin_answer) = (answer(native_url.clone()).await?, answer(plugin_url.clone()).await?);
    anyhow::ensure!(native_answer == plugin_answer, "the two sides answer differently:\nnative {native_answer}\nplugin {plugin_answer}");
    // BENCH_ONLY=native|plugin: one side alone, at the first level, for `perf stat` and the like
    // to count per side (no comparison is printed).
    if let Ok(side) = std::env::var("BENCH_ONLY") {
        let url = match side.as_str() {
            "native" => &native_url,
            "plugin" => &plugin_url,
            _ => anyhow::bail!("BENCH_ONLY: native or plugin"),
        };
        let [latencies, _] = run(&client, [url, url], &token, requests / 2, levels[0]).await?;
        let figures = Figures { latencies, concurrency: levels[0] };
        println!("{side} alone, {requests} requests, concurrency {}: {:.1} requests/s, p50 {} µs", levels[0], figures.rps(), figures.percentile(0.5).as_micros());
        let _ = stop.send(());
        let _ = server.await;
        return Ok(());
    }
    let mut measured = Vec::new();
    for &level in &levels {
        let [native, plugin] = run(&client, [&native_url, &plugin_url], &token, requests / level, level).await?;
        measured.push((level, Figures { latencies: native, concurrency: level }, Figures { latencies: plugin, concurrency: level }));
    }
    let (create, give_back) = volante_host::bench_native::instantiate_alone(&state, "contacts", 2000).await?;
    let metrics = client.get(format!("{}/metrics", base.trim_end_matches("/api"))).send().await?.text().await?;
    let _ = stop.send(());
    let _ = server.await;

    println!("bench/plugin-overhead — contact/readall (first page of 25), {contacts} contacts, {engine}");
    println!("{requests} requests per side and level, the two sides interleaved, loopback HTTP");
    for (level, native, plugin) in &measured {
        println!();
        println!("concurrency {level}");
        println!("{:<8} {:>12} {:>12} {:>12}", "", "requests/s", "p50 (µs)", "p99 (µs)");
        for (name, f) in [("native", native), ("plugin", plugin)] {
            println!("{:<8} {:>12.1} {:>12} {:>12}", name, f.rps(), f.percentile(0.5).as_micros(), f.percentile(0.99).as_micros());
        }
        let ratio = plugin.rps() / native.rps();
        let latency = Latency::of(&native.latencies, &plugin.latencies);
        println!("throughput ratio plugin/native: {ratio:.3}   (target ≥ 0.8)");
        println!(
            "added median latency: {} µs (95 % interval {} to {}); median of paired differences {} µs ({} to {})",
            latency.added.0, latency.added.1, latency.added.2, latency.paired.0, latency.paired.1, latency.paired.2,
        );
        println!(
            "  target ≤ 50 µs: by the difference of the medians {}; by the paired differences {}",
            verdict(latency.added, 50),
            verdict(latency.paired, 50)
        );
    }
    println!();
    println!("where the plugin's time goes (mean per call, from the host's own histograms):");
    let mean = |name: &str| -> Option<(f64, f64)> {
        let sum: f64 = metrics.lines().find(|l| l.starts_with(&format!("{name}_sum")))?.rsplit(' ').next()?.parse().ok()?;
        let count: f64 = metrics.lines().find(|l| l.starts_with(&format!("{name}_count")))?.rsplit(' ').next()?.parse().ok()?;
        Some((sum, count))
    };
    let calls = mean("volante_plugin_call_seconds").map(|(_, c)| c).unwrap_or(1.0);
    for (label, name) in [
        ("dispatch (route, session, checks, call, commit, envelope)", "volante_plugin_dispatch_seconds"),
        ("whole plugin call", "volante_plugin_call_seconds"),
        ("running the guest (call less its SQL imports)", "volante_plugin_guest_seconds"),
        ("  of it, before its first statement", "volante_plugin_guest_before_sql_seconds"),
        ("  of it, after its last statement", "volante_plugin_guest_after_sql_seconds"),
        ("instantiate (when no instance was made ahead)", "volante_plugin_instantiate_seconds"),
        ("SQL imports (awaiting the transaction, guard, database, rows)", "volante_plugin_sql_seconds"),
        ("statement guard alone", "volante_plugin_guard_seconds"),
        ("the database alone", "volante_plugin_sql_database_seconds"),
        ("a page read after the guest (answer.respond-page)", "volante_plugin_page_read_seconds"),
        ("giving the instance back (off the call's path)", "volante_plugin_teardown_seconds"),
    ] {
        // Steps a call did not take (no statement run by the guest itself, say) are left out.
        if let Some((sum, _)) = mean(name).filter(|(_, count)| *count > 0.0) {
            println!("  {label:<50} {:>8.0} µs", sum / calls * 1e6);
        }
    }
    if let Some((sum, count)) = mean("volante_bench_native_seconds") {
        println!("  {:<50} {:>8.0} µs", "(native: its whole handler, from the session on)", sum / count * 1e6);
    }
    if let Some((sum, count)) = mean("volante_bench_native_sql_seconds") {
        println!("  {:<50} {:>8.0} µs", "(native: its two statements)", sum / count * 1e6);
    }
    println!("  instance alone, median of 2000: created in {} µs, given back in {} µs", create.as_micros(), give_back.as_micros());
    Ok(())
}
