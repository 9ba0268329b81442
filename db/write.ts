// The one writer: the CLI, the seed and the upload path all store through here, one transaction per source.
// Read in this order: db/write/rows.ts (what a row holds), db/write/change.ts (is it a change?),
// db/write/precedence.ts (which source wins), db/write/notes.ts (what a reader is told), then SourceWriter below.

import { eq } from "drizzle-orm";
import { statusWhenListed } from "@/lib/lifecycle/status";
import { type ResultKeyParts, resultKey } from "@/lib/mlperf/ids";
import type { DataNote, ResultRecord, SourceError, SystemRecord } from "@/lib/types";
import type { DbHandle } from "./client";
import { bumpDataVersion } from "./data-version";
import { shortHash, stableJson } from "./hash";
import type { SqlParam } from "./sql";
import { BatchInsert, rowsPerStatement } from "./write/batch";
import { contentHash, type Existing, existingColumns, sameContent } from "./write/change";
import { ChangeRecorder } from "./write/lifecycle";
import { oneImportAtATime } from "./write/locks";
import { disagreeNote, replacedNote, setNotes } from "./write/notes";
import { bringsLinks, rankOf } from "./write/precedence";
import {
  RC,
  RESULT_COLUMN_NAMES,
  resultValues,
  roundSortKey,
  SYSTEM_COLUMN_NAMES,
  SYSTEM_TABLE,
  type SystemInfo,
  systemInfo,
  systemValues,
  systemVariantIdFor,
} from "./write/rows";

export { legacyContentHash, recordContentHash } from "./write/change";
export { oneImportAtATime } from "./write/locks";
export { setNotes } from "./write/notes";
export { ORIGIN_RANK } from "./write/precedence";
export { roundSortKey, systemIdFor, systemVariantIdFor } from "./write/rows";

export interface WriteCounts {
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Results of a complete source's rounds it no longer lists, marked so (SourceMeta.completeRounds). */
  noLongerPublished: number;
}

export interface SourceMeta {
  source: string;
  format: string;
  sha256: string;
  startedAt?: string;
  /** Rounds this source is the whole official record of: their summary rows it omits leave (db/write/lifecycle.ts). */
  completeRounds?: readonly string[];
}

/** Thrown inside a transaction to reject a whole source; nothing it wrote survives. */
export class SourceRejected extends Error {
  constructor(readonly errors: SourceError[]) {
    super(errors[0]?.message ?? "rejected");
  }
}

const UPDATE_RESULT = `update results set ${RESULT_COLUMN_NAMES.filter((_, i) => i !== RC.id)
  .map((c) => `"${c}" = ?`)
  .join(", ")} where id = ?`;
const NOTE_COLUMNS = ["result_id", "code", "message", "origin"] as const;
/** New results collected before they are stored (PostgreSQL's statement size: db/write/batch.ts). */
const FLUSH_ROWS = 512;

/**
 * Stores one source's published results, batch by batch, inside a transaction the caller holds (see writeResults
 * and the streaming importer): `SourceWriter.open` in the transaction (`h.tx`, with the handle it passes), `add` as
 * many batches as the parser sends, then `finish`. Rounds already in the database are read when their first record
 * arrives, so rows written earlier in this source count as existing; a round with nothing stored is not read.
 *
 * New rows are not stored one statement each: systems, results and notes are collected (BatchInsert) and stored a
 * few hundred per statement, systems first, then results, then notes (the order their foreign keys need). Anything
 * else the writer runs (an update, a read of what this source already wrote, a note rewritten) first stores what is
 * collected, so every statement sees the rows before it, as if each had been stored at once. The usual row (new,
 * or unchanged) runs no statement of its own and awaits nothing.
 */
export class SourceWriter {
  private readonly counts: WriteCounts = { rows: 0, inserted: 0, updated: 0, unchanged: 0, noLongerPublished: 0 };
  /** Stored rows by id: those read at the start of a round, or `true` for a row this source wrote (read back if it repeats). */
  private readonly existing = new Map<string, Existing | true>();
  private readonly existingSystems = new Map<string, string>();
  private readonly systemsDone = new Set<string>();
  /** Platform id → the SystemRecord of this source that took it; a different one under that platform is a variant. */
  private readonly platformOwner = new Map<string, SystemInfo>();
  // parsers share one SystemRecord among a system's results, so most rows find theirs here
  private readonly infos = new Map<SystemRecord, SystemInfo>();
  private readonly importSources = new Map<number, string | null>();
  /** The rounds this source has met (read from the database on first sight), with their sort keys. */
  private readonly roundSort = new Map<string, number>();
  private readonly newSystems: BatchInsert;
  private readonly newResults: BatchInsert;
  private readonly newNotes: BatchInsert;

