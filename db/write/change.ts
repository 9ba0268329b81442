// Change detection: does a stored result already say what a new record says? A re-import that changed nothing must
// leave every row (and its id) as it was, and write no provenance row. A stored row is compared column by column,
// plus a content hash of what its columns do not hold (its system's fields and its notes); rows stored by earlier
// versions carry a SHA-1 of everything (legacyContentHash) and are compared by that.
import { PER_ACCELERATOR_RULE_VERSION } from "@/lib/judge";
import { Fingerprint } from "@/lib/mlperf/ids";
import { legacySoftwareStack } from "@/lib/mlperf/software";
import type { DataNote, ResultRecord, SystemRecord } from "@/lib/types";
import type { Tables } from "../client";
import { shortHash } from "../hash";
import type { results as schemaResults } from "../schema";
import { type SystemInfo, systemInfo } from "./rows";

/**
 * What a stored result says beyond its own columns, as a fingerprint: its system's fields and its data notes.
 * "f" + 16 hex chars (FNV-1a 64, see Fingerprint). A re-import compares this and the row's columns (sameContent):
 * nothing is hashed per row for the columns, and a result without notes takes its system's hash as it is.
 */
export function contentHash(info: SystemInfo, notes: readonly DataNote[]): string {
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
export function systemFingerprint(y: SystemRecord): Fingerprint {
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
      // the stack as the version that stored these rows parsed it (before parenthesised qualifiers)
      (y.software?.includes("(") ? legacySoftwareStack(y.software) : y.softwareStack).map((c) => [c.name, c.version]),
    ]),
  );
}

/**
 * Does the stored row say what this record says? Its columns, field by field (those of the natural key are equal
 * already: the ids matched), and the content hash for its system and notes. What only some formats carry (the
 * MLCommons ID, links and unknown extra columns) is left out, so a checker CSV re-stating an official row is
 * "unchanged", not a downgrade.
 */
export function sameContent(p: Existing, r: ResultRecord, hash: string, systemId: string): boolean {
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

/**
 * The stored columns the writer compares a new record with (see sameContent, bringsLinks, disagreeNote), of a
 * store's results table (`h.t.results`).
 */
export function existingColumns(results: Tables["results"]) {
  return {
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
    // what the change log compares beyond the above (db/write/lifecycle.ts), and the lifecycle status
    accelerator: results.accelerator,
    totalAccelerators: results.totalAccelerators,
    nodes: results.nodes,
    servingEngine: results.servingEngine,
    status: results.status,
    statusSince: results.statusSince,
  };
}

export type Existing = Pick<typeof schemaResults.$inferSelect, keyof ReturnType<typeof existingColumns>>;
