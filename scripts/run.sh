#!/usr/bin/env bash
# Install what is missing, build, and run Volante on its embedded default (SQLite in ./data) with
# the demo provider and driving school. Prints the URL and the demo credentials.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
scripts/setup.sh
cargo build -q -p volante-host -p volante-registry
# The bundled plugins, signed with a local development key, in a local registry the demo
# installs from (the host trusts only that key).
scripts/pack-plugins.sh
cache="$HOME/.cache/volante"
export VOLANTE_PLUGINS__REGISTRY_DIR="$cache/registry"
export VOLANTE_PLUGINS__TRUSTED_KEYS="[\"$(tr -d '[:space:]' < "$cache/dev-signing.pub")\"]"
if [ -f shell-ui/package.json ]; then
  npm run -s build -w shell-ui >/dev/null
  export VOLANTE_UI_DIR="${VOLANTE_UI_DIR:-$PWD/shell-ui/dist}"
fi
export VOLANTE_DATA_DIR="${VOLANTE_DATA_DIR:-$PWD/data}"
export VOLANTE_LISTEN="${VOLANTE_LISTEN:-127.0.0.1:8080}"
export VOLANTE_PUBLIC_URL="${VOLANTE_PUBLIC_URL:-http://$VOLANTE_LISTEN}"
exec "$VOLANTE_BIN" demo
