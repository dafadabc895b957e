//! HTTP side of the platform: provider calls to install, list, grant and remove plugins, the
//! modules list the shell loads, and the dispatcher that routes every other `/api` call to the
//! plugin serving it.

use axum::extract::{FromRequest, Multipart, State};
use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;
use serde_json::{json, Value};
use volante_registry::manifest::AuthKind;

use super::bindings::latest::volante::plugin::types::{Context, Request};
use crate::auth::session::{self, Session};
use crate::error::{codes, ok, ApiError, ApiJson, ApiResult, Body};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/plugin/install", post(install))
        .route("/plugin/list", get(list))
        .route("/plugin/remove", post(remove))
        .route("/plugin/grant", post(grant))
        .route("/plugin/revoke", post(revoke))
        .route("/plugin/modules", get(modules))
        .route("/plugin/schemas", get(schemas))
}

/// `plugin/install` (provider): a multipart form with the package file in `package`.
async fn install(State(state): State<AppState>, session: Session, mut form: Multipart) -> ApiJson {
    session.require_provider_admin()?;
    let mut package = None;
    while let Some(field) = form
        .next_field()
        .await
        .map_err(|e| ApiError::new(codes::BODY_MALFORMED, format!("Formulario no válido: {e}")))?
    {
        if field.name() == Some("package") {
            let bytes = field.bytes().await.map_err(|e| ApiError::new(codes::BODY_TOO_LARGE, format!("Paquete no legible: {e}")))?;
            package = Some(bytes);
        }
    }
    let package = package.ok_or_else(|| ApiError::invalid_field("package", "Falta el paquete (campo package)"))?;
    ok(state.plugins.install(&state, &package, (&session).into()).await?)
}

