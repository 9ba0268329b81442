// lib/campaign over the real files in ../shared/data/bakeoff (read in place): the frozen-parameter check of a campaign
// assembled from seven of them (every difference verified by hand against the files, and the fields that must NOT
// differ), per-shape capacity under the planner's SLOs, sweeps and the methodology diff (the facts each file gives are
// facts.test.ts). Expected values are read from the files, not from this code's output.
import { describe, expect, it } from "vitest";
import { detectAndParse } from "@/lib/bakeoff/detect";
import { fileFacts } from "./facts";
import {
  analyzeCampaign,
  checkParams,
  groupSeries,
  methodologyDiff,
  nPlusOne,
  pickPointFor,
  pickSloPoint,
  shapeSlo,
  sweepLabels,
} from "./index";
import { buildReport, parseStoredReport, reportCsv } from "./report";
import { campaignRuns } from "./runs";
import { acceptance, GP10, GP100, LLMPERF, read, role, SGLANG, source, VLLM } from "./test-campaign";

describe("frozen-parameter check over the acceptance campaign", () => {
  const a = acceptance();
  const byField = Object.fromEntries(a.check.differences.map((d) => [d.field, d]));

  it("lists exactly the differences the files hold", () => {
    // verified by hand: models differ (6 names); accelerator counts 1/16/8; seven tools; datasets; load patterns.
    // The engine: only SGLang's "sglang" is stated, so it is a note (info), never "held fixed" over runs that do not
    // state it (issue 25). Not differences: engine version and precision (no file states them), accelerator type
    // (only the LoadGen upload names one), tool version (no tool appears with two versions).
    expect(a.check.differences.map((d) => d.field).sort()).toEqual(
      ["acceleratorCount", "dataset", "engine", "model", "requestPattern", "tool"].sort(),
    );
    expect(byField.engine?.severity).toBe("info");
    expect(byField.engine?.values).toEqual(["SGLang"]);
    expect(a.check.unstated.sort()).toEqual(["engineVersion", "precision"]);
    expect(a.check.frozen.map((f) => f.field)).not.toContain("engine");
    expect(a.check.frozen.map((f) => [f.field, f.value])).toEqual(
      expect.arrayContaining([["acceleratorType", "AMD Instinct MI300X 192GB HBM3"]]),
    );
  });

  it("a different model is a block and names the runs it splits", () => {
    const m = byField.model;
    expect(m?.severity).toBe("block");
    expect(m?.values).toEqual([
      "meta/llama3-8b-instruct",
      "facebook/opt-125m",
      "example_model",
      "openai/gpt-oss-120b",
      "meta-llama/Llama-2-7b-chat-hf",
      "llama2-70b-99",
    ]);
    // GenAI-Perf c10 and c100 are one model; SGLang's file names none (7 runs unchecked)
    expect(m?.runs[0]).toEqual(["1.1", "2.1"]);
    expect(m?.unknown).toEqual(["4.1", "4.2", "4.3", "4.4", "4.5", "4.6", "4.7"]);
    expect(m?.members).toHaveLength(m?.values.length ?? -1);
  });

  it("accelerator counts 1, 16 (InferenceX file name) and 8 (LoadGen folder) are a warning", () => {
    expect(byField.acceleratorCount?.severity).toBe("warn");
    expect(byField.acceleratorCount?.values).toEqual(["1", "16", "8"]);
  });

  it("request patterns: concurrency, all at once (SGLang rate=Infinity), MLPerf Server", () => {
    expect(byField.requestPattern?.values).toEqual([
      "fixed concurrency (closed loop)",
      "all requests at once",
      "MLPerf Server (Poisson arrivals)",
    ]);
  });

  it("values that split exactly along traffic shapes are info, not a warning", () => {
    const chat = source(GP10);
    const lc = source(SGLANG);
    const runs = campaignRuns([role(chat, "chat"), role(lc, "long-context")]);
    const d = checkParams(runs).differences.find((x) => x.field === "requestPattern");
    expect(d?.severity).toBe("info");
  });

  it("the same accelerator named two ways is one value", () => {
    const x = source(GP10, { accelerator: "AMD Instinct MI300X 192GB HBM3" });
    const y = source(GP100, { accelerator: "MI300X" });
    const d = checkParams(campaignRuns([role(x, "chat"), role(y, "chat")])).differences;
    expect(d.map((z) => z.field)).not.toContain("acceleratorType");
  });
});

