//! Volante's host: the axum server every module stands on.

pub mod app;
pub mod audit;
pub mod auth;
#[cfg(feature = "bench-native")]
pub mod bench_native;
pub mod business;
pub mod config;
pub mod db;
pub mod db_update;
pub mod demo;
pub mod error;
pub mod files;
pub mod finder;
pub mod mail;
pub mod notifications;
pub mod openapi;
pub mod permissions;
pub mod plugins;
pub mod realtime;
pub mod servers;
pub mod session_report;
pub mod state;
pub mod telemetry;
pub mod text;
pub mod users;
pub mod validate;
