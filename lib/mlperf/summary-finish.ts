// Whole-file steps after each row is normalized: merge checker power rows, flag power/performance row pairs,
// reject duplicate natural keys, set measurement keys. Pure.
import type { ResultRecord, SourceError } from "@/lib/types";
import { measurementKeyFor, resultKey } from "./ids";

export interface RowItem {
  record: ResultRecord;
  /** The row's line, or null when it is worked out on demand from `index` (see finishRecords' lineOf). */
  line: number | null;
  index: number;
  /** A checker-file power row: its Result is the power reading, not the performance. */
  powerOnly: boolean;
  /** The source's name for the result column, for error messages. */
  resultField: string;
}

const UNIT_NOTE_CODES = new Set(["units-suspect", "units-unknown"]);

/**
 * Checker files write a power result as a second row (has_power True, Result = watts or millijoules).
 * Give it the performance of its partner row, as summary_results.json does; without a partner it cannot stand.
 */
type LineOf = (it: RowItem) => number | null;

function mergePowerRows(items: RowItem[], source: string, errors: SourceError[], lineOf: LineOf): RowItem[] {
  if (!items.some((it) => it.powerOnly)) return items;
  const performance = new Map<string, ResultRecord>();
  for (const it of items) if (!it.powerOnly) performance.set(resultKey({ ...it.record, hasPower: false }), it.record);
  const out: RowItem[] = [];
  for (const it of items) {
    if (!it.powerOnly) {
      out.push(it);
      continue;
    }
    const perf = performance.get(resultKey({ ...it.record, hasPower: false }));
    if (!perf) {
      errors.push({
        source,
        line: lineOf(it),
        field: it.resultField,
        message: `power row (${it.record.value} ${it.record.units}) has no performance row with has_power False; its performance value is not in this file`,
      });
      continue;
    }
    const r = it.record;
    r.value = perf.value;
    r.units = perf.units;
    r.higherIsBetter = perf.higherIsBetter;
    r.notes.push(...perf.notes.filter((n) => UNIT_NOTE_CODES.has(n.code)));
    out.push({ ...it, powerOnly: false });
  }
  return out;
}

/**
 * The natural key without its power flag (the last element of `resultKey`'s JSON array):
 * `'["v6.0",…,"Offline",false]'` → `'["v6.0",…,"Offline"'`. Rows of one run with and without power share it.
 */
function withoutPowerFlag(key: string): string {
  return key.slice(0, key.lastIndexOf(","));
}

/** A power row and a performance-only row for the same run: both are published, neither should be counted twice. */
function notePowerPairs(records: ResultRecord[], keys: string[]): void {
  // only a system, benchmark and scenario that has a power row can pair; most files have few or none
  const withPower = new Set<string>();
  records.forEach((r, i) => {
    if (r.hasPower) withPower.add(withoutPowerFlag(keys[i] as string));
  });
  if (withPower.size === 0) return;
  const groups = new Map<string, ResultRecord[]>();
  records.forEach((r, i) => {
    const k = withoutPowerFlag(keys[i] as string);
    if (!withPower.has(k)) return;
    const g = groups.get(k);
    if (g) g.push(r);
    else groups.set(k, [r]);
  });
  for (const group of groups.values()) {
    const power = group.filter((r) => r.hasPower);
    const perf = group.filter((r) => !r.hasPower);
    if (power.length === 0 || perf.length === 0) continue;
    for (const r of power) {
      const others = perf.map((p) => p.value).join(", ");
      r.notes.push({
        code: "power-and-performance-rows",
        message: `this power result has a separate performance-only row for the same system, benchmark and scenario (value ${others}); count the run once`,
      });
    }
    for (const r of perf) {
      const others = power.map((p) => `${p.value} at ${p.power ?? "?"} ${p.powerUnits ?? ""}`.trim()).join(", ");
      r.notes.push({
        code: "power-and-performance-rows",
        message: `a separate power row exists for the same system, benchmark and scenario (value ${others}); count the run once`,
      });
    }
  }
}

export interface FinishedRecords {
  records: ResultRecord[];
  /** `resultKey(records[i])`, computed once here (the writer needs them too). */
  naturalKeys: string[];
}