describe("per shape: capacity under the planner's SLO", () => {
  const a = acceptance();
  const chat = a.shapes.find((s) => s.shape === "chat");

  it("chat is judged at p99 TTFT 450 ms / TPOT 40 ms (planner preset)", () => {
    expect(chat?.slo).toMatchObject({ ttftP99Ms: 450, tpotP99Ms: 40 });
  });

  it("GenAI-Perf concurrency 10 meets it: every successful request counts (11.378 req/s on 1 accelerator)", () => {
    // file: time_to_first_token.p99 162.26 ≤ 450; inter_token_latency.p99 15.32 ≤ 40; request_throughput.avg 11.378…
    const o = chat?.outcomes.find((x) => x.memberIndex === 0);
    expect(o?.meetsSlo).toBe(true);
    expect(o?.perAccelerator).toBeCloseTo(11.378172536970691, 9);
    expect(o?.goodOutTokPerS).toBeCloseTo(11.378172536970691 * 58.67, 6);
  });

  it("GenAI-Perf concurrency 100 misses it (TTFT p99 1564.27 ms), so its capacity is below its 30.94 req/s", () => {
    const o = chat?.outcomes.find((x) => x.memberIndex === 1);
    expect(o?.meetsSlo).toBe(false);
    expect(o?.goodReqPerS).toBeLessThan(30.935429942267838);
    expect(o?.why).toMatch(/no point meets the SLO/);
  });

  it("the verdict names the best run meeting the SLO and the block", () => {
    expect(chat?.verdict).toMatch(
      /^chat: 11\.38 good req\/s per accelerator .* at concurrency 10, meeting the SLO; its runs are not comparable/,
    );
    expect(chat?.caveats.join(" ")).toMatch(/unverified/);
  });

  it("batch has no latency bound: InferenceX 640 completed ÷ 131.0 s over 16 GPUs", () => {
    const batch = a.shapes.find((s) => s.shape === "batch");
    const o = batch?.outcomes[0];
    // file: completed 640, duration 131.00373828504235
    expect(o?.goodReqPerS).toBeCloseTo(640 / 131.00373828504235, 9);
    expect(o?.perAccelerator).toBeCloseTo(640 / 131.00373828504235 / 16, 9);
  });

  it("SGLang late-2024 gives no capacity under the long-context SLO, and says why", () => {
    const lc = a.shapes.find((s) => s.shape === "long-context");
    expect(lc?.outcomes[0]?.goodReqPerS).toBeNull();
    expect(lc?.outcomes[0]?.why).toMatch(/no TPOT percentiles/);
  });

  it("warm vs cold and node loss across a different model are not comparable: no delta, no share", () => {
    expect(chat?.warmCold?.from).toMatch(/genai-perf/);
    expect(chat?.warmCold?.to).toMatch(/vllm/);
    expect(chat?.warmCold?.change).toBeNull();
    expect(chat?.warmCold?.text).toMatch(
      /not comparable \(different model: meta\/llama3-8b-instruct vs facebook\/opt-125m\)/,
    );
    const nl = chat?.retention.find((r) => r.condition === "node-loss");
    expect(nl?.retained).toBeNull();
    expect(nl?.sizing).toBe("");
  });

  it("the same files as warm and cold, or baseline and node loss, give the delta and the N+1 reading", () => {
    // GenAI-Perf concurrency 10 (meets the chat SLO, 11.378 req/s) as baseline, concurrency 100 as the degraded run:
    // one model, one setup, so the share is computed from the two files' figures
    const base = source(GP10, { accelerators: 1, nodes: 4 });
    const hit = source(GP100, { accelerators: 1 });
    const a = analyzeCampaign([role(base, "chat"), role(hit, "chat", "cold"), role(hit, "chat", "warm", "node-loss")]);
    const chat = a.shapes[0];
    const c100 = chat?.outcomes.find((o) => o.memberIndex === 1)?.goodReqPerS ?? Number.NaN;
    expect(chat?.warmCold?.change).toBeCloseTo((c100 - 11.378172536970691) / 11.378172536970691, 9);
    const nl = chat?.retention.find((r) => r.condition === "node-loss");
    expect(nl?.retained).toBeCloseTo(c100 / 11.378172536970691, 9);
    expect(nl?.sizing).toMatch(/With 4 nodes, losing one leaves 75%/);
  });
});

