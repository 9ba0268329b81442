// The cross-feature suite's table (issue 25 build 6): each fact, its expected value written by hand from the source
// files (the line read is quoted beside it), and every feature that states it, asked through its route handler or the
// builder its page renders from (cross-feature-ask.ts). Run by app/api/cross-feature.test.ts.

import { invalidPoints } from "@/components/bakeoff/invalid-notice";
import { rankAgainst, runPoints } from "@/components/bakeoff/overlay-data";
import { parseOverlayState } from "@/components/bakeoff/overlay-state";
import { getUploadFacts, publishedParetoPoints } from "@/db/campaigns";
import { getStore } from "@/db/client";
import { mlperfSlo } from "@/lib/bakeoff/slo";
import { sweepLabels } from "@/lib/campaign/sweeps";
import { inferenceSeries } from "@/lib/endpoints/curve-chart";
import { classifyScenario } from "@/lib/judge";
import { requiredLevel } from "@/lib/plan/fit";
import type { BakeoffRun, PublishedResult } from "@/lib/types";
import { campaign, compareData, ctx, get, json, planOf, row, runsOf } from "./cross-feature-ask";
import { engineCells } from "./cross-feature-engines";
import { servedCells } from "./cross-feature-served";
import type { Seeded } from "./cross-feature-setup";
import * as plan from "./plan/route";
import * as reproductions from "./reproductions/[id]/route";
import * as one from "./results/[id]/route";
import * as results from "./results/route";
import * as v1bakeoff from "./v1/bakeoff/[id]/route";
import * as v1plan from "./v1/plan/route";

// ---- the facts, by hand ----------------------------------------------------------------------------------------
// INVALID: the edited v6.0 AMD 8xMI355X Server summary says "Result is : INVALID" and, on its line 10,
// "  Performance constraints satisfied : NO" (every other check "Yes"); LoadGen writes the failed check that way.
const FAILED = ["Performance constraints satisfied : NO"];
// Mixed upload: record 1 `"framework": "vllm"`, record 2 `"framework": "sgl"` (sgl is SGLang's short name).
const MIXED_ENGINES = ["vLLM", "SGLang"];
// gpt-oss-120b Interactive: submission checker constants.py LLM_LATENCY_LIMITS["gpt-oss-120b"]["Interactive"] =
// {"ttft": 2000 * 1000000, "tpot": 15 * 1000000} (ns) → 2000 ms / 15 ms.
const GPT_OSS_INTERACTIVE = { ttftMs: 2000, tpotMs: 15 };
// llama3_1-405b: checker constants.py model_mapping "llama3_1-405b": "llama3.1-405b"; v6.0 publishes the AMD
// 8xMI355X_2xEPYC_9575F Offline run of it as 6.0-0102 (summary_results.json "Model": "llama3.1-405b").
const L405 = "llama3.1-405b";

/** The seeded ids, filled by the test before any cell runs. */
export const ids = {} as Seeded;
const storeOf = () => getStore();

/** [case, feature, expected (by hand), what the feature states] */
export type Cell = [string, string, unknown, () => Promise<unknown>];

