//! Who calls ([`Ctx`]) and what they ask ([`Req`]), with typed parsing at the edge.

use std::str::FromStr;

use serde::de::DeserializeOwned;
use serde_json::json;

use crate::error::{codes, Error, Result};

/// The caller, as resolved by the host before the plugin runs.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Ctx {
    pub business_id: i64,
    pub branch_id: Option<i64>,
    pub user_id: i64,
    /// `super`, or the role's name.
    pub role: String,
    pub permissions: Vec<String>,
    pub services: Vec<String>,
    pub locale: String,
    pub request_id: String,
}

impl Ctx {
    /// The role `super` has every permission; others need it listed.
    pub fn can(&self, permission: &str) -> bool {
        self.role == "super" || self.permissions.iter().any(|p| p == permission)
    }

    /// `PERMISSION-000` unless [`Ctx::can`].
    pub fn require(&self, permission: &str) -> Result<()> {
        if self.can(permission) {
            Ok(())
        } else {
            Err(Error::forbidden(permission))
        }
    }

    /// Whether the business and user have the service on (e.g. `sms`).
    pub fn has_service(&self, service: &str) -> bool {
        self.services.iter().any(|s| s == service)
    }
}

impl From<crate::bindings::Context> for Ctx {
    fn from(c: crate::bindings::Context) -> Ctx {
        Ctx {
            business_id: c.business_id,
            branch_id: c.branch_id,
            user_id: c.user_id,
            role: c.role,
            permissions: c.permissions,
            services: c.services,
            locale: c.locale,
            request_id: c.request_id,
        }
    }
}

/// One API call routed to the plugin.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Req {
    pub method: String,
    /// After `/api/`: `contact/read/42`.
    pub path: String,
    /// The route pattern that matched: `contact/read/{id}`.
    pub route: String,
    pub params: Vec<(String, String)>,
    pub query: Vec<(String, String)>,
    /// JSON text of a POST body; empty for GET.
    pub body: String,
}

impl From<crate::bindings::Request> for Req {
    fn from(r: crate::bindings::Request) -> Req {
        Req { method: r.method, path: r.path, route: r.route, params: r.params, query: r.query, body: r.body }
    }
}

impl Req {
    /// A GET with a query, for tests and examples.
    pub fn get(path: &str, query: &[(&str, &str)]) -> Req {
        Req {
            method: "GET".into(),
            path: path.into(),
            query: query.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            ..Req::default()
        }
    }

    /// A POST with a JSON body, for tests and examples.
    pub fn post(path: &str, body: serde_json::Value) -> Req {
        Req { method: "POST".into(), path: path.into(), body: body.to_string(), ..Req::default() }
    }

    /// The body as `T`. An empty body reads as `{}`. Not JSON: `REQ-101`; JSON of the wrong
    /// shape: `REQ-102` naming the field.
    pub fn json<T: DeserializeOwned>(&self) -> Result<T> {
        let body = if self.body.trim().is_empty() { "{}" } else { self.body.as_str() };
        parse_json(body)
    }

    /// The body as a JSON value (`{}` when empty).
    pub fn value(&self) -> Result<serde_json::Value> {
        self.json()
    }

    /// The query string as `T`: values are text, parsed into numbers and booleans where `T`
    /// asks for them; failures are `REQ-102` naming the parameter.
    pub fn query<T: DeserializeOwned>(&self) -> Result<T> {
        let de = crate::query::QueryDeserializer::new(&self.query);
        serde_path_to_error::deserialize(de).map_err(|err| {
            let field = error_field(err.path(), err.inner());
            field_error(&field, &err.inner().to_string())
        })
    }

    /// One query parameter, raw.
    pub fn query_value(&self, name: &str) -> Option<&str> {
        self.query.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// A path parameter parsed as `T`; `REQ-102` naming it when absent or unparsable.
    pub fn param<T: FromStr>(&self, name: &str) -> Result<T> {
        let raw = self
            .params
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .ok_or_else(|| Error::required(name))?;
        raw.parse().map_err(|_| Error::invalid_field(name, format!("El campo {name} no es válido")))
    }
}

/// Parse JSON text into `T` with the API's errors.
pub fn parse_json<T: DeserializeOwned>(text: &str) -> Result<T> {
    use serde_json::error::Category;
    let malformed = |err: &serde_json::Error| {
        Error::new(codes::BODY_MALFORMED, "JSON mal formado").with_data(json!({ "reason": err.to_string() }))
    };
    let mut de = serde_json::Deserializer::from_str(text);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|err| match err.inner().classify() {
        Category::Syntax | Category::Eof | Category::Io => malformed(err.inner()),
        Category::Data => {
            let field = error_field(err.path(), err.inner());
            field_error(&field, &err.inner().to_string())
        }
    })?;
    de.end().map_err(|err| malformed(&err))?;
    Ok(value)
}

