// What the app serves is the same on both stores (issue 16 item 5): scripts/dump-served.ts run on a new SQLite
// file and on a new PostgreSQL database (PERFCONTEXT_TEST_PG's server: `bash scripts/pg-cluster.sh npx tsx
// scripts/dump-stores.ts`), the two normalized dumps compared value by value. Exit 0 when equal; else the first
// differing paths. (db/same-data.test.ts compares the stored rows on every `npm test`; this compares every answer.)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { freshPgDatabase } from "@/db/test-stores";

if (!process.env.PERFCONTEXT_TEST_PG) {
  console.log("no PostgreSQL here: nothing to compare (run it under scripts/pg-cluster.sh)");
  process.exit(0);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-dumps-"));
const tsx = path.resolve("node_modules/.bin/tsx");
const pg = await freshPgDatabase();
const times: Record<string, number> = {};
try {
  for (const [name, env] of [
    ["sqlite", { ...process.env, DATABASE_URL: "" }],
    ["pg", { ...process.env, DATABASE_URL: pg.url }],
  ] as const) {
    const t0 = performance.now();
    execFileSync(tsx, ["scripts/dump-served.ts", path.join(dir, `${name}.json`)], { env, stdio: "inherit" });
    times[name] = performance.now() - t0;
  }
  const a = JSON.parse(fs.readFileSync(path.join(dir, "sqlite.json"), "utf8")) as unknown;
  const b = JSON.parse(fs.readFileSync(path.join(dir, "pg.json"), "utf8")) as unknown;
  const diffs: string[] = [];
  const walk = (p: string, x: unknown, y: unknown): void => {
    if (diffs.length >= 20 || isDeepStrictEqual(x, y)) return;
    if (x && y && typeof x === "object" && typeof y === "object" && Array.isArray(x) === Array.isArray(y)) {
      const xo = x as Record<string, unknown>;
      const yo = y as Record<string, unknown>;
      if (Array.isArray(x) && x.length !== (y as unknown[]).length)
        diffs.push(`${p}: ${x.length} items on SQLite, ${(y as unknown[]).length} on PostgreSQL`);
      for (const k of new Set([...Object.keys(xo), ...Object.keys(yo)])) walk(`${p}.${k}`, xo[k], yo[k]);
    } else
      diffs.push(
        `${p}:\n  SQLite:     ${JSON.stringify(x)?.slice(0, 300)}\n  PostgreSQL: ${JSON.stringify(y)?.slice(0, 300)}`,
      );
  };
  walk("", a, b);
  const results = Object.keys((a as { results?: object }).results ?? {}).length;
  console.log(
    `served dumps: ${results} results; SQLite ${((times.sqlite ?? 0) / 1000) | 0} s, PostgreSQL ${((times.pg ?? 0) / 1000) | 0} s`,
  );
  for (const d of diffs) console.log(d);
  console.log(diffs.length === 0 ? "EQUAL" : `${diffs.length}${diffs.length >= 20 ? "+" : ""} differences`);
  process.exitCode = diffs.length === 0 ? 0 : 1;
} finally {
  await pg.drop();
  fs.rmSync(dir, { recursive: true, force: true });
}
