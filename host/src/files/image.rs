//! `image/upload`: PNG or JPEG images (by content), an optional exact expected size, and resized
//! copies, all stored as files of the document manager.
//!
//! Resizing: a size with both sides uses `resize_to_fill` — the copy is exactly W×H, the
//! aspect ratio is kept and the overflow is cropped around the centre (what avatars and
//! thumbnails want). A size with one side only (`{width: 300}`, `300x-1`, `x200`) scales to that
//! side keeping the aspect ratio, nothing cropped. Copies keep the original's format (JPEG at
//! quality 85).

use std::io::Cursor;

use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::State;
use bytes::Bytes;
use image::imageops::FilterType;
use image::DynamicImage;
use serde_json::{json, Value};

use super::api;
use super::names::{self, ImageKind};
use super::repo::{self, FileRow, NewFile};
use super::storage::{new_handle, object_key};
use super::upload::{self, Target};
use crate::auth::Session;
use crate::error::{codes, ok, ApiError, ApiJson, ApiResult};
use crate::state::AppState;

const MAX_SIDE: u32 = 8000;
const MAX_RESIZES: usize = 10;
const DECODE_MAX_SIDE: u32 = 16_000;
const DECODE_MAX_ALLOC: u64 = 512 * 1024 * 1024;

/// A requested copy; `None` for a side means "keep the aspect ratio".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resize {
    pub width: Option<u32>,
    pub height: Option<u32>,
}

fn bad_resizes(details: impl Into<String>) -> ApiError {
    ApiError::invalid_field("resizes", details)
}

fn side(value: &Value) -> ApiResult<Option<u32>> {
    let n = match value {
        Value::Null => return Ok(None),
        Value::Number(n) => n.as_i64().ok_or_else(|| bad_resizes("Las medidas deben ser números enteros"))?,
        Value::String(s) if s.trim().is_empty() => return Ok(None),
        Value::String(s) => s.trim().parse::<i64>().map_err(|_| bad_resizes("Las medidas deben ser números enteros"))?,
        _ => return Err(bad_resizes("Las medidas deben ser números enteros")),
    };
    side_number(n)
}

fn side_number(n: i64) -> ApiResult<Option<u32>> {
    if n <= 0 {
        return Ok(None);
    }
    if n > i64::from(MAX_SIDE) {
        return Err(bad_resizes(format!("Las medidas admiten como máximo {MAX_SIDE} píxeles")));
    }
    Ok(Some(n as u32))
}

/// `"WxH"`, `"W"` (width only) or `"xH"`.
fn parse_spec(spec: &str) -> ApiResult<Resize> {
    let spec = spec.trim().to_ascii_lowercase();
    let (w, h) = match spec.split_once(['x', '*', '×']) {
        Some((w, h)) => (w.trim(), h.trim()),
        None => (spec.as_str(), ""),
    };
    let number = |s: &str| -> ApiResult<Option<u32>> {
        if s.is_empty() {
            return Ok(None);
        }
        side_number(s.parse::<i64>().map_err(|_| bad_resizes(format!("Medida no válida: {spec}")))?)
    };
    Ok(Resize { width: number(w)?, height: number(h)? })
}

fn parse_item(item: &Value) -> ApiResult<Resize> {
    match item {
        Value::String(s) => parse_spec(s),
        Value::Object(map) => Ok(Resize {
            width: side(map.get("width").or_else(|| map.get("w")).unwrap_or(&Value::Null))?,
            height: side(map.get("height").or_else(|| map.get("h")).unwrap_or(&Value::Null))?,
        }),
        Value::Array(pair) if pair.len() == 2 => Ok(Resize { width: side(&pair[0])?, height: side(&pair[1])? }),
        Value::Number(_) => Ok(Resize { width: side(item)?, height: None }),
        _ => Err(bad_resizes("Formato de tamaño no válido")),
    }
}

