#!/usr/bin/env bash
# Builds a throwaway database (SQLite, or PostgreSQL with E2E_DATABASE_URL) through the real importer (the bundled official rounds, as `npm run setup` offline,
# + the shared real data when present),
# builds the app if needed and serves it for Playwright. Hermetic: never touches data/perfcontext.db.
set -euo pipefail
PORT="${1:-3100}"
cd "$(dirname "$0")/.."
export PERFCONTEXT_DB="${E2E_DB:-.tmp/e2e.db}"
# journeys upload and freeze many times a minute from one client
export PERFCONTEXT_RATE_LIMIT="${PERFCONTEXT_RATE_LIMIT:-2000}"
mkdir -p "$(dirname "$PERFCONTEXT_DB")"
rm -f "$PERFCONTEXT_DB" "$PERFCONTEXT_DB-wal" "$PERFCONTEXT_DB-shm"
# E2E_DATABASE_URL=postgres://…/NAME: the same journeys on a PostgreSQL store, database NAME made afresh
if [ -n "${E2E_DATABASE_URL:-}" ]; then
  export DATABASE_URL="$E2E_DATABASE_URL"
  node scripts/pg-recreate.mjs "$DATABASE_URL"
fi
npx tsx db/migrate.ts >/dev/null
PERFCONTEXT_OFFLINE=1 npx tsx db/seed.ts >/dev/null
SHARED="${PERFCONTEXT_SHARED_DATA:-../shared/data}"
if [ -d "$SHARED/mlperf" ]; then npx tsx db/import/cli.ts --json "$SHARED/mlperf" >/dev/null || true; fi
# the MLPerf Endpoints fixture curve (MLCommons' SYNTHETIC checker data) for the curves journey
if [ -d "$SHARED/endpoints" ]; then npx tsx db/import/cli.ts --json "$SHARED/endpoints" >/dev/null || true; fi
# one hostile row (script and attribute breakouts in its names) to prove names render as text; moved to a
# round of its own (v0.1) so it never changes what the other journeys count
node -e 'const fs=require("fs");const r=JSON.parse(fs.readFileSync("data/hostile/script-in-names.summary_results.json","utf8"));for(const x of r){x.version="v0.1";x.ID="0.1-0001";}fs.writeFileSync(process.argv[1],JSON.stringify(r));' "$(dirname "$PERFCONTEXT_DB")/hostile-names.json"
npx tsx db/import/cli.ts --json "$(dirname "$PERFCONTEXT_DB")/hostile-names.json" >/dev/null
if [ ! -f "${NEXT_DIST_DIR:-.next}/BUILD_ID" ] || [ -n "${E2E_REBUILD:-}" ]; then npx next build >/dev/null; fi
exec npx next start -p "$PORT" -H 127.0.0.1
