// Issue 26: the campaign report page (/campaigns/{id}/report, the leadership and print layout) renders the campaign
// page's view made by a worker (db/campaign-page.ts), not the whole stored report: the request thread never asks the
// store for the report, and the page states the same facts as it did from the whole report (same markup). Real upload
// from ../shared/data; the worker's job run in process as a worker thread runs it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PairPicker } from "@/components/campaign/pair-picker";
import { ReportActions } from "@/components/campaign/report-actions";
import { CampaignReportView } from "@/components/campaign/report-view";
import { saveBakeoffUpload } from "@/db/bakeoff";
import { MISSING } from "@/db/campaign-analysis";
import { type DbHandle, openDb } from "@/db/client";
import work from "@/db/work/jobs";
import { closeWorkerConnections } from "@/db/work/store";
import type { CampaignMember } from "@/lib/campaign";
import { ANALYSIS_VERSION } from "@/lib/campaign/stored";
import { sharedPath } from "@/lib/shared-data";
import CampaignReportPage from "./page";

const state = vi.hoisted(() => ({ h: null as DbHandle | null, reads: 0 }));
vi.mock("@/db/client", async (original) => ({
  ...(await original<typeof import("@/db/client")>()),
  getStore: async () => {
    if (!state.h) throw new Error("no store under test");
    return state.h;
  },
}));
// the worker pool runs each job in process, as a worker thread runs it (db/work/jobs.ts)
vi.mock("@/db/work/pool", async (original) => {
  const jobs = await import("@/db/work/jobs");
  return {
    ...(await original<typeof import("@/db/work/pool")>()),
    workersEnabled: () => true,
    runJob: async (job: Parameters<typeof jobs.default>[0]) => {
      const r = await jobs.default(job);
      if (!r.ok) throw new Error("the job was refused");
      return r.value;
    },
  };
});
// the request thread's read of the whole report, counted
vi.mock("@/db/campaign-read", async (original) => {
  const real = await original<typeof import("@/db/campaign-read")>();
  return {
    ...real,
    storedCampaignReport: async (...args: Parameters<typeof real.storedCampaignReport>) => {
      state.reads += 1;
      return real.storedCampaignReport(...args);
    },
  };
});

const ID = "report_campaign_00000000";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-rpage-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the campaign report page", () => {
  beforeAll(async () => {
    const h = openDb(path.join(dir, "r.db"));
    state.h = h;
    if (!h.workerStore) throw new Error("this store has no worker connection");
    const store = h.workerStore;
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
    // six members on one 7-point upload: 42 runs, more than the page's 25
    const members: CampaignMember[] = ["chat", "batch", "custom", "long-context", "chat", "batch"].map((shape) => ({
      kind: "bakeoff",
      id: upload,
      shape: shape as CampaignMember["shape"],
      cache: "warm",
      condition: "baseline",
    }));
    const head = {
      id: ID,
      name: "report view",
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
    await state.h?.close();
  });

  it("never reads the whole report on the request thread, and states what the whole report stated", async () => {
    for (const [query, pair] of [
      [{}, null],
      [{ a: "1.1", b: "6.7" }, ["1.1", "6.7"]],
    ] as [Record<string, string>, [string, string] | null][]) {
      state.reads = 0;
      const page = await CampaignReportPage({
        params: Promise.resolve({ id: ID }),
        searchParams: Promise.resolve(query),
      });
      const html = renderToStaticMarkup(page);
      expect(state.reads).toBe(0);
      expect(html).toContain("6 members, 42 load points");
      // the page as it was rendered from the whole report (the request thread's read, db/campaign-read.ts)
      const { storedCampaignReport } = await import("@/db/campaign-read");
      const report = await storedCampaignReport(state.h as DbHandle, ID, pair);
      if (!report) throw new Error("no report");
      expect(report.runs).toHaveLength(42);
      const pairQuery = `a=${report.methodology?.a}&b=${report.methodology?.b}`;
      const before = renderToStaticMarkup(
        createElement(
          "div",
          { className: "max-w-5xl" },
          createElement(CampaignReportView, {
            report,
            eyebrow: "Evaluation campaign report",
            actions: createElement(ReportActions, { id: ID, pairQuery, tokenRequired: false }),
            pairPicker: createElement(PairPicker, { report, action: `/campaigns/${ID}/report` }),
          }),
        ),
      );
      expect(html).toBe(before);
    }
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["NoSuchCampaign_0123456789", "../x"])
      await expect(
        CampaignReportPage({ params: Promise.resolve({ id }), searchParams: Promise.resolve({}) }),
      ).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404|NEXT_NOT_FOUND/);
  });
});
