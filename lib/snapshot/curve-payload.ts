// An MLPerf Endpoints curve as a frozen comparison stores it (lib/endpoints/curve-types.ts Curve, every field), so a
// shared link redraws the same steps, points table and flags after the curve's status or points change. Pure.
import { z } from "zod";
import { CURVE_STATUSES } from "../endpoints/curve-types";

const num = z.number().nullable();

const curvePoint = z.object({
  concurrency: z.number(),
  cohort: z.string().nullable(),
  offline: z.boolean(),
  offlineKind: z.enum(["dedicated", "elected"]).nullable(),
  systemTps: z.number(),
  tpsPerUser: num,
  ttftP90Ms: num,
  tpotP90Ms: num,
  perAccelerator: num,
  systemTpsPerKwProvisioned: num,
  samplesCompleted: num,
  samplesFailed: num,
  durationS: z.number(),
  outputTokens: z.number(),
  failedChecks: z.array(z.string()),
});

export const curveSchema = z.object({
  id: z.string(),
  seriesId: z.string(),
  suite: z.literal("endpoints"),
  layout: z.enum(["v1.0", "v0.7"]),
  submitter: z.string(),
  system: z.string(),
  model: z.string(),
  benchmark: z.string(),
  division: z.string(),
  clientLocation: z.enum(["on-premises", "network"]).nullable(),
  availability: z.string(),
  status: z.enum(CURVE_STATUSES),
  statusNote: z.string().nullable(),
  cohort: z.string().nullable(),
  accelerator: z.string().nullable(),
  acceleratorsPerNode: num,
  nodes: num,
  totalAccelerators: num,
  servingEngine: z.string().nullable(),
  precision: z.string().nullable(),
  provisionedPowerW: num,
  provisionedPowerNote: z.string(),
  // frozen before the curve stored its stated token mix (issue 30): none stated
  inputTokenAverage: num.default(null),
  outputTokenAverage: num.default(null),
  sourceUrl: z.string().nullable(),
  source: z.string(),
  synthetic: z.boolean(),
  supersededBy: z.string().nullable(),
  importedAt: z.string().nullable(),
  points: z.array(curvePoint),
});
