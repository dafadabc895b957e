//! Rows of `file` and `folder`, visibility of private folders, and the storage quota.
//!
//! Every query is scoped by `business_id`; ids from a request are only ever looked up together
//! with the caller's business, so another business's ids read as "not found".

use std::collections::{HashMap, HashSet};

use serde_json::{json, Value};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use crate::auth::Session;
use crate::db;
use crate::error::{codes, ApiError, ApiResult};

pub const FILE_COLUMNS: &str =
    "file_id, business_id, folder_id, name, size, content_type, storage_key, handle, is_public, created_by, created_at, updated_at";
pub const FOLDER_COLUMNS: &str = "folder_id, business_id, parent_id, name, is_private, created_by, created_at, updated_at";

#[derive(Debug, Clone)]
pub struct FileRow {
    pub file_id: i64,
    pub business_id: i64,
    pub folder_id: Option<i64>,
    pub name: String,
    pub size: i64,
    pub content_type: String,
    pub storage_key: String,
    pub handle: String,
    pub is_public: bool,
    pub created_by: Option<i64>,
    pub created_at: String,
    pub updated_at: String,
}

impl FileRow {
    pub fn from_row(row: &AnyRow) -> Result<FileRow, sqlx::Error> {
        Ok(FileRow {
            file_id: row.try_get("file_id")?,
            business_id: row.try_get("business_id")?,
            folder_id: row.try_get("folder_id")?,
            name: row.try_get("name")?,
            size: row.try_get("size")?,
            content_type: row.try_get("content_type")?,
            storage_key: row.try_get("storage_key")?,
            handle: row.try_get("handle")?,
            is_public: db::flag(row, "is_public")?,
            created_by: row.try_get("created_by")?,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
        })
    }

    /// Where the content is read: relative to the site, add `?token=` unless the file is public.
    pub fn url(&self) -> String {
        format!("/api/filesystem/file/read/{}", self.handle)
    }

    pub fn json(&self) -> Value {
        json!({
            "type": "file",
            "file_id": self.file_id,
            "folder_id": self.folder_id,
            "name": self.name,
            "size": self.size,
            "content_type": self.content_type,
            "public": self.is_public,
            "handle": self.handle,
            "url": self.url(),
            "created_by": self.created_by,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
        })
    }
}

#[derive(Debug, Clone)]
pub struct FolderRow {
    pub folder_id: i64,
    pub business_id: i64,
    pub parent_id: Option<i64>,
    pub name: String,
    pub is_private: bool,
    pub created_by: Option<i64>,
    pub created_at: String,
    pub updated_at: String,
}

impl FolderRow {
    pub fn from_row(row: &AnyRow) -> Result<FolderRow, sqlx::Error> {
        Ok(FolderRow {
            folder_id: row.try_get("folder_id")?,
            business_id: row.try_get("business_id")?,
            parent_id: row.try_get("parent_id")?,
            name: row.try_get("name")?,
            is_private: db::flag(row, "is_private")?,
            created_by: row.try_get("created_by")?,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
        })
    }

    pub fn json(&self, owners: &Owners) -> Value {
        json!({
            "type": "folder",
            "folder_id": self.folder_id,
            "parent_id": self.parent_id,
            "name": self.name,
            "private": self.is_private,
            "owner_users": owners.users.get(&self.folder_id).cloned().unwrap_or_default(),
            "owner_roles": owners.roles.get(&self.folder_id).cloned().unwrap_or_default(),
            "created_by": self.created_by,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
        })
    }
}

/// Owner users and roles of some folders.
#[derive(Default)]
pub struct Owners {
    pub users: HashMap<i64, Vec<i64>>,
    pub roles: HashMap<i64, Vec<i64>>,
}

/// `folder_id = NULL` is the root; bound as 0 against `COALESCE(folder_id, 0)` so one query
/// text works on both engines.
pub fn root_key(folder_id: Option<i64>) -> i64 {
    folder_id.unwrap_or(0)
}

pub async fn file_by_id(conn: &mut AnyConnection, business_id: i64, file_id: i64) -> ApiResult<Option<FileRow>> {
    let row = sqlx::query(&format!("SELECT {FILE_COLUMNS} FROM file WHERE file_id = $1 AND business_id = $2"))
        .bind(file_id)
        .bind(business_id)
        .fetch_optional(conn)
        .await?;
    Ok(row.as_ref().map(FileRow::from_row).transpose()?)
}

