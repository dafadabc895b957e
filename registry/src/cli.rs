//! The `volante-registry` command line: build, pack, keygen, verify, publish, install, remove, new.
//!
//! ```text
//! volante-registry build plugins/contacts            # component + schemas in ~/.cache/volante/plugins
//! volante-registry keygen --out signing.key          # prints the public key to trust
//! volante-registry pack plugins/contacts --key signing.key
//! volante-registry verify contacts-0.1.0.vplugin --trust <hex>
//! volante-registry publish contacts-0.1.0.vplugin --registry ./registry-data
//! volante-registry install contacts@0.1.0 --registry ./registry-data --host http://127.0.0.1:8080 --token …
//! volante-registry remove contacts --host http://127.0.0.1:8080 --token …
//! volante-registry new fleet                         # scaffolds plugins/fleet
//! ```

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{bail, Context as _};
use clap::{Parser, Subcommand};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::manifest::Manifest;
use crate::package::{self, Contents};

#[derive(Parser)]
#[command(name = "volante-registry", about = "Build, pack, sign, verify, publish and install Volante plugins")]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Build a plugin's component (and its schemas and UI) into the output folder.
    Build {
        plugin_dir: PathBuf,
        /// Output folder (default ~/.cache/volante/plugins).
        #[arg(long)]
        out: Option<PathBuf>,
        #[arg(long)]
        skip_schemas: bool,
        #[arg(long)]
        skip_ui: bool,
    },
    /// Pack a built plugin into one signed file.
    Pack {
        plugin_dir: PathBuf,
        /// The signing key (hex seed, from `keygen`).
        #[arg(long)]
        key: PathBuf,
        /// Package file (default <build folder>/<id>-<version>.vplugin).
        #[arg(long)]
        out: Option<PathBuf>,
        /// The component (default <build folder>/<id>.wasm).
        #[arg(long)]
        wasm: Option<PathBuf>,
        /// Where `build` wrote the component and schemas (default ~/.cache/volante/plugins).
        #[arg(long)]
        build_dir: Option<PathBuf>,
    },
    /// Make a signing key (hex seed, mode 0600) and print its public key.
    Keygen {
        #[arg(long)]
        out: PathBuf,
    },
    /// Check a package's digest, signature (by a trusted key) and manifest.
    Verify {
        package: PathBuf,
        /// Trusted public key, hex (repeatable).
        #[arg(long = "trust", required = true)]
        trust: Vec<String>,
    },
    /// Copy a package into a registry folder and list it in its index.json.
    Publish {
        package: PathBuf,
        #[arg(long)]
        registry: PathBuf,
        /// Replace a published id@version whose contents differ.
        #[arg(long)]
        force: bool,
    },
    /// Install a package file, or id@version from a registry folder, into a running host.
    Install {
        /// A package file, `id@version` or `id` (latest in the registry).
        package: String,
        /// The host's base URL (`http://127.0.0.1:8080`).
        #[arg(long)]
        host: String,
        /// A provider administrator's session token.
        #[arg(long, env = "VOLANTE_TOKEN", hide_env_values = true)]
        token: String,
        /// Registry folder for `id@version` (default ~/.cache/volante/registry).
        #[arg(long)]
        registry: Option<PathBuf>,
    },
    /// Remove an installed plugin from a running host: it stops serving at once; the businesses'
    /// data stays for a later install.
    Remove {
        plugin_id: String,
        /// The host's base URL (`http://127.0.0.1:8080`).
        #[arg(long)]
        host: String,
        /// A provider administrator's session token.
        #[arg(long, env = "VOLANTE_TOKEN", hide_env_values = true)]
        token: String,
    },
    /// Scaffold a working plugin.
    New {
        id: String,
        /// Parent folder (default ./plugins when it exists, else .).
        #[arg(long)]
        dir: Option<PathBuf>,
        /// The plugin-sdk folder (default: found above the new plugin).
        #[arg(long)]
        sdk: Option<PathBuf>,
    },
}

