// The query keys of GET /api/curves and the explorer's curve section: the explorer's own keys (lib/url-state.ts;
// those a curve has: model, division, availability, submitter, accelerator, q, suite, page, limit) plus `status`
// (peer-review-pending, finalized, invalidated, withdrawn, superseded; current curves when absent). Pure.
import { splitList } from "@/lib/filters";
import { API_DEFAULTS, type Params, type ParseIssue, parseResultsState } from "@/lib/url-state";
import { CURVE_STATUSES, type CurveStatus } from "./curve-types";

export interface CurveQuery {
  model: string[];
  division: string[];
  availability: string[];
  submitter: string[];
  accelerator: string[];
  q: string;
  status: CurveStatus[];
  /** false when a `suite` filter is set without "endpoints": no curve matches */
  suiteMatches: boolean;
  page: number;
  limit: number;
}

function get(params: Params, key: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(key) ?? undefined;
  const v = params[key];
  return Array.isArray(v) ? v[0] : v;
}

export function parseCurveQuery(params: Params): { query: CurveQuery; issues: ParseIssue[] } {
  const { state, issues } = parseResultsState(params, { ...API_DEFAULTS, limit: 100 });
  // the suite filter's values are the Inference suites; "endpoints" names this track
  const suites = splitList(get(params, "suite") ?? "").map((s) => s.toLowerCase());
  // `status` is the curve lifecycle here, not the results explorer's publication status filter
  const out = issues.filter((i) => i.field !== "suite" && i.field !== "status");
  const status: CurveStatus[] = [];
  for (const s of splitList(get(params, "status") ?? "")) {
    if ((CURVE_STATUSES as readonly string[]).includes(s)) status.push(s as CurveStatus);
    else
      out.push({
        field: "status",
        message: `unknown curve status "${s.slice(0, 40)}": one of ${CURVE_STATUSES.join(", ")}`,
      });
  }
  return {
    query: {
      model: state.model.filter((m) => m !== "auto" && m !== "all"),
      division: state.division,
      availability: state.availability,
      submitter: state.submitter,
      accelerator: state.accelerator,
      q: state.q,
      status,
      suiteMatches: suites.length === 0 || suites.includes("endpoints") || suites.includes("all"),
      page: state.page,
      limit: state.limit,
    },
    issues: out,
  };
}

/** A curve id: FNV-1a 64 in hex, as a result id is. */
export function isCurveId(s: string): boolean {
  return /^[0-9a-f]{16}$/.test(s);
}
