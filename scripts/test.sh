#!/usr/bin/env bash
# The whole test suite: Rust unit and integration tests on SQLite and on a throwaway PostgreSQL
# cluster (started here, as a non-root user), then the UI's unit and end-to-end tests.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
scripts/setup.sh

echo "== build"
scripts/build-plugins.sh
cargo build -q -p volante-host -p volante-registry -p volante-plugin-harness --all-targets

echo "== plugin SDK and plugins' unit tests (guest crates, Debian's compiler, native)"
CARGO_TARGET_DIR="$HOME/.cache/volante/wasm-target" RUSTC=/usr/bin/rustc /usr/bin/cargo test -q -p volante-plugin-sdk -p billing -p clock -p fleet -p employees -p courses -p dgt -p practices -p agenda -p products -p notes -p temary -p agreements -p chat -p alarms -p consulting -p valkiria -p guided -p web -p rooms -p formative -p contacts --lib

echo "== Rust tests on SQLite"
cargo test -q -p volante-host -p volante-registry -p volante-checks -p volante-plugin-harness -- --test-threads=4

echo "== Rust integration tests on PostgreSQL"
source scripts/pg.sh
pg_start
trap pg_stop EXIT
VOLANTE_TEST_DATABASE_URL="$PG_URL" cargo test -q -p volante-host --test api -- --test-threads=4
VOLANTE_TEST_DATABASE_URL="$PG_URL" cargo test -q -p volante-plugin-harness --tests

if [ -f package.json ]; then
  echo "== UI unit tests"
  npm test --silent
  echo "== UI build"
  npm run -s build -w shell-ui
  echo "== UI end-to-end tests (Chromium)"
  npm run -s e2e -w shell-ui
fi
echo "== all tests passed"
