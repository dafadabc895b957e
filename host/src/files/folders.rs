//! `filesystem/folder/*`: create, rename (and privacy), move, delete (recursive), read.

use std::collections::BTreeSet;

use axum::extract::State;
use serde::Deserialize;
use serde_json::json;
use sqlx::AnyConnection;

use super::api::PERMISSION;
use super::names;
use super::repo::{self, NewFolder};
use crate::auth::Session;
use crate::db;
use crate::error::{codes, ok, ApiError, ApiJson, ApiResult, Body, Params};
use crate::state::AppState;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    name: String,
    #[serde(default)]
    parent_id: Option<i64>,
    #[serde(default)]
    private: bool,
    #[serde(default)]
    owner_users: Vec<i64>,
    #[serde(default)]
    owner_roles: Vec<i64>,
}

/// Owner ids must be users / roles of the caller's business.
async fn check_owners(conn: &mut AnyConnection, session: &Session, users: &[i64], roles: &[i64]) -> ApiResult<()> {
    for (table, key, field, ids) in
        [("app_user", "user_id", "owner_users", users), ("role", "role_id", "owner_roles", roles)]
    {
        for id in ids {
            let found: Option<(i64,)> =
                sqlx::query_as(&format!("SELECT {key} FROM {table} WHERE {key} = $1 AND business_id = $2"))
                    .bind(id)
                    .bind(session.business_id)
                    .fetch_optional(&mut *conn)
                    .await?;
            if found.is_none() {
                return Err(ApiError::invalid_field(field, format!("{id} no pertenece a la empresa")));
            }
        }
    }
    Ok(())
}

/// Replace a folder's owners. A private folder always keeps the caller among its owner users,
/// so nobody locks themselves out.
async fn set_owners(
    conn: &mut AnyConnection,
    session: &Session,
    folder_id: i64,
    private: bool,
    users: &[i64],
    roles: &[i64],
) -> ApiResult<(Vec<i64>, Vec<i64>)> {
    sqlx::query("DELETE FROM folder_owner_user WHERE folder_id = $1").bind(folder_id).execute(&mut *conn).await?;
    sqlx::query("DELETE FROM folder_owner_role WHERE folder_id = $1").bind(folder_id).execute(&mut *conn).await?;
    if !private {
        return Ok((vec![], vec![]));
    }
    let mut users: BTreeSet<i64> = users.iter().copied().collect();
    users.insert(session.user_id);
    let roles: BTreeSet<i64> = roles.iter().copied().collect();
    for user in &users {
        sqlx::query("INSERT INTO folder_owner_user (folder_id, user_id) VALUES ($1, $2)")
            .bind(folder_id)
            .bind(user)
            .execute(&mut *conn)
            .await?;
    }
    for role in &roles {
        sqlx::query("INSERT INTO folder_owner_role (folder_id, role_id) VALUES ($1, $2)")
            .bind(folder_id)
            .bind(role)
            .execute(&mut *conn)
            .await?;
    }
    Ok((users.into_iter().collect(), roles.into_iter().collect()))
}

