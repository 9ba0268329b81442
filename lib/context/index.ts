// The context engine: apples-to-oranges flags, per-accelerator normalization, scenario limits,
// round compatibility, citations and the read-in-context checklist. Pure modules, no I/O.
// The facts it holds (the per-accelerator rule, the scenario limits) are read through lib/judge only: this barrel
// does not re-export them (issue 25: one judgment per fact).
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
export { POWER_COMPARABILITY, POWER_LABEL, type PowerFigure, perWattValue, powerFigure } from "./power";
export { describeDiff, diffStacks, releaseLine, type StackDiff } from "./software";
export { describeSource, type Source } from "./sources";
