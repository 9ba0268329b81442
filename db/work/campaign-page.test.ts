// The campaign page's view made by a worker on its own connection (db/work/campaign-page.ts, issue 26) is the view the
// request thread makes from the report every read serves (db/campaign-read.ts): the same runs, pair and chart, on a
// SQLite file and on PostgreSQL. Real uploads from ../shared/data, the job run in process as a worker thread runs it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveBakeoffUpload } from "@/db/bakeoff";
import { MISSING } from "@/db/campaign-analysis";
import { storedCampaignReport } from "@/db/campaign-read";
import { type DbHandle, openDb } from "@/db/client";
import { openFreshPg, testPgUrl } from "@/db/test-stores";
import type { CampaignMember } from "@/lib/campaign";
import { type CampaignPageView, campaignPageView } from "@/lib/campaign/page-view";
import { ANALYSIS_VERSION } from "@/lib/campaign/stored";
import { sharedPath } from "@/lib/shared-data";
import work from "./jobs";
import { closeWorkerConnections, type WorkerStore } from "./store";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-wpage-"));
const backends: { name: string; open: () => Promise<DbHandle> }[] = [
  { name: "sqlite file", open: async () => openDb(path.join(dir, "p.db")) },
];
if (testPgUrl()) backends.push({ name: "pg", open: openFreshPg });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.each(backends)("the campaign page's view, made by a worker ($name)", ({ open }) => {
  let h: DbHandle;
  let store: WorkerStore;
  beforeAll(async () => {
    h = await open();
    if (!h.workerStore) throw new Error("this store has no worker connection");
    store = h.workerStore;
    const upload = (
      await saveBakeoffUpload(h, {
        files: [
          {
            name: "sglang.jsonl",
            text: fs.readFileSync(sharedPath("bakeoff", "sglang", "llama_3_3_70b_offline_output.jsonl"), "utf8"),
          },
        ],
        accelerators: 8,
      })
    ).id;
    // six members on one 7-point upload: 42 runs, two pages of 25
    const members: CampaignMember[] = ["chat", "batch", "custom", "long-context", "chat", "batch"].map((shape) => ({
      kind: "bakeoff",
      id: upload,
      shape: shape as CampaignMember["shape"],
      cache: "warm",
      condition: "baseline",
    }));
    const head = {
      id: "page_campaign_000000000",
      name: "page view",
      members: JSON.stringify(members),
      createdAt: "2026-12-02T00:00:00.000Z",
      updatedAt: "2026-12-02T00:00:00.000Z",
    };
    const wrote = await work({
      kind: "campaign",
      campaign: { ...head, members },
      sources: null,
      read: store,
      write: { store, op: "insert", head, version: ANALYSIS_VERSION },
      missing: MISSING,
    });
    if (!wrote.ok) throw new Error("the campaign was refused");
  });
  afterAll(async () => {
    await closeWorkerConnections();
    await h.close();
  });

  it("is the request thread's view of the stored report, for each page and for another pair", async () => {
    for (const [page, pair] of [
      [1, null],
      [2, null],
      [2, ["1.1", "6.7"]],
    ] as const) {
      const res = await work({
        kind: "campaign-page",
        read: { store, id: "page_campaign_000000000", pair: pair ? [...pair] : null, page },
      });
      if (!res.ok) throw new Error("refused");
      const bytes = (res.value as { bytes: Uint8Array | null }).bytes;
      const mine = JSON.parse(Buffer.from(bytes ?? []).toString("utf8")) as CampaignPageView;
      const report = await storedCampaignReport(h, "page_campaign_000000000", pair ? [...pair] : null);
      if (!report) throw new Error("no report");
      expect(mine).toEqual(campaignPageView({ ...report, dataVersion: "" }, page));
      expect(mine.window.total).toBe(42);
      expect(mine.report.runs).toHaveLength(page === 1 ? 25 : 17);
    }
  });

  it("says when there is no such campaign", async () => {
    const res = await work({
      kind: "campaign-page",
      read: { store, id: "NoSuchCampaign_0123456789", pair: null, page: null },
    });
    expect(res.ok && res.value).toEqual({ found: false, bytes: null, family: null });
  });
});
