// The change log's readers (/changes, GET /api/changes, /changes.atom) share one parse of the URL: the explorer's
// filter keys (lib/filters.ts, parsed against the API's defaults: no key, no filter) plus `since` (an ISO time).
import { getStore } from "@/db/client";
import { getChanges } from "@/db/queries/changes";
import { getLatestRound } from "@/db/queries/results";
import { describeFilters } from "@/lib/filters";
import type { ChangeRow } from "@/lib/lifecycle/changes";
import { API_DEFAULTS, type Params, type ParseIssue, parseResultsState, type ResultsState } from "@/lib/url-state";

export interface ChangesQuery {
  state: ResultsState;
  since: string | null;
  issues: ParseIssue[];
}

/** `since` as an ISO time (any date or date-time JavaScript reads), or an issue naming it. */
function parseSince(raw: string | undefined): { since: string | null; issue: ParseIssue | null } {
  if (raw === undefined || raw === "") return { since: null, issue: null };
  const t = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(t))
    return {
      since: null,
      issue: {
        field: "since",
        message: `since must be an ISO date or date-time (2026-12-01T00:00:00Z), got "${raw.slice(0, 40)}"`,
      },
    };
  return { since: new Date(t).toISOString(), issue: null };
}

export function parseChangesQuery(params: URLSearchParams): ChangesQuery {
  const { state, issues } = parseResultsState(params as Params, API_DEFAULTS);
  const { since, issue } = parseSince(params.get("since") ?? undefined);
  return { state, since, issues: issue ? [...issues, issue] : issues };
}

export async function loadChanges(q: ChangesQuery, limit?: number): Promise<{ rows: ChangeRow[]; view: string }> {
  const h = await getStore();
  const [rows, latestRound] = await Promise.all([
    getChanges(h, { state: q.state, since: q.since, limit }),
    getLatestRound(h),
  ]);
  return { rows, view: describeFilters({ ...q.state, status: "current" }, { latestRound }) };
}
