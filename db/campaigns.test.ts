// Campaigns in the database: uploads keep their files' facts (migration 0009), a campaign reads its members' stored
// runs (LoadGen and LLMPerf pairs merged as uploads merge them), edits replace members, a missing member is named,
// and a frozen report reads back unchanged after the campaign is edited.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildReport, parseStoredReport } from "@/lib/campaign/report";
import { ANALYSIS_VERSION, storedVersion } from "@/lib/campaign/stored";
import { sharedPath } from "@/lib/shared-data";
import { saveBakeoffUpload } from "./bakeoff";
import {
  createCampaign,
  createCampaignSnapshot,
  getCampaignRow,
  loadCampaign,
  storedCampaignReport,
  updateCampaign,
} from "./campaigns";
import type { DbHandle } from "./client";
import { getSnapshot } from "./queries/snapshots";
import { stores } from "./test-stores";

const R = (rel: string) => ({ name: rel, text: readFileSync(sharedPath("bakeoff", rel), "utf8") });
const LG = path.join("mlperf-loadgen", "amd-8xMI300X-llama2-70b-99-server");

async function seeded(open: () => Promise<DbHandle>) {
  const h = await open();
  const up = async (files: { name: string; text: string }[], extra: Record<string, unknown> = {}) =>
    (await saveBakeoffUpload(h, { files, ...extra })).id;
  const ids = {
    gp10: await up([R("genai-perf/meta_llama3-8b-instruct-openai-chat-concurrency10/profile_export_genai_perf.json")], {
      accelerators: 1,
    }),
    sglang: await up([R("sglang/llama_3_3_70b_offline_output.jsonl")]),
    llmperf: await up([
      R("llmperf/meta-llama-Llama-2-7b-chat-hf_550_150_summary.json"),
      R("llmperf/meta-llama-Llama-2-7b-chat-hf_550_150_individual_responses.json"),
    ]),
    loadgen: await up([R(path.join(LG, "mlperf_log_summary.txt")), R(path.join(LG, "mlperf_log_detail.txt"))]),
  };
  return { h, ids };
}

const analysisText = async (h: DbHandle, id: string) =>
  (await h.x.get<{ analysis: string | null }>("select analysis from campaigns where id = ?", [id]))?.analysis ?? null;
const runsText = async (h: DbHandle, id: string) =>
  (await h.x.get<{ runs: string }>("select runs from campaign_runs where campaign_id = ?", [id]))?.runs ?? null;

