//! A package is one file: an uncompressed tar holding `payload.tar.gz` (the manifest, the
//! component, migrations and the built UI) and `signature.json` (the payload's SHA-256 digest
//! and an ed25519 signature of that digest). Hosts verify both, and the interface version,
//! before installing anything.

use std::io::{Cursor, Read};
use std::path::Path;

use base64::Engine as _;
use ed25519_dalek::{Signer, Verifier, VerifyingKey};
pub use ed25519_dalek::SigningKey;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::manifest::{Manifest, ManifestError};

const B64: base64::engine::GeneralPurpose = base64::engine::general_purpose::STANDARD;

#[derive(Debug, Serialize, Deserialize)]
struct Signature {
    format: u32,
    /// `sha256:<hex>` of `payload.tar.gz`.
    digest: String,
    /// The signer's ed25519 public key, hex.
    key: String,
    /// ed25519 signature of the 32 digest bytes, base64.
    signature: String,
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum PackageError {
    #[error("the package is not readable: {0}")]
    Malformed(String),
    #[error("the package's digest does not match its contents (declared {declared}, computed {computed})")]
    DigestMismatch { declared: String, computed: String },
    #[error("the package's signature is not valid for its digest")]
    BadSignature,
    #[error("the package is signed by key {0}, which this host does not trust")]
    UntrustedKey(String),
    #[error(transparent)]
    Manifest(#[from] ManifestError),
}

/// Everything a verified package holds.
#[derive(Debug, Clone)]
pub struct Package {
    pub manifest: Manifest,
    pub manifest_text: String,
    pub component: Vec<u8>,
    /// (file name, SQL), sorted by name.
    pub migrations_sqlite: Vec<(String, String)>,
    pub migrations_postgres: Vec<(String, String)>,
    /// (path below `ui/`, bytes).
    pub ui: Vec<(String, Vec<u8>)>,
    pub digest: String,
    pub signer: String,
}

pub fn generate_key() -> SigningKey {
    SigningKey::generate(&mut rand::rngs::OsRng)
}

pub fn public_key_hex(key: &SigningKey) -> String {
    hex::encode(key.verifying_key().to_bytes())
}

pub fn signing_key_from_hex(text: &str) -> anyhow::Result<SigningKey> {
    let bytes: [u8; 32] = hex::decode(text.trim())?.try_into().map_err(|_| anyhow::anyhow!("a signing key is 32 bytes"))?;
    Ok(SigningKey::from_bytes(&bytes))
}

/// The contents of a plugin, ready to pack.
pub struct Contents<'a> {
    pub manifest_text: &'a str,
    pub component: &'a [u8],
    /// Plugin folder holding `migrations/sqlite` and `migrations/postgres` (may be absent).
    pub migrations_dir: Option<&'a Path>,
    /// Built UI folder (e.g. `ui/dist`), if any.
    pub ui_dir: Option<&'a Path>,
}

pub fn pack(contents: Contents<'_>, key: &SigningKey) -> anyhow::Result<Vec<u8>> {
    Manifest::parse_shape(contents.manifest_text)?;
    let mut payload = tar::Builder::new(flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default()));
    payload.mode(tar::HeaderMode::Deterministic);
    append(&mut payload, "plugin.toml", contents.manifest_text.as_bytes())?;
    append(&mut payload, "plugin.wasm", contents.component)?;
    if let Some(dir) = contents.migrations_dir {
        for engine in ["sqlite", "postgres"] {
            let engine_dir = dir.join(engine);
            if engine_dir.is_dir() {
                let mut files: Vec<_> = std::fs::read_dir(&engine_dir)?.filter_map(|e| e.ok()).map(|e| e.path()).collect();
                files.sort();
                for file in files.iter().filter(|f| f.extension().is_some_and(|e| e == "sql")) {
                    let name = file.file_name().unwrap().to_string_lossy();
                    append(&mut payload, &format!("migrations/{engine}/{name}"), &std::fs::read(file)?)?;
                }
            }
        }
    }
    if let Some(dir) = contents.ui_dir {
        let mut stack = vec![dir.to_path_buf()];
        let mut files = Vec::new();
        while let Some(current) = stack.pop() {
            for entry in std::fs::read_dir(&current)? {
                let path = entry?.path();
                if path.is_dir() {
                    stack.push(path);
                } else {
                    files.push(path);
                }
            }
        }
        files.sort();
        for file in files {
            let relative = file.strip_prefix(dir)?.to_string_lossy().replace('\\', "/");
            append(&mut payload, &format!("ui/{relative}"), &std::fs::read(&file)?)?;
        }
    }
    let payload = payload.into_inner()?.finish()?;
    let digest: [u8; 32] = Sha256::digest(&payload).into();
    let signature = Signature {
        format: 1,
        digest: format!("sha256:{}", hex::encode(digest)),
        key: public_key_hex(key),
        signature: B64.encode(key.sign(&digest).to_bytes()),
    };
    let mut outer = tar::Builder::new(Vec::new());
    outer.mode(tar::HeaderMode::Deterministic);
    append(&mut outer, "payload.tar.gz", &payload)?;
    append(&mut outer, "signature.json", serde_json::to_string_pretty(&signature)?.as_bytes())?;
    Ok(outer.into_inner()?)
}

