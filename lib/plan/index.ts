// The capacity planner's pure core: URL state, presets, basis normalization, scenario fit, the arithmetic with
// every step recorded, and the sensitivity table. No I/O; the page reads the database and calls these.

export { sharedAssumptions } from "./assumptions";
export {
  type BakeoffUploadLike,
  type Basis,
  type BasisSource,
  type PlanScenario,
  pickRun,
  type Slo,
  throughputOf,
  toBasis,
} from "./basis";
export { type BasisCost, basisCost } from "./basis-cost";
export { basisTokenMix } from "./basis-mix";
export { planFlags, plannedRuns } from "./between";
export {
  HOURS_PER_MONTH,
  LENGTH_WARN_SHARE,
  PLAN_FOOTNOTE,
  type PlanCalcInputs,
  type PlanCost,
  type PlanNumbers,
  type PlanOutcome,
  type PlanStep,
  planCapacity,
  planFromBasis,
} from "./compute";
export {
  checkField,
  DEFAULT_K,
  DEFAULT_USABLE_PCT,
  DEFAULT_UTIL_PCT,
  defaultFor,
  FIELD_SPECS,
  type FieldCheck,
  fallbackText,
  NUMERIC_FIELDS,
  type NumericField,
  toNumber,
} from "./fields";
export { type Fit, type FitStatus, hasSlo, type PlanNote, requiredLevel, scenarioFit, sloText } from "./fit";
export { fmt, pct, plural, usd } from "./fmt";
export { type PlanBaseJson, type PlanBaseKind, type PlanJson, planBaseJson, planJson, strictPlanProblem } from "./json";
export {
  MAX_BAKEOFF,
  MAX_BASES,
  type Params,
  PLAN_KEYS,
  type PlanForm,
  type PlanInputs,
  type PlanIssue,
  parsePlanParams,
  planQuery,
  withPreset,
} from "./params";
export { DEFAULT_PRESET, PRESET_IDS, PRESETS, type PresetId, type WorkloadPreset } from "./presets";
export { type SensitivityCell, type SensitivityRow, sensitivity, tighterSlo } from "./sensitivity";
