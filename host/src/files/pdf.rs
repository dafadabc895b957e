//! PDF work with lopdf: page count, extraction of embedded images, and filling AcroForm fields
//! of a stored layout (`filesystem/layout/fill`).

use std::collections::{BTreeMap, HashSet};
use std::io::Cursor;

use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use lopdf::{Dictionary, Document, Object, ObjectId, StringFormat};
use serde::Deserialize;
use serde_json::{json, Value};

use super::api::{self, PERMISSION};
use super::names::{self, ImageKind};
use super::repo::{self, NewFile, NewFolder};
use super::storage::{new_handle, object_key};
use super::upload::{self, Target};
use crate::auth::Session;
use crate::error::{codes, ok, ApiError, ApiJson, ApiResult, Body};
use crate::state::AppState;

/// Pixels above which an embedded image is skipped rather than decoded.
const MAX_PIXELS: u64 = 40_000_000;
const MAX_IMAGES: usize = 500;

pub fn page_count(bytes: &[u8]) -> anyhow::Result<usize> {
    Ok(Document::load_mem(bytes)?.get_pages().len())
}

pub struct Extracted {
    pub kind: ImageKind,
    pub width: u32,
    pub height: u32,
    pub bytes: Vec<u8>,
}

/// The embedded raster images: DCTDecode streams are JPEG files as they are; uncompressed or
/// FlateDecode 8-bit RGB / gray samples become PNG. Soft masks and other encodings (JPX,
/// CCITT, JBIG2, indexed or CMYK colour) are counted as skipped.
pub fn extract_images(bytes: &[u8]) -> anyhow::Result<(Vec<Extracted>, usize)> {
    let doc = Document::load_mem(bytes)?;
    let mut masks: HashSet<ObjectId> = HashSet::new();
    for object in doc.objects.values() {
        if let Ok(stream) = object.as_stream() {
            for key in [b"SMask".as_slice(), b"Mask".as_slice()] {
                if let Ok(id) = stream.dict.get(key).and_then(Object::as_reference) {
                    masks.insert(id);
                }
            }
        }
    }
    let mut images = Vec::new();
    let mut skipped = 0;
    for (id, object) in &doc.objects {
        let Ok(stream) = object.as_stream() else { continue };
        if stream.dict.get(b"Subtype").and_then(Object::as_name).ok() != Some(b"Image".as_slice()) || masks.contains(id) {
            continue;
        }
        if images.len() >= MAX_IMAGES {
            skipped += 1;
            continue;
        }
        match image_of(&doc, stream) {
            Some(image) => images.push(image),
            None => skipped += 1,
        }
    }
    Ok((images, skipped))
}

fn image_of(doc: &Document, stream: &lopdf::Stream) -> Option<Extracted> {
    let dict = &stream.dict;
    let number = |key: &[u8]| dict.get(key).ok().and_then(|o| doc.dereference(o).ok()).and_then(|(_, o)| o.as_i64().ok());
    let width = u32::try_from(number(b"Width")?).ok()?;
    let height = u32::try_from(number(b"Height")?).ok()?;
    if width == 0 || height == 0 || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return None;
    }
    let filters: Vec<&[u8]> = if dict.has(b"Filter") { stream.filters().ok()? } else { vec![] };
    match filters.as_slice() {
        [b"DCTDecode"] => Some(Extracted { kind: ImageKind::Jpeg, width, height, bytes: stream.content.clone() }),
        [] | [b"FlateDecode"] => {
            if number(b"BitsPerComponent") != Some(8) {
                return None;
            }
            let components = components(doc, dict.get(b"ColorSpace").ok()?)?;
            let samples = if filters.is_empty() { stream.content.clone() } else { stream.decompressed_content().ok()? };
            let needed = width as usize * height as usize * components;
            if samples.len() < needed {
                return None;
            }
            let samples = samples[..needed].to_vec();
            let image = match components {
                3 => image::DynamicImage::ImageRgb8(image::RgbImage::from_raw(width, height, samples)?),
                1 => image::DynamicImage::ImageLuma8(image::GrayImage::from_raw(width, height, samples)?),
                _ => return None,
            };
            let mut png = Vec::new();
            image.write_to(&mut Cursor::new(&mut png), image::ImageFormat::Png).ok()?;
            Some(Extracted { kind: ImageKind::Png, width, height, bytes: png })
        }
        _ => None,
    }
}