fn append<W: std::io::Write>(builder: &mut tar::Builder<W>, path: &str, bytes: &[u8]) -> std::io::Result<()> {
    let mut header = tar::Header::new_gnu();
    header.set_size(bytes.len() as u64);
    header.set_mode(0o644);
    header.set_mtime(0);
    header.set_cksum();
    builder.append_data(&mut header, path, bytes)
}

fn malformed(e: impl std::fmt::Display) -> PackageError {
    PackageError::Malformed(e.to_string())
}

/// The hex public key a package says it is signed with (not yet verified).
pub fn declared_signer(bytes: &[u8]) -> Result<String, PackageError> {
    let mut outer = tar::Archive::new(Cursor::new(bytes));
    for entry in outer.entries().map_err(malformed)? {
        let mut entry = entry.map_err(malformed)?;
        if entry.path().map_err(malformed)?.to_string_lossy() == "signature.json" {
            let mut data = Vec::new();
            entry.read_to_end(&mut data).map_err(malformed)?;
            let signature: Signature = serde_json::from_slice(&data).map_err(malformed)?;
            return Ok(signature.key);
        }
    }
    Err(malformed("no signature"))
}

/// Check digest, signature and manifest against the package's own key: integrity without
/// trust (what a registry checks before listing a package; hosts use [`verify`]).
pub fn verify_integrity(bytes: &[u8]) -> Result<Package, PackageError> {
    let signer = declared_signer(bytes)?;
    verify(bytes, &[signer])
}

