// Every real sample under shared/data/bakeoff, parsed through detectAndParse and checked against values
// read by hand from the file itself (used in place, never copied).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sharedPath } from "@/lib/shared-data";
import type { BakeoffRun } from "@/lib/types";
import { detectAndParse } from "./detect";

const ROOT = sharedPath("bakeoff");

function read(rel: string): string {
  return readFileSync(path.join(ROOT, rel), "utf8");
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const full = path.join(dir, n);
    return statSync(full).isDirectory() ? listFiles(full) : [path.relative(ROOT, full)];
  });
}

interface Expected {
  file: string;
  format: string;
  tool: BakeoffRun["tool"];
  /** Per run, in file order: p99 TTFT ms (null = file lacks it), output tok/s, request count. */
  runs: { ttftP99: number | null; outTokPerS: number | null; numRequests: number | null }[];
  check?: (runs: BakeoffRun[], warnings: string[]) => void;
}

/** Paths of every number in v that is NaN or ±Infinity (JSON.stringify would hide them as null). */
function nonFinite(v: unknown, at = "run"): string[] {
  if (typeof v === "number") return Number.isFinite(v) ? [] : [at];
  if (Array.isArray(v)) return v.flatMap((x, i) => nonFinite(x, `${at}[${i}]`));
  if (v && typeof v === "object") return Object.entries(v).flatMap(([k, x]) => nonFinite(x, `${at}.${k}`));
  return [];
}

const G1 = "genai-perf/meta_llama3-8b-instruct-openai-chat-concurrency10/profile_export_genai_perf";
const G100 = "genai-perf/meta_llama3-8b-instruct-openai-chat-concurrency100/profile_export_genai_perf";
const run0 = (rs: BakeoffRun[]): BakeoffRun => {
  const r = rs[0];
  if (!r) throw new Error("no run");
  return r;
};

