// The one writer: the CLI, the seed and the upload path all store through here, one transaction per source.
import { and, eq, getTableColumns, getTableName, sql } from "drizzle-orm";
import { perAcceleratorValue } from "@/lib/context/normalize";
import { fnv1a64, resultKey } from "@/lib/mlperf/ids";
import { servingEngineLabel } from "@/lib/mlperf/software";
import type { DataNote, ResultRecord, SourceError, SystemRecord } from "@/lib/types";
import type { DbHandle } from "./client";
import { shortHash, stableJson } from "./hash";
import { dataNotes, imports, results, rounds, systems } from "./schema";

export interface WriteCounts {
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface SourceMeta {
  source: string;
  format: string;
  sha256: string;
  startedAt?: string;
}

/** Thrown inside a transaction to reject a whole source; nothing it wrote survives. */
export class SourceRejected extends Error {
  constructor(readonly errors: SourceError[]) {
    super(errors[0]?.message ?? "rejected");
  }
}

export function roundSortKey(round: string): number {
  const m = /^v?(\d+)\.(\d+)/.exec(round);
  return m ? Number(m[1]) * 100 + Number(m[2]) : 0;
}

export function systemIdFor(s: Pick<SystemRecord, "round" | "submitter" | "platform">): string {
  return shortHash(`${s.round}\u0000${s.submitter}\u0000${s.platform}`);
}

function systemRow(s: SystemRecord, description: string | null) {
  return {
    id: systemIdFor(s),
    round: s.round,
    submitter: s.submitter,
    platform: s.platform,
    systemName: s.systemName,
    accelerator: s.accelerator,
    acceleratorRaw: s.acceleratorRaw,
    acceleratorsPerNode: s.acceleratorsPerNode,
    nodes: s.nodes,
    totalAccelerators: s.totalAccelerators,
    publishedTotalAccelerators: s.publishedTotalAccelerators,
    hostProcessor: s.hostProcessor,
    hostProcessorsPerNode: s.hostProcessorsPerNode,
    hostProcessorCoreCount: s.hostProcessorCoreCount,
    operatingSystem: s.operatingSystem,
    heterogeneous: s.heterogeneous,
    software: s.software,
    softwareStack: JSON.stringify(s.softwareStack),
    servingEngine: servingEngineLabel(s.softwareStack),
    description,
  };
}

/** What every result of one system shares, worked out once per SystemRecord. */
interface SystemInfo {
  id: string;
  engine: string | null;
  /** The system's half of the content-hash JSON (see recordContentHash). */
  hashJson: string;
}

function systemInfo(sys: SystemRecord): SystemInfo {
  return { id: systemIdFor(sys), engine: servingEngineLabel(sys.softwareStack), hashJson: systemHashJson(sys) };
}

/** Submitter, system name, platform, accelerator, benchmark, used model and software, lower-cased, empty ones left out. */
function searchText(r: ResultRecord, system: SystemRecord): string {
  let out = "";
  for (const part of [
    r.submitter,
    system.systemName,
    r.platform,
    system.accelerator,
    r.model,
    r.usedModel,
    system.software,
  ])
    if (part) out = out === "" ? part : `${out} ${part}`;
  return out.toLowerCase();
}

function resultRow(
  r: ResultRecord,
  key: string,
  sys: SystemInfo,
  origin: string,
  contentHash: string,
  importId: number | null,
) {
  const system = r.system;
  return {
    id: fnv1a64(key),
    naturalKey: key,
    systemId: sys.id,
    resultId: r.resultId,
    round: r.round,
    roundSort: roundSortKey(r.round),
    division: r.division,
    submitter: r.submitter,
    platform: r.platform,
    model: r.model,
    usedModel: r.usedModel,
    modelFamily: r.modelFamily,
    accuracyTarget: r.accuracyTarget,
    scenario: r.scenario,
    availability: r.availability,
    suite: r.suite,
    precision: r.precision,
    precisionRaw: r.precisionRaw,
    value: r.value,
    units: r.units,
    higherIsBetter: r.higherIsBetter,
    perAccelerator: perAcceleratorValue({
      value: r.value,
      units: r.units,
      scenario: r.scenario,
      totalAccelerators: system.totalAccelerators,
    }),
    power: r.power,
    powerUnits: r.powerUnits,
    hasPower: r.hasPower,
    accuracy: r.accuracy,
    tokensPerSample: r.tokensPerSample,
    inferred: r.inferred,
    validity: r.validity,
    measurementKey: r.measurementKey,
    location: r.location,
    detailsUrl: r.detailsUrl,
    codeUrl: r.codeUrl,
    notesText: r.notesText,
    extra: JSON.stringify(r.extra),
    origin,
    contentHash,
    importId,
    accelerator: system.accelerator,
    totalAccelerators: system.totalAccelerators,
    nodes: system.nodes,
    servingEngine: sys.engine,
    searchText: searchText(r, system),
  };
}

/**
 * Hash of what a result says, leaving out what only some formats carry (the MLCommons ID, links and
 * unknown extra columns), so a checker CSV re-stating an official row is "unchanged", not a downgrade.
 */
/**
 * Make a result's notes from one origin exactly `notes`, rewriting only when they differ, so an
 * unchanged re-import leaves every row (and its id) as it was.
 */
export function setNotes(h: DbHandle, resultId: string, origin: string, notes: DataNote[]): void {
  const have = h.db
    .select({ code: dataNotes.code, message: dataNotes.message })
    .from(dataNotes)
    .where(and(eq(dataNotes.resultId, resultId), eq(dataNotes.origin, origin)))
    .orderBy(dataNotes.id)
    .all();
  if (JSON.stringify(have) === JSON.stringify(notes.map((n) => ({ code: n.code, message: n.message })))) return;
  h.db
    .delete(dataNotes)
    .where(and(eq(dataNotes.resultId, resultId), eq(dataNotes.origin, origin)))
    .run();
  for (const n of notes) h.db.insert(dataNotes).values({ resultId, code: n.code, message: n.message, origin }).run();
}

export function recordContentHash(r: ResultRecord, systemJson: string = systemHashJson(r.system)): string {
  // a fixed field order (not key-sorted JSON): the same content always hashes the same, whichever parser built it.
  // The JSON is the record's array followed by its system's, joined as one array: what
  // JSON.stringify([...recordFields, ...systemFields]) gives, with the system half computed once per system.
  const own = JSON.stringify([
    r.round,
    r.division,
    r.submitter,
    r.platform,
    r.model,
    r.usedModel,
    r.scenario,
    r.hasPower,
    r.modelFamily,
    r.accuracyTarget,
    r.availability,
    r.suite,
    r.precision,
    r.precisionRaw,
    r.value,
    r.units,
    r.higherIsBetter,
    r.power,
    r.powerUnits,
    r.accuracy,
    r.tokensPerSample,
    r.inferred,
    r.validity,
    r.location,
    r.notesText,
    r.measurementKey,
    r.notes.map((n) => [n.code, n.message]),
  ]);
  return shortHash(`${own.slice(0, -1)},${systemJson.slice(1)}`);
}

/** The system fields of the content hash, as a JSON array. */
function systemHashJson(y: SystemRecord): string {
  return JSON.stringify([
    y.systemName,
    y.accelerator,
    y.acceleratorRaw,
    y.acceleratorsPerNode,
    y.nodes,
    y.totalAccelerators,
    y.publishedTotalAccelerators,
    y.hostProcessor,
    y.hostProcessorsPerNode,
    y.hostProcessorCoreCount,
    y.operatingSystem,
    y.heterogeneous,
    y.software,
    y.softwareStack.map((c) => [c.name, c.version]),
  ]);
}

/** A prepared INSERT of every column of a table, bound by position (booleans as 0/1). Built once per transaction. */
function preparedInsert(h: DbHandle, table: typeof results | typeof systems) {
  const cols = Object.entries(getTableColumns(table));
  const keys = cols.map(([k]) => k);
  const stmt = h.sqlite.prepare(
    `insert into "${getTableName(table)}" (${cols.map(([, c]) => `"${c.name}"`).join(", ")}) values (${cols.map(() => "?").join(", ")})`,
  );
  const values: unknown[] = new Array(keys.length);
  return (row: Record<string, unknown>) => {
    for (let i = 0; i < keys.length; i++) {
      const v = row[keys[i] as string];
      values[i] = v === undefined ? null : typeof v === "boolean" ? (v ? 1 : 0) : v;
    }
    stmt.run(values);
  };
}

/** The stored columns the writer compares a new record with (see Existing). */
const EXISTING_COLUMNS = {
  naturalKey: results.naturalKey,
  contentHash: results.contentHash,
  origin: results.origin,
  resultId: results.resultId,
  detailsUrl: results.detailsUrl,
  codeUrl: results.codeUrl,
  value: results.value,
  units: results.units,
};

type Existing = {
  naturalKey: string;
  contentHash: string;
  origin: string;
  resultId: string | null;
  detailsUrl: string | null;
  codeUrl: string | null;
  value: number;
  units: string;
};

function disagreeNote(
  lesser: { format: string; source: string; value: number; units: string },
  better: { origin: string; value: number; units: string },
): DataNote[] {
  const differs =
    better.units !== lesser.units || Math.abs(better.value - lesser.value) > 1e-9 * Math.max(1, Math.abs(lesser.value));
  if (!differs) return [];
  const name = better.origin === "summary_results_json" ? "the official round summary" : better.origin;
  const file = lesser.source ? ` (${lesser.source.split("/").pop()})` : "";
  return [
    {
      code: "sources-disagree",
      message: `${lesser.format}${file} says ${lesser.value} ${lesser.units}; ${name} says ${better.value} ${better.units}, which is shown.`,
    },
  ];
}

/**
 * Which source wins when two disagree about one result: the official round summary over a per-submitter
 * checker file, any summary over a value read from a LoadGen log or the bundled sample.
 */
export const ORIGIN_RANK: Record<string, number> = {
  summary_results_json: 4,
  checker_json: 3,
  checker_csv: 3,
  loadgen: 1,
  sample: 0,
};

function rankOf(origin: string): number {
  return ORIGIN_RANK[origin] ?? 2;
}

/** Does the new record bring an ID or link the stored row lacks (or differs on)? */
function bringsLinks(r: ResultRecord, prev: Existing): boolean {
  return (
    (r.resultId !== null && r.resultId !== prev.resultId) ||
    (r.detailsUrl !== null && r.detailsUrl !== prev.detailsUrl) ||
    (r.codeUrl !== null && r.codeUrl !== prev.codeUrl)
  );
}

export function latestImport(h: DbHandle): { id: number; finishedAt: string } | null {
  const row = h.db
    .select({ id: imports.id, finishedAt: imports.finishedAt })
    .from(imports)
    .orderBy(sql`${imports.id} desc`)
    .limit(1)
    .get();
  return row ?? null;
}

function recordImport(h: DbHandle, meta: SourceMeta, counts: WriteCounts): number {
  const now = new Date().toISOString();
  const row = h.db
    .insert(imports)
    .values({
      source: meta.source,
      format: meta.format,
      sha256: meta.sha256,
      startedAt: meta.startedAt ?? now,
      finishedAt: now,
      ...counts,
    })
    .returning({ id: imports.id })
    .get();
  return row.id;
}

/**
 * Stores one source's published results, batch by batch, inside a transaction the caller holds (see writeResults
 * and the streaming importer): `add` as many batches as the parser sends, then `finish`. Rounds already in the
 * database are read when their first record arrives, so rows written earlier in this source count as existing.
 */
export class SourceWriter {
  private readonly counts: WriteCounts = { rows: 0, inserted: 0, updated: 0, unchanged: 0 };
  private readonly importId: number;
  /** Stored rows by id: those read at the start of a round, or `true` for a row this source wrote (read back if it repeats). */
  private readonly existing = new Map<string, Existing | true>();
  private readonly existingSystems = new Map<string, string>();
  private readonly roundsLoaded = new Set<string>();
  private readonly systemsDone = new Set<string>();
  // parsers share one SystemRecord among a system's results, so most rows find theirs here
  private readonly infos = new Map<SystemRecord, SystemInfo>();
  private readonly insertNote;
  private readonly insertResult;
  private readonly insertSystem;

