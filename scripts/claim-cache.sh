# The cargo target folders under $HOME/.cache/volante are shared by every checkout, and cargo
# decides what to rebuild by file times: after another checkout built there, this checkout's
# older sources look up to date and the other checkout's artifacts would be used (a stale
# binary or component, with no error). When the last build in a folder came from another
# checkout, mark this checkout's Rust sources as changed.
volante_claim_cache() {
  local dir="$1" stamp="$1/.volante-checkout" root
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  mkdir -p "$dir"
  if [ "$(cat "$stamp" 2>/dev/null)" != "$root" ]; then
    (cd "$root" && find host registry plugin-sdk plugins bench -name node_modules -prune -o \
      \( -name '*.rs' -o -name '*.wit' -o -name 'Cargo.toml' \) -type f -exec touch {} +)
    echo "$root" > "$stamp"
  fi
}
