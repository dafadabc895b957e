// The host's migrations are embedded by `sqlx::migrate!`, which cannot tell cargo to rebuild when
// a migration file is added; this does (as sqlx's documentation advises).
fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
