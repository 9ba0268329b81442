// What a change to a published result is, field by field: the fields a reader of a result cites (its figure and unit,
// validity, availability, accelerators, precision, accuracy, power, MLCommons ID, notes) compared stored → new.
// The change log (db/write.ts) stores these; /changes, the Atom feeds, the banners and result history print them. Pure.
// A curve's fields (its points' figures, "r64.systemTps") are named in ./curve-changes.ts.
import { CURVE_STATUS_LABEL, type CurveStatus } from "../endpoints/curve-types";
import { pointFieldWords } from "./curve-changes";
import { isResultStatus, STATUS_LABEL } from "./status";

/** The tracked fields, named as the Result JSON names them (../shared/CONTRACT.md), in the order they are printed. */
export const TRACKED_FIELDS = [
  "value",
  "units",
  "validity",
  "availability",
  "accelerator",
  "totalAccelerators",
  "nodes",
  "precision",
  "accuracy",
  "power",
  "servingEngine",
  "benchmark",
  "resultId",
  "notes",
] as const;
export type TrackedField = (typeof TRACKED_FIELDS)[number];

export type FieldValue = string | number | boolean | null;
export type TrackedValues = Record<TrackedField, FieldValue>;

export interface FieldChange {
  field: string;
  old: FieldValue;
  new: FieldValue;
}

/** Every tracked field whose value differs, stored (`prev`) → new; [] when none does. */
export function fieldChanges(prev: TrackedValues, next: TrackedValues): FieldChange[] {
  const out: FieldChange[] = [];
  for (const f of TRACKED_FIELDS) {
    const a = prev[f] ?? null;
    const b = next[f] ?? null;
    // (a figure read back from a REAL column is the same double it was written as: no tolerance needed)
    if (a !== b) out.push({ field: f, old: a, new: b });
  }
  return out;
}

const FIELD_WORDS: Record<string, string> = {
  value: "result",
  units: "units",
  validity: "validity",
  availability: "availability",
  accelerator: "accelerator",
  totalAccelerators: "accelerators",
  nodes: "nodes",
  precision: "precision",
  accuracy: "accuracy",
  power: "power (W)",
  servingEngine: "serving engine",
  benchmark: "benchmark",
  resultId: "MLCommons ID",
  notes: "notes",
  status: "status",
  division: "division",
  provisionedPowerW: "provisioned power (W)",
};

function shown(v: FieldValue): string {
  if (v === null || v === "") return "—";
  if (typeof v === "number") return v.toLocaleString("en-US", { maximumFractionDigits: 3 });
  const s = String(v);
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
}

/** A status in the words a reader sees elsewhere: a result's (STATUS_LABEL) or a curve's (CURVE_STATUS_LABEL). */
function statusWords(v: FieldValue): FieldValue {
  if (typeof v !== "string") return v;
  if (isResultStatus(v)) return STATUS_LABEL[v];
  const curve = CURVE_STATUS_LABEL[v as CurveStatus];
  return curve ? curve.charAt(0).toLowerCase() + curve.slice(1) : v;
}

/** "result 1,234 → 1,300" — one field change in words; a number change adds its relative difference. */
export function describeFieldChange(change: FieldChange): string {
  const c =
    change.field === "status" ? { ...change, old: statusWords(change.old), new: statusWords(change.new) } : change;
  const name = FIELD_WORDS[c.field] ?? pointFieldWords(c.field) ?? c.field;
  let pct = "";
  if (typeof c.old === "number" && typeof c.new === "number" && c.old !== 0) {
    const p = ((c.new - c.old) / Math.abs(c.old)) * 100;
    pct = ` (${p > 0 ? "+" : ""}${p.toFixed(Math.abs(p) < 1 ? 2 : 1)}%)`;
  }
  return `${name} ${shown(c.old)} → ${shown(c.new)}${pct}`;
}
