//! Integration tests: the real host on port 0 against a fresh database per test (SQLite, or
//! PostgreSQL when `VOLANTE_TEST_DATABASE_URL` names a server), with real mail peers.

mod helpers;

mod auth;
mod business;
mod calls;
mod external;
mod finder;
mod filesystem;
mod isolation;
mod mail;
mod notifications;
mod plugins;
mod roles;
mod servers;
mod web;
