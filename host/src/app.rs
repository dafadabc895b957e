//! Building and running the server: state, routes, middleware, graceful shutdown.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use anyhow::Context;
use axum::extract::{DefaultBodyLimit, MatchedPath, Request, State};
use axum::handler::Handler;
use axum::http::{HeaderName, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde_json::json;
use tokio::net::TcpListener;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::trace::TraceLayer;

use crate::config::Config;
use crate::db::Db;
use crate::error::{envelope, ApiError};
use crate::files::Storage;
use crate::mail::Mailer;
use crate::state::{AppState, Inner};

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

pub struct Application {
    listener: TcpListener,
    router: Router,
    pub state: AppState,
}

impl Application {
    /// Connect, migrate, and bind (port 0 picks a free port; `port()` tells which).
    pub async fn build(config: Config) -> anyhow::Result<Application> {
        crate::telemetry::metrics_handle();
        let db = Db::connect(&config.effective_database_url()).await?;
        db.migrate().await?;
        let plugins = crate::plugins::Plugins::new(&config, &db).await?;
        plugins.load_all(&db).await?;
        let state = AppState::new(Inner {
            plugins,
            mail: Mailer::from_config(&config)?,
            storage: Storage::from_config(&config)?,
            http: reqwest::Client::builder().user_agent("volante").build()?,
            google_keys: Default::default(),
            realtime: Default::default(),
            server: Default::default(),
            db,
            config,
        });
        if state.db.engine == crate::db::Engine::Postgres {
            state.realtime.listen(state.config.effective_database_url());
        }
        let listener = TcpListener::bind(state.config.listen)
            .await
            .with_context(|| format!("Failed to bind {}", state.config.listen))?;
        let router = router(state.clone());
        Ok(Application { listener, router, state })
    }

    pub fn port(&self) -> u16 {
        self.listener.local_addr().map(|a| a.port()).unwrap_or(0)
    }

    /// Serve until `shutdown` resolves; in-flight requests finish first.
    pub async fn run_until(self, shutdown: impl std::future::Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
        // Registered before serving: the first requests meet no start-up write.
        let beat = crate::servers::start(&self.state, self.port()).await?;
        let state = self.state.clone();
        let janitor = tokio::spawn(async move {
            // Not at once: on SQLite a write at start-up can meet the first requests' transactions
            // (a deferred transaction that read before the prune committed cannot then write).
            let hour = Duration::from_secs(3600);
            let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + Duration::from_secs(60), hour);
            loop {
                tick.tick().await;
                if let Err(err) = crate::auth::throttle::prune(&state.db).await {
                    tracing::warn!(error = ?err, "pruning sign-in failures failed");
                }
                if let Err(err) = crate::mail::queue::prune(&state).await {
                    tracing::warn!(error = ?err, "pruning the mail delivery log failed");
                }
                if let Err(err) = crate::plugins::attempts::prune(&state).await {
                    tracing::warn!(error = ?err, "pruning plugins' failed attempts failed");
                }
                if let Err(err) = crate::servers::prune(&state).await {
                    tracing::warn!(error = ?err, "pruning the servers' connection samples failed");
                }
            }
        });
        let timers = crate::plugins::timers::spawn(self.state.clone());
        let mail_queue = crate::mail::queue::spawn(self.state.clone());
        // Realtime streams never end by themselves: they are closed as shutdown begins, so the
        // graceful shutdown's wait for open requests ends.
        let realtime = self.state.realtime.clone();
        let shutdown = async move {
            shutdown.await;
            realtime.close();
        };
        let result = axum::serve(self.listener, self.router.into_make_service_with_connect_info::<SocketAddr>())
            .with_graceful_shutdown(shutdown)
            .await;
        janitor.abort();
        timers.abort();
        mail_queue.abort();
        beat.abort();
        crate::servers::stopped(&self.state).await;
        self.state.db.pool.close().await;
        result.context("Server error")
    }

    pub async fn run(self) -> anyhow::Result<()> {
        self.run_until(shutdown_signal()).await
    }
}

