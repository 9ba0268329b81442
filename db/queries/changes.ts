// Reads of the change log (table change_log, written by db/write/lifecycle.ts): the changes of a view (the explorer's
// filters over the results they name), a result's history, and what changed among the results a frozen view cites.
// Query builder over the store's own tables, SQL both stores speak.
import { and, asc, desc, eq, gt, inArray, like, notLike, type SQL, sql } from "drizzle-orm";
import { benchmarkIdentity } from "@/lib/judge";
import { CHANGE_KINDS, type ChangeEntry, type ChangeKind, type ChangeRow, citedChanges } from "@/lib/lifecycle/changes";
import { type ChangedLine, changedLines } from "@/lib/lifecycle/cited";
import { CURVE_CHANGE_PREFIX, curveChangeFilter, curveIdOfChange } from "@/lib/lifecycle/curve-changes";
import type { FieldChange } from "@/lib/lifecycle/fields";
import type { ResultsState } from "@/lib/url-state";
import type { DbHandle } from "../client";
import { buildWhere, getResultsByIds } from "./results";

/** Most entries one read returns (the feed and the page show the newest; `since` narrows further). */
export const MAX_CHANGES = 2000;

function parseFields(text: string): FieldChange[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? (v as FieldChange[]) : [];
  } catch {
    return [];
  }
}

const toKind = (k: string): ChangeKind =>
  (CHANGE_KINDS as readonly string[]).includes(k) ? (k as ChangeKind) : "changed";

/**
 * The changes to the results of a view, newest first: every explorer filter applies to the result a change names
 * (its lifecycle status filter aside: a view's changes include results that left their source), `since` (ISO) keeps
 * those recorded after it.
 */
/** One change-log row as the change list shows it (results and curves alike; only the label differs). */
function listed(
  r: { logId: number | bigint; at: string; source: string; kind: string; id: string; fields: string; round: string },
  label: string,
) {
  return {
    logId: Number(r.logId),
    at: r.at,
    source: r.source,
    kind: toKind(r.kind),
    id: r.id,
    fields: parseFields(r.fields),
    round: r.round,
    label,
  };
}

export async function getChanges(
  h: DbHandle,
  q: { state: ResultsState; since: string | null; limit?: number },
): Promise<ChangeRow[]> {
  const limit = Math.min(q.limit ?? MAX_CHANGES, MAX_CHANGES);
  const [res, cur] = await Promise.all([getResultChanges(h, q, limit), getCurveChanges(h, q, limit)]);
  // newest first across both, as the log recorded them (its id breaks ties within one import)
  return [...res, ...cur]
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.logId - a.logId))
    .slice(0, limit)
    .map(({ logId: _, ...row }) => row);
}

type LoggedRow = ChangeRow & { logId: number };

/** The change log's own columns, as both readers (results and curves) select them beside their names. */
function logColumns(changeLog: DbHandle["t"]["changeLog"]) {
  return {
    logId: changeLog.id,
    at: changeLog.at,
    source: changeLog.source,
    kind: changeLog.kind,
    id: changeLog.resultId,
    round: changeLog.round,
    fields: changeLog.fields,
  };
}

async function getResultChanges(
  h: DbHandle,
  q: { state: ResultsState; since: string | null },
  limit: number,
): Promise<LoggedRow[]> {
  const { changeLog, results } = h.t;
  const where = await buildWhere(h, { ...q.state, status: "all" });
  const conds: SQL[] = [notLike(changeLog.resultId, `${CURVE_CHANGE_PREFIX}%`)];
  if (where) conds.push(where);
  if (q.since) conds.push(gt(changeLog.at, q.since));
  const rows = await h.db
    .select({
      ...logColumns(changeLog),
      submitter: results.submitter,
      platform: results.platform,
      model: results.model,
      scenario: results.scenario,
    })
    .from(changeLog)
    .innerJoin(results, eq(results.id, changeLog.resultId))
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(desc(changeLog.at), desc(changeLog.id))
    .limit(limit);
  return rows.map((r) => listed(r, `${r.submitter} ${r.platform} · ${r.model} ${r.scenario}`));
}

/**
 * The changes to Endpoints curves a view holds (lib/lifecycle/curve-changes.ts curveChangeFilter: none when it is
 * narrowed by a facet curves lack), newest first, each named `curve:<id>`.
 */
