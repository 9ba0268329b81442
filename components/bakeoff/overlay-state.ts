// URL state of the /bakeoff/{id} overlay: which published family/round to show, which latency on the scatter,
// the SLO targets, the published result the flags and the compare link use, and which page of load points the
// tables list. Pure; shared by the server page
// and the client controls. Bad values fall back to their defaults; defaults are left out of the URL.
import { z } from "zod";
import { RESULT_ID } from "@/lib/id-patterns";
import { familyOfName } from "@/lib/judge";

export const OVERLAY_METRICS = ["ttft", "tpot"] as const;
export type OverlayMetric = (typeof OVERLAY_METRICS)[number];
export const SLO_SCENARIOS = ["Server", "Interactive"] as const;
export type SloScenario = (typeof SLO_SCENARIOS)[number];

export interface OverlayState {
  family: string | null; // null: the upload's mapped family
  round: string | null; // null: newest round with results for the family
  metric: OverlayMetric;
  slo: SloScenario | null; // null: from the run (LoadGen Interactive) or Server
  ttft: number | null; // p99 TTFT target in ms; null: the scenario's limit
  tpot: number | null;
  ref: string | null; // published result id; null: picked automatically
  page: number | null; // which PAGE_ROWS load points the tables list (1-based); null: the first
}

export const OVERLAY_DEFAULTS: OverlayState = {
  family: null,
  round: null,
  metric: "ttft",
  slo: null,
  ttft: null,
  tpot: null,
  ref: null,
  page: null,
};

/**
 * The family the overlay draws the published lanes of: the one picked in the URL, else the upload's stored family (the
 * judge's familyOfServedModels of its runs unless chosen by hand), in the benchmark table's spelling.
 */
export function overlayFamily(
  state: Pick<OverlayState, "family">,
  upload: { modelFamily: string | null },
): string | null {
  const spelled = state.family ?? upload.modelFamily;
  return spelled ? familyOfName(spelled) : null;
}

const KEYS = ["family", "round", "metric", "slo", "ttft", "tpot", "ref", "page"] as const;

const schemas = {
  // a benchmark or family by any name a round publishes ("VLM", "text_to_video") is the benchmark table's family
  family: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._ -]{0,59}$/)
    .transform((v) => familyOfName(v)),
  round: z.string().regex(/^v\d+\.\d+$/),
  metric: z.enum(OVERLAY_METRICS),
  slo: z.enum(SLO_SCENARIOS),
  ttft: z.coerce.number().positive().max(600_000),
  tpot: z.coerce.number().positive().max(600_000),
  ref: z.string().regex(RESULT_ID),
  page: z.coerce.number().int().min(2).max(10_000),
};

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

function get(p: Params, key: string): string | undefined {
  if (p instanceof URLSearchParams) return p.get(key) ?? undefined;
  const v = p[key];
  return Array.isArray(v) ? v[0] : v;
}

export function parseOverlayState(params: Params): OverlayState {
  const s: OverlayState = { ...OVERLAY_DEFAULTS };
  for (const key of KEYS) {
    const raw = get(params, key);
    if (raw === undefined || raw.trim() === "") continue;
    const r = schemas[key].safeParse(raw.trim());
    if (r.success) (s as unknown as Record<string, unknown>)[key] = r.data;
  }
  return s;
}

/** Canonical query (no "?"): fixed key order, defaults left out. */
export function serializeOverlayState(s: OverlayState): string {
  const out = new URLSearchParams();
  for (const key of KEYS) {
    const v = s[key];
    if (v === null || v === OVERLAY_DEFAULTS[key]) continue;
    out.set(key, String(v));
  }
  return out.toString();
}

export function withOverlayChanges(s: OverlayState, changes: Partial<OverlayState>): string {
  return serializeOverlayState({ ...s, ...changes });
}
