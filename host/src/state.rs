//! Shared application state, cloned cheaply into every handler.

use std::ops::Deref;
use std::sync::Arc;

use crate::config::Config;
use crate::db::Db;
use crate::files::Storage;
use crate::mail::Mailer;

#[derive(Clone)]
pub struct AppState(Arc<Inner>);

pub struct Inner {
    pub config: Config,
    pub db: Db,
    pub mail: Mailer,
    pub storage: Storage,
    /// Outgoing HTTP (identity providers' keys and token checks).
    pub http: reqwest::Client,
    pub google_keys: crate::auth::external::KeyCache,
    pub plugins: crate::plugins::Plugins,
    /// The browsers' realtime streams and the pushes to them.
    pub realtime: Arc<crate::realtime::Realtime>,
    /// This host as one of the provider's servers.
    pub server: crate::servers::ThisServer,
}

impl AppState {
    pub fn new(inner: Inner) -> AppState {
        AppState(Arc::new(inner))
    }
}

impl Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}
