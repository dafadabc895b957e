//! Reading multipart uploads: the file part is streamed (to storage, or to memory for the calls
//! that must decode it) while its bytes are counted against the upload limit and the quota.
//!
//! Refusals do not stop reading at once: the rest of the body is read and thrown away (up to a
//! cap), so the client receives the envelope with the error instead of a reset connection.

use std::collections::HashMap;

use axum::extract::multipart::{Field, Multipart, MultipartError, MultipartRejection};
use bytes::{Bytes, BytesMut};
use serde_json::json;

use super::storage::{ObjectWriter, Storage};
use crate::error::{codes, ApiError, ApiResult};

/// Largest non-file field.
const TEXT_FIELD_MAX: usize = 64 * 1024;
const MAX_FIELDS: usize = 64;
/// Bytes kept from the start of the file, for content sniffing.
const HEAD: usize = 1024;

pub fn multipart(result: Result<Multipart, MultipartRejection>) -> ApiResult<Multipart> {
    result.map_err(|rejection| {
        ApiError::new(codes::BODY_MALFORMED, format!("Se esperaba un formulario multipart: {}", rejection.body_text()))
    })
}

fn malformed(err: MultipartError) -> ApiError {
    ApiError::new(codes::BODY_MALFORMED, format!("Formulario multipart no válido: {}", err.body_text()))
}

pub fn too_large(max: u64) -> ApiError {
    let mb = max as f64 / (1024.0 * 1024.0);
    ApiError::new(codes::FILE_TOO_LARGE, format!("El archivo supera el tamaño máximo permitido ({mb:.2} MB)"))
        .with_data(json!({ "max_bytes": max }))
}

pub fn empty() -> ApiError {
    ApiError::new(codes::FILE_EMPTY, "No se ha subido ningún archivo")
}

/// Where the file part goes.
pub enum Target {
    /// Streamed into a storage object at this key.
    Store(Storage, String),
    /// Kept in memory (bounded by the limits), for images and PDFs that are decoded.
    Memory,
}

pub struct Limits {
    /// `storage.max_upload_bytes`: beyond it, FILE-001.
    pub max_bytes: u64,
    /// What the quota still allows: beyond it (but within `max_bytes`), size-100. Checked
    /// again, atomically, when the row is written.
    pub quota_left: u64,
    /// The quota's numbers for the size-100 answer.
    pub usage: Option<super::repo::Usage>,
}

pub struct Received {
    pub file_name: Option<String>,
    pub size: u64,
    pub head: Vec<u8>,
    /// The content, for `Target::Memory`.
    pub bytes: Option<Bytes>,
    /// The object written, for `Target::Store`.
    pub stored: Option<(Storage, String)>,
}

pub struct Form {
    pub fields: HashMap<String, Vec<String>>,
    pub file: Received,
}

impl Form {
    /// A text field, trimmed; empty counts as missing.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.fields.get(name).and_then(|v| v.first()).map(|s| s.trim()).filter(|s| !s.is_empty())
    }

    /// Every value of a repeated field (`name` and `name[]`).
    pub fn all(&self, name: &str) -> Vec<&str> {
        let mut out = Vec::new();
        for key in [name.to_string(), format!("{name}[]")] {
            if let Some(values) = self.fields.get(&key) {
                out.extend(values.iter().map(|s| s.trim()).filter(|s| !s.is_empty()));
            }
        }
        out
    }

    /// An optional folder id: missing, empty, `0`, `null` or `undefined` mean the root.
    pub fn folder_id(&self, name: &str) -> ApiResult<Option<i64>> {
        match self.text(name) {
            None | Some("0" | "null" | "undefined") => Ok(None),
            Some(text) => text
                .parse::<i64>()
                .map(Some)
                .map_err(|_| ApiError::invalid_field(name, format!("El campo {name} debe ser un número"))),
        }
    }

}