pub fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Cmd::Build { plugin_dir, out, skip_schemas, skip_ui } => {
            let out = out.unwrap_or_else(default_build_dir);
            let built = build(&plugin_dir, &out, !skip_schemas, !skip_ui)?;
            println!("{} ({} bytes)", built.wasm.display(), std::fs::metadata(&built.wasm)?.len());
            if let Some(schemas) = built.schemas {
                println!("{}", schemas.display());
            }
        }
        Cmd::Pack { plugin_dir, key, out, wasm, build_dir } => {
            let build_dir = build_dir.unwrap_or_else(default_build_dir);
            let path = pack(&plugin_dir, &key, &build_dir, wasm.as_deref(), out.as_deref())?;
            println!("{}", path.display());
        }
        Cmd::Keygen { out } => println!("{}", keygen(&out)?),
        Cmd::Verify { package, trust } => {
            let bytes = std::fs::read(&package).with_context(|| format!("cannot read {}", package.display()))?;
            let verified = package::verify(&bytes, &trust)?;
            println!("{}", serde_json::to_string_pretty(&summary(&verified))?);
        }
        Cmd::Publish { package, registry, force } => {
            let entry = publish(&package, &registry, force)?;
            println!("{}", serde_json::to_string_pretty(&entry)?);
        }
        Cmd::Install { package, host, token, registry } => {
            let registry = registry.unwrap_or_else(|| cache_dir().join("registry"));
            let file = resolve_package(&package, &registry)?;
            println!("{}", install(&file, &host, &token)?);
        }
        Cmd::Remove { plugin_id, host, token } => {
            println!("{}", remove(&plugin_id, &host, &token)?);
        }
        Cmd::New { id, dir, sdk } => {
            let parent = dir.unwrap_or_else(|| if Path::new("plugins").is_dir() { "plugins".into() } else { ".".into() });
            let created = scaffold(&id, &parent, sdk.as_deref())?;
            println!("{}", created.display());
            println!("build it: volante-registry build {}", created.display());
        }
    }
    Ok(())
}

fn cache_dir() -> PathBuf {
    std::env::var_os("HOME").map(PathBuf::from).unwrap_or_else(|| ".".into()).join(".cache/volante")
}

fn default_build_dir() -> PathBuf {
    cache_dir().join("plugins")
}

// ---------------------------------------------------------------------------------------------
// build

/// How guests are compiled on this machine (see docs/plugins.md).
#[derive(Debug, Clone, PartialEq)]
pub struct Toolchain {
    pub cargo: PathBuf,
    pub env: Vec<(String, String)>,
    pub extra_args: Vec<String>,
    pub target_dir: PathBuf,
}

/// A rustup `wasm32-unknown-unknown` target when installed; else Debian's rustc-web with the
/// standard library built from source.
pub fn toolchain() -> anyhow::Result<Toolchain> {
    const DEBIAN_LINKER: &str = "/usr/lib/rustlib/x86_64-unknown-linux-gnu/bin/wasm-component-ld";
    const WASM_LD: &str = "/usr/lib/llvm-19/bin/wasm-ld";
    let rustup_has_target = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .stderr(Stdio::null())
        .output()
        .map(|o| o.status.success() && String::from_utf8_lossy(&o.stdout).lines().any(|l| l.trim() == "wasm32-unknown-unknown"))
        .unwrap_or(false);
    let mut env = Vec::new();
    if Path::new(WASM_LD).exists() {
        env.push(("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS".into(), format!("-Clink-arg=--wasm-ld-path={WASM_LD}")));
    }
    if rustup_has_target {
        let sysroot = Command::new("rustc").args(["--print", "sysroot"]).output().context("rustc --print sysroot")?;
        let sysroot = String::from_utf8_lossy(&sysroot.stdout).trim().to_string();
        let own = Path::new(&sysroot).join("lib/rustlib/x86_64-unknown-linux-gnu/bin/wasm-component-ld");
        let linker = if own.exists() { own } else { PathBuf::from(DEBIAN_LINKER) };
        env.push(("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER".into(), linker.display().to_string()));
        let target_dir = cache_dir().join("wasm-target-rustup");
        return Ok(Toolchain { cargo: "cargo".into(), env, extra_args: Vec::new(), target_dir });
    }
    for need in ["/usr/bin/cargo", "/usr/bin/rustc", DEBIAN_LINKER, WASM_LD] {
        if !Path::new(need).exists() {
            bail!(
                "no wasm toolchain: `rustup target add wasm32-unknown-unknown`, or on Debian install \
                 rustc-web cargo-web rust-web-src lld-19 ({need} is missing)"
            );
        }
    }
    env.push(("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER".into(), DEBIAN_LINKER.into()));
    env.push(("RUSTC".into(), "/usr/bin/rustc".into()));
    env.push(("RUSTDOC".into(), "/usr/bin/rustdoc".into()));
    env.push(("RUSTC_BOOTSTRAP".into(), "1".into()));
    Ok(Toolchain {
        cargo: "/usr/bin/cargo".into(),
        env,
        extra_args: vec!["-Zbuild-std=std,panic_abort".into()],
        target_dir: cache_dir().join("wasm-target"),
    })
}

pub struct Built {
    pub id: String,
    pub wasm: PathBuf,
    pub schemas: Option<PathBuf>,
}

fn read_manifest(plugin_dir: &Path) -> anyhow::Result<(String, Manifest)> {
    let path = plugin_dir.join("plugin.toml");
    let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
    let manifest = Manifest::parse(&text).with_context(|| format!("{} is not valid", path.display()))?;
    Ok((text, manifest))
}

