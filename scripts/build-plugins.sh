#!/usr/bin/env bash
# Build the plugins' WebAssembly components into $HOME/.cache/volante/plugins/<id>.wasm, with
# their JSON Schemas beside them (<id>.schemas.json, for the manifest's [schemas]).
#
#   scripts/build-plugins.sh                # contacts, billing, clock, fleet, employees, courses, dgt, practices, agenda, products, notes, temary, agreements, chat, alarms, consulting, valkiria, guided, web, rooms, formative, hostile and legacy
#   scripts/build-plugins.sh contacts       # only these
#   VOLANTE_SKIP_SCHEMAS=1 scripts/build-plugins.sh   # components only
#
# Toolchain (docs/plugins.md, shared/design/wasm-toolchain.md): a rustup wasm32-unknown-unknown
# target when one is installed, else Debian's rustc-web with the standard library built from
# source. Guests use their own target directory and never the host's. Idempotent: when nothing
# changed, cargo does nothing and the outputs are left untouched.
set -euo pipefail
cd "$(dirname "$0")/.."

plugins=("$@")
[ ${#plugins[@]} -gt 0 ] || plugins=(contacts billing clock fleet employees courses dgt practices agenda products notes temary agreements chat alarms consulting valkiria guided web rooms formative hostile legacy)
out_dir="$HOME/.cache/volante/plugins"
mkdir -p "$out_dir"

if command -v rustup >/dev/null 2>&1 && rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  # A rustup wasm target: the component linker ships with the toolchain.
  export CARGO_TARGET_DIR="$HOME/.cache/volante/wasm-target-rustup"
  sysroot=$(rustc --print sysroot)
  linker="$sysroot/lib/rustlib/x86_64-unknown-linux-gnu/bin/wasm-component-ld"
  [ -x "$linker" ] || linker=/usr/lib/rustlib/x86_64-unknown-linux-gnu/bin/wasm-component-ld
  cargo=(cargo)
  build_std=()
else
  for need in /usr/bin/cargo /usr/bin/rustc /usr/lib/llvm-19/bin/wasm-ld /usr/lib/rustlib/x86_64-unknown-linux-gnu/bin/wasm-component-ld; do
    if [ ! -x "$need" ]; then
      echo "build-plugins: $need is missing; run scripts/setup.sh (Debian: rustc-web cargo-web rust-web-src lld-19)" >&2
      exit 1
    fi
  done
  export CARGO_TARGET_DIR="$HOME/.cache/volante/wasm-target"
  export RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1
  linker=/usr/lib/rustlib/x86_64-unknown-linux-gnu/bin/wasm-component-ld
  cargo=(/usr/bin/cargo)
  build_std=(-Zbuild-std=std,panic_abort)
fi
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="$linker"
# Shared by every checkout: rebuild this one's crates if another checkout built last.
source scripts/claim-cache.sh
volante_claim_cache "$CARGO_TARGET_DIR"
if [ -x /usr/lib/llvm-19/bin/wasm-ld ]; then
  export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-Clink-arg=--wasm-ld-path=/usr/lib/llvm-19/bin/wasm-ld"
fi

packages=()
for id in "${plugins[@]}"; do
  [ -f "plugins/$id/Cargo.toml" ] || { echo "build-plugins: no plugin plugins/$id" >&2; exit 1; }
  packages+=(-p "$id")
done

"${cargo[@]}" build -q --profile guest --target wasm32-unknown-unknown "${build_std[@]}" --lib "${packages[@]}"

for id in "${plugins[@]}"; do
  crate=$(sed -n 's/^name *= *"\(.*\)"/\1/p' "plugins/$id/Cargo.toml" | head -1 | tr - _)
  built="$CARGO_TARGET_DIR/wasm32-unknown-unknown/guest/$crate.wasm"
  if ! cmp -s "$built" "$out_dir/$id.wasm"; then
    cp "$built" "$out_dir/$id.wasm.tmp" && mv "$out_dir/$id.wasm.tmp" "$out_dir/$id.wasm"
  fi
  if [ -z "${VOLANTE_SKIP_SCHEMAS:-}" ] && [ -f "plugins/$id/examples/schemas.rs" ]; then
    # The schemas come from the plugin's Rust types, run natively (no wasm target needed).
    stamp="$out_dir/$id.schemas.stamp"
    current=$(sha256sum "$built" | cut -d' ' -f1)
    if [ ! -f "$out_dir/$id.schemas.json" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$current" ]; then
      unset CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS
      "${cargo[@]}" run -q --release -p "$crate" --example schemas -- "$out_dir/$id.schemas.json.tmp"
      mv "$out_dir/$id.schemas.json.tmp" "$out_dir/$id.schemas.json"
      echo "$current" > "$stamp"
    fi
  fi
  echo "$out_dir/$id.wasm ($(stat -c %s "$out_dir/$id.wasm") bytes)"
done