/// Read the whole form. The first part named `file` (or carrying a file name) is the file;
/// any other file part is refused. On error nothing is left in storage.
pub async fn read_form(mut multipart: Multipart, target: Target, limits: Limits) -> ApiResult<Form> {
    let drain_cap = limits.max_bytes.saturating_mul(2).max(8 * 1024 * 1024);
    let mut drained: u64 = 0;
    let mut fields: HashMap<String, Vec<String>> = HashMap::new();
    let mut file: Option<Received> = None;
    let mut error: Option<ApiError> = None;
    let mut count = 0;
    let mut target = Some(target);
    loop {
        let mut field = match multipart.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => break,
            Err(err) => {
                error.get_or_insert(malformed(err));
                break;
            }
        };
        count += 1;
        let name = field.name().unwrap_or_default().to_string();
        let is_file = name == "file" || name == "file[]" || field.file_name().is_some();
        if error.is_some() || count > MAX_FIELDS || (is_file && file.is_some()) {
            if error.is_none() {
                error = Some(if count > MAX_FIELDS {
                    ApiError::new(codes::BODY_MALFORMED, "El formulario tiene demasiados campos")
                } else {
                    ApiError::new(codes::BODY_MALFORMED, "Solo se admite un archivo por petición")
                });
            }
            match drain(&mut field).await {
                Ok(n) => drained += n,
                Err(_) => break,
            }
            if drained > drain_cap {
                break;
            }
            continue;
        }
        if is_file {
            let mut cut = false;
            match receive(&mut field, target.take().expect("one file"), &limits, drain_cap, &mut cut).await {
                Ok(received) => file = Some(received),
                Err(err) => error = Some(err),
            }
            if cut {
                // Far beyond the limit: stop reading; the connection is closed after the answer.
                break;
            }
        } else {
            match read_text(&mut field).await {
                Ok(text) => fields.entry(name).or_default().push(text),
                Err(err) => error = Some(err),
            }
        }
    }
    if let Some(err) = error {
        if let Some(received) = &file {
            received.discard().await;
        }
        return Err(err);
    }
    match file {
        Some(file) => Ok(Form { fields, file }),
        None => Err(empty()),
    }
}

impl Received {
    /// Delete the stored object (the call failed after it was written).
    pub async fn discard(&self) {
        if let Some((storage, key)) = &self.stored {
            storage.discard(std::slice::from_ref(key)).await;
        }
    }
}

async fn drain(field: &mut Field<'_>) -> Result<u64, MultipartError> {
    let mut n = 0u64;
    while let Some(chunk) = field.chunk().await? {
        n += chunk.len() as u64;
    }
    Ok(n)
}

async fn read_text(field: &mut Field<'_>) -> ApiResult<String> {
    let name = field.name().unwrap_or_default().to_string();
    let mut buf = Vec::new();
    while let Some(chunk) = field.chunk().await.map_err(malformed)? {
        buf.extend_from_slice(&chunk);
        if buf.len() > TEXT_FIELD_MAX {
            return Err(ApiError::invalid_field(&name, format!("El campo {name} es demasiado largo")));
        }
    }
    String::from_utf8(buf).map_err(|_| ApiError::invalid_field(&name, format!("El campo {name} no es texto UTF-8")))
}

/// Why the file part was refused while it streamed in.
#[derive(Clone, Copy, PartialEq)]
enum Refusal {
    TooLarge,
    OverQuota,
}

async fn receive(
    field: &mut Field<'_>,
    target: Target,
    limits: &Limits,
    drain_cap: u64,
    cut: &mut bool,
) -> ApiResult<Received> {
    let file_name = field.file_name().map(str::to_string);
    let (mut writer, stored): (Option<ObjectWriter>, Option<(Storage, String)>) = match target {
        Target::Store(storage, key) => (Some(storage.writer(&key).await?), Some((storage, key))),
        Target::Memory => (None, None),
    };
    let mut memory = BytesMut::new();
    let mut head = Vec::new();
    let mut size: u64 = 0;
    let mut refusal: Option<Refusal> = None;
    loop {
        let chunk = match field.chunk().await {
            Ok(Some(chunk)) => chunk,
            Ok(None) => break,
            Err(err) => {
                if let Some(w) = writer.take() {
                    w.abort().await;
                }
                return Err(malformed(err));
            }
        };
        size += chunk.len() as u64;
        if head.len() < HEAD {
            let take = (HEAD - head.len()).min(chunk.len());
            head.extend_from_slice(&chunk[..take]);
        }
        if size > limits.max_bytes {
            refusal = Some(Refusal::TooLarge);
        } else if size > limits.quota_left {
            refusal = Some(Refusal::OverQuota);
        }
        if refusal.is_some() {
            // Stop keeping anything; only count (to tell FILE-001 from size-100) and drain.
            if let Some(w) = writer.take() {
                w.abort().await;
            }
            memory = BytesMut::new();
            if size > drain_cap {
                *cut = true;
                break;
            }
            continue;
        }
        match writer.as_mut() {
            Some(w) => {
                if let Err(err) = w.write(chunk).await {
                    if let Some(w) = writer.take() {
                        w.abort().await;
                    }
                    return Err(err.into());
                }
            }
            None => memory.extend_from_slice(&chunk),
        }
    }
    match refusal {
        Some(Refusal::TooLarge) => return Err(too_large(limits.max_bytes)),
        Some(Refusal::OverQuota) => return Err(super::repo::storage_full(limits.usage.as_ref(), size as i64)),
        None => {}
    }
    if size == 0 {
        if let Some(w) = writer.take() {
            w.abort().await;
        }
        return Err(empty());
    }
    if let Some(w) = writer.take() {
        w.finish().await?;
    }
    let bytes = stored.is_none().then(|| memory.freeze());
    Ok(Received { file_name, size, head, bytes, stored })
}
