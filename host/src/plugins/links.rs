//! Public links (interface 0.1.7, `links`): a plugin issues an unguessable reference for something
//! of its own (an agreement to sign); a caller without a session who holds it reaches the
//! plugin's routes declared with `link` in the business that issued it, and reads the files
//! shared through it (`filesystem/file/read/{handle}?link=`). Issuing, sharing and revoking
//! follow the call: they are written when it commits (`LinkEffects::settle`).

use sqlx::Row;

use super::bindings::latest::volante::plugin::links;
use super::host_imports::{CallState, READ_ONLY};
use crate::error::{ApiError, ApiResult};
use crate::files::repo;
use crate::state::AppState;

/// `LINK-001`: the reference exists but no longer opens anything (revoked or expired).
pub const LINK_GONE: &str = "LINK-001";

/// How many days a link may be issued for at most (when it is given a validity).
const MAX_VALID_DAYS: u32 = 3650;

#[derive(Debug, Default)]
pub struct LinkEffects {
    issued: Vec<Issued>,
    shared: Vec<(String, i64)>,
    revoked: Vec<String>,
}

#[derive(Debug)]
struct Issued {
    reference: String,
    plugin_id: String,
    subject: String,
    created_by: Option<i64>,
    expires_at: Option<String>,
}

impl LinkEffects {
    pub fn absorb(&mut self, other: LinkEffects) {
        self.issued.extend(other.issued);
        self.shared.extend(other.shared);
        self.revoked.extend(other.revoked);
    }