  private constructor(
    private readonly h: DbHandle,
    private readonly meta: SourceMeta,
    private readonly origin: string,
    private readonly importId: number,
    /** The change log of this source (db/write/lifecycle.ts): the one place the write path records changes. */
    private readonly changes: ChangeRecorder,
  ) {
    const batch = (table: string, cols: readonly string[]) =>
      new BatchInsert(table, cols, rowsPerStatement(h.dialect, cols.length));
    this.newSystems = batch(SYSTEM_TABLE, SYSTEM_COLUMN_NAMES);
    this.newResults = batch("results", RESULT_COLUMN_NAMES);
    this.newNotes = batch("data_notes", NOTE_COLUMNS);
  }

  /** A writer for one source, its provenance row added; call inside `h.tx` with the handle it passes. */
  static async open(h: DbHandle, meta: SourceMeta, origin: string = meta.format): Promise<SourceWriter> {
    await oneImportAtATime(h);
    const now = new Date().toISOString();
    const added = await h.x.get<{ id: number }>(
      "insert into imports (source, format, sha256, started_at, finished_at, rows, inserted, updated, unchanged) values (?, ?, ?, ?, ?, 0, 0, 0, 0) returning id",
      [meta.source, meta.format, meta.sha256, meta.startedAt ?? now, now],
    );
    if (!added) throw new Error("SourceWriter: the imports row was not added");
    return new SourceWriter(h, meta, origin, Number(added.id), new ChangeRecorder(h, now, meta.source));
  }

  /** `naturalKeys[i]` is `resultKey(records[i])` when the parser already has them (it keys every row). */
  async add(records: readonly ResultRecord[], naturalKeys?: readonly string[]): Promise<void> {
    if (naturalKeys && naturalKeys.length !== records.length)
      throw new Error(`writeResults: ${naturalKeys.length} natural keys for ${records.length} records`);
    this.counts.rows += records.length;
    for (let i = 0; i < records.length; i++) {
      const r = records[i] as ResultRecord;
      const roundSort = this.roundSort.get(r.round) ?? (await this.loadRound(r.round));
      let info = this.infos.get(r.system);
      if (!info) {
        info = this.placeSystem(r.system);
        this.infos.set(r.system, info);
      }
      if (!this.systemsDone.has(info.row.id)) {
        const p = this.upsertSystem(info);
        if (p) await p;
      }
      const hash = contentHash(info, r.notes);
      const key = naturalKeys?.[i] ?? resultKey(r);
      const row = resultValues(r, key, info, this.origin, hash, this.importId, roundSort, this.changes.at);
      const p = this.processResult(r, key, row, hash);
      if (p) await p;
      if (this.newResults.size >= FLUSH_ROWS) await this.flush();
    }
  }

  /** Stores the collected new rows: systems, results, then notes (foreign-key order). */
  private async flush(): Promise<void> {
    const { x } = this.h;
    await this.newSystems.flush(x);
    await this.newResults.flush(x);
    await this.newNotes.flush(x);
  }

  /** Counts for the source; a no-op re-import leaves no trace, so "newer data exists" banners only fire on real changes. */
  async finish(): Promise<WriteCounts> {
    await this.flush();
    const { x } = this.h;
    const c = this.counts;
    c.noLongerPublished = await this.changes.markAbsent(this.meta.completeRounds ?? []);
    await this.changes.flush();
    if (c.inserted + c.updated + c.noLongerPublished === 0)
      await x.run("delete from imports where id = ?", [this.importId]);
    else {
      await x.run("update imports set rows = ?, inserted = ?, updated = ?, unchanged = ? where id = ?", [
        c.rows,
        c.inserted,
        c.updated,
        c.unchanged,
        this.importId,
      ]);
      await bumpDataVersion(this.h);
    }
    return { ...c };
  }

