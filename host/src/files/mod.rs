//! The document manager (`filesystem/*`) and image uploads (`image/upload`).

mod storage;

use axum::Router;

use crate::state::AppState;
pub use storage::Storage;

pub fn router() -> Router<AppState> {
    Router::new()
}
