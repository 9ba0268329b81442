// What several journeys share: the e2e database, the real v6.0 summary, finding a published result through the API
// (ids are stable hashes, but the tests do not assume them), and re-importing one changed summary row.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import pg from "pg";
import { NODE_TSX } from "../db/import/run-cli";
import { sharedPath } from "../lib/shared-data";

/** The database the test server uses (e2e/serve.sh builds it through the real importer). */
export const E2E_DB = process.env.E2E_DB ?? ".tmp/e2e.db";
/** postgres://…: the journeys run on this PostgreSQL store instead (scripts/test-both.sh's second run) */
export const E2E_DATABASE_URL = process.env.E2E_DATABASE_URL || undefined;

/** The importer CLI's store arguments and environment for the e2e store. */
function cliStore(): { args: string[]; env: NodeJS.ProcessEnv } {
  if (E2E_DATABASE_URL) return { args: [], env: { ...process.env, DATABASE_URL: E2E_DATABASE_URL } };
  return { args: ["--db", E2E_DB], env: process.env };
}

/** One count straight from the e2e store (SQLite file or PostgreSQL), `?` placeholders. */
export async function storeCount(sql: string, params: (string | number)[]): Promise<number> {
  if (E2E_DATABASE_URL) {
    const c = new pg.Client({ connectionString: E2E_DATABASE_URL });
    await c.connect();
    try {
      let n = 0;
      const r = await c.query(
        sql.replace(/\?/g, () => `$${++n}`),
        params,
      );
      return Number(r.rows[0]?.n);
    } finally {
      await c.end();
    }
  }
  const db = new Database(E2E_DB, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(sql).get(...params) as { n: number }).n;
  } finally {
    db.close();
  }
}
export const V6_SUMMARY = sharedPath("mlperf", "summary", "v6.0.summary_results.json");

export interface ApiRow {
  id: string;
  platform: string;
  model: string;
  hasPower: boolean;
  value: number;
  tokensPerSample: number | null;
}

/** The v6.0 result (not a power row) of one platform, benchmark (default llama2-70b-99) and scenario. */
export async function findResult(
  request: APIRequestContext,
  q: { submitter: string; platform: string; scenario: string; model?: string },
): Promise<ApiRow> {
  const model = q.model ?? "llama2-70b-99";
  const res = await request.get(
    `/api/results?round=v6.0&model=${model}&submitter=${q.submitter}&scenario=${q.scenario}&limit=50`,
  );
  expect(res.ok()).toBe(true);
  const { rows } = (await res.json()) as { rows: ApiRow[] };
  const row = rows.find((r) => r.platform === q.platform && r.model === model && !r.hasPower);
  if (!row) throw new Error(`no ${JSON.stringify(q)} in the e2e database`);
  return row;
}

export async function findId(
  request: APIRequestContext,
  q: { submitter: string; platform: string; scenario: string; model?: string },
): Promise<string> {
  return (await findResult(request, q)).id;
}

/** The row of the real v6.0 summary whose fields are `match`'s. */
export function v6SummaryRow(match: Record<string, unknown>): Record<string, unknown> {
  const rows = JSON.parse(fs.readFileSync(V6_SUMMARY, "utf8")) as Record<string, unknown>[];
  const row = rows.find((r) => Object.entries(match).every(([k, v]) => r[k] === v));
  if (!row) throw new Error(`${JSON.stringify(match)} is not a row of the v6.0 summary`);
  return row;
}

/** Imports `row` alone, as a summary_results.json named `name`, into the e2e database (hold withImportLock). */
export function importSummaryRow(row: Record<string, unknown>, name: string): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "perfcontext-e2e-row-"));
  try {
    const file = path.join(dir, name);
    fs.writeFileSync(file, JSON.stringify([row]));
    const store = cliStore();
    // node with tsx's loader, not `npx tsx` (npm's start-up and tsx's wrapper process: two more Node start-ups)
    const [node, ...flags] = NODE_TSX;
    execFileSync(node, [...flags, "db/import/cli.ts", ...store.args, "--json", file], {
      stdio: "pipe",
      env: store.env,
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Uploads one bake-off file through the API with the given form fields; the new upload's id. */
export async function uploadBakeoff(
  request: APIRequestContext,
  file: string,
  fields: Record<string, string> = {},
): Promise<string> {
  const res = await request.post("/api/bakeoff", {
    multipart: {
      file: {
        name: path.basename(file),
        mimeType: file.endsWith(".json") ? "application/json" : "text/plain",
        buffer: fs.readFileSync(file),
      },
      ...fields,
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/**
 * An axe scan of the page as it stands, every rule run, reporting violations only. Axe's default run collects every
 * node of every passing rule and, outside legacy mode, carries those partial results into a second page to finish
 * the run: on /results that cost 22–28 s of renderer CPU a scan, against 5–9 s this way (measured 2026-12-02, the
 * same violations found on a page with planted faults). Legacy mode still scans same-origin frames; the app has no
 * iframes.
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
}
