// What a worker reads and writes on its own connection (db/work/reads.ts, issue 26), on a SQLite file and on
// PostgreSQL (its own small pool per thread, db/work/store.ts): a campaign's members are the texts the request thread's
// reader gives, an upload's whole runs the same bytes, a campaign's stored report the bytes the request thread reads,
// and a campaign written by the worker the rows the request thread writes, the data version moved with them. Real
// uploads from ../shared/data, run in process as a worker thread runs them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveBakeoffUpload } from "@/db/bakeoff";
import { MISSING, memberTexts } from "@/db/campaign-analysis";
import { readReportJson } from "@/db/campaign-store";
import { type DbHandle, openDb } from "@/db/client";
import { readDataVersion } from "@/db/data-version";
import { wholeRunsText } from "@/db/queries/upload-runs";
import { openFreshPg, testPgUrl } from "@/db/test-stores";
import type { CampaignMember } from "@/lib/campaign";
import { sharedPath } from "@/lib/shared-data";
import work from "./jobs";
import { readMemberTexts, readReportBytes, readSamplesBytes, reportBytes } from "./reads";
import { closeWorkerConnections, type WorkerStore } from "./store";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-wread-"));
const backends: { name: string; open: () => Promise<DbHandle> }[] = [
  { name: "sqlite file", open: async () => openDb(path.join(dir, "r.db")) },
];
if (testPgUrl()) backends.push({ name: "pg", open: openFreshPg });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const member = (id: string): CampaignMember => ({
  kind: "bakeoff",
  id,
  shape: "chat",
  cache: "warm",
  condition: "baseline",
});
const head = (id: string, members: CampaignMember[]) => ({
  id,
  name: "worker",
  members: JSON.stringify(members),
  createdAt: "2026-12-02T00:00:00.000Z",
  updatedAt: "2026-12-02T00:00:00.000Z",
});

