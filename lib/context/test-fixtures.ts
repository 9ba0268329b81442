// Test helper only: real rows of ../shared/data as PublishedResult, made by the real importer's normalizer
// (lib/mlperf: parseSummary → ResultRecord), then the real writer's row (db/write/rows.ts systemRow, resultValues:
// what the database stores) read back by the real reader (db/queries/published.ts toPublished: what the API
// serves), in place through lib/mlperf/test-real-summaries; never imported by app code. It used to be a hand copy
// of toPublished (issue 25 finding 7), so a change to the read path passed every test built on it; now there is
// one mapping and the tests see what the product serves. Test helpers may read db/ (db/layers.test.ts).
import { toPublished } from "@/db/queries/published";
import { RC, type ResultColumn, resultValues, roundSortKey, systemInfo } from "@/db/write/rows";
import { resultKey } from "@/lib/mlperf/ids";
import { parsedSummary, ROUND_FILES, rawSummaryRows } from "@/lib/mlperf/test-real-summaries";
import type { PublishedResult, ResultRecord, Scenario } from "@/lib/types";

export type Round = "v4.1" | "v5.1" | "v6.0";
type Row = Record<string, unknown>;

/** The raw objects of a round's summary_results.json, as published (for coverage tables). */
export function loadRows(round: Round): Row[] {
  return rawSummaryRows(ROUND_FILES[round]);
}

/** A normalized record as the database stores it and hands it back (db/queries/published.ts toPublished). */
export function fromRecord(r: ResultRecord): PublishedResult {
  const sys = systemInfo(r.system);
  const values = resultValues(r, resultKey(r), sys, "official", "", null, roundSortKey(r.round));
  const row = Object.fromEntries(
    (Object.entries(RC) as [ResultColumn, number][]).map(([column, at]) => [column, values[at] ?? null]),
  ) as Parameters<typeof toPublished>[0];
  return toPublished(row, sys.row as Parameters<typeof toPublished>[1], r.notes, null);
}

export interface Query {
  round: Round;
  platform: string;
  model: string;
  scenario: Scenario;
  submitter?: string;
  hasPower?: boolean;
  division?: string;
  usedModel?: string;
  id?: string; // MLCommons ID, e.g. "6.0-0002"
}

const mapped = new Map<Round, PublishedResult[]>();

/** Every row of a round as PublishedResult (cached). */
export function allResults(round: Round): PublishedResult[] {
  let list = mapped.get(round);
  if (!list) {
    list = parsedSummary(ROUND_FILES[round]).records.map(fromRecord);
    mapped.set(round, list);
  }
  return list;
}

/** The one real row matching `q` (hasPower defaults to false); throws unless exactly one matches. */
export function real(q: Query): PublishedResult {
  const hits = allResults(q.round).filter(
    (r) =>
      r.platform === q.platform &&
      r.model === q.model &&
      r.scenario === q.scenario &&
      r.hasPower === (q.hasPower ?? false) &&
      (q.submitter === undefined || r.submitter === q.submitter) &&
      (q.division === undefined || r.division === q.division) &&
      (q.usedModel === undefined || r.usedModel === q.usedModel) &&
      (q.id === undefined || r.resultId === q.id),
  );
  if (hits.length !== 1 || !hits[0]) throw new Error(`expected one row for ${JSON.stringify(q)}, found ${hits.length}`);
  return hits[0];
}

/** Shorthand for the llama2-70b rows used across the tests. */
export const llama = (
  round: Round,
  submitter: string,
  platform: string,
  scenario: Scenario,
  model = "llama2-70b-99",
): PublishedResult => real({ round, submitter, platform, model, scenario });
