// The cross-feature suite's engine cases (issue 25 finding 2): one published result's serving engine, asked of every
// feature that states it. Part of cross-feature-cases.ts's table; expected values by hand from the v6.0 summary.
import { compareTableRows } from "@/components/compare/compare-rows";
import { compareData, csvEngine, ctx, get, type Json, json, pageEngine, row } from "./cross-feature-ask";
import type { Cell } from "./cross-feature-cases";
import * as one from "./results/[id]/route";
import * as v1one from "./v1/results/[id]/route";

// Engines: v6.0 summary_results.json "Software" fields —
//   6.0-0073 NVIDIA B300-SXM-270GBx8_TRT: "TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA
//     Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.0": two engines, none tied to llama2-70b → none
//   6.0-0001 AMD 87xMI355X_22xEPYC_9575F: "PyTorch 2.9.1+git8907517, ROCm 7.0.0": a library and a runtime → none
//   6.0-0019 Dell 8xMI300X_2xPlatinum_8470: "vLLM 0.9.0.2.dev108+g71faa1880.d20260213, Pytorch 2.7.0+gitf717b2a, ROCm
//     6.4.1" → vLLM
const ENGINE_ROWS: [string, string, string, string | null][] = [
  ["v6.0 NVIDIA DGX B300 (6.0-0073)", "B300-SXM-270GBx8_TRT", "Server", null],
  ["v6.0 AMD 87xMI355X, PyTorch + ROCm (6.0-0001)", "87xMI355X_22xEPYC_9575F", "Server", null],
  ["v6.0 Dell XE9680, vLLM (6.0-0019)", "8xMI300X_2xPlatinum_8470", "Server", "vLLM"],
];

export const engineCells: Cell[] = ENGINE_ROWS.flatMap(([name, platform, scenario, engine]): Cell[] => {
  const r = () => row(platform, "llama2-70b-99", scenario);
  // the pair's other row: Dell, or B300 for Dell itself
  const otherRow = () =>
    row(
      platform === "8xMI300X_2xPlatinum_8470" ? "B300-SXM-270GBx8_TRT" : "8xMI300X_2xPlatinum_8470",
      "llama2-70b-99",
      scenario,
    );
  return [
    [name, "explorer API (GET /api/results)", engine, async () => (await r()).servingEngine],
    [
      name,
      "result API (GET /api/results/{id})",
      engine,
      async () => {
        const id = (await r()).id;
        return ((await json(one.GET(get(`/api/results/${id}`), ctx(id)))) as Json).servingEngine;
      },
    ],
    [
      name,
      "/api/v1/results/{id}",
      engine,
      async () => {
        const id = (await r()).id;
        return (await json(v1one.GET(get(`/api/v1/results/${id}`), ctx(id)))).servingEngine;
      },
    ],
    [name, "result page", engine, async () => pageEngine(await r())],
    [name, "CSV export", engine, async () => csvEngine(await r())],
    [
      name,
      "compare table",
      engine,
      async () => {
        const id = (await r()).id;
        const other = await otherRow();
        const d = await compareData(`ids=${id},${other.id}`);
        const i = d.results.findIndex((x) => x.id === id);
        const sub = compareTableRows(d as never).find((x) => x.key === "stack")?.cells[i]?.sub ?? "absent";
        const said = sub.replace("engine: ", "");
        return said === "not named by the source" ? null : said;
      },
    ],
    // against the other row of the pair (Dell, or B300 for Dell itself), compare's flags name only the engines the sources name: B300 or the
    // PyTorch + ROCm stack against Dell's vLLM is information ("runs vLLM"), never "runs TensorRT-LLM" or "runs PyTorch"
    [
      name,
      "compare flags (engine against the pair's other row)",
      { severity: "info", named: ["vLLM"] },
      async () => {
        const id = (await r()).id;
        const other = await otherRow();
        const f = (await compareData(`ids=${id},${other.id}`)).flags.find((x) => x.code === "software");
        return (
          f && { severity: f.severity, named: [...f.message.matchAll(/ runs ([A-Za-z][\w.-]*)/g)].map((m) => m[1]) }
        );
      },
    ],
  ];
});