const INVALID = "an INVALID LoadGen run";
const invalidCells: Cell[] = [
  [
    INVALID,
    "bake-off API (GET /api/bakeoff/{id})",
    FAILED,
    async () => (await runsOf(ids.invalidUpload))[0]?.failedChecks,
  ],
  [
    INVALID,
    "/api/v1/bakeoff/{id}",
    FAILED,
    async () => {
      const b = await json(v1bakeoff.GET(get(`/api/v1/bakeoff/${ids.invalidUpload}`), ctx(ids.invalidUpload)));
      return (b.runs as BakeoffRun[])[0]?.failedChecks;
    },
  ],
  [INVALID, "upload preview", FAILED, async () => invalidPoints(await runsOf(ids.invalidUpload))[0]?.failedChecks],
  [
    INVALID,
    "overlay (point, and never ranked)",
    FAILED,
    async () => {
      const [p] = runPoints(await runsOf(ids.invalidUpload), 8);
      if (!p) return "no point";
      return rankAgainst([{ scenario: "Server", perAcc: 1 }], "Server", p) === null ? p.failedChecks : "ranked";
    },
  ],
  [
    INVALID,
    "compare (GET /api/compare&bakeoff=)",
    FAILED,
    async () => {
      const r = await row("8xMI355X_2xEPYC_9575F", "llama2-70b-99", "Server");
      const d = await compareData(`ids=${r.id}&bakeoff=${ids.invalidUpload}`);
      const f = d.flags.find((x) => x.ids.some((i) => i.startsWith(ids.invalidUpload)) && x.severity === "block");
      return FAILED.filter((c) => f?.message.includes(c));
    },
  ],
  [
    INVALID,
    "GET /api/plan (not usable, why)",
    FAILED,
    async () => {
      const b = (await planOf(plan, `bakeoff=${ids.invalidUpload}`)).bases[0];
      return b && !b.usable ? FAILED.filter((c) => b.reason?.startsWith(c)) : "usable";
    },
  ],
  [
    INVALID,
    "/api/v1/plan",
    FAILED,
    async () => {
      const b = (await planOf(v1plan, `bakeoff=${ids.invalidUpload}`)).bases[0];
      return b && !b.usable ? FAILED.filter((c) => b.reason?.startsWith(c)) : "usable";
    },
  ],
  [
    INVALID,
    "campaign (never a Pareto point; why)",
    FAILED,
    async () => {
      const c = await campaign(ids.invalidCampaign);
      const bad = c.runs.filter((r) => r.memberIndex === 0).map((r) => r.key);
      if (c.pareto.points.some((p) => bad.includes(p.runKey))) return "ranked on the Pareto front";
      const why = c.pareto.excluded.find((e) => bad.includes(e.runKey))?.reason ?? "";
      return FAILED.filter((x) => why.startsWith(x));
    },
  ],
  [
    INVALID,
    "reproduction (GET /api/reproductions/{id})",
    FAILED,
    async () => {
      const b = await json(reproductions.GET(get(`/api/reproductions/${ids.invalidRepro}`), ctx(ids.invalidRepro)));
      const s = (b.scenarios as { scenario: string; validity: string; failedChecks: string[] }[])[0];
      return s?.validity === "INVALID" ? s.failedChecks : s?.validity;
    },
  ],
];

const MIXED = "a vLLM upload mixing framework: vllm and sgl";
const engineIn = (label: string) => MIXED_ENGINES.find((e) => label.includes(e)) ?? label;
const mixedCells: Cell[] = [
  [
    MIXED,
    "overlay series (one per engine, named)",
    MIXED_ENGINES,
    async () => {
      const facts = await getUploadFacts(await storeOf(), ids.mixedUpload);
      return sweepLabels(await runsOf(ids.mixedUpload), facts).map(engineIn);
    },
  ],
  [
    MIXED,
    "campaign difference (engine)",
    MIXED_ENGINES,
    async () => (await campaign(ids.mixedCampaign)).differences.find((d) => d.field === "engine")?.values,
  ],
  [
    MIXED,
    "campaign held-fixed text (engine never held fixed)",
    MIXED_ENGINES,
    async () => {
      const c = await campaign(ids.mixedCampaign);
      const held = c.frozen.find((f) => f.field === "engine");
      return held ? [held.value] : c.differences.find((d) => d.field === "engine")?.values;
    },
  ],
  [
    MIXED,
    "campaign series",
    MIXED_ENGINES,
    async () => (await campaign(ids.mixedCampaign)).series.map((x) => engineIn(x.label)),
  ],
];

// Two bases of different models: v6.0 llama3.1-8b (XA_NB3I-E12_B300x8_TRT, Server) and llama2-70b-99 (the valid
// 8xMI355X upload / 6.0-0002): every feature that combines them blocks.
const TWO = "two bases of different models";
const blockOf = (flags: { code: string; severity: string }[]) =>
  flags.some((f) => f.severity === "block" && (f.code === "benchmark" || f.code === "model")) ? "block" : "none";
const twoModelCells: Cell[] = [
  [
    TWO,
    "compare (GET /api/compare)",
    "block",
    async () => {
      const a = await row("XA_NB3I-E12_B300x8_TRT", "llama3.1-8b", "Server");
      const b = await row("8xMI355X_2xEPYC_9575F", "llama2-70b-99", "Server");
      return blockOf((await compareData(`ids=${a.id},${b.id}`)).flags);
    },
  ],
  [
    TWO,
    "GET /api/plan",
    "block",
    async () => {
      const a = await row("XA_NB3I-E12_B300x8_TRT", "llama3.1-8b", "Server");
      return blockOf((await planOf(plan, `basis=${a.id}&bakeoff=${ids.validUpload}`)).flags);
    },
  ],
  [
    TWO,
    "/api/v1/plan",
    "block",
    async () => {
      const a = await row("XA_NB3I-E12_B300x8_TRT", "llama3.1-8b", "Server");
      return blockOf((await planOf(v1plan, `basis=${a.id}&bakeoff=${ids.validUpload}`)).flags);
    },
  ],
  [
    TWO,
    "campaign (model difference)",
    "block",
    async () => {
      const d = (await campaign(ids.twoModelCampaign)).differences.find((x) => x.field === "model");
      return d?.severity ?? "none";
    },
  ],
];

