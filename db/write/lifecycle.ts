// The change log's one hook in the write path (issue 28): SourceWriter (db/write.ts) tells the recorder what it
// inserted, updated and saw; the recorder stores one change_log row per result and kind, in the source's own
// transaction, and, for a source that is the whole official record of its rounds, marks the results it no longer
// lists as no longer published (kept, never deleted). What a change and a status are is lib/lifecycle.
import type { ChangeKind } from "@/lib/lifecycle/changes";
import { type FieldChange, fieldChanges, type TrackedValues } from "@/lib/lifecycle/fields";
import { CURRENT_STATUSES } from "@/lib/lifecycle/status";
import type { DbHandle } from "../client";
import type { SqlParam } from "../sql";
import { BatchInsert, rowsPerStatement } from "./batch";
import type { Existing } from "./change";
import { RC } from "./rows";

const LOG_COLUMNS = ["at", "source", "kind", "result_id", "round", "fields"] as const;
/** Origins of rows an official summary states (db/write/precedence.ts ORIGIN_RANK): the rows its absence speaks for. */
const SUMMARY_ORIGINS = ["summary_results_json", "checker_json", "checker_csv"] as const;
/** Ids per `in (…)` list when marking rows (SQLite allows 32,766 parameters). */
const CHUNK = 500;

/** The tracked fields of a row the writer is about to store (its values in RESULT_ORDER). */
export function trackedFromRow(row: readonly SqlParam[]): TrackedValues {
  const v = (k: keyof typeof RC) => {
    const x = row[RC[k]];
    return typeof x === "bigint" ? Number(x) : (x ?? null);
  };
  return {
    value: v("value"),
    units: v("units"),
    validity: v("validity"),
    availability: v("availability"),
    accelerator: v("accelerator"),
    totalAccelerators: v("totalAccelerators"),
    nodes: v("nodes"),
    precision: v("precision"),
    accuracy: v("accuracy"),
    power: v("power"),
    servingEngine: v("servingEngine"),
    benchmark: v("benchmark"),
    resultId: v("resultId"),
    notes: v("notesText"),
  };
}

/** The same fields as stored. */
export function trackedFromStored(p: Existing): TrackedValues {
  return {
    value: p.value,
    units: p.units,
    validity: p.validity,
    availability: p.availability,
    accelerator: p.accelerator,
    totalAccelerators: p.totalAccelerators,
    nodes: p.nodes,
    precision: p.precision,
    accuracy: p.accuracy,
    power: p.power,
    servingEngine: p.servingEngine,
    benchmark: p.benchmark,
    resultId: p.resultId,
    notes: p.notesText,
  };
}

export class ChangeRecorder {
  private readonly log: BatchInsert;
  private readonly fresh = new Set<string>();
  /** Every result id the source listed. */
  readonly seen = new Set<string>();
  /** Rows recorded, by kind. */
  readonly counts: Record<ChangeKind, number> = { new: 0, changed: 0, "no-longer-published": 0, status: 0 };

  constructor(
    private readonly h: DbHandle,
    /** The import's time: every entry of this source shares it. */
    readonly at: string,
    private readonly source: string,
  ) {
    this.log = new BatchInsert("change_log", LOG_COLUMNS, rowsPerStatement(h.dialect, LOG_COLUMNS.length));
  }

  get total(): number {
    const c = this.counts;
    return c.new + c.changed + c["no-longer-published"] + c.status;
  }

  private add(kind: ChangeKind, id: string, round: string, fields: FieldChange[]): void {
    this.counts[kind]++;
    this.log.push([this.at, this.source, kind, id, round, JSON.stringify(fields)]);
  }

  inserted(id: string, round: string): void {
    this.fresh.add(id);
    this.add("new", id, round, []);
  }

  /** A stored row rewritten: its tracked fields old → new, and its status if that moved. */
  updated(id: string, round: string, prev: Existing, row: readonly SqlParam[]): void {
    // a row this source inserted and states again is one new result, not a change
    if (this.fresh.has(id)) return;
    const fields = fieldChanges(trackedFromStored(prev), trackedFromRow(row));
    if (fields.length > 0) this.add("changed", id, round, fields);
    const status = row[RC.status] as string;
    if (status !== prev.status) this.add("status", id, round, [{ field: "status", old: prev.status, new: status }]);
  }

  /**
   * The source is the whole official record of `rounds`: each current summary row of those rounds it did not list
   * is marked no longer published (with this import's time) and logged. Returns how many.
   */
  async markAbsent(rounds: readonly string[]): Promise<number> {
    if (rounds.length === 0) return 0;
    const { x } = this.h;
    const q = (n: number) => new Array(n).fill("?").join(", ");
    const rows = await x.all<{ id: string; round: string; status: string }>(
      `select id, round, status from results where round in (${q(rounds.length)}) and status in (${q(CURRENT_STATUSES.length)}) and origin in (${q(SUMMARY_ORIGINS.length)})`,
      [...rounds, ...CURRENT_STATUSES, ...SUMMARY_ORIGINS],
    );
    const gone = rows.filter((r) => !this.seen.has(r.id)).sort((a, b) => a.id.localeCompare(b.id));
    for (let i = 0; i < gone.length; i += CHUNK) {
      const ids = gone.slice(i, i + CHUNK).map((r) => r.id);
      await x.run(`update results set status = ?, status_since = ? where id in (${q(ids.length)})`, [
        "no-longer-published",
        this.at,
        ...ids,
      ]);
    }
    for (const r of gone)
      this.add("no-longer-published", r.id, r.round, [{ field: "status", old: r.status, new: "no-longer-published" }]);
    return gone.length;
  }

  async flush(): Promise<void> {
    await this.log.flush(this.h.x);
  }
}
