// The context engine: apples-to-oranges flags, per-accelerator normalization, scenario limits,
// round compatibility, citations and the read-in-context checklist. Pure modules, no I/O.
export { type ChecklistItem, type ReadInContext, readInContext } from "./checklist";
export {
  bakeoffFootnote,
  derivedFootnote,
  type FootnoteOptions,
  footnote,
  footnotes,
  mixedFootnote,
  NOT_VERIFIED,
  retrievalDate,
  TRADEMARK_LEGEND,
  UNVERIFIED_LABEL,
  withoutLegend,
} from "./citations";
export {
  areRoundsCompatible,
  COMPATIBILITY_NOTES,
  COMPATIBILITY_TABLE,
  type CompatibilityRow,
  type RoundCompatibility,
  roundVersion,
} from "./compatibility";
export { PREVIEW_RULE, RDI_RULE } from "./flag-rules";
export {
  type BakeoffInput,
  computeFlags,
  type Flag,
  MIXED_VERIFICATION_STATEMENT,
  SEVERITY_RANK,
  type Severity,
  worstSeverity,
} from "./flags";
export {
  acceleratorDivisor,
  DERIVED_LABEL,
  divisorText,
  GIVEN_RULE_SHORT,
  MIXED,
  PER_ACCELERATOR_RULE_VERSION,
  type PerAccelerator,
  perAccelerator,
  perAcceleratorSentence,
  perAcceleratorValue,
  perGivenAccelerators,
  RULE_METHOD,
  RULE_SHORT,
} from "./per-accelerator";
export { POWER_COMPARABILITY, POWER_LABEL, type PowerFigure, perWattValue, powerFigure } from "./power";
export {
  BENCHMARK_LIMITS,
  type BenchmarkLimits,
  benchmarkKey,
  formatMs,
  getBenchmarkLimits,
  getScenarioInfo,
  isLatencyScenario,
  SCENARIO_DEFINITIONS,
  type ScenarioInfo,
  type ScenarioKind,
  type ScenarioRule,
} from "./scenario-limits";
export { describeDiff, diffStacks, releaseLine, type StackDiff } from "./software";
export { describeSource, type Source } from "./sources";