/// The library name of the plugin's crate (the component's file name).
fn crate_lib_name(plugin_dir: &Path) -> anyhow::Result<String> {
    let path = plugin_dir.join("Cargo.toml");
    let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
    let table: toml::Table = toml::from_str(&text).with_context(|| format!("{} is not valid TOML", path.display()))?;
    let name = table
        .get("lib")
        .and_then(|l| l.get("name"))
        .or_else(|| table.get("package").and_then(|p| p.get("name")))
        .and_then(|n| n.as_str())
        .context("Cargo.toml has no package name")?;
    Ok(name.replace('-', "_"))
}

/// Compile the component into `out/<id>.wasm`; write `out/<id>.schemas.json` when the plugin
/// has `examples/schemas.rs`; run the UI's `npm run build` when it has `ui/package.json`.
pub fn build(plugin_dir: &Path, out: &Path, schemas: bool, ui: bool) -> anyhow::Result<Built> {
    let (_, manifest) = read_manifest(plugin_dir)?;
    let id = manifest.plugin.id.clone();
    let lib = crate_lib_name(plugin_dir)?;
    let tc = toolchain()?;
    let cargo_toml = plugin_dir.join("Cargo.toml");
    let mut cmd = Command::new(&tc.cargo);
    cmd.args(["build", "--profile", "guest", "--target", "wasm32-unknown-unknown", "--lib", "--manifest-path"])
        .arg(&cargo_toml)
        .args(&tc.extra_args)
        .env("CARGO_TARGET_DIR", &tc.target_dir);
    for (k, v) in &tc.env {
        cmd.env(k, v);
    }
    let status = cmd.status().with_context(|| format!("cannot run {}", tc.cargo.display()))?;
    if !status.success() {
        bail!("the plugin did not build ({status})");
    }
    std::fs::create_dir_all(out)?;
    let built = tc.target_dir.join("wasm32-unknown-unknown/guest").join(format!("{lib}.wasm"));
    let wasm = out.join(format!("{id}.wasm"));
    std::fs::copy(&built, &wasm).with_context(|| format!("cannot copy {}", built.display()))?;

    let mut schemas_path = None;
    if schemas && plugin_dir.join("examples/schemas.rs").exists() {
        let path = out.join(format!("{id}.schemas.json"));
        let mut cmd = Command::new(&tc.cargo);
        cmd.args(["run", "-q", "--release", "--example", "schemas", "--manifest-path"])
            .arg(&cargo_toml)
            .arg("--")
            .arg(&path)
            .env("CARGO_TARGET_DIR", &tc.target_dir);
        for (k, v) in tc.env.iter().filter(|(k, _)| !k.starts_with("CARGO_TARGET_WASM32")) {
            cmd.env(k, v);
        }
        let status = cmd.status().context("cannot run the schemas example")?;
        if !status.success() {
            bail!("the plugin's schemas example failed ({status})");
        }
        schemas_path = Some(path);
    }
    if ui && plugin_dir.join("ui/package.json").exists() {
        let status = Command::new("npm").args(["run", "build"]).current_dir(plugin_dir.join("ui")).status().context("cannot run npm")?;
        if !status.success() {
            bail!("the plugin's UI did not build ({status})");
        }
    }
    Ok(Built { id, wasm, schemas: schemas_path })
}

// ---------------------------------------------------------------------------------------------
// pack

/// TOML has no null: drop null members and items (a schema's `"default": null` says nothing a
/// nullable type does not).
fn strip_nulls(value: Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(map.into_iter().filter(|(_, v)| !v.is_null()).map(|(k, v)| (k, strip_nulls(v))).collect()),
        Value::Array(items) => Value::Array(items.into_iter().filter(|v| !v.is_null()).map(strip_nulls).collect()),
        other => other,
    }
}

/// The manifest text with `schemas` (name → JSON Schema) in its `[schemas]` table.
pub fn merge_schemas(manifest_text: &str, schemas: &serde_json::Map<String, Value>) -> anyhow::Result<String> {
    let mut table: toml::Table = toml::from_str(manifest_text).context("plugin.toml is not valid TOML")?;
    let existing = table.entry("schemas").or_insert_with(|| toml::Value::Table(toml::Table::new()));
    let toml::Value::Table(existing) = existing else { bail!("plugin.toml: `schemas` must be a table") };
    for (name, schema) in schemas {
        let converted: toml::Value = toml::Value::try_from(strip_nulls(schema.clone())).with_context(|| format!("schema {name}"))?;
        existing.insert(name.clone(), converted);
    }
    let text = toml::to_string(&table)?;
    Manifest::parse(&text).context("the manifest with schemas is not valid")?;
    Ok(text)
}

