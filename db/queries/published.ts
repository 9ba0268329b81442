// A stored result row (with its system, notes and latency detail) as the API and pages see it: PublishedResult.
// The per-accelerator figure and its note come from the one rule (lib/context/per-accelerator.ts).

import { perWattValue } from "@/lib/context/power";
import { perAccelerator } from "@/lib/judge";
import { isResultStatus } from "@/lib/lifecycle/status";
import { mixedGroups } from "@/lib/mlperf/accelerators";
import { citationUrl, locationUrl } from "@/lib/mlperf/official-sources";
import type {
  DataNote,
  PercentileSet,
  PublishedResult,
  ResultLatency,
  Scenario,
  SoftwareComponent,
  Validity,
} from "@/lib/types";
import type { latencyDetails, results, systems } from "../schema";

type ResultRow = typeof results.$inferSelect;
type SystemRow = typeof systems.$inferSelect;

function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function nsToMs(text: string | null): PercentileSet | null {
  const s = parseJson<PercentileSet | null>(text, null);
  if (!s) return null;
  const out = {} as PercentileSet;
  for (const [k, v] of Object.entries(s)) out[k as keyof PercentileSet] = typeof v === "number" ? v / 1e6 : null;
  return out;
}

export function toLatency(l: typeof latencyDetails.$inferSelect | undefined): ResultLatency | null {
  if (!l) return null;
  return {
    source: l.source,
    ttftMs: nsToMs(l.ttftNs),
    tpotMs: nsToMs(l.tpotNs),
    latencyMs: nsToMs(l.latencyNs),
    targetQps: l.targetQps,
    ttftLimitMs: l.ttftLimitNs === null ? null : l.ttftLimitNs / 1e6,
    tpotLimitMs: l.tpotLimitNs === null ? null : l.tpotLimitNs / 1e6,
    loadgenVersion: l.loadgenVersion,
    minDurationMs: l.minDurationMs,
    validity: l.validity as Validity,
    failedChecks: parseJson<string[]>(l.failedChecks, []),
    logValue: l.logValue,
    queryCount: l.queryCount,
  };
}

export function toPublished(
  r: ResultRow,
  s: SystemRow | undefined,
  notes: DataNote[],
  latency: ResultLatency | null,
  importedAt: string | null = null,
): PublishedResult {
  const out: PublishedResult = {
    id: r.id,
    resultId: r.resultId,
    round: r.round,
    submitter: r.submitter,
    system: s?.systemName ?? r.platform,
    platform: r.platform,
    accelerator: r.accelerator,
    acceleratorsPerNode: s?.acceleratorsPerNode ?? null,
    nodes: r.nodes,
    totalAccelerators: r.totalAccelerators,
    heterogeneous: s?.heterogeneous ?? false,
    ...(s?.heterogeneous ? { acceleratorGroups: mixedGroups(s) } : {}),
    hostProcessor: s?.hostProcessor ?? null,
    operatingSystem: s?.operatingSystem ?? null,
    model: r.model,
    benchmark: r.benchmark || r.model,
    usedModel: r.usedModel,
    modelFamily: r.modelFamily,
    accuracyTarget: r.accuracyTarget,
    scenario: r.scenario as Scenario,
    division: r.division,
    availability: r.availability,
    suite: r.suite,
    precision: r.precision,
    precisionRaw: r.precisionRaw,
    software: s?.software ?? null,
    softwareStack: parseJson<SoftwareComponent[]>(s?.softwareStack ?? null, []),
    servingEngine: r.servingEngine,
    value: r.value,
    units: r.units,
    higherIsBetter: r.higherIsBetter,
    perAccelerator: r.perAccelerator,
    perAcceleratorNote: null, // filled below from lib/context, the one place that says why a figure is null
    power: r.power,
    powerUnits: r.powerUnits,
    hasPower: r.hasPower,
    perWatt: null, // filled below from lib/context/power.ts
    validity: r.validity as Validity,
    status: isResultStatus(r.status) ? r.status : "published",
    statusSince: r.statusSince,
    inferred: r.inferred,
    tokensPerSample: r.tokensPerSample,
    measurementKey: r.measurementKey,
    // the public results folder at the round's pinned commit, never the members-only submission repository
    // (lib/mlperf/official-sources.ts citationUrl); the summary's own Details link stays in detailsUrl
    sourceUrl: citationUrl(r.round, r.detailsUrl, r.location),
    detailsUrl: r.detailsUrl,
    codeUrl: r.codeUrl,
    location: r.location,
    resultsFolderUrl: locationUrl(r.round, r.location),
    notes,
    latency,
    importedAt,
  };
  const derived = perAccelerator(out);
  out.perAcceleratorNote = derived.value === null ? derived.note : null;
  out.perWatt = perWattValue(out);
  return out;
}
