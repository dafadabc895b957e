# Shared settings of the scripts: the build cache lives outside the clone so fresh clones reuse it.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/volante/target}"
export VOLANTE_BIN="$CARGO_TARGET_DIR/debug/volante"
mkdir -p "$CARGO_TARGET_DIR"

source "$(dirname "${BASH_SOURCE[0]}")/claim-cache.sh"
volante_claim_cache "$CARGO_TARGET_DIR"
