import { describe, expect, it } from "vitest";
import { llama, real } from "@/lib/context/test-fixtures";
import { formatNumber } from "@/lib/format";
import { perAccelerator } from "@/lib/judge";
import type { CompareBakeoff, CompareData } from "@/lib/snapshot";
import { systemLabels } from "@/lib/snapshot";
import type { PublishedResult } from "@/lib/types";
import { chartSeries, compareTableRows } from "./compare-rows";

const amd8 = llama("v6.0", "AMD", "8xMI355X_2xEPYC_9575F", "Offline");
const amd87 = llama("v6.0", "AMD", "87xMI355X_22xEPYC_9575F", "Offline");

function data(results: PublishedResult[], bakeoff: CompareBakeoff[] = []) {
  const per: CompareData["perAccelerator"] = {};
  for (const r of results) per[r.id] = perAccelerator(r);
  return { results, perAccelerator: per, bakeoff };
}

describe("compareTableRows", () => {
  const rows = compareTableRows(data([amd8, amd87]));
  const get = (key: string) => rows.find((r) => r.key === key);

  it("shows the real values and the derived per-accelerator figure with its formula", () => {
    expect(get("value")?.cells.map((c) => c.text)).toEqual(["103,480 tokens/s", "1,042,110 tokens/s"]);
    const pa = get("perAccelerator");
    expect(pa?.label).toContain("derived, not an MLPerf metric");
    expect(pa?.cells.map((c) => c.text)).toEqual([
      "12,935 tokens/s per accelerator",
      "11,978.3 tokens/s per accelerator",
    ]);
    expect(pa?.cells[1]?.sub).toContain("1,042,110 tokens/s ÷ 87 accelerators = 11,978.3");
  });

  it("highlights context that differs and leaves what is the same alone", () => {
    expect(get("nodes")?.differs).toBe(true);
    expect(get("accelerators")?.differs).toBe(true);
    expect(get("scenario")?.differs).toBe(false);
    expect(get("precision")?.differs).toBe(false);
    expect(get("value")?.differs).toBe(false); // metrics are not highlighted
  });

  it("adds latency rows only when a LoadGen log is present", () => {
    expect(get("ttft")).toBeUndefined();
    const withLog: PublishedResult = {
      ...amd8,
      latency: {
        source: "loadgen",
        ttftMs: { min: 1, max: 2, mean: 1, p50: 1, p90: 1, p95: 1, p97: 1, p99: 312.46, p999: 2 },
        tpotMs: null,
        latencyMs: null,
        targetQps: null,
        ttftLimitMs: 450,
        tpotLimitMs: 40,
        loadgenVersion: null,
        minDurationMs: null,
        validity: "VALID",
        failedChecks: [],
        logValue: null,
        queryCount: null,
      },
    };
    const r = compareTableRows(data([withLog, amd87]));
    expect(r.find((x) => x.key === "ttft")?.cells).toEqual([
      { text: "312.5 ms", sub: "limit 450 ms" },
      { text: "—", sub: "no LoadGen log" },
    ]);
    expect(r.find((x) => x.key === "tpot")).toBeUndefined();
  });
});

describe("chartSeries", () => {
  it("draws raw and per-accelerator bars with the short system labels", () => {
    const d = data([amd8, amd87]);
    const s = chartSeries(d, systemLabels(d.results));
    expect(s.raw.bars).toEqual([
      { name: "8×MI355X", value: 103480, unverified: false },
      { name: "87×MI355X", value: 1042110, unverified: false },
    ]);
    expect(s.perAccelerator.bars.map((b) => Math.round(b.value * 10) / 10)).toEqual([12935, 11978.3]);
    expect(s.perAccelerator.units).toBe("tokens/s per accelerator");
  });

  it("marks bake-off runs unverified and divides by their accelerator count", () => {
    const upload: CompareBakeoff = {
      id: "u1",
      label: "My vLLM run",
      format: "vllm",
      accelerator: "MI355X",
      accelerators: 8,
      nodes: 1,
      modelFamily: "llama2-70b",
      runs: [
        {
          tool: "vllm",
          toolVersion: "0.9",
          model: "llama2-70b",
          load: { kind: "rate", concurrency: null, requestRate: 10 },
          reqPerS: 9.9,
          outTokPerS: 8000,
          totalTokPerS: 12000,
          ttftMs: null,
          tpotMs: null,
          validity: "UNKNOWN",
          accelerators: null,
        },
      ],
      warnings: [],
      createdAt: "2026-11-29T00:00:00Z",
    };
    const d = data([amd8], [upload]);
    const s = chartSeries(d, systemLabels(d.results));
    expect(s.raw.bars[1]).toEqual({ name: "My vLLM run (UNVERIFIED)", value: 8000, unverified: true });
    expect(s.perAccelerator.bars[1]).toEqual({ name: "My vLLM run (UNVERIFIED)", value: 1000, unverified: true });
  });

  it("refuses to draw mixed units on one axis", () => {
    const latency: PublishedResult = { ...amd87, id: "x", units: "Latency (ms)", higherIsBetter: false };
    const s = chartSeries(data([amd8, latency]), {});
    expect(s.raw.bars).toEqual([]);
    expect(s.raw.empty).toContain("different units");
  });
});

describe("compareTableRows: MLPerf Power", () => {
  const lenovo = (scenario: "Offline" | "Server", hasPower: boolean) =>
    real({ round: "v5.1", platform: "SR680a_V3_B200SXMx8_TRT", model: "llama2-70b-99", scenario, hasPower });

  it("both sides measured: a per-watt row, result ÷ average watts from the file", () => {
    const rows = compareTableRows(data([lenovo("Offline", true), lenovo("Server", true)]));
    const pw = rows.find((r) => r.key === "perWatt");
    expect(pw?.label).toContain("MLPerf Power measurement of the whole system");
    // v5.1 summary: Offline 102909.0 tokens/s at 10400.9988793425 W; Server 99159.3 at 10442.2597402597 W
    expect(pw?.cells[0]?.text).toBe(`${formatNumber(102909.0 / 10400.9988793425)} tokens/s per W`);
    expect(pw?.cells[1]?.text).toBe(`${formatNumber(99159.3 / 10442.2597402597)} tokens/s per W`);
  });

  it("a power run beside a performance-only run: no per-watt row (not comparable, no proxy)", () => {
    const rows = compareTableRows(data([lenovo("Offline", true), amd8]));
    expect(rows.find((r) => r.key === "perWatt")).toBeUndefined();
  });
});
