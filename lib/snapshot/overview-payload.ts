// A frozen overview (issue 30): what /overview showed, recomputed by the server from the canonical query, checked
// before it is stored and on every read, so the frozen view shows exactly those rows. Pure.
import { z } from "zod";
import type { OverviewRow } from "../overview";

const num = z.number().nullable();
// An overview frozen before input and output were priced apart (issue 30) stored no split: it reads as not split, its
// cost all on output tokens, which is what it showed.
const LEGACY_SPLIT = {
  mix: null,
  why: "Not priced apart: frozen before input and output tokens were priced apart.",
  inputPerM: null,
  outputPerM: null,
  blendedPerM: null,
  energyInputKWh: null,
  energyOutputKWh: null,
};
const split = z
  .object({
    mix: z.object({ inTok: z.number(), outTok: z.number(), source: z.string() }).nullable(),
    why: z.string().nullable(),
    inputPerM: num,
    outputPerM: num,
    blendedPerM: num,
    energyInputKWh: num,
    energyOutputKWh: num,
  })
  .default(LEGACY_SPLIT);
const row = z.looseObject({
  system: z.string(),
  submitter: z.string(),
  source: z.enum(["published", "curve", "bakeoff"]),
  verified: z.boolean(),
  accelerator: z.string().nullable(),
  totalAccelerators: num,
  division: z.string().nullable(),
  round: z.string().nullable(),
  tokensPerAccHour: num,
  costPerMTokens: num,
  cost: z.object({ accelerator: num, energy: num }),
  energyPerMTokensKWh: num,
  split,
  energyKind: z.enum(["measured", "provisioned"]).nullable(),
  energyWhy: z.string(),
  basis: z.object({
    kind: z.enum(["result", "curve", "bakeoff"]),
    id: z.string(),
    point: z.string().nullable(),
    href: z.string().regex(/^\/(results|curves|bakeoff)\//),
    label: z.string(),
  }),
  meets: z.boolean(),
  why: z.string(),
  ceiling: z.object({ tokensPerAccHour: z.number(), href: z.string(), label: z.string() }).nullable(),
});

export const overviewPayloadSchema = z.object({
  kind: z.literal("overview"),
  query: z.string(),
  dataVersion: z.string(),
  dataVersionAt: z.string(),
  benchmark: z.string(),
  presetName: z.string(),
  level: z.object({ tpsPerUser: num, ttftMs: num }),
  pricing: z.object({
    pricePerAccHour: num,
    pricePerKwh: num,
    pue: z.number(),
    inputWeight: z.number().default(0),
    shape: z
      .object({ name: z.string(), inTok: z.number(), outTok: z.number() })
      .default({ name: "not recorded", inTok: 0, outTok: 0 }),
  }),
  rows: z.array(row),
  notes: z.array(z.string()),
  issues: z.array(z.object({ field: z.string(), message: z.string() })),
});

export type OverviewSnapshotData = Omit<z.infer<typeof overviewPayloadSchema>, "rows"> & { rows: OverviewRow[] };

/** The payload as it will be stored, or the first reason it cannot be. */
export function checkOverviewPayload(
  p: unknown,
): { ok: true; payload: OverviewSnapshotData } | { ok: false; message: string } {
  const r = overviewPayloadSchema.safeParse(p);
  if (!r.success) {
    const i = r.error.issues[0];
    return { ok: false, message: `the overview does not match its shape (${i?.path.join(".")}: ${i?.message})` };
  }
  return { ok: true, payload: r.data as OverviewSnapshotData };
}
