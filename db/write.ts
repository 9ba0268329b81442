// The one writer: the CLI, the seed and the upload path all store through here, one transaction per source.
// Read in this order: db/write/rows.ts (what a row holds), db/write/change.ts (is it a change?),
// db/write/precedence.ts (which source wins), db/write/notes.ts (what a reader is told), then SourceWriter below.

import type { Statement } from "better-sqlite3";
import { and, eq } from "drizzle-orm";
import { type ResultKeyParts, resultKey } from "@/lib/mlperf/ids";
import type { DataNote, ResultRecord, SourceError, SystemRecord } from "@/lib/types";
import type { DbHandle } from "./client";
import { bumpDataVersion } from "./data-version";
import { shortHash, stableJson } from "./hash";
import { dataNotes, results, systems } from "./schema";
import { contentHash, EXISTING_COLUMNS, type Existing, sameContent } from "./write/change";
import { disagreeNote, replacedNote, setNotes } from "./write/notes";
import { bringsLinks, rankOf } from "./write/precedence";
import {
  preparedSystemInsert,
  RC,
  RESULT_COLUMN_NAMES,
  resultValues,
  roundSortKey,
  type SystemInfo,
  systemInfo,
  systemVariantIdFor,
} from "./write/rows";

export { legacyContentHash, recordContentHash } from "./write/change";
export { setNotes } from "./write/notes";
export { ORIGIN_RANK } from "./write/precedence";
export { roundSortKey, systemIdFor, systemVariantIdFor } from "./write/rows";

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
  private sourceOfImport: Statement | null = null;
  private readonly importSources = new Map<number, string | null>();
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
    else {
      sqlite
        .prepare("update imports set rows = ?, inserted = ?, updated = ?, unchanged = ? where id = ?")
        .run(c.rows, c.inserted, c.updated, c.unchanged, this.importId);
      bumpDataVersion(sqlite);
    }
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

  /** The value-replaced note for an update, if it is one (see db/write/notes.ts); the stored value's file is read once per import. */
  private replacedNote(prev: Existing, r: ResultRecord): DataNote | null {
    if (rankOf(prev.origin) !== rankOf(this.origin) || (prev.value === r.value && prev.units === r.units)) return null;
    let src: string | null = null;
    if (prev.importId !== null) {
      if (!this.importSources.has(prev.importId)) {
        this.sourceOfImport ??= this.h.sqlite.prepare("select source from imports where id = ?").pluck();
        this.importSources.set(prev.importId, (this.sourceOfImport.get(prev.importId) as string | undefined) ?? null);
      }
      src = this.importSources.get(prev.importId) ?? null;
    }
    return replacedNote(prev, r, this.origin, this.meta.source, src);
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