describe("N+1 sizing from the share kept after a node loss", () => {
  it.each([
    [0.75, 4, /N\+1 \(one spare node\) covers a node loss/],
    [0.6, 4, /N\+1 undersizes; plan 25% more capacity/],
    [0.8, null, /covers a node loss for fleets of up to 5 nodes/],
    [0.4, null, /for no fleet of two or more nodes/],
  ])("%s kept of %s nodes", (kept, nodes, re) => expect(nPlusOne(kept, nodes)).toMatch(re));
});

describe("sweeps read right", () => {
  it("SGLang's seven lines are six labelled series (two lines repeat random 4096/1024), sharegpt apart", () => {
    const s = groupSeries(campaignRuns([role(source(SGLANG), "long-context")]));
    expect(s.map((x) => x.runs.map((r) => r.key))).toEqual([
      ["1.1"],
      ["1.2"],
      ["1.3"],
      ["1.4", "1.5"],
      ["1.6"],
      ["1.7"],
    ]);
    expect(s[5]?.label).toMatch(/sglang · sharegpt · all at once/);
  });

  it("two vLLM sweep runs with different server settings are two series, each ordered by concurrency", () => {
    const text = read(VLLM);
    const base = JSON.parse(text) as Record<string, unknown>;
    // the same sweep file at another max_num_seqs: a second sweep (the shape `vllm bench sweep serve` writes)
    const variants = [
      { ...base, max_concurrency: 4 },
      { ...base, max_num_seqs: 8 },
      { ...base, max_num_seqs: 8, max_concurrency: 4 },
    ];
    const docs = [text, ...variants.map((v) => JSON.stringify(v))];
    const runs = docs.map((d, i) => {
      const p = detectAndParse(d, `run=${i}.json`);
      return role(
        { ...source(VLLM), id: `vllm-${i}`, runs: p.runs, facts: fileFacts(d, "vllm", p.runs.length) },
        "chat",
      );
    });
    const s = groupSeries(campaignRuns(runs));
    expect(s.map((x) => [x.label.includes("max_num_seqs=4"), x.runs.map((r) => r.run.load.concurrency)])).toEqual([
      [true, [2, 4]],
      [false, [2, 4]],
    ]);
    expect(s.every((x) => x.axis === "concurrency")).toBe(true);
  });

  it("the load point that meets the SLO is picked, not the first", () => {
    // concurrency 100 first: it misses the chat SLO; concurrency 10 meets it
    const runs = campaignRuns([
      role(source(GP100, { accelerators: 1 }), "chat"),
      role(source(GP10, { accelerators: 1 }), "chat"),
    ]);
    const pick = pickSloPoint(runs, shapeSlo("chat"));
    expect(pick?.run.run.load.concurrency).toBe(10);
    expect(pick?.meets).toBe(true);
  });

  it("Pareto points: output tok/s per accelerator against 1000 / TPOT", () => {
    const a = acceptance();
    const gp = a.pareto.points.find((p) => p.runKey === "1.1");
    // output_token_throughput 667.557 on 1 accelerator; inter_token_latency avg from the file
    const itl = (JSON.parse(read(GP10)) as { inter_token_latency: { avg: number } }).inter_token_latency.avg;
    expect(gp?.perAccelerator).toBeCloseTo(667.5573827440704, 9);
    expect(gp?.perUser).toBeCloseTo(1000 / itl, 9);
    expect(a.pareto.excluded.find((x) => x.runKey === "3.1")?.reason).toMatch(/no accelerator count/);
  });
});