/// The `resizes` form values: a JSON list (of `{width,height}`, `"WxH"` or `[w,h]`), one JSON
/// object, or plain `WxH` text (comma-separated, or the field repeated).
pub fn parse_resizes(values: &[&str]) -> ApiResult<Vec<Resize>> {
    let mut out = Vec::new();
    for value in values {
        match serde_json::from_str::<Value>(value) {
            Ok(Value::Array(items)) => {
                for item in &items {
                    out.push(parse_item(item)?);
                }
            }
            Ok(item @ Value::Object(_)) => out.push(parse_item(&item)?),
            _ => {
                for spec in value.split([',', ';', ' ']).filter(|s| !s.trim().is_empty()) {
                    out.push(parse_spec(spec)?);
                }
            }
        }
    }
    if out.iter().any(|r| r.width.is_none() && r.height.is_none()) {
        return Err(bad_resizes("Cada tamaño necesita al menos el ancho o el alto"));
    }
    if out.len() > MAX_RESIZES {
        return Err(bad_resizes(format!("Como máximo {MAX_RESIZES} tamaños")));
    }
    out.dedup();
    Ok(out)
}

/// An expected side: missing, empty or -1 (any non-positive) means any.
fn expected(form: &upload::Form, field: &str) -> ApiResult<Option<u32>> {
    match form.text(field) {
        None => Ok(None),
        Some(text) => {
            let n = text
                .parse::<i64>()
                .map_err(|_| ApiError::invalid_field(field, format!("El campo {field} debe ser un número")))?;
            Ok(u32::try_from(n).ok().filter(|n| *n > 0))
        }
    }
}

#[derive(Debug)]
pub struct Variant {
    pub width: u32,
    pub height: u32,
    pub bytes: Vec<u8>,
}

fn decode(bytes: &[u8], kind: ImageKind) -> ApiResult<DynamicImage> {
    let mut reader = image::ImageReader::with_format(Cursor::new(bytes), kind.format());
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(DECODE_MAX_SIDE);
    limits.max_image_height = Some(DECODE_MAX_SIDE);
    limits.max_alloc = Some(DECODE_MAX_ALLOC);
    reader.limits(limits);
    reader.decode().map_err(|err| {
        ApiError::new(codes::FILE_TYPE, "La imagen está dañada o es demasiado grande")
            .with_data(json!({ "reason": err.to_string() }))
    })
}

pub fn resize(image: &DynamicImage, r: Resize) -> DynamicImage {
    let (w0, h0) = (image.width().max(1), image.height().max(1));
    match (r.width, r.height) {
        (Some(w), Some(h)) => image.resize_to_fill(w, h, FilterType::Lanczos3),
        (Some(w), None) => {
            let h = ((u64::from(h0) * u64::from(w) + u64::from(w0) / 2) / u64::from(w0)).max(1) as u32;
            image.resize_exact(w, h, FilterType::Lanczos3)
        }
        (None, Some(h)) => {
            let w = ((u64::from(w0) * u64::from(h) + u64::from(h0) / 2) / u64::from(h0)).max(1) as u32;
            image.resize_exact(w, h, FilterType::Lanczos3)
        }
        (None, None) => image.clone(),
    }
}

pub fn encode(image: &DynamicImage, kind: ImageKind) -> anyhow::Result<Vec<u8>> {
    let mut out = Vec::new();
    match kind {
        ImageKind::Png => image.write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png)?,
        ImageKind::Jpeg => {
            let rgb = image.to_rgb8();
            image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 85).encode_image(&rgb)?;
        }
    }
    Ok(out)
}

/// Decode, check the expected size, and make the copies (CPU work: run on a blocking thread).
pub fn process(
    bytes: &[u8],
    kind: ImageKind,
    want: (Option<u32>, Option<u32>),
    resizes: &[Resize],
) -> ApiResult<((u32, u32), Vec<Variant>)> {
    let image = decode(bytes, kind)?;
    let (width, height) = (image.width(), image.height());
    if want.0.is_some_and(|w| w != width) || want.1.is_some_and(|h| h != height) {
        let side = |v: Option<u32>| v.map(i64::from).unwrap_or(-1);
        let details = match want {
            (Some(w), Some(h)) => format!("La imagen debe medir {w}x{h} píxeles"),
            (Some(w), None) => format!("La imagen debe tener {w} píxeles de ancho"),
            (None, Some(h)) => format!("La imagen debe tener {h} píxeles de alto"),
            (None, None) => unreachable!("a mismatch needs an expected side"),
        };
        return Err(ApiError::new(codes::FILESIZE, details)
        .with_data(json!({
            "width": side(want.0),
            "height": side(want.1),
            "actual": { "width": width, "height": height },
        })));
    }
    let mut variants = Vec::new();
    for r in resizes {
        let copy = resize(&image, *r);
        variants.push(Variant { width: copy.width(), height: copy.height(), bytes: encode(&copy, kind)? });
    }
    Ok(((width, height), variants))
}

