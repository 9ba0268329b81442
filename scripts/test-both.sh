#!/usr/bin/env bash
# `npm test` after lint and types, inside scripts/pg-cluster.sh: the unit and integration tests (the db/ and app/api
# suites run on every store db/test-stores.ts lists: SQLite, and PostgreSQL when PERFCONTEXT_TEST_PG is set), then
# the end-to-end journeys on SQLite and, with a cluster, on PostgreSQL (the same data prepared by e2e/serve.sh, the
# server started with DATABASE_URL), then two app instances on one PostgreSQL database.
#
# CI has 2 cores and a 15-minute budget for this, so the slow parts overlap and the PostgreSQL journeys are the
# ones PostgreSQL changes:
#   1. the unit tests run while `next build` builds, on vitest's default worker count, one on 2 cores (CPUs - 1):
#      4 workers made the crash test overrun its 180 s, and 2 took it from 40 s to 130 s beside other work (measured
#      2026-12-02);
#   2. the journeys that WRITE through the served app (PG_SPECS: snapshots, uploads, campaigns, reproductions, the
#      change log, plans and overviews frozen, the v1 API) run on PostgreSQL (two workers: 82 s against 138 s with
#      one, 77 and 85 CPU-s, measured alone at load 12-14) as soon as the build is done, beside the rest of the unit
#      tests, whose files spend much of their time waiting on child processes, timers and the cluster; every journey
#      runs on SQLite (two workers) as soon as either of those two ends (usually the PostgreSQL journeys, while the
#      unit tests' last files still run). Each run has its own port,
#      database and output folder. What the other journeys read, every store answers alike:
#      db/queries/stores.test.ts and the app/api suites compare the reads on both stores. Running all 99 journeys
#      twice on two cores took ~15 minutes on its own (measured 2026-12-02).
# Every part runs to its end; the script fails if any part failed, after printing each part's exit status.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
# the journeys that write through the served app: the PostgreSQL run
PG_SPECS="share campaign reproduce changes curves overview api-v1 upload-limits endpoints-client"

status=0
note() { echo "== $* ==" >&2; }
check() { # name rc
  if [ "$2" -ne 0 ]; then
    echo "FAILED: $1 (exit $2)" >&2
    status=1
  else
    echo "passed: $1" >&2
  fi
}

pg_specs=()
pg_url=""
if [ -n "${PERFCONTEXT_TEST_PG:-}" ]; then
  for name in $PG_SPECS; do
    if [ ! -f "e2e/$name.spec.ts" ]; then
      echo "scripts/test-both.sh: PG_SPECS names e2e/$name.spec.ts, which does not exist" >&2
      exit 1
    fi
    pg_specs+=("e2e/$name.spec.ts")
  done
  pg_url="$(node -e 'const u=new URL(process.argv[1]);u.pathname="/perfcontext_e2e";console.log(u.toString())' "$PERFCONTEXT_TEST_PG")"
  note "unit and integration tests (SQLite and PostgreSQL), while next build runs; then the PostgreSQL journeys"
else
  note "unit and integration tests (SQLite), while next build runs"
fi
npx next build >.tmp/next-build.log 2>&1 &
build=$!
npm run test:unit &
unit=$!
wait "$build"
built=$?
[ "$built" -ne 0 ] && tail -40 .tmp/next-build.log >&2
pgrun=""
if [ "$built" -eq 0 ] && [ -n "$pg_url" ]; then
  note "end-to-end journeys on PostgreSQL (${#pg_specs[@]} spec files), beside the rest of the unit tests"
  E2E_PORT=3101 E2E_DB=.tmp/e2e-pg/e2e.db E2E_DATABASE_URL="$pg_url" \
    npx playwright test --workers=2 --output=test-results-pg "${pg_specs[@]}" 2>&1 | sed -u 's/^/[postgres] /' &
  pgrun=$!
fi
if [ "$built" -ne 0 ]; then
  wait "$unit"
  check "unit and integration tests" $?
  check "next build" "$built"
  exit 1
fi
check "next build" "$built"

if [ -n "$pgrun" ]; then
  # the SQLite journeys start when the unit tests or the PostgreSQL journeys end, whichever is first (two heavy parts
  # at a time): the PostgreSQL journeys end minutes before the unit tests, whose last files run on one vitest worker
  # (2 cores - 1) and wait on child processes, timers and the cluster, and the second core sat idle until then
  while kill -0 "$unit" 2>/dev/null && kill -0 "$pgrun" 2>/dev/null; do sleep 1; done
  note "end-to-end journeys on SQLite (beside the unit tests or the PostgreSQL journeys, whichever is still running)"
  E2E_PORT=3100 npx playwright test 2>&1 | sed -u 's/^/[sqlite] /'
  check "end-to-end journeys on SQLite" "${PIPESTATUS[0]}"
  wait "$unit"
  check "unit and integration tests" $?
  wait "$pgrun"
  check "end-to-end journeys on PostgreSQL" $?
  note "two app instances on one PostgreSQL database while importing"
  npx tsx bench/instances.ts 5
  check "two instances" $?
else
  wait "$unit"
  check "unit and integration tests" $?
  note "end-to-end journeys on SQLite"
  npx playwright test
  check "end-to-end journeys on SQLite" $?
fi
exit "$status"
