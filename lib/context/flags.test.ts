// computeFlags: the must-pass real cases, round compatibility, per-result flags, bake-off runs,
// ordering, de-duplication and order independence.
import { describe, expect, it } from "vitest";
import type { PublishedResult } from "@/lib/types";
import { type BakeoffInput, computeFlags, type Flag, SEVERITY_RANK, type Severity } from "./flags";
import { llama, real } from "./test-fixtures";
import { loadgenRun, vllmRun } from "./test-logs";
import { amd8, amd87, b300 } from "./test-rows";

const h200 = (m = "llama2-70b-99", platform = "H200-SXM-141GBx8_TRT") =>
  llama("v4.1", "NVIDIA", platform, "Offline", m);
const v41 = (model: string) =>
  real({ round: "v4.1", submitter: "NVIDIA", platform: "H200-SXM-141GBx8_TRT", model, scenario: "Offline" });
const v51 = (submitter: string, platform: string, model: string) =>
  real({ round: "v5.1", submitter, platform, model, scenario: "Offline" });
const vllm: BakeoffInput = { id: "bk-vllm", run: vllmRun(), label: "our vLLM run" };
const lg: BakeoffInput = { id: "bk-loadgen", run: loadgenRun(), label: "our LoadGen run" };
const codes = (flags: Flag[]) => flags.map((f) => `${f.severity}:${f.code}`);
const sev = (flags: Flag[], code: string): Severity | null => flags.find((f) => f.code === code)?.severity ?? null;

