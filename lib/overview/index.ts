// The overview (issue 30): per system, output tokens per accelerator-hour, cost and energy per million tokens (input
// and output priced apart where the mix is cited: lib/judge token-mix, lib/plan/split)
// at a service level, and which published point, curve step or bake-off run meets it. Pure.
//   params.ts    the URL state (benchmark, level, prices, bake-offs), parse and canonical query
//   evaluate.ts  one point against the level (limits from lib/judge, validity and status never re-decided)
//   rows.ts      per system the best meeting basis, or the nearest miss; cost and energy
//   notes.ts     the sentences beside the table
export {
  type Candidate,
  curveEnergy,
  curveSteps,
  type Energy,
  evaluateCurve,
  evaluateResult,
  evaluateRun,
  levelText,
  resultEnergy,
} from "./evaluate";
export { costText, kwhText, perHourText } from "./format";
export { overviewNotes, splitNotes } from "./notes";
export {
  isLevelBenchmark,
  MAX_OVERVIEW_BAKEOFF,
  OVERVIEW_KEYS,
  type OverviewForm,
  type OverviewInputs,
  type OverviewIssue,
  type OverviewKey,
  type OverviewPricing,
  overviewHref,
  overviewQuery,
  type Params,
  parseOverviewParams,
  presetTpsPerUser,
  type ServiceLevel,
  tpotBoundMs,
  withOverviewPreset,
} from "./params";
export {
  type BakeoffUploadIn,
  bakeoffRows,
  curveRows,
  type OverviewBasis,
  type OverviewInput,
  type OverviewRow,
  type OverviewSplit,
  overviewRows,
  publishedRows,
  sortRows,
} from "./rows";