pub fn pack(plugin_dir: &Path, key: &Path, build_dir: &Path, wasm: Option<&Path>, out: Option<&Path>) -> anyhow::Result<PathBuf> {
    let (text, manifest) = read_manifest(plugin_dir)?;
    let id = &manifest.plugin.id;
    let key_text = std::fs::read_to_string(key).with_context(|| format!("cannot read the key {}", key.display()))?;
    let key = package::signing_key_from_hex(&key_text).context("the key file must hold a 32-byte hex seed")?;
    let wasm = wasm.map(Path::to_path_buf).unwrap_or_else(|| build_dir.join(format!("{id}.wasm")));
    let component = std::fs::read(&wasm).with_context(|| format!("cannot read {} (run `build` first)", wasm.display()))?;
    let schemas_path = build_dir.join(format!("{id}.schemas.json"));
    let manifest_text = if schemas_path.exists() {
        let schemas: serde_json::Map<String, Value> = serde_json::from_slice(&std::fs::read(&schemas_path)?)
            .with_context(|| format!("{} is not a JSON object", schemas_path.display()))?;
        merge_schemas(&text, &schemas)?
    } else {
        text
    };
    let migrations = plugin_dir.join(&manifest.plugin.migrations);
    let ui = plugin_dir.join("ui/dist");
    let bytes = package::pack(
        Contents {
            manifest_text: &manifest_text,
            component: &component,
            migrations_dir: migrations.is_dir().then_some(migrations.as_path()),
            ui_dir: ui.is_dir().then_some(ui.as_path()),
        },
        &key,
    )?;
    let out = out.map(Path::to_path_buf).unwrap_or_else(|| build_dir.join(format!("{id}-{}.vplugin", manifest.plugin.version)));
    if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(&out, bytes)?;
    Ok(out)
}

// ---------------------------------------------------------------------------------------------
// keygen, verify

/// Write a new signing key (hex seed) readable by its owner only; the public key, hex.
pub fn keygen(out: &Path) -> anyhow::Result<String> {
    let key = package::generate_key();
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(out).with_context(|| format!("cannot create {} (it must not exist yet)", out.display()))?;
    writeln!(file, "{}", hex::encode(key.to_bytes()))?;
    Ok(package::public_key_hex(&key))
}

fn summary(p: &package::Package) -> Value {
    serde_json::json!({
        "id": p.manifest.plugin.id,
        "name": p.manifest.plugin.name,
        "version": p.manifest.plugin.version.to_string(),
        "api": p.manifest.plugin.api,
        "digest": p.digest,
        "signer": p.signer,
        "routes": p.manifest.routes.len(),
        "schemas": p.manifest.schemas.len(),
        "migrations": { "sqlite": p.migrations_sqlite.len(), "postgres": p.migrations_postgres.len() },
        "ui_files": p.ui.len(),
        "component_bytes": p.component.len(),
    })
}

// ---------------------------------------------------------------------------------------------
// publish

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Index {
    pub packages: Vec<IndexEntry>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct IndexEntry {
    pub id: String,
    pub name: String,
    pub version: String,
    pub api: String,
    pub digest: String,
    /// Path of the package inside the registry folder.
    pub file: String,
    pub signer: String,
    pub published_at: String,
}

pub fn read_index(registry: &Path) -> anyhow::Result<Index> {
    let path = registry.join("index.json");
    if !path.exists() {
        return Ok(Index::default());
    }
    serde_json::from_slice(&std::fs::read(&path)?).with_context(|| format!("{} is not a registry index", path.display()))
}

/// Check the package's integrity, copy it to `<registry>/<id>/<id>-<version>.vplugin` and
/// list it in `<registry>/index.json`. Publishing the same package again changes nothing.
pub fn publish(package_path: &Path, registry: &Path, force: bool) -> anyhow::Result<IndexEntry> {
    let bytes = std::fs::read(package_path).with_context(|| format!("cannot read {}", package_path.display()))?;
    let p = package::verify_integrity(&bytes)?;
    let id = p.manifest.plugin.id.clone();
    let version = p.manifest.plugin.version.to_string();
    let mut index = read_index(registry)?;
    if let Some(existing) = index.packages.iter().find(|e| e.id == id && e.version == version) {
        if existing.digest == p.digest {
            return Ok(existing.clone());
        }
        if !force {
            bail!("{id}@{version} is already published with other contents (digest {}); publish a new version or use --force", existing.digest);
        }
    }
    let file = format!("{id}/{id}-{version}.vplugin");
    let target = registry.join(&file);
    std::fs::create_dir_all(target.parent().expect("has a parent"))?;
    let tmp = target.with_extension("vplugin.tmp");
    std::fs::write(&tmp, &bytes)?;
    std::fs::rename(&tmp, &target)?;
    let entry = IndexEntry {
        id: id.clone(),
        name: p.manifest.plugin.name.clone(),
        version: version.clone(),
        api: p.manifest.plugin.api.clone(),
        digest: p.digest.clone(),
        file,
        signer: p.signer.clone(),
        published_at: utc_now(),
    };
    index.packages.retain(|e| !(e.id == id && e.version == version));
    index.packages.push(entry.clone());
    index.packages.sort_by(|a, b| {
        a.id.cmp(&b.id).then_with(|| match (semver::Version::parse(&a.version), semver::Version::parse(&b.version)) {
            (Ok(x), Ok(y)) => x.cmp(&y),
            _ => a.version.cmp(&b.version),
        })
    });
    let index_path = registry.join("index.json");
    let tmp = registry.join("index.json.tmp");
    std::fs::write(&tmp, serde_json::to_string_pretty(&index)? + "\n")?;
    std::fs::rename(&tmp, &index_path)?;
    Ok(entry)
}

/// UTC now as ISO-8601 with milliseconds (`2025-01-31T10:00:00.000Z`).
fn utc_now() -> String {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    let secs = now.as_secs() as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        now.subsec_millis()
    )
}

