// A campaign's stored analysis kept in two parts (issue 26, migration 0020): the report in its campaigns row, the compact
// runs for the methodology diff apart (campaign_runs), and the report's size without methodology (report_bytes). A
// default read touches the report alone; only another ?a=&b= pair reads the runs; a freeze over the snapshot cap is
// refused from the stored size, before the report is read. Real uploads from ../shared/data; both stores.
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { reportCsv } from "@/lib/campaign/report";
import { sharedPath } from "@/lib/shared-data";
import { saveBakeoffUpload } from "./bakeoff";
import { freezeTooLarge, storedCampaignCsv, storedCampaignJson, storedCampaignReport } from "./campaign-read";
import { createCampaign } from "./campaigns";
import type { DbHandle } from "./client";
import { stores } from "./test-stores";

const R = (rel: string) => ({ name: rel, text: readFileSync(sharedPath("bakeoff", rel), "utf8") });

describe.each(stores())("a campaign's stored analysis ($name store)", ({ open }) => {
  let h: DbHandle;
  let id = "";
  beforeAll(async () => {
    h = await open();
    const up = async (rel: string) => (await saveBakeoffUpload(h, { files: [R(rel)], accelerators: 1 })).id;
    const m = (upload: string, shape: "chat" | "long-context") =>
      ({ kind: "bakeoff", id: upload, shape, cache: "warm", condition: "baseline" }) as const;
    const gp = await up("genai-perf/meta_llama3-8b-instruct-openai-chat-concurrency10/profile_export_genai_perf.json");
    const sglang = await up("sglang/llama_3_3_70b_offline_output.jsonl");
    id = (await createCampaign(h, { name: "apart", members: [m(gp, "chat"), m(sglang, "long-context")] })).id;
  });
  afterAll(() => h.close());
  afterEach(() => {
    delete process.env.PERFCONTEXT_SNAPSHOT_MAX_BYTES;
  });

  const row = async () =>
    (await h.x.get<{ analysis: string; reportBytes: number | null; runs: string }>(
      'select c.analysis as analysis, c.report_bytes as "reportBytes", r.runs as runs from campaigns c join campaign_runs r on r.campaign_id = c.id where c.id = ?',
      [id],
    )) ?? null;

  it("stores the report in the row, the runs apart, and the report's size without its methodology", async () => {
    const r = await row();
    if (!r) throw new Error("no rows");
    const report = await storedCampaignReport(h, id, null);
    if (!report) throw new Error("no report");
    // the row holds `{"version","report"}` alone (no newline, no runs); the runs are 1 (genai-perf) + 7 (SGLang)
    expect(r.analysis).not.toContain("\n");
    const { published: _p, dataVersion: _d, ...stored } = report;
    expect(r.analysis).toBe(JSON.stringify({ version: 2, report: stored }));
    expect((JSON.parse(r.runs) as { key: string }[]).map((x) => x.key)).toEqual([
      "1.1",
      "2.1",
      "2.2",
      "2.3",
      "2.4",
      "2.5",
      "2.6",
      "2.7",
    ]);
    expect(Number(r.reportBytes)).toBe(Buffer.byteLength(JSON.stringify({ ...stored, methodology: null })));
  });

  it("a default read (JSON, CSV, report) does not touch the runs; another pair reads them", async () => {
    const json = await (await storedCampaignJson(h, id, null))?.text();
    const report = await storedCampaignReport(h, id, null);
    if (!report || !json) throw new Error("no report");
    // the API's answer is JSON.stringify of the report a page reads, byte for byte (appended to, never parsed)
    expect(json).toBe(JSON.stringify(report));
    expect(report.methodology).toMatchObject({ a: "1.1", b: "2.1" });
    const other = await storedCampaignReport(h, id, ["2.2", "2.7"]);
    expect(other?.methodology).toMatchObject({ a: "2.2", b: "2.7" });
    expect(await (await storedCampaignJson(h, id, ["2.2", "2.7"]))?.text()).toBe(JSON.stringify(other));
    const csv = await (await storedCampaignCsv(h, id, null))?.text();
    expect(csv).toBe(reportCsv(report));
    // unreadable runs: every default read is unchanged; the other pair now fails, so only it read them
    await h.tx((t) => t.x.run("update campaign_runs set runs = '[' where campaign_id = ?", [id]));
    expect(await (await storedCampaignJson(h, id, null))?.text()).toBe(json);
    expect(await storedCampaignReport(h, id, null)).toEqual(report);
    expect(await (await storedCampaignCsv(h, id, null))?.text()).toBe(csv);
    // the pair the report was stored with is served from the report too
    expect(await storedCampaignReport(h, id, ["1.1", "2.1"])).toEqual(report);
    await expect(storedCampaignReport(h, id, ["2.2", "2.7"])).rejects.toThrow(SyntaxError);
  });

  it("a freeze over the snapshot cap is refused from the stored size, the report unread", async () => {
    const report = await storedCampaignReport(h, id, null);
    if (!report) throw new Error("no report");
    // the least any freeze stores: the report with no methodology, no published points (none imported here)
    const least = Buffer.byteLength(JSON.stringify({ ...report, methodology: null, published: [] }));
    process.env.PERFCONTEXT_SNAPSHOT_MAX_BYTES = String(least - 1);
    // the stored report made unreadable and the members emptied: a read would analyse a tiny empty campaign again
    await h.tx((t) => t.x.run("update campaigns set analysis = 'x', members = '[]' where id = ?", [id]));
    expect(await freezeTooLarge(h, id)).toBe(
      `this campaign report would store at least ${(least / 1024).toFixed(0)} KB; a snapshot holds at most ${((least - 1) / 1024).toFixed(0)} KB (PERFCONTEXT_SNAPSHOT_MAX_BYTES): freeze fewer results or bake-off uploads`,
    );
    process.env.PERFCONTEXT_SNAPSHOT_MAX_BYTES = String(least);
    expect(await freezeTooLarge(h, id)).toBeNull();
    expect(await freezeTooLarge(h, "NoSuchCampaign_0123456789")).toBeNull();
  });
});