  constructor(
    private readonly h: DbHandle,
    private readonly meta: SourceMeta,
    private readonly origin: string = meta.format,
  ) {
    if (!h.sqlite.inTransaction) throw new Error("SourceWriter: open a transaction first (see writeResults)");
    this.importId = recordImport(h, meta, this.counts);
    this.insertNote = h.db
      .insert(dataNotes)
      .values({
        resultId: sql.placeholder("resultId"),
        code: sql.placeholder("code"),
        message: sql.placeholder("message"),
        origin: sql.placeholder("origin"),
      })
      .prepare();
    this.insertResult = preparedInsert(h, results);
    this.insertSystem = preparedInsert(h, systems);
  }

  /** `naturalKeys[i]` is `resultKey(records[i])` when the parser already has them (it keys every row). */
  add(records: readonly ResultRecord[], naturalKeys?: readonly string[]): void {
    if (naturalKeys && naturalKeys.length !== records.length)
      throw new Error(`writeResults: ${naturalKeys.length} natural keys for ${records.length} records`);
    this.counts.rows += records.length;
    for (let i = 0; i < records.length; i++) {
      const r = records[i] as ResultRecord;
      if (!this.roundsLoaded.has(r.round)) this.loadRound(r.round);
      let info = this.infos.get(r.system);
      if (!info) {
        info = systemInfo(r.system);
        this.infos.set(r.system, info);
      }
      if (!this.systemsDone.has(info.id)) this.upsertSystem(r.system);
      const hash = recordContentHash(r, info.hashJson);
      const row = resultRow(r, naturalKeys?.[i] ?? resultKey(r), info, this.origin, hash, this.importId);
      this.processResult(r, row, hash);
    }
  }

