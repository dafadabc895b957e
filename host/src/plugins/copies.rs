//! Copying a plugin's content from one business to another, for the provider: a model school's
//! product categories or question bank into a new school (the spec's
//! `business/clonproductcategory` and `business/clonblocktest`).
//!
//! A plugin offers a kind of content with a `[[copies]]` entry in its manifest and answers two
//! functions in `invoke`: `copy.export` `{kind, after}` in the source business (a read-only
//! transaction) with one chunk `{items, after}`, and `copy.import` `{kind, items}` in the target
//! business with `{created, skipped}`. The host asks chunk after chunk until `after` is null and
//! hands each one to the target at once, all of it in one transaction of the target: the copy
//! lands whole or not at all. Each chunk is one call, with a call's deadline and memory. The
//! plugin decides what it copies and how it recognises what the target already has (so copying
//! twice adds nothing twice); the host checks who asks, both businesses and the service, and
//! records the copy in the audit log.

use axum::extract::State;
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

use super::bindings::latest::volante::plugin::types::Context;
use super::host_imports::Effects;
use super::Installed;
use crate::auth::Session;
use crate::error::{codes, ok, ApiError, ApiJson, ApiResult, Body, Params};
use crate::state::AppState;

pub const EXPORT: &str = "copy.export";
pub const IMPORT: &str = "copy.import";
/// A plugin that keeps answering more chunks than this is stopped (and nothing is copied).
const MAX_CHUNKS: usize = 10_000;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/business/copy/kinds", get(kinds))
        .route("/business/copy", post(copy_post))
        .route("/business/clonproductcategory", get(clon_product_category))
        .route("/business/clonblocktest", get(clon_block_test))
}

#[derive(Deserialize)]
struct CopyRequest {
    from: i64,
    to: i64,
    kind: String,
}

#[derive(Deserialize)]
struct Between {
    from: i64,
    to: i64,
}

/// `GET business/copy/kinds` (provider administrators): what the installed plugins can copy.
async fn kinds(State(state): State<AppState>, session: Session) -> ApiJson {
    session.require_provider_admin()?;
    let mut kinds = Vec::new();
    for plugin in state.plugins.all().await {
        for copy in &plugin.manifest.copies {
            let service = plugin.manifest.copy_service(copy);
            kinds.push(json!({
                "kind": copy.kind,
                "label": copy.label,
                "plugin": plugin.manifest.plugin.id,
                "plugin_name": plugin.manifest.plugin.name,
                "service": service,
            }));
        }
    }
    kinds.sort_by(|a, b| a["label"].as_str().cmp(&b["label"].as_str()));
    ok(kinds)
}

/// `POST business/copy` `{from, to, kind}` (provider administrators).
async fn copy_post(State(state): State<AppState>, session: Session, Body(req): Body<CopyRequest>) -> ApiJson {
    ok(copy(&state, &session, req.from, req.to, req.kind.trim()).await?)
}

async fn clon_product_category(State(state): State<AppState>, session: Session, Params(q): Params<Between>) -> ApiJson {
    ok(copy(&state, &session, q.from, q.to, "productcategory").await?)
}

async fn clon_block_test(State(state): State<AppState>, session: Session, Params(q): Params<Between>) -> ApiJson {
    ok(copy(&state, &session, q.from, q.to, "blocktest").await?)
}

/// The plugin that offers `kind`, with its entry.
async fn offered(state: &AppState, kind: &str) -> Option<(Arc<Installed>, volante_registry::manifest::Copy)> {
    state.plugins.all().await.into_iter().find_map(|plugin| {
        let copy = plugin.manifest.copies.iter().find(|c| c.kind == kind).cloned();
        copy.map(|copy| (plugin, copy))
    })
}

/// A business's name and enabled services (a refusal on `field` when there is no such business).
async fn services_of(state: &AppState, business_id: i64, field: &str) -> ApiResult<(String, Vec<String>)> {
    super::business_and_services(state, business_id).await?.ok_or_else(|| ApiError::invalid_field(field, "La empresa no existe"))
}

#[derive(Deserialize)]
struct Chunk {
    #[serde(default)]
    items: Vec<Value>,
    #[serde(default)]
    after: Option<String>,
}

#[derive(Deserialize)]
struct Imported {
    #[serde(default)]
    created: u64,
    #[serde(default)]
    skipped: u64,
}

