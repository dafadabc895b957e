//! Logs (tracing) and metrics (Prometheus).

use std::sync::OnceLock;

use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use tracing_subscriber::EnvFilter;

use crate::config::Config;

pub fn init_logging(config: &Config) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(&config.log));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    let _ = if config.log_format == "json" { builder.json().try_init() } else { builder.try_init() };
}

/// The process-wide Prometheus recorder (installed once, shared by every app in the process).
pub fn metrics_handle() -> PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let recorder = PrometheusBuilder::new()
                .set_buckets(&[0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0])
                .expect("static buckets")
                .build_recorder();
            let handle = recorder.handle();
            // Another recorder may exist in tests; then this handle still renders its own registry.
            let _ = metrics::set_global_recorder(recorder);
            handle
        })
        .clone()
}
