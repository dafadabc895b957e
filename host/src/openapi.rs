//! The OpenAPI 3.1 document served at `/api/openapi.json`: the host's own calls (listed here; a
//! test checks the list against the spec's calls) and every installed plugin's routes with the JSON
//! Schemas its manifest publishes.

use axum::extract::State;
use serde_json::{json, Map, Value};

use crate::state::AppState;

/// (method, path, auth) of every host call. `auth`: token, none, admin (provider administrators).
pub const HOST_CALLS: &[(&str, &str, &str)] = &[
    ("GET", "business/branch/cap", "token"),
    ("POST", "business/branch/create", "token"),
    ("POST", "business/branch/delete", "token"),
    ("GET", "business/branch/facilauto", "token"),
    ("GET", "business/branch/list", "token"),
    ("GET", "business/branch/points", "token"),
    ("GET", "business/branch/read/{id}", "token"),
    ("POST", "business/branch/update", "token"),
    ("POST", "business/create", "admin"),
    ("GET", "business/filesystem/plan", "admin"),
    ("POST", "business/filesystem/plan/update", "admin"),
    ("GET", "business/hermes/read", "token"),
    ("GET", "business/position/read", "token"),
    ("GET", "business/read", "token"),
    ("GET", "business/rol/list", "token"),
    ("POST", "business/services/update", "admin"),
    ("POST", "business/update", "token"),
    ("POST", "business/status", "admin"),
    ("GET", "business/removecomplete", "admin"),
    ("POST", "business/group/create", "admin"),
    ("POST", "business/group/delete", "admin"),
    ("GET", "business/group/readgroup", "admin"),
    ("POST", "business/assign/group/update", "admin"),
    ("POST", "employee/permissions/create", "token"),
    ("POST", "employee/permissions/delete", "token"),
    ("GET", "employee/permissions/read", "token"),
    ("POST", "employee/permissions/update", "token"),
    ("GET", "filesystem/configure", "token"),
    ("GET", "filesystem/data", "token"),
    ("POST", "filesystem/file/delete", "token"),
    ("POST", "filesystem/file/move", "token"),
    ("POST", "filesystem/file/pdf/extract/images", "token"),
    ("GET", "filesystem/file/read", "token"),
    ("GET", "filesystem/file/read/{name}", "token"),
    ("POST", "filesystem/file/rename", "token"),
    ("POST", "filesystem/file/upload", "token"),
    ("POST", "filesystem/folder/create", "token"),
    ("POST", "filesystem/folder/delete", "token"),
    ("POST", "filesystem/folder/move", "token"),
    ("GET", "filesystem/folder/read", "token"),
    ("POST", "filesystem/folder/rename", "token"),
    ("POST", "filesystem/layout/fill", "token"),
    ("GET", "filesystem/search", "token"),
    ("GET", "filesystem/status", "admin"),
    ("GET", "healthz", "token"),
    ("POST", "image/upload", "token"),
    ("GET", "metrics", "token"),
    ("POST", "plugin/grant", "admin"),
    ("POST", "plugin/install", "admin"),
    ("GET", "plugin/list", "admin"),
    ("GET", "plugin/modules", "optional"),
    ("POST", "notifications/create", "admin"),
    ("POST", "notifications/update", "admin"),
    ("POST", "notifications/delete", "admin"),
    ("POST", "notifications/readall", "admin"),
    ("GET", "notifications/read/{id}", "admin"),
    ("POST", "notifications/group/create", "admin"),
    ("POST", "notifications/group/delete", "admin"),
    ("GET", "notifications/group/read", "admin"),
    ("GET", "notifications/inbox", "token"),
    ("POST", "mail/layout/create", "token"),
    ("POST", "mail/layout/update", "token"),
    ("POST", "mail/layout/delete", "token"),
    ("GET", "mail/layout/read", "token"),
    ("GET", "mail/delivery/read", "token"),
    ("POST", "mail/delivery/retry", "token"),
    ("POST", "notifications/inbox/read", "token"),
    ("GET", "plugin/schemas", "token"),
    ("POST", "plugin/remove", "admin"),
    ("POST", "plugin/revoke", "admin"),
    ("GET", "realtime", "token"),
    ("GET", "servidor/read", "admin"),
    ("GET", "servidor/status/read", "admin"),
    ("POST", "servidor/update", "admin"),
    ("POST", "servidor/delete", "admin"),
    ("GET", "servidor/group/read", "admin"),
    ("POST", "servidor/group/create", "admin"),
    ("POST", "servidor/group/delete", "admin"),
    ("GET", "facilauto/admin/serverstate", "admin"),
    ("GET", "dashboard/socket/read", "admin"),
    ("GET", "dashboard/socketchart/read", "admin"),
    ("GET", "dashboard/socketchartautoescuela/read", "admin"),
    ("GET", "versiones/ultima", "token"),
    ("GET", "buscador/autoescuelas", "admin"),
    ("GET", "business/ficha/read", "admin"),
    ("GET", "business/initalpositions", "admin"),
    ("GET", "user/sessions/generate/{business}/{id}/{d1}/{d2}/{between}", "admin"),
    ("GET", "business/copy/kinds", "admin"),
    ("POST", "business/copy", "admin"),
    ("GET", "business/clonproductcategory", "admin"),
    ("GET", "business/clonblocktest", "admin"),
    ("GET", "actualizacion/estado", "admin"),
    ("POST", "registration", "none"),
    ("POST", "user/email/update", "token"),
    ("GET", "user/log", "token"),
    ("POST", "user/login", "none"),
    ("POST", "user/login/facebook", "none"),
    ("POST", "user/login/google", "none"),
    ("POST", "user/logout", "token"),
    ("POST", "user/password/recovery", "none"),
    ("POST", "user/password/reset", "token"),
    ("POST", "user/password/update", "none"),
    ("POST", "user/role/permission/update", "token"),
    ("POST", "user/role/update", "token"),
    ("GET", "user/sessions/add", "token"),
    ("GET", "user/sessions/list", "token"),
    ("GET", "user/sessions/purge", "token"),
    ("GET", "user/sessions/read", "token"),
    ("GET", "user/sessions/remove", "token"),
    ("POST", "user/sessions/rename", "token"),
    ("POST", "user/state", "token"),
    ("POST", "user/twofactor/update", "token"),
    ("POST", "user/unlock", "token"),
    ("GET", "user/update", "token"),
    ("GET", "user/verify", "token"),
    ("POST", "valkiria/renuevaproductos/update", "token"),
];

