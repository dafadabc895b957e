#!/usr/bin/env bash
# Build the bundled plugins (component, schemas and UI), pack and sign them with a local
# development key, and publish them into a local registry folder:
#   $HOME/.cache/volante/registry          the registry (index.json + packages)
#   $HOME/.cache/volante/dev-signing.pub   the key the host must trust
# Used by scripts/run.sh and the UI's end-to-end tests: the demo installs from that registry.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
plugins=("$@")
[ ${#plugins[@]} -gt 0 ] || plugins=(contacts billing clock fleet employees courses dgt practices agenda products notes temary agreements chat alarms consulting valkiria guided web rooms formative)
cache="$HOME/.cache/volante"
registry_bin="$CARGO_TARGET_DIR/debug/volante-registry"
[ -x "$registry_bin" ] || cargo build -q -p volante-registry
if [ ! -f "$cache/dev-signing.key" ] || [ ! -f "$cache/dev-signing.pub" ]; then
  "$registry_bin" keygen --out "$cache/dev-signing.key" > "$cache/dev-signing.pub"
fi
mkdir -p "$cache/registry"
for plugin in "${plugins[@]}"; do
  "$registry_bin" build "plugins/$plugin" >/dev/null
  # The package carries the plugin's screens (ui/dist): build them from the current source.
  if [ -f "plugins/$plugin/ui/package.json" ] && [ -d node_modules ]; then
    (cd "plugins/$plugin/ui" && npx vite build --logLevel error >/dev/null)
  fi
  "$registry_bin" pack --key "$cache/dev-signing.key" --out "$cache/$plugin.vplugin" "plugins/$plugin" >/dev/null
  "$registry_bin" publish --force --registry "$cache/registry" "$cache/$plugin.vplugin" >/dev/null
done
