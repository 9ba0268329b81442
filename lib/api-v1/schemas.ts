// The response shapes of /api/v1 (issue 29), one zod schema each. They are the contract: every v1 handler sends
// `schema.parse(payload)` (zod strips fields a schema does not name, so a field added inside the app never leaks
// into v1 unannounced), and the OpenAPI document (./openapi.ts) is generated from these same schemas with zod's
// own JSON Schema converter. `.meta({ id })` names a schema as a component of that document. Pure.
//
// Deep, fast-moving parts (a campaign's analysis, a reproduction's full report, the read-in-context checklist's
// wording) are documented as objects with their key fields and `additionalProperties` allowed: their field names
// are stable, their extra detail may grow.
import { z } from "zod";
import { BAKEOFF_TOOLS, SCENARIOS, VALIDITIES } from "../types";

const num = z.number().nullable();
const str = z.string().nullable();
const validity = z.enum(VALIDITIES).meta({ description: "MLPerf validity as the source states it" });

export const ErrorBody = z
  .object({
    error: z.object({
      message: z.string(),
      field: str.meta({ description: "the query key, path parameter or field the error is about" }),
      keys: z.array(z.string()).optional().meta({ description: "unknown query keys, when that is the error" }),
    }),
  })
  .meta({ id: "Error", description: "Every v1 error: 400 bad input, 404 unknown id, 405, 500." });

const Percentiles = z
  .object({ min: num, max: num, mean: num, p50: num, p90: num, p95: num, p97: num, p99: num, p999: num })
  .meta({ id: "Percentiles", description: "milliseconds" });

const Latency = z
  .object({
    source: z.string(),
    ttftMs: Percentiles.nullable(),
    tpotMs: Percentiles.nullable(),
    latencyMs: Percentiles.nullable(),
    targetQps: num,
    ttftLimitMs: num,
    tpotLimitMs: num,
    loadgenVersion: str,
    minDurationMs: num,
    validity,
    failedChecks: z.array(z.string()),
    logValue: num,
    queryCount: num,
  })
  .meta({ id: "Latency", description: "Percentiles read from the run's LoadGen logs, when they were imported." });

export const Result = z
  .object({
    id: z.string().meta({ description: "stable across re-imports, URL-safe" }),
    resultId: str.meta({ description: "MLCommons ID, e.g. 6.0-0001" }),
    round: z.string(),
    submitter: z.string(),
    system: z.string(),
    platform: z.string(),
    accelerator: str,
    acceleratorsPerNode: num,
    nodes: num,
    totalAccelerators: num,
    heterogeneous: z.boolean(),
    acceleratorGroups: z.array(z.object({ name: z.string(), count: z.number() })),
    hostProcessor: str,
    operatingSystem: str,
    model: z.string().meta({ description: "as published" }),
    benchmark: z.string().meta({ description: "canonical benchmark id, the same across rounds and formats" }),
    usedModel: z.string(),
    modelFamily: z.string(),
    accuracyTarget: str,
    scenario: z.enum(SCENARIOS),
    division: z.string(),
    availability: z.string(),
    suite: z.string(),
    precision: str,
    precisionRaw: str,
    software: str,
    softwareStack: z.array(z.object({ name: z.string(), version: str, qualifier: z.string().optional() })),
    servingEngine: str,
    value: z.number(),
    units: z.string(),
    higherIsBetter: z.boolean(),
    perAccelerator: num.meta({ description: "derived, not an MLPerf metric; null with perAcceleratorNote saying why" }),
    perAcceleratorNote: str,
    power: num,
    powerUnits: str,
    hasPower: z.boolean(),
    perWatt: num,
    validity,
    inferred: z.boolean(),
    tokensPerSample: num,
    measurementKey: z.string(),
    sourceUrl: str,
    codeUrl: str,
    location: str,
    resultsFolderUrl: str,
    notes: z.array(z.object({ code: z.string(), message: z.string() })),
    latency: Latency.nullable(),
    importedAt: str,
  })
  .meta({ id: "Result", description: "One published MLPerf result." });

const Flag = z
  .object({
    code: z.string(),
    severity: z.enum(["block", "warn", "info"]),
    message: z.string(),
    ids: z.array(z.string()),
  })
  .meta({ id: "Flag" });

