// A campaign's members read by the worker on its own SQLite connection (db/work/sqlite-read.ts, issue 26): the same
// texts the request thread's reader (db/campaign-analysis.ts memberTexts) gives, and the campaign analysed from them
// the same as from texts handed over. Real uploads from ../shared/data, run in process as a worker thread runs them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveBakeoffUpload } from "@/db/bakeoff";
import { MISSING, memberTexts } from "@/db/campaign-analysis";
import { type DbHandle, openDb } from "@/db/client";
import type { CampaignMember } from "@/lib/campaign";
import { sharedPath } from "@/lib/shared-data";
import work from "./jobs";
import { readMemberTexts } from "./sqlite-read";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-wread-"));
let h: DbHandle;
const ids: Record<string, string> = {};
beforeAll(async () => {
  h = openDb(path.join(dir, "r.db"));
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
  await h.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const member = (id: string): CampaignMember => ({
  kind: "bakeoff",
  id,
  shape: "chat",
  cache: "warm",
  condition: "baseline",
});

describe("the worker reads a campaign's members itself", () => {
  it("gives the request thread's texts: whole runs (samples included), missing ids null", async () => {
    const members = [
      member(ids.samples ?? ""),
      member(ids.plain ?? ""),
      member("0000000000000000"),
      member(ids.plain ?? ""),
    ];
    const mine = readMemberTexts({ sqlite: h.file }, members);
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

  it("a campaign job with `read` analyses as one handed the texts", async () => {
    const members = [member(ids.samples ?? ""), member(ids.plain ?? "")];
    const campaign = {
      id: "c1",
      name: "read",
      createdAt: "2026-12-02T00:00:00Z",
      updatedAt: "2026-12-02T00:00:00Z",
      members,
    };
    const read = work({ kind: "campaign", campaign, sources: null, read: { sqlite: h.file }, missing: MISSING });
    const handed = work({ kind: "campaign", campaign, sources: await memberTexts(h, members), missing: MISSING });
    expect(read.ok && handed.ok).toBe(true);
    // the same analysis; each job's cost (its thread's time) is its own
    expect(read.ok && read.value).toEqual(handed.ok && handed.value);
    expect(read.cost?.kind).toBe("campaign");
  });
});
