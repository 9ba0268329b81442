// The deploy trap: the worker bundle (.worker/jobs.mjs) and the Next build are built apart, and when they disagree on
// ANALYSIS_VERSION the worker writes analyses the server cannot read back. Every GET /api/campaigns/{id} of a campaign
// stored by another version answered 500 ("the campaign analysis could not be read back") until someone rebuilt.
// Now a read is answered 200 with the analysis this build computes, the stored analysis is replaced by it, and the
// stale build is named in the log, once; server start asks the worker (checkWorkerBuild) so the log comes at start.
// The worker's answer is the real job's, its version line rewritten as a bundle of the other version writes it.
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { saveBakeoffUpload } from "@/db/bakeoff";
import { checkWorkerBuild, resetWorkerVersion } from "@/db/campaign-analysis";
import { createCampaign } from "@/db/campaigns";
import type { DbHandle } from "@/db/client";
import { storeUnderTest as store } from "@/db/store-under-test";
import { stores } from "@/db/test-stores";
import type { CampaignJobValue } from "@/db/work/jobs";
import * as pool from "@/db/work/pool";
import { ANALYSIS_VERSION, storedVersion } from "@/lib/campaign/stored";
import { sharedPath } from "@/lib/shared-data";
import * as one from "./[id]/route";

vi.mock("@/db/client", async (original) =>
  (await import("@/db/store-under-test")).mockClient(await original<typeof import("@/db/client")>()),
);
vi.mock("@/db/work/pool", async (original) => {
  const actual = await original<typeof import("@/db/work/pool")>();
  return { ...actual, runJob: vi.fn(actual.runJob) };
});

const realRunJob = vi.mocked(pool.runJob).getMockImplementation() as typeof pool.runJob;

/**
 * The worker as a bundle of `version` answers: the real analysis, its version rewritten, never written by the worker
 * (a worker writes only an analysis of the version the server asked for).
 */
function workerOfVersion(version: number) {
  vi.mocked(pool.runJob).mockImplementation((async (job: Parameters<typeof pool.runJob>[0]) => {
    if (job.kind !== "campaign") return realRunJob(job);
    const value = (await realRunJob({ ...job, write: null })) as CampaignJobValue;
    if (value.stored) throw new Error("the worker stored an analysis it was not asked to");
    const { columns } = value;
    const analysis = columns.analysis.replace(/^\{"version":\d+/, `{"version":${version}`);
    return { stored: false, columns: { ...columns, version, analysis } };
  }) as typeof pool.runJob);
}

const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const SGLANG = "sglang/llama_3_3_70b_offline_output.jsonl";

describe.each(stores())("$name store", ({ open }) => {
  let h: DbHandle;
  let campaignId: string;
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  beforeAll(async () => {
    h = await open();
    store.h = h;
    const text = readFileSync(sharedPath("bakeoff", ...SGLANG.split("/")), "utf8");
    const up = (await saveBakeoffUpload(h, { files: [{ name: SGLANG, text }], label: "sglang" })).id;
    const member = { kind: "bakeoff" as const, id: up, shape: "chat" as const, cache: "warm" as const };
    campaignId = (await createCampaign(h, { name: "stale build", members: [{ ...member, condition: "baseline" }] })).id;
  });
  afterEach(() => {
    vi.mocked(pool.runJob).mockImplementation(realRunJob);
    resetWorkerVersion();
    errors.mockClear();
  });
  afterAll(async () => {
    await h.close();
    store.h = null;
  });

  const storedText = async () =>
    (await h.x.get<{ analysis: string }>("select analysis from campaigns where id = ?", [campaignId]))?.analysis ??
    null;
  /** A campaign stored by another build: its analysis text says version `v`. */
  const storeAsVersion = async (v: number) => {
    const text = (await storedText()) ?? "";
    await h.x.run("update campaigns set analysis = ? where id = ?", [
      text.replace(/^\{"version":\d+/, `{"version":${v}`),
      campaignId,
    ]);
    expect(storedVersion(await storedText())).toBe(v);
  };

  it("the campaign was stored by this build's version", async () => {
    expect(storedVersion(await storedText())).toBe(ANALYSIS_VERSION);
  });

  it.each([
    ["a stale worker bundle (older version)", ANALYSIS_VERSION - 1, "the worker bundle (.worker/jobs.mjs) is stale"],
    ["a stale Next build (the worker is newer)", ANALYSIS_VERSION + 1, "the Next build (.next) is stale"],
  ])(
    "%s: a stored analysis of another version reads 200, is recomputed by this build and kept; the log names it",
    async (_n, workerVersion, says) => {
      await storeAsVersion(ANALYSIS_VERSION - 1);
      workerOfVersion(workerVersion);
      const res = await one.GET(new Request(`http://x/api/campaigns/${campaignId}`), ctx(campaignId));
      expect(res.status).toBe(200);
      const body = (await res.json()) as { id: string; name: string; members: unknown[] };
      expect([body.id, body.name, body.members.length]).toEqual([campaignId, "stale build", 1]);
      expect(storedVersion(await storedText())).toBe(ANALYSIS_VERSION);
      const logged = errors.mock.calls.map((c) => String(c[0]));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain(says);
      // later reads serve the stored analysis; the worker is not asked again and nothing more is logged
      await storeAsVersion(ANALYSIS_VERSION - 1);
      const again = await one.GET(new Request(`http://x/api/campaigns/${campaignId}?format=csv`), ctx(campaignId));
      expect(again.status).toBe(200);
      expect(errors).toHaveBeenCalledTimes(1);
    },
  );

  it("server start: checkWorkerBuild asks the real worker pool, which agrees with this build", async () => {
    expect(await checkWorkerBuild()).toEqual({ worker: ANALYSIS_VERSION, server: ANALYSIS_VERSION, stale: null });
    expect(errors).not.toHaveBeenCalled();
  });

  it("server start with a stale worker bundle: the log at start names it, before any campaign is read", async () => {
    workerOfVersion(ANALYSIS_VERSION - 1);
    const found = await checkWorkerBuild();
    expect(found?.stale).toContain("the worker bundle (.worker/jobs.mjs) is stale");
    expect(found?.stale).toContain("npm run build:worker");
    expect(errors).toHaveBeenCalledTimes(1);
  });
});
