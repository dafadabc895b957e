//! A business's mail layouts (`mail/layout/*`, permission `business.general`). A layout dresses
//! the mail the business's modules send: the sender name shown (the address stays the host's
//! `mail.from`, which the relay is allowed to send as), a reply-to address, a header before the
//! text and a footer after it. The business's default layout is the one applied to every plugin
//! mail (`mail.send`); with no default, mail goes out plain. A business's first layout becomes
//! its default.

use axum::extract::State;
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::Row;

use crate::audit;
use crate::auth::Session;
use crate::db_update::SqlValue;
use crate::error::{codes, ok, ApiError, ApiJson, ApiResult, Body, Params};
use crate::state::AppState;
use crate::validate;

const PERMISSION: &str = "business.general";
const NOUN: &str = "Plantilla";

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/mail/layout/create", post(create))
        .route("/mail/layout/update", post(update))
        .route("/mail/layout/delete", post(delete))
        .route("/mail/layout/read", get(read))
}

/// How a layout dresses one message.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Layout {
    pub sender_name: String,
    pub reply_to: String,
    pub header: String,
    pub footer: String,
}

impl Layout {
    /// The text as sent: the header, the message and the footer after the signature line, each
    /// only when it has something.
    pub fn dress(&self, body: &str) -> String {
        let mut text = String::new();
        if !self.header.is_empty() {
            text.push_str(&self.header);
            text.push_str("\n\n");
        }
        text.push_str(body);
        if !self.footer.is_empty() {
            text.push_str("\n\n-- \n");
            text.push_str(&self.footer);
        }
        text
    }
}

/// The business's default layout, if it has one.
pub async fn default_for(app: &AppState, business_id: i64) -> anyhow::Result<Option<Layout>> {
    let row = sqlx::query("SELECT sender_name, reply_to, header, footer FROM mail_layout WHERE business_id = $1 AND is_default = TRUE")
        .bind(business_id)
        .fetch_optional(&app.db.pool)
        .await?;
    row.map(|row| {
        Ok(Layout {
            sender_name: row.try_get("sender_name")?,
            reply_to: row.try_get("reply_to")?,
            header: row.try_get("header")?,
            footer: row.try_get("footer")?,
        })
    })
    .transpose()
}

const SELECT: &str = "SELECT layout_id, name, sender_name, reply_to, header, footer, is_default, created_at, updated_at FROM mail_layout";

fn layout_json(row: &sqlx::any::AnyRow) -> anyhow::Result<Value> {
    Ok(json!({
        "layout_id": row.try_get::<i64, _>("layout_id")?,
        "name": row.try_get::<String, _>("name")?,
        "sender_name": row.try_get::<String, _>("sender_name")?,
        "reply_to": row.try_get::<String, _>("reply_to")?,
        "header": row.try_get::<String, _>("header")?,
        "footer": row.try_get::<String, _>("footer")?,
        "is_default": crate::db::flag(row, "is_default")?,
        "created_at": row.try_get::<String, _>("created_at")?,
        "updated_at": row.try_get::<String, _>("updated_at")?,
    }))
}

