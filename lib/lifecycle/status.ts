// A published result's lifecycle status, decided in one place. Pure.
//
// Sources: MLCommons' results pages keep a change log "because published results are sometimes changed or invalidated
// after release" (../shared/research/anchors.md §1a); the Endpoints submission rules §6–§8
// (../shared/formats/endpoints.md "Status and lifecycle"): results are kept when invalidated ("kept, with a reason"),
// withdrawal shows as Withdrawn, history is kept. For MLPerf Inference the only lifecycle facts an official summary
// carries are (a) whether a row is still in it and (b) the submission checker's error count per row (`errors`, read
// as validity in lib/mlperf/summary-row.ts: 0 → VALID, more → INVALID). So:
// - a row an official source still lists is `published`;
// - a stored VALID row that the source now lists with checker errors is `invalidated` (kept, marked);
// - a row the source no longer lists is `no-longer-published` (kept with the date, never deleted);
// - `withdrawn` is only ever set by a source that says so (the Endpoints track's statuses); Inference summaries never do.

export const RESULT_STATUSES = ["published", "no-longer-published", "withdrawn", "invalidated"] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/** Statuses of results still in their source: what the explorer shows by default ("current"). */
export const CURRENT_STATUSES: readonly ResultStatus[] = ["published", "invalidated"];

export const STATUS_LABEL: Record<ResultStatus, string> = {
  published: "published",
  "no-longer-published": "no longer published",
  withdrawn: "withdrawn",
  invalidated: "invalidated",
};

export function isResultStatus(s: unknown): s is ResultStatus {
  return typeof s === "string" && (RESULT_STATUSES as readonly string[]).includes(s);
}

/**
 * The status a result takes when its source lists it (again): `prev` is what is stored (null for a new result),
 * `validity` what the source says now. A new row is `published` whatever its validity (its validity says the rest);
 * a stored VALID row now INVALID is `invalidated`; an invalidated row stays so while INVALID and is `published` again
 * once valid; a row that had left its source (or was withdrawn) and is listed again is `published` (or `invalidated`).
 */
export function statusWhenListed(prev: { status: string; validity: string } | null, validity: string): ResultStatus {
  if (prev === null) return "published";
  if (validity !== "INVALID") return "published";
  if (prev.status === "invalidated") return "invalidated";
  return prev.validity === "VALID" ? "invalidated" : "published";
}

/**
 * Whether a result with this status may be a basis (ranked, sized, costed, planned from): only a row its source still
 * lists as published. `invalidated` carries the checker's errors; `withdrawn` and `no-longer-published` left their
 * source (kept for history, never a basis). Absent (snapshots frozen before issue 28) reads as published.
 */
export function statusIsBasis(status: string | null | undefined): boolean {
  return status === undefined || status === null || status === "published";
}
