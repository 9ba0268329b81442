// Issue 25 finding 4: the planner blocks what campaigns and the compare page block. Bases of different benchmarks
// are never planned side by side as one; real rows of ../shared/data and real bake-off files, expected flags by hand.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { detectAndParse } from "@/lib/bakeoff/detect";
import { real } from "@/lib/context/test-fixtures";
import { amd8 } from "@/lib/context/test-rows";
import { sharedPath } from "@/lib/shared-data";
import type { PublishedResult } from "@/lib/types";
import type { BakeoffUploadLike } from "./basis";
import { planFlags } from "./between";
import { type PlanCalcInputs, planCapacity } from "./compute";

const calc: PlanCalcInputs = {
  workload: { rps: 100, inTok: 550, outTok: 300 },
  slo: { ttftMs: null, tpotMs: null },
  fleet: { usablePct: 90, utilPct: 100, k: 1, pricePerAccHour: null },
  derate: true,
};

function upload(id: string, file: string[], modelFamily: string, accelerators: number): BakeoffUploadLike {
  const parsed = detectAndParse(readFileSync(sharedPath("bakeoff", ...file), "utf8"), file.join("/"));
  return {
    id: id.repeat(22),
    label: file[0] ?? id,
    accelerator: null,
    accelerators,
    nodes: 1,
    modelFamily,
    runs: parsed.runs,
    warnings: parsed.warnings,
  };
}

// the 8×MI300X LoadGen Server log: its folder names llama2-70b-99
const MI300X = upload(
  "a",
  ["mlperf-loadgen", "amd-8xMI300X-llama2-70b-99-server", "mlperf_log_summary.txt"],
  "llama2-70b",
  8,
);
// InferenceMAX, openai/gpt-oss-120b on 16 GPUs
const GPTOSS = upload(
  "b",
  ["inferencemax", "concurrency_64_req_rate_inf_gpus_16_ctx_8_gen_8.json"],
  "gpt-oss-120b",
  16,
);
// v6.0 ASUSTeK XA_NB3I-E12_B300x8_TRT, llama3.1-8b Server (6.0-0006)
const LLAMA8B = real({
  round: "v6.0",
  submitter: "ASUSTeK",
  platform: "XA_NB3I-E12_B300x8_TRT",
  model: "llama3.1-8b",
  scenario: "Server",
});

function flagsOf(results: PublishedResult[], uploads: BakeoffUploadLike[]) {
  const plans = [
    ...results.map((r) => planCapacity({ kind: "published", result: r, siblings: [] }, calc)),
    ...uploads.map((u) => planCapacity({ kind: "bakeoff", upload: u }, calc)),
  ];
  return planFlags(results, plans);
}

const blocks = (flags: ReturnType<typeof flagsOf>) =>
  flags.filter((f) => f.code === "benchmark" && f.severity === "block").map((f) => [...f.ids].sort());

describe("bases of different benchmarks are blocked, whatever their kind", () => {
  it.each([
    [
      "two published: llama2-70b-99 and llama3.1-8b",
      [amd8("Server"), LLAMA8B],
      [],
      [[amd8("Server").id, LLAMA8B.id].sort()],
    ],
    ["published llama3.1-8b and a llama2-70b LoadGen upload", [LLAMA8B], [MI300X], [[LLAMA8B.id, MI300X.id].sort()]],
    [
      "two uploads: llama2-70b LoadGen and gpt-oss-120b InferenceMAX",
      [],
      [MI300X, GPTOSS],
      [[MI300X.id, GPTOSS.id].sort()],
    ],
    [
      "published llama2-70b-99 and a llama2-70b LoadGen upload: one benchmark, no block",
      [amd8("Server")],
      [MI300X],
      [],
    ],
  ] as [string, PublishedResult[], BakeoffUploadLike[], string[][]][])("%s", (_name, results, uploads, expected) => {
    expect(blocks(flagsOf(results, uploads))).toEqual(expected);
  });

  it("the block names each basis and its benchmark", () => {
    const f = flagsOf([LLAMA8B], [MI300X]).find((x) => x.code === "benchmark");
    expect(f?.message).toContain("llama3.1-8b");
    expect(f?.message).toContain("llama2-70b");
  });
});