const GPT = "gpt-oss-120b Interactive limits";
const gptRow = () => row("XA_NB3I-E12_B300x8_TRT", "gpt-oss-120b", "Interactive");
const gptCells: Cell[] = [
  [
    GPT,
    "bake-off SLO preset",
    GPT_OSS_INTERACTIVE,
    async () => {
      const s = mlperfSlo("gpt-oss-120b", "Interactive");
      return s && { ttftMs: s.ttftP99Ms, tpotMs: s.tpotP99Ms };
    },
  ],
  [
    GPT,
    "planner (scenario fit)",
    GPT_OSS_INTERACTIVE,
    async () => requiredLevel("gpt-oss-120b", { ttftMs: 2000, tpotMs: 15 }).interactive,
  ],
  [
    GPT,
    "campaign published points",
    GPT_OSS_INTERACTIVE,
    async () => {
      const p = (await publishedParetoPoints(await storeOf(), "gpt-oss-120b")).find(
        (x) => x.scenario === "Interactive",
      );
      return p && { ttftMs: p.ttftLimitMs, tpotMs: p.tpotLimitMs };
    },
  ],
  [
    GPT,
    "curve chart (Inference result at its TPOT bound)",
    GPT_OSS_INTERACTIVE,
    async () => {
      const x = inferenceSeries([await gptRow()]).series[0]?.points[0]?.x;
      return x && { ttftMs: 2000, tpotMs: Math.round(1000 / x) };
    },
  ],
  [
    GPT,
    "result API (read-in-context checklist)",
    GPT_OSS_INTERACTIVE,
    async () => {
      const id = (await gptRow()).id;
      const body = await json(one.GET(get(`/api/results/${id}`), ctx(id)));
      const text = JSON.stringify(body.context);
      const ttft = /TTFT[^0-9]{0,40}([0-9,]+) ms/.exec(text)?.[1];
      const tpot = /TPOT[^0-9]{0,40}([0-9,]+) ms/.exec(text)?.[1];
      return { ttftMs: Number(ttft?.replace(",", "")), tpotMs: Number(tpot) };
    },
  ],
  [
    GPT,
    "LoadGen scenario classification (a Server header at 2000/15 ms is Interactive, at 2000/20 ms Server)",
    GPT_OSS_INTERACTIVE,
    async () => {
      const at = (tpotMs: number) =>
        classifyScenario({
          header: "Server",
          ttftLimitNs: 2000e6,
          tpotLimitNs: tpotMs * 1e6,
          modelFamily: "gpt-oss-120b",
        }).scenario;
      return at(15) === "Interactive" && at(20) === "Server"
        ? { ttftMs: 2000, tpotMs: 15 }
        : { ttftMs: 2000, tpotMs: 20 };
    },
  ],
];

const FOLDER = "a llama3_1-405b folder name";
const folderCells: Cell[] = [
  [
    FOLDER,
    "reproduction (matched published row)",
    L405,
    async () => {
      const b = await json(reproductions.GET(get(`/api/reproductions/${ids.repro405}`), ctx(ids.repro405)));
      // the published row it matched (6.0-0102's llama3.1-405b Offline), as the result API states its benchmark
      const m = (b.match as { id: string } | null)?.id ?? "";
      return m ? (await json(one.GET(get(`/api/results/${m}`), ctx(m)))).benchmark : "no match";
    },
  ],
  [
    FOLDER,
    "explorer API (model=llama3_1-405b)",
    L405,
    async () => {
      const body = await json(results.GET(get("/api/results?round=v6.0&model=llama3_1-405b&limit=500")));
      return [...new Set((body.rows as PublishedResult[]).map((r) => r.benchmark))].join(",");
    },
  ],
  [
    FOLDER,
    "bake-off overlay (family=llama3_1-405b)",
    L405,
    async () => parseOverlayState({ family: "llama3_1-405b" }).family,
  ],
  [
    FOLDER,
    "LoadGen scenario classification",
    L405,
    async () =>
      /are (\S+)'s Interactive limits/.exec(
        classifyScenario({ header: "Server", ttftLimitNs: 4500e6, tpotLimitNs: 80e6, modelFamily: "llama3_1-405b" })
          .reason,
      )?.[1],
  ],
];

/** Every cell: [case, feature, expected, what the feature states]. */
export const CELLS: Cell[] = [
  ...invalidCells,
  ...engineCells,
  ...mixedCells,
  ...twoModelCells,
  ...gptCells,
  ...folderCells,
  ...servedCells(ids),
];
