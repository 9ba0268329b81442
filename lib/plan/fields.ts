// The planner's numeric inputs: each field's label, unit and accepted range, the zod check behind every inline
// message (zero, negative, missing, absurd), and the default a field falls back to. Pure.
import { z } from "zod";
import { PRESETS, type PresetId } from "./presets";
import { checkInputWeight, DEFAULT_INPUT_WEIGHT } from "./split";

export const NUMERIC_FIELDS = [
  "rps",
  "in",
  "out",
  "ttft",
  "tpot",
  "usable",
  "util",
  "k",
  "price",
  "kw",
  "rack",
  "kwh",
  "pue",
  "inputWeight",
] as const;
export type NumericField = (typeof NUMERIC_FIELDS)[number];

export const DEFAULT_USABLE_PCT = 90;
export const DEFAULT_UTIL_PCT = 80;
export const DEFAULT_K = 1;
/** A typical air-cooled data centre; entered figures replace it. */
const DEFAULT_PUE = 1.3;

interface FieldSpec {
  label: string;
  unit: string;
  /** Optional fields accept an empty value (no SLO bound, no price). */
  optional: boolean;
  integer: boolean;
  /** Smallest accepted value; zero is rejected for every field except k. */
  min: number;
  minMessage: string;
  max: number;
  maxMessage: string;
}

export const FIELD_SPECS: Record<NumericField, FieldSpec> = {
  rps: {
    label: "Peak requests per second",
    unit: "req/s",
    optional: false,
    integer: false,
    min: Number.MIN_VALUE,
    minMessage: "must be more than 0",
    max: 10_000_000,
    maxMessage: "over 10,000,000 requests/s is implausible for one deployment; check the units",
  },
  in: {
    label: "Mean input tokens",
    unit: "tokens",
    optional: false,
    integer: false,
    min: 1,
    minMessage: "must be at least 1 token",
    max: 2_000_000,
    maxMessage: "over 2,000,000 tokens is beyond any model's context window",
  },
  out: {
    label: "Mean output tokens",
    unit: "tokens",
    optional: false,
    integer: false,
    min: 1,
    minMessage: "must be at least 1 token",
    max: 200_000,
    maxMessage: "over 200,000 output tokens per request is implausible",
  },
  ttft: {
    label: "p99 TTFT bound",
    unit: "ms",
    optional: true,
    integer: false,
    min: Number.MIN_VALUE,
    minMessage: "must be more than 0 ms (leave it empty for no TTFT bound)",
    max: 600_000,
    maxMessage: "over 600,000 ms (10 minutes) to the first token is not a latency bound; leave it empty for none",
  },
  tpot: {
    label: "p99 TPOT bound",
    unit: "ms",
    optional: true,
    integer: false,
    min: Number.MIN_VALUE,
    minMessage: "must be more than 0 ms (leave it empty for no TPOT bound)",
    max: 10_000,
    maxMessage: "over 10,000 ms per output token is not a latency bound; leave it empty for none",
  },
  usable: {
    label: "Usable capacity",
    unit: "%",
    optional: false,
    integer: false,
    min: 10,
    minMessage: "below 10% is implausible; enter a percentage (90 means 90%)",
    max: 100,
    maxMessage: "can't be more than 100%",
  },
  util: {
    label: "Target utilization",
    unit: "%",
    optional: false,
    integer: false,
    min: 10,
    minMessage: "below 10% is implausible; enter a percentage (80 means 80%)",
    max: 100,
    maxMessage: "can't be more than 100%",
  },
  k: {
    label: "Spare nodes (N+k)",
    unit: "nodes",
    optional: false,
    integer: true,
    min: 0,
    minMessage: "can't be negative",
    max: 100,
    maxMessage: "more than 100 spare nodes is implausible",
  },
  price: {
    label: "Price per accelerator-hour",
    unit: "$",
    optional: true,
    integer: false,
    min: Number.MIN_VALUE,
    minMessage: "must be more than $0 (leave it empty for no cost)",
    max: 1_000,
    maxMessage: "over $1,000 per accelerator-hour is implausible; check the units",
  },
  kw: {
    label: "Power per node (estimate)",
    unit: "kW",
    optional: true,
    integer: false,
    min: Number.MIN_VALUE,
    minMessage: "must be more than 0 kW (leave it empty when unknown)",
    max: 1_000,
    maxMessage: "over 1,000 kW for one node is implausible; check the units (kW, not W)",
  },
  rack: {
    label: "Power budget per rack or site",
    unit: "kW",
    optional: true,
    integer: false,
    min: Number.MIN_VALUE,
    minMessage: "must be more than 0 kW (leave it empty for no rack count)",
    max: 1_000_000,
    maxMessage: "over 1,000,000 kW (1 GW) is beyond any site; check the units",
  },
  kwh: {
    label: "Electricity price",
    unit: "$/kWh",
    optional: true,
    integer: false,
    min: Number.MIN_VALUE,
    minMessage: "must be more than $0 per kWh (leave it empty for no electricity cost)",
    max: 10,
    maxMessage: "over $10 per kWh is implausible; check the units",
  },
  pue: {
    label: "PUE",
    unit: "×",
    optional: false,
    integer: false,
    min: 1,
    minMessage: "can't be below 1 (facility power includes the IT load)",
    max: 5,
    maxMessage: "over 5 is implausible for a data centre",
  },
  // checked by lib/plan/split.ts checkInputWeight, the overview's own check (one rule for both pages)
  inputWeight: {
    label: "Input-token weight",
    unit: "×",
    optional: false,
    integer: false,
    min: 0,
    minMessage: "can't be negative",
    max: 10,
    maxMessage: "an input token costing over 10 output tokens is implausible; it is a ratio, not a price",
  },
};

