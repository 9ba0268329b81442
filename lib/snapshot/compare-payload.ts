// A frozen comparison's stored payload (what /compare showed), checked through zod on every read. Pure.

import { z } from "zod";
import { RESULT_STATUSES } from "@/lib/lifecycle/status";
import { benchmarkIdentity } from "../judge/identity";
import { BAKEOFF_TOOLS, SCENARIOS, VALIDITIES } from "../types";
import { curveSchema } from "./curve-payload";

const num = z.number().nullable();
const percentiles = z.object({
  min: num,
  max: num,
  mean: num,
  p50: num,
  p90: num,
  p95: num,
  p97: num,
  p99: num,
  p999: num,
});
const latency = z.object({
  source: z.string(),
  ttftMs: percentiles.nullable(),
  tpotMs: percentiles.nullable(),
  latencyMs: percentiles.nullable(),
  targetQps: num,
  ttftLimitMs: num,
  tpotLimitMs: num,
  loadgenVersion: z.string().nullable(),
  minDurationMs: num,
  validity: z.enum(VALIDITIES),
  failedChecks: z.array(z.string()),
  logValue: num,
  queryCount: num,
});
const result = z
  .object({
    id: z.string(),
    resultId: z.string().nullable(),
    round: z.string(),
    submitter: z.string(),
    system: z.string(),
    platform: z.string(),
    accelerator: z.string().nullable(),
    acceleratorsPerNode: num,
    nodes: num,
    totalAccelerators: num,
    heterogeneous: z.boolean(),
    // a mixed system's per-type groups, so a frozen comparison still reads "8×MI300X + 8×MI325X + 8×MI355X"
    acceleratorGroups: z.array(z.object({ name: z.string(), count: z.number() })).optional(),
    hostProcessor: z.string().nullable(),
    operatingSystem: z.string().nullable(),
    model: z.string(),
    // snapshots frozen before the benchmark table have none: their published name gives it
    benchmark: z.string().optional(),
    usedModel: z.string(),
    modelFamily: z.string(),
    accuracyTarget: z.string().nullable(),
    scenario: z.enum(SCENARIOS),
    division: z.string(),
    availability: z.string(),
    suite: z.string(),
    precision: z.string().nullable(),
    precisionRaw: z.string().nullable(),
    software: z.string().nullable(),
    softwareStack: z.array(
      z.object({ name: z.string(), version: z.string().nullable(), qualifier: z.string().optional() }),
    ),
    value: z.number(),
    units: z.string(),
    higherIsBetter: z.boolean(),
    perAccelerator: num,
    perAcceleratorNote: z.string().nullable(),
    power: num,
    powerUnits: z.string().nullable(),
    hasPower: z.boolean(),
    // snapshots frozen before per watt existed have no perWatt: read as null (no measurement shown)
    perWatt: num.optional().transform((v) => v ?? null),
    validity: z.enum(VALIDITIES),
    inferred: z.boolean(),
    tokensPerSample: num,
    measurementKey: z.string(),
    sourceUrl: z.string().nullable(),
    codeUrl: z.string().nullable(),
    location: z.string().nullable(),
    resultsFolderUrl: z.string().nullable().optional(),
    // what the read path serves (db/queries/published.ts); optional, for payloads frozen before either existed
    detailsUrl: z.string().nullable().optional(),
    servingEngine: z.string().nullable().optional(),
    status: z.enum(RESULT_STATUSES).optional(),
    statusSince: z.string().nullable().optional(),
    notes: z.array(z.object({ code: z.string(), message: z.string() })),
    latency: latency.nullable(),
    importedAt: z.string().nullable(),
  })
  .transform((r) => ({ ...r, benchmark: r.benchmark ?? benchmarkIdentity(r.model).benchmark }));
const perAcceleratorSchema = z.object({
  value: num,
  perNode: num,
  note: z.string().nullable(),
  formula: z.string(),
  label: z.literal("derived, not an MLPerf metric"),
  accelerators: num,
  nodes: num,
  units: z.string(),
});
const flag = z.object({
  code: z.string(),
  severity: z.enum(["block", "warn", "info"]),
  message: z.string(),
  ids: z.array(z.string()),
});
const latencyMs = z.object({ mean: num, p50: num, p90: num, p95: num, p99: num });
/** The parts of a bake-off run a comparison shows; the rest of the stored run is not needed to render it. */
const bakeoffRun = z.object({
  tool: z.enum(BAKEOFF_TOOLS),
  toolVersion: z.string().nullable(),
  model: z.string().nullable(),
  load: z.object({ kind: z.string(), concurrency: num, requestRate: num }),
  reqPerS: num,
  outTokPerS: num,
  totalTokPerS: num,
  ttftMs: latencyMs.nullable(),
  tpotMs: latencyMs.nullable(),
  validity: z.enum(VALIDITIES),
  accelerators: num,
});
const bakeoffUpload = z.object({
  id: z.string(),
  label: z.string(),
  format: z.string(),
  accelerator: z.string().nullable(),
  accelerators: num,
  nodes: num,
  modelFamily: z.string().nullable(),
  runs: z.array(bakeoffRun),
  warnings: z.array(z.string()),
  createdAt: z.string(),
});
export const comparePayloadSchema = z.object({
  results: z.array(result),
  bakeoff: z.array(bakeoffUpload),
  // MLPerf Endpoints curves set beside the results; comparisons frozen before curves existed have none
  curves: z
    .array(curveSchema)
    .optional()
    .transform((c) => c ?? []),
  flags: z.array(flag),
  footnotes: z.array(z.string()),
  perAccelerator: z.record(z.string(), perAcceleratorSchema),
  suggestions: z.array(
    z.object({
      forId: z.string(),
      flagCode: z.string(),
      text: z.string(),
      ids: z.array(z.string()),
      pair: z.tuple([z.string(), z.string()]).optional(),
    }),
  ),
  dataVersion: z.string(),
  retrievedAt: z.string(),
});

/** What a comparison view renders. db's ComparePayload is assignable to it (checked where snapshots are written). */
export type CompareData = z.infer<typeof comparePayloadSchema>;
export type CompareResult = CompareData["results"][number];
export type CompareFlag = CompareData["flags"][number];
export type CompareBakeoff = CompareData["bakeoff"][number];
export type CompareCurve = CompareData["curves"][number];

/** Stored JSON → the payload, or why it cannot be shown (never a crash on a corrupt row). */
export function parseStoredPayload(text: string): { ok: true; payload: CompareData } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: "the stored snapshot is not valid JSON" };
  }
  const r = comparePayloadSchema.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0];
    return { ok: false, message: `the stored snapshot does not match the comparison shape (${issue?.path.join(".")})` };
  }
  return { ok: true, payload: r.data };
}