  /** Counts for the source; a no-op re-import leaves no trace, so "newer data exists" banners only fire on real changes. */
  finish(): WriteCounts {
    const { db } = this.h;
    const c = this.counts;
    if (c.inserted + c.updated === 0) db.delete(imports).where(eq(imports.id, this.importId)).run();
    else db.update(imports).set(c).where(eq(imports.id, this.importId)).run();
    return { ...c };
  }

  private loadRound(round: string): void {
    const { db } = this.h;
    this.roundsLoaded.add(round);
    db.insert(rounds)
      .values({ id: round, sortKey: roundSortKey(round) })
      .onConflictDoNothing()
      .run();
    for (const row of db
      .select({ id: results.id, ...EXISTING_COLUMNS })
      .from(results)
      .where(eq(results.round, round))
      .all())
      this.existing.set(row.id, row);
    for (const s of db.select().from(systems).where(eq(systems.round, round)).all())
      this.existingSystems.set(s.id, shortHash(stableJson({ ...s, description: null })));
  }

  private upsertSystem(sys: SystemRecord): void {
    const sysRow = systemRow(sys, null);
    this.systemsDone.add(sysRow.id);
    const prevSys = this.existingSystems.get(sysRow.id);
    // systemsDone keeps a system to one upsert per source, so a new one needs no hash until a later import
    if (prevSys === undefined) this.insertSystem(sysRow);
    else if (prevSys !== shortHash(stableJson(sysRow))) {
      const { id, description: _d, ...rest } = sysRow;
      this.h.db.update(systems).set(rest).where(eq(systems.id, id)).run();
    }
  }

