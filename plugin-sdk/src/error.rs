//! The envelope's errors as a guest sees them: `code`, `data` (JSON) and `details` (Spanish,
//! shown to the user). One [`Error`] may carry several items (a write that fails validation on
//! several fields answers them all).

use serde_json::{json, Value};

/// The codes a plugin uses; the same as the host's catalogue (`host/src/error.rs`).
pub mod codes {
    pub const BODY_MALFORMED: &str = "REQ-101";
    pub const INVALID_FIELD: &str = "REQ-102";
    pub const QUERY_INVALID: &str = "REQ-104";
    pub const UNKNOWN_CALL: &str = "REQ-404";
    pub const INTERNAL: &str = "SERVER-000";
    pub const NOT_FOUND: &str = "NOT-FOUND-000";
    pub const PERMISSION_DENIED: &str = "PERMISSION-000";
    pub const CONFLICT: &str = "CONFLICT-000";
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, Clone, PartialEq)]
pub struct Error {
    pub code: String,
    pub data: Value,
    pub details: String,
    /// Further items answered with this one (validation of several fields).
    pub more: Vec<Error>,
}

impl Error {
    pub fn new(code: &str, details: impl Into<String>) -> Error {
        Error { code: code.into(), data: Value::Null, details: details.into(), more: Vec::new() }
    }

    pub fn with_data(mut self, data: Value) -> Error {
        self.data = data;
        self
    }

    /// `REQ-102`: a field failed validation; `data.field` names it.
    pub fn invalid_field(field: &str, details: impl Into<String>) -> Error {
        Error::new(codes::INVALID_FIELD, details).with_data(json!({ "field": field }))
    }

    /// `REQ-102` for a missing required field.
    pub fn required(field: &str) -> Error {
        Error::invalid_field(field, format!("El campo {field} es obligatorio"))
    }

    /// `REQ-101`: the body is not JSON.
    pub fn malformed(details: impl Into<String>) -> Error {
        Error::new(codes::BODY_MALFORMED, details)
    }

    /// `NOT-FOUND-000`, naming the entity (`Contacto no encontrado`).
    /// `NOT-FOUND-000` for a masculine noun: "Contacto no encontrado" ([`Error::not_found_feminine`]
    /// for "Factura no encontrada"; a resource's own: `resource::not_found`).
    pub fn not_found(what: &str) -> Error {
        Error::new(codes::NOT_FOUND, format!("{what} no encontrado")).with_data(json!({ "entity": what }))
    }

    /// `NOT-FOUND-000` for a feminine noun: "Factura no encontrada".
    pub fn not_found_feminine(what: &str) -> Error {
        Error::new(codes::NOT_FOUND, format!("{what} no encontrada")).with_data(json!({ "entity": what }))
    }

    /// `PERMISSION-000`, naming the permission that is missing.
    pub fn forbidden(permission: &str) -> Error {
        Error::new(codes::PERMISSION_DENIED, "No tiene permiso para esta acción")
            .with_data(json!({ "permission": permission }))
    }

    /// `CONFLICT-000`: the request clashes with stored data.
    pub fn conflict(details: impl Into<String>) -> Error {
        Error::new(codes::CONFLICT, details)
    }

    /// `SERVER-000`: something unexpected. The cause goes to the host's log, never to the client.
    pub fn internal(cause: impl std::fmt::Display) -> Error {
        crate::log::error(&format!("internal error: {cause}"));
        Error::new(codes::INTERNAL, "Error interno del servidor")
    }

    /// All errors of a list as one, or `None` when the list is empty.
    pub fn join(errors: Vec<Error>) -> Option<Error> {
        let mut items = errors.into_iter().flat_map(Error::into_list);
        let mut first = items.next()?;
        first.more = items.collect();
        Some(first)
    }

    /// Every item, this one first.
    pub fn into_list(mut self) -> Vec<Error> {
        let more = std::mem::take(&mut self.more);
        let mut list = vec![self];
        list.extend(more.into_iter().flat_map(Error::into_list));
        list
    }

    /// The field this error is about, if it is a field error.
    /// An error the host answered an import with (its `data` is JSON text, or empty).
    pub fn from_item(item: crate::bindings::ErrorItem) -> Error {
        let data = if item.data.is_empty() { Value::Null } else { serde_json::from_str(&item.data).unwrap_or(Value::Null) };
        Error::new(&item.code, item.details).with_data(data)
    }

    pub fn field(&self) -> Option<&str> {
        self.data.get("field").and_then(Value::as_str)
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code, self.details)
    }
}

impl std::error::Error for Error {}

impl From<serde_json::Error> for Error {
    fn from(err: serde_json::Error) -> Error {
        Error::internal(err)
    }
}

/// Collects field errors so a write answers every invalid field at once.
#[derive(Debug, Default)]
pub struct Checks {
    errors: Vec<Error>,
}

impl Checks {
    pub fn new() -> Checks {
        Checks::default()
    }

    /// Keep the value when valid, remember the error otherwise.
    pub fn check<T>(&mut self, result: Result<T>) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(err) => {
                self.errors.push(err);
                None
            }
        }
    }

    pub fn push(&mut self, error: Error) {
        self.errors.push(error);
    }

    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// `Ok` when nothing failed, else every error as one.
    pub fn finish(self) -> Result<()> {
        match Error::join(self.errors) {
            None => Ok(()),
            Some(err) => Err(err),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_and_flattens() {
        assert!(Error::join(vec![]).is_none());
        let joined = Error::join(vec![
            Error::invalid_field("a", "x"),
            Error::join(vec![Error::invalid_field("b", "y"), Error::invalid_field("c", "z")]).unwrap(),
        ])
        .unwrap();
        let fields: Vec<_> = joined.into_list().iter().map(|e| e.field().unwrap().to_string()).collect();
        assert_eq!(fields, ["a", "b", "c"]);
    }
}
