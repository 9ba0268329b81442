// The one writer: the CLI, the seed and the upload path all store through here, one transaction per source.

import type { Statement } from "better-sqlite3";
import { and, eq, getTableColumns, getTableName } from "drizzle-orm";
import { PER_ACCELERATOR_RULE_VERSION, perAcceleratorValue } from "@/lib/context/per-accelerator";
import { mixedGroups } from "@/lib/mlperf/accelerators";
import { Fingerprint, fnv1a64, type ResultKeyParts, resultKey } from "@/lib/mlperf/ids";
import { systemSearchText } from "@/lib/mlperf/search";
import { sourceName } from "@/lib/mlperf/shared-id";
import { servingEngineLabel } from "@/lib/mlperf/software";
import type { DataNote, ResultRecord, SourceError, SystemRecord } from "@/lib/types";
import type { DbHandle } from "./client";
import { shortHash, stableJson } from "./hash";
import { dataNotes, results, systems } from "./schema";

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

/**
 * The id of a second, different system a source publishes under one round, submitter and platform (another
 * system name, software stack or OS, as MLCommons' separate system IDs v4.1-0053 and v4.1-0128 are): the
 * platform's id and the system's fingerprint (see systemFingerprint), so the same content always gets the same id.
 */
export function systemVariantIdFor(s: SystemRecord): string {
  return shortHash(`${systemIdFor(s)}\u0000${systemFingerprint(s).hex()}`);
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
    searchText: systemSearchText(s),
  };
}

/** What every result of one system shares, worked out once per SystemRecord. */
interface SystemInfo {
  /** The system's row; its id is the platform's until upsertSystem finds it is a second variant (systemVariantIdFor). */
  row: ReturnType<typeof systemRow>;
  /** The system's fields fed to a fingerprint, which each result's notes then continue (see contentHash). */
  fingerprint: Fingerprint;
  /** The content hash of a result of this system with no notes (most of them). */
  bareHash: string;
}

function systemInfo(sys: SystemRecord): SystemInfo {
  const fingerprint = systemFingerprint(sys);
  return { row: systemRow(sys, null), fingerprint, bareHash: `f${fingerprint.clone().number(0).hex()}` };
}

/**
 * The results table's columns in the order resultValues lists their values. Every column is here (the type below
 * fails to compile otherwise), and the statements name their columns in this order, so the table's own column
 * order does not matter.
 */
const RESULT_ORDER = [
  "id",
  "systemId",
  "resultId",
  "round",
  "roundSort",
  "division",
  "submitter",
  "platform",
  "model",
  "benchmark",
  "usedModel",
  "modelFamily",
  "accuracyTarget",
  "scenario",
  "availability",
  "suite",
  "precision",
  "precisionRaw",
  "value",
  "units",
  "higherIsBetter",
  "perAccelerator",
  "perAcceleratorRule",
  "power",
  "powerUnits",
  "hasPower",
  "accuracy",
  "tokensPerSample",
  "inferred",
  "validity",
  "measurementKey",
  "location",
  "detailsUrl",
  "codeUrl",
  "notesText",
  "extra",
  "origin",
  "contentHash",
  "importId",
  "accelerator",
  "totalAccelerators",
  "nodes",
  "servingEngine",
] as const;
type ResultColumn = keyof typeof results.$inferInsert;
const _everyColumn: [Exclude<ResultColumn, (typeof RESULT_ORDER)[number]>] extends [never] ? true : never = true;
const RESULT_COLUMN_NAMES = RESULT_ORDER.map((k) => getTableColumns(results)[k].name);
/** Where each column sits in a row's values (see resultValues). */
const RC = Object.fromEntries(RESULT_ORDER.map((k, i) => [k, i])) as Record<ResultColumn, number>;

/**
 * A result's row for the results table: its values in RESULT_ORDER (booleans as 0/1), one array literal, bound to
 * the prepared statements as it is.
 */