// ---------------------------------------------------------------------------------------------
// install

/// A package file as given, or `id@version` / `id` (latest) from the registry's index.
pub fn resolve_package(spec: &str, registry: &Path) -> anyhow::Result<PathBuf> {
    let as_file = Path::new(spec);
    if as_file.is_file() {
        return Ok(as_file.to_path_buf());
    }
    let (id, version) = match spec.split_once('@') {
        Some((id, v)) => (id, Some(v)),
        None => (spec, None),
    };
    let index = read_index(registry)?;
    let entry = index
        .packages
        .iter()
        .filter(|e| e.id == id && version.is_none_or(|v| e.version == v))
        .max_by(|a, b| match (semver::Version::parse(&a.version), semver::Version::parse(&b.version)) {
            (Ok(x), Ok(y)) => x.cmp(&y),
            _ => a.version.cmp(&b.version),
        })
        .with_context(|| format!("{spec} is neither a file nor published in {}", registry.display()))?;
    Ok(registry.join(&entry.file))
}

/// POST the package to the host's `plugin/install` (multipart field `package`). Returns the
/// host's answer.
pub fn install(file: &Path, host: &str, token: &str) -> anyhow::Result<String> {
    let form = format!("package=@{};type=application/octet-stream", file.display());
    post_to_host(host, "plugin/install", token, &["-F", &form], "the host refused the package")
}

/// POST `plugin/remove` for `plugin_id`. Returns the host's answer.
pub fn remove(plugin_id: &str, host: &str, token: &str) -> anyhow::Result<String> {
    let body = serde_json::json!({ "plugin_id": plugin_id }).to_string();
    let args = ["-H", "Content-Type: application/json", "--data-binary", &body];
    post_to_host(host, "plugin/remove", token, &args, &format!("the host did not remove {plugin_id}"))
}

/// POST to the host's `/api/<call>` with curl (`args` give the body); the token goes through
/// stdin, never the command line. The answer's `data`; when the host refuses, `refused` and its
/// error with code and reason.
fn post_to_host(host: &str, call: &str, token: &str, args: &[&str], refused: &str) -> anyhow::Result<String> {
    let url = format!("{}/api/{call}", host.trim_end_matches('/'));
    let mut child = Command::new("curl")
        .args(["-sS", "-H", "@-"])
        .args(args)
        .arg(&url)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .context("cannot run curl (install it to talk to a host)")?;
    child.stdin.take().expect("piped").write_all(format!("Authorization: Token {token}\n").as_bytes())?;
    let output = child.wait_with_output()?;
    let body = String::from_utf8_lossy(&output.stdout).to_string();
    if !output.status.success() {
        bail!("the host did not answer ({}): {body}", output.status);
    }
    let answer: Value = serde_json::from_str(&body).with_context(|| format!("the host's answer is not JSON: {body}"))?;
    if answer.get("success") != Some(&Value::Bool(true)) {
        bail!("{refused}: {}", answer.get("error").unwrap_or(&answer));
    }
    Ok(serde_json::to_string_pretty(&answer["data"])?)
}

// ---------------------------------------------------------------------------------------------
// new

fn relative_path(from_dir: &Path, to: &Path) -> PathBuf {
    let from: Vec<_> = from_dir.components().collect();
    let to_parts: Vec<_> = to.components().collect();
    let common = from.iter().zip(&to_parts).take_while(|(a, b)| a == b).count();
    let mut out = PathBuf::new();
    for _ in common..from.len() {
        out.push("..");
    }
    for part in &to_parts[common..] {
        out.push(part);
    }
    out
}

