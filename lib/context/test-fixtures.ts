// Test helper only: real rows from ../shared/data mapped to PublishedResult with a minimal inline mapping
// (the real importer lives in lib/mlperf). Reads the summaries in place through lib/mlperf/test-real-summaries;
// never imported by app code.
import { parseSoftwareStack } from "@/lib/mlperf/software";
import { ROUND_FILES, rawSummaryRows } from "@/lib/mlperf/test-real-summaries";
import type { DataNote, PublishedResult, Scenario } from "@/lib/types";

export type Round = "v4.1" | "v5.1" | "v6.0";
type Row = Record<string, unknown>;

const cache = new Map<Round, Row[]>();

export function loadRows(round: Round): Row[] {
  let rows = cache.get(round);
  if (!rows) {
    rows = rawSummaryRows(ROUND_FILES[round]);
    cache.set(round, rows);
  }
  return rows;
}

const str = (v: unknown): string => (typeof v === "string" ? v : v === null || v === undefined ? "" : String(v));
const num = (v: unknown): number | null =>
  typeof v === "number" && Number.isFinite(v)
    ? v
    : typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))
      ? Number(v)
      : null;

function splitModel(model: string): { family: string; target: string | null } {
  const m = /^(.*)-(99\.9|99|95)$/.exec(model);
  return m?.[1] && m[2] ? { family: m[1], target: m[2] } : { family: model, target: null };
}

function canonicalPrecision(raw: string): string | null {
  const alias: Record<string, string> = { float8: "fp8", bfloat16: "bf16", float16: "fp16", float32: "fp32" };
  const parts = raw
    .split(",")
    .map((p) => p.trim().toLowerCase())
    .filter((p) => p && p !== "unset");
  const canon = [...new Set(parts.map((p) => alias[p] ?? p))].sort();
  return canon.length > 0 ? canon.join("+") : null;
}

/** Accelerator count that actually ran: "(xN)" suffixes, then a leading "Nx" in the platform, then Total / Nodes × a#. */
function acceleratorCount(
  row: Row,
  nodes: number | null,
  perNode: number | null,
): { total: number | null; published: number | null } {
  const acc = str(row.Accelerator);
  const published = num(row["Total Accelerators"]) ?? (nodes !== null && perNode !== null ? nodes * perNode : null);
  const suffixes = [...acc.matchAll(/\(x(\d+)\)/g)].map((m) => Number(m[1]));
  if (suffixes.length > 0) return { total: suffixes.reduce((s, n) => s + n, 0), published };
  if (!acc.trim()) return { total: null, published };
  const lead = /^(\d+)x/i.exec(str(row.Platform));
  if (lead?.[1]) return { total: Number(lead[1]), published };
  return { total: published && published > 0 ? published : null, published };
}

export function toPublished(row: Row, round: Round): PublishedResult {
  const model = str(row.Model);
  const { family, target } = splitModel(model);
  const usedModel = str(row.UsedModel) || model;
  const nodes = num(row.Nodes);
  const perNode = num(row["a#"]);
  const { total, published } = acceleratorCount(row, nodes, perNode);
  const hasPower = row.has_power === true;
  const scenario = str(row.Scenario) as Scenario;
  const division = str(row.Category).toLowerCase();
  const value = num(row.Performance_Result) ?? Number.NaN;
  const units = str(row.Performance_Units);
  const notes: DataNote[] = [];
  if (total !== null && published !== null && published > 0 && total !== published) {
    notes.push({
      code: "accelerator-count",
      message: `The summary's total is ${published} accelerators, but the platform and accelerator fields say ${total} ran; ${total} is used.`,
    });
  }
  const accelerator =
    str(row.Accelerator)
      .replace(/\s*\(x\d+\)/g, "")
      .trim() || null;
  const rawPrecision = str(row.weight_data_types) || null;
  const resultId = str(row.ID).replace(/^v/, "") || null;
  const software = str(row.Software) || null;
  const powerTag = hasPower ? "-power" : "";
  const id = `${round}-${resultId}-${str(row.Platform)}-${model}-${scenario}${powerTag}`
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, "-");
  const usedFamily = splitModel(usedModel).family;
  return {
    id,
    resultId,
    round,
    submitter: str(row.Submitter),
    system: str(row.System),
    platform: str(row.Platform),
    accelerator,
    acceleratorsPerNode: perNode,
    nodes,
    totalAccelerators: total,
    acceleratorMix: [],
    heterogeneous: (str(row.Accelerator).match(/\(x\d+\)/g) ?? []).length >= 2,
    hostProcessor: str(row.Processor) || null,
    operatingSystem: str(row.operating_system) || null,
    model,
    benchmark: model,
    usedModel,
    modelFamily: family,
    accuracyTarget: target,
    scenario,
    division,
    availability: str(row.Availability).toLowerCase(),
    suite: str(row.Suite).toLowerCase(),
    precision: rawPrecision ? canonicalPrecision(rawPrecision) : null,
    precisionRaw: rawPrecision,
    software,
    softwareStack: parseSoftwareStack(software),
    value,
    units,
    higherIsBetter: !/latency/i.test(units),
    perAccelerator: null,
    perAcceleratorNote: null,
    power: num(row.Power_Result),
    powerUnits: str(row.Power_Units) || null,
    hasPower,
    validity: "VALID",
    inferred: num(row.inferred) === 1,
    tokensPerSample: null,
    measurementKey: JSON.stringify([
      round,
      division,
      str(row.Submitter),
      str(row.Platform),
      family,
      usedFamily,
      scenario,
      hasPower,
      value,
    ]),
    sourceUrl: str(row.Details) || null,
    codeUrl: str(row.Code) || null,
    location: str(row.Location) || null,
    notes,
    latency: null,
    importedAt: null,
  };
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
    list = loadRows(round).map((row) => toPublished(row, round));
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
