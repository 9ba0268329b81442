// The overview's URL state (issue 30): a benchmark, a service level (a per-user speed and a TTFT, or a named traffic
// shape from lib/plan/presets.ts), the planner's price, electricity and PUE inputs, and the team's bake-offs. Pure.
// Same style as lib/plan/params.ts: a bad value falls back to its default and is reported beside its field (the API
// refuses it instead); unknown keys are ignored by the page; one state, one canonical URL.
import { UPLOAD_ID } from "@/lib/id-patterns";
import { limitsOf } from "@/lib/judge";
import { checkField, defaultFor, fallbackText, toNumber } from "@/lib/plan/fields";
import { get, type Params, parsePreset } from "@/lib/plan/params";
import { DEFAULT_PRESET, PRESETS, type PresetId } from "@/lib/plan/presets";
import { checkInputWeight, DEFAULT_INPUT_WEIGHT } from "@/lib/plan/split";

export const MAX_OVERVIEW_BAKEOFF = 3;

/** Every key the overview reads, in the order its canonical URL writes them (CONTRACT: GET /api/overview). */
export const OVERVIEW_KEYS = [
  "benchmark",
  "preset",
  "tpsPerUser",
  "ttftMs",
  "pricePerAccHour",
  "kwh",
  "pue",
  "inputWeight",
  "bakeoff",
] as const;
export type OverviewKey = (typeof OVERVIEW_KEYS)[number];

/** The service level: output tokens/s each user sees (1000 ÷ TPOT ms) and time to first token; null = no bound. */
export interface ServiceLevel {
  tpsPerUser: number | null;
  ttftMs: number | null;
}

/** The TPOT bound a per-user speed means: 25 tokens/s per user → 40 ms per output token. */
export function tpotBoundMs(level: ServiceLevel): number | null {
  return level.tpsPerUser === null ? null : 1000 / level.tpsPerUser;
}

export interface OverviewPricing {
  /** $ per accelerator-hour (lib/plan/fields.ts "price"); null: no cost shown. */
  pricePerAccHour: number | null;
  /** $ per kWh (lib/plan "kwh"); null: no electricity cost. */
  pricePerKwh: number | null;
  /** Facility PUE (lib/plan "pue", default 1.3). */
  pue: number;
  /** What one input token costs against one output token (lib/plan/split.ts; default 0.25, 0 = all on output). */
  inputWeight: number;
  /** The traffic shape's tokens per request, for the blended price: the chosen preset's (lib/plan/presets.ts). */
  shape: { name: string; inTok: number; outTok: number };
}

export interface OverviewForm {
  benchmark: string;
  preset: PresetId;
  fields: Record<"tpsPerUser" | "ttftMs" | "pricePerAccHour" | "kwh" | "pue" | "inputWeight", string>;
  bakeoff: string[];
}

export interface OverviewInputs {
  /** As asked ("" = the page picks one from the data). */
  benchmark: string;
  preset: PresetId;
  level: ServiceLevel;
  pricing: OverviewPricing;
  bakeoff: string[];
}

export interface OverviewIssue {
  field: string;
  message: string;
}

export type { Params } from "@/lib/plan/params";

/** A preset's per-user speed: 1000 ÷ its TPOT bound (chat: 1000 ÷ 40 ms = 25 tokens/s per user); null for no bound. */
export function presetTpsPerUser(preset: PresetId): number | null {
  const t = PRESETS[preset].tpotMs;
  return t === null ? null : 1000 / t;
}

const TPS_LABEL = "Tokens per second per user";
const MAX_TPS = 10_000;

/** A per-user speed as typed: "" or "none" = no bound; otherwise more than 0 and at most 10,000 tokens/s. */
function checkTps(raw: string): { ok: true; value: number | null } | { ok: false; message: string } {
  const s = raw.trim();
  if (s === "" || s.toLowerCase() === "none") return { ok: true, value: null };
  const n = toNumber(s);
  if (n === null) return { ok: false, message: `${TPS_LABEL} must be a plain number, like 25 or 12.5` };
  if (!(n > 0)) return { ok: false, message: `${TPS_LABEL} must be more than 0 (leave it empty for no bound)` };
  if (n > MAX_TPS)
    return { ok: false, message: `${TPS_LABEL}: over 10,000 tokens/s for one user is implausible; check the units` };
  return { ok: true, value: n };
}

const numStr = (n: number | null) => (n === null ? "" : String(Number(n.toPrecision(12))));

/** Which plan field (lib/plan/fields.ts) checks each numeric key: the planner's labels, ranges and defaults. */
const PLAN_FIELD = { ttftMs: "ttft", pricePerAccHour: "price", kwh: "kwh", pue: "pue" } as const;

function defaultOf(key: keyof OverviewForm["fields"], preset: PresetId): number | null {
  if (key === "inputWeight") return DEFAULT_INPUT_WEIGHT;
  return key === "tpsPerUser" ? presetTpsPerUser(preset) : defaultFor(PLAN_FIELD[key], preset);
}

function check(key: keyof OverviewForm["fields"], raw: string) {
  if (key === "inputWeight") return checkInputWeight(raw);
  return key === "tpsPerUser" ? checkTps(raw) : checkField(PLAN_FIELD[key], raw);
}

