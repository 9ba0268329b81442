// Scenario limits as data: every benchmark/scenario in the real summaries is covered, the limits match the
// submission checker and mlperf.conf, and the LLM limits match every real LoadGen log we hold.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sharedPath } from "@/lib/shared-data";
import type { Scenario } from "@/lib/types";
import { BENCHMARK_LIMITS, benchmarkKey, getScenarioInfo, SCENARIO_DEFINITIONS } from "./scenario-limits";
import { loadRows, type Round } from "./test-fixtures";

const pairs = [
  ...new Set(
    (["v4.1", "v5.1", "v6.0"] as Round[]).flatMap((r) =>
      loadRows(r).map((row) => `${String(row.Model)}|${String(row.Scenario)}`),
    ),
  ),
].sort();

describe("coverage of the real data", () => {
  it.each(pairs.map((p) => p.split("|") as [string, Scenario]))(
    "%s %s is in the table, with sources",
    (model, scenario) => {
      const info = getScenarioInfo(model, scenario);
      expect(info.known).toBe(true);
      expect(info.sources.length).toBeGreaterThan(0);
      for (const s of info.sources) {
        expect(s.repo).not.toBe("");
        expect(s.path).not.toBe("");
        expect(s.section).not.toBe("");
      }
    },
  );
});

describe("limits", () => {
  it.each([
    ["llama2-70b", "Server", 2000, 200],
    ["llama2-70b-99.9", "Interactive", 450, 40],
    ["mixtral-8x7b", "Server", 2000, 200],
    ["llama3.1-405b", "Server", 6000, 175],
    ["llama3.1-405b", "Interactive", 4500, 80],
    ["llama3.1-8b", "Server", 2000, 100],
    ["llama3.1-8b", "Interactive", 500, 30],
    ["deepseek-r1", "Server", 2000, 80],
    ["deepseek-r1", "Interactive", 1500, 15],
    ["gpt-oss-120b", "Server", 3000, 80],
    ["gpt-oss-120b", "Interactive", 2000, 15],
  ] as [string, Scenario, number, number][])("%s %s: p99 TTFT %i ms, TPOT %i ms", (model, scenario, ttft, tpot) => {
    const info = getScenarioInfo(model, scenario);
    expect([info.ttftMs, info.tpotMs, info.percentile, info.latencyBoundMs]).toEqual([ttft, tpot, 99, null]);
    expect(info.summary).toContain(`p99 TTFT stays within ${ttft} ms and p99 TPOT within ${tpot} ms`);
  });
  it.each([
    ["resnet", 15],
    ["retinanet", 100],
    ["bert-99", 130],
    ["dlrm-v2-99.9", 60],
    ["stable-diffusion-xl", 20000],
    ["gptj-99", 20000],
    ["dlrm-v3", 60000],
    ["qwen3-vl-235b-a22b", 60000],
  ] as [string, number][])("%s Server: p99 latency within %i ms", (model, bound) => {
    const info = getScenarioInfo(model, "Server");
    expect([info.latencyBoundMs, info.percentile, info.ttftMs]).toEqual([bound, 99, null]);
  });
  it.each([
    ["resnet", "SingleStream", 90],
    ["resnet", "MultiStream", 99],
    ["3d-unet-99", "SingleStream", 90],
    ["pointpainting", "SingleStream", 99.9],
    ["yolo-95", "MultiStream", 99],
  ] as [string, Scenario, number][])("%s %s reports the p%s latency", (model, scenario, p) => {
    const info = getScenarioInfo(model, scenario);
    expect([info.kind, info.percentile]).toEqual(["latency", p]);
  });
  it.each([["llama2-70b-99"], ["resnet"], ["whisper"]])("%s Offline: throughput with no latency bound", (model) => {
    const info = getScenarioInfo(model, "Offline");
    expect([info.kind, info.percentile, info.ttftMs, info.latencyBoundMs]).toEqual(["throughput", null, null, null]);
    expect(info.summary).toBe(
      "Offline measures batch throughput: LoadGen issues every sample at once in one query, and there is no latency bound",
    );
  });
  it.each([
    ["not-a-benchmark", "Server"],
    ["rgat", "Server"],
    ["whisper", "SingleStream"],
  ] as [string, Scenario][])("%s %s is not known, and says so", (model, scenario) => {
    const info = getScenarioInfo(model, scenario);
    expect(info.known).toBe(false);
    expect(info.notes[0]).toMatch(/not in the scenario-limits table|has no .* scenario/);
    expect(info.measures).toBe(SCENARIO_DEFINITIONS[scenario].measures);
  });
  it.each([
    ["llama2-70b-99.9", "llama2-70b"],
    ["Llama2-70B", "llama2-70b"],
    ["llama3_1-405b", "llama3.1-405b"],
    ["resnet50", "resnet"],
    ["yolo-95", "yolo"],
    // v5.0's tighter tier is its own benchmark (lib/mlperf/benchmarks.ts), a Server run with 450/40 ms bounds
    // (constants.py LLM_LATENCY_LIMITS["llama2-70b-interactive-99"]["Server"]), not llama2-70b's 2000/200 ms Server
    ["llama2-70b-interactive-99", "llama2-70b-interactive"],
    ["llama3_1-405b-interactive", "llama3.1-405b"],
  ])("benchmarkKey(%s) → %s", (input, key) => expect(benchmarkKey(input)).toBe(key));
  it("v5.0 llama2-70b-interactive-99 Server is bounded at 450 / 40 ms", () => {
    expect(getScenarioInfo("llama2-70b-interactive-99", "Server")).toMatchObject({ ttftMs: 450, tpotMs: 40 });
  });
  it("every entry of every benchmark cites at least one file", () => {
    for (const b of BENCHMARK_LIMITS)
      for (const rule of Object.values(b.scenarios)) expect(rule?.sources.length).toBeGreaterThan(0);
  });
});

/** Every mlperf_log_summary.txt below shared/data/mlperf/loadgen, with its scenario folder. */
function logs(): { rel: string; model: string; scenario: Scenario; ttft: number; tpot: number }[] {
  const root = sharedPath("mlperf", "loadgen");
  const out: { rel: string; model: string; scenario: Scenario; ttft: number; tpot: number }[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === "mlperf_log_summary.txt") {
        const rel = path.relative(root, p);
        const parts = rel.split(path.sep);
        const scenario = parts[parts.length - 2] as Scenario;
        const text = fs.readFileSync(p, "utf8");
        const ttft = /ttft_latency \(ns\): (\d+)/.exec(text);
        const tpot = /tpot_latency \(ns\): (\d+)/.exec(text);
        if (scenario !== "Offline" && ttft?.[1] && tpot?.[1]) {
          out.push({
            rel,
            model: parts[parts.length - 3] ?? "",
            scenario,
            ttft: Number(ttft[1]) / 1e6,
            tpot: Number(tpot[1]) / 1e6,
          });
        }
      }
    }
  };
  walk(root);
  return out.sort((a, b) => (a.rel < b.rel ? -1 : 1));
}

describe("agreement with real LoadGen logs", () => {
  const found = logs();
  it("there are Server and Interactive logs to check", () => expect(found.length).toBeGreaterThanOrEqual(10));
  it.each(found.map((l) => [l.rel, l] as const))("%s", (_rel, l) => {
    const info = getScenarioInfo(l.model, l.scenario);
    expect([info.ttftMs, info.tpotMs]).toEqual([l.ttft, l.tpot]);
  });
});