/// `filesystem/folder/create {name, parent_id?, private?, owner_users?, owner_roles?}`.
pub async fn create(State(state): State<AppState>, session: Session, Body(req): Body<CreateRequest>) -> ApiJson {
    session.require(PERMISSION)?;
    let name = names::check("name", &req.name)?;
    let mut tx = state.db.begin().await?;
    let parent_id = repo::visible_parent(&mut tx, &session, req.parent_id.filter(|id| *id != 0)).await?;
    check_owners(&mut tx, &session, &req.owner_users, &req.owner_roles).await?;
    if repo::name_exists(&mut tx, session.business_id, parent_id, &name).await? {
        return Err(repo::name_taken(&name));
    }
    let folder = repo::insert_folder(
        &mut tx,
        NewFolder {
            business_id: session.business_id,
            parent_id,
            name: &name,
            is_private: req.private,
            created_by: Some(session.user_id),
        },
    )
    .await?;
    let (users, roles) = set_owners(&mut tx, &session, folder.folder_id, req.private, &req.owner_users, &req.owner_roles).await?;
    repo::audit(
        &mut tx,
        &session,
        "folder.create",
        "folder",
        folder.folder_id,
        json!({ "name": name, "parent_id": parent_id, "private": req.private, "owner_users": users, "owner_roles": roles }),
    )
    .await?;
    let body = repo::folder_json(&mut tx, &folder).await?;
    tx.commit().await?;
    ok(body)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RenameRequest {
    folder_id: i64,
    name: String,
    /// Optional: change privacy and owners at the same time.
    private: Option<bool>,
    owner_users: Option<Vec<i64>>,
    owner_roles: Option<Vec<i64>>,
}

/// `filesystem/folder/rename {folder_id, name}`; with `private` / owners it also changes who
/// may see the folder.
pub async fn rename(State(state): State<AppState>, session: Session, Body(req): Body<RenameRequest>) -> ApiJson {
    session.require(PERMISSION)?;
    let name = names::check("name", &req.name)?;
    let mut tx = state.db.begin().await?;
    let folder = repo::visible_folder(&mut tx, &session, req.folder_id).await?;
    if name != folder.name {
        if repo::name_exists(&mut tx, session.business_id, folder.parent_id, &name).await? {
            return Err(repo::name_taken(&name));
        }
        sqlx::query("UPDATE folder SET name = $1, search_name = $2, updated_at = $3 WHERE folder_id = $4")
            .bind(&name)
            .bind(crate::text::fold(&name))
            .bind(db::now())
            .bind(folder.folder_id)
            .execute(&mut *tx)
            .await
            .map_err(|err| repo::name_conflict(err, &name))?;
        repo::audit(&mut tx, &session, "folder.rename", "folder", folder.folder_id, json!({ "from": folder.name, "to": name }))
            .await?;
    }
    if req.private.is_some() || req.owner_users.is_some() || req.owner_roles.is_some() {
        let current = repo::owners(&mut tx, &[folder.folder_id]).await?;
        let private = req.private.unwrap_or(folder.is_private);
        let users = req.owner_users.unwrap_or_else(|| current.users.get(&folder.folder_id).cloned().unwrap_or_default());
        let roles = req.owner_roles.unwrap_or_else(|| current.roles.get(&folder.folder_id).cloned().unwrap_or_default());
        check_owners(&mut tx, &session, &users, &roles).await?;
        sqlx::query("UPDATE folder SET is_private = $1, updated_at = $2 WHERE folder_id = $3")
            .bind(private)
            .bind(db::now())
            .bind(folder.folder_id)
            .execute(&mut *tx)
            .await?;
        let (users, roles) = set_owners(&mut tx, &session, folder.folder_id, private, &users, &roles).await?;
        repo::audit(
            &mut tx,
            &session,
            "folder.privacy",
            "folder",
            folder.folder_id,
            json!({ "private": private, "owner_users": users, "owner_roles": roles }),
        )
        .await?;
    }
    let folder = repo::folder_by_id(&mut tx, session.business_id, folder.folder_id).await?.ok_or_else(repo::folder_not_found)?;
    let body = repo::folder_json(&mut tx, &folder).await?;
    tx.commit().await?;
    ok(body)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    folder_id: i64,
    /// The new parent; null or absent is the root.
    #[serde(default)]
    parent_id: Option<i64>,
}

/// `filesystem/folder/move {folder_id, parent_id}`: never into itself or below itself.
pub async fn move_folder(State(state): State<AppState>, session: Session, Body(req): Body<MoveRequest>) -> ApiJson {
    session.require(PERMISSION)?;
    let mut tx = state.db.begin().await?;
    let folder = repo::visible_folder(&mut tx, &session, req.folder_id).await?;
    let parent_id = repo::visible_parent(&mut tx, &session, req.parent_id.filter(|id| *id != 0)).await?;
    if parent_id != folder.parent_id {
        if let Some(parent) = parent_id {
            if repo::subtree(&mut tx, session.business_id, folder.folder_id).await?.contains(&parent) {
                return Err(ApiError::new(
                    codes::CONFLICT,
                    "No se puede mover una carpeta dentro de sí misma o de una de sus subcarpetas",
                )
                .with_data(json!({ "field": "parent_id" })));
            }
        }
        if repo::name_exists(&mut tx, session.business_id, parent_id, &folder.name).await? {
            return Err(repo::name_taken(&folder.name));
        }
        sqlx::query("UPDATE folder SET parent_id = $1, updated_at = $2 WHERE folder_id = $3")
            .bind(parent_id)
            .bind(db::now())
            .bind(folder.folder_id)
            .execute(&mut *tx)
            .await
            .map_err(|err| repo::name_conflict(err, &folder.name))?;
        repo::audit(
            &mut tx,
            &session,
            "folder.move",
            "folder",
            folder.folder_id,
            json!({ "from": folder.parent_id, "to": parent_id }),
        )
        .await?;
    }
    let folder = repo::folder_by_id(&mut tx, session.business_id, folder.folder_id).await?.ok_or_else(repo::folder_not_found)?;
    let body = repo::folder_json(&mut tx, &folder).await?;
    tx.commit().await?;
    ok(body)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeleteRequest {
    folder_id: i64,
}

/// `filesystem/folder/delete {folder_id}`: the folder, everything below it and their objects.
/// Refused when something below is a private folder the caller may not see.
pub async fn delete(State(state): State<AppState>, session: Session, Body(req): Body<DeleteRequest>) -> ApiJson {
    session.require(PERMISSION)?;
    let mut tx = state.db.begin().await?;
    let folder = repo::visible_folder(&mut tx, &session, req.folder_id).await?;
    let tree = repo::subtree(&mut tx, session.business_id, folder.folder_id).await?;
    let hidden = repo::hidden_folders(&mut tx, &session).await?;
    if tree.iter().any(|id| hidden.contains(id)) {
        return Err(ApiError::new(codes::CONFLICT, "La carpeta contiene carpetas privadas a las que no tiene acceso")
            .with_data(json!({ "folder_id": folder.folder_id })));
    }
    // Integers from the database: safe to inline, and one statement per table.
    let list = tree.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    let files: Vec<(i64, String, i64)> = sqlx::query_as(&format!(
        "SELECT file_id, storage_key, size FROM file WHERE business_id = $1 AND folder_id IN ({list})"
    ))
    .bind(session.business_id)
    .fetch_all(&mut *tx)
    .await?;
    sqlx::query(&format!("DELETE FROM file WHERE business_id = $1 AND folder_id IN ({list})"))
        .bind(session.business_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(&format!("DELETE FROM folder_owner_user WHERE folder_id IN ({list})")).execute(&mut *tx).await?;
    sqlx::query(&format!("DELETE FROM folder_owner_role WHERE folder_id IN ({list})")).execute(&mut *tx).await?;
    sqlx::query(&format!("DELETE FROM folder WHERE business_id = $1 AND folder_id IN ({list})"))
        .bind(session.business_id)
        .execute(&mut *tx)
        .await?;
    let freed: i64 = files.iter().map(|(_, _, size)| size).sum();
    repo::release(&mut tx, session.business_id, freed).await?;
    repo::audit(
        &mut tx,
        &session,
        "folder.delete",
        "folder",
        folder.folder_id,
        json!({ "name": folder.name, "folders": tree.len(), "files": files.len(), "bytes": freed }),
    )
    .await?;
    let usage = repo::usage(&mut tx, session.business_id).await?;
    tx.commit().await?;
    let keys: Vec<String> = files.into_iter().map(|(_, key, _)| key).collect();
    state.storage.discard(&keys).await;
    ok(json!({
        "folder_id": folder.folder_id,
        "deleted_folders": tree.len(),
        "deleted_files": keys.len(),
        "storage": usage.json(),
    }))
}

#[derive(Deserialize)]
pub struct ReadQuery {
    folder_id: Option<i64>,
}

/// `filesystem/folder/read?folder_id=`: a folder's contents (the root without an id).
pub async fn read(State(state): State<AppState>, session: Session, Params(q): Params<ReadQuery>) -> ApiJson {
    session.require(PERMISSION)?;
    let mut conn = state.db.pool.acquire().await?;
    let folder = match q.folder_id.filter(|id| *id != 0) {
        Some(id) => Some(repo::visible_folder(&mut conn, &session, id).await?),
        None => None,
    };
    ok(repo::listing(&mut conn, &session, folder.as_ref()).await?)
}