pub async fn file_by_handle(conn: &mut AnyConnection, handle: &str) -> ApiResult<Option<FileRow>> {
    let row = sqlx::query(&format!("SELECT {FILE_COLUMNS} FROM file WHERE handle = $1"))
        .bind(handle)
        .fetch_optional(conn)
        .await?;
    Ok(row.as_ref().map(FileRow::from_row).transpose()?)
}

pub async fn file_by_name(
    conn: &mut AnyConnection,
    business_id: i64,
    folder_id: Option<i64>,
    name: &str,
) -> ApiResult<Option<FileRow>> {
    let row = sqlx::query(&format!(
        "SELECT {FILE_COLUMNS} FROM file WHERE business_id = $1 AND COALESCE(folder_id, 0) = $2 AND name = $3"
    ))
    .bind(business_id)
    .bind(root_key(folder_id))
    .bind(name)
    .fetch_optional(conn)
    .await?;
    Ok(row.as_ref().map(FileRow::from_row).transpose()?)
}

pub async fn folder_by_id(conn: &mut AnyConnection, business_id: i64, folder_id: i64) -> ApiResult<Option<FolderRow>> {
    let row = sqlx::query(&format!("SELECT {FOLDER_COLUMNS} FROM folder WHERE folder_id = $1 AND business_id = $2"))
        .bind(folder_id)
        .bind(business_id)
        .fetch_optional(conn)
        .await?;
    Ok(row.as_ref().map(FolderRow::from_row).transpose()?)
}

/// Folders the caller may not see: private folders where the caller is neither an owner user
/// nor holds an owner role, and everything below them. Role `super` sees everything.
pub async fn hidden_folders(conn: &mut AnyConnection, session: &Session) -> ApiResult<HashSet<i64>> {
    if session.is_super {
        return Ok(HashSet::new());
    }
    let rows: Vec<(i64,)> = sqlx::query_as(
        "WITH RECURSIVE hidden (folder_id) AS (
             SELECT f.folder_id FROM folder f
             WHERE f.business_id = $1 AND f.is_private = TRUE
               AND NOT EXISTS (SELECT 1 FROM folder_owner_user o WHERE o.folder_id = f.folder_id AND o.user_id = $2)
               AND NOT EXISTS (SELECT 1 FROM folder_owner_role r WHERE r.folder_id = f.folder_id AND r.role_id = $3)
             UNION
             SELECT c.folder_id FROM folder c JOIN hidden h ON c.parent_id = h.folder_id
         )
         SELECT folder_id FROM hidden",
    )
    .bind(session.business_id)
    .bind(session.user_id)
    .bind(session.role_id.unwrap_or(0))
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

pub fn folder_not_found() -> ApiError {
    ApiError::not_found_feminine("Carpeta")
}

pub fn file_not_found() -> ApiError {
    ApiError::not_found("Archivo")
}

/// A folder of the caller's business that the caller may see.
pub async fn visible_folder(conn: &mut AnyConnection, session: &Session, folder_id: i64) -> ApiResult<FolderRow> {
    let folder = folder_by_id(conn, session.business_id, folder_id).await?.ok_or_else(folder_not_found)?;
    if hidden_folders(conn, session).await?.contains(&folder.folder_id) {
        return Err(folder_not_found());
    }
    Ok(folder)
}

/// `None` (the root) or a visible folder's id.
pub async fn visible_parent(conn: &mut AnyConnection, session: &Session, folder_id: Option<i64>) -> ApiResult<Option<i64>> {
    match folder_id {
        None => Ok(None),
        Some(id) => Ok(Some(visible_folder(conn, session, id).await?.folder_id)),
    }
}

/// Whether the caller may see a file of their own business.
pub fn file_visible(file: &FileRow, hidden: &HashSet<i64>) -> bool {
    file.folder_id.is_none_or(|id| !hidden.contains(&id))
}

/// A file of the caller's business that the caller may see.
pub async fn visible_file(conn: &mut AnyConnection, session: &Session, file_id: i64) -> ApiResult<FileRow> {
    let file = file_by_id(conn, session.business_id, file_id).await?.ok_or_else(file_not_found)?;
    if !file_visible(&file, &hidden_folders(conn, session).await?) {
        return Err(file_not_found());
    }
    Ok(file)
}