/// Copy `kind` from business `from` into business `to`; answers what was created and skipped.
pub async fn copy(state: &AppState, session: &Session, from: i64, to: i64, kind: &str) -> ApiResult<Value> {
    session.require_provider_admin()?;
    let (plugin, entry) = offered(state, kind)
        .await
        .ok_or_else(|| ApiError::invalid_field("kind", format!("Ningún plugin instalado copia «{kind}»")))?;
    let (from_name, from_services) = services_of(state, from, "from").await?;
    let (to_name, to_services) = services_of(state, to, "to").await?;
    if from == to {
        return Err(ApiError::invalid_field("to", "La empresa de destino es la de origen"));
    }
    let service = plugin.manifest.copy_service(&entry).to_string();
    let service_name = plugin.manifest.services.iter().find(|s| s.id == service).map(|s| s.name.clone()).unwrap_or_else(|| service.clone());
    for (name, services) in [(&from_name, &from_services), (&to_name, &to_services)] {
        if !services.contains(&service) {
            return Err(ApiError::new(codes::SERVICE_DISABLED, format!("{name} no tiene el servicio {service_name}")));
        }
    }
    let id = plugin.manifest.plugin.id.clone();
    let request_id = format!("copy-{}", uuid::Uuid::new_v4().simple());
    let context = |business_id: i64, services: Vec<String>| Context {
        business_id,
        services,
        locale: session.locale.clone(),
        ..super::anonymous_context(request_id.clone())
    };
    let (source_ctx, target_ctx) = (context(from, from_services), context(to, to_services));

    let mut source = Some(state.plugins.data.begin(&id, from, true).await?);
    let mut target = Some(state.plugins.data.begin(&id, to, false).await?);
    let mut effects = Effects::default();
    let (mut created, mut skipped, mut chunks) = (0u64, 0u64, 0usize);
    let mut after: Option<String> = None;
    let refused = |what: &str, message: String| ApiError::new(codes::CONFLICT, format!("{id} no ha podido {what}: {message}"));
    let outcome: ApiResult<()> = loop {
        let (Some(source_tx), Some(target_tx)) = (source.take(), target.take()) else {
            break Err(ApiError::new(codes::INTERNAL, "Transacción perdida durante la copia"));
        };
        let args = json!({ "kind": kind, "after": after }).to_string();
        let (result, tx, exported_effects) =
            state.plugins.invoke(state, plugin.clone(), None, source_ctx.clone(), source_tx, EXPORT, &args, 1, true, &id).await;
        effects.absorb(exported_effects);
        source = tx;
        target = Some(target_tx);
        let chunk = match result.and_then(|text| serde_json::from_str::<Chunk>(&text).map_err(|e| format!("respuesta no válida ({e})"))) {
            Ok(chunk) => chunk,
            Err(message) => break Err(refused("leer el contenido", message)),
        };
        chunks += 1;
        if !chunk.items.is_empty() {
            let Some(target_tx) = target.take() else {
                break Err(ApiError::new(codes::INTERNAL, "Transacción perdida durante la copia"));
            };
            let args = json!({ "kind": kind, "items": chunk.items }).to_string();
            let (result, tx, imported_effects) =
                state.plugins.invoke(state, plugin.clone(), None, target_ctx.clone(), target_tx, IMPORT, &args, 1, false, &id).await;
            effects.absorb(imported_effects);
            target = tx;
            match result.and_then(|text| serde_json::from_str::<Imported>(&text).map_err(|e| format!("respuesta no válida ({e})"))) {
                Ok(imported) => {
                    created += imported.created;
                    skipped += imported.skipped;
                }
                Err(message) => break Err(refused("copiar el contenido", message)),
            }
        }
        match chunk.after {
            None => break Ok(()),
            Some(next) if after.as_deref() == Some(next.as_str()) || chunks >= MAX_CHUNKS => {
                break Err(refused("leer el contenido", "no avanza de una parte a la siguiente".into()));
            }
            Some(next) => after = Some(next),
        }
    };
    if let Some(tx) = source {
        let _ = tx.rollback().await;
    }
    // What the copy did stays in the target's data: its events are not delivered (a copy is
    // not someone creating each record), its files and settings follow the commit.
    effects.events.clear();
    let committed = match (outcome, target) {
        (Ok(()), Some(tx)) => tx.commit().await.map_err(ApiError::from),
        (Ok(()), None) => Err(ApiError::new(codes::INTERNAL, "Transacción perdida durante la copia")),
        (Err(err), tx) => {
            if let Some(tx) = tx {
                let _ = tx.rollback().await;
            }
            Err(err)
        }
    };
    effects.settle(state, to, committed.is_ok()).await;
    committed?;
    let detail = json!({ "kind": kind, "plugin": id, "from": from, "created": created, "skipped": skipped });
    let mut tx = state.db.begin().await?;
    crate::notifications::audited(&mut tx, session, to, "content.copy", "business", to, detail).await?;
    tx.commit().await?;
    tracing::info!(plugin = %id, kind, from, to, created, skipped, chunks, "content copied between businesses");
    Ok(json!({
        "kind": kind,
        "label": entry.label,
        "plugin": id,
        "from": { "business_id": from, "name": from_name },
        "to": { "business_id": to, "name": to_name },
        "created": created,
        "skipped": skipped,
    }))
}
