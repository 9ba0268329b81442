// The planner's URL state: every input lives in the query string. Pure.
// Parse: zod per key; a bad, zero, negative, missing or absurd value falls back to its default (the preset's figure
// for workload keys) and is reported as an issue the page shows beside the field. Unknown keys are ignored.
// Serialize: defaults left out, id lists sorted and de-duplicated, keys in a fixed order — one state, one URL.
import { z } from "zod";
import { isCurveId } from "@/lib/endpoints/curve-params";
import { RESULT_ID, UPLOAD_ID } from "@/lib/id-patterns";
import { checkField, defaultFor, fallbackText, NUMERIC_FIELDS, type NumericField } from "./fields";
import type { PowerInputs } from "./power";
import { DEFAULT_PRESET, PRESET_IDS, PRESETS, type PresetId } from "./presets";

export const MAX_BASES = 3;
export const MAX_BAKEOFF = 2;

/** The form as typed: one string per numeric field, plus the choices. */
export interface PlanForm {
  preset: PresetId;
  fields: Record<NumericField, string>;
  basis: string[];
  bakeoff: string[];
  /** MLPerf Endpoints curves (`curve=`), each planned from the step the rules allow (lib/plan/curve-basis.ts) */
  curve: string[];
  derate: boolean;
}

export interface PlanInputs {
  preset: PresetId;
  /** True when any workload or SLO figure differs from the preset. */
  custom: boolean;
  workload: { rps: number; inTok: number; outTok: number };
  slo: { ttftMs: number | null; tpotMs: number | null };
  fleet: { usablePct: number; utilPct: number; k: number; pricePerAccHour: number | null; inputWeight: number };
  basis: string[];
  bakeoff: string[];
  curve: string[];
  derate: boolean;
  /** kW per node (an estimate), rack budget, electricity price and PUE. */
  power: PowerInputs;
}

export interface PlanIssue {
  field: string;
  message: string;
}

export type Params = URLSearchParams | Record<string, string | string[] | undefined>;

/** A key's value; repeated keys (basis=a&basis=b) are joined with commas. The overview's query reads the same way. */
export function get(params: Params, key: string): string | undefined {
  if (params instanceof URLSearchParams) {
    const all = params.getAll(key);
    return all.length === 0 ? undefined : all.join(",");
  }
  const v = params[key];
  return Array.isArray(v) ? v.join(",") : v;
}

const resultIds = z.array(z.string().regex(RESULT_ID));
const uploadIds = z.array(z.string().regex(UPLOAD_ID));
const curveIds = z.array(z.string().refine(isCurveId));

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

function fmtDefault(n: number | null): string {
  return n === null ? "" : String(n);
}

/** The preset the query names ("" or missing: the default); an unknown id falls back to the default with an issue
 * naming it as the page calls it ("workload preset" on /plan, "traffic shape" on /overview). */
export function parsePreset(params: Params, noun: string): { preset: PresetId; issue: PlanIssue | null } {
  const raw = get(params, "preset");
  if (raw === undefined || raw === "") return { preset: DEFAULT_PRESET, issue: null };
  const r = z.enum(PRESET_IDS).safeParse(raw.trim());
  if (r.success) return { preset: r.data, issue: null };
  return {
    preset: DEFAULT_PRESET,
    issue: {
      field: "preset",
      message: `Unknown ${noun} (expected ${PRESET_IDS.join(", ")}); ${PRESETS[DEFAULT_PRESET].name} is used`,
    },
  };
}