/** "1,000", " 2.5 ", "$3", "90%" → number; anything else (hex, "1e", "abc", "Infinity") → null. */
export function toNumber(raw: string): number | null {
  const s = raw
    .trim()
    .replace(/[,_\s]/g, "")
    .replace(/^\$/, "")
    .replace(/%$/, "");
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

function fieldSchema(field: NumericField) {
  const spec = FIELD_SPECS[field];
  return z
    .string()
    .trim()
    .min(1, { error: `${spec.label} is missing` })
    .max(40, { error: `${spec.label} is not a number` })
    .transform((v, ctx) => {
      const n = toNumber(v);
      if (n === null) {
        ctx.addIssue({ code: "custom", message: `${spec.label} must be a plain number, like 1200 or 2.5` });
        return z.NEVER;
      }
      return n;
    })
    .pipe(
      z
        .number()
        .refine((n) => n >= 0, { error: `${spec.label} can't be negative` })
        .refine((n) => n >= spec.min, { error: `${spec.label} ${spec.minMessage}` })
        .refine((n) => n <= spec.max, { error: `${spec.label}: ${spec.maxMessage}` })
        .refine((n) => !spec.integer || Number.isInteger(n), { error: `${spec.label} must be a whole number` }),
    );
}

const SCHEMAS = Object.fromEntries(NUMERIC_FIELDS.map((f) => [f, fieldSchema(f)])) as Record<
  NumericField,
  ReturnType<typeof fieldSchema>
>;

export type FieldCheck = { ok: true; value: number | null } | { ok: false; message: string };

/** One form value checked: optional fields accept "" (and "none" for the SLO bounds) as null. */
export function checkField(field: NumericField, raw: string): FieldCheck {
  const s = raw.trim();
  if (FIELD_SPECS[field].optional && (s === "" || s.toLowerCase() === "none")) return { ok: true, value: null };
  if (field === "inputWeight") return checkInputWeight(s);
  const r = SCHEMAS[field].safeParse(s);
  if (r.success) return { ok: true, value: r.data };
  return { ok: false, message: r.error.issues[0]?.message ?? `${FIELD_SPECS[field].label} is not valid` };
}

/** The value a field has when the URL leaves it out. */
export function defaultFor(field: NumericField, preset: PresetId): number | null {
  const p = PRESETS[preset];
  switch (field) {
    case "rps":
      return p.rps;
    case "in":
      return p.inTok;
    case "out":
      return p.outTok;
    case "ttft":
      return p.ttftMs;
    case "tpot":
      return p.tpotMs;
    case "usable":
      return DEFAULT_USABLE_PCT;
    case "util":
      return DEFAULT_UTIL_PCT;
    case "k":
      return DEFAULT_K;
    case "price":
    case "kw":
    case "rack":
    case "kwh":
      return null;
    case "pue":
      return DEFAULT_PUE;
    case "inputWeight":
      return DEFAULT_INPUT_WEIGHT;
  }
}

/** What the page says a bad value was replaced with. */
export function fallbackText(field: NumericField, preset: PresetId): string {
  const d = defaultFor(field, preset);
  const spec = FIELD_SPECS[field];
  const from = ["rps", "in", "out", "ttft", "tpot"].includes(field) ? "the preset's" : "the default";
  if (d === null)
    return field === "price"
      ? "no cost is shown"
      : field === "kw"
        ? "no power estimate is used"
        : field === "rack"
          ? "no rack count is shown"
          : field === "kwh"
            ? "no electricity cost is shown"
            : `${from} no bound is used`;
  const v = d.toLocaleString("en-US");
  const shown = spec.unit === "%" ? `${v}%` : spec.unit === "$" ? `$${v}` : `${v} ${spec.unit}`;
  return `${from} ${shown} is used`;
}