/**
 * The whole-file steps for rows arriving one at a time: duplicates are errors, each record gets its measurement
 * key, and finished records go out in batches while the file is still being read. The one step that needs other
 * rows, noting power/performance pairs, only concerns a system, benchmark and scenario that has a power row:
 * the caller names those groups up front (`powerGroups`, from a cheap pre-pass) and their rows are held back and
 * finished together at the end. Everything else keeps file order.
 */
export class RecordFinisher {
  /** Natural key → where its first row was: the line when known (≥ 1), else -(index + 1). A number, not an object. */
  private readonly seen = new Map<string, number>();
  private readonly held: { record: ResultRecord; key: string }[] = [];
  private batch: FinishedRecords = { records: [], naturalKeys: [] };

  constructor(
    private readonly source: string,
    private readonly errors: SourceError[],
    private readonly powerGroups: PowerGroups,
    private readonly emit: (batch: FinishedRecords) => void,
    private readonly lineOfIndex?: (index: number) => number | null,
    private readonly batchSize = 256,
  ) {}

  private lineOf(it: { line: number | null; index: number }): number | null {
    return it.line ?? this.lineOfIndex?.(it.index) ?? null;
  }

  // batches stay small (256): records then die young, which keeps the scavenger's copying down (−30% GC time
  // measured at 87k rows against 2,048)
  add(it: Pick<RowItem, "record" | "line" | "index">): void {
    const key = resultKey(it.record);
    const earlier = this.seen.get(key);
    if (earlier !== undefined) {
      const first = earlier > 0 ? earlier : this.lineOf({ line: null, index: -earlier - 1 });
      this.errors.push({
        source: this.source,
        line: this.lineOf(it),
        field: null,
        message: `duplicate result: same round, division, submitter, platform, model, used model, scenario and power flag as ${first === null ? "an earlier row" : `line ${first}`}`,
      });
      return;
    }
    this.seen.set(key, it.line !== null && it.line > 0 ? it.line : -(it.index + 1));
    if (this.powerGroups.has(it.record, key)) {
      this.held.push({ record: it.record, key });
      return;
    }
    this.push(it.record, key);
  }

  private push(record: ResultRecord, key: string): void {
    record.measurementKey = measurementKeyFor(record);
    this.batch.records.push(record);
    this.batch.naturalKeys.push(key);
    if (this.batch.records.length >= this.batchSize) this.flush();
  }

  private flush(): void {
    if (this.batch.records.length === 0) return;
    const out = this.batch;
    this.batch = { records: [], naturalKeys: [] };
    this.emit(out);
  }

  /** Finishes the held-back groups and sends what is left. */
  end(): void {
    notePowerPairs(
      this.held.map((h) => h.record),
      this.held.map((h) => h.key),
    );
    for (const h of this.held) this.push(h.record, h.key);
    this.held.length = 0;
    this.flush();
  }
}

/**
 * The system, benchmark and scenario groups that have a power row: `withoutPowerFlag` of their natural keys. Most
 * rows' platforms have no power row at all, which is decided without cutting and hashing their keys.
 */
export class PowerGroups {
  private readonly keys = new Set<string>();
  private readonly platforms = new Set<string>();

  constructor(records: Iterable<ResultRecord>) {
    for (const r of records)
      if (r.hasPower) {
        this.keys.add(withoutPowerFlag(resultKey(r)));
        this.platforms.add(r.platform);
      }
  }

  /** Is this record (whose natural key is `key`) in a group with a power row? */
  has(record: ResultRecord, key: string): boolean {
    return this.platforms.has(record.platform) && this.keys.has(withoutPowerFlag(key));
  }
}

/** Runs the whole-file steps; appends problems to `errors` and returns the records that stand. */
export function finishRecords(
  items: RowItem[],
  source: string,
  errors: SourceError[],
  lineOfIndex?: (index: number) => number | null,
): FinishedRecords {
  const lineOf: LineOf = (it) => it.line ?? lineOfIndex?.(it.index) ?? null;
  const merged = mergePowerRows(items, source, errors, lineOf);
  const out: FinishedRecords = { records: [], naturalKeys: [] };
  const finisher = new RecordFinisher(
    source,
    errors,
    new PowerGroups(merged.map((it) => it.record)),
    (b) => {
      out.records.push(...b.records);
      out.naturalKeys.push(...b.naturalKeys);
    },
    lineOfIndex,
  );
  for (const it of merged) finisher.add(it);
  finisher.end();
  return out;
}