fn envelope(data: Value) -> Value {
    json!({
        "oneOf": [
            { "type": "object", "required": ["success", "data"],
              "properties": { "success": { "const": true }, "data": data } },
            { "type": "object", "required": ["success", "error"],
              "properties": { "success": { "const": false }, "error": { "$ref": "#/components/schemas/Error" } } }
        ]
    })
}

fn operation(method: &str, path: &str, auth: &str, summary: &str, request: Option<Value>, response: Value, tag: &str) -> Value {
    let mut op = Map::new();
    op.insert("summary".into(), json!(if summary.is_empty() { path } else { summary }));
    op.insert("tags".into(), json!([tag]));
    op.insert("operationId".into(), json!(format!("{}_{}", method.to_lowercase(), path.replace(['/', '{', '}'], "_"))));
    match auth {
        "none" => {}
        // Served with or without a session (the answer differs).
        "optional" => {
            op.insert("security".into(), json!([{ "session": [] }, {}]));
        }
        _ => {
            op.insert("security".into(), json!([{ "session": [] }]));
        }
    }
    let mut parameters: Vec<Value> = path
        .split('/')
        .filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
        .map(|name| json!({ "name": name, "in": "path", "required": true, "schema": { "type": "string" } }))
        .collect();
    if method == "POST" {
        op.insert(
            "requestBody".into(),
            json!({ "required": true, "content": { "application/json": { "schema": request.unwrap_or(json!({ "type": "object" })) } } }),
        );
    } else if let Some(query) = request {
        parameters.push(json!({ "name": "query", "in": "query", "style": "form", "explode": true, "schema": query }));
    }
    if !parameters.is_empty() {
        op.insert("parameters".into(), json!(parameters));
    }
    op.insert(
        "responses".into(),
        json!({ "200": { "description": "The envelope: data on success, the error (a list for writes) otherwise",
                         "content": { "application/json": { "schema": envelope(response) } } } }),
    );
    Value::Object(op)
}