/// `fleet_admin` → `FleetAdmin`.
fn type_name(id: &str) -> String {
    id.split('_')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let mut chars = p.chars();
            chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
        })
        .collect::<String>()
        + "Plugin"
}

fn find_sdk(start: &Path) -> Option<PathBuf> {
    let mut dir = Some(start);
    while let Some(d) = dir {
        let candidate = d.join("plugin-sdk");
        if candidate.join("Cargo.toml").exists() && candidate.join("wit").is_dir() {
            return Some(candidate);
        }
        dir = d.parent();
    }
    None
}

/// Create `<parent>/<id>`: a plugin crate with one route and one table that `build` builds.
/// The crate is its own cargo workspace (add it to Volante's `members` to build it with the
/// rest instead).
pub fn scaffold(id: &str, parent: &Path, sdk: Option<&Path>) -> anyhow::Result<PathBuf> {
    let id_ok = id.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && id.len() <= 40;
    if !id_ok {
        bail!("plugin id `{id}` must be lower-case letters, digits and `_`, starting with a letter");
    }
    std::fs::create_dir_all(parent)?;
    let parent = parent.canonicalize()?;
    let dir = parent.join(id);
    if dir.exists() {
        bail!("{} already exists", dir.display());
    }
    let sdk = match sdk {
        Some(s) => s.canonicalize().with_context(|| format!("no plugin-sdk at {}", s.display()))?,
        None => find_sdk(&parent).context("plugin-sdk not found above the new plugin; pass --sdk")?,
    };
    let sdk_rel = relative_path(&dir, &sdk);
    let files: Vec<(&str, String)> = vec![
        ("Cargo.toml", SCAFFOLD_CARGO.replace("{id}", id).replace("{sdk}", &sdk_rel.display().to_string())),
        ("plugin.toml", SCAFFOLD_MANIFEST.replace("{id}", id).replace("{api}", crate::LATEST_API_VERSION)),
        ("src/lib.rs", SCAFFOLD_LIB.replace("{id}", id).replace("{Type}", &type_name(id))),
        ("examples/schemas.rs", SCAFFOLD_SCHEMAS.replace("{crate}", id)),
        ("migrations/sqlite/0001_init.sql", SCAFFOLD_SQL.replace("{id}", id).replace("{pk}", "INTEGER PRIMARY KEY")),
        (
            "migrations/postgres/0001_init.sql",
            SCAFFOLD_SQL.replace("{id}", id).replace("{pk}", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
        ),
        ("README.md", SCAFFOLD_README.replace("{id}", id)),
        (".gitignore", "/target\n".to_string()),
    ];
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().expect("has a parent"))?;
        std::fs::write(&path, text)?;
    }
    // The versions the SDK is built and tested with (cargo drops what the plugin does not use on
    // its first build). With them the plugin builds from the local crate cache, without asking
    // the crates.io index for newer ones.
    if let Some(lock) = sdk.parent().map(|root| root.join("Cargo.lock")).filter(|lock| lock.is_file()) {
        std::fs::copy(&lock, dir.join("Cargo.lock")).with_context(|| format!("cannot copy {}", lock.display()))?;
    }
    Ok(dir)
}

const SCAFFOLD_CARGO: &str = r#"[package]
name = "{id}"
version = "0.1.0"
edition = "2021"
publish = false

[lib]
# cdylib: the component; rlib: the native build that writes the JSON Schemas.
crate-type = ["cdylib", "rlib"]

[dependencies]
volante-plugin-sdk = { path = "{sdk}" }
serde = { version = "1", features = ["derive"] }
serde_json = "1"
schemars = { version = "1", default-features = false, features = ["derive", "std"] }

# A workspace of its own; to build it with Volante's instead, delete this table and add the
# folder to the root Cargo.toml's `members`.
[workspace]

# Volante's own plugins are built the same way; `opt-level = 3` gave faster calls than "s".
[profile.guest]
inherits = "release"
opt-level = 3
lto = true
codegen-units = 1
panic = "abort"
strip = true
"#;

const SCAFFOLD_MANIFEST: &str = r#"[plugin]
id = "{id}"
name = "{id}"
version = "0.1.0"
api = "{api}"
description = ""
migrations = "migrations"

[[services]]
id = "{id}"
name = "{id}"

[[permissions]]
key = "{id}.read"
label = "Consultar {id}"

[[routes]]
method = "GET"
path = "{id}/hello"
permission = "{id}.read"
response = "{id}_hello"
summary = "Saludo con el número de elementos de la empresa"
"#;

const SCAFFOLD_LIB: &str = r#"//! The `{id}` plugin.

use volante_plugin_sdk::prelude::*;

pub struct {Type};

