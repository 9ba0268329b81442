// For every tool of the registry and each schema version it reads: a file written from the tool's source parses to
// the values the source defines (testdata/source-fixtures.ts, expectations worked out by hand from the fixture's
// numbers and each tool's definitions). Also: every fixture is claimed by exactly one sniffer, and every tool has
// its oldest and newest schema covered.
import { describe, expect, it } from "vitest";
import type { BakeoffRun, LatencyMs } from "@/lib/types";
import { detectAndParse } from "./detect";
import { parseJsonDocuments } from "./json-tolerant";
import { SOURCE_FIXTURES } from "./testdata/source-fixtures";
import { ALL_FORMATS, TOOL_LIST } from "./tools";

function closeBlock(actual: LatencyMs | null, want: Partial<LatencyMs> | null, name: string) {
  if (want === null) {
    expect(actual, name).toBeNull();
    return;
  }
  expect(actual, name).not.toBeNull();
  for (const [k, v] of Object.entries(want)) {
    const got = actual?.[k as keyof LatencyMs];
    if (v === null) expect(got, `${name}.${k}`).toBeNull();
    else expect(got, `${name}.${k}`).toBeCloseTo(v as number, 6);
  }
}

describe("each tool's oldest and newest schema parse to the values its source defines", () => {
  for (const f of SOURCE_FIXTURES) {
    it(`${f.tool} — ${f.schema} (${f.age})`, () => {
      const p = detectAndParse(f.text, f.filename);
      expect(p.tool).toBe(f.tool);
      expect(p.format).toBe(f.format);
      expect(p.runs.length).toBe(f.expect.runs ?? 1);
      const run = p.runs[0] as BakeoffRun;
      const e = f.expect;
      if (e.model !== undefined) expect(run.model).toBe(e.model);
      if (e.load) expect(run.load).toEqual(e.load);
      for (const k of [
        "numRequests",
        "numFailed",
        "durationS",
        "reqPerS",
        "outTokPerS",
        "totalTokPerS",
        "islMean",
        "oslMean",
        "accelerators",
      ] as const) {
        const want = e[k];
        if (want === undefined) continue;
        if (want === null) expect(run[k], k).toBeNull();
        else expect(run[k], k).toBeCloseTo(want, 6);
      }
      for (const k of ["numRequests", "numFailed"] as const)
        if (run[k] !== null) expect(Number.isInteger(run[k])).toBe(true);
      for (const k of ["ttftMs", "tpotMs", "itlMs", "e2eMs"] as const) {
        const want = e[k];
        if (want !== undefined) closeBlock(run[k], want, k);
      }
      if (e.perRequest !== undefined) expect(run.perRequest?.length ?? null).toBe(e.perRequest);
      for (const re of e.notes ?? [])
        expect(
          run.latencyNotes.some((n) => re.test(n)),
          String(re),
        ).toBe(true);
      for (const re of e.warnings ?? [])
        expect(
          p.warnings.some((w) => re.test(w)),
          String(re),
        ).toBe(true);
    });
  }
});

describe("the registry", () => {
  it("every fixture document is claimed by exactly one format, the expected one", () => {
    for (const f of SOURCE_FIXTURES) {
      for (const d of parseJsonDocuments(f.text)) {
        const hits = ALL_FORMATS.filter(
          (x) => x.format.input === "json" && x.format.sniff(d.value as never, f.filename),
        );
        expect(
          hits.map((h) => h.format.id),
          `${f.tool} ${f.schema}`,
        ).toEqual([f.format.replace(/^llm-d-report-v0\.[12]-json$/, "llm-d-report-json")]);
      }
    }
  });

  it("every tool but the CSV template and LoadGen (real samples) has its oldest and newest schema written from source", () => {
    for (const t of TOOL_LIST) {
      if (t.name === "csv" || t.name === "mlperf-loadgen") continue;
      const ages = SOURCE_FIXTURES.filter((f) => f.tool === t.name).map((f) => f.age);
      expect(ages.includes("oldest") || ages.includes("only"), `${t.name} oldest`).toBe(true);
      expect(ages.includes("newest") || ages.includes("only"), `${t.name} newest`).toBe(true);
    }
  });

  it("a document two formats claim is refused, naming both", () => {
    const both = {
      benchmarks: [{ type_: "generative_benchmark", metrics: {} }],
      aggregated_metrics: { stats: {}, num_completed_requests: 1 },
    };
    expect(() => detectAndParse(JSON.stringify(both), "x.json")).toThrow(
      /matches more than one format \(guidellm guidellm-benchmarks-json and genai-bench genai-bench-json\)/,
    );
  });

  it("the unknown-file message names the keys seen and every tool with its versions", () => {
    let msg = "";
    try {
      detectAndParse('{"tput": 1, "p99": 2}', "x.json");
    } catch (e) {
      msg = (e as Error).message;
    }
    expect(msg).toMatch(/unknown tool \(an object with keys tput, p99\)/);
    for (const t of TOOL_LIST) expect(msg).toContain(`${t.display} [${t.versions}]`);
  });

  it("a YAML benchmark report is refused with the way to convert it", () => {
    expect(() => detectAndParse('version: "0.2"\nrun:\n  uid: x\nresults: {}\n', "r.yaml")).toThrow(/yq -o json/);
  });
});