/// Check digest, signature (by one of `trusted` hex public keys) and manifest, and unpack.
pub fn verify(bytes: &[u8], trusted: &[String]) -> Result<Package, PackageError> {
    let mut payload = None;
    let mut signature = None;
    let mut outer = tar::Archive::new(Cursor::new(bytes));
    for entry in outer.entries().map_err(malformed)? {
        let mut entry = entry.map_err(malformed)?;
        let path = entry.path().map_err(malformed)?.to_string_lossy().to_string();
        let mut data = Vec::new();
        entry.read_to_end(&mut data).map_err(malformed)?;
        match path.as_str() {
            "payload.tar.gz" => payload = Some(data),
            "signature.json" => signature = Some(data),
            other => return Err(malformed(format!("unexpected entry {other}"))),
        }
    }
    let payload = payload.ok_or_else(|| malformed("no payload"))?;
    let signature: Signature =
        serde_json::from_slice(&signature.ok_or_else(|| malformed("no signature"))?).map_err(malformed)?;
    let digest: [u8; 32] = Sha256::digest(&payload).into();
    let computed = format!("sha256:{}", hex::encode(digest));
    if computed != signature.digest {
        return Err(PackageError::DigestMismatch { declared: signature.digest, computed });
    }
    let key_bytes: [u8; 32] = hex::decode(&signature.key)
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| malformed("the signer key is not an ed25519 key"))?;
    let key = VerifyingKey::from_bytes(&key_bytes).map_err(|_| PackageError::BadSignature)?;
    let sig_bytes: [u8; 64] = B64
        .decode(&signature.signature)
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or(PackageError::BadSignature)?;
    key.verify(&digest, &ed25519_dalek::Signature::from_bytes(&sig_bytes)).map_err(|_| PackageError::BadSignature)?;
    if !trusted.iter().any(|t| t.eq_ignore_ascii_case(&signature.key)) {
        return Err(PackageError::UntrustedKey(signature.key));
    }

    let mut manifest_text = None;
    let mut component = None;
    let mut migrations_sqlite = Vec::new();
    let mut migrations_postgres = Vec::new();
    let mut ui = Vec::new();
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(Cursor::new(&payload)));
    for entry in archive.entries().map_err(malformed)? {
        let mut entry = entry.map_err(malformed)?;
        let path = entry.path().map_err(malformed)?.to_string_lossy().to_string();
        if path.split('/').any(|part| part == ".." || part.is_empty()) {
            return Err(malformed(format!("unsafe path {path}")));
        }
        let mut data = Vec::new();
        entry.read_to_end(&mut data).map_err(malformed)?;
        let text = |data: Vec<u8>| String::from_utf8(data).map_err(malformed);
        if path == "plugin.toml" {
            manifest_text = Some(text(data)?);
        } else if path == "plugin.wasm" {
            component = Some(data);
        } else if let Some(name) = path.strip_prefix("migrations/sqlite/") {
            migrations_sqlite.push((name.to_string(), text(data)?));
        } else if let Some(name) = path.strip_prefix("migrations/postgres/") {
            migrations_postgres.push((name.to_string(), text(data)?));
        } else if let Some(name) = path.strip_prefix("ui/") {
            ui.push((name.to_string(), data));
        } else {
            return Err(malformed(format!("unexpected file {path}")));
        }
    }
    migrations_sqlite.sort();
    migrations_postgres.sort();
    let manifest_text = manifest_text.ok_or_else(|| malformed("no plugin.toml"))?;
    let manifest = Manifest::parse(&manifest_text)?;
    Ok(Package {
        manifest,
        manifest_text,
        component: component.ok_or_else(|| malformed("no plugin.wasm"))?,
        migrations_sqlite,
        migrations_postgres,
        ui,
        digest: computed,
        signer: signature.key,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANIFEST: &str = "[plugin]\nid = \"demo\"\nname = \"Demo\"\nversion = \"0.1.0\"\napi = \"0.1.0\"\n\n[[services]]\nid = \"demo\"\nname = \"Demo\"\n";

    fn packed(manifest: &str, key: &SigningKey) -> Vec<u8> {
        pack(Contents { manifest_text: manifest, component: b"\0asm", migrations_dir: None, ui_dir: None }, key).unwrap()
    }

    #[test]
    fn verifies_and_refuses_with_the_reason() {
        let key = generate_key();
        let trusted = vec![public_key_hex(&key)];
        let bytes = packed(MANIFEST, &key);
        let package = verify(&bytes, &trusted).unwrap();
        assert_eq!(package.manifest.plugin.id, "demo");
        assert_eq!(package.component, b"\0asm");

        // Someone else's key.
        let other = generate_key();
        assert!(matches!(verify(&packed(MANIFEST, &other), &trusted), Err(PackageError::UntrustedKey(_))));

        // A changed payload: the digest no longer matches.
        let mut tampered = bytes.clone();
        let at = tampered.windows(4).position(|w| w == [0x1f, 0x8b, 0x08, 0x00]).unwrap() + 20;
        tampered[at] ^= 0xff;
        assert!(matches!(verify(&tampered, &trusted), Err(PackageError::DigestMismatch { .. })));

        // A forged signature over the right digest.
        let needle = b"\"signature\": \"";
        let start = bytes.windows(needle.len()).position(|w| w == needle).unwrap() + needle.len();
        let mut forged = bytes.clone();
        forged[start] = if forged[start] == b'A' { b'B' } else { b'A' };
        assert_eq!(verify(&forged, &trusted).unwrap_err(), PackageError::BadSignature);
    }
}