/** Parse the query into the form (as typed, for the inputs), the inputs used (valid values only) and issues. */
export function parsePlanParams(params: Params): { form: PlanForm; inputs: PlanInputs; issues: PlanIssue[] } {
  const issues: PlanIssue[] = [];
  const { preset, issue } = parsePreset(params, "workload preset");
  if (issue) issues.push(issue);
  const fields = {} as Record<NumericField, string>;
  const values = {} as Record<NumericField, number | null>;
  for (const f of NUMERIC_FIELDS) {
    const raw = get(params, f);
    const d = defaultFor(f, preset);
    if (raw === undefined) {
      fields[f] = fmtDefault(d);
      values[f] = d;
      continue;
    }
    fields[f] = (f === "ttft" || f === "tpot") && raw.trim().toLowerCase() === "none" ? "" : raw.slice(0, 40);
    const c = checkField(f, raw);
    if (c.ok) values[f] = c.value;
    else {
      values[f] = d;
      issues.push({ field: f, message: `${c.message}; ${fallbackText(f, preset)} until it is fixed.` });
    }
  }
  const lists = (key: "basis" | "bakeoff" | "curve", schema: typeof resultIds, max: number, what: string): string[] => {
    const raw = get(params, key);
    if (raw === undefined || raw.trim() === "") return [];
    const items = idList(raw);
    const good = items.filter((id) => schema.element.safeParse(id).success);
    if (good.length < items.length)
      issues.push({
        field: key,
        message: `Ignored ${items.length - good.length} malformed ${what} id${items.length - good.length === 1 ? "" : "s"} in "${key}"`,
      });
    if (good.length > max) {
      issues.push({
        field: key,
        message: `At most ${max} ${what}s can be planned side by side; the first ${max} are used`,
      });
      return good.slice(0, max);
    }
    return good;
  };
  let basis = lists("basis", resultIds, MAX_BASES, "result");
  let bakeoff = lists("bakeoff", uploadIds, MAX_BAKEOFF, "bake-off upload");
  let curve = lists("curve", curveIds, MAX_BASES, "MLPerf Endpoints curve");
  if (basis.length + bakeoff.length + curve.length > MAX_BASES) {
    issues.push({ field: "basis", message: `At most ${MAX_BASES} bases side by side; the extra ones are left out` });
    basis = basis.slice(0, MAX_BASES);
    bakeoff = bakeoff.slice(0, Math.max(0, MAX_BASES - basis.length));
    curve = curve.slice(0, Math.max(0, MAX_BASES - basis.length - bakeoff.length));
  }
  let derate = true;
  const rawDerate = get(params, "derate");
  if (rawDerate !== undefined && rawDerate !== "") {
    const r = z.enum(["on", "off"]).safeParse(rawDerate.trim());
    if (r.success) derate = r.data === "on";
    else issues.push({ field: "derate", message: `derate must be "on" or "off"; "on" is used` });
  }
  const num = (f: NumericField): number => values[f] ?? defaultFor(f, preset) ?? 0;
  const p = PRESETS[preset];
  const workload = { rps: num("rps"), inTok: num("in"), outTok: num("out") };
  const slo = { ttftMs: values.ttft, tpotMs: values.tpot };
  const custom =
    workload.rps !== p.rps ||
    workload.inTok !== p.inTok ||
    workload.outTok !== p.outTok ||
    slo.ttftMs !== p.ttftMs ||
    slo.tpotMs !== p.tpotMs;
  return {
    form: { preset, fields, basis, bakeoff, curve, derate },
    inputs: {
      preset,
      custom,
      workload,
      slo,
      fleet: {
        usablePct: num("usable"),
        utilPct: num("util"),
        k: num("k"),
        pricePerAccHour: values.price,
        inputWeight: num("inputWeight"),
      },
      basis,
      bakeoff,
      curve,
      derate,
      power: { kwPerNode: values.kw, rackKw: values.rack, pricePerKwh: values.kwh, pue: num("pue") },
    },
    issues,
  };
}

/** Every key the planner reads, in the order its canonical URL writes them. */
export const PLAN_KEYS = [
  "preset",
  "rps",
  "in",
  "out",
  "ttft",
  "tpot",
  "basis",
  "bakeoff",
  "curve",
  "usable",
  "util",
  "k",
  "price",
  "kw",
  "rack",
  "kwh",
  "pue",
  "inputWeight",
  "derate",
] as const;

/**
 * The canonical query (no leading "?") for a form as typed. Valid values equal to their default are left out;
 * valid values are written as plain numbers; an emptied required field is written empty and a bad value as typed
 * (capped), so the page and a shared link show the same inline message.
 */
export function planQuery(form: PlanForm): string {
  const out = new URLSearchParams();
  const set: Record<string, string> = {};
  if (form.preset !== DEFAULT_PRESET) set.preset = form.preset;
  for (const f of NUMERIC_FIELDS) {
    const raw = (form.fields[f] ?? "").trim();
    const d = defaultFor(f, form.preset);
    const c = checkField(f, raw);
    if (c.ok) {
      if (c.value === d) continue;
      // only ttft/tpot can be null while their default is not (price's default is null)
      set[f] = c.value === null ? "none" : String(c.value);
    } else set[f] = raw.slice(0, 40);
  }
  const b = idList(form.basis.join(","));
  if (b.length) set.basis = b.join(",");
  const k = idList(form.bakeoff.join(","));
  if (k.length) set.bakeoff = k.join(",");
  const cv = idList((form.curve ?? []).join(","));
  if (cv.length) set.curve = cv.join(",");
  if (!form.derate) set.derate = "off";
  for (const key of PLAN_KEYS) if (key in set) out.set(key, set[key] ?? "");
  return out.toString().replace(/%2C/g, ",");
}

/** The form a preset starts from: the preset's workload and SLO, other choices kept. */
export function withPreset(form: PlanForm, preset: PresetId): PlanForm {
  const fields = { ...form.fields };
  for (const f of ["rps", "in", "out", "ttft", "tpot"] as const) fields[f] = fmtDefault(defaultFor(f, preset));
  return { ...form, preset, fields };
}