    /// Write what a committed call did; a failed call's links never existed.
    pub async fn settle(self, app: &AppState, business_id: i64, committed: bool) {
        if !committed || (self.issued.is_empty() && self.shared.is_empty() && self.revoked.is_empty()) {
            return;
        }
        let written: ApiResult<()> = async {
            let mut tx = app.db.begin().await?;
            let now = crate::db::now();
            for link in &self.issued {
                sqlx::query(
                    "INSERT INTO public_link (reference, plugin_id, business_id, subject, created_by, created_at, expires_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(&link.reference)
                .bind(&link.plugin_id)
                .bind(business_id)
                .bind(&link.subject)
                .bind(link.created_by)
                .bind(&now)
                .bind(&link.expires_at)
                .execute(&mut *tx)
                .await?;
            }
            for (reference, file_id) in &self.shared {
                sqlx::query("INSERT INTO public_link_file (reference, file_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
                    .bind(reference)
                    .bind(file_id)
                    .execute(&mut *tx)
                    .await?;
            }
            for reference in &self.revoked {
                sqlx::query("UPDATE public_link SET revoked_at = $1 WHERE reference = $2 AND business_id = $3 AND revoked_at IS NULL")
                    .bind(&now)
                    .bind(reference)
                    .bind(business_id)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Ok(())
        }
        .await;
        if let Err(err) = written {
            tracing::error!(business_id, error = %err, "public links could not be written");
        }
    }
}

/// A link as the host keeps it.
pub struct Link {
    pub business_id: i64,
    pub plugin_id: String,
}

/// The live link `reference`: an unknown one is `NOT-FOUND-000`, a revoked or expired one
/// `LINK-001`, so the page can tell the holder which.
pub async fn resolve(app: &AppState, reference: &str) -> ApiResult<Link> {
    let row = sqlx::query("SELECT business_id, plugin_id, expires_at, revoked_at FROM public_link WHERE reference = $1")
        .bind(reference)
        .fetch_optional(&app.db.pool)
        .await?;
    let Some(row) = row else { return Err(ApiError::not_found("Enlace")) };
    let expires_at: Option<String> = row.try_get("expires_at")?;
    let revoked_at: Option<String> = row.try_get("revoked_at")?;
    if revoked_at.is_some() || expires_at.is_some_and(|at| at <= crate::db::now()) {
        return Err(ApiError::new(LINK_GONE, "Este enlace ya no es válido"));
    }
    Ok(Link { business_id: row.try_get("business_id")?, plugin_id: row.try_get("plugin_id")? })
}

/// How a shared file is asked for.
pub enum FileKey<'a> {
    Id(i64),
    Handle(&'a str),
}

/// The file `key` if the live link `reference` shares it.
pub async fn shared_file(app: &AppState, reference: &str, key: FileKey<'_>) -> ApiResult<repo::FileRow> {
    let link = resolve(app, reference).await?;
    let mut conn = app.db.pool.acquire().await?;
    let file = match key {
        FileKey::Id(id) => repo::file_by_id(&mut conn, link.business_id, id).await?,
        FileKey::Handle(handle) => repo::file_by_handle(&mut conn, handle.trim()).await?.filter(|f| f.business_id == link.business_id),
    };
    let Some(file) = file else { return Err(repo::file_not_found()) };
    let shared: Option<(String,)> = sqlx::query_as("SELECT reference FROM public_link_file WHERE reference = $1 AND file_id = $2")
        .bind(reference)
        .bind(file.file_id)
        .fetch_optional(&mut *conn)
        .await?;
    shared.map(|_| file).ok_or_else(repo::file_not_found)
}

/// The reference a `link` route's call carries: its path parameter, query parameter or
/// top-level body field named `name`.
pub fn carried<'a>(name: &str, params: &'a [(String, String)], query: &'a [(String, String)], body: Option<&serde_json::Value>) -> Option<String> {
    let from = |pairs: &'a [(String, String)]| pairs.iter().find(|(k, _)| k == name).map(|(_, v)| v.trim().to_string());
    from(params)
        .or_else(|| from(query))
        .or_else(|| body.and_then(|b| b.get(name)).and_then(|v| v.as_str()).map(|v| v.trim().to_string()))
        .filter(|v| !v.is_empty())
}

/// A reference this plugin issued in this business, before or during this call.
async fn own_reference(state: &mut CallState, reference: &str) -> wasmtime::Result<bool> {
    let plugin = state.plugin.manifest.plugin.id.clone();
    if state.effects.links.issued.iter().any(|l| l.reference == reference && l.plugin_id == plugin) {
        return Ok(true);
    }
    let pool = state.app()?.db.pool.clone();
    let found: Option<(String,)> = sqlx::query_as("SELECT reference FROM public_link WHERE reference = $1 AND plugin_id = $2 AND business_id = $3")
        .bind(reference)
        .bind(&plugin)
        .bind(state.ctx.business_id)
        .fetch_optional(&pool)
        .await?;
    Ok(found.is_some())
}

impl CallState {
    fn link_write_refused(&self) -> Option<String> {
        if self.read_only {
            Some(READ_ONLY.into())
        } else if self.ctx.business_id == 0 {
            Some("Los enlaces públicos son de una empresa: esta llamada no tiene ninguna".into())
        } else {
            None
        }
    }
}

impl links::Host for CallState {
    async fn issue(&mut self, subject: String, valid_days: Option<u32>) -> wasmtime::Result<Result<String, String>> {
        if let Some(why) = self.link_write_refused() {
            return Ok(Err(why));
        }
        let subject = subject.trim();
        if subject.is_empty() || subject.chars().count() > 200 {
            return Ok(Err("El asunto del enlace tiene de 1 a 200 caracteres".into()));
        }
        let expires_at = match valid_days {
            Some(0) => return Ok(Err("Un enlace vale al menos un día".into())),
            Some(days) if days > MAX_VALID_DAYS => return Ok(Err(format!("Un enlace vale como mucho {MAX_VALID_DAYS} días"))),
            Some(days) => Some(crate::db::from_now(chrono::Duration::days(days.into()))),
            None => None,
        };
        let reference = crate::auth::session::new_token();
        self.effects.links.issued.push(Issued {
            reference: reference.clone(),
            plugin_id: self.plugin.manifest.plugin.id.clone(),
            subject: subject.to_string(),
            created_by: self.session.as_ref().map(|s| s.user_id),
            expires_at,
        });
        Ok(Ok(reference))
    }

    async fn share_file(&mut self, reference: String, file_id: i64) -> wasmtime::Result<Result<(), String>> {
        if let Some(why) = self.link_write_refused() {
            return Ok(Err(why));
        }
        if !own_reference(self, &reference).await? {
            return Ok(Err("Enlace no encontrado".into()));
        }
        let mut conn = self.app()?.db.pool.acquire().await?;
        let exists = repo::file_by_id(&mut conn, self.ctx.business_id, file_id).await.ok().flatten().is_some();
        if !exists || self.effects.files_deleted.contains(&file_id) {
            return Ok(Err("Archivo no encontrado".into()));
        }
        self.effects.links.shared.push((reference, file_id));
        Ok(Ok(()))
    }

    async fn revoke(&mut self, reference: String) -> wasmtime::Result<Result<(), String>> {
        if let Some(why) = self.link_write_refused() {
            return Ok(Err(why));
        }
        if !own_reference(self, &reference).await? {
            return Ok(Err("Enlace no encontrado".into()));
        }
        self.effects.links.revoked.push(reference);
        Ok(Ok(()))
    }

    async fn presented(&mut self) -> wasmtime::Result<Option<String>> {
        Ok(self.presented.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_comes_from_the_path_the_query_or_the_body() {
        let pair = |k: &str, v: &str| vec![(k.to_string(), v.to_string())];
        let body = serde_json::json!({ "reference": " b " });
        assert_eq!(carried("reference", &pair("reference", "p"), &pair("reference", "q"), Some(&body)).as_deref(), Some("p"));
        assert_eq!(carried("reference", &[], &pair("reference", "q"), Some(&body)).as_deref(), Some("q"));
        assert_eq!(carried("reference", &[], &[], Some(&body)).as_deref(), Some("b"));
        assert_eq!(carried("reference", &[], &pair("reference", "  "), None), None);
        assert_eq!(carried("reference", &pair("id", "1"), &[], Some(&serde_json::json!({ "reference": 5 }))), None);
    }
}