describe("must-pass real cases (issue 3)", () => {
  it("v6.0 AMD 8×MI355X Offline vs the 87-GPU cluster Offline → multi-node warn", () => {
    const flags = computeFlags([amd8(), amd87()]);
    const multi = flags.find((f) => f.code === "multi-node");
    expect(multi?.severity).toBe("warn");
    expect(multi?.message).toContain("runs on 1 node × 8 accelerators; ");
    expect(multi?.message).toContain("spans 11 nodes × 8 accelerators per node, 87 of 88 accelerators used");
    expect(multi?.ids).toEqual([amd87().id, amd8().id].sort());
    expect(codes(flags)).toEqual([
      "warn:accelerator-count",
      "warn:multi-node",
      "info:data-note:accelerator-count-disagrees",
    ]);
  });

  it("8×MI355X Offline vs B300 Server → scenario block with both latency bounds", () => {
    const flags = computeFlags([amd8(), b300("Server")]);
    const s = flags.find((f) => f.code === "scenario");
    expect(s?.severity).toBe("block");
    expect(s?.message).toContain("Offline measures batch throughput");
    expect(s?.message).toContain("no latency bound");
    expect(s?.message).toContain("p99 TTFT stays within 2000 ms and p99 TPOT within 200 ms");
    expect(flags[0]?.severity).toBe("block");
  });

  it.each([
    ["AMD 8×MI355X Offline", amd8(), amd8("Offline", "llama2-70b-99.9")],
    ["AMD 8×MI355X Interactive", amd8("Interactive"), amd8("Interactive", "llama2-70b-99.9")],
    ["NVIDIA B300 Server", b300("Server"), b300("Server", "llama2-70b-99.9")],
  ])("%s: the -99 and -99.9 rows of one run → one published-twice warning, no pair rules", (_n, a, b) => {
    expect(a.measurementKey).toBe(b.measurementKey);
    const flags = computeFlags([a, b]);
    expect(codes(flags).filter((c) => !c.startsWith("info:"))).toEqual(["warn:published-twice"]);
    expect(flags.filter((f) => f.severity === "info").every((f) => f.code === "inferred")).toBe(true);
    expect(computeFlags([b, a])).toEqual(flags);
  });

  it("v4.1 H200 vs v6.0 B300 llama2-70b-99 Offline → compatible-round info; fp16 vs fp4 a caution; stacks differ, no engine named", () => {
    const flags = computeFlags([h200(), b300()]);
    expect(sev(flags, "round-differs")).toBe("info");
    expect(sev(flags, "precision")).toBe("warn");
    // H200 "TensorRT 10.2.0, CUDA 12.4" names a runtime and a toolkit, no serving engine; B300's system list names
    // TensorRT-LLM and vLLM for every benchmark without tying either to llama2 (issue 25 finding 2): no engine warning
    expect(sev(flags, "software")).toBe("info");
    expect(flags.find((f) => f.code === "precision")?.message).toContain("part of the result, not a footnote");
    const sw = flags.find((f) => f.code === "software")?.message ?? "";
    expect(sw).not.toMatch(/runs TensorRT/);
    expect(sw).toMatch(/^Software stacks differ \(major version changed: CUDA 13\.1 → 12\.4/);
    expect(flags.map((f) => f.code).sort()).toEqual(["precision", "round-differs", "software"]);
  });

  it.each([
    ["8×MI355X + vLLM bake-off", [amd8()], [vllm]],
    ["B300 Server + LoadGen bake-off", [b300("Server")], [lg]],
    ["87× cluster + both bake-offs", [amd87()], [vllm, lg]],
  ])("%s → every bake-off run is flagged unverified", (_n, results: PublishedResult[], runs: BakeoffInput[]) => {
    const flags = computeFlags(results, runs);
    const unverified = flags.filter((f) => f.code === "unverified");
    expect(unverified.map((f) => f.ids[0]).sort()).toEqual(runs.map((r) => r.id).sort());
    for (const f of unverified) {
      expect(f.severity).toBe("warn");
      expect(f.message).toMatch(/^Unverified: /);
      expect(f.message).toContain("may use measurement methodologies and/or workload implementations");
    }
  });
});

describe("-99/-99.9 twins beside other results: one flag per difference", () => {
  const twin = (s: "Offline" | "Server" = "Offline") => [amd8(s), amd8(s, "llama2-70b-99.9")] as const;
  const gptoss = b300("Offline", "gpt-oss-120b");
  // [name, the flag, results, published-twice flags]
  it.each([
    ["AMD 8× Offline twins + B300 Server", "block:scenario", [...twin(), b300("Server")], 1],
    [
      "AMD 8× Offline twins + AMD 8× Server (the third sorts between the twins)",
      "block:scenario",
      [...twin(), amd8("Server")],
      1,
    ],
    ["AMD 8× Offline twins + B300 gpt-oss-120b", "block:benchmark", [...twin(), gptoss], 1],
    ["AMD 8× Offline twins + 87× cluster", "warn:multi-node", [...twin(), amd87()], 1],
    ["H200 v4.1 twins + B300", "info:round-differs", [h200(), h200("llama2-70b-99.9"), b300()], 1],
    [
      "AMD 8× Offline twins + B300 Server twins",
      "block:scenario",
      [...twin(), b300("Server"), b300("Server", "llama2-70b-99.9")],
      2,
    ],
  ])("%s → %s once, naming every twin", (_n, code: string, results: PublishedResult[], twice: number) => {
    const flags = computeFlags(results);
    const hits = flags.filter((f) => `${f.severity}:${f.code}` === code);
    expect(hits).toHaveLength(1);
    expect(hits[0]?.ids).toEqual(results.map((r) => r.id).sort());
    expect(hits[0]?.message).toMatch(/The same holds for .* \(the same measurement as .*\)\.$/);
    expect(flags.filter((f) => f.code === "published-twice")).toHaveLength(twice);
    expect(computeFlags([...results].reverse())).toEqual(flags);
  });
  it("names both twins: the message is one twin's, the note the other's", () => {
    const f = computeFlags([...twin(), b300("Server")]).find((x) => x.code === "scenario");
    // the pair's order follows the result ids (the real importer's hashes), so the AMD twin may be named second
    expect(f?.message).toMatch(/^Different scenarios\. /);
    expect(f?.message).toContain("v6.0 AMD 8xMI355X_2xEPYC_9575F llama2-70b-99 Offline: Offline measures");
    expect(f?.message).toContain(
      "The same holds for v6.0 AMD 8xMI355X_2xEPYC_9575F llama2-70b-99.9 Offline (the same measurement as v6.0 AMD 8xMI355X_2xEPYC_9575F llama2-70b-99 Offline).",
    );
  });
  it.each([
    // Only the -99.9 twin differs in target from a -99 result; against a -99.9 result only the -99 twin does.
    ["twins + B300 -99", [...twin(), b300()], "accuracy-target", [[amd8("Offline", "llama2-70b-99.9").id, b300().id]]],
    [
      "twins + B300 -99.9",
      [...twin(), b300("Offline", "llama2-70b-99.9")],
      "accuracy-target",
      [[amd8().id, b300("Offline", "llama2-70b-99.9").id]],
    ],
    // Not twins: one flag per pair, as before.
    [
      "8×, B300 and H200 (no twins)",
      [amd8(), b300(), h200()],
      "round-differs",
      [
        [amd8().id, h200().id],
        [b300().id, h200().id],
      ],
    ],
    [
      "8×, 87× and B300 (no twins)",
      [amd8(), amd87(), b300()],
      "multi-node",
      [
        [amd87().id, amd8().id],
        [amd87().id, b300().id],
      ],
    ],
  ])("%s: %s flags stay per pair", (_n, results: PublishedResult[], code: string, ids: string[][]) => {
    const got = computeFlags(results).filter((f) => f.code === code);
    expect(got.map((f) => f.ids)).toEqual(ids.map((x) => [...x].sort()));
  });
});

describe("unverified and INVALID", () => {
  it("a non-LoadGen tool is called out as not an MLPerf result; LoadGen is not", () => {
    const flags = computeFlags([amd8()], [vllm, lg]);
    expect(flags.find((f) => f.ids[0] === "bk-vllm")?.message).toContain("not an MLPerf result");
    expect(flags.find((f) => f.ids[0] === "bk-loadgen")?.message).not.toContain("not an MLPerf result");
  });
  it("two bake-off runs alone still need the unverified flag, without the mixed-results sentence", () => {
    const flags = computeFlags([], [vllm, lg]);
    expect(codes(flags)).toEqual(["warn:unverified", "warn:unverified"]);
    expect(flags[0]?.message).not.toContain("Unverified results have not been");
  });
  it.each([
    // No published row is INVALID; these real rows are marked INVALID as a LoadGen import would mark them.
    ["8×MI355X", amd8(), b300()],
    ["B300 Server", b300("Server"), amd8("Server")],
    ["H200 v4.1", h200(), b300()],
  ])("an INVALID log on %s → block with the word unverified", (_n, bad, other) => {
    const flags = computeFlags([{ ...bad, validity: "INVALID" }, other]);
    const f = flags.find((x) => x.code === "invalid");
    expect(f?.severity).toBe("block");
    expect(f?.ids).toEqual([bad.id]);
    expect(f?.message).toMatch(/^Unverified: the LoadGen log for .* reports INVALID/);
    expect(computeFlags([bad, other]).some((x) => x.code === "invalid")).toBe(false);
  });
});

describe("round compatibility", () => {
  it.each([
    ["v4.1 H200 vs v6.0 B300", h200(), b300()],
    ["v5.1 B200 vs v6.0 B300", llama("v5.1", "NVIDIA", "B200-SXM-180GBx8_TRT", "Offline"), b300()],
    [
      "v4.1 MI300X vs v5.1 MI325X",
      llama("v4.1", "AMD", "8xMI300X_2xEPYC-9374F", "Offline"),
      llama("v5.1", "AMD", "8xMI325X_2xEPYC_9575F_1", "Offline"),
    ],
  ])("llama2-70b %s → round-differs info", (_n, a, b) => {
    expect(sev(computeFlags([a, b]), "round-differs")).toBe("info");
  });
  it.each([
    ["mixtral-8x7b", v41("mixtral-8x7b"), v51("AMD", "8xMI300X_2xEPYC_9575F", "mixtral-8x7b")],
    ["retinanet", v41("retinanet"), v51("Google", "H200-SXM-141GBx8_TRT", "retinanet")],
    ["stable-diffusion-xl", v41("stable-diffusion-xl"), v51("NVIDIA", "B200-SXM-180GBx8_TRT", "stable-diffusion-xl")],
  ])("%s v4.1 vs v5.1 is not in the table we hold → warn, unknown", (_n, a, b) => {
    const f = computeFlags([a, b]).find((x) => x.code === "round-compatibility-unknown");
    expect(f?.severity).toBe("warn");
    expect(f?.message).toContain("is unknown");
  });
  it.each([
    // No real pair falls in an incompatible cell of the table we hold (it ends at v3.0): real rows, rounds relabelled.
    ["resnet v2.1 vs v3.0 (N/A in 3.0)", "resnet", "v2.1", "v3.0"],
    ["retinanet v1.1 vs v2.1 (N/A in 1.1)", "retinanet", "v1.1", "v2.1"],
    ["bert v0.5 vs v1.0 (N/A in 0.5)", "bert-99", "v0.5", "v1.0"],
  ])("%s → block", (_n, model, ra, rb) => {
    const row = v41(model);
    const flags = computeFlags([
      { ...row, id: "a", round: ra, measurementKey: "a" },
      { ...row, id: "b", round: rb, measurementKey: "b" },
    ]);
    expect(codes(flags)).toEqual(["block:round-incompatible"]);
  });
  it.each([
    ["v6.0 8× vs 87×", amd8(), amd87()],
    [
      "v5.1 NVIDIA vs Nebius B200",
      llama("v5.1", "NVIDIA", "B200-SXM-180GBx8_TRT", "Offline"),
      llama("v5.1", "Nebius", "B200-SXM-180GBx8_TRT", "Offline"),
    ],
    ["v4.1 H200 vs v4.1 MI300X", h200(), llama("v4.1", "AMD", "8xMI300X_2xEPYC-9374F", "Offline")],
  ])("same round (%s) → no round flag", (_n, a, b) => {
    expect(computeFlags([a, b]).filter((f) => f.code.startsWith("round"))).toEqual([]);
  });
});

describe("per-result info flags", () => {
  it.each([
    ["8× and 87× Interactive", [amd8("Interactive"), amd87("Interactive")], 2],
    ["8× Interactive vs B300 Server", [amd8("Interactive"), b300("Server")], 1],
    [
      "Krai open h200_n1-vllm vs B300 -99.9",
      [
        real({ round: "v6.0", platform: "h200_n1-vllm", model: "llama2-70b-99.9", scenario: "Offline" }),
        b300("Offline", "llama2-70b-99.9"),
      ],
      1,
    ],
    ["measured Offline pair", [amd8(), b300()], 0],
    ["measured Server pair", [amd8("Server"), amd87("Server")], 0],
    ["measured across rounds", [h200(), b300()], 0],
  ])("inferred: %s", (_n, results: PublishedResult[], n: number) => {
    const inferred = computeFlags(results).filter((f) => f.code === "inferred");
    expect(inferred).toHaveLength(n);
    for (const f of inferred) {
      expect(f.severity).toBe("info");
      expect(f.message).toContain("the MLCommons summary marks this row inferred (inferred = 1)");
      expect(f.message).toContain("the summary does not say what it means for this row");
      // the summary's flag is all we know: never claim the number was not measured
      expect(f.message).not.toMatch(/derived rather than measured|not measured/);
    }
  });
  // Every v6.0 Interactive row in the official summary carries inferred = 1, though each has its own LoadGen run.
  it.each([
    ["AMD 8×MI355X", amd8("Interactive")],
    ["AMD 87× cluster", amd87("Interactive")],
    [
      "NVIDIA GB300 NVL72 -99.9",
      llama("v6.0", "NVIDIA", "GB300-NVL72_GB300-288GB_aarch64x72_TRT", "Interactive", "llama2-70b-99.9"),
    ],
  ])("inferred v6.0 Interactive, %s: the flag names the summary, not a derivation", (_n, r) => {
    expect(r.inferred).toBe(true);
    const f = computeFlags([r, b300()]).find((x) => x.code === "inferred");
    expect(f?.message).toMatch(/^v6\.0 .* Interactive: the MLCommons summary marks this row inferred/);
    expect(f?.message).toContain(
      "MLCommons' submission tools use that flag for results derived from another scenario's run",
    );
  });
  it.each([
    ["87× Offline vs 8×", [amd87(), amd8()], "the published Total Accelerators is 88", 1],
    [
      "94× gpt-oss vs B300 gpt-oss",
      [
        real({ round: "v6.0", platform: "94xMI355X_24xEPYC_9575F", model: "gpt-oss-120b", scenario: "Offline" }),
        b300("Offline", "gpt-oss-120b"),
      ],
      "the published Total Accelerators is 96",
      1,
    ],
    ["87× Server vs B300 Server", [amd87("Server"), b300("Server")], "the published Total Accelerators is 88", 1],
    ["8× vs B300", [amd8(), b300()], "", 0],
    ["H200 vs B300", [h200(), b300()], "", 0],
    ["B300 Offline vs Server", [b300(), b300("Server")], "", 0],
  ])("data notes: %s", (_n, results: PublishedResult[], text: string, n: number) => {
    const notes = computeFlags(results).filter((f) => f.code.startsWith("data-note:"));
    expect(notes).toHaveLength(n);
    for (const f of notes) {
      expect(f.severity).toBe("info");
      expect(f.message).toContain(text);
    }
  });
});

describe("engine properties", () => {
  const sets: [string, PublishedResult[], BakeoffInput[]][] = [
    [
      "five mixed results",
      [amd8(), amd87(), b300("Server"), h200(), llama("v6.0", "Intel", "1-node-4x-BMG-B70", "Offline")],
      [],
    ],
    ["results and bake-offs", [amd87("Server"), b300("Server"), amd8("Interactive")], [vllm, lg]],
    [
      "open, preview, power",
      [
        real({
          round: "v4.1",
          platform: "H200-SXM-141GBx8_TRT_MaxQ",
          model: "llama2-70b-99",
          scenario: "Offline",
          hasPower: true,
        }),
        llama("v4.1", "AMD", "8xMI300X_2xEPYC-TURIN", "Offline"),
        h200("llama2-70b-99", "H200-SXM-141GBx1_TRT_DepthPruned"),
      ],
      [],
    ],
  ];
  it.each(sets)("%s: the same flags in every input order", (_n, results, runs) => {
    const base = computeFlags(results, runs);
    expect(base.length).toBeGreaterThan(0);
    expect(computeFlags([...results].reverse(), [...runs].reverse())).toEqual(base);
    const rotated = [...results.slice(1), ...results.slice(0, 1)];
    expect(computeFlags(rotated, runs)).toEqual(base);
  });
  it.each(sets)("%s: most severe first, ids sorted, no duplicate code+ids", (_n, results, runs) => {
    const flags = computeFlags([...results, ...results], [...runs, ...runs]);
    expect(flags).toEqual(computeFlags(results, runs));
    for (let i = 1; i < flags.length; i++) {
      expect(SEVERITY_RANK[flags[i - 1]?.severity ?? "info"]).toBeLessThanOrEqual(
        SEVERITY_RANK[flags[i]?.severity ?? "info"],
      );
    }
    const keys = flags.map((f) => `${f.code}|${f.ids.join(",")}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const f of flags) expect(f.ids).toEqual([...f.ids].sort());
  });
  it.each([
    ["8×MI355X", amd8()],
    ["87× cluster (has a data note)", amd87()],
    ["Interactive (inferred)", amd8("Interactive")],
  ])("%s compared with itself, or alone → []", (_n, r) => {
    expect(computeFlags([r, r])).toEqual([]);
    expect(computeFlags([r])).toEqual([]);
  });
  it("nothing to compare → []", () => {
    expect(computeFlags([])).toEqual([]);
    expect(computeFlags([], [vllm])).toEqual([]);
  });
});