/// `GET /api/openapi.json`.
pub async fn document(State(state): State<AppState>) -> axum::Json<Value> {
    let mut paths = Map::new();
    let mut add = |path: &str, method: &str, op: Value| {
        let entry = paths.entry(format!("/{path}")).or_insert_with(|| json!({}));
        entry[method.to_lowercase()] = op;
    };
    for (method, path, auth) in HOST_CALLS {
        let tag = path.split('/').next().unwrap_or("host");
        let mut op = operation(method, path, auth, "", None, json!({}), tag);
        if *path == "realtime" {
            op["summary"] = json!("The realtime stream (server-sent events)");
            op["description"] = json!(
                "Opened by a browser's EventSource with `?token=<session token>` (or the Authorization header). Events: `ready` on opening (read afresh), `<plugin-id>.<topic>` with a plugin's push as JSON data, `session` ({\"code\":\"SESSION-000\"}) when the session ends, after which the stream closes. Without a valid session the answer is the envelope with SESSION-000."
            );
            op["responses"]["200"]["content"]["text/event-stream"] = json!({ "schema": { "type": "string" } });
        }
        add(path, method, op);
    }
    let mut schemas = Map::new();
    schemas.insert(
        "Error".into(),
        json!({
            "description": "One error, or for writes (POST) a list of them",
            "oneOf": [ { "$ref": "#/components/schemas/ErrorItem" },
                       { "type": "array", "items": { "$ref": "#/components/schemas/ErrorItem" } } ]
        }),
    );
    schemas.insert(
        "ErrorItem".into(),
        json!({ "type": "object", "required": ["code", "data", "details"],
                "properties": { "code": { "type": "string" }, "data": {}, "details": { "type": "string" } } }),
    );
    for plugin in state.plugins.all().await {
        let m = &plugin.manifest;
        let id = &m.plugin.id;
        for (name, schema) in &m.schemas {
            schemas.insert(format!("{id}.{name}"), schema.clone());
        }
        let reference = |name: &Option<String>| {
            name.as_ref().filter(|n| m.schemas.contains_key(*n)).map(|n| json!({ "$ref": format!("#/components/schemas/{id}.{n}") }))
        };
        for route in &m.routes {
            let auth = match route.auth {
                volante_registry::manifest::AuthKind::None => "none",
                volante_registry::manifest::AuthKind::Provider => "admin",
                _ => "token",
            };
            let response = reference(&route.response).unwrap_or(json!({}));
            let mut op = operation(&route.method, &route.path, auth, &route.summary, reference(&route.request), response, id);
            if route.upload {
                // The file part and text fields; the plugin then receives them as its request
                // schema says, the file as `{file_id, name, size, content_type}`.
                op["requestBody"] = json!({ "required": true, "content": { "multipart/form-data": { "schema": {
                    "type": "object", "required": ["file"],
                    "properties": { "file": { "type": "string", "format": "binary" } },
                    "additionalProperties": { "type": "string" } } } } });
            }
            if let Some(link) = &route.link {
                op["description"] = json!(format!(
                    "Public link route: no session; `{link}` (a path or query parameter, or a body field) carries the reference of a link the plugin issued, and the call runs in the business that issued it. An unknown reference is NOT-FOUND-000, a revoked or expired one LINK-001."
                ));
            }
            add(&route.path, &route.method, op);
        }
    }
    axum::Json(json!({
        "openapi": "3.1.0",
        "info": { "title": "Volante API", "version": env!("CARGO_PKG_VERSION"),
                  "description": "Every call answers HTTP 200 with the envelope {success, data | error}." },
        "servers": [ { "url": "/api" } ],
        "components": {
            "securitySchemes": { "session": { "type": "apiKey", "in": "header", "name": "Authorization",
                                              "description": "`Token <session token>`" } },
            "schemas": schemas,
        },
        "paths": paths,
    }))
}