async fn one(conn: &mut sqlx::AnyConnection, business_id: i64, layout_id: i64) -> ApiResult<Value> {
    let row = sqlx::query(&format!("{SELECT} WHERE business_id = $1 AND layout_id = $2"))
        .bind(business_id)
        .bind(layout_id)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or_else(|| ApiError::not_found_feminine(NOUN))?;
    Ok(layout_json(&row)?)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LayoutBody {
    #[serde(default)]
    layout_id: Option<i64>,
    name: Option<String>,
    sender_name: Option<String>,
    reply_to: Option<String>,
    header: Option<String>,
    footer: Option<String>,
    is_default: Option<bool>,
}

/// The text fields sent, checked, as columns to write.
fn fields(req: &LayoutBody) -> ApiResult<Vec<(&'static str, SqlValue)>> {
    let mut sets: Vec<(&'static str, SqlValue)> = Vec::new();
    if let Some(name) = &req.name {
        sets.push(("name", validate::required("name", name, 100)?.into()));
    }
    if let Some(sender) = &req.sender_name {
        let sender = validate::optional("sender_name", sender, 100)?;
        if sender.contains(['\n', '\t', '<', '>', '"']) {
            return Err(ApiError::invalid_field("sender_name", "El nombre del remitente es una sola línea, sin < > ni comillas"));
        }
        sets.push(("sender_name", sender.into()));
    }
    if let Some(reply_to) = &req.reply_to {
        let reply_to = reply_to.trim();
        let reply_to = if reply_to.is_empty() { String::new() } else { validate::email("reply_to", reply_to)? };
        sets.push(("reply_to", reply_to.into()));
    }
    if let Some(header) = &req.header {
        sets.push(("header", validate::optional("header", header, 2000)?.into()));
    }
    if let Some(footer) = &req.footer {
        sets.push(("footer", validate::optional("footer", footer, 4000)?.into()));
    }
    Ok(sets)
}

/// Names are unique in a business, whatever their case.
async fn check_name_free(conn: &mut sqlx::AnyConnection, business_id: i64, name: &str, except: i64) -> ApiResult<()> {
    let taken = sqlx::query("SELECT layout_id FROM mail_layout WHERE business_id = $1 AND LOWER(name) = $2 AND layout_id <> $3")
        .bind(business_id)
        .bind(name.to_lowercase())
        .bind(except)
        .fetch_optional(&mut *conn)
        .await?;
    match taken {
        Some(_) => Err(ApiError::new(codes::CONFLICT, "Ya existe una plantilla con ese nombre").with_data(json!({ "field": "name" }))),
        None => Ok(()),
    }
}

/// Make `layout_id` the business's only default.
async fn make_default(conn: &mut sqlx::AnyConnection, business_id: i64, layout_id: i64) -> ApiResult<()> {
    sqlx::query("UPDATE mail_layout SET is_default = FALSE WHERE business_id = $1 AND layout_id <> $2 AND is_default = TRUE")
        .bind(business_id)
        .bind(layout_id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("UPDATE mail_layout SET is_default = TRUE WHERE business_id = $1 AND layout_id = $2").bind(business_id).bind(layout_id).execute(&mut *conn).await?;
    Ok(())
}

async fn audited(conn: &mut sqlx::AnyConnection, session: &Session, action: &str, layout_id: i64, detail: Value) -> ApiResult<()> {
    let entry = audit::Entry {
        business_id: session.business_id,
        actor_user_id: Some(session.user_id),
        action,
        target_kind: "mail_layout",
        target_id: layout_id.to_string(),
        detail,
    };
    Ok(audit::record(conn, entry).await?)
}

/// `POST mail/layout/create`.
async fn create(State(app): State<AppState>, session: Session, Body(req): Body<LayoutBody>) -> ApiJson {
    session.require(PERMISSION)?;
    if req.name.is_none() {
        return Err(ApiError::invalid_field("name", "El campo name es obligatorio"));
    }
    let sets = fields(&req)?;
    let text = |column: &str| -> String {
        sets.iter()
            .find(|(c, _)| *c == column)
            .and_then(|(_, v)| match v {
                SqlValue::Text(Some(t)) => Some(t.clone()),
                _ => None,
            })
            .unwrap_or_default()
    };
    let business_id = session.business_id;
    let mut tx = app.db.begin().await?;
    check_name_free(&mut tx, business_id, &text("name"), 0).await?;
    let now = crate::db::now();
    let (layout_id,): (i64,) = sqlx::query_as(
        "INSERT INTO mail_layout (business_id, name, sender_name, reply_to, header, footer, is_default, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, FALSE, $7, $7) RETURNING layout_id",
    )
    .bind(business_id)
    .bind(text("name"))
    .bind(text("sender_name"))
    .bind(text("reply_to"))
    .bind(text("header"))
    .bind(text("footer"))
    .bind(&now)
    .fetch_one(&mut *tx)
    .await?;
    let (others,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM mail_layout WHERE business_id = $1 AND is_default = TRUE")
        .bind(business_id)
        .fetch_one(&mut *tx)
        .await?;
    if req.is_default == Some(true) || (others == 0 && req.is_default != Some(false)) {
        make_default(&mut tx, business_id, layout_id).await?;
    }
    audited(&mut tx, &session, "mail_layout.create", layout_id, crate::db_update::sets_json(&sets)).await?;
    let layout = one(&mut tx, business_id, layout_id).await?;
    tx.commit().await?;
    ok(layout)
}

/// `POST mail/layout/update`: the fields sent change; `is_default: true` moves the default here,
/// `false` leaves the business without one.
async fn update(State(app): State<AppState>, session: Session, Body(req): Body<LayoutBody>) -> ApiJson {
    session.require(PERMISSION)?;
    let layout_id = req.layout_id.ok_or_else(|| ApiError::invalid_field("layout_id", "Indique la plantilla"))?;
    let business_id = session.business_id;
    let mut sets = fields(&req)?;
    let mut tx = app.db.begin().await?;
    one(&mut tx, business_id, layout_id).await?;
    if let Some(SqlValue::Text(Some(name))) = sets.iter().find(|(c, _)| *c == "name").map(|(_, v)| v) {
        check_name_free(&mut tx, business_id, name, layout_id).await?;
    }
    match req.is_default {
        Some(true) => make_default(&mut tx, business_id, layout_id).await?,
        Some(false) => sets.push(("is_default", false.into())),
        None => {}
    }
    crate::db_update::update_row(&mut tx, "mail_layout", "layout_id", layout_id, &sets).await?;
    let mut detail = crate::db_update::sets_json(&sets);
    if let (Some(is_default), Some(map)) = (req.is_default, detail.as_object_mut()) {
        map.insert("is_default".into(), is_default.into());
    }
    audited(&mut tx, &session, "mail_layout.update", layout_id, detail).await?;
    let layout = one(&mut tx, business_id, layout_id).await?;
    tx.commit().await?;
    ok(layout)
}

#[derive(Deserialize)]
struct LayoutId {
    layout_id: i64,
}

/// `POST mail/layout/delete`: deleting the default leaves the business without one.
async fn delete(State(app): State<AppState>, session: Session, Body(req): Body<LayoutId>) -> ApiJson {
    session.require(PERMISSION)?;
    let mut tx = app.db.begin().await?;
    one(&mut tx, session.business_id, req.layout_id).await?;
    sqlx::query("DELETE FROM mail_layout WHERE business_id = $1 AND layout_id = $2").bind(session.business_id).bind(req.layout_id).execute(&mut *tx).await?;
    audited(&mut tx, &session, "mail_layout.delete", req.layout_id, json!({})).await?;
    tx.commit().await?;
    ok(json!({ "layout_id": req.layout_id }))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct ReadQuery {
    layout_id: Option<String>,
}

/// `GET mail/layout/read`: one (`layout_id`) or the business's all, the default first.
async fn read(State(app): State<AppState>, session: Session, Params(query): Params<ReadQuery>) -> ApiJson {
    session.require(PERMISSION)?;
    let mut conn = app.db.pool.acquire().await?;
    if let Some(id) = query.layout_id.as_deref().map(str::trim).filter(|id| !id.is_empty()) {
        let id: i64 = id.parse().map_err(|_| ApiError::not_found_feminine(NOUN))?;
        return ok(one(&mut conn, session.business_id, id).await?);
    }
    let rows = sqlx::query(&format!("{SELECT} WHERE business_id = $1 ORDER BY is_default DESC, LOWER(name), layout_id"))
        .bind(session.business_id)
        .fetch_all(&mut *conn)
        .await?;
    let items = rows.iter().map(layout_json).collect::<anyhow::Result<Vec<_>>>()?;
    ok(json!({ "items": items }))
}

#[cfg(test)]
mod tests {
    use super::Layout;

    #[test]
    fn a_layout_dresses_the_text_with_what_it_has() {
        let full = Layout { header: "Autoescuela Demo".into(), footer: "C/ Mayor 1, Madrid".into(), ..Layout::default() };
        assert_eq!(full.dress("Hola Ana:\nadjunta"), "Autoescuela Demo\n\nHola Ana:\nadjunta\n\n-- \nC/ Mayor 1, Madrid");
        let footer_only = Layout { footer: "Pie".into(), ..Layout::default() };
        assert_eq!(footer_only.dress("Texto"), "Texto\n\n-- \nPie");
        assert_eq!(Layout::default().dress("Texto"), "Texto");
    }
}