/// What `{id}/hello` answers.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Hello {
    pub message: String,
    pub business_id: i64,
    pub items: i64,
}

fn hello(ctx: &Ctx, _req: &Req) -> Result<Hello> {
    let items: i64 = sql::query_scalar("SELECT COUNT(*) FROM {id}_item WHERE business_id = $1", &params![ctx.business_id])?;
    Ok(Hello { message: "Hola".into(), business_id: ctx.business_id, items })
}

impl Plugin for {Type} {
    fn router() -> Router {
        Router::new().get("{id}/hello", hello)
    }

    fn schemas(schemas: &mut Schemas) {
        schemas.add::<Hello>("{id}_hello");
    }
}

volante_plugin_sdk::plugin!({Type});
"#;

const SCAFFOLD_SCHEMAS: &str = r#"fn main() {
    volante_plugin_sdk::schema::main({crate}::__volante_schemas());
}
"#;

const SCAFFOLD_SQL: &str = r#"-- Every table is named {id}_<name> and carries business_id.
CREATE TABLE {id}_item (
    id {pk},
    business_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX {id}_item_business ON {id}_item (business_id);
"#;

const SCAFFOLD_README: &str = r#"# {id}

A Volante plugin. `GET /api/{id}/hello` answers a greeting and the number of items of the
caller's business.

- `plugin.toml`: the manifest (routes, permissions, services).
- `src/lib.rs`: the routes (see `volante_plugin_sdk`, and its `resource` module for CRUD).
- `migrations/sqlite` and `migrations/postgres`: the same schema for both engines.

```sh
volante-registry build .                     # component + schemas in ~/.cache/volante/plugins
volante-registry pack . --key signing.key    # one signed file
```

`Cargo.lock` starts as the lock of the Volante checkout the plugin was made from, so the plugin
builds with the dependency versions the SDK is tested with. Commit it.

Test the plugin in the real host with `volante-plugin-harness` (in a small native crate, since
this one is built for wasm): `Harness::start("/path/to/{id}")` starts a host on a fresh
database, installs the built component, switches the `{id}` service on for two businesses and
signs in; `harness.get("{id}/hello", &[])` then calls the route over HTTP.
"#;

#[cfg(test)]
mod tests {
    use super::*;

    fn write_plugin(dir: &Path) {
        std::fs::create_dir_all(dir.join("migrations/sqlite")).unwrap();
        std::fs::create_dir_all(dir.join("migrations/postgres")).unwrap();
        std::fs::write(
            dir.join("plugin.toml"),
            "[plugin]\nid = \"demo\"\nname = \"Demo\"\nversion = \"0.2.0\"\napi = \"0.1.0\"\n\n[[services]]\nid = \"demo\"\nname = \"Demo\"\n",
        )
        .unwrap();
        std::fs::write(dir.join("migrations/sqlite/0001_init.sql"), "CREATE TABLE demo_item (id INTEGER PRIMARY KEY, business_id BIGINT NOT NULL);").unwrap();
        std::fs::write(dir.join("migrations/postgres/0001_init.sql"), "CREATE TABLE demo_item (id BIGINT PRIMARY KEY, business_id BIGINT NOT NULL);").unwrap();
    }

    #[test]
    fn keygen_pack_verify_publish() {
        let tmp = tempfile::tempdir().unwrap();
        let key = tmp.path().join("signing.key");
        let public = keygen(&key).unwrap();
        assert_eq!(public.len(), 64);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&key).unwrap().permissions().mode() & 0o777, 0o600);
        }
        assert!(keygen(&key).is_err(), "an existing key is never overwritten");

        let plugin = tmp.path().join("demo");
        write_plugin(&plugin);
        let build = tmp.path().join("build");
        std::fs::create_dir_all(&build).unwrap();
        std::fs::write(build.join("demo.wasm"), b"\0asm\x0d\0\x01\0").unwrap();
        std::fs::write(
            build.join("demo.schemas.json"),
            r#"{"item": {"type": "object", "properties": {"name": {"type": "string", "default": null}}}}"#,
        )
        .unwrap();
        let pkg = pack(&plugin, &key, &build, None, None).unwrap();
        assert_eq!(pkg, build.join("demo-0.2.0.vplugin"));

        let bytes = std::fs::read(&pkg).unwrap();
        let verified = package::verify(&bytes, std::slice::from_ref(&public)).unwrap();
        assert_eq!(verified.manifest.plugin.id, "demo");
        assert_eq!(verified.migrations_sqlite.len(), 1);
        assert_eq!(verified.migrations_postgres.len(), 1);
        assert_eq!(verified.manifest.schemas["item"]["properties"]["name"], serde_json::json!({"type": "string"}));
        assert!(package::verify(&bytes, &["00".repeat(32)]).is_err());

        let registry = tmp.path().join("registry");
        let entry = publish(&pkg, &registry, false).unwrap();
        assert_eq!((entry.id.as_str(), entry.version.as_str(), entry.file.as_str()), ("demo", "0.2.0", "demo/demo-0.2.0.vplugin"));
        assert_eq!(entry.digest, verified.digest);
        assert_eq!(entry.published_at.len(), 24);
        assert!(registry.join(&entry.file).is_file());
        // Publishing the same package again is a no-op; other contents under the same version are refused.
        assert_eq!(publish(&pkg, &registry, false).unwrap(), entry);
        std::fs::write(build.join("demo.wasm"), b"\0asm\x0d\0\x01\0changed").unwrap();
        let changed = pack(&plugin, &key, &build, None, Some(&tmp.path().join("changed.vplugin"))).unwrap();
        assert!(publish(&changed, &registry, false).is_err());
        assert_ne!(publish(&changed, &registry, true).unwrap().digest, entry.digest);

        let index = read_index(&registry).unwrap();
        assert_eq!(index.packages.len(), 1);
        assert_eq!(resolve_package("demo@0.2.0", &registry).unwrap(), registry.join("demo/demo-0.2.0.vplugin"));
        assert_eq!(resolve_package("demo", &registry).unwrap(), registry.join("demo/demo-0.2.0.vplugin"));
        assert!(resolve_package("demo@9.9.9", &registry).is_err());

        // A tampered package cannot be published.
        let mut tampered = bytes.clone();
        let at = tampered.windows(4).position(|w| w == [0x1f, 0x8b, 0x08, 0x00]).unwrap() + 20;
        tampered[at] ^= 0xff;
        let bad = tmp.path().join("bad.vplugin");
        std::fs::write(&bad, tampered).unwrap();
        assert!(publish(&bad, &registry, false).is_err());
    }

    #[test]
    fn scaffold_makes_a_valid_plugin() {
        let tmp = tempfile::tempdir().unwrap();
        let sdk = tmp.path().join("repo/plugin-sdk");
        std::fs::create_dir_all(sdk.join("wit")).unwrap();
        std::fs::write(sdk.join("Cargo.toml"), "[package]\nname = \"volante-plugin-sdk\"\n").unwrap();
        let plugins = tmp.path().join("repo/plugins");
        let dir = scaffold("fleet", &plugins, None).unwrap();
        let manifest = Manifest::parse(&std::fs::read_to_string(dir.join("plugin.toml")).unwrap()).unwrap();
        assert_eq!(manifest.plugin.id, "fleet");
        assert_eq!(manifest.routes[0].path, "fleet/hello");
        let cargo = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
        assert!(cargo.contains("path = \"../../plugin-sdk\""), "{cargo}");
        let _: toml::Table = toml::from_str(&cargo).unwrap();
        assert_eq!(crate_lib_name(&dir).unwrap(), "fleet");
        for file in ["src/lib.rs", "examples/schemas.rs", "migrations/sqlite/0001_init.sql", "migrations/postgres/0001_init.sql", "README.md"] {
            assert!(dir.join(file).is_file(), "{file}");
        }
        assert!(std::fs::read_to_string(dir.join("src/lib.rs")).unwrap().contains("fleet_item"));
        assert!(!dir.join("Cargo.lock").exists(), "no lock beside this SDK to start from");
        std::fs::write(tmp.path().join("repo/Cargo.lock"), "version = 4\n").unwrap();
        let with_lock = scaffold("fleet_two", &plugins, None).unwrap();
        assert_eq!(std::fs::read_to_string(with_lock.join("Cargo.lock")).unwrap(), "version = 4\n");
        assert!(scaffold("fleet", &plugins, None).is_err(), "never overwrites");
        assert!(scaffold("Bad-Id", &plugins, None).is_err());
    }

    #[test]
    fn schemas_merge_into_the_manifest() {
        let text = "[plugin]\nid = \"demo\"\nname = \"Demo\"\nversion = \"0.1.0\"\napi = \"0.1.0\"\n\n[[services]]\nid = \"demo\"\nname = \"Demo\"\n";
        let schemas = serde_json::json!({ "a": { "type": ["string", "null"], "enum": ["x", null], "default": null } });
        let merged = merge_schemas(text, schemas.as_object().unwrap()).unwrap();
        let m = Manifest::parse(&merged).unwrap();
        assert_eq!(m.schemas["a"], serde_json::json!({ "type": ["string", "null"], "enum": ["x"] }));
    }

    #[test]
    fn utc_now_is_iso() {
        let now = utc_now();
        assert_eq!(now.len(), 24);
        assert!(now.ends_with('Z') && now.as_bytes()[10] == b'T', "{now}");
        assert!(now.as_str() > "2024-01-01");
    }
}
