// The three summary forms (summary_results.json, checker summary.json, checker summary.csv) mapped onto one row
// shape: the summary_results.json field names. Which names are known, which are dropped, the checker's aliases and
// older misspellings, and the columns a row must have. Pure.
import { CHECKER_MISSPELLINGS } from "./checker-history";

export type SummaryFormat = "summary_results_json" | "checker_json" | "checker_csv";

/** summary_results.json field names; every form is mapped onto these. */
const KNOWN_FIELDS = new Set([
  "ID",
  "Submitter",
  "Availability",
  "Category",
  "Suite",
  "System",
  "Platform",
  "UsedModel",
  "Model",
  "Scenario",
  "Accuracy",
  "Nodes",
  "Processor",
  "host_processors_per_node",
  "host_processor_core_count",
  "Accelerator",
  "a#",
  "Total Accelerators",
  "Location",
  "Software",
  "operating_system",
  "Notes",
  "errors",
  "version",
  "inferred",
  "has_power",
  "weight_data_types",
  "Details",
  "Code",
  "Power_Result",
  "Power_Units",
  "Performance_Result",
  "Performance_Units",
]);

/** Derived columns with nothing of their own: the chart colour key and `p#` (a copy of host_processors_per_node). */
const DROPPED_FIELDS = new Set(["ColorKey", "p#"]);

/** summary_results.json names that are not kept as extra columns: the known ones and the dropped ones. */
const NOT_EXTRA = new Set([...KNOWN_FIELDS, ...DROPPED_FIELDS]);

/** Checker (summary.csv / summary.json) column → summary_results name. Note the checker's `Model` is the *used* model. */
const CHECKER_ALIASES: Record<string, string> = {
  Organization: "Submitter",
  Division: "Category",
  SystemType: "Suite",
  SystemName: "System",
  MlperfModel: "Model",
  Model: "UsedModel",
  Result: "Performance_Result",
  Units: "Performance_Units",
  number_of_nodes: "Nodes",
  accelerators_per_node: "a#",
  framework: "Software",
  host_processor_model_name: "Processor",
  accelerator_model_name: "Accelerator",
  notes: "Notes",
};
const CHECKER_NAMES: Record<string, string> = Object.fromEntries(
  Object.entries(CHECKER_ALIASES).map(([k, v]) => [v, k]),
);

export const REQUIRED_FIELDS = [
  "Submitter",
  "Availability",
  "Category",
  "Suite",
  "Platform",
  "Model",
  "Scenario",
  "Performance_Result",
] as const;

/**
 * Required from v2.1 on; older checker files have no `Units` column, and the unit follows from the scenario and the
 * round's rules (lib/mlperf/checker-history.ts).
 */
export const UNITS_FIELD = "Performance_Units";

/** The column name a format uses for a canonical field ("Performance_Result" is "Result" in checker files). */
export function sourceFieldName(canonical: string, format: SummaryFormat): string {
  return format === "summary_results_json" ? canonical : (CHECKER_NAMES[canonical] ?? canonical);
}

export interface RawRow {
  /** 1-based line of the row, or null when it is only worked out on demand (see RowContext.lineOf). */
  line: number | null;
  /** Position of the row among the file's rows (0-based). */
  index: number;
  values: Record<string, unknown>; // canonical name → value as published
  extra: Record<string, unknown>; // unknown columns, by their own name
}

/** `o[key] = value`, except that a column named "__proto__" becomes a plain property instead of a prototype. */
function setOwn(o: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
  else o[key] = value;
}

export function toRawRow(obj: Record<string, unknown>, format: SummaryFormat, line: number | null, index = 0): RawRow {
  const extra: Record<string, unknown> = {};
  if (format === "summary_results_json") {
    // already in the internal shape: read it in place (normalizeRow only reads known names), keep the rest
    for (const key in obj) if (!NOT_EXTRA.has(key) && Object.hasOwn(obj, key)) setOwn(extra, key, obj[key]);
    return { line, index, values: obj, extra };
  }
  const values: Record<string, unknown> = {};
  for (const key in obj) {
    if (!Object.hasOwn(obj, key)) continue;
    // older rounds' spellings (compilance, infered, power), unless the row also has the right name
    let name = key;
    if (Object.hasOwn(CHECKER_MISSPELLINGS, key)) {
      const right = CHECKER_MISSPELLINGS[key] as string;
      if (!Object.hasOwn(obj, right)) name = right;
    }
    const canonical = Object.hasOwn(CHECKER_ALIASES, name) ? (CHECKER_ALIASES[name] as string) : name;
    if (KNOWN_FIELDS.has(canonical)) values[canonical] = obj[key];
    else if (!DROPPED_FIELDS.has(key)) setOwn(extra, name, obj[key]);
  }
  return { line, index, values, extra };
}