function resultValues(
  r: ResultRecord,
  key: string,
  sys: SystemInfo,
  origin: string,
  contentHash: string,
  importId: number | null,
  roundSort: number,
): unknown[] {
  const system = r.system;
  return [
    fnv1a64(key), // id
    sys.row.id, // systemId
    r.resultId, // resultId
    r.round, // round
    roundSort, // roundSort
    r.division, // division
    r.submitter, // submitter
    r.platform, // platform
    r.model, // model
    r.benchmark, // benchmark
    r.usedModel, // usedModel
    r.modelFamily, // modelFamily
    r.accuracyTarget, // accuracyTarget
    r.scenario, // scenario
    r.availability, // availability
    r.suite, // suite
    r.precision, // precision
    r.precisionRaw, // precisionRaw
    r.value, // value
    r.units, // units
    r.higherIsBetter ? 1 : 0, // higherIsBetter
    perAcceleratorValue({
      value: r.value,
      units: r.units,
      scenario: r.scenario,
      totalAccelerators: system.totalAccelerators,
      heterogeneous: system.heterogeneous,
      acceleratorGroups: mixedGroups(system),
    }), // perAccelerator
    PER_ACCELERATOR_RULE_VERSION, // perAcceleratorRule
    r.power, // power
    r.powerUnits, // powerUnits
    r.hasPower ? 1 : 0, // hasPower
    r.accuracy, // accuracy
    r.tokensPerSample, // tokensPerSample
    r.inferred ? 1 : 0, // inferred
    r.validity, // validity
    r.measurementKey, // measurementKey
    r.location, // location
    r.detailsUrl, // detailsUrl
    r.codeUrl, // codeUrl
    r.notesText, // notesText
    JSON.stringify(r.extra), // extra
    origin, // origin
    contentHash, // contentHash
    importId, // importId
    system.accelerator, // accelerator
    system.totalAccelerators, // totalAccelerators
    system.nodes, // nodes
    sys.row.servingEngine, // servingEngine
  ];
}

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

/**
 * What a stored result says beyond its own columns, as a fingerprint: its system's fields and its data notes.
 * "f" + 16 hex chars (FNV-1a 64, see Fingerprint). A re-import compares this and the row's columns (sameContent):
 * nothing is hashed per row for the columns, and a result without notes takes its system's hash as it is.
 */
function contentHash(info: SystemInfo, notes: readonly DataNote[]): string {
  if (notes.length === 0) return info.bareHash;
  const f = info.fingerprint.clone().number(notes.length);
  for (const n of notes) f.text(n.code).text(n.message);
  return `f${f.hex()}`;
}

/** The content hash the writer stores for a record (see contentHash). */
export function recordContentHash(r: ResultRecord): string {
  return contentHash(systemInfo(r.system), r.notes);
}

/** A system's fields, in a fixed order, fed to a fingerprint. */
function systemFingerprint(y: SystemRecord): Fingerprint {
  const f = new Fingerprint()
    .text(y.systemName)
    .text(y.accelerator)
    .text(y.acceleratorRaw)
    .number(y.acceleratorsPerNode)
    .number(y.nodes)
    .number(y.totalAccelerators)
    .number(y.publishedTotalAccelerators)
    .text(y.hostProcessor)
    .number(y.hostProcessorsPerNode)
    .text(y.hostProcessorCoreCount)
    .text(y.operatingSystem)
    .bool(y.heterogeneous)
    .text(y.software)
    .number(y.softwareStack.length);
  for (const c of y.softwareStack) f.text(c.name).text(c.version);
  return f;
}

/**
 * The content hash of rows stored by earlier versions (16 hex chars, no "f"): SHA-1 of the record's and its
 * system's fields as one JSON array. Worked out only to compare with such a row, so a database written before
 * re-imports as "unchanged" instead of rewriting every row once.
 */
export function legacyContentHash(r: ResultRecord): string {
  const y = r.system;
  return shortHash(
    JSON.stringify([
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
    ]),
  );
}

/**
 * Does the stored row say what this record says? Its columns, field by field (those of the natural key are equal
 * already: the ids matched), and the content hash for its system and notes. What only some formats carry (the
 * MLCommons ID, links and unknown extra columns) is left out, so a checker CSV re-stating an official row is
 * "unchanged", not a downgrade.
 */
function sameContent(p: Existing, r: ResultRecord, hash: string, systemId: string): boolean {
  if (p.systemId !== systemId) return false;
  if (p.contentHash.length === 16) return p.benchmark === r.benchmark && p.contentHash === legacyContentHash(r);
  return (
    p.contentHash === hash &&
    p.benchmark === r.benchmark &&
    p.modelFamily === r.modelFamily &&
    p.accuracyTarget === r.accuracyTarget &&
    p.availability === r.availability &&
    p.suite === r.suite &&
    p.precision === r.precision &&
    p.precisionRaw === r.precisionRaw &&
    p.value === r.value &&
    p.units === r.units &&
    p.higherIsBetter === r.higherIsBetter &&
    p.power === r.power &&
    p.powerUnits === r.powerUnits &&
    p.accuracy === r.accuracy &&
    p.tokensPerSample === r.tokensPerSample &&
    p.inferred === r.inferred &&
    p.validity === r.validity &&
    p.location === r.location &&
    p.notesText === r.notesText &&
    p.measurementKey === r.measurementKey &&
    p.perAcceleratorRule === PER_ACCELERATOR_RULE_VERSION
  );
}

