# A throwaway PostgreSQL 15 cluster for tests: initdb into a temp dir owned by a non-root user,
# listening on a free loopback port. `pg_start` sets PG_URL; `pg_stop` removes everything.
PG_BIN=/usr/lib/postgresql/15/bin

pg_start() {
  PG_DIR=$(mktemp -d /tmp/volante-pg.XXXXXX)
  PG_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  PG_RUN=()
  if [ "$(id -u)" -eq 0 ]; then
    # PostgreSQL refuses to run as root: use the postgres system user (or nobody).
    local user=postgres; id postgres >/dev/null 2>&1 || user=nobody
    chown "$user" "$PG_DIR"
    PG_RUN=(runuser -u "$user" --)
  fi
  "${PG_RUN[@]}" "$PG_BIN/initdb" -D "$PG_DIR/data" -U volante --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  "${PG_RUN[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w \
    -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300" start >/dev/null
  export PG_URL="postgres://volante@127.0.0.1:$PG_PORT/postgres"
}

pg_stop() {
  if [ -n "${PG_DIR:-}" ] && [ -d "$PG_DIR" ]; then
    "${PG_RUN[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
  fi
}