describe.each(backends)("a worker's own connection ($name)", ({ name, open }) => {
  let h: DbHandle;
  let store: WorkerStore;
  const ids: Record<"samples" | "plain", string> = { samples: "", plain: "" };
  beforeAll(async () => {
    h = await open();
    if (!h.workerStore) throw new Error("this store has no worker connection");
    store = h.workerStore;
    const save = async (rel: string) =>
      (
        await saveBakeoffUpload(h, {
          files: [{ name: path.basename(rel), text: fs.readFileSync(sharedPath("bakeoff", rel), "utf8") }],
          accelerators: 8,
        })
      ).id;
    // the LLMPerf individual-responses file carries per-request samples (its whole runs are kept apart)
    ids.samples = await save("llmperf/meta-llama-Llama-2-7b-chat-hf_550_150_individual_responses.json");
    ids.plain = await save("guidellm/guidellm_report_v2.json");
  });
  afterAll(async () => {
    await closeWorkerConnections();
    await h.close();
  });

  it("reads a campaign's members as the request thread does: whole runs (samples included), missing ids null", async () => {
    const members = [member(ids.samples), member(ids.plain), member("0000000000000000"), member(ids.plain)];
    const mine = await readMemberTexts(store, members);
    expect(mine).toEqual(await memberTexts(h, members));
    expect(mine["bakeoff:0000000000000000"]).toBeNull();
    const s = mine[`bakeoff:${ids.samples}`];
    if (s?.kind !== "bakeoff") throw new Error("no samples member");
    // the file is a JSON array of 2 responses, each one request: both are in the whole runs the worker read (the
    // row's summary drops them)
    const runs = JSON.parse(s.runs) as { perRequest: unknown[] | null }[];
    expect(runs).toHaveLength(1);
    expect(runs[0]?.perRequest).toHaveLength(2);
  });

  it("reads an upload's whole runs as the same UTF-8 bytes; none apart for an upload without samples", async () => {
    const bytes = await readSamplesBytes({ ...store, uploadId: ids.samples });
    const text = await wholeRunsText(h, { id: ids.samples, runs: "", perRequestSamples: 2 });
    expect(bytes && Buffer.from(bytes).equals(Buffer.from(text, "utf8"))).toBe(true);
    expect(await readSamplesBytes({ ...store, uploadId: ids.plain })).toBeNull();
  });

  it("analyses a campaign it read itself as one handed the texts, and writes the rows the request thread writes", async () => {
    const members = [member(ids.samples), member(ids.plain)];
    const campaign = { ...head("c1", members), members };
    const read = await work({ kind: "campaign", campaign, sources: null, read: store, missing: MISSING });
    const handed = await work({ kind: "campaign", campaign, sources: await memberTexts(h, members), missing: MISSING });
    if (!read.ok || !handed.ok) throw new Error("refused");
    expect(read.value).toEqual(handed.value);
    expect(read.cost?.kind).toBe("campaign");
    const v = read.value as { stored: false; columns: { analysis: string; runs: string; reportBytes: number } };
    expect(v.stored).toBe(false);

    // written by the worker: the same columns, the data version moved in the same transaction
    const before = await readDataVersion(h);
    const write = { store, op: "insert" as const, head: head("c2", members), version: 2 };
    const wrote = await work({
      kind: "campaign",
      campaign: { ...campaign, id: "c2" },
      sources: null,
      read: store,
      write,
      missing: MISSING,
    });
    expect(wrote.ok && wrote.value).toEqual({ stored: true, version: 2, found: true });
    expect(await readDataVersion(h)).toBe(before + 1);
    const row = await h.x.get<{ name: string; analysis: string; reportBytes: number; runs: string }>(
      'select c.name as name, c.analysis as analysis, c.report_bytes as "reportBytes", r.runs as runs from campaigns c join campaign_runs r on r.campaign_id = c.id where c.id = ?',
      ["c2"],
    );
    // the analysis names its campaign's id: c2's text is c1's with that id
    expect(row?.analysis).toBe(v.columns.analysis.replace('"id":"c1"', '"id":"c2"'));
    expect(row?.runs).toBe(v.columns.runs);
    expect(Number(row?.reportBytes)).toBe(v.columns.reportBytes);

    // the worker's report read gives the request thread's bytes, as JSON and as CSV, for two pairs
    for (const pair of [null, ["1.1", "1.1"] as [string, string]])
      for (const format of ["json", "csv"] as const) {
        const theirs = reportBytes(await readReportJson(h, "c2", pair), format);
        const mine = await readReportBytes({ store, id: "c2", pair, format });
        expect(mine.found && theirs.found).toBe(true);
        expect(Buffer.from(mine.bytes ?? []).equals(Buffer.from(theirs.bytes ?? [1]))).toBe(true);
      }
    expect(await readReportBytes({ store, id: "NoSuchCampaign_0123456789", pair: null, format: "json" })).toEqual({
      found: false,
      bytes: null,
      family: null,
    });

    // an update of a campaign that is gone writes nothing and says so
    const gone = { ...write, op: "update" as const, head: head("gone", members) };
    const after = await readDataVersion(h);
    const none = await work({
      kind: "campaign",
      campaign: { ...campaign, id: "gone" },
      sources: null,
      read: store,
      write: gone,
      missing: MISSING,
    });
    expect(none.ok && none.value).toEqual({ stored: true, version: 2, found: false });
    expect(await readDataVersion(h)).toBe(after);
  });

  it.runIf(name === "pg")(
    "PostgreSQL: the worker's pool holds at most two connections and closes them when asked",
    async () => {
      if (!("pg" in store)) throw new Error("not a PostgreSQL store");
      const admin = new pg.Client({ connectionString: store.pg });
      await admin.connect();
      const count = async () =>
        Number(
          (
            await admin.query(
              "select count(*) as n from pg_stat_activity where application_name = 'perfcontext-worker' and datname = current_database()",
            )
          ).rows[0]?.n,
        );
      try {
        await Promise.all([1, 2, 3, 4].map(() => readSamplesBytes({ ...store, uploadId: ids.samples })));
        const open = await count();
        expect(open).toBeGreaterThan(0);
        expect(open).toBeLessThanOrEqual(2);
        expect(await closeWorkerConnections()).toBe(1);
        // the server lets go of a closed connection a moment later
        for (let i = 0; i < 50 && (await count()) > 0; i++) await new Promise((r) => setTimeout(r, 20));
        expect(await count()).toBe(0);
      } finally {
        await admin.end();
      }
    },
  );
});