/** A prepared INSERT of every column of the systems table from a row object (booleans as 0/1). Once per transaction. */
function preparedSystemInsert(h: DbHandle) {
  const cols = Object.entries(getTableColumns(systems));
  const keys = cols.map(([k]) => k);
  const stmt = h.sqlite.prepare(
    `insert into "${getTableName(systems)}" (${cols.map(([, c]) => `"${c.name}"`).join(", ")}) values (${cols.map(() => "?").join(", ")})`,
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

/** The stored columns the writer compares a new record with (see sameContent, bringsLinks, disagreeNote). */
const EXISTING_COLUMNS = {
  // the natural key's parts (the id is its hash: see processResult)
  round: results.round,
  division: results.division,
  submitter: results.submitter,
  platform: results.platform,
  model: results.model,
  usedModel: results.usedModel,
  scenario: results.scenario,
  hasPower: results.hasPower,
  systemId: results.systemId,
  importId: results.importId,
  contentHash: results.contentHash,
  origin: results.origin,
  resultId: results.resultId,
  detailsUrl: results.detailsUrl,
  codeUrl: results.codeUrl,
  benchmark: results.benchmark,
  modelFamily: results.modelFamily,
  accuracyTarget: results.accuracyTarget,
  availability: results.availability,
  suite: results.suite,
  precision: results.precision,
  precisionRaw: results.precisionRaw,
  value: results.value,
  units: results.units,
  higherIsBetter: results.higherIsBetter,
  power: results.power,
  powerUnits: results.powerUnits,
  accuracy: results.accuracy,
  tokensPerSample: results.tokensPerSample,
  inferred: results.inferred,
  validity: results.validity,
  location: results.location,
  notesText: results.notesText,
  measurementKey: results.measurementKey,
  perAcceleratorRule: results.perAcceleratorRule,
};

type Existing = Pick<typeof results.$inferSelect, keyof typeof EXISTING_COLUMNS>;

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

/**
 * Stores one source's published results, batch by batch, inside a transaction the caller holds (see writeResults
 * and the streaming importer): `add` as many batches as the parser sends, then `finish`. Rounds already in the
 * database are read when their first record arrives, so rows written earlier in this source count as existing;
 * a round with nothing stored is not read. The statements run per row are plain prepared SQL
 * (drizzle's builders cost more to warm up than a 3,000-row import spends in them).
 */
export class SourceWriter {
  private readonly counts: WriteCounts = { rows: 0, inserted: 0, updated: 0, unchanged: 0 };
  private readonly importId: number;
  /** Stored rows by id: those read at the start of a round, or `true` for a row this source wrote (read back if it repeats). */
  private readonly existing = new Map<string, Existing | true>();
  private readonly existingSystems = new Map<string, string>();
  private readonly systemsDone = new Set<string>();
  /** Platform id → the SystemRecord of this source that took it; a different one under that platform is a variant. */
  private readonly platformOwner = new Map<string, SystemInfo>();
  // parsers share one SystemRecord among a system's results, so most rows find theirs here
  private readonly infos = new Map<SystemRecord, SystemInfo>();
  private readonly insertNote;
  private readonly insertRound;
  private readonly roundHasData;
  private readonly insertResult;
  private updateResult: Statement | null = null;
  private readonly insertSystem;
  /** The rounds this source has met (read from the database on first sight), with their sort keys. */
  private readonly roundSort = new Map<string, number>();

  constructor(
    private readonly h: DbHandle,
    private readonly meta: SourceMeta,
    private readonly origin: string = meta.format,
  ) {
    const { sqlite } = h;
    if (!sqlite.inTransaction) throw new Error("SourceWriter: open a transaction first (see writeResults)");
    const now = new Date().toISOString();
    const c = this.counts;
    const added = sqlite
      .prepare(
        "insert into imports (source, format, sha256, started_at, finished_at, rows, inserted, updated, unchanged) values (?, ?, ?, ?, ?, ?, ?, ?, ?) returning id",
      )
      .get(
        meta.source,
        meta.format,
        meta.sha256,
        meta.startedAt ?? now,
        now,
        c.rows,
        c.inserted,
        c.updated,
        c.unchanged,
      ) as {
      id: number;
    };
    this.importId = added.id;
    this.roundHasData = sqlite.prepare(
      "select exists (select 1 from results where round = ?) or exists (select 1 from systems where round = ?) as has",
    );
    this.insertRound = sqlite.prepare("insert into rounds (id, sort_key) values (?, ?) on conflict do nothing");
    this.insertNote = sqlite.prepare("insert into data_notes (result_id, code, message, origin) values (?, ?, ?, ?)");
    this.insertResult = sqlite.prepare(
      `insert into results (${RESULT_COLUMN_NAMES.map((c) => `"${c}"`).join(", ")}) values (${RESULT_COLUMN_NAMES.map(() => "?").join(", ")})`,
    );
    this.insertSystem = preparedSystemInsert(h);
  }

  /** `naturalKeys[i]` is `resultKey(records[i])` when the parser already has them (it keys every row). */
  add(records: readonly ResultRecord[], naturalKeys?: readonly string[]): void {
    if (naturalKeys && naturalKeys.length !== records.length)
      throw new Error(`writeResults: ${naturalKeys.length} natural keys for ${records.length} records`);
    this.counts.rows += records.length;
    for (let i = 0; i < records.length; i++) {
      const r = records[i] as ResultRecord;
      const roundSort = this.roundSort.get(r.round) ?? this.loadRound(r.round);
      let info = this.infos.get(r.system);
      if (!info) {
        info = this.placeSystem(r.system);
        this.infos.set(r.system, info);
      }
      if (!this.systemsDone.has(info.row.id)) this.upsertSystem(info);
      const hash = contentHash(info, r.notes);
      const key = naturalKeys?.[i] ?? resultKey(r);
      const row = resultValues(r, key, info, this.origin, hash, this.importId, roundSort);
      this.processResult(r, key, row, hash);
    }
  }

  /** Counts for the source; a no-op re-import leaves no trace, so "newer data exists" banners only fire on real changes. */
  finish(): WriteCounts {
    const { sqlite } = this.h;
    const c = this.counts;
    if (c.inserted + c.updated === 0) sqlite.prepare("delete from imports where id = ?").run(this.importId);
    else
      sqlite
        .prepare("update imports set rows = ?, inserted = ?, updated = ?, unchanged = ? where id = ?")
        .run(c.rows, c.inserted, c.updated, c.unchanged, this.importId);
    return { ...c };
  }

  /** Lists the round and reads what is stored for it; returns its sort key. */
  private loadRound(round: string): number {
    const { db } = this.h;
    const sortKey = roundSortKey(round);
    this.roundSort.set(round, sortKey);
    this.insertRound.run(round, sortKey);
    // a round with nothing stored yet (every round of a new database) has nothing to read: two index seeks decide
    const { has } = this.roundHasData.get(round, round) as { has: number };
    if (!has) return sortKey;
    for (const row of db
      .select({ id: results.id, ...EXISTING_COLUMNS })
      .from(results)
      .where(eq(results.round, round))
      .all())
      this.existing.set(row.id, row);
    for (const s of db.select().from(systems).where(eq(systems.round, round)).all())
      this.existingSystems.set(s.id, shortHash(stableJson({ ...s, description: null })));
    return sortKey;
  }

  /**
   * A system's info, with the id it is stored under: the platform's id for the first system this source names under
   * a round, submitter and platform; a variant id (systemVariantIdFor) for each different one after it. So two
   * systems sharing a platform name keep their own names and software instead of the first one's.
   */
  private placeSystem(sys: SystemRecord): SystemInfo {
    const info = systemInfo(sys);
    const platformId = info.row.id;
    const owner = this.platformOwner.get(platformId);
    if (owner === undefined) {
      // a source naming only a variant already stored (the platform's row holds another system): that variant
      const stored = this.existingSystems.get(platformId);
      if (stored !== undefined && stored !== shortHash(stableJson(info.row))) {
        const variantId = systemVariantIdFor(sys);
        if (this.existingSystems.has(variantId)) {
          info.row.id = variantId;
          return info;
        }
      }
      this.platformOwner.set(platformId, info);
    }
    // (equal fingerprints: the same system's fields, met again as a record of its own)
    else if (owner.bareHash !== info.bareHash) info.row.id = systemVariantIdFor(sys);
    return info;
  }

  private upsertSystem(info: SystemInfo): void {
    const sysRow = info.row;
    this.systemsDone.add(sysRow.id);
    const prevSys = this.existingSystems.get(sysRow.id);
    // systemsDone keeps a system to one upsert per source, so a new one needs no hash until a later import
    if (prevSys === undefined) this.insertSystem(sysRow);
    else if (prevSys !== shortHash(stableJson(sysRow))) {
      const { id, description: _d, ...rest } = sysRow;
      this.h.db.update(systems).set(rest).where(eq(systems.id, id)).run();
    }
  }

  /**
   * A source of the same kind as the stored row's (say, two summary_results.json files) that changes its number:
   * the later import wins, and the row says which file's value it replaced. A re-published official summary that
   * corrects a value gets the note too, which is what a reader needs to know.
   */
  private replacedNote(prev: Existing, r: ResultRecord): DataNote | null {
    if (rankOf(prev.origin) !== rankOf(this.origin) || (prev.value === r.value && prev.units === r.units)) return null;
    const src =
      prev.importId === null
        ? null
        : (this.h.sqlite.prepare("select source from imports where id = ?").pluck().get(prev.importId) as
            | string
            | undefined);
    const from = sourceName(src ?? null);
    const here = sourceName(this.meta.source);
    if (from !== null && from === here && src === this.meta.source) return null; // the same file, re-published
    return {
      code: "value-replaced",
      message: `${here ?? "This import"} replaced the value ${prev.value} ${prev.units}${from ? ` from ${from}` : ""} with ${r.value} ${r.units}; both are ${this.origin} files, so the later import wins. Check which one is the official publication.`,
    };
  }

  /** What is stored under an id, as this transaction sees it. */
  private previous(id: string): Existing | undefined {
    const p = this.existing.get(id);
    if (p !== true) return p;
    // written earlier in this source (only some sources can repeat an id): read it back, uncommitted as it is
    return this.h.db.select(EXISTING_COLUMNS).from(results).where(eq(results.id, id)).get();
  }

  /** `key` is the record's natural key (resultKey), whose hash is its id. */
  private processResult(r: ResultRecord, key: string, row: unknown[], hash: string): void {
    const { h, meta, origin, counts } = this;
    const { db } = h;
    const id = row[RC.id] as string;
    const prev = this.previous(id);
    // (the stored scenario is one of the Scenario names: the writer only ever stores a record's)
    const prevKey = prev ? resultKey(prev as Existing & ResultKeyParts) : null;
    if (prevKey !== null && prevKey !== key)
      // two different results whose 64-bit ids collide: refuse rather than let one overwrite the other
      throw new SourceRejected([
        {
          source: meta.source,
          line: null,
          field: null,
          message: `result id ${id} of ${key} is already used by ${prevKey}; nothing from this source was stored`,
        },
      ]);
    if (
      prev &&
      sameContent(prev, r, hash, row[RC.systemId] as string) &&
      rankOf(origin) <= rankOf(prev.origin) &&
      !bringsLinks(r, prev)
    ) {
      counts.unchanged++;
      return;
    }
    if (prev && rankOf(origin) < rankOf(prev.origin)) {
      // a lesser source restating a row: keep the better one, and say so when they disagree
      counts.unchanged++;
      setNotes(
        h,
        id,
        origin,
        disagreeNote({ format: meta.format, source: meta.source, value: r.value, units: r.units }, prev),
      );
      return;
    }
    if (prev) {
      // a format without IDs/links (checker CSV) never erases the ones an official summary gave
      row[RC.resultId] ??= prev.resultId;
      row[RC.detailsUrl] ??= prev.detailsUrl;
      row[RC.codeUrl] ??= prev.codeUrl;
      // a better source replacing a lesser one: keep a note where they disagreed
      if (rankOf(prev.origin) < rankOf(origin) && prev.origin !== "loadgen" && prev.origin !== "sample")
        setNotes(
          h,
          id,
          prev.origin,
          disagreeNote(
            { format: prev.origin, source: "", value: prev.value, units: prev.units },
            { origin, value: r.value, units: r.units },
          ),
        );
      this.updateResult ??= h.sqlite.prepare(
        `update results set ${RESULT_COLUMN_NAMES.filter((_, i) => i !== RC.id)
          .map((c) => `"${c}" = ?`)
          .join(", ")} where id = ?`,
      );
      this.updateResult.run([...row.slice(0, RC.id), ...row.slice(RC.id + 1), id]);
      const replaced = this.replacedNote(prev, r);
      // notes this kind of source wrote before are replaced; a log-only placeholder's note goes too
      db.delete(dataNotes)
        .where(and(eq(dataNotes.resultId, id), eq(dataNotes.origin, origin)))
        .run();
      if (prev.origin === "loadgen")
        db.delete(dataNotes)
          .where(and(eq(dataNotes.resultId, id), eq(dataNotes.code, "log-only")))
          .run();
      counts.updated++;
      if (replaced) this.insertNote.run(id, replaced.code, replaced.message, origin);
    } else {
      this.insertResult.run(row);
      counts.inserted++;
    }
    this.existing.set(id, true);
    for (const n of r.notes) this.insertNote.run(id, n.code, n.message, origin);
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
