#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests: `bash scripts/pg-cluster.sh CMD…` runs CMD with
# PERFCONTEXT_TEST_PG=postgres://…@127.0.0.1:PORT/postgres pointing at a fresh cluster (initdb in a temporary
# folder, a free port, trust auth on 127.0.0.1 only), then stops and deletes the cluster, whatever CMD's outcome.
# With no PostgreSQL installed it says so and runs CMD without the variable (the SQLite half only).
# PostgreSQL refuses to run as root: as root the cluster belongs to the `postgres` user Debian's package creates.
# `bash scripts/pg-cluster.sh` alone starts a cluster and waits (Ctrl-C stops it): for trying things by hand.
set -euo pipefail

bindir=""
for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && bindir="$d"; done
if [ -z "$bindir" ] && command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
  bindir="$(dirname "$(readlink -f "$(command -v pg_ctl)")")"
fi
if [ -z "$bindir" ]; then
  if [ -n "${PERFCONTEXT_REQUIRE_PG:-}" ]; then
    echo "no PostgreSQL here, and PERFCONTEXT_REQUIRE_PG is set (.ci/run installs it): apt-get install -y postgresql" >&2
    exit 1
  fi
  echo "no PostgreSQL here: skipping the PostgreSQL half" >&2
  unset PERFCONTEXT_TEST_PG
  if [ $# -gt 0 ]; then exec "$@"; fi
  exit 0
fi

as=()
owner="$(id -un)"
if [ "$(id -u)" = "0" ]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "PostgreSQL cannot run as root and there is no 'postgres' user to run it as" >&2
    exit 1
  fi
  as=(runuser -u postgres --)
  owner=postgres
fi

dir="$(mktemp -d "${TMPDIR:-/tmp}/perfcontext-pg.XXXXXX")"
chown "$owner" "$dir"
chmod 700 "$dir"

stop() {
  "${as[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 130' INT TERM

# a free port: the kernel's pick for a throwaway socket
port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"

"${as[@]}" "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 \
  --no-sync >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
# a test cluster: no durability, loopback only, the socket in the temporary folder (not /var/run/postgresql)
"${as[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }

export PERFCONTEXT_TEST_PG="postgres://postgres@127.0.0.1:$port/postgres"
echo "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') test cluster: $PERFCONTEXT_TEST_PG" >&2
if [ $# -gt 0 ]; then
  "$@"
else
  echo "Ctrl-C stops and deletes it" >&2
  while sleep 3600; do :; done
fi
