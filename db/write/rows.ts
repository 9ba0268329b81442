// What the writer stores for a record: the system's row and id (a second system under one platform gets a variant
// id), a result's values in the results table's column order, and the round's sort key. No decisions here: which
// row wins is db/write/precedence.ts, whether anything changed is db/write/change.ts.
import { getTableColumns, getTableName } from "drizzle-orm";
import { engineOfResult, engineOfStack, PER_ACCELERATOR_RULE_VERSION, perAcceleratorValue } from "@/lib/judge";
import { mixedGroups } from "@/lib/mlperf/accelerators";
import { type Fingerprint, fnv1a64 } from "@/lib/mlperf/ids";
import { systemSearchText } from "@/lib/mlperf/search";
import type { ResultRecord, SystemRecord } from "@/lib/types";
import { shortHash } from "../hash";
import { results, systems } from "../schema";
import type { SqlParam } from "../sql";
import { systemFingerprint } from "./change";

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

export function systemRow(s: SystemRecord, description: string | null) {
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
    // the system's one engine when its list names one (lib/judge), else null; per benchmark: resultEngine
    servingEngine: engineOfStack(s.software, s.softwareStack).engine,
    description,
    searchText: systemSearchText(s),
  };
}

/** What every result of one system shares, worked out once per SystemRecord. */
export interface SystemInfo {
  /** The system's row; its id is the platform's until upsertSystem finds it is a second variant (systemVariantIdFor). */
  row: ReturnType<typeof systemRow>;
  /** The system's fields fed to a fingerprint, which each result's notes then continue (see contentHash). */
  fingerprint: Fingerprint;
  /** The content hash of a result of this system with no notes (most of them). */
  bareHash: string;
  /** The serving engine each benchmark ran on, by model (a list naming several engines is the system's). */
  engines: Map<string, string | null>;
}

export function systemInfo(sys: SystemRecord): SystemInfo {
  const fingerprint = systemFingerprint(sys);
  return {
    row: systemRow(sys, null),
    fingerprint,
    bareHash: `f${fingerprint.clone().number(0).hex()}`,
    engines: new Map(),
  };
}

/** The engine that ran this result's benchmark (lib/judge engineOfResult: named by the source or null), once per system and model. */
function resultEngine(sys: SystemInfo, r: ResultRecord): string | null {
  const key = `${r.model}\u0000${r.usedModel}`;
  let e = sys.engines.get(key);
  if (e === undefined) {
    e = engineOfResult({
      software: r.system.software,
      softwareStack: r.system.softwareStack,
      model: r.model,
      usedModel: r.usedModel,
    }).engine;
    sys.engines.set(key, e);
  }
  return e;
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
  "status",
  "statusSince",
] as const;
export type ResultColumn = keyof typeof results.$inferInsert;
const _everyColumn: [Exclude<ResultColumn, (typeof RESULT_ORDER)[number]>] extends [never] ? true : never = true;
export const RESULT_COLUMN_NAMES = RESULT_ORDER.map((k) => getTableColumns(results)[k].name);
/** Where each column sits in a row's values (see resultValues). */
export const RC = Object.fromEntries(RESULT_ORDER.map((k, i) => [k, i])) as Record<ResultColumn, number>;

/**
 * A result's row for the results table: its values in RESULT_ORDER, one array literal, bound to the statements as
 * it is (the store's executor binds booleans as its database wants them).
 */
export function resultValues(
  r: ResultRecord,
  key: string,
  sys: SystemInfo,
  origin: string,
  contentHash: string,
  importId: number | null,
  roundSort: number,
  /** The import's time: a new row is published since then (the writer sets an update's status itself). */
  at: string | null = null,
): SqlParam[] {
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
    r.higherIsBetter, // higherIsBetter
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
    r.hasPower, // hasPower
    r.accuracy, // accuracy
    r.tokensPerSample, // tokensPerSample
    r.inferred, // inferred
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
    resultEngine(sys, r), // servingEngine
    "published", // status (lib/lifecycle/status.ts)
    at, // statusSince
  ];
}

/** The systems table's columns: property names (a row's keys) and SQL names, in the table's order. */
const SYSTEM_COLUMNS = Object.entries(getTableColumns(systems));
export const SYSTEM_TABLE = getTableName(systems);
export const SYSTEM_COLUMN_NAMES = SYSTEM_COLUMNS.map(([, c]) => c.name);
const SYSTEM_KEYS = SYSTEM_COLUMNS.map(([k]) => k);

/** A system row's values in SYSTEM_COLUMN_NAMES order (a missing one is null). */
export function systemValues(row: Record<string, unknown>): SqlParam[] {
  return SYSTEM_KEYS.map((k) => (row[k] === undefined ? null : (row[k] as SqlParam)));
}