describe("bake-off overlay: series labels and the point each scenario ranks", () => {
  it("SGLang's seven lines carry six labels: dataset and lengths apart, sharegpt its own", () => {
    const s = source(SGLANG);
    const labels = sweepLabels(s.runs, s.facts);
    expect(new Set(labels).size).toBe(6);
    expect(labels[6]).toBe("sglang · sharegpt · all at once");
    expect(labels[3]).toBe(labels[4]); // lines 4 and 5: random 4096/1024 twice
  });

  it("an upload stored before facts falls back to mean lengths, still apart", () => {
    const s = source(SGLANG);
    expect(sweepLabels(s.runs, null)[0]).toBe("sglang · ~508/515 tokens · all at once");
  });

  it("Interactive ranks the point within 450/40 ms (concurrency 10), Offline the highest (concurrency 100)", () => {
    const runs = [...source(GP100).runs, ...source(GP10).runs];
    expect(pickPointFor(runs, { ttftP99Ms: 450, tpotP99Ms: 40 }, 1)).toMatchObject({ index: 1, meets: true });
    expect(pickPointFor(runs, null, 1)).toMatchObject({ index: 0 });
    // neither meets 100 ms TTFT: the highest, said so
    expect(pickPointFor(runs, { ttftP99Ms: 100, tpotP99Ms: null }, 1)).toMatchObject({
      index: 0,
      note: "no point within the limits",
    });
  });
});

describe("methodology diff", () => {
  it("GenAI-Perf vs LLMPerf: lengths, warm-up, TPOT vs TTFT-inclusive latency, token counting", () => {
    const runs = campaignRuns([role(source(GP10), "chat"), role(source(LLMPERF), "chat")]);
    const [x, y] = runs;
    if (!x || !y) throw new Error("runs");
    const rows = Object.fromEntries(methodologyDiff(x, y).map((r) => [r.aspect, r]));
    expect(rows["Input tokens (ISL)"]?.same).toBe(false); // 200 vs 559.5
    expect(rows["Input tokens (ISL)"]?.b).toMatch(/range 538–581/);
    expect(rows.Load?.same).toBe(true); // both fixed concurrency (10 and 3)
    expect(rows["Percentiles (TPOT vs ITL)"]?.b).toMatch(/TTFT included/);
    expect(rows["Token counting"]?.same).toBe(false);
  });
});

describe("report", () => {
  it("CSV rows per outcome, every row unverified; the stored form reads back", () => {
    const a = acceptance();
    const r = buildReport({
      id: "c1",
      name: "Acceptance",
      createdAt: "2026-12-01T00:00:00.000Z",
      updatedAt: "2026-12-01T00:00:00.000Z",
      members: a.runs.filter((x) => x.pointIndex === 0).map((x) => x.member),
      analysis: a,
      published: [],
      dataVersion: "0",
    });
    const csv = reportCsv(r);
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toMatch(/^campaign,shape,slo,member/);
    expect(lines.filter((l) => l.endsWith(",unverified"))).toHaveLength(8);
    const back = parseStoredReport(JSON.stringify(r));
    expect(back.ok && back.report.shapes.length).toBe(3);
    expect(parseStoredReport('{"kind":"compare"}').ok).toBe(false);
  });
});
