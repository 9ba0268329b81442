// Test helper only: real rows of ../shared/data as PublishedResult, made by the real importer's normalizer
// (lib/mlperf: parseSummary → ResultRecord) and the same mapping the database read applies, read in place through
// lib/mlperf/test-real-summaries; never imported by app code. (It used to map rows with a simplified inline copy
// of the importer, so the tests checked what that copy produced; now they check what the product imports.)
import { perAccelerator, perAcceleratorValue } from "@/lib/context/per-accelerator";
import { perWattValue } from "@/lib/context/power";
import { mixedGroups } from "@/lib/mlperf/accelerators";
import { resultIdFor } from "@/lib/mlperf/ids";
import { parsedSummary, ROUND_FILES, rawSummaryRows } from "@/lib/mlperf/test-real-summaries";
import type { PublishedResult, ResultRecord, Scenario } from "@/lib/types";

export type Round = "v4.1" | "v5.1" | "v6.0";
type Row = Record<string, unknown>;

/** The raw objects of a round's summary_results.json, as published (for coverage tables). */
export function loadRows(round: Round): Row[] {
  return rawSummaryRows(ROUND_FILES[round]);
}

/** A normalized record as the database hands it back (db/queries/results.ts toPublished), without latency. */
export function fromRecord(r: ResultRecord): PublishedResult {
  const y = r.system;
  const out: PublishedResult = {
    id: resultIdFor(r),
    resultId: r.resultId,
    round: r.round,
    submitter: r.submitter,
    system: y.systemName || r.platform,
    platform: r.platform,
    accelerator: y.accelerator,
    acceleratorsPerNode: y.acceleratorsPerNode,
    nodes: y.nodes,
    totalAccelerators: y.totalAccelerators,
    heterogeneous: y.heterogeneous,
    ...(y.heterogeneous ? { acceleratorGroups: mixedGroups(y) } : {}),
    hostProcessor: y.hostProcessor,
    operatingSystem: y.operatingSystem,
    model: r.model,
    benchmark: r.benchmark,
    usedModel: r.usedModel,
    modelFamily: r.modelFamily,
    accuracyTarget: r.accuracyTarget,
    scenario: r.scenario,
    division: r.division,
    availability: r.availability,
    suite: r.suite,
    precision: r.precision,
    precisionRaw: r.precisionRaw,
    software: y.software,
    softwareStack: y.softwareStack,
    value: r.value,
    units: r.units,
    higherIsBetter: r.higherIsBetter,
    perAccelerator: perAcceleratorValue({
      value: r.value,
      units: r.units,
      scenario: r.scenario,
      totalAccelerators: y.totalAccelerators,
      heterogeneous: y.heterogeneous,
      acceleratorGroups: mixedGroups(y),
    }),
    perAcceleratorNote: null,
    power: r.power,
    powerUnits: r.powerUnits,
    hasPower: r.hasPower,
    perWatt: null, // filled below from lib/context/power.ts, as the database read does
    validity: r.validity,
    inferred: r.inferred,
    tokensPerSample: r.tokensPerSample,
    measurementKey: r.measurementKey,
    sourceUrl: r.detailsUrl,
    codeUrl: r.codeUrl,
    location: r.location,
    notes: r.notes,
    latency: null,
    importedAt: null,
  };
  const derived = perAccelerator(out);
  out.perAcceleratorNote = derived.value === null ? derived.note : null;
  out.perWatt = perWattValue(out);
  return out;
}

export interface Query {
  round: Round;
  platform: string;
  model: string;
  scenario: Scenario;
  submitter?: string;
  hasPower?: boolean;
  division?: string;
  usedModel?: string;
  id?: string; // MLCommons ID, e.g. "6.0-0002"
}

const mapped = new Map<Round, PublishedResult[]>();

/** Every row of a round as PublishedResult (cached). */
export function allResults(round: Round): PublishedResult[] {
  let list = mapped.get(round);
  if (!list) {
    list = parsedSummary(ROUND_FILES[round]).records.map(fromRecord);
    mapped.set(round, list);
  }
  return list;
}

/** The one real row matching `q` (hasPower defaults to false); throws unless exactly one matches. */
export function real(q: Query): PublishedResult {
  const hits = allResults(q.round).filter(
    (r) =>
      r.platform === q.platform &&
      r.model === q.model &&
      r.scenario === q.scenario &&
      r.hasPower === (q.hasPower ?? false) &&
      (q.submitter === undefined || r.submitter === q.submitter) &&
      (q.division === undefined || r.division === q.division) &&
      (q.usedModel === undefined || r.usedModel === q.usedModel) &&
      (q.id === undefined || r.resultId === q.id),
  );
  if (hits.length !== 1 || !hits[0]) throw new Error(`expected one row for ${JSON.stringify(q)}, found ${hits.length}`);
  return hits[0];
}

/** Shorthand for the llama2-70b rows used across the tests. */
export const llama = (
  round: Round,
  submitter: string,
  platform: string,
  scenario: Scenario,
  model = "llama2-70b-99",
): PublishedResult => real({ round, submitter, platform, model, scenario });