  /** Lists the round and reads what is stored for it; returns its sort key. */
  private async loadRound(round: string): Promise<number> {
    const { db, x, t } = this.h;
    const sortKey = roundSortKey(round);
    this.roundSort.set(round, sortKey);
    await x.run("insert into rounds (id, sort_key) values (?, ?) on conflict do nothing", [round, sortKey]);
    // a round with nothing stored yet (every round of a new database) has nothing to read: two index seeks decide
    const found = await x.get<{ has: unknown }>(
      "select 1 as has where exists (select 1 from results where round = ?) or exists (select 1 from systems where round = ?)",
      [round, round],
    );
    if (!found) return sortKey;
    for (const row of await db
      .select({ id: t.results.id, ...existingColumns(t.results) })
      .from(t.results)
      .where(eq(t.results.round, round)))
      this.existing.set(row.id, row);
    for (const s of await db.select().from(t.systems).where(eq(t.systems.round, round)))
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

  /** Collects a new system; updates a changed one (a promise then). */
  private upsertSystem(info: SystemInfo): Promise<void> | undefined {
    const sysRow = info.row;
    this.systemsDone.add(sysRow.id);
    const prevSys = this.existingSystems.get(sysRow.id);
    // systemsDone keeps a system to one upsert per source, so a new one needs no hash until a later import
    if (prevSys === undefined) this.newSystems.push(systemValues(sysRow));
    else if (prevSys !== shortHash(stableJson(sysRow))) return this.updateSystem(info);
    return undefined;
  }

  private async updateSystem(info: SystemInfo): Promise<void> {
    const { systems } = this.h.t;
    const { id, description: _d, ...rest } = info.row;
    await this.flush();
    await this.h.db.update(systems).set(rest).where(eq(systems.id, id));
  }

  /** The value-replaced note for an update, if it is one (see db/write/notes.ts); the stored value's file is read once per import. */
  private async replacedNote(prev: Existing, r: ResultRecord): Promise<DataNote | null> {
    if (rankOf(prev.origin) !== rankOf(this.origin) || (prev.value === r.value && prev.units === r.units)) return null;
    let src: string | null = null;
    if (prev.importId !== null) {
      if (!this.importSources.has(prev.importId)) {
        const row = await this.h.x.get<{ source: string }>("select source from imports where id = ?", [prev.importId]);
        this.importSources.set(prev.importId, row?.source ?? null);
      }
      src = this.importSources.get(prev.importId) ?? null;
    }
    return replacedNote(prev, r, this.origin, this.meta.source, src);
  }

  /** What is stored under an id, as this transaction sees it. */
  private async readBack(id: string): Promise<Existing | undefined> {
    // written earlier in this source (only some sources can repeat an id): read it back, uncommitted as it is
    const { results } = this.h.t;
    await this.flush();
    return (await this.h.db.select(existingColumns(results)).from(results).where(eq(results.id, id)).limit(1))[0];
  }

  /**
   * `key` is the record's natural key (resultKey), whose hash is its id. A new or unchanged row is settled here and
   * now; anything that must read or change stored rows returns a promise (see store).
   */
  private processResult(r: ResultRecord, key: string, row: SqlParam[], hash: string): Promise<void> | undefined {
    const id = row[RC.id] as string;
    this.changes.seen.add(id);
    const p = this.existing.get(id);
    if (p === true) return this.readBack(id).then((prev) => this.store(r, key, row, hash, prev));
    if (p === undefined) {
      this.newResults.push(row);
      this.counts.inserted++;
      this.changes.inserted(id, r.round);
      this.existing.set(id, true);
      for (const n of r.notes) this.newNotes.push([id, n.code, n.message, this.origin]);
      return undefined;
    }
    return this.store(r, key, row, hash, p);
  }

  /** A record whose id is stored (`prev`): unchanged, kept (a lesser source), or updated. */
  private store(
    r: ResultRecord,
    key: string,
    row: SqlParam[],
    hash: string,
    prev: Existing | undefined,
  ): Promise<void> | undefined {
    const { meta, origin, counts } = this;
    const id = row[RC.id] as string;
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
    const status = statusWhenListed(prev ?? null, r.validity);
    if (
      prev &&
      status === prev.status &&
      sameContent(prev, r, hash, row[RC.systemId] as string) &&
      rankOf(origin) <= rankOf(prev.origin) &&
      !bringsLinks(r, prev)
    ) {
      counts.unchanged++;
      return undefined;
    }
    return this.change(r, row, prev, status);
  }

  private async change(r: ResultRecord, row: SqlParam[], prev: Existing | undefined, status: string): Promise<void> {
    const { h, meta, origin, counts } = this;
    const id = row[RC.id] as string;
    await this.flush();
    if (prev && rankOf(origin) < rankOf(prev.origin)) {
      // a lesser source restating a row: keep the better one, and say so when they disagree
      counts.unchanged++;
      await setNotes(
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
      row[RC.status] = status;
      row[RC.statusSince] = status === prev.status ? prev.statusSince : this.changes.at;
      // a better source replacing a lesser one: keep a note where they disagreed
      if (rankOf(prev.origin) < rankOf(origin) && prev.origin !== "loadgen")
        await setNotes(
          h,
          id,
          prev.origin,
          disagreeNote(
            { format: prev.origin, source: "", value: prev.value, units: prev.units },
            { origin, value: r.value, units: r.units },
          ),
        );
      await h.x.run(UPDATE_RESULT, [...row.slice(0, RC.id), ...row.slice(RC.id + 1), id]);
      this.changes.updated(id, r.round, prev, row);
      const replaced = await this.replacedNote(prev, r);
      // notes this kind of source wrote before are replaced; a log-only placeholder's note goes too
      await h.x.run("delete from data_notes where result_id = ? and origin = ?", [id, origin]);
      if (prev.origin === "loadgen")
        await h.x.run("delete from data_notes where result_id = ? and code = ?", [id, "log-only"]);
      counts.updated++;
      if (replaced) this.newNotes.push([id, replaced.code, replaced.message, origin]);
    } else {
      this.newResults.push(row);
      counts.inserted++;
      this.changes.inserted(id, r.round);
    }
    this.existing.set(id, true);
    for (const n of r.notes) this.newNotes.push([id, n.code, n.message, origin]);
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
): Promise<WriteCounts> {
  return h.tx(async (t) => {
    const w = await SourceWriter.open(t, meta, origin);
    await w.add(records, naturalKeys);
    return w.finish();
  });
}