async fn list(State(state): State<AppState>, session: Session) -> ApiJson {
    session.require_provider_admin()?;
    let mut out = Vec::new();
    for plugin in state.plugins.all().await {
        let m = &plugin.manifest;
        // Businesses that have any of the plugin's services on.
        let mut businesses: Vec<i64> = Vec::new();
        for service in &m.services {
            let rows: Vec<(i64,)> = sqlx::query_as("SELECT business_id FROM business_service WHERE service_id = $1")
                .bind(&service.id)
                .fetch_all(&state.db.pool)
                .await?;
            businesses.extend(rows.into_iter().map(|(id,)| id));
        }
        businesses.sort_unstable();
        businesses.dedup();
        out.push(json!({
            "plugin_id": m.plugin.id,
            "name": m.plugin.name,
            "version": m.plugin.version.to_string(),
            "api": m.plugin.api,
            "digest": plugin.digest,
            "services": m.services,
            "routes": m.routes.len(),
            "tables_requested": m.tables.read,
            "tables_granted": plugin.read_grants,
            "businesses": businesses,
        }));
    }
    ok(out)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PluginId {
    plugin_id: String,
}

async fn remove(State(state): State<AppState>, session: Session, Body(req): Body<PluginId>) -> ApiJson {
    session.require_provider_admin()?;
    state.plugins.remove(&state, &req.plugin_id, (&session).into()).await?;
    ok(json!({ "plugin_id": req.plugin_id, "removed": true }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GrantRequest {
    plugin_id: String,
    tables: Vec<String>,
}

async fn grant(State(state): State<AppState>, session: Session, Body(req): Body<GrantRequest>) -> ApiJson {
    session.require_provider_admin()?;
    let granted = state.plugins.grant(&state, &req.plugin_id, &req.tables, (&session).into()).await?;
    ok(json!({ "plugin_id": req.plugin_id, "tables": granted }))
}

/// `plugin/revoke`: take back reads granted with `plugin/grant`; answers what is still granted.
async fn revoke(State(state): State<AppState>, session: Session, Body(req): Body<GrantRequest>) -> ApiJson {
    session.require_provider_admin()?;
    let granted = state.plugins.revoke(&state, &req.plugin_id, &req.tables, (&session).into()).await?;
    ok(json!({ "plugin_id": req.plugin_id, "tables": granted }))
}

/// `plugin/modules`: the caller's modules, for the shell to build its menu and load remotes.
/// Modules with public screens (`ui.public_routes`, a signing page) are listed for everyone:
/// without a session, or without the module's service, with only those screens as their routes
/// and no menu.
async fn modules(State(state): State<AppState>, session: Result<Session, ApiError>) -> ApiJson {
    let session = session.ok();
    let mut out = Vec::new();
    for plugin in state.plugins.all().await {
        let m = &plugin.manifest;
        let Some(ui) = &m.ui else { continue };
        let entry = |menu: Vec<Value>, routes: &[String]| {
            json!({
                "plugin_id": m.plugin.id,
                "name": m.plugin.name,
                "version": m.plugin.version.to_string(),
                "remote": ui.remote,
                "url": format!("/plugins/{}/remoteEntry.js", m.plugin.id),
                "exposes": ui.exposes,
                "menu": menu,
                "routes": routes,
                "public_routes": ui.public_routes,
            })
        };
        match &session {
            Some(session) if m.services.iter().any(|s| session.services.contains(&s.id)) => {
                let menu: Vec<Value> = ui
                    .menu
                    .iter()
                    .filter(|entry| entry.permission.as_deref().is_none_or(|p| session.has(p)))
                    .filter(|entry| entry.service.as_ref().is_none_or(|s| session.services.contains(s)))
                    .map(|entry| json!(entry))
                    .collect();
                out.push(entry(menu, &ui.routes));
            }
            _ if !ui.public_routes.is_empty() => out.push(entry(Vec::new(), &ui.public_routes)),
            _ => {}
        }
    }
    ok(out)
}

#[derive(Deserialize)]
struct SchemasQuery {
    plugin_id: String,
}

/// `plugin/schemas?plugin_id=`: the JSON Schemas a plugin publishes (its manifest's `[schemas]`),
/// for the UI's generic forms; only for plugins the caller has a service of.
async fn schemas(State(state): State<AppState>, session: Session, crate::error::Params(q): crate::error::Params<SchemasQuery>) -> ApiJson {
    let plugin = state
        .plugins
        .installed(&q.plugin_id)
        .await
        .filter(|p| p.manifest.services.iter().any(|s| session.services.contains(&s.id)))
        .ok_or_else(|| ApiError::not_found("Módulo"))?;
    ok(&plugin.manifest.schemas)
}

/// Every `/api` call no host handler serves: find the plugin route, check session, service and
/// permission, and call the plugin.
/// The body is read here, not by an extractor: an upload route takes a multipart form within
/// `storage.max_upload_bytes` (the API's body limit is lifted for this handler, `app.rs`), every
/// other route a body within `max_body_bytes`.
pub async fn dispatch(State(state): State<AppState>, request: axum::extract::Request) -> Response {
    let started = std::time::Instant::now();
    if request.method() == Method::OPTIONS {
        return preflight(&state, request.uri()).await;
    }
    let mut storefront = false;
    let mut response = match dispatch_inner(state, request, &mut storefront).await {
        // The envelope around the plugin's JSON, without parsing it again.
        Ok(data) => ([(axum::http::header::CONTENT_TYPE, "application/json")], data.into_envelope()).into_response(),
        Err(err) => err.into_response(),
    };
    // A storefront's answers are read by the school's own web site, on another origin.
    if storefront {
        response.headers_mut().insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
    }
    metrics::histogram!("volante_plugin_dispatch_seconds").record(started.elapsed().as_secs_f64());
    response
}

/// The browser's question before a school's web site (another origin) sends a storefront
/// (`auth = "webapi"`) call with its `Authorization`: allowed from any origin, since the web-api
/// key, not a cookie, is the credential. Any other path has no cross-origin calls.
async fn preflight(state: &AppState, uri: &Uri) -> Response {
    let path = api_path(uri.path());
    let mut storefront = false;
    for method in ["GET", "POST"] {
        if let Some((_, route, _)) = state.plugins.route(method, path).await {
            storefront |= route.auth == AuthKind::Webapi;
        }
    }
    if !storefront {
        return ApiError::new(codes::UNKNOWN_CALL, "Llamada desconocida").into_response();
    }
    (
        StatusCode::NO_CONTENT,
        [
            (header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"),
            (header::ACCESS_CONTROL_ALLOW_METHODS, "GET, POST"),
            (header::ACCESS_CONTROL_ALLOW_HEADERS, "Authorization, Content-Type"),
            (header::ACCESS_CONTROL_MAX_AGE, "600"),
        ],
    )
        .into_response()
}

/// The call's path without the `/api/` prefix (inside the `/api` nest it is already stripped)
/// and without surrounding slashes.
fn api_path(path: &str) -> &str {
    path.strip_prefix("/api/").unwrap_or(path).trim_start_matches('/').trim_end_matches('/')
}

/// A storefront's credential (`Authorization: Bearer <web-api key> [<customer reference>]`): the
/// key, and the customer's reference when one was sent. Anything more is not a credential.
fn storefront_credential(token: Option<&str>) -> ApiResult<(Option<&str>, Option<&str>)> {
    let mut parts = token.unwrap_or("").split_whitespace();
    let (key, customer) = (parts.next(), parts.next());
    if parts.next().is_some() {
        return Err(ApiError::new(codes::SESSION_EXPIRED, "La credencial de la tienda no es válida"));
    }
    Ok((key, customer))
}

async fn dispatch_inner(state: AppState, request: axum::extract::Request, storefront: &mut bool) -> Result<super::answer::JsonAnswer, ApiError> {
    let (parts, body) = request.into_parts();
    let method: Method = parts.method.clone();
    let uri: Uri = parts.uri.clone();
    // Inside the `/api` nest the prefix is already stripped; outside it is not.
    let path = api_path(uri.path());
    let Some((plugin, route, params)) = state.plugins.route(method.as_str(), path).await else {
        return Err(ApiError::new(codes::UNKNOWN_CALL, "Llamada desconocida"));
    };
    *storefront = route.auth == AuthKind::Webapi;
    let token = session::request_token(&parts);
    // A provider route runs in the business its path names, for the provider's administrators
    // only, without their session (`provider_business`).
    let provider = match route.auth {
        AuthKind::Provider => {
            let session = session::resolve(&state, token.as_deref()).await.map_err(session::SessionProblem::error)?;
            session.require_provider_admin()?;
            Some(session)
        }
        _ => None,
    };
    let session = match route.auth {
        AuthKind::Token => Some(session::resolve(&state, token.as_deref()).await.map_err(session::SessionProblem::error)?),
        AuthKind::Provider => None,
        // A storefront's route runs in the business of its web-api key, never as a session
        // (`webapi_business`); a public link's route in the link's (`link_business`).
        AuthKind::Webapi => None,
        AuthKind::None if route.link.is_some() => None,
        // A public route serves a caller with an unusable token as anonymous, unless the lookup
        // itself failed.
        AuthKind::None => match &token {
            Some(token) => match session::resolve(&state, Some(token)).await {
                Ok(session) => Some(session),
                Err(problem @ session::SessionProblem::Failed) => return Err(problem.error()),
                Err(_) => None,
            },
            None => None,
        },
    };
    let service = plugin.manifest.route_service(&route).to_string();
    if let Some(session) = &session {
        if !session.services.contains(&service) {
            let business_has: Option<(String,)> =
                sqlx::query_as("SELECT service_id FROM business_service WHERE business_id = $1 AND service_id = $2")
                    .bind(session.business_id)
                    .bind(&service)
                    .fetch_optional(&state.db.pool)
                    .await?;
            let details = if business_has.is_some() {
                "No tiene acceso a este servicio"
            } else {
                "La empresa no tiene este servicio activo"
            };
            return Err(ApiError::new(codes::SERVICE_DISABLED, details).with_data(json!({ "service": service })));
        }
        if let Some(permission) = &route.permission {
            session.require(permission)?;
        }
        tracing::Span::current().record("plugin", plugin.manifest.plugin.id.as_str());
    }
    // An upload route: the file goes into the document manager first; the plugin gets the form
    // as JSON, and the file is removed again if the call fails (`handle`).
    let mut uploaded = Vec::new();
    let mut form_text = None;
    let mut json_bytes = None;
    if route.upload && method == Method::POST {
        let Some(session) = &session else { return Err(ApiError::new(codes::SESSION_INVALID, "Invalid session")) };
        let request = axum::extract::Request::from_parts(parts.clone(), body);
        let multipart = crate::files::upload::multipart(Multipart::from_request(request, &state).await)?;
        let folder = plugin.manifest.plugin.name.clone();
        let (fields, file) = crate::files::api::receive_for_plugin(&state, session, multipart, &folder).await?;
        uploaded.push(file.file_id);
        let mut object: serde_json::Map<String, Value> = fields.into_iter().map(|(k, v)| (k, Value::String(v))).collect();
        object.insert("file".into(), json!({ "file_id": file.file_id, "name": file.name, "size": file.size, "content_type": file.content_type }));
        form_text = Some(Value::Object(object).to_string());
    } else {
        let bytes = axum::body::to_bytes(body, state.config.max_body_bytes)
            .await
            .map_err(|_| ApiError::new(codes::BODY_TOO_LARGE, "La petición es demasiado grande"))?;
        json_bytes = (method == Method::POST).then_some(bytes);
        // A form posted by a third party (a payment gateway's notification) reaches the plugin as
        // a JSON object of its fields, as text; a field sent twice keeps its last value.
        let is_form = parts
            .headers
            .get(axum::http::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.split(';').next().unwrap_or("").trim().eq_ignore_ascii_case("application/x-www-form-urlencoded"));
        if is_form {
            if let Some(bytes) = json_bytes.take() {
                let fields: serde_json::Map<String, Value> =
                    url::form_urlencoded::parse(&bytes).map(|(k, v)| (k.into_owned(), Value::String(v.into_owned()))).collect();
                form_text = Some(Value::Object(fields).to_string());
            }
        }
    }
    let query: Vec<(String, String)> = url::form_urlencoded::parse(uri.query().unwrap_or("").as_bytes())
        .filter(|(k, _)| k != "token")
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    // A public link's route runs in the business that issued the link, without a user, whoever
    // holds it (a session of any business is not used).
    let mut presented = None;
    let link = match (&route.auth, &route.link) {
        (AuthKind::Webapi, _) => {
            let (key, customer) = storefront_credential(token.as_deref())?;
            let found = webapi_business(&state, &plugin.manifest.plugin.id, &service, key).await?;
            if let Some(customer) = customer {
                presented = Some(customer_reference(&state, &plugin.manifest.plugin.id, found.0, customer).await?);
            }
            Some(found)
        }
        (_, Some(name)) => {
            let body = form_text.as_deref().map(str::as_bytes).or(json_bytes.as_deref()).and_then(|b| serde_json::from_slice::<Value>(b).ok());
            let reference = super::links::carried(name, &params, &query, body.as_ref())
                .ok_or_else(|| ApiError::invalid_field(name, "Falta la referencia del enlace"))?;
            Some(link_business(&state, &plugin.manifest.plugin.id, &service, &reference).await?)
        }
        (AuthKind::Provider, _) => {
            let admin = provider.as_ref().ok_or_else(|| ApiError::new(codes::SESSION_INVALID, "Invalid session"))?;
            Some(provider_business(&state, admin, &plugin.manifest.plugin.id, &service, &method, path, &params).await?)
        }
        (_, None) => None,
    };
    // The call is allowed: its transaction starts opening now, while the body is checked and
    // the guest prepared (`Opening::start`).
    let business_id = session.as_ref().map(|s| s.business_id).or(link.as_ref().map(|(id, _)| *id)).unwrap_or(0);
    let opening = super::Opening::start(&state, &plugin.manifest.plugin.id, business_id, route.read_only).await;
    let body_text = match (form_text, json_bytes) {
        (Some(text), _) => text,
        (None, Some(bytes)) => {
            let text = String::from_utf8(bytes.to_vec()).map_err(|_| ApiError::new(codes::BODY_MALFORMED, "El cuerpo no es UTF-8"))?;
            if !text.trim().is_empty() {
                serde_json::from_str::<Value>(&text).map_err(|e| ApiError::new(codes::BODY_MALFORMED, format!("JSON mal formado: {e}")))?;
            }
            text
        }
        (None, None) => String::new(),
    };
    let request_id = parts.headers.get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    let ctx = match &session {
        Some(s) => Context {
            business_id: s.business_id,
            branch_id: s.branch_id,
            user_id: s.user_id,
            role: if s.is_super { "super".into() } else { s.role_name.clone().unwrap_or_default() },
            permissions: s.permissions.iter().cloned().collect(),
            services: s.services.iter().cloned().collect(),
            locale: s.locale.clone(),
            request_id,
        },
        None => match (link, &provider) {
            // The provider's administrator, by user id and locale; no role or permission of the
            // business's.
            (Some((business_id, services)), Some(admin)) => Context {
                business_id,
                services,
                user_id: admin.user_id,
                role: "provider".into(),
                locale: admin.locale.clone(),
                ..super::anonymous_context(request_id)
            },
            (Some((business_id, services)), None) => Context { business_id, services, ..super::anonymous_context(request_id) },
            (None, _) => super::anonymous_context(request_id),
        },
    };
    let request = Request { method: method.to_string(), path: path.to_string(), route: route.path.clone(), params, query, body: body_text };
    state.plugins.handle(&state, plugin, session, ctx, request, route.read_only, opening, uploaded, presented).await
}

/// The business a provider (`auth = "provider"`) route's call runs in, and its services: the one
/// its `{business}` path parameter names, which must exist and have the route's service. Each
/// call that gets this far is written to the business's audit log (who, which plugin, which
/// call), since it reads or changes a school's data from outside it.
async fn provider_business(
    state: &AppState,
    admin: &session::Session,
    plugin_id: &str,
    service: &str,
    method: &Method,
    path: &str,
    params: &[(String, String)],
) -> ApiResult<(i64, Vec<String>)> {
    let business_id = params
        .iter()
        .find(|(name, _)| name == "business")
        .and_then(|(_, value)| value.parse::<i64>().ok())
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::invalid_field("business", "La empresa no es válida"))?;
    let (_, services) = super::business_and_services(state, business_id).await?.ok_or_else(|| ApiError::not_found_feminine("Empresa"))?;
    if !services.iter().any(|s| s == service) {
        return Err(ApiError::new(codes::SERVICE_DISABLED, "La empresa no tiene este servicio activo").with_data(json!({ "service": service })));
    }
    let mut tx = state.db.begin().await?;
    let entry = crate::audit::Entry {
        business_id,
        actor_user_id: Some(admin.user_id),
        action: "plugin.provider_call",
        target_kind: "plugin",
        target_id: plugin_id.to_string(),
        detail: json!({ "method": method.as_str(), "path": path }),
    };
    crate::audit::record(&mut tx, entry).await?;
    tx.commit().await?;
    Ok((business_id, services))
}

/// The customer's reference a storefront call presented beside its key: a live link the same
/// plugin issued in the key's business (`links.presented`). Anything else is `SESSION-001`, on
/// which the site forgets the customer's sign-in.
async fn customer_reference(state: &AppState, plugin_id: &str, business_id: i64, reference: &str) -> ApiResult<String> {
    const REFUSED: &str = "La sesión del cliente no es válida o ha caducado";
    let link = super::links::resolve(state, reference).await.map_err(|err| expired_as(err, REFUSED))?;
    if link.plugin_id != plugin_id || link.business_id != business_id {
        return Err(ApiError::new(codes::SESSION_EXPIRED, REFUSED));
    }
    Ok(reference.to_string())
}

/// A storefront credential that opens nothing (an unknown, revoked or expired link) is
/// `SESSION-001`, on which the site forgets it; any other failure stays what it is.
fn expired_as(err: ApiError, details: &str) -> ApiError {
    if err.code() == codes::NOT_FOUND || err.code() == super::links::LINK_GONE {
        ApiError::new(codes::SESSION_EXPIRED, details)
    } else {
        err
    }
}

/// The business a storefront (`auth = "webapi"`) route's call runs in, and its services: the
/// web-api key the site sends as its bearer credential is a live public link this plugin issued
/// (`links.issue`), in a business that is active and still has the route's service. A missing key
/// is `SESSION-000`; an unknown, revoked or expired one `SESSION-001`, on which the site forgets it.
async fn webapi_business(state: &AppState, plugin_id: &str, service: &str, key: Option<&str>) -> ApiResult<(i64, Vec<String>)> {
    let key = key.ok_or_else(|| ApiError::new(codes::SESSION_INVALID, "Falta la clave de la API web"))?;
    link_business(state, plugin_id, service, key).await.map_err(|err| expired_as(err, "La clave de la API web no es válida"))
}

/// The business a `link` route's call runs in, and its services: the reference the call carries
/// must be a live link this plugin issued, in a business that is active and still has the
/// route's service.
async fn link_business(state: &AppState, plugin_id: &str, service: &str, reference: &str) -> ApiResult<(i64, Vec<String>)> {
    let link = super::links::resolve(state, reference).await?;
    if link.plugin_id != plugin_id {
        return Err(ApiError::not_found("Enlace"));
    }
    let services: Vec<(String,)> = sqlx::query_as(
        "SELECT s.service_id FROM business_service s JOIN business b ON b.business_id = s.business_id
         WHERE s.business_id = $1 AND b.status <> 'suspended' ORDER BY s.service_id",
    )
    .bind(link.business_id)
    .fetch_all(&state.db.pool)
    .await?;
    let services: Vec<String> = services.into_iter().map(|(s,)| s).collect();
    if !services.iter().any(|s| s == service) {
        return Err(ApiError::new(codes::SERVICE_DISABLED, "La empresa no tiene este servicio activo").with_data(json!({ "service": service })));
    }
    Ok((link.business_id, services))
}