const CASES: Expected[] = [
  {
    file: "vllm/run=0.json",
    format: "vllm-bench-serve-json",
    tool: "vllm",
    runs: [{ ttftP99: 762.4942294094944, outTokPerS: 93.74767963046673, numRequests: 8 }],
    check: (rs) => {
      const r = run0(rs);
      expect(r.model).toBe("facebook/opt-125m");
      expect(r.load).toEqual({ kind: "concurrency", concurrency: 2, requestRate: null });
      expect(r.numFailed).toBe(0);
      expect(r.islMean).toBe(256 / 8);
      expect(r.e2eMs?.p99).toBe(876.8009717071254);
      expect(r.tpotMs?.p50).toBe(8.323490332986694);
      expect(r.itlMs?.p99).toBe(22.26501848665066);
      expect(r.ttftMs?.p90).toBeNull(); // default --metric-percentiles is 99 only
    },
  },
  {
    file: "vllm/bench_serve_all_requests_failed_v0.25.1.json",
    format: "vllm-bench-serve-json",
    tool: "vllm",
    runs: [{ ttftP99: null, outTokPerS: 0, numRequests: 0 }],
    check: (rs, warnings) => {
      const r = run0(rs);
      expect(r.numFailed).toBe(8);
      expect([r.ttftMs, r.tpotMs, r.itlMs, r.e2eMs]).toEqual([null, null, null, null]);
      expect(r.islMean).toBeNull(); // 0 tokens / 0 completed is not a measurement
      expect(r.load.kind).toBe("burst");
      expect(warnings.join(" ")).toMatch(/every request failed/);
    },
  },
  {
    file: "vllm/throughput_llama8B_tp1.json",
    format: "vllm-bench-throughput-json",
    tool: "vllm",
    runs: [{ ttftP99: null, outTokPerS: null, numRequests: 200 }],
    check: (rs) => {
      const r = run0(rs);
      expect(r.load.kind).toBe("offline");
      expect(r.totalTokPerS).toBe(1198.996134490826);
      expect(r.reqPerS).toBe(2.781764499305893);
      expect(r.durationS).toBe(71.89681227505207);
      expect(r.model).toBeNull();
    },
  },
  {
    file: "sglang/llama_3_3_70b_offline_output.jsonl",
    format: "sglang-bench-serving-jsonl",
    tool: "sglang",
    runs: [
      [4520.698730654741, 3000],
      [3492.2944910189917, 4000],
      [2051.287161036558, 800],
      [1654.9938601765348, 1500],
      [1652.8614806713933, 1500],
      [6648.4389207099675, 6000],
      [3939.9256459856624, 2000],
    ].map(([out, n]) => ({ ttftP99: null, outTokPerS: out ?? null, numRequests: n ?? null })),
    check: (rs) => {
      for (const r of rs) {
        expect(r.load).toEqual({ kind: "burst", concurrency: null, requestRate: null });
        expect(r.model).toBeNull();
        expect(r.tpotMs).toBeNull();
        expect(r.numFailed).toBeNull();
      }
      const r = run0(rs);
      expect(r.ttftMs?.p50).toBe(91282.20983641222);
      expect(r.islMean).toBe(1525074 / 3000); // ≈508, although random_input_len was 1024
      expect(r.reqPerS).toBeCloseTo(3000 / 341.72106836596504, 10);
    },
  },
  {
    file: `${G1}.json`,
    format: "genai-perf-json",
    tool: "genai-perf",
    runs: [{ ttftP99: 162.26446499, outTokPerS: 667.5573827440704, numRequests: null }],
    check: (rs) => {
      const r = run0(rs);
      expect(r.model).toBe("meta/llama3-8b-instruct");
      expect(r.load).toEqual({ kind: "concurrency", concurrency: 10, requestRate: null });
      expect(r.tpotMs?.p99).toBe(15.316776419999997);
      expect(r.itlMs).toBeNull();
      expect(r.numFailed).toBeNull();
    },
  },
  {
    file: `${G1}.csv`,
    format: "genai-perf-csv",
    tool: "genai-perf",
    runs: [{ ttftP99: 162.26, outTokPerS: 667.56, numRequests: null }],
  },
  {
    file: `${G100}.json`,
    format: "genai-perf-json",
    tool: "genai-perf",
    runs: [{ ttftP99: 1564.26834917, outTokPerS: 1806.0666462658548, numRequests: null }],
  },
  {
    file: `${G100}.csv`,
    format: "genai-perf-csv",
    tool: "genai-perf",
    runs: [{ ttftP99: 1564.27, outTokPerS: 1806.07, numRequests: null }],
    check: (rs) => {
      const r = run0(rs);
      expect(r.ttftMs?.mean).toBe(1019.69); // "1,019.69" in the CSV
      expect(r.e2eMs?.p50).toBe(3280.84);
      expect(r.load.concurrency).toBe(100);
    },
  },
  {
    file: "guidellm/benchmarks_stripped.json",
    format: "guidellm-benchmarks-json",
    tool: "guidellm",
    runs: [{ ttftP99: 21.281957626342773, outTokPerS: 5888 / 29.997201442718506, numRequests: 46 }],
    check: (rs) => {
      const r = run0(rs);
      expect(r.load).toEqual({ kind: "concurrency", concurrency: 1, requestRate: null });
      expect(r.numFailed).toBe(1); // 0 errored + 1 incomplete
      expect(r.ttftMs?.p50).toBe(16.38054847717285); // old blocks: p50 from "median"
      expect(r.e2eMs?.p99).toBeCloseTo(689.1846656799316, 9); // request_latency is in seconds
      expect(r.tpotMs?.p99).toBe(5.258346167136365); // inter_token_latency_ms, not time_per_output_token_ms
      expect(r.perRequest).toBeNull(); // 1 of 46 listed
    },
  },
  {
    file: "guidellm/guidellm_report_v2.json",
    format: "guidellm-benchmarks-json",
    tool: "guidellm",
    runs: [
      { ttftP99: 11.686325073242188, outTokPerS: 16 / 5.01964807510376, numRequests: 2 },
      { ttftP99: 10.147809982299805, outTokPerS: 16 / 2.5186119079589844, numRequests: 2 },
    ],
    check: (rs) => {
      expect(rs.map((r) => r.load.requestRate)).toEqual([2, 4]);
      expect(rs.every((r) => r.model === "e2e-mock-model" && r.load.kind === "rate")).toBe(true);
      expect(run0(rs).toolVersion).toMatch(/0\.8\.0\.dev18/);
    },
  },
  {
    file: "llmperf/meta-llama-Llama-2-7b-chat-hf_550_150_summary.json",
    format: "llmperf-summary-json",
    tool: "llmperf",
    runs: [{ ttftP99: 21.650147066339997 * 1000, outTokPerS: 4.493054265583841, numRequests: 2 }],
    check: (rs) => {
      const r = run0(rs);
      expect(r.tpotMs).toBeNull();
      expect(r.latencyNotes.join(" ")).toMatch(/TTFT included/);
      expect(r.load.concurrency).toBe(3);
      expect(r.reqPerS).toBeCloseTo(1.8215084860475033 / 60, 12);
      expect(r.islMean).toBe(559.5);
    },
  },
  {
    file: "llmperf/meta-llama-Llama-2-7b-chat-hf_550_150_individual_responses.json",
    format: "llmperf-individual-responses-json",
    tool: "llmperf",
    runs: [
      {
        ttftP99: 4942.4722919993656 + 0.99 * (21818.911458000002 - 4942.4722919993656),
        outTokPerS: null,
        numRequests: 2,
      },
    ],
    check: (rs) => {
      const r = run0(rs);
      const tpot1 = ((16.394321708999996 - 4.9424722919993656) / (153 - 1)) * 1000;
      const tpot2 = ((32.54671416600104 - 21.818911458000002) / (143 - 1)) * 1000;
      expect(r.perRequest?.map((p) => p.tpotMs)).toEqual([expect.closeTo(tpot1, 9), expect.closeTo(tpot2, 9)]);
      expect(r.perRequest?.every((p) => p.ok)).toBe(true);
    },
  },
  {
    file: "inferencemax/agg_kimik2.5_1k1k_int4_vllm_tp8-ep1-dpafalse_disagg-false_spec-mtp_conc4_MI355-gbt350-odcdh5-wbb3.json",
    format: "inferencemax-agg-json",
    tool: "inferencemax",
    runs: [{ ttftP99: 0.5859901384473777 * 1000, outTokPerS: 27.678011491816765 * 8, numRequests: null }],
    check: (rs) => {
      const r = run0(rs);
      expect(r.accelerators).toBe(8);
      expect(r.totalTokPerS).toBeCloseTo(55.62670336516291 * 8, 9);
      expect(r.tpotMs?.p99).toBeCloseTo(18.459965544077445, 9);
      expect(r.load.concurrency).toBe(4);
      expect(r.model).toBe("moonshotai/Kimi-K2.5");
    },
  },
  {
    file: "inferencemax/agg_bmk.json",
    format: "inferencemax-agg-array-json",
    tool: "inferencemax",
    runs: [{ ttftP99: null, outTokPerS: 89.18120738358031, numRequests: 300 }],
    check: (rs) => {
      const r = run0(rs);
      expect(r.ttftMs?.p95).toBeCloseTo(63262.54375650001, 6);
      expect(r.durationS).toBe(1827.784179899);
      expect(r.toolVersion).toMatch(/agentic-coding/);
    },
  },
  {
    file: "inferencemax/concurrency_64_req_rate_inf_gpus_16_ctx_8_gen_8.json",
    format: "inferencemax-raw-json",
    tool: "inferencemax",
    runs: [{ ttftP99: 685.4502430907452, outTokPerS: 5002.605334620647, numRequests: 640 }],
    check: (rs, warnings) => {
      const r = run0(rs);
      expect(r.model).toBe("openai/gpt-oss-120b"); // from the HF cache snapshot path
      expect(r.ttftMs?.p90).toBe(612.4625990400091);
      expect(r.accelerators).toBe(16);
      expect(warnings.join(" ")).toMatch(/file name only/);
    },
  },
  {
    file: "mlperf-loadgen/amd-8xMI300X-llama2-70b-99-server/mlperf_log_summary.txt",
    format: "mlperf-loadgen-summary",
    tool: "mlperf-loadgen",
    runs: [{ ttftP99: 1914647645 / 1e6, outTokPerS: 24593.77, numRequests: null }],
    check: (rs) => {
      const r = run0(rs);
      expect(r.load).toEqual({ kind: "mlperf-server", concurrency: null, requestRate: 83.5 });
      expect([r.ttftLimitMs, r.tpotLimitMs]).toEqual([2000, 200]);
      expect(r.tpotMs?.p99).toBeCloseTo(193.380124, 9);
      expect(r.validity).toBe("VALID");
      expect(r.model).toBe("llama2-70b-99");
      expect(r.scenarioHint).toBe("Server");
    },
  },
  {
    file: "mlperf-loadgen/amd-8xMI300X-llama2-70b-99-server/mlperf_log_detail.txt",
    format: "mlperf-loadgen-detail",
    tool: "mlperf-loadgen",
    runs: [{ ttftP99: 1914647645 / 1e6, outTokPerS: 24593.8, numRequests: 73728 }],
  },
  {
    file: "mlperf-loadgen/amd-8xMI300X-llama2-70b-99-offline/mlperf_log_summary.txt",
    format: "mlperf-loadgen-summary",
    tool: "mlperf-loadgen",
    runs: [{ ttftP99: null, outTokPerS: 27803.9, numRequests: null }],
    check: (rs) => {
      const r = run0(rs);
      expect(r.load.kind).toBe("mlperf-offline");
      expect(r.reqPerS).toBe(92.1544);
      expect(r.e2eMs).toBeNull(); // Offline latency is the whole batch
    },
  },
];

describe("real bake-off samples", () => {
  it("covers every file under shared/data/bakeoff", () => {
    expect(listFiles(ROOT).sort()).toEqual(CASES.map((c) => c.file).sort());
  });

  it.each(CASES)("$file", (c) => {
    const parsed = detectAndParse(read(c.file), c.file);
    expect(parsed.format).toBe(c.format);
    expect(parsed.tool).toBe(c.tool);
    expect(parsed.runs.length).toBe(c.runs.length);
    parsed.runs.forEach((r, i) => {
      const e = c.runs[i];
      if (!e) throw new Error("missing expectation");
      expect(r.tool).toBe(c.tool);
      if (e.ttftP99 === null) expect(r.ttftMs?.p99 ?? null).toBeNull();
      else expect(r.ttftMs?.p99).toBeCloseTo(e.ttftP99, 6);
      if (e.outTokPerS === null) expect(r.outTokPerS).toBeNull();
      else expect(r.outTokPerS).toBeCloseTo(e.outTokPerS, 6);
      expect(r.numRequests).toBe(e.numRequests);
      // No NaN or Infinity anywhere in what downstream code receives.
      expect(nonFinite(r)).toEqual([]);
    });
    c.check?.(parsed.runs, parsed.warnings);
  });
});
