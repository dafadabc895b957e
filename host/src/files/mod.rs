//! The document manager (`filesystem/*`), image uploads (`image/upload`) and the provider's
//! storage plans (`business/filesystem/plan*`, `filesystem/status`). See `README.md` here for
//! the storage layout, the quota rule and the error codes.

pub mod api;
pub mod folders;
pub mod image;
pub mod names;
pub mod pdf;
pub mod plan;
pub mod repo;
pub mod stamp;
pub mod storage;
pub mod upload;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;

use crate::state::AppState;
pub use storage::{new_handle, object_key, ObjectWriter, Storage};

pub fn router() -> Router<AppState> {
    // Multipart calls lift the API's JSON body limit: they count bytes themselves against
    // `storage.max_upload_bytes` and the quota while streaming.
    let unlimited = || DefaultBodyLimit::disable();
    Router::new()
        .route("/filesystem/data", get(api::data))
        .route("/filesystem/search", get(api::search))
        .route("/filesystem/configure", get(api::configure))
        .route("/filesystem/status", get(plan::status))
        .route("/filesystem/file/upload", post(api::upload).layer(unlimited()))
        .route("/filesystem/file/rename", post(api::file_rename))
        .route("/filesystem/file/delete", post(api::file_delete))
        .route("/filesystem/file/move", post(api::file_move))
        .route("/filesystem/file/read", get(api::file_read))
        .route("/filesystem/file/read/{name}", get(api::file_read_named))
        .route("/filesystem/file/pdf/extract/images", post(pdf::extract).layer(unlimited()))
        .route("/filesystem/folder/create", post(folders::create))
        .route("/filesystem/folder/rename", post(folders::rename))
        .route("/filesystem/folder/move", post(folders::move_folder))
        .route("/filesystem/folder/delete", post(folders::delete))
        .route("/filesystem/folder/read", get(folders::read))
        .route("/filesystem/layout/fill", post(pdf::layout_fill))
        .route("/image/upload", post(image::upload).layer(unlimited()))
        .route("/business/filesystem/plan", get(plan::read))
        .route("/business/filesystem/plan/update", post(plan::update))
}