async function getCurveChanges(
  h: DbHandle,
  q: { state: ResultsState; since: string | null },
  limit: number,
): Promise<LoggedRow[]> {
  const f = curveChangeFilter(q.state);
  if (!f) return [];
  const { changeLog, curves } = h.t;
  const conds: SQL[] = [like(changeLog.resultId, `${CURVE_CHANGE_PREFIX}%`)];
  if (q.since) conds.push(gt(changeLog.at, q.since));
  if (f.models.length)
    conds.push(
      inArray(
        curves.benchmark,
        f.models.map((m) => benchmarkIdentity(m).benchmark),
      ),
    );
  if (f.submitters.length) conds.push(inArray(curves.submitter, f.submitters));
  for (const w of f.q.toLowerCase().split(/\s+/).filter(Boolean)) {
    const pat = `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(
      sql`(lower(${curves.system}) like ${pat} escape '\\' or lower(${curves.submitter}) like ${pat} escape '\\' or lower(${curves.model}) like ${pat} escape '\\')`,
    );
  }
  const rows = await h.db
    .select({
      ...logColumns(changeLog),
      submitter: curves.submitter,
      system: curves.system,
      model: curves.model,
      cohort: curves.cohort,
      synthetic: curves.synthetic,
    })
    .from(changeLog)
    .innerJoin(curves, sql`${changeLog.resultId} = ${CURVE_CHANGE_PREFIX} || ${curves.id}`)
    .where(and(...conds))
    .orderBy(desc(changeLog.at), desc(changeLog.id))
    .limit(limit);
  return rows.map((r) => listed(r, curveLabel(r)));
}

/**
 * "AMD sys_mi355x_8gpu · gpt-oss-120b (Endpoints curve, 2026-10-C1)"; MLCommons' synthetic checker data says so, so
 * its figures are never read as a hardware result.
 */
function curveLabel(r: {
  submitter: string;
  system: string;
  model: string;
  cohort: string | null;
  synthetic: boolean;
}) {
  const what = [r.cohort ?? "cohort not stated", r.synthetic ? "synthetic test data" : null].filter(Boolean).join(", ");
  return `${r.submitter} ${r.system} · ${r.model} (Endpoints curve, ${what})`;
}

/** One result's history, oldest first. */
export async function getResultHistory(h: DbHandle, id: string): Promise<ChangeEntry[]> {
  return getEntriesFor(h, [id], null);
}

/** The entries of some results (a frozen view's citations), oldest first; `since` (ISO) keeps those after it. */
export async function getEntriesFor(h: DbHandle, ids: readonly string[], since: string | null): Promise<ChangeEntry[]> {
  if (ids.length === 0) return [];
  const { changeLog } = h.t;
  const conds: SQL[] = [inArray(changeLog.resultId, [...new Set(ids)])];
  if (since) conds.push(gt(changeLog.at, since));
  const rows = await h.db
    .select()
    .from(changeLog)
    .where(and(...conds))
    .orderBy(asc(changeLog.at), asc(changeLog.id));
  return rows.map((r) => ({
    at: r.at,
    source: r.source,
    kind: toKind(r.kind),
    id: r.resultId,
    fields: parseFields(r.fields),
  }));
}

/**
 * What changed among the results a view cites since it was made (`since`, ISO): one line per changed result, named,
 * with the difference spelled out (lib/lifecycle/cited.ts). Empty: nothing to tell.
 */
export async function getCitedChanges(h: DbHandle, ids: readonly string[], since: string): Promise<ChangedLine[]> {
  const changes = citedChanges(await getEntriesFor(h, ids, since), ids, since);
  if (changes.length === 0) return [];
  const changed = changes.map((c) => c.id);
  const rows = await getResultsByIds(
    h,
    changed.filter((id) => curveIdOfChange(id) === null),
  );
  const labels = new Map(
    rows.map((r) => [r.id, `${r.submitter} ${r.platform} · ${r.model} ${r.scenario} (${r.round})`]),
  );
  const curveIds = changed.map(curveIdOfChange).filter((id): id is string => id !== null);
  if (curveIds.length > 0) {
    const { curves } = h.t;
    const cs = await h.db
      .select({
        id: curves.id,
        submitter: curves.submitter,
        system: curves.system,
        model: curves.model,
        cohort: curves.cohort,
        synthetic: curves.synthetic,
      })
      .from(curves)
      .where(inArray(curves.id, curveIds));
    for (const c of cs) labels.set(`${CURVE_CHANGE_PREFIX}${c.id}`, curveLabel(c));
  }
  return changedLines(changes, labels);
}
