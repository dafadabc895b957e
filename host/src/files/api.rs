//! `filesystem/*` calls on files: summary, search, limits, upload, rename, move, delete, read.

use std::collections::{HashMap, HashSet};

use axum::body::Body as HttpBody;
use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::{Path, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::AnyConnection;

use super::names;
use super::repo::{self, FileRow, FolderRow, NewFile};
use super::storage::{new_handle, object_key};
use super::upload::{self, Limits, Target};
use crate::auth::Session;
use crate::error::{codes, ok, ApiError, ApiJson, ApiResult, Body, Params};
use crate::plugins::links::FileKey;
use crate::state::AppState;

/// The permission of the document manager. Reading a file (by id, name or URL), the limits
/// and image uploads need only a session of the business: other modules show stored files
/// (avatars, product images, documents) to users who do not manage documents.
pub const PERMISSION: &str = "filesystem";
/// Largest file read into memory for PDF work (page count, form filling).
pub const PDF_MAX: u64 = 256 * 1024 * 1024;
pub const IMAGE_TYPES: &[&str] = &["image/png", "image/jpeg"];
pub const IMAGE_EXTENSIONS: &[&str] = &["png", "jpg", "jpeg"];

/// `filesystem/data`: the storage summary and the root listing.
pub async fn data(State(state): State<AppState>, session: Session) -> ApiJson {
    session.require(PERMISSION)?;
    let mut conn = state.db.pool.acquire().await?;
    let usage = repo::usage(&mut conn, session.business_id).await?;
    let mut listing = repo::listing(&mut conn, &session, None).await?;
    listing["storage"] = usage.json();
    listing["max_upload_bytes"] = json!(state.config.storage.max_upload_bytes);
    ok(listing)
}

#[derive(Deserialize)]
pub struct SearchQuery {
    #[serde(alias = "query", alias = "q")]
    search: Option<String>,
}

const SEARCH_LIMIT: i64 = 200;

/// `filesystem/search?search=`: files and folders whose name contains the text, ignoring case
/// and accents, with the path of the folder holding each.
pub async fn search(State(state): State<AppState>, session: Session, Params(q): Params<SearchQuery>) -> ApiJson {
    session.require(PERMISSION)?;
    let text = q.search.as_deref().unwrap_or("").trim().to_string();
    if text.chars().count() < 2 {
        return Err(ApiError::invalid_field("search", "La búsqueda necesita al menos 2 caracteres"));
    }
    let pattern = names::like_pattern(&crate::text::fold(&text));
    let mut conn = state.db.pool.acquire().await?;
    let hidden = repo::hidden_folders(&mut conn, &session).await?;
    let folders = sqlx::query(&format!(
        "SELECT {} FROM folder WHERE business_id = $1 AND search_name LIKE $2 ESCAPE '\\' ORDER BY search_name LIMIT $3",
        repo::FOLDER_COLUMNS
    ))
    .bind(session.business_id)
    .bind(&pattern)
    .bind(SEARCH_LIMIT)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(FolderRow::from_row)
    .collect::<Result<Vec<_>, _>>()?;
    let files = sqlx::query(&format!(
        "SELECT {} FROM file WHERE business_id = $1 AND search_name LIKE $2 ESCAPE '\\' ORDER BY search_name LIMIT $3",
        repo::FILE_COLUMNS
    ))
    .bind(session.business_id)
    .bind(&pattern)
    .bind(SEARCH_LIMIT)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(FileRow::from_row)
    .collect::<Result<Vec<_>, _>>()?;
    let tree = folder_names(&mut conn, session.business_id).await?;
    let folders: Vec<Value> = folders
        .iter()
        .filter(|f| !hidden.contains(&f.folder_id))
        .map(|f| {
            let mut v = f.json(&Default::default());
            v["path"] = json!(path_of(&tree, f.parent_id));
            v
        })
        .collect();
    let files: Vec<Value> = files
        .iter()
        .filter(|f| repo::file_visible(f, &hidden))
        .map(|f| {
            let mut v = f.json();
            v["path"] = json!(path_of(&tree, f.folder_id));
            v
        })
        .collect();
    ok(json!({ "search": text, "folders": folders, "files": files }))
}

async fn folder_names(conn: &mut AnyConnection, business_id: i64) -> ApiResult<HashMap<i64, (Option<i64>, String)>> {
    let rows: Vec<(i64, Option<i64>, String)> =
        sqlx::query_as("SELECT folder_id, parent_id, name FROM folder WHERE business_id = $1")
            .bind(business_id)
            .fetch_all(conn)
            .await?;
    Ok(rows.into_iter().map(|(id, parent, name)| (id, (parent, name))).collect())
}

/// `A/B/C` for a folder id (empty for the root).
fn path_of(tree: &HashMap<i64, (Option<i64>, String)>, mut folder: Option<i64>) -> String {
    let mut parts = Vec::new();
    let mut seen = HashSet::new();
    while let Some(id) = folder {
        if !seen.insert(id) {
            break;
        }
        match tree.get(&id) {
            Some((parent, name)) => {
                parts.push(name.as_str());
                folder = *parent;
            }
            None => break,
        }
    }
    parts.reverse();
    parts.join("/")
}

/// `filesystem/configure`: the limits the UI needs.
pub async fn configure(State(state): State<AppState>, session: Session) -> ApiJson {
    let mut conn = state.db.pool.acquire().await?;
    let usage = repo::usage(&mut conn, session.business_id).await?;
    ok(json!({
        "max_upload_bytes": state.config.storage.max_upload_bytes,
        "quota": usage.quota,
        "used": usage.used,
        "free": usage.free(),
        "plan": usage.plan,
        "files": usage.files,
        "image_types": IMAGE_TYPES,
        "image_extensions": IMAGE_EXTENSIONS,
        "name_max": names::NAME_MAX,
        "search_min": 2,
        "can_manage": session.has(PERMISSION),
    }))
}

/// The upload limits for a business now: the configured maximum and what the quota leaves.
pub async fn limits(state: &AppState, business_id: i64) -> ApiResult<Limits> {
    let mut conn = state.db.pool.acquire().await?;
    let usage = repo::usage(&mut conn, business_id).await?;
    Ok(Limits { max_bytes: state.config.storage.max_upload_bytes, quota_left: usage.free() as u64, usage: Some(usage) })
}

/// `filesystem/file/upload` (multipart: `file`, optional `folder_id`, `name`, `public`). The
/// file streams into storage under a fresh handle; the row is written after, in one
/// transaction with the quota; any refusal deletes the object.
pub async fn upload(
    State(state): State<AppState>,
    session: Session,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiJson {
    session.require(PERMISSION)?;
    let multipart = upload::multipart(multipart)?;
    let handle = new_handle();
    let key = object_key(session.business_id, &handle);
    let limits = limits(&state, session.business_id).await?;
    let form = upload::read_form(multipart, Target::Store(state.storage.clone(), key.clone()), limits).await?;
    let result = store_upload(&state, &session, &form, &handle, &key).await;
    if result.is_err() {
        form.file.discard().await;
    }
    result
}

async fn store_upload(state: &AppState, session: &Session, form: &upload::Form, handle: &str, key: &str) -> ApiJson {
    let name = names::check("name", form.text("name").or(form.file.file_name.as_deref()).unwrap_or(""))?;
    let folder_id = form.folder_id("folder_id")?;
    let is_public = names::truthy(form.text("public"));
    let size = form.file.size as i64;
    let mut tx = state.db.begin().await?;
    repo::reserve(&mut tx, session.business_id, size).await?;
    let folder_id = repo::visible_parent(&mut tx, session, folder_id).await?;
    if repo::name_exists(&mut tx, session.business_id, folder_id, &name).await? {
        return Err(repo::name_taken(&name));
    }
    let file = repo::insert_file(
        &mut tx,
        NewFile {
            business_id: session.business_id,
            folder_id,
            name: &name,
            size,
            content_type: &names::content_type(&name),
            handle,
            storage_key: key,
            is_public,
            created_by: Some(session.user_id),
        },
    )
    .await?;
    repo::audit(&mut tx, session, "file.upload", "file", file.file_id, json!({ "name": name, "size": size, "folder_id": folder_id }))
        .await?;
    let usage = repo::usage(&mut tx, session.business_id).await?;
    tx.commit().await?;
    ok(json!({ "file": file.json(), "storage": usage.json() }))
}

/// `name`, or the first of "stem (2).ext", "stem (3).ext"… not taken in the folder.
pub(crate) async fn free_name(conn: &mut AnyConnection, business_id: i64, folder_id: i64, name: &str) -> ApiResult<String> {
    let (stem, ext) = match name.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() => (stem, format!(".{ext}")),
        _ => (name, String::new()),
    };
    let mut candidate = name.to_string();
    for n in 2..=1000 {
        if repo::file_by_name(conn, business_id, Some(folder_id), &candidate).await?.is_none() {
            return Ok(candidate);
        }
        candidate = format!("{stem} ({n}){ext}");
    }
    Err(ApiError::new(codes::FILE_EXISTS, "Ya existe un archivo con ese nombre"))
}

/// A file uploaded to a plugin's upload route (manifest `upload = true`): the form's text fields
/// and the file, stored (within `storage.max_upload_bytes` and the quota, as
/// `filesystem/file/upload`) in the folder `folder` at the top of the business's document
/// manager, created when missing. Nothing is left in storage when it is refused.
pub async fn receive_for_plugin(state: &AppState, session: &Session, multipart: Multipart, folder: &str) -> ApiResult<(HashMap<String, String>, FileRow)> {
    let handle = new_handle();
    let key = object_key(session.business_id, &handle);
    let limits = limits(state, session.business_id).await?;
    let form = upload::read_form(multipart, Target::Store(state.storage.clone(), key.clone()), limits).await?;
    let stored = async {
        let name = names::check("name", form.text("name").or(form.file.file_name.as_deref()).unwrap_or(""))?;
        let size = form.file.size as i64;
        let mut tx = state.db.begin().await?;
        repo::reserve(&mut tx, session.business_id, size).await?;
        let folder = repo::ensure_folder(&mut tx, session, None, folder).await?;
        // The plugin's folder is filled by its uploads, not arranged by hand: a name already
        // there gets the first free number, "contrato (2).pdf".
        let name = free_name(&mut tx, session.business_id, folder.folder_id, &name).await?;
        let file = repo::insert_file(
            &mut tx,
            NewFile {
                business_id: session.business_id,
                folder_id: Some(folder.folder_id),
                name: &name,
                size,
                content_type: &names::content_type(&name),
                handle: &handle,
                storage_key: &key,
                is_public: false,
                created_by: Some(session.user_id),
            },
        )
        .await?;
        repo::audit(&mut tx, session, "file.upload", "file", file.file_id, json!({ "name": name, "size": size, "folder_id": folder.folder_id }))
            .await?;
        tx.commit().await?;
        Ok::<_, ApiError>(file)
    }
    .await;
    match stored {
        Ok(file) => {
            let fields = form.fields.iter().filter_map(|(k, v)| Some((k.clone(), v.first()?.clone()))).collect();
            Ok((fields, file))
        }
        Err(err) => {
            form.file.discard().await;
            Err(err)
        }
    }
}

/// One id or a list of ids (`file_id` / `file_ids`), at most 500, without repeats.
fn id_list(field: &str, one: Option<i64>, many: Option<Vec<i64>>) -> ApiResult<Vec<i64>> {
    let mut ids: Vec<i64> = one.into_iter().chain(many.unwrap_or_default()).collect();
    let mut seen = HashSet::new();
    ids.retain(|id| seen.insert(*id));
    if ids.is_empty() {
        return Err(ApiError::invalid_field(field, format!("Indique {field}")));
    }
    if ids.len() > 500 {
        return Err(ApiError::invalid_field(field, "Como máximo 500 elementos a la vez"));
    }
    Ok(ids)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RenameRequest {
    file_id: i64,
    name: String,
}

/// `filesystem/file/rename`. The content type follows the new name.
pub async fn file_rename(State(state): State<AppState>, session: Session, Body(req): Body<RenameRequest>) -> ApiJson {
    session.require(PERMISSION)?;
    let name = names::check("name", &req.name)?;
    let mut tx = state.db.begin().await?;
    let file = repo::visible_file(&mut tx, &session, req.file_id).await?;
    if name != file.name && repo::name_exists(&mut tx, session.business_id, file.folder_id, &name).await? {
        return Err(repo::name_taken(&name));
    }
    sqlx::query("UPDATE file SET name = $1, search_name = $2, content_type = $3, updated_at = $4 WHERE file_id = $5")
        .bind(&name)
        .bind(crate::text::fold(&name))
        .bind(names::content_type(&name))
        .bind(crate::db::now())
        .bind(file.file_id)
        .execute(&mut *tx)
        .await
        .map_err(|err| repo::name_conflict(err, &name))?;
    repo::audit(&mut tx, &session, "file.rename", "file", file.file_id, json!({ "from": file.name, "to": name })).await?;
    let file = repo::file_by_id(&mut tx, session.business_id, file.file_id).await?.ok_or_else(repo::file_not_found)?;
    tx.commit().await?;
    ok(file.json())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    file_id: Option<i64>,
    file_ids: Option<Vec<i64>>,
    /// The destination; null or absent is the root.
    #[serde(default)]
    folder_id: Option<i64>,
}

/// `filesystem/file/move`: one file or several into a folder (or the root).
pub async fn file_move(State(state): State<AppState>, session: Session, Body(req): Body<MoveRequest>) -> ApiJson {
    session.require(PERMISSION)?;
    let ids = id_list("file_id", req.file_id, req.file_ids)?;
    let mut tx = state.db.begin().await?;
    let target = repo::visible_parent(&mut tx, &session, req.folder_id.filter(|id| *id != 0)).await?;
    let mut moved = Vec::new();
    for id in ids {
        let file = repo::visible_file(&mut tx, &session, id).await?;
        if file.folder_id == target {
            moved.push(file.json());
            continue;
        }
        if repo::name_exists(&mut tx, session.business_id, target, &file.name).await? {
            return Err(repo::name_taken(&file.name));
        }
        sqlx::query("UPDATE file SET folder_id = $1, updated_at = $2 WHERE file_id = $3")
            .bind(target)
            .bind(crate::db::now())
            .bind(file.file_id)
            .execute(&mut *tx)
            .await
            .map_err(|err| repo::name_conflict(err, &file.name))?;
        repo::audit(&mut tx, &session, "file.move", "file", file.file_id, json!({ "from": file.folder_id, "to": target }))
            .await?;
        let file = repo::file_by_id(&mut tx, session.business_id, file.file_id).await?.ok_or_else(repo::file_not_found)?;
        moved.push(file.json());
    }
    tx.commit().await?;
    ok(json!({ "files": moved }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeleteRequest {
    file_id: Option<i64>,
    file_ids: Option<Vec<i64>>,
}

/// `filesystem/file/delete`: rows and quota in one transaction, then the objects.
pub async fn file_delete(State(state): State<AppState>, session: Session, Body(req): Body<DeleteRequest>) -> ApiJson {
    session.require(PERMISSION)?;
    let ids = id_list("file_id", req.file_id, req.file_ids)?;
    let mut tx = state.db.begin().await?;
    let mut keys = Vec::new();
    let mut freed = 0i64;
    for id in &ids {
        let file = repo::visible_file(&mut tx, &session, *id).await?;
        sqlx::query("DELETE FROM file WHERE file_id = $1 AND business_id = $2")
            .bind(file.file_id)
            .bind(session.business_id)
            .execute(&mut *tx)
            .await?;
        repo::audit(&mut tx, &session, "file.delete", "file", file.file_id, json!({ "name": file.name, "size": file.size }))
            .await?;
        freed += file.size;
        keys.push(file.storage_key);
    }
    repo::release(&mut tx, session.business_id, freed).await?;
    let usage = repo::usage(&mut tx, session.business_id).await?;
    tx.commit().await?;
    state.storage.discard(&keys).await;
    ok(json!({ "deleted": ids, "storage": usage.json() }))
}

#[derive(Deserialize)]
pub struct ReadQuery {
    /// The file's handle (the last segment of its URL); or, failing that, its name in
    /// `folder_id` (the root when absent).
    name: Option<String>,
    file_id: Option<i64>,
    folder_id: Option<i64>,
    /// `1`: answer `{pages}` (a PDF's page count) instead of the content.
    pdf_count: Option<String>,
    /// `1`: as an attachment (download) instead of inline.
    download: Option<String>,
    /// A public link's reference that shares the file (`links`, interface 0.1.7): read
    /// without a session.
    link: Option<String>,
}

/// `filesystem/file/read?file_id=|name=&token=`: the content, or a PDF's page count.
pub async fn file_read(
    State(state): State<AppState>,
    session: Result<Session, ApiError>,
    Params(q): Params<ReadQuery>,
) -> ApiResult<Response> {
    let session = session.ok();
    if let Some(reference) = q.link.as_deref() {
        let key = match (q.file_id, q.name.as_deref()) {
            (Some(id), _) => FileKey::Id(id),
            (None, Some(handle)) => FileKey::Handle(handle),
            (None, None) => return Err(ApiError::invalid_field("file_id", "Indique file_id o name")),
        };
        let file = crate::plugins::links::shared_file(&state, reference, key).await?;
        return serve(&state, &file, names::truthy(q.download.as_deref())).await;
    }
    let file = match (q.file_id, q.name.as_deref().map(str::trim).filter(|n| !n.is_empty())) {
        (Some(id), _) => {
            let session = session.as_ref().ok_or_else(ApiError::invalid_session)?;
            repo::visible_file(&mut *state.db.pool.acquire().await?, session, id).await?
        }
        (None, Some(name)) => match by_handle(&state, session.as_ref(), name).await {
            Ok(file) => file,
            Err(err) if err.code() == codes::NOT_FOUND && session.is_some() => {
                let session = session.as_ref().expect("checked");
                let mut conn = state.db.pool.acquire().await?;
                let folder = repo::visible_parent(&mut conn, session, q.folder_id).await?;
                let file = repo::file_by_name(&mut conn, session.business_id, folder, name)
                    .await?
                    .ok_or_else(repo::file_not_found)?;
                if !repo::file_visible(&file, &repo::hidden_folders(&mut conn, session).await?) {
                    return Err(repo::file_not_found());
                }
                file
            }
            Err(err) => return Err(err),
        },
        (None, None) if session.is_none() => return Err(ApiError::invalid_session()),
        (None, None) => return Err(ApiError::invalid_field("file_id", "Indique file_id o name")),
    };
    if names::truthy(q.pdf_count.as_deref()) {
        let pages = pdf_pages(&state, &file).await?;
        return Ok(ok(json!({ "file_id": file.file_id, "pages": pages }))?.into_response());
    }
    serve(&state, &file, names::truthy(q.download.as_deref())).await
}

/// `filesystem/file/read/{name}?token=`: the content by handle.
pub async fn file_read_named(
    State(state): State<AppState>,
    session: Result<Session, ApiError>,
    Path(name): Path<String>,
    Params(q): Params<ReadQuery>,
) -> ApiResult<Response> {
    let session = session.ok();
    let file = match q.link.as_deref() {
        Some(reference) => crate::plugins::links::shared_file(&state, reference, FileKey::Handle(&name)).await?,
        None => by_handle(&state, session.as_ref(), &name).await?,
    };
    if names::truthy(q.pdf_count.as_deref()) {
        let pages = pdf_pages(&state, &file).await?;
        return Ok(ok(json!({ "file_id": file.file_id, "pages": pages }))?.into_response());
    }
    serve(&state, &file, names::truthy(q.download.as_deref())).await
}

/// A file by handle: public files for anyone; others only for a session of the owning
/// business that may see the folder. Without a session a private file asks for one.
async fn by_handle(state: &AppState, session: Option<&Session>, handle: &str) -> ApiResult<FileRow> {
    let mut conn = state.db.pool.acquire().await?;
    let file = repo::file_by_handle(&mut conn, handle).await?;
    match (file, session) {
        (Some(file), _) if file.is_public => Ok(file),
        (Some(file), Some(session)) if file.business_id == session.business_id => {
            if repo::file_visible(&file, &repo::hidden_folders(&mut conn, session).await?) {
                Ok(file)
            } else {
                Err(repo::file_not_found())
            }
        }
        (_, Some(_)) => Err(repo::file_not_found()),
        (_, None) => Err(ApiError::invalid_session()),
    }
}

pub fn not_pdf() -> ApiError {
    ApiError::new(codes::FILE_TYPE, "El archivo no es un PDF válido")
}

/// A stored file's bytes, for PDF work.
pub async fn load_pdf(state: &AppState, file: &FileRow) -> ApiResult<bytes::Bytes> {
    if file.size as u64 > PDF_MAX {
        return Err(upload::too_large(PDF_MAX));
    }
    let bytes = state.storage.read_all(&file.storage_key, PDF_MAX).await?.ok_or_else(|| {
        tracing::error!(file_id = file.file_id, key = file.storage_key, "stored object is missing");
        repo::file_not_found()
    })?;
    if !names::is_pdf(&bytes[..bytes.len().min(1024)]) {
        return Err(not_pdf());
    }
    Ok(bytes)
}

async fn pdf_pages(state: &AppState, file: &FileRow) -> ApiResult<usize> {
    let bytes = load_pdf(state, file).await?;
    tokio::task::spawn_blocking(move || super::pdf::page_count(&bytes))
        .await
        .map_err(anyhow::Error::from)?
        .map_err(|_| not_pdf())
}

/// Stream a file with its content type. Types that could run in a browser are sent as
/// attachments under a sandbox policy; all answers carry `nosniff`.
async fn serve(state: &AppState, file: &FileRow, download: bool) -> ApiResult<Response> {
    let (size, stream) = state.storage.open(&file.storage_key).await?.ok_or_else(|| {
        tracing::error!(file_id = file.file_id, key = file.storage_key, "stored object is missing");
        repo::file_not_found()
    })?;
    let safe = names::inline_safe(&file.content_type);
    let disposition = if safe && !download { "inline" } else { "attachment" };
    let mut response = HttpBody::from_stream(stream).into_response();
    let headers = response.headers_mut();
    let value = |s: &str| HeaderValue::from_str(s).unwrap_or_else(|_| HeaderValue::from_static("application/octet-stream"));
    headers.insert(header::CONTENT_TYPE, value(&file.content_type));
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(size));
    if let Ok(v) = HeaderValue::from_str(&names::content_disposition(disposition, &file.name)) {
        headers.insert(header::CONTENT_DISPOSITION, v);
    }
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if !safe {
        headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("sandbox; default-src 'none'"));
    }
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(if file.is_public { "public, max-age=300" } else { "private, no-cache" }),
    );
    Ok(response)
}