/// A folder and every folder below it.
pub async fn subtree(conn: &mut AnyConnection, business_id: i64, folder_id: i64) -> ApiResult<Vec<i64>> {
    let rows: Vec<(i64,)> = sqlx::query_as(
        "WITH RECURSIVE tree (folder_id) AS (
             SELECT folder_id FROM folder WHERE folder_id = $1 AND business_id = $2
             UNION
             SELECT c.folder_id FROM folder c JOIN tree t ON c.parent_id = t.folder_id
         )
         SELECT folder_id FROM tree",
    )
    .bind(folder_id)
    .bind(business_id)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// The folders from the root down to `folder_id`, for breadcrumbs.
pub async fn path(conn: &mut AnyConnection, business_id: i64, folder_id: i64) -> ApiResult<Vec<Value>> {
    let rows: Vec<(i64, String)> = sqlx::query_as(
        "WITH RECURSIVE up (folder_id, parent_id, name, depth) AS (
             SELECT folder_id, parent_id, name, 0 FROM folder WHERE folder_id = $1 AND business_id = $2
             UNION ALL
             SELECT f.folder_id, f.parent_id, f.name, up.depth + 1 FROM folder f JOIN up ON f.folder_id = up.parent_id
         )
         SELECT folder_id, name FROM up ORDER BY depth DESC",
    )
    .bind(folder_id)
    .bind(business_id)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|(id, name)| json!({ "folder_id": id, "name": name })).collect())
}

pub async fn owners(conn: &mut AnyConnection, folder_ids: &[i64]) -> ApiResult<Owners> {
    let mut owners = Owners::default();
    if folder_ids.is_empty() {
        return Ok(owners);
    }
    // Ids are integers from the database, so inlining them is safe and keeps one query per table.
    let list = folder_ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    let users: Vec<(i64, i64)> = sqlx::query_as(&format!(
        "SELECT folder_id, user_id FROM folder_owner_user WHERE folder_id IN ({list}) ORDER BY user_id"
    ))
    .fetch_all(&mut *conn)
    .await?;
    for (folder, user) in users {
        owners.users.entry(folder).or_default().push(user);
    }
    let roles: Vec<(i64, i64)> = sqlx::query_as(&format!(
        "SELECT folder_id, role_id FROM folder_owner_role WHERE folder_id IN ({list}) ORDER BY role_id"
    ))
    .fetch_all(&mut *conn)
    .await?;
    for (folder, role) in roles {
        owners.roles.entry(folder).or_default().push(role);
    }
    Ok(owners)
}

pub async fn folder_json(conn: &mut AnyConnection, folder: &FolderRow) -> ApiResult<Value> {
    let owners = owners(conn, &[folder.folder_id]).await?;
    Ok(folder.json(&owners))
}

/// The contents of a folder (or the root) as the caller may see them, sorted by name.
pub async fn listing(conn: &mut AnyConnection, session: &Session, folder: Option<&FolderRow>) -> ApiResult<Value> {
    let hidden = hidden_folders(conn, session).await?;
    let key = root_key(folder.map(|f| f.folder_id));
    let mut folders = sqlx::query(&format!(
        "SELECT {FOLDER_COLUMNS} FROM folder WHERE business_id = $1 AND COALESCE(parent_id, 0) = $2"
    ))
    .bind(session.business_id)
    .bind(key)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(FolderRow::from_row)
    .collect::<Result<Vec<_>, _>>()?;
    folders.retain(|f| !hidden.contains(&f.folder_id));
    folders.sort_by_cached_key(|f| crate::text::fold(&f.name));
    let mut files = sqlx::query(&format!(
        "SELECT {FILE_COLUMNS} FROM file WHERE business_id = $1 AND COALESCE(folder_id, 0) = $2"
    ))
    .bind(session.business_id)
    .bind(key)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(FileRow::from_row)
    .collect::<Result<Vec<_>, _>>()?;
    files.sort_by_cached_key(|f| crate::text::fold(&f.name));
    let ids: Vec<i64> = folders.iter().map(|f| f.folder_id).collect();
    let owners = owners(conn, &ids).await?;
    let (current, path) = match folder {
        Some(f) => (folder_json(conn, f).await?, path(conn, session.business_id, f.folder_id).await?),
        None => (Value::Null, vec![]),
    };
    Ok(json!({
        "folder": current,
        "path": path,
        "folders": folders.iter().map(|f| f.json(&owners)).collect::<Vec<_>>(),
        "files": files.iter().map(FileRow::json).collect::<Vec<_>>(),
    }))
}

