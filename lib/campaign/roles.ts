// A campaign member's role: which traffic shape it tests, warm or cold cache, and under which condition.
// One registry per concept (id, label, and for shapes the planner preset whose SLO judges them). Pure data.
import { PRESETS, type PresetId } from "@/lib/plan/presets";

export const SHAPES = {
  chat: { label: "Chat (short prompts, p99 TTFT rules)", short: "chat", preset: "chat" as PresetId },
  "long-context": { label: "Long context (prefill-heavy)", short: "long-context", preset: "rag" as PresetId },
  batch: { label: "Batch throughput (no latency bound)", short: "batch", preset: "batch" as PresetId },
  custom: { label: "Custom ISL/OSL", short: "custom", preset: null },
} as const;
export type ShapeId = keyof typeof SHAPES;
export const SHAPE_IDS = Object.keys(SHAPES) as ShapeId[];

export const CACHES = {
  warm: { label: "Warm cache" },
  cold: { label: "Cold cache" },
} as const;
export type CacheId = keyof typeof CACHES;
export const CACHE_IDS = Object.keys(CACHES) as CacheId[];

export const CONDITIONS = {
  baseline: { label: "Baseline" },
  "node-loss": { label: "After a node loss" },
  "throttled-link": { label: "Throttled link" },
  other: { label: "Other condition" },
} as const;
export type ConditionId = keyof typeof CONDITIONS;
export const CONDITION_IDS = Object.keys(CONDITIONS) as ConditionId[];

export const MEMBER_KINDS = ["bakeoff", "reproduction"] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];

/** What a member may declare where its files are silent, with the label the editor shows. */
export const DECLARED_FIELDS = {
  model: "Model",
  engine: "Serving engine",
  engineVersion: "Engine version",
  precision: "Precision",
  acceleratorType: "Accelerator type",
  dataset: "Dataset",
} as const;
export type DeclaredField = keyof typeof DECLARED_FIELDS;

/** One member as stored and as the API takes it (CONTRACT: kind, id, shape, cache, condition; the rest optional). */
export interface CampaignMember {
  kind: MemberKind;
  id: string;
  shape: ShapeId;
  cache: CacheId;
  condition: ConditionId;
  /** Custom shape only: the traffic's mean input and output tokens. */
  isl?: number | null;
  osl?: number | null;
  /** What the user declares where the files are silent (engine, its version, precision, accelerator, dataset). */
  declared?: Partial<Record<DeclaredField, string>>;
  note?: string | null;
}

export interface ShapeSlo {
  ttftP99Ms: number | null;
  tpotP99Ms: number | null;
  /** Where the SLO comes from, in words. */
  source: string;
}

/**
 * The SLO a shape is judged by: the planner's preset for chat, long-context and batch; a custom shape takes the
 * chat preset below 4,096 input tokens and the long-context preset from there (said in `source`).
 */
export function shapeSlo(shape: ShapeId, isl: number | null = null): ShapeSlo {
  const s = SHAPES[shape];
  const presetId: PresetId = s.preset ?? (isl !== null && isl >= 4096 ? "rag" : "chat");
  const p = PRESETS[presetId];
  const bound =
    p.ttftMs === null && p.tpotMs === null
      ? "no latency bound"
      : `p99 TTFT ≤ ${p.ttftMs ?? "—"} ms, p99 TPOT ≤ ${p.tpotMs ?? "—"} ms`;
  const why =
    s.preset === null
      ? ` (custom shape${isl !== null ? ` with ${isl} input tokens` : " without a stated ISL"}: judged by the ${p.name} preset, ${isl === null ? "as no ISL is stated" : isl >= 4096 ? "as it has 4,096 or more input tokens" : "as it has fewer than 4,096 input tokens"})`
      : "";
  return { ttftP99Ms: p.ttftMs, tpotP99Ms: p.tpotMs, source: `the planner's "${p.name}" preset: ${bound}${why}` };
}
