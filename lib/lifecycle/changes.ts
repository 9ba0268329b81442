// The change log as readers see it: one entry per result and kind per import (`GET /api/changes`, ../shared/CONTRACT.md),
// counts per kind, and the words /changes, the Atom feeds, banners and a result's history print. Pure.
import { describeFieldChange, type FieldChange } from "./fields";

export const CHANGE_KINDS = ["new", "changed", "no-longer-published", "status"] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface ChangeEntry {
  /** ISO time of the import (or refresh) that recorded it; every entry of one source's import shares it. */
  at: string;
  /** The source it came from (a file or URL, as the importer names it). */
  source: string;
  kind: ChangeKind;
  /** The result's id (`/results/{id}`). */
  id: string;
  fields: FieldChange[];
}

/** A change with what a reader needs to recognise the result without opening it. */
export interface ChangeRow extends ChangeEntry {
  round: string;
  label: string;
}

export const KIND_LABEL: Record<ChangeKind, string> = {
  new: "new",
  changed: "changed",
  "no-longer-published": "no longer published",
  status: "status changed",
};

export type KindCounts = Record<ChangeKind, number>;

export function countKinds(entries: readonly Pick<ChangeEntry, "kind">[]): KindCounts {
  const out: KindCounts = { new: 0, changed: 0, "no-longer-published": 0, status: 0 };
  for (const e of entries) out[e.kind]++;
  return out;
}

/** "3 new, 2 changed, 1 no longer published" (kinds with none left out); "no changes" when empty. */
export function describeCounts(c: KindCounts): string {
  const parts = CHANGE_KINDS.filter((k) => c[k] > 0).map((k) => `${c[k]} ${KIND_LABEL[k]}`);
  return parts.length ? parts.join(", ") : "no changes";
}

/** One change in words: "no longer in its source (since 2026-12-01)", "result 1,234 → 1,300 (+5.3%)". */
export function describeChange(e: Pick<ChangeEntry, "kind" | "fields" | "at">): string {
  const day = e.at.slice(0, 10);
  if (e.kind === "new") return `first published (imported ${day})`;
  if (e.kind === "no-longer-published") return `no longer in its source (since ${day}); kept here, marked`;
  if (e.fields.length === 0) return KIND_LABEL[e.kind];
  return e.fields.map(describeFieldChange).join("; ");
}

/** Batches of one import (same time and source), newest first: how /changes groups the log by date. */
export interface ChangeBatch {
  at: string;
  source: string;
  counts: KindCounts;
  rows: ChangeRow[];
}

export function groupBatches(rows: readonly ChangeRow[]): ChangeBatch[] {
  const byKey = new Map<string, ChangeBatch>();
  for (const r of rows) {
    const key = `${r.at}\u0000${r.source}`;
    let b = byKey.get(key);
    if (!b) {
      b = { at: r.at, source: r.source, counts: countKinds([]), rows: [] };
      byKey.set(key, b);
    }
    b.counts[r.kind]++;
    b.rows.push(r);
  }
  return [...byKey.values()].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.source.localeCompare(b.source)));
}

/** A cited result's changes since a view was frozen, merged: each field from its value then to its value now. */
export interface CitedChange {
  id: string;
  /** The latest change's time. */
  at: string;
  /** What differs now: it left its source (status now no-longer-published), another status change, or values. */
  kind: Exclude<ChangeKind, "new">;
  fields: FieldChange[];
}

/**
 * What a frozen view cites that has changed since it was frozen (`since`, ISO): per cited result, its entries after
 * `since` merged (a field changed twice shows its first old and last new value; one changed back is left out).
 * "new" entries are ignored (a cited result already existed). Empty: nothing to say.
 */
export function citedChanges(entries: readonly ChangeEntry[], ids: readonly string[], since: string): CitedChange[] {
  const cited = new Set(ids);
  const byId = new Map<string, { at: string; fields: Map<string, FieldChange> }>();
  const sorted = [...entries].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  for (const e of sorted) {
    if (!cited.has(e.id) || e.at <= since || e.kind === "new") continue;
    let c = byId.get(e.id);
    if (!c) {
      c = { at: e.at, fields: new Map() };
      byId.set(e.id, c);
    }
    c.at = e.at;
    for (const f of e.fields) {
      const had = c.fields.get(f.field);
      c.fields.set(f.field, { field: f.field, old: had ? had.old : f.old, new: f.new });
    }
  }
  const out: CitedChange[] = [];
  for (const [id, c] of byId) {
    const fields = [...c.fields.values()].filter((f) => f.old !== f.new);
    if (fields.length === 0) continue;
    // the kind follows from what differs now: a row that left its source and came back unchanged says nothing
    const status = fields.find((f) => f.field === "status");
    const kind = !status ? "changed" : status.new === "no-longer-published" ? "no-longer-published" : "status";
    out.push({ id, at: c.at, kind, fields });
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}
