//! The API error type and the response envelope.
//!
//! Every answer under `/api` is `{"success": true, "data": …}` or
//! `{"success": false, "error": …}`. For reads `error` is one `{code, data, details}` object; for
//! writes (POST) it is the list of such objects, as the product's clients expect. Handlers return
//! `ApiError`; the `envelope` middleware decides the shape from the request method, so no handler
//! has to know. The HTTP status is 200 for every enveloped answer: the existing clients treat a
//! non-2xx status as a transport failure (`REQ-100`) and would lose the server's code.

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};

/// One error of the envelope.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct ErrorItem {
    pub code: String,
    pub data: Value,
    pub details: String,
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// A client error with the catalogue's code.
    #[error("{}", .0.first().map(|e| e.details.as_str()).unwrap_or(""))]
    Client(Vec<ErrorItem>),
    /// Anything unexpected: logged with its cause chain, answered without internals.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn new(code: &str, details: impl Into<String>) -> ApiError {
        ApiError::Client(vec![ErrorItem { code: code.into(), data: Value::Null, details: details.into() }])
    }

    pub fn with_data(mut self, data: Value) -> ApiError {
        if let ApiError::Client(items) = &mut self {
            if let Some(first) = items.first_mut() {
                first.data = data;
            }
        }
        self
    }

    /// `SERVER-000` as the client sees it, for a failure already logged where it happened (an
    /// `ApiError::Internal` is logged with its cause and answered the same way).
    pub fn server_fault() -> ApiError {
        ApiError::Client(vec![server_fault_item()])
    }

    /// `SESSION-000`: the call needs a session and none (or no valid one) was sent.
    pub fn invalid_session() -> ApiError {
        ApiError::new(codes::SESSION_INVALID, "Invalid session")
    }

    pub fn forbidden(permission: &str) -> ApiError {
        ApiError::new(codes::PERMISSION_DENIED, "No tiene permiso para esta acción")
            .with_data(json!({ "permission": permission }))
    }

    /// `NOT-FOUND-000` for a masculine noun: "Usuario no encontrado".
    pub fn not_found(what: &str) -> ApiError {
        ApiError::new(codes::NOT_FOUND, format!("{what} no encontrado")).with_data(json!({ "entity": what }))
    }

    /// `NOT-FOUND-000` for a feminine noun: "Empresa no encontrada".
    pub fn not_found_feminine(what: &str) -> ApiError {
        ApiError::new(codes::NOT_FOUND, format!("{what} no encontrada")).with_data(json!({ "entity": what }))
    }

    /// A field failed validation; `data.field` names it.
    pub fn invalid_field(field: &str, details: impl Into<String>) -> ApiError {
        ApiError::new(codes::INVALID_FIELD, details).with_data(json!({ "field": field }))
    }

    pub fn code(&self) -> &str {
        match self {
            ApiError::Client(items) => items.first().map(|e| e.code.as_str()).unwrap_or(codes::INTERNAL),
            ApiError::Internal(_) => codes::INTERNAL,
        }
    }
}

/// Error codes. Those named by the spec are kept verbatim; the rest follow its `AREA-NNN` style.
pub mod codes {
    pub const SESSION_INVALID: &str = "SESSION-000";
    pub const SESSION_EXPIRED: &str = "SESSION-001";
    pub const SESSION_USER_DISABLED: &str = "SESSION-001-0";
    pub const SESSION_BUSINESS_DISABLED: &str = "SESSION-001-1";
    pub const BODY_MALFORMED: &str = "REQ-101";
    pub const INVALID_FIELD: &str = "REQ-102";
    pub const BODY_TOO_LARGE: &str = "REQ-103";
    pub const QUERY_INVALID: &str = "REQ-104";
    pub const UNKNOWN_CALL: &str = "REQ-404";
    pub const INTERNAL: &str = "SERVER-000";
    pub const NOT_FOUND: &str = "NOT-FOUND-000";
    pub const PERMISSION_DENIED: &str = "PERMISSION-000";
    pub const SERVICE_DISABLED: &str = "SERVICE-000";
    pub const USER_UNKNOWN: &str = "LOGIN-001";
    pub const WRONG_PASSWORD: &str = "LOGIN-002";
    pub const WRONG_CODE: &str = "LOGIN-003";
    pub const NO_DEVICE: &str = "LOGIN-004";
    pub const THROTTLED: &str = "LOGIN-005";
    pub const USER_INACTIVE: &str = "LOGIN-006";
    pub const EXTERNAL_TOKEN: &str = "LOGIN-007";
    pub const UNLOCK_FAILED: &str = "LOGIN-008";
    pub const REGISTRATION_CLOSED: &str = "REGISTRATION-001";
    pub const RESET_NO_USER: &str = "PASSWORD-RESET-001";
    pub const RESET_FAILED: &str = "PASSWORD-RESET-002";
    pub const RESET_INVALID_URL: &str = "PASSWORD-RESET-003";
    pub const RESET_ERROR: &str = "PASSWORD-RESET-004";
    pub const WEAK_PASSWORD: &str = "PASSWORD-001";
    pub const EMAIL_EXISTS: &str = "ERROR_EMPLOYEE_022";
    pub const EMAIL_EXISTS_CHANGE: &str = "ERROR_EMPLOYEE_122";
    pub const STORAGE_FULL: &str = "size-100";
    pub const FILE_TOO_LARGE: &str = "FILE-001";
    pub const FILE_NAME_INVALID: &str = "FILE-002";
    pub const FILE_EXISTS: &str = "FILE-003";
    pub const FILE_EMPTY: &str = "FILE-004";
    pub const FILE_TYPE: &str = "FILE-005";
    pub const FILESIZE: &str = "FILESIZE";
    pub const CONFLICT: &str = "CONFLICT-000";
}

