#!/usr/bin/env bash
# Compare two builds of the plugin path on this machine, whose speed drifts by tens of percent
# from minute to minute: runs the benchmark alternately with build A and build B, and prints
# each run's native median and paired median, then the median of each side's paired medians.
#
#   bench/plugin-overhead/alternate.sh A_BIN A_WASM B_BIN B_WASM [rounds=4] [contacts=1000] [requests=2000]
#
# A build is a benchmark binary (target/release/plugin-overhead, copied aside) with the
# contacts component it should install (BENCH_COMPONENT). Both must accept the `api` of
# plugins/contacts/plugin.toml. ALTERNATE_PG=1 runs each on a throwaway PostgreSQL cluster
# (scripts/pg.sh) instead of SQLite; ALTERNATE_CONCURRENCY=4 runs at another concurrency (1).
set -euo pipefail
[ $# -ge 4 ] || { sed -n '2,10p' "$0"; exit 2; }
a_bin=$1 a_wasm=$2 b_bin=$3 b_wasm=$4
rounds=${5:-4} contacts=${6:-1000} requests=${7:-2000}

run() {
  local out
  if [ -n "${ALTERNATE_PG:-}" ]; then
    # Each run on a throwaway PostgreSQL cluster of its own (a run's installed plugins point at
    # its own temporary data folder).
    source "$(dirname "$0")/../../scripts/pg.sh"
    pg_start >/dev/null
    out=$(VOLANTE_BENCH_DATABASE_URL=$PG_URL BENCH_COMPONENT=$2 BENCH_CONTACTS=$contacts BENCH_REQUESTS=$requests BENCH_CONCURRENCY=${ALTERNATE_CONCURRENCY:-1} "$1" 2>&1) || { pg_stop >/dev/null; echo "$out" >&2; exit 1; }
    pg_stop >/dev/null
  else
    out=$(BENCH_COMPONENT=$2 BENCH_CONTACTS=$contacts BENCH_REQUESTS=$requests BENCH_CONCURRENCY=${ALTERNATE_CONCURRENCY:-1} "$1" 2>&1) || { echo "$out" >&2; exit 1; }
  fi
  local native paired
  native=$(awk '/^native /{print $3}' <<<"$out")
  paired=$(sed -n 's/.*median of paired differences \(-\{0,1\}[0-9]*\) µs.*/\1/p' <<<"$out")
  echo "$native $paired"
}

declare -a pa pb
for ((i = 0; i < rounds; i++)); do
  # Which build goes first alternates, like the two sides inside a run.
  for side in $( ((i % 2 == 0)) && echo "A B" || echo "B A"); do
    if [ "$side" = A ]; then read -r native paired < <(run "$a_bin" "$a_wasm"); pa+=("$paired")
    else read -r native paired < <(run "$b_bin" "$b_wasm"); pb+=("$paired"); fi
    echo "round $((i + 1)) $side: native p50 ${native} µs, paired median ${paired} µs"
  done
done
median() { printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
echo "A: median of paired medians $(median "${pa[@]}") µs (${pa[*]})"
echo "B: median of paired medians $(median "${pb[@]}") µs (${pb[*]})"