const PerAcceleratorFigure = z
  .object({
    value: num,
    perNode: num,
    note: str,
    formula: z.string(),
    label: z.string(),
    accelerators: num,
    nodes: num,
    units: z.string(),
  })
  .meta({ id: "PerAcceleratorFigure", description: "derived, not an MLPerf metric" });

export const ResultPage = z
  .object({
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
    limit: z.number().int(),
    next: str.meta({ description: "the next page's URL, null on the last" }),
    rows: z.array(Result),
    order: z.object({ sort: z.string(), dir: z.enum(["asc", "desc"]), notes: z.array(z.string()) }),
  })
  .meta({ id: "ResultPage" });

export const ResultDetail = Result.extend({
  context: z.looseObject({
    checklist: z.array(z.object({ item: z.string(), answer: z.string(), ok: z.boolean().nullable() })),
    paragraph: z.string(),
  }),
  flags: z.array(Flag),
  footnotes: z.array(z.string()),
  derived: PerAcceleratorFigure,
}).meta({ id: "ResultDetail", description: "One result with its read-in-context checklist, flags and citation." });

const LatencyMs = z.object({ mean: num, p50: num, p90: num, p95: num, p99: num });

const BakeoffRun = z
  .object({
    tool: z.enum(BAKEOFF_TOOLS),
    toolVersion: str,
    model: str,
    load: z.object({ kind: z.string(), concurrency: num, requestRate: num }),
    islMean: num,
    oslMean: num,
    numRequests: num,
    numFailed: num,
    durationS: num,
    reqPerS: num,
    outTokPerS: num,
    totalTokPerS: num,
    ttftMs: LatencyMs.nullable(),
    tpotMs: LatencyMs.nullable(),
    itlMs: LatencyMs.nullable(),
    e2eMs: LatencyMs.nullable(),
    latencyNotes: z.array(z.string()),
    validity,
    failedChecks: z
      .array(z.string())
      .default([])
      .meta({ description: 'The checks LoadGen failed, as it writes them ("Performance constraints satisfied : NO")' }),
    accelerators: num,
    ttftLimitMs: num,
    tpotLimitMs: num,
  })
  .meta({
    id: "BakeoffRun",
    description: "One load point of an uploaded serving benchmark (per-request samples omitted).",
  });

export const BakeoffUpload = z
  .object({
    id: z.string(),
    label: z.string(),
    format: z.string(),
    fileName: str,
    accelerator: str,
    accelerators: num,
    nodes: num,
    modelFamily: str,
    runs: z.array(BakeoffRun),
    warnings: z.array(z.string()),
    createdAt: z.string(),
  })
  .meta({ id: "BakeoffUpload", description: "A stored bake-off upload (unverified, user-supplied)." });

export const Reproduction = z
  .object({
    id: z.string(),
    url: z.string(),
    match: z.object({ id: z.string(), resultId: str }).nullable(),
    candidates: z.array(
      z.looseObject({ id: z.string(), resultId: str, platform: z.string(), submitter: z.string(), round: z.string() }),
    ),
    scenarios: z.array(
      z.object({
        scenario: z.string(),
        value: num,
        units: str,
        published: num,
        reproducedPct: num,
        validity,
        failedChecks: z.array(z.string()),
        verdict: z.string(),
      }),
    ),
    how: z.string(),
    unverified: z.string(),
  })
  .meta({
    id: "Reproduction",
    description: "A reproduction report: uploaded LoadGen runs against the published result.",
  });

export const Campaign = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    members: z.array(z.looseObject({ kind: z.string(), id: z.string() })),
    differences: z.array(
      z.looseObject({ field: z.string(), values: z.array(z.unknown()), members: z.array(z.unknown()) }),
    ),
    shapes: z.array(z.looseObject({})),
    unverified: z.string(),
    dataVersion: z.string(),
  })
  .meta({ id: "Campaign", description: "An evaluation campaign's report: members, what differs, per-shape capacity." });

export const Plan = z
  .object({
    bases: z.array(
      z.object({
        kind: z.enum(["result", "bakeoff", "curve"]),
        id: z.string(),
        label: z.string(),
        usable: z.boolean(),
        reason: str.meta({
          description: "why the basis cannot be planned from (an INVALID run's failed checks); null when usable",
        }),
        benchmark: str,
        nodes: num.meta({ description: "whole nodes the plan needs, spares included" }),
        accelerators: num,
        steps: z.array(z.object({ key: z.string(), label: z.string(), formula: z.string(), value: z.string() })),
        notes: z.array(z.object({ code: z.string(), severity: z.string(), message: z.string() })),
      }),
    ),
    flags: z.array(Flag),
    notes: z.array(z.string()),
  })
  .meta({ id: "Plan", description: "A capacity plan from one or more bases, every step of its arithmetic shown." });