/// A background task that calls `poll` every `every` (at least 50 ms) until it is aborted, and
/// again at once while a poll reports a full batch (`batch` or more found: more may be waiting).
/// `what` names the work in the warning logged when a poll fails.
pub(crate) fn spawn_poller<F, Fut>(every: Duration, batch: usize, what: &'static str, poll: F) -> tokio::task::JoinHandle<()>
where
    F: Fn() -> Fut + Send + 'static,
    Fut: std::future::Future<Output = anyhow::Result<usize>> + Send,
{
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(every.max(Duration::from_millis(50)));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            loop {
                match poll().await {
                    Ok(found) if found >= batch => continue,
                    Ok(_) => break,
                    Err(err) => {
                        tracing::warn!(error = %err, "{what} could not be read");
                        break;
                    }
                }
            }
        }
    })
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut sig) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            sig.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = terminate => {} }
    tracing::info!("shutting down");
}

pub fn router(state: AppState) -> Router {
    let api = Router::new()
        .merge(crate::auth::router())
        .merge(crate::business::router())
        .merge(crate::users::router())
        .merge(crate::files::router())
        .merge(crate::plugins::router())
        .merge(crate::plugins::copies::router())
        .merge(crate::realtime::router())
        .merge(crate::notifications::router())
        .merge(crate::servers::router())
        .merge(crate::finder::router())
        .merge(crate::session_report::router())
        .merge(crate::mail::layout::router())
        .merge(crate::mail::queue::router())
        .route("/openapi.json", get(crate::openapi::document));
    #[cfg(feature = "bench-native")]
    let api = api.merge(crate::bench_native::router());
    let api = api
        .route_layer(middleware::from_fn(track_metrics))
        // The plugins' calls read their bodies themselves, within `max_body_bytes` or, on an
        // upload route, `storage.max_upload_bytes` (`plugins::api::dispatch`).
        .fallback(crate::plugins::dispatch.layer(DefaultBodyLimit::disable()))
        .layer(middleware::from_fn(envelope))
        .layer(DefaultBodyLimit::max(state.config.max_body_bytes));

    let mut app = Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics_endpoint))
        .nest("/api", api)
        .nest_service("/plugins", ServeDir::new(state.plugins.ui_dir()));
    if let Some(dir) = &state.config.ui_dir {
        // Deep links fall back to the shell's index.html (the SPA routes them).
        let index = dir.join("index.html");
        app = app.fallback_service(ServeDir::new(dir).fallback(ServeFile::new(index)));
    }
    app.layer(CatchPanicLayer::custom(|_| {
            tracing::error!("handler panicked");
            ApiError::Internal(anyhow::anyhow!("handler panicked")).into_response()
        }))
        .layer(
            TraceLayer::new_for_http().make_span_with(|request: &Request| {
                let request_id = request.headers().get(REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or("");
                tracing::info_span!("request", method = %request.method(), path = %request.uri().path(), request_id,
                    user_id = tracing::field::Empty, business_id = tracing::field::Empty, plugin = tracing::field::Empty)
            }),
        )
        .layer(PropagateRequestIdLayer::new(REQUEST_ID))
        .layer(SetRequestIdLayer::new(REQUEST_ID, MakeRequestUuid))
        .with_state(state)
}

async fn healthz(State(state): State<AppState>) -> Response {
    match sqlx::query("SELECT 1").execute(&state.db.pool).await {
        Ok(_) => axum::Json(json!({ "status": "ok" })).into_response(),
        Err(err) => {
            tracing::error!(error = ?err, "health check failed");
            (StatusCode::SERVICE_UNAVAILABLE, axum::Json(json!({ "status": "unavailable" }))).into_response()
        }
    }
}

async fn metrics_endpoint() -> String {
    crate::telemetry::metrics_handle().render()
}

async fn track_metrics(request: Request, next: Next) -> Response {
    let start = Instant::now();
    let path = request
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_string())
        .unwrap_or_else(|| "unmatched".into());
    let method = request.method().to_string();
    let response = next.run(request).await;
    let labels = [("method", method), ("path", path), ("status", response.status().as_u16().to_string())];
    metrics::counter!("volante_http_requests_total", &labels).increment(1);
    metrics::histogram!("volante_http_request_duration_seconds", &labels).record(start.elapsed().as_secs_f64());
    response
}
