#!/usr/bin/env bash
# `npm test` after lint and types, inside scripts/pg-cluster.sh: the unit and integration tests (the db/ and app/api
# suites run on every store db/test-stores.ts lists: SQLite, and PostgreSQL when PERFCONTEXT_TEST_PG is set), then
# the end-to-end journeys on SQLite and, with a cluster, again on PostgreSQL (the same data prepared by
# e2e/serve.sh, the server started with DATABASE_URL).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${PERFCONTEXT_TEST_PG:-}" ]; then
  echo "unit and integration tests: SQLite and PostgreSQL" >&2
else
  echo "unit and integration tests: SQLite" >&2
fi
npm run test:unit
npx next build
echo "end-to-end journeys on SQLite" >&2
npx playwright test
if [ -n "${PERFCONTEXT_TEST_PG:-}" ]; then
  echo "end-to-end journeys on PostgreSQL" >&2
  E2E_DATABASE_URL="$(node -e 'const u=new URL(process.argv[1]);u.pathname="/perfcontext_e2e";console.log(u.toString())' "$PERFCONTEXT_TEST_PG")" \
    npx playwright test
  echo "two app instances on one PostgreSQL database while importing" >&2
  npx tsx bench/instances.ts 5
fi