/// The error list travels from the handler to the `envelope` middleware in an extension.
#[derive(Clone)]
struct FailedCall(Vec<ErrorItem>);

/// What the client is told of a failure of the server: no internals.
fn server_fault_item() -> ErrorItem {
    ErrorItem { code: codes::INTERNAL.into(), data: Value::Null, details: "Error interno del servidor".into() }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let items = match self {
            ApiError::Client(items) => items,
            ApiError::Internal(err) => {
                tracing::error!(error = ?err, "internal error");
                vec![server_fault_item()]
            }
        };
        let mut response = Response::new(axum::body::Body::empty());
        response.extensions_mut().insert(FailedCall(items));
        response
    }
}

/// Renders failed calls in the envelope, with the shape the request's method calls for.
pub async fn envelope(request: Request, next: Next) -> Response {
    let is_write = request.method() == Method::POST;
    let mut response = next.run(request).await;
    if let Some(FailedCall(items)) = response.extensions_mut().remove::<FailedCall>() {
        if let Some(first) = items.first() {
            metrics::counter!("volante_api_errors_total", "code" => first.code.clone()).increment(1);
        }
        let error = if is_write { json!(items) } else { json!(items.into_iter().next()) };
        let mut answer = axum::Json(json!({ "success": false, "error": error })).into_response();
        // The handler's own headers stay (a storefront's cross-origin permission), its body's go.
        for (name, value) in response.headers() {
            if name != axum::http::header::CONTENT_TYPE && name != axum::http::header::CONTENT_LENGTH {
                answer.headers_mut().insert(name.clone(), value.clone());
            }
        }
        return answer;
    }
    response
}

/// A successful answer: `{"success": true, "data": …}`.
pub struct Data<T>(pub T);

impl<T: Serialize> IntoResponse for Data<T> {
    fn into_response(self) -> Response {
        axum::Json(json!({ "success": true, "data": self.0 })).into_response()
    }
}

pub type ApiJson = ApiResult<Data<Value>>;

pub fn ok<T: Serialize>(value: T) -> ApiJson {
    Ok(Data(serde_json::to_value(value).map_err(anyhow::Error::from)?))
}

/// A JSON body, rejected with the catalogue's codes instead of axum's plain-text answers.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(Body(value)),
            Err(rejection) => Err(json_rejection(rejection)),
        }
    }
}

fn json_rejection(rejection: JsonRejection) -> ApiError {
    match rejection {
        JsonRejection::JsonDataError(err) => {
            // serde's message names the field and the expected type.
            ApiError::new(codes::INVALID_FIELD, format!("Datos no válidos: {}", err.body_text()))
        }
        JsonRejection::JsonSyntaxError(err) => {
            ApiError::new(codes::BODY_MALFORMED, format!("JSON mal formado: {}", err.body_text()))
        }
        JsonRejection::MissingJsonContentType(_) => {
            ApiError::new(codes::BODY_MALFORMED, "El cuerpo debe ser JSON (Content-Type: application/json)")
        }
        JsonRejection::BytesRejection(err) if err.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE => {
            ApiError::new(codes::BODY_TOO_LARGE, "La petición es demasiado grande")
        }
        other => ApiError::new(codes::BODY_MALFORMED, other.body_text()),
    }
}

/// Query parameters, rejected with `REQ-104` and the reason.
pub struct Params<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Params<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(Params(value)),
            Err(QueryRejection::FailedToDeserializeQueryString(err)) => {
                Err(ApiError::new(codes::QUERY_INVALID, format!("Parámetros no válidos: {}", err.body_text())))
            }
            Err(other) => Err(ApiError::new(codes::QUERY_INVALID, other.body_text())),
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(err: sqlx::Error) -> ApiError {
        ApiError::Internal(anyhow::Error::new(err))
    }
}