/// Parse a JSON value into `T` with the API's field errors.
pub fn from_value<T: DeserializeOwned>(value: serde_json::Value) -> Result<T> {
    serde_path_to_error::deserialize(value).map_err(|err| {
        let field = error_field(err.path(), err.inner());
        field_error(&field, &err.inner().to_string())
    })
}

/// The field an error is about: serde's path, or for `missing field `x`` at the root, `x`.
fn error_field(path: &serde_path_to_error::Path, inner: &dyn std::fmt::Display) -> String {
    let message = inner.to_string();
    let mut field = path.to_string();
    if let Some(rest) = message.strip_prefix("missing field `") {
        let missing = rest.split('`').next().unwrap_or_default();
        field = if field == "." { missing.to_string() } else { format!("{field}.{missing}") };
    }
    if field == "." {
        field.clear();
    }
    field
}

fn field_error(field: &str, reason: &str) -> Error {
    // serde's text is English and carries positions: kept for developers in `data.reason`.
    let reason = reason.split(" at line ").next().unwrap_or(reason);
    let details = if reason.starts_with("missing field") {
        format!("El campo {field} es obligatorio")
    } else if field.is_empty() {
        "Datos no válidos".to_string()
    } else {
        format!("El campo {field} no es válido")
    };
    Error::new(codes::INVALID_FIELD, details).with_data(json!({ "field": field, "reason": reason }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Body {
        name: String,
        #[serde(default)]
        age: Option<u8>,
        #[serde(default)]
        tags: Vec<String>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Query {
        #[serde(default)]
        search: String,
        #[serde(default)]
        page: Option<u32>,
        #[serde(default)]
        active: bool,
    }

    #[test]
    fn json_errors_name_the_field() {
        let req = Req::post("x", json!({}));
        let err = req.json::<Body>().unwrap_err();
        assert_eq!(err.code, "REQ-102");
        assert_eq!(err.field(), Some("name"));
        assert_eq!(err.details, "El campo name es obligatorio");

        let err = Req::post("x", json!({"name": "a", "age": "old"})).json::<Body>().unwrap_err();
        assert_eq!((err.code.as_str(), err.field()), ("REQ-102", Some("age")));
        let err = Req::post("x", json!({"name": "a", "tags": [1]})).json::<Body>().unwrap_err();
        assert_eq!(err.field(), Some("tags[0]"));

        let bad = Req { method: "POST".into(), body: "{\"name\": ".into(), ..Req::default() };
        assert_eq!(bad.json::<Body>().unwrap_err().code, "REQ-101");
        let trailing = Req { method: "POST".into(), body: "{\"name\": \"a\"} x".into(), ..Req::default() };
        assert_eq!(trailing.json::<Body>().unwrap_err().code, "REQ-101");
    }

    #[test]
    fn query_parses_types() {
        let q: Query = Req::get("x", &[("search", "123"), ("page", "2"), ("active", "true")]).query().unwrap();
        assert_eq!(q, Query { search: "123".into(), page: Some(2), active: true });
        let err = Req::get("x", &[("page", "two")]).query::<Query>().unwrap_err();
        assert_eq!((err.code.as_str(), err.field()), ("REQ-102", Some("page")));
    }

    #[test]
    fn params() {
        let req = Req { params: vec![("id".into(), "42".into())], ..Req::default() };
        assert_eq!(req.param::<i64>("id").unwrap(), 42);
        assert_eq!(req.param::<i64>("other").unwrap_err().field(), Some("other"));
        let req = Req { params: vec![("id".into(), "x".into())], ..Req::default() };
        assert_eq!(req.param::<i64>("id").unwrap_err().code, "REQ-102");
    }

    #[test]
    fn permissions() {
        let ctx = Ctx { role: "staff".into(), permissions: vec!["a".into()], ..Ctx::default() };
        assert!(ctx.can("a") && !ctx.can("b"));
        assert_eq!(ctx.require("b").unwrap_err().code, "PERMISSION-000");
        assert!(Ctx { role: "super".into(), ..Ctx::default() }.can("b"));
    }
}