describe.each(stores())("campaigns in the database ($name store)", ({ open }) => {
  it("an upload stores one facts record per load point", async () => {
    const { h, ids } = await seeded(open);
    const row = (await h.x.get<{ runs: string; facts: string }>(
      "select runs, facts from bakeoff_uploads where id = ?",
      [ids.sglang],
    )) as { runs: string; facts: string };
    const facts = JSON.parse(row.facts) as { dataset: string | null }[];
    expect(facts).toHaveLength((JSON.parse(row.runs) as unknown[]).length);
    expect(facts.map((f) => f.dataset)).toContain("sharegpt");
    // the LLMPerf pair is one point; its facts come from the summary (mean_input_tokens 550, stddev 150)
    const l = (await h.x.get<{ facts: string }>("select facts from bakeoff_uploads where id = ?", [ids.llmperf])) as {
      facts: string;
    };
    expect(JSON.parse(l.facts)).toEqual([expect.objectContaining({ dataset: "random 550±150 → 150±10" })]);
  });

  it("create, read with the members' runs, edit, and name a member that is not stored", async () => {
    const { h, ids } = await seeded(open);
    const m = (id: string, shape: "chat" | "long-context", condition: "baseline" | "node-loss" = "baseline") => ({
      kind: "bakeoff" as const,
      id,
      shape,
      cache: "warm" as const,
      condition,
    });
    const row = await createCampaign(h, {
      name: "db test",
      members: [m(ids.gp10, "chat"), m(ids.sglang, "long-context"), m(ids.loadgen, "chat", "node-loss")],
    });
    const v = await loadCampaign(h, row.id);
    expect(v?.analysis.runs).toHaveLength(1 + 7 + 1);
    // the merged LoadGen pair: model and 8 accelerators from the folder name, Server at 83.5 req/s target
    const lg = v?.analysis.runs.find((r) => r.run.tool === "mlperf-loadgen");
    expect(lg?.run.model).toBe("llama2-70b-99");
    expect(lg?.accelerators).toBe(8);
    expect(v?.analysis.family).toBe("llama2-70b");

    const edited = await updateCampaign(h, row.id, {
      name: "db test, edited",
      members: [m(ids.gp10, "chat"), { ...m("NoSuchUpload_0123456789", "chat"), kind: "reproduction" }],
    });
    expect(edited?.name).toBe("db test, edited");
    const v2 = await loadCampaign(h, row.id);
    expect(v2?.analysis.runs).toHaveLength(1);
    expect(v2?.analysis.missing).toEqual([
      expect.objectContaining({ index: 1, kind: "reproduction", why: expect.stringMatching(/reproductions/) }),
    ]);
    expect(await updateCampaign(h, "NoSuchCampaign_0123456789", { name: "x", members: [] })).toBeNull();
  });

  it("a frozen report is stored whole and does not follow later edits", async () => {
    const { h, ids } = await seeded(open);
    const row = await createCampaign(h, {
      name: "freeze me",
      members: [{ kind: "bakeoff", id: ids.gp10, shape: "chat", cache: "warm", condition: "baseline" }],
    });
    const view = await loadCampaign(h, row.id);
    if (!view) throw new Error("not stored");
    const snap = await createCampaignSnapshot(h, buildReport(view));
    await updateCampaign(h, row.id, { name: "renamed", members: [] });
    const back = parseStoredReport((await getSnapshot(h, snap.token))?.payload ?? "");
    expect(back.ok && back.report.name).toBe("freeze me");
    expect(back.ok && back.report.shapes[0]?.verdict).toMatch(/^chat: 11\.38 good req\/s per accelerator/);
    expect((await getCampaignRow(h, row.id))?.name).toBe("renamed");
    expect(snap.kind).toBe("campaign");
  });

  it("the analysis is computed when written and stored; reads serve it, equal to a fresh analysis (issue 26)", async () => {
    const { h, ids } = await seeded(open);
    const m = (id: string, shape: "chat" | "long-context") => ({
      kind: "bakeoff" as const,
      id,
      shape,
      cache: "warm" as const,
      condition: "baseline" as const,
    });
    const row = await createCampaign(h, {
      name: "stored",
      members: [m(ids.gp10, "chat"), m(ids.sglang, "long-context"), m(ids.llmperf, "chat")],
    });
    const stored = await analysisText(h, row.id);
    expect(storedVersion(stored)).toBe(ANALYSIS_VERSION);
    const view = await loadCampaign(h, row.id);
    if (!view) throw new Error("not stored");
    // the default pair and another pair: the stored report and the methodology diff equal a fresh computation
    for (const pair of [null, ["2.3", "3.1"]] as const) {
      const fresh = buildReport(view, pair ? [pair[0], pair[1]] : null);
      const served = await storedCampaignReport(h, row.id, pair ? [pair[0], pair[1]] : null);
      expect(served).toEqual(fresh);
    }
    // an edit stores the new members' analysis with them
    await updateCampaign(h, row.id, { name: "stored, edited", members: [m(ids.gp10, "chat")] });
    const after = await storedCampaignReport(h, row.id, null);
    expect(after?.name).toBe("stored, edited");
    expect(after?.runs).toHaveLength(1);
    expect(JSON.parse((await runsText(h, row.id)) ?? "[]")).toHaveLength(1);
    // a campaign stored without an analysis (before migration 0013) is analysed on its first read, then kept
    await h.x.run("update campaigns set analysis = null where id = ?", [row.id]);
    expect((await storedCampaignReport(h, row.id, null))?.runs).toHaveLength(1);
    expect(storedVersion(await analysisText(h, row.id))).toBe(ANALYSIS_VERSION);
  });
});