  /** What is stored under an id, as this transaction sees it. */
  private previous(id: string): Existing | undefined {
    const p = this.existing.get(id);
    if (p !== true) return p;
    // written earlier in this source (only some sources can repeat an id): read it back, uncommitted as it is
    return this.h.db.select(EXISTING_COLUMNS).from(results).where(eq(results.id, id)).get();
  }

  private processResult(r: ResultRecord, row: ReturnType<typeof resultRow>, hash: string): void {
    const { h, meta, origin, counts } = this;
    const { db } = h;
    const prev = this.previous(row.id);
    if (prev && prev.naturalKey !== row.naturalKey)
      // two different results whose 64-bit ids collide: refuse rather than let one overwrite the other
      throw new SourceRejected([
        {
          source: meta.source,
          line: null,
          field: null,
          message: `result id ${row.id} of ${row.naturalKey} is already used by ${prev.naturalKey}; nothing from this source was stored`,
        },
      ]);
    if (prev && prev.contentHash === hash && rankOf(origin) <= rankOf(prev.origin) && !bringsLinks(r, prev)) {
      counts.unchanged++;
      return;
    }
    if (prev && rankOf(origin) < rankOf(prev.origin)) {
      // a lesser source restating a row: keep the better one, and say so when they disagree
      counts.unchanged++;
      setNotes(
        h,
        row.id,
        origin,
        disagreeNote({ format: meta.format, source: meta.source, value: r.value, units: r.units }, prev),
      );
      return;
    }
    if (prev) {
      // a format without IDs/links (checker CSV) never erases the ones an official summary gave
      row.resultId ??= prev.resultId;
      row.detailsUrl ??= prev.detailsUrl;
      row.codeUrl ??= prev.codeUrl;
      // a better source replacing a lesser one: keep a note where they disagreed
      if (rankOf(prev.origin) < rankOf(origin) && prev.origin !== "loadgen" && prev.origin !== "sample")
        setNotes(
          h,
          row.id,
          prev.origin,
          disagreeNote(
            { format: prev.origin, source: "", value: prev.value, units: prev.units },
            { origin, value: r.value, units: r.units },
          ),
        );
      const { id, ...rest } = row;
      db.update(results).set(rest).where(eq(results.id, id)).run();
      // notes this kind of source wrote before are replaced; a log-only placeholder's note goes too
      db.delete(dataNotes)
        .where(and(eq(dataNotes.resultId, id), eq(dataNotes.origin, origin)))
        .run();
      if (prev.origin === "loadgen")
        db.delete(dataNotes)
          .where(and(eq(dataNotes.resultId, id), eq(dataNotes.code, "log-only")))
          .run();
      counts.updated++;
    } else {
      this.insertResult(row);
      counts.inserted++;
    }
    this.existing.set(row.id, true);
    for (const n of r.notes) this.insertNote.run({ resultId: row.id, code: n.code, message: n.message, origin });
  }
}

/**
 * Store one source's published results in a single transaction. Returns counts; throws on any DB error
 * (the transaction rolls back, so a rejected source changes nothing).
 */
export function writeResults(
  h: DbHandle,
  records: ResultRecord[],
  meta: SourceMeta,
  origin: string = meta.format,
  /** `resultKey(records[i])` for each i, when the parser already has them (it keys every row to find duplicates). */
  naturalKeys?: readonly string[],
): WriteCounts {
  return h.sqlite
    .transaction((): WriteCounts => {
      const w = new SourceWriter(h, meta, origin);
      w.add(records, naturalKeys);
      return w.finish();
    })
    .immediate();
}
