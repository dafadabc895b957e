//! bench/plugin-overhead: the contacts list call (`contact/readall`, first page of 25 of 100,000
//! contacts) served by the contacts plugin and by a native handler compiled into this bench build
//! of the host, side by side in one run against the same data. Prints requests/s, p50 and p99 of
//! both and their ratios.
//!
//! Settings (environment): BENCH_CONTACTS (100000), BENCH_REQUESTS per round (1000),
//! BENCH_ROUNDS (5), BENCH_CONCURRENCY (4), VOLANTE_BENCH_DATABASE_URL (PostgreSQL; default SQLite).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use volante_host::app::Application;
use volante_host::config::Config;
use volante_host::{business, demo, plugins::Actor};
use volante_registry::package::{self, Contents};

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn contacts_package(key: &volante_registry::package::SigningKey) -> anyhow::Result<Vec<u8>> {
    let build = PathBuf::from(std::env::var("HOME")?).join(".cache/volante/plugins");
    let component = std::fs::read(build.join("contacts.wasm"))
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
    requests: usize,
    elapsed: Duration,
    latencies: Vec<Duration>,
}

impl Figures {
    fn rps(&self) -> f64 {
        self.requests as f64 / self.elapsed.as_secs_f64()
    }
    fn percentile(&self, p: f64) -> Duration {
        let mut sorted = self.latencies.clone();
        sorted.sort();
        sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
    }
}

async fn run(client: &reqwest::Client, url: &str, token: &str, requests: usize, concurrency: usize) -> anyhow::Result<Figures> {
    let started = Instant::now();
    let per_worker = requests / concurrency;
    let workers = (0..concurrency).map(|_| {
        let client = client.clone();
        let url = url.to_string();
        let token = token.to_string();
        async move {
            let mut latencies = Vec::with_capacity(per_worker);
            for _ in 0..per_worker {
                let t = Instant::now();
                let answer: Value = client
                    .post(&url)
                    .header("Authorization", format!("Token {token}"))
                    .json(&json!({}))
                    .send()
                    .await?
                    .json()
                    .await?;
                latencies.push(t.elapsed());
                anyhow::ensure!(answer["success"] == true && answer["data"]["items"].as_array().map(Vec::len) == Some(25), "bad answer: {answer}");
            }
            anyhow::Ok(latencies)
        }
    });
    let mut latencies = Vec::new();
    for result in futures::future::join_all(workers).await {
        latencies.extend(result?);
    }
    Ok(Figures { requests: latencies.len(), elapsed: started.elapsed(), latencies })
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let contacts = env_number("BENCH_CONTACTS", 100_000);
    let requests = env_number("BENCH_REQUESTS", 1000);
    let rounds = env_number("BENCH_ROUNDS", 5);
    let concurrency = env_number("BENCH_CONCURRENCY", 4);
    let dir = tempfile::tempdir()?;
    let key = package::generate_key();
    let mut config = Config::default();
    config.listen = "127.0.0.1:0".parse()?;
    config.data_dir = dir.path().join("data");
    config.database_url = std::env::var("VOLANTE_BENCH_DATABASE_URL").ok().filter(|u| !u.is_empty());
    config.log = "warn".into();
    config.plugins.trusted_keys = vec![package::public_key_hex(&key)];
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
    run(&client, &plugin_url, &token, 200, concurrency).await?;
    run(&client, &native_url, &token, 200, concurrency).await?;

    let mut plugin = Figures { requests: 0, elapsed: Duration::ZERO, latencies: vec![] };
    let mut native = Figures { requests: 0, elapsed: Duration::ZERO, latencies: vec![] };
    for round in 0..rounds {
        // Alternate which goes first, so drift in the machine's state hits both alike.
        let order: [(&str, &mut Figures); 2] = if round % 2 == 0 {
            [(&native_url, &mut native), (&plugin_url, &mut plugin)]
        } else {
            [(&plugin_url, &mut plugin), (&native_url, &mut native)]
        };
        for (url, figures) in order {
            let r = run(&client, url, &token, requests, concurrency).await?;
            figures.requests += r.requests;
            figures.elapsed += r.elapsed;
            figures.latencies.extend(r.latencies);
        }
    }
    let metrics = client.get(format!("{}/metrics", base.trim_end_matches("/api"))).send().await?.text().await?;
    let _ = stop.send(());
    let _ = server.await;

    println!("bench/plugin-overhead — contact/readall (first page of 25), {contacts} contacts, {engine}");
    println!("{rounds} rounds × {requests} requests per side, concurrency {concurrency}, loopback HTTP");
    println!();
    println!("{:<8} {:>12} {:>12} {:>12}", "", "requests/s", "p50 (µs)", "p99 (µs)");
    for (name, f) in [("native", &native), ("plugin", &plugin)] {
        println!("{:<8} {:>12.1} {:>12} {:>12}", name, f.rps(), f.percentile(0.5).as_micros(), f.percentile(0.99).as_micros());
    }
    println!();
    let ratio = plugin.rps() / native.rps();
    let added = plugin.percentile(0.5).as_micros() as i128 - native.percentile(0.5).as_micros() as i128;
    println!("throughput ratio plugin/native: {ratio:.3}   (target ≥ 0.8)");
    println!("added median latency: {added} µs   (target ≤ 50 µs)");
    println!();
    println!("where the plugin's time goes (mean per call, from the host's own histograms):");
    let mean = |name: &str| -> Option<(f64, f64)> {
        let sum: f64 = metrics.lines().find(|l| l.starts_with(&format!("{name}_sum")))?.rsplit(' ').next()?.parse().ok()?;
        let count: f64 = metrics.lines().find(|l| l.starts_with(&format!("{name}_count")))?.rsplit(' ').next()?.parse().ok()?;
        Some((sum, count))
    };
    let calls = mean("volante_plugin_call_seconds").map(|(_, c)| c).unwrap_or(1.0);
    for (label, name) in [
        ("whole plugin call", "volante_plugin_call_seconds"),
        ("instantiate", "volante_plugin_instantiate_seconds"),
        ("SQL imports (guard + database + copying rows in)", "volante_plugin_sql_seconds"),
        ("statement guard alone", "volante_plugin_guard_seconds"),
    ] {
        if let Some((sum, _)) = mean(name) {
            println!("  {label:<50} {:>8.0} µs", sum / calls * 1e6);
        }
    }
    Ok(())
}
