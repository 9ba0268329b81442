// Migration 0020 (SQLite) / 0008 (PostgreSQL): a campaign stored before it kept report and runs in one `analysis`
// text (`{"version","report"}`, a newline, the runs). The migration moves the runs into campaign_runs and leaves the
// report in the row; such a campaign reads back the same report, for its default pair and for another, and its
// freeze is priced the old way (no stored size). Each store is migrated to the migration before, given an old row,
// then opened as the server opens it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { migrate as migrateSqlite } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePgTo } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignReport } from "@/lib/campaign/report";
import { sharedPath } from "@/lib/shared-data";
import { saveBakeoffUpload } from "./bakeoff";
import { freezeTooLarge, storedCampaignReport } from "./campaign-read";
import { createCampaign } from "./campaigns";
import { type DbHandle, migrationsFolder, openDb } from "./client";
import { migrationsFolderPg, openPgStore } from "./pg";
import { testPgUrl, withDatabase } from "./test-stores";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pc-cmig-"));

/** A copy of a migrations folder without its migrations from `tag` on. */
function migrationsBefore(folder: string, tag: string): string {
  const out = fs.mkdtempSync(path.join(tmp, "m-"));
  fs.cpSync(folder, out, { recursive: true });
  const journalPath = path.join(out, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  for (const e of journal.entries.slice(at)) fs.rmSync(path.join(out, `${e.tag}.sql`));
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return out;
}

/** The old row of a campaign analysed now: report and runs in one text, as stored before the migration. */
const old = { id: "", name: "", members: "", createdAt: "", updatedAt: "", analysis: "" };
const reports: Record<"default" | "other", CampaignReport | null> = { default: null, other: null };
const OTHER: [string, string] = ["2.2", "2.7"];

beforeAll(async () => {
  const h = openDb(":memory:");
  const up = async (rel: string) =>
    (
      await saveBakeoffUpload(h, {
        files: [{ name: rel, text: fs.readFileSync(sharedPath("bakeoff", rel), "utf8") }],
        accelerators: 1,
      })
    ).id;
  const gp = await up("genai-perf/meta_llama3-8b-instruct-openai-chat-concurrency10/profile_export_genai_perf.json");
  const sglang = await up("sglang/llama_3_3_70b_offline_output.jsonl");
  const m = (id: string) => ({ kind: "bakeoff", id, shape: "chat", cache: "warm", condition: "baseline" }) as const;
  const row = await createCampaign(h, { name: "from before", members: [m(gp), m(sglang)] });
  const cols = await h.x.get<{ analysis: string; runs: string }>(
    "select c.analysis as analysis, r.runs as runs from campaigns c join campaign_runs r on r.campaign_id = c.id",
  );
  Object.assign(old, {
    id: row.id,
    name: row.name,
    members: row.members,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    analysis: `${cols?.analysis}\n${cols?.runs}`,
  });
  reports.default = await storedCampaignReport(h, row.id, null);
  reports.other = await storedCampaignReport(h, row.id, OTHER);
  await h.close();
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const INSERT =
  "insert into campaigns (id, name, members, created_at, updated_at, analysis) values ($1, $2, $3, $4, $5, $6)";
const values = () => [old.id, old.name, old.members, old.createdAt, old.updatedAt, old.analysis];

async function readsBack(h: DbHandle) {
  const runs = await h.x.get<{ runs: string }>("select runs from campaign_runs where campaign_id = ?", [old.id]);
  expect(runs?.runs).toBe(old.analysis.slice(old.analysis.indexOf("\n") + 1));
  const row = await h.x.get<{ analysis: string }>("select analysis from campaigns where id = ?", [old.id]);
  expect(row?.analysis).toBe(old.analysis.slice(0, old.analysis.indexOf("\n")));
  expect(reports.default?.methodology).toMatchObject({ a: "1.1", b: "2.1" });
  expect(await storedCampaignReport(h, old.id, null)).toEqual(reports.default);
  expect(await storedCampaignReport(h, old.id, OTHER)).toEqual(reports.other);
  expect(await freezeTooLarge(h, old.id)).toBeNull();
}

describe("migration 0020 on SQLite", () => {
  it("moves an old campaign's runs apart; it reads back the same reports", async () => {
    const file = path.join(tmp, "old.db");
    const sqlite = new Database(file);
    migrateSqlite(drizzleSqlite(sqlite), {
      migrationsFolder: migrationsBefore(migrationsFolder(), "0020_campaign_runs"),
    });
    sqlite.prepare(INSERT.replace(/\$\d/g, "?")).run(...values());
    sqlite.close();
    const h = openDb(file);
    try {
      await readsBack(h);
    } finally {
      await h.close();
    }
  });
});

describe.runIf(testPgUrl())("migration 0008 on PostgreSQL", () => {
  it("moves an old campaign's runs apart; it reads back the same reports", async () => {
    const name = `perfcontext_cmig_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: testPgUrl() });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = withDatabase(testPgUrl() as string, name);
    try {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await migratePgTo(drizzlePg(c), {
        migrationsFolder: migrationsBefore(migrationsFolderPg(), "0008_campaign_runs"),
      });
      await c.query(INSERT, values());
      await c.end();
      const h = await openPgStore(url, { max: 2 });
      try {
        await readsBack(h);
      } finally {
        await h.close();
      }
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