/// Colour components of DeviceRGB / DeviceGray, or of an ICCBased space with N 3 or 1.
fn components(doc: &Document, space: &Object) -> Option<usize> {
    let (_, space) = doc.dereference(space).ok()?;
    match space {
        Object::Name(name) if name == b"DeviceRGB" || name == b"RGB" => Some(3),
        Object::Name(name) if name == b"DeviceGray" || name == b"G" => Some(1),
        Object::Array(items) if items.first().and_then(|o| o.as_name().ok()) == Some(b"ICCBased".as_slice()) => {
            let (_, profile) = doc.dereference(items.get(1)?).ok()?;
            match profile.as_stream().ok()?.dict.get(b"N").ok()?.as_i64().ok()? {
                3 => Some(3),
                1 => Some(1),
                _ => None,
            }
        }
        _ => None,
    }
}

/// A value for a form field.
#[derive(Debug, Clone)]
pub enum FieldValue {
    Text(String),
    Check(bool),
}

pub struct Filled {
    pub pdf: Vec<u8>,
    pub filled: Vec<String>,
    pub unknown: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum FillError {
    #[error("not a readable PDF: {0}")]
    Pdf(#[from] lopdf::Error),
    #[error("the PDF has no form")]
    NoForm,
}

struct Field {
    full_name: String,
    partial_name: String,
    kind: Vec<u8>,
    id: ObjectId,
    widgets: Vec<ObjectId>,
}

/// Fill AcroForm fields by full (`parent.child`) or partial name: text and choice fields get
/// the value, check boxes their on state (or Off). `NeedAppearances` is set and text widgets'
/// stale appearances dropped, so viewers draw the new values.
pub fn fill_form(bytes: &[u8], values: &BTreeMap<String, FieldValue>) -> Result<Filled, FillError> {
    let mut doc = Document::load_mem(bytes)?;
    let form_ref = doc.catalog()?.get(b"AcroForm").ok().cloned();
    let Some(form_ref) = form_ref else { return Err(FillError::NoForm) };
    let form = match &form_ref {
        Object::Reference(id) => doc.get_dictionary(*id)?.clone(),
        Object::Dictionary(d) => d.clone(),
        _ => return Err(FillError::NoForm),
    };
    let roots = match form.get(b"Fields").map(|o| doc.dereference(o)) {
        Ok(Ok((_, Object::Array(items)))) => items.clone(),
        _ => return Err(FillError::NoForm),
    };
    let mut fields = Vec::new();
    let mut seen = HashSet::new();
    for root in &roots {
        if let Ok(id) = root.as_reference() {
            collect(&doc, id, "", None, &mut fields, &mut seen);
        }
    }
    let mut filled = Vec::new();
    let mut used = HashSet::new();
    for field in &fields {
        let key = if values.contains_key(&field.full_name) { &field.full_name } else { &field.partial_name };
        let Some(value) = values.get(key) else { continue };
        used.insert(key.clone());
        match (field.kind.as_slice(), value) {
            (b"Btn", value) => {
                let on = match value {
                    FieldValue::Check(b) => *b,
                    FieldValue::Text(t) => names::truthy(Some(t)) || t.eq_ignore_ascii_case("x"),
                };
                let state = if on { on_state(&doc, &field.widgets) } else { b"Off".to_vec() };
                doc.get_dictionary_mut(field.id)?.set("V", Object::Name(state.clone()));
                for widget in &field.widgets {
                    doc.get_dictionary_mut(*widget)?.set("AS", Object::Name(state.clone()));
                }
            }
            (_, value) => {
                let text = match value {
                    FieldValue::Text(t) => t.clone(),
                    FieldValue::Check(b) => if *b { "Sí" } else { "No" }.to_string(),
                };
                doc.get_dictionary_mut(field.id)?.set("V", text_string(&text));
                for widget in &field.widgets {
                    doc.get_dictionary_mut(*widget)?.remove(b"AP");
                }
            }
        }
        filled.push(field.full_name.clone());
    }
    let form_dict: &mut Dictionary = match form_ref {
        Object::Reference(id) => doc.get_dictionary_mut(id)?,
        _ => doc.catalog_mut()?.get_mut(b"AcroForm")?.as_dict_mut()?,
    };
    form_dict.set("NeedAppearances", Object::Boolean(true));
    let unknown = values.keys().filter(|k| !used.contains(*k)).cloned().collect();
    let mut pdf = Vec::new();
    doc.save_to(&mut pdf).map_err(|e| FillError::Pdf(lopdf::Error::IO(e)))?;
    Ok(Filled { pdf, filled, unknown })
}

/// Walk a field tree. A node with a `T` is a field; its kids without `T` are its widgets.
fn collect(
    doc: &Document,
    id: ObjectId,
    prefix: &str,
    inherited_kind: Option<&[u8]>,
    out: &mut Vec<Field>,
    seen: &mut HashSet<ObjectId>,
) {
    if !seen.insert(id) || seen.len() > 10_000 {
        return;
    }
    let Ok(dict) = doc.get_dictionary(id) else { return };
    let partial = dict.get(b"T").and_then(Object::as_str).map(decode_text).unwrap_or_default();
    let full = match (prefix.is_empty(), partial.is_empty()) {
        (_, true) => prefix.to_string(),
        (true, false) => partial.clone(),
        (false, false) => format!("{prefix}.{partial}"),
    };
    let kind = dict.get(b"FT").and_then(Object::as_name).ok().or(inherited_kind);
    let kids: Vec<ObjectId> = match dict.get(b"Kids").map(|o| doc.dereference(o)) {
        Ok(Ok((_, Object::Array(items)))) => items.iter().filter_map(|o| o.as_reference().ok()).collect(),
        _ => vec![],
    };
    let field_kids: Vec<ObjectId> =
        kids.iter().copied().filter(|k| doc.get_dictionary(*k).map(|d| d.has(b"T")).unwrap_or(false)).collect();
    if field_kids.is_empty() {
        let widgets = if kids.is_empty() { vec![id] } else { kids };
        out.push(Field {
            full_name: full,
            partial_name: partial,
            kind: kind.map(<[u8]>::to_vec).unwrap_or_default(),
            id,
            widgets,
        });
    } else {
        for kid in field_kids {
            collect(doc, kid, &full, kind, out, seen);
        }
    }
}

/// The check box's "on" appearance name (the key of `/AP /N` that is not `Off`), else `Yes`.
fn on_state(doc: &Document, widgets: &[ObjectId]) -> Vec<u8> {
    for widget in widgets {
        let Ok(dict) = doc.get_dictionary(*widget) else { continue };
        let Ok(ap) = dict.get(b"AP").and_then(|o| doc.dereference(o)).and_then(|(_, o)| o.as_dict()) else { continue };
        let Ok(normal) = ap.get(b"N").and_then(|o| doc.dereference(o)).and_then(|(_, o)| o.as_dict()) else { continue };
        if let Some((key, _)) = normal.iter().find(|(k, _)| k.as_slice() != b"Off") {
            return key.clone();
        }
    }
    b"Yes".to_vec()
}

/// A PDF text string: ASCII as a literal, anything else UTF-16BE with a byte-order mark.
fn text_string(text: &str) -> Object {
    if text.is_ascii() {
        Object::String(text.as_bytes().to_vec(), StringFormat::Literal)
    } else {
        let mut bytes = vec![0xFE, 0xFF];
        for unit in text.encode_utf16() {
            bytes.extend_from_slice(&unit.to_be_bytes());
        }
        Object::String(bytes, StringFormat::Hexadecimal)
    }
}

fn decode_text(bytes: &[u8]) -> String {
    if bytes.starts_with(&[0xFE, 0xFF]) {
        let units: Vec<u16> = bytes[2..].chunks_exact(2).map(|c| u16::from_be_bytes([c[0], c[1]])).collect();
        String::from_utf16_lossy(&units)
    } else {
        bytes.iter().map(|&b| b as char).collect()
    }
}

/// `filesystem/file/pdf/extract/images` (multipart: `file` a PDF, optional `folder_id`): store
/// the embedded images as files, in `folder_id` or in a new root folder named after the PDF.
pub async fn extract(
    State(state): State<AppState>,
    session: Session,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiJson {
    session.require(PERMISSION)?;
    let multipart = upload::multipart(multipart)?;
    let mut limits = api::limits(&state, session.business_id).await?;
    // The PDF itself is not stored; only what is extracted counts against the quota.
    limits.quota_left = u64::MAX;
    let form = upload::read_form(multipart, Target::Memory, limits).await?;
    if !names::is_pdf(&form.file.head) {
        return Err(api::not_pdf());
    }
    let folder_id = form.folder_id("folder_id")?;
    let pdf_name = form.file.file_name.clone().unwrap_or_else(|| "documento.pdf".into());
    let bytes = form.file.bytes.clone().unwrap_or_default();
    let (images, skipped) = tokio::task::spawn_blocking(move || extract_images(&bytes))
        .await
        .map_err(anyhow::Error::from)?
        .map_err(|_| api::not_pdf())?;
    if images.is_empty() {
        return ok(json!({ "folder": Value::Null, "files": [], "skipped": skipped }));
    }
    let mut stored = Vec::new();
    let mut keys = Vec::new();
    for image in &images {
        let handle = new_handle();
        let key = object_key(session.business_id, &handle);
        if let Err(err) = state.storage.put_bytes(&key, Bytes::from(image.bytes.clone())).await {
            state.storage.discard(&keys).await;
            return Err(err.into());
        }
        keys.push(key.clone());
        stored.push((handle, key));
    }
    let result = save_extracted(&state, &session, folder_id, &pdf_name, &images, &stored, skipped).await;
    if result.is_err() {
        state.storage.discard(&keys).await;
    }
    result
}

async fn save_extracted(
    state: &AppState,
    session: &Session,
    folder_id: Option<i64>,
    pdf_name: &str,
    images: &[Extracted],
    stored: &[(String, String)],
    skipped: usize,
) -> ApiJson {
    let total: i64 = images.iter().map(|i| i.bytes.len() as i64).sum();
    let (stem, _) = names::split_ext(pdf_name.trim());
    let stem: String = stem.chars().filter(|c| !c.is_control() && !matches!(c, '/' | '\\')).take(150).collect();
    let stem = stem.replace("..", ".");
    let stem = if stem.trim().is_empty() { "documento".to_string() } else { stem.trim().to_string() };
    let mut tx = state.db.begin().await?;
    repo::reserve(&mut tx, session.business_id, total).await?;
    let folder = match folder_id {
        Some(id) => repo::visible_folder(&mut tx, session, id).await?,
        None => {
            let name = repo::free_name(&mut tx, session.business_id, None, &format!("Imágenes de {stem}")).await?;
            let folder = repo::insert_folder(
                &mut tx,
                NewFolder { business_id: session.business_id, parent_id: None, name: &name, is_private: false, created_by: Some(session.user_id) },
            )
            .await?;
            repo::audit(&mut tx, session, "folder.create", "folder", folder.folder_id, json!({ "name": name, "parent_id": null }))
                .await?;
            folder
        }
    };
    let mut files = Vec::new();
    for (n, (image, (handle, key))) in images.iter().zip(stored).enumerate() {
        let wanted = format!("{stem}-imagen-{:03}.{}", n + 1, image.kind.ext());
        let name = repo::free_name(&mut tx, session.business_id, Some(folder.folder_id), &wanted).await?;
        let file = repo::insert_file(
            &mut tx,
            NewFile {
                business_id: session.business_id,
                folder_id: Some(folder.folder_id),
                name: &name,
                size: image.bytes.len() as i64,
                content_type: image.kind.content_type(),
                handle,
                storage_key: key,
                is_public: false,
                created_by: Some(session.user_id),
            },
        )
        .await?;
        let mut v = file.json();
        v["width"] = json!(image.width);
        v["height"] = json!(image.height);
        files.push(v);
    }
    repo::audit(
        &mut tx,
        session,
        "file.pdf_extract",
        "folder",
        folder.folder_id,
        json!({ "pdf": pdf_name, "images": files.len(), "skipped": skipped, "bytes": total }),
    )
    .await?;
    let folder_json = repo::folder_json(&mut tx, &folder).await?;
    tx.commit().await?;
    ok(json!({ "folder": folder_json, "files": files, "skipped": skipped }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FillRequest {
    file_id: i64,
    #[serde(default)]
    values: serde_json::Map<String, Value>,
}

/// `filesystem/layout/fill {file_id, values}`: the stored PDF with its form fields filled, as
/// `application/pdf` (not enveloped). Headers tell which fields were filled and which names
/// matched nothing.
pub async fn layout_fill(State(state): State<AppState>, session: Session, Body(req): Body<FillRequest>) -> ApiResult<Response> {
    let file = repo::visible_file(&mut *state.db.pool.acquire().await?, &session, req.file_id).await?;
    let mut values = BTreeMap::new();
    for (key, value) in req.values {
        let value = match value {
            Value::String(s) => FieldValue::Text(s),
            Value::Bool(b) => FieldValue::Check(b),
            Value::Null => FieldValue::Text(String::new()),
            Value::Number(n) => FieldValue::Text(n.to_string()),
            other => {
                return Err(ApiError::invalid_field("values", format!("Valor no admitido para {key}: {other}")));
            }
        };
        values.insert(key, value);
    }
    let bytes = api::load_pdf(&state, &file).await?;
    let filled = tokio::task::spawn_blocking(move || fill_form(&bytes, &values)).await.map_err(anyhow::Error::from)?;
    let filled = match filled {
        Ok(filled) => filled,
        Err(FillError::NoForm) => {
            return Err(ApiError::new(codes::FILE_TYPE, "El PDF no tiene campos de formulario")
                .with_data(json!({ "file_id": file.file_id })))
        }
        Err(FillError::Pdf(_)) => return Err(api::not_pdf()),
    };
    let (stem, _) = names::split_ext(&file.name);
    let mut response = filled.pdf.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/pdf"));
    if let Ok(v) = HeaderValue::from_str(&names::content_disposition("attachment", &format!("{stem}.pdf"))) {
        headers.insert(header::CONTENT_DISPOSITION, v);
    }
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    let list = |names: &[String]| {
        HeaderValue::from_str(&names.iter().map(|n| n.replace(',', "%2C")).collect::<Vec<_>>().join(","))
            .unwrap_or_else(|_| HeaderValue::from_static(""))
    };
    headers.insert("x-filled-fields", list(&filled.filled));
    headers.insert("x-unknown-fields", list(&filled.unknown));
    Ok(response)
}

#[cfg(test)]
pub mod tests {
    use lopdf::{dictionary, Stream};

    use super::*;

    /// A one-page PDF with a 2×2 RGB image (FlateDecode), a 1×1 JPEG (DCTDecode), a soft mask
    /// and, optionally, a form with a text field `nombre` and a check box `acepto`.
    pub fn sample_pdf(with_form: bool) -> Vec<u8> {
        let mut doc = Document::with_version("1.5");
        let pages_id = doc.new_object_id();
        let rgb: Vec<u8> = vec![255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255];
        let mut flate = Stream::new(
            dictionary! { "Type" => "XObject", "Subtype" => "Image", "Width" => 2, "Height" => 2,
                "ColorSpace" => "DeviceRGB", "BitsPerComponent" => 8 },
            rgb,
        );
        flate.compress().unwrap();
        let mask = doc.add_object(Stream::new(
            dictionary! { "Type" => "XObject", "Subtype" => "Image", "Width" => 2, "Height" => 2,
                "ColorSpace" => "DeviceGray", "BitsPerComponent" => 8 },
            vec![255; 4],
        ));
        flate.dict.set("SMask", mask);
        let img1 = doc.add_object(flate);
        let mut jpeg = Vec::new();
        image::DynamicImage::ImageRgb8(image::RgbImage::from_pixel(1, 1, image::Rgb([10, 20, 30])))
            .write_to(&mut Cursor::new(&mut jpeg), image::ImageFormat::Jpeg)
            .unwrap();
        let img2 = doc.add_object(Stream::new(
            dictionary! { "Type" => "XObject", "Subtype" => "Image", "Width" => 1, "Height" => 1,
                "ColorSpace" => "DeviceRGB", "BitsPerComponent" => 8, "Filter" => "DCTDecode" },
            jpeg,
        ));
        let content = doc.add_object(Stream::new(dictionary! {}, b"q 100 0 0 100 0 0 cm /Im1 Do Q".to_vec()));
        let mut annots = vec![];
        let mut page = dictionary! {
            "Type" => "Page", "Parent" => pages_id, "Contents" => content,
            "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
            "Resources" => dictionary! { "XObject" => dictionary! { "Im1" => img1, "Im2" => img2 } },
        };
        let mut fields = vec![];
        if with_form {
            let text = doc.add_object(dictionary! {
                "Type" => "Annot", "Subtype" => "Widget", "FT" => "Tx", "T" => Object::string_literal("nombre"),
                "Rect" => vec![50.into(), 700.into(), 300.into(), 720.into()],
            });
            let on = doc.add_object(Stream::new(dictionary! {}, vec![]));
            let off = doc.add_object(Stream::new(dictionary! {}, vec![]));
            let check = doc.add_object(dictionary! {
                "Type" => "Annot", "Subtype" => "Widget", "FT" => "Btn", "T" => Object::string_literal("acepto"),
                "Rect" => vec![50.into(), 650.into(), 70.into(), 670.into()],
                "AP" => dictionary! { "N" => dictionary! { "Si" => on, "Off" => off } },
                "AS" => "Off",
            });
            annots = vec![text.into(), check.into()];
            fields = vec![Object::Reference(text), Object::Reference(check)];
        }
        if with_form {
            page.set("Annots", annots);
        }
        let page_id = doc.add_object(page);
        doc.objects.insert(
            pages_id,
            Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => vec![page_id.into()], "Count" => 1 }),
        );
        let mut catalog = dictionary! { "Type" => "Catalog", "Pages" => pages_id };
        if with_form {
            let form = doc.add_object(dictionary! { "Fields" => fields });
            catalog.set("AcroForm", form);
        }
        let catalog_id = doc.add_object(catalog);
        doc.trailer.set("Root", catalog_id);
        let mut out = Vec::new();
        doc.save_to(&mut out).unwrap();
        out
    }

    #[test]
    fn counts_pages() {
        assert_eq!(page_count(&sample_pdf(false)).unwrap(), 1);
        assert!(page_count(b"not a pdf").is_err());
    }

    #[test]
    fn extracts_images_but_not_masks() {
        let (images, skipped) = extract_images(&sample_pdf(false)).unwrap();
        assert_eq!(skipped, 0);
        assert_eq!(images.len(), 2);
        let png = images.iter().find(|i| i.kind == ImageKind::Png).unwrap();
        assert_eq!((png.width, png.height), (2, 2));
        let decoded = image::load_from_memory(&png.bytes).unwrap().to_rgb8();
        assert_eq!(decoded.get_pixel(1, 0).0, [0, 255, 0]);
        let jpeg = images.iter().find(|i| i.kind == ImageKind::Jpeg).unwrap();
        assert_eq!(names::sniff_image(&jpeg.bytes), Some(ImageKind::Jpeg));
    }

    #[test]
    fn fills_text_and_check_boxes() {
        let mut values = BTreeMap::new();
        values.insert("nombre".to_string(), FieldValue::Text("Álvaro Peña".into()));
        values.insert("acepto".to_string(), FieldValue::Check(true));
        values.insert("otro".to_string(), FieldValue::Text("x".into()));
        let filled = fill_form(&sample_pdf(true), &values).unwrap();
        assert_eq!(filled.filled, vec!["nombre".to_string(), "acepto".to_string()]);
        assert_eq!(filled.unknown, vec!["otro".to_string()]);
        let doc = Document::load_mem(&filled.pdf).unwrap();
        let mut texts = vec![];
        let mut states = vec![];
        for object in doc.objects.values() {
            if let Ok(dict) = object.as_dict() {
                if let Ok(v) = dict.get(b"V") {
                    match v {
                        Object::String(bytes, _) => texts.push(decode_text(bytes)),
                        Object::Name(name) => states.push(String::from_utf8_lossy(name).to_string()),
                        _ => {}
                    }
                }
                if let Ok(need) = dict.get(b"NeedAppearances") {
                    assert!(need.as_bool().unwrap());
                }
            }
        }
        assert_eq!(texts, vec!["Álvaro Peña".to_string()]);
        assert_eq!(states, vec!["Si".to_string()]);
        assert!(matches!(fill_form(&sample_pdf(false), &values), Err(FillError::NoForm)));
    }
}
