#!/usr/bin/env bash
# Installs what Volante needs on a Debian machine with Rust and Node, idempotently and quietly:
# Debian packages (Chromium for UI tests, PostgreSQL server binaries, the wasm toolchain, poppler's pdftotext),
# Python's aiosmtpd (the SMTP peer of the tests), and the npm workspace.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
[ -x /usr/lib/postgresql/15/bin/postgres ] || need_apt+=(postgresql-15)
[ -x /usr/lib/llvm-19/bin/wasm-ld ] || need_apt+=(lld-19)
[ -x /usr/bin/rustc ] || need_apt+=(rustc-web cargo-web rust-web-src)
# pdftotext: the billing journeys and harness tests read the invoice PDFs back.
[ -x /usr/bin/pdftotext ] || need_apt+=(poppler-utils)
# unzip: the clock plugin's tests check its Excel workbooks with `unzip -t`.
[ -x /usr/bin/unzip ] || need_apt+=(unzip)
if [ ${#need_apt[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "Installing Debian packages: ${need_apt[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

if ! python3 -c "import aiosmtpd" 2>/dev/null; then
  echo "Installing aiosmtpd"
  python3 -m pip install -q --disable-pip-version-check aiosmtpd 2>&1 | grep -v "WARNING: Running pip as" || true
fi

# An S3-compatible object store on loopback for the storage tests (moto's server).
if ! python3 -c "import moto.server, flask" 2>/dev/null; then
  echo "Installing moto (S3 test server)"
  python3 -m pip install -q --disable-pip-version-check 'moto[server]' 2>&1 | grep -v "WARNING: Running pip as" || true
fi

if [ -f package-lock.json ]; then
  stamp=node_modules/.volante-lock-stamp
  if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
    echo "Installing npm packages"
    npm ci --no-audit --no-fund --loglevel=error
    cp package-lock.json "$stamp"
  fi
fi
