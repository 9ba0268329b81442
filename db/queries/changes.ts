// Reads of the change log (table change_log, written by db/write/lifecycle.ts): the changes of a view (the explorer's
// filters over the results they name), a result's history, and what changed among the results a frozen view cites.
// Query builder over the store's own tables, SQL both stores speak.
import { and, asc, desc, eq, gt, inArray, type SQL } from "drizzle-orm";
import { CHANGE_KINDS, type ChangeEntry, type ChangeKind, type ChangeRow, citedChanges } from "@/lib/lifecycle/changes";
import { type ChangedLine, changedLines } from "@/lib/lifecycle/cited";
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
export async function getChanges(
  h: DbHandle,
  q: { state: ResultsState; since: string | null; limit?: number },
): Promise<ChangeRow[]> {
  const { changeLog, results } = h.t;
  const where = await buildWhere(h, { ...q.state, status: "all" });
  const conds: SQL[] = [];
  if (where) conds.push(where);
  if (q.since) conds.push(gt(changeLog.at, q.since));
  const rows = await h.db
    .select({
      at: changeLog.at,
      source: changeLog.source,
      kind: changeLog.kind,
      id: changeLog.resultId,
      round: changeLog.round,
      fields: changeLog.fields,
      submitter: results.submitter,
      platform: results.platform,
      model: results.model,
      scenario: results.scenario,
    })
    .from(changeLog)
    .innerJoin(results, eq(results.id, changeLog.resultId))
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(desc(changeLog.at), desc(changeLog.id))
    .limit(Math.min(q.limit ?? MAX_CHANGES, MAX_CHANGES));
  return rows.map((r) => ({
    at: r.at,
    source: r.source,
    kind: toKind(r.kind),
    id: r.id,
    fields: parseFields(r.fields),
    round: r.round,
    label: `${r.submitter} ${r.platform} · ${r.model} ${r.scenario}`,
  }));
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
  const rows = await getResultsByIds(
    h,
    changes.map((c) => c.id),
  );
  const labels = new Map(
    rows.map((r) => [r.id, `${r.submitter} ${r.platform} · ${r.model} ${r.scenario} (${r.round})`]),
  );
  return changedLines(changes, labels);
}