const CurvePoint = z.object({
  concurrency: z.number(),
  cohort: str,
  offline: z.boolean(),
  offlineKind: z.enum(["dedicated", "elected"]).nullable(),
  systemTps: z.number().meta({ description: "output tokens/s of the whole system" }),
  tpsPerUser: num.meta({ description: "1000 / TPOT P90 ms (v1.0 layout)" }),
  ttftP90Ms: num,
  tpotP90Ms: num,
  perAccelerator: num.meta({ description: "systemTps ÷ accelerators: derived, not an MLPerf metric" }),
  systemTpsPerKwProvisioned: num,
  failedChecks: z.array(z.string()),
});

export const Curve = z
  .object({
    id: z.string(),
    seriesId: z.string(),
    suite: z.literal("endpoints"),
    layout: z.string(),
    submitter: z.string(),
    system: z.string(),
    model: z.string(),
    benchmark: z.string(),
    division: z.string(),
    clientLocation: str,
    availability: z.string(),
    status: z.enum(["peer-review-pending", "finalized", "invalidated", "withdrawn", "superseded"]),
    statusNote: str,
    cohort: str,
    accelerator: str,
    acceleratorsPerNode: num,
    nodes: num,
    totalAccelerators: num,
    servingEngine: str,
    precision: str,
    provisionedPowerW: num,
    sourceUrl: str,
    synthetic: z.boolean().meta({ description: "MLCommons' synthetic checker test data, never a hardware result" }),
    supersededBy: str,
    importedAt: str,
    points: z.array(CurvePoint).meta({ description: "sorted by concurrency" }),
  })
  .meta({ id: "Curve", description: "An MLPerf Endpoints curve: one system and model, its load points." });

export const CurveList = z.object({ total: z.number().int(), curves: z.array(Curve) }).meta({ id: "CurveList" });

export const CurveDetail = Curve.extend({
  history: z.array(z.object({ id: z.string(), cohort: str, status: z.string() })),
}).meta({ id: "CurveDetail", description: "A curve with its series across cohorts." });

export const Compare = z
  .object({
    results: z.array(Result),
    bakeoff: z.array(BakeoffUpload.omit({ fileName: true })),
    flags: z.array(Flag),
    curves: z.array(Curve),
    footnotes: z.array(z.string()),
    perAccelerator: z.record(z.string(), PerAcceleratorFigure),
    dataVersion: z.string(),
    retrievedAt: z.string(),
  })
  .meta({
    id: "Compare",
    description: "Results (and MLPerf Endpoints curves) side by side with the flags that must be read first.",
  });

const FieldValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const ChangeList = z
  .object({
    changes: z.array(
      z.object({
        at: z.string(),
        source: z.string(),
        kind: z.enum(["new", "changed", "no-longer-published", "status"]),
        id: z.string(),
        fields: z.array(z.object({ field: z.string(), old: FieldValue, new: FieldValue })),
        round: z.string(),
        label: z.string(),
      }),
    ),
  })
  .meta({ id: "ChangeList", description: "What each import changed among the selected results, newest first." });

/** A chart as data: exactly the points the chart draws (the CSV has one row per point). */
export const ChartData = z
  .object({
    kind: z.enum(["scatter", "bars", "steps"]),
    title: z.string(),
    x: z.object({ label: z.string(), units: z.string(), scale: z.enum(["log", "linear", "category"]) }),
    y: z.object({ label: z.string(), units: z.string() }),
    series: z.array(
      z.object({
        name: z.string(),
        line: z.boolean().meta({ description: "whether the points are joined (a step function for curves)" }),
        points: z.array(
          z.object({ x: z.union([z.number(), z.string()]), y: z.number(), label: z.string(), id: str, flag: str }),
        ),
      }),
    ),
    notes: z.array(z.string()),
    citation: z.string(),
    dataVersion: z.string(),
    link: z.string(),
  })
  .meta({ id: "ChartData" });