/// A business's storage: plan, quota and what is used.
pub struct Usage {
    pub plan: String,
    pub quota: i64,
    pub used: i64,
    pub files: i64,
    pub folders: i64,
}

impl Usage {
    pub fn free(&self) -> i64 {
        (self.quota - self.used).max(0)
    }

    pub fn json(&self) -> Value {
        json!({
            "plan": self.plan,
            "quota": self.quota,
            "used": self.used,
            "free": self.free(),
            "files": self.files,
            "folders": self.folders,
        })
    }
}

pub async fn usage(conn: &mut AnyConnection, business_id: i64) -> ApiResult<Usage> {
    let row: Option<(String, i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT storage_plan, storage_quota, storage_used,
                (SELECT COUNT(*) FROM file WHERE file.business_id = business.business_id),
                (SELECT COUNT(*) FROM folder WHERE folder.business_id = business.business_id)
         FROM business WHERE business_id = $1",
    )
    .bind(business_id)
    .fetch_optional(conn)
    .await?;
    let (plan, quota, used, files, folders) = row.ok_or_else(|| ApiError::not_found_feminine("Empresa"))?;
    Ok(Usage { plan, quota, used, files, folders })
}

pub fn storage_full(usage: Option<&Usage>, needed: i64) -> ApiError {
    ApiError::new(
        codes::STORAGE_FULL,
        "Se ha alcanzado el límite de almacenamiento contratado. Contacte con el servicio técnico para ampliarlo.",
    )
    .with_data(match usage {
        Some(u) => json!({ "quota": u.quota, "used": u.used, "needed": needed }),
        None => json!({ "needed": needed }),
    })
}

/// Count `bytes` against the business's quota, inside the caller's transaction: one conditional
/// UPDATE, so concurrent uploads cannot overshoot together (the row lock on PostgreSQL, the
/// write lock on SQLite serialise them). Call it first in the transaction, so SQLite takes the
/// write lock before any read.
pub async fn reserve(conn: &mut AnyConnection, business_id: i64, bytes: i64) -> ApiResult<()> {
    let done = sqlx::query(
        "UPDATE business SET storage_used = storage_used + $1
         WHERE business_id = $2 AND storage_used + $1 <= storage_quota",
    )
    .bind(bytes)
    .bind(business_id)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if done == 0 {
        let usage = usage(conn, business_id).await?;
        return Err(storage_full(Some(&usage), bytes));
    }
    Ok(())
}

/// Give `bytes` back (files deleted).
pub async fn release(conn: &mut AnyConnection, business_id: i64, bytes: i64) -> ApiResult<()> {
    sqlx::query(
        "UPDATE business SET storage_used = CASE WHEN storage_used > $1 THEN storage_used - $1 ELSE 0 END
         WHERE business_id = $2",
    )
    .bind(bytes)
    .bind(business_id)
    .execute(conn)
    .await?;
    Ok(())
}

pub fn name_taken(name: &str) -> ApiError {
    ApiError::new(codes::FILE_EXISTS, format!("Ya existe un elemento llamado «{name}» en esta carpeta"))
        .with_data(json!({ "field": "name", "name": name }))
}

/// Map a unique violation on the name indexes to FILE-003.
pub fn name_conflict(err: sqlx::Error, name: &str) -> ApiError {
    if db::is_unique_violation(&err) {
        name_taken(name)
    } else {
        err.into()
    }
}

pub struct NewFile<'a> {
    pub business_id: i64,
    pub folder_id: Option<i64>,
    pub name: &'a str,
    pub size: i64,
    pub content_type: &'a str,
    pub handle: &'a str,
    pub storage_key: &'a str,
    pub is_public: bool,
    pub created_by: Option<i64>,
}

pub async fn insert_file(conn: &mut AnyConnection, new: NewFile<'_>) -> ApiResult<FileRow> {
    let now = db::now();
    let row = sqlx::query(&format!(
        "INSERT INTO file (business_id, folder_id, name, search_name, size, content_type, storage_key, handle, is_public,
                           created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)
         RETURNING {FILE_COLUMNS}"
    ))
    .bind(new.business_id)
    .bind(new.folder_id)
    .bind(new.name)
    .bind(crate::text::fold(new.name))
    .bind(new.size)
    .bind(new.content_type)
    .bind(new.storage_key)
    .bind(new.handle)
    .bind(new.is_public)
    .bind(new.created_by)
    .bind(&now)
    .fetch_one(conn)
    .await
    .map_err(|err| name_conflict(err, new.name))?;
    Ok(FileRow::from_row(&row)?)
}