function fallback(key: keyof OverviewForm["fields"], preset: PresetId): string {
  if (key === "inputWeight") return `the default weight ${DEFAULT_INPUT_WEIGHT} is used`;
  if (key !== "tpsPerUser") return fallbackText(PLAN_FIELD[key], preset);
  const d = presetTpsPerUser(preset);
  return d === null ? "the preset's no bound is used" : `the preset's ${numStr(d)} tokens/s per user is used`;
}

const FIELD_KEYS = ["tpsPerUser", "ttftMs", "pricePerAccHour", "kwh", "pue", "inputWeight"] as const;

/** An LLM benchmark the limits table knows (lib/judge limitsOf): the only ones a service level applies to. */
export function isLevelBenchmark(name: string): boolean {
  return limitsOf(name)?.llm === true;
}

/** Parse the query into the form (as typed), the inputs used (valid values only) and issues. */
export function parseOverviewParams(params: Params): {
  form: OverviewForm;
  inputs: OverviewInputs;
  issues: OverviewIssue[];
} {
  const issues: OverviewIssue[] = [];
  const { preset, issue } = parsePreset(params, "traffic shape");
  if (issue) issues.push(issue);
  let benchmark = (get(params, "benchmark") ?? "").trim().slice(0, 80);
  if (benchmark !== "" && !isLevelBenchmark(benchmark)) {
    issues.push({
      field: "benchmark",
      message: `"${benchmark}" is not an LLM benchmark with token latency limits; the default benchmark is used`,
    });
    benchmark = "";
  }
  const fields = {} as OverviewForm["fields"];
  const values = {} as Record<(typeof FIELD_KEYS)[number], number | null>;
  for (const k of FIELD_KEYS) {
    const raw = get(params, k);
    const d = defaultOf(k, preset);
    if (raw === undefined) {
      fields[k] = numStr(d);
      values[k] = d;
      continue;
    }
    fields[k] = raw.trim().toLowerCase() === "none" ? "" : raw.slice(0, 40);
    const c = check(k, raw);
    if (c.ok) values[k] = c.value;
    else {
      values[k] = d;
      issues.push({ field: k, message: `${c.message}; ${fallback(k, preset)} until it is fixed.` });
    }
  }
  const bakeoff = idList(get(params, "bakeoff") ?? "");
  const good = bakeoff.filter((id) => UPLOAD_ID.test(id));
  if (good.length < bakeoff.length)
    issues.push({
      field: "bakeoff",
      message: `Ignored ${bakeoff.length - good.length} malformed bake-off upload id(s)`,
    });
  if (good.length > MAX_OVERVIEW_BAKEOFF)
    issues.push({
      field: "bakeoff",
      message: `At most ${MAX_OVERVIEW_BAKEOFF} bake-off uploads beside the published rows; the first ${MAX_OVERVIEW_BAKEOFF} are used`,
    });
  const used = good.slice(0, MAX_OVERVIEW_BAKEOFF);
  return {
    form: { benchmark, preset, fields, bakeoff: used },
    inputs: {
      benchmark,
      preset,
      level: { tpsPerUser: values.tpsPerUser, ttftMs: values.ttftMs },
      pricing: {
        pricePerAccHour: values.pricePerAccHour,
        pricePerKwh: values.kwh,
        pue: values.pue ?? defaultFor("pue", preset) ?? 1.3,
        inputWeight: values.inputWeight ?? DEFAULT_INPUT_WEIGHT,
        shape: { name: PRESETS[preset].name, inTok: PRESETS[preset].inTok, outTok: PRESETS[preset].outTok },
      },
      bakeoff: used,
    },
    issues,
  };
}

function idList(raw: string): string[] {
  return [
    ...new Set(
      raw
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].sort();
}

/**
 * The canonical query (no leading "?"): values equal to their default left out, numbers written plainly, a cleared
 * bound written "none", a bad value as typed (so the page and a shared link show the same message).
 */
export function overviewQuery(form: OverviewForm): string {
  const set: Partial<Record<OverviewKey, string>> = {};
  if (form.benchmark) set.benchmark = form.benchmark;
  if (form.preset !== DEFAULT_PRESET) set.preset = form.preset;
  for (const k of FIELD_KEYS) {
    const raw = (form.fields[k] ?? "").trim();
    const c = check(k, raw);
    const d = defaultOf(k, form.preset);
    if (!c.ok) set[k] = raw.slice(0, 40);
    else if (c.value !== null && d !== null && Math.abs(c.value - d) < 1e-9) continue;
    else if (c.value === null && d === null) continue;
    else set[k] = c.value === null ? "none" : numStr(c.value);
  }
  const b = idList(form.bakeoff.join(","));
  if (b.length) set.bakeoff = b.join(",");
  const out = new URLSearchParams();
  for (const key of OVERVIEW_KEYS) if (key in set) out.set(key, set[key] ?? "");
  return out.toString().replace(/%2C/g, ",");
}

/** The form a traffic shape starts from: its per-user speed and TTFT, other choices kept. */
export function withOverviewPreset(form: OverviewForm, preset: PresetId): OverviewForm {
  return {
    ...form,
    preset,
    fields: { ...form.fields, tpsPerUser: numStr(presetTpsPerUser(preset)), ttftMs: numStr(PRESETS[preset].ttftMs) },
  };
}

export function overviewHref(query: string): string {
  return query ? `/overview?${query}` : "/overview";
}