/// The stored name: the `name` field or the upload's file name, with the extension of the
/// real format (a wrong image extension is replaced, anything else kept and extended).
fn image_name(form: &upload::Form, kind: ImageKind) -> ApiResult<String> {
    let raw = form.text("name").or(form.file.file_name.as_deref()).unwrap_or("imagen").trim().to_string();
    let raw = if raw.is_empty() { "imagen".to_string() } else { raw };
    let (stem, ext) = names::split_ext(&raw);
    let name = match (kind, ext.as_deref()) {
        (ImageKind::Png, Some("png")) | (ImageKind::Jpeg, Some("jpg" | "jpeg")) => raw.clone(),
        (_, Some("png" | "jpg" | "jpeg" | "gif" | "webp" | "bmp")) => format!("{stem}.{}", kind.ext()),
        _ => format!("{raw}.{}", kind.ext()),
    };
    names::check("name", &name)
}

/// `image/upload` (multipart: `file`, `public`, `folder` (default `tmp`, a `/`-separated path
/// created as needed) or `folder_id`, `name`, `resizes`, `width`/`height` expected (-1 any)).
pub async fn upload(
    State(state): State<AppState>,
    session: Session,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiJson {
    let multipart = upload::multipart(multipart)?;
    let limits = api::limits(&state, session.business_id).await?;
    let form = upload::read_form(multipart, Target::Memory, limits).await?;
    let kind = names::sniff_image(&form.file.head).ok_or_else(|| {
        ApiError::new(codes::FILE_TYPE, "Solo se admiten imágenes PNG o JPEG").with_data(json!({ "accepted": api::IMAGE_TYPES }))
    })?;
    let want = (expected(&form, "width")?, expected(&form, "height")?);
    let resizes = parse_resizes(&form.all("resizes"))?;
    let name = image_name(&form, kind)?;
    let is_public = names::truthy(form.text("public"));
    let folder_id = form.folder_id("folder_id")?;
    let folder_path: Vec<String> = match folder_id {
        Some(_) => vec![],
        None => form
            .text("folder")
            .unwrap_or("tmp")
            .split('/')
            .filter(|s| !s.trim().is_empty())
            .map(|s| names::check("folder", s))
            .collect::<ApiResult<_>>()?,
    };
    let original = form.file.bytes.clone().unwrap_or_default();
    let decoded = original.clone();
    let (size, variants) = tokio::task::spawn_blocking(move || process(&decoded, kind, want, &resizes))
        .await
        .map_err(anyhow::Error::from)??;

    // Objects first; rows after, in one transaction; objects deleted if that fails.
    let mut objects: Vec<(String, String, Bytes)> = Vec::new();
    objects.push((new_handle(), String::new(), original));
    for v in &variants {
        objects.push((new_handle(), String::new(), Bytes::from(v.bytes.clone())));
    }
    let mut keys = Vec::new();
    for (handle, key, bytes) in &mut objects {
        *key = object_key(session.business_id, handle);
        if let Err(err) = state.storage.put_bytes(key, bytes.clone()).await {
            state.storage.discard(&keys).await;
            return Err(err.into());
        }
        keys.push(key.clone());
    }
    let result = save(&state, &session, &name, kind, is_public, folder_id, &folder_path, size, &variants, &objects).await;
    if result.is_err() {
        state.storage.discard(&keys).await;
    }
    result
}

#[allow(clippy::too_many_arguments)]
async fn save(
    state: &AppState,
    session: &Session,
    name: &str,
    kind: ImageKind,
    is_public: bool,
    folder_id: Option<i64>,
    folder_path: &[String],
    size: (u32, u32),
    variants: &[Variant],
    objects: &[(String, String, Bytes)],
) -> ApiJson {
    let total: i64 = objects.iter().map(|(_, _, b)| b.len() as i64).sum();
    let mut tx = state.db.begin().await?;
    repo::reserve(&mut tx, session.business_id, total).await?;
    let mut folder = match folder_id {
        Some(id) => Some(repo::visible_folder(&mut tx, session, id).await?.folder_id),
        None => None,
    };
    for segment in folder_path {
        folder = Some(repo::ensure_folder(&mut tx, session, folder, segment).await?.folder_id);
    }
    let insert = |name: String, object: &(String, String, Bytes)| {
        let (handle, key, bytes) = object.clone();
        (name, handle, key, bytes.len() as i64)
    };
    let mut rows: Vec<FileRow> = Vec::new();
    let (stem, ext) = names::split_ext(name);
    let ext = ext.unwrap_or_else(|| kind.ext().to_string());
    let mut wanted = vec![insert(name.to_string(), &objects[0])];
    for (v, object) in variants.iter().zip(&objects[1..]) {
        wanted.push(insert(format!("{stem}-{}x{}.{ext}", v.width, v.height), object));
    }
    for (wanted_name, handle, key, bytes) in wanted {
        let name = repo::free_name(&mut tx, session.business_id, folder, &wanted_name).await?;
        let name = names::check("name", &name)?;
        rows.push(
            repo::insert_file(
                &mut tx,
                NewFile {
                    business_id: session.business_id,
                    folder_id: folder,
                    name: &name,
                    size: bytes,
                    content_type: kind.content_type(),
                    handle: &handle,
                    storage_key: &key,
                    is_public,
                    created_by: Some(session.user_id),
                },
            )
            .await?,
        );
    }
    let original = &rows[0];
    repo::audit(
        &mut tx,
        session,
        "image.upload",
        "file",
        original.file_id,
        json!({ "name": original.name, "folder_id": folder, "resizes": rows.len() - 1, "bytes": total }),
    )
    .await?;
    tx.commit().await?;
    let copies: Vec<Value> = rows[1..]
        .iter()
        .zip(variants)
        .map(|(row, v)| {
            json!({ "file_id": row.file_id, "name": row.name, "url": row.url(), "handle": row.handle,
                    "width": v.width, "height": v.height, "size": row.size })
        })
        .collect();
    ok(json!({
        "file_id": original.file_id,
        "name": original.name,
        "url": original.url(),
        "handle": original.handle,
        "width": size.0,
        "height": size.1,
        "size": original.size,
        "content_type": original.content_type,
        "public": original.is_public,
        "folder_id": folder,
        "resizes": copies,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resize_specs() {
        let r = |w, h| Resize { width: w, height: h };
        assert_eq!(parse_resizes(&["[{\"width\":100,\"height\":50},\"20x10\"]"]).unwrap(), vec![r(Some(100), Some(50)), r(Some(20), Some(10))]);
        assert_eq!(parse_resizes(&["300x-1", "x200"]).unwrap(), vec![r(Some(300), None), r(None, Some(200))]);
        assert_eq!(parse_resizes(&["{\"width\":\"64\",\"height\":64}"]).unwrap(), vec![r(Some(64), Some(64))]);
        assert_eq!(parse_resizes(&["64x64,32x32"]).unwrap(), vec![r(Some(64), Some(64)), r(Some(32), Some(32))]);
        assert!(parse_resizes(&["-1x-1"]).is_err());
        assert!(parse_resizes(&["axb"]).is_err());
        assert!(parse_resizes(&["99999x1"]).is_err());
    }

    #[test]
    fn resizing_keeps_aspect() {
        let image = DynamicImage::ImageRgb8(image::RgbImage::new(400, 200));
        let filled = resize(&image, Resize { width: Some(100), height: Some(100) });
        assert_eq!((filled.width(), filled.height()), (100, 100));
        let scaled = resize(&image, Resize { width: Some(100), height: None });
        assert_eq!((scaled.width(), scaled.height()), (100, 50));
        let scaled = resize(&image, Resize { width: None, height: Some(50) });
        assert_eq!((scaled.width(), scaled.height()), (100, 50));
    }

    #[test]
    fn expected_size_mismatch_is_filesize() {
        let png = encode(&DynamicImage::ImageRgb8(image::RgbImage::new(10, 20)), ImageKind::Png).unwrap();
        let err = process(&png, ImageKind::Png, (Some(10), Some(10)), &[]).unwrap_err();
        assert_eq!(err.code(), codes::FILESIZE);
        assert!(process(&png, ImageKind::Png, (Some(10), None), &[]).is_ok());
        let ((w, h), variants) = process(&png, ImageKind::Png, (None, None), &[Resize { width: Some(5), height: Some(5) }]).unwrap();
        assert_eq!((w, h, variants.len(), variants[0].width), (10, 20, 1, 5));
    }
}