/// Whether a file or folder called `name` exists in the folder (or root).
pub async fn name_exists(conn: &mut AnyConnection, business_id: i64, folder_id: Option<i64>, name: &str) -> ApiResult<bool> {
    let key = root_key(folder_id);
    let file: Option<(i64,)> =
        sqlx::query_as("SELECT file_id FROM file WHERE business_id = $1 AND COALESCE(folder_id, 0) = $2 AND name = $3")
            .bind(business_id)
            .bind(key)
            .bind(name)
            .fetch_optional(&mut *conn)
            .await?;
    if file.is_some() {
        return Ok(true);
    }
    let folder: Option<(i64,)> =
        sqlx::query_as("SELECT folder_id FROM folder WHERE business_id = $1 AND COALESCE(parent_id, 0) = $2 AND name = $3")
            .bind(business_id)
            .bind(key)
            .bind(name)
            .fetch_optional(conn)
            .await?;
    Ok(folder.is_some())
}

/// The first of `name`, `name (2)`, `name (3)`… free in the folder.
pub async fn free_name(conn: &mut AnyConnection, business_id: i64, folder_id: Option<i64>, name: &str) -> ApiResult<String> {
    for n in 1..=1000 {
        let candidate = super::names::numbered(name, n);
        if !name_exists(conn, business_id, folder_id, &candidate).await? {
            return Ok(candidate);
        }
    }
    Err(name_taken(name))
}

pub struct NewFolder<'a> {
    pub business_id: i64,
    pub parent_id: Option<i64>,
    pub name: &'a str,
    pub is_private: bool,
    pub created_by: Option<i64>,
}

pub async fn insert_folder(conn: &mut AnyConnection, new: NewFolder<'_>) -> ApiResult<FolderRow> {
    let now = db::now();
    let row = sqlx::query(&format!(
        "INSERT INTO folder (business_id, parent_id, name, search_name, is_private, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
         RETURNING {FOLDER_COLUMNS}"
    ))
    .bind(new.business_id)
    .bind(new.parent_id)
    .bind(new.name)
    .bind(crate::text::fold(new.name))
    .bind(new.is_private)
    .bind(new.created_by)
    .bind(&now)
    .fetch_one(conn)
    .await
    .map_err(|err| name_conflict(err, new.name))?;
    Ok(FolderRow::from_row(&row)?)
}

/// Find a folder by name under a parent, creating it (not private) when missing. Used by image
/// uploads, whose form names the folder (`tmp` by default) instead of giving its id.
pub async fn ensure_folder(conn: &mut AnyConnection, session: &Session, parent_id: Option<i64>, name: &str) -> ApiResult<FolderRow> {
    let folder = ensure_business_folder(conn, session.business_id, parent_id, name, Some(session.user_id)).await?;
    if hidden_folders(conn, session).await?.contains(&folder.folder_id) {
        return Err(folder_not_found());
    }
    Ok(folder)
}

/// The business's folder `name` under `parent_id`, created (by `created_by`) when missing; no
/// visibility check (a public link's call, which has no user).
pub async fn ensure_business_folder(
    conn: &mut AnyConnection,
    business_id: i64,
    parent_id: Option<i64>,
    name: &str,
    created_by: Option<i64>,
) -> ApiResult<FolderRow> {
    let existing = sqlx::query(&format!(
        "SELECT {FOLDER_COLUMNS} FROM folder WHERE business_id = $1 AND COALESCE(parent_id, 0) = $2 AND name = $3"
    ))
    .bind(business_id)
    .bind(root_key(parent_id))
    .bind(name)
    .fetch_optional(&mut *conn)
    .await?;
    match existing {
        Some(row) => Ok(FolderRow::from_row(&row)?),
        None => insert_folder(conn, NewFolder { business_id, parent_id, name, is_private: false, created_by }).await,
    }
}

/// Audit entry in the caller's business.
pub async fn audit(conn: &mut AnyConnection, session: &Session, action: &str, kind: &str, id: i64, detail: Value) -> ApiResult<()> {
    crate::audit::record(
        conn,
        crate::audit::Entry {
            business_id: session.business_id,
            actor_user_id: Some(session.user_id),
            action,
            target_kind: kind,
            target_id: id.to_string(),
            detail,
        },
    )
    .await?;
    Ok(())
}
