// Frozen comparisons, capacity plans and reproduction reports, and the words around them. Pure: no I/O, no framework;
// callers supply random bytes and the current data version.
//   request.ts          tokens, the canonical compare/plan/reproduction queries, POST /api/snapshots bodies
//   compare-payload.ts  a frozen comparison's payload, checked through zod on every read
//   plan-payload.ts     a frozen plan's payload, checked before it is stored and on every read
//   stored.ts           a stored row → its payload by kind
//   labels.ts           short accelerator and system names, flag counts, the suggestions under a flag
//   describe.ts         the title/description a shared link unfurls into, the "newer data" banner
export {
  type CompareBakeoff,
  type CompareData,
  type CompareFlag,
  type CompareResult,
  comparePayloadSchema,
  parseStoredPayload,
} from "./compare-payload";
export { clipText, describeComparison, describePlan, formatUtc, staleBanner } from "./describe";
export {
  acceleratorsLabel,
  flagCounts,
  flagSuggestions,
  ogFlagHead,
  shortAccelerator,
  systemLabels,
} from "./labels";
export { checkOverviewPayload, type OverviewSnapshotData, overviewPayloadSchema } from "./overview-payload";
export {
  checkPlanPayload,
  type PlanSnapshotData,
  type PlanSnapshotInput,
  planPayloadSchema,
} from "./plan-payload";
export {
  canonicalCompareQuery,
  compareHref,
  isSnapshotToken,
  parseSnapshotRequest,
  planHref,
  reproductionHref,
  reproductionQuery,
  SNAPSHOT_KINDS,
  type SnapshotKind,
  type SnapshotRequest,
  TOKEN_BYTES,
  TOKEN_PATTERN,
  tokenFromBytes,
} from "./request";
export { parseStoredSnapshot, type StoredSnapshot } from "./stored";
