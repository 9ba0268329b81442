// PerfContext's own simple CSV format for the bundled sample (data/sample-results.csv). Pure.
// One row per published result, restated from public facts, each naming its MLCommons result ID, round and source.
// Lines starting with "#" are comments. total_accelerators is the count that actually ran.
import Papa from "papaparse";
import type { ResultRecord, SourceError } from "@/lib/types";
import { identify } from "./benchmarks";
import { measurementKeyFor } from "./ids";
import {
  canonicalPrecision,
  normalizeResultId,
  normalizeRound,
  normalizeScenario,
  parseCount,
  parseNumber,
  parseSoftwareStack,
  unitsDirection,
} from "./normalize";

export const SAMPLE_COLUMNS = [
  "round",
  "result_id",
  "submitter",
  "division",
  "availability",
  "suite",
  "system",
  "platform",
  "accelerator",
  "accelerators_per_node",
  "nodes",
  "total_accelerators",
  "host_processor",
  "model",
  "used_model",
  "scenario",
  "precision",
  "software",
  "value",
  "units",
  "tokens_per_sample",
  "inferred",
  "source",
] as const;

export function isSampleCsv(text: string): boolean {
  const header = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .find((l) => l.trim() !== "" && !l.startsWith("#"));
  return !!header && header.startsWith("round,result_id,submitter,");
}

/** Parse the sample format; any bad row is an error naming its line and column. */
export function parseSampleCsv(text: string, source: string): { records: ResultRecord[]; errors: SourceError[] } {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const firstData = lines.findIndex((l) => l.trim() !== "" && !l.startsWith("#"));
  const errors: SourceError[] = [];
  const records: ResultRecord[] = [];
  if (firstData < 0) return { records, errors: [{ source, line: null, field: null, message: "empty sample file" }] };
  const body = lines.slice(firstData).join("\n");
  const parsed = Papa.parse<Record<string, string>>(body, { header: true, skipEmptyLines: true, dynamicTyping: false });
  const header = parsed.meta.fields ?? [];
  for (const col of SAMPLE_COLUMNS)
    if (!header.includes(col))
      errors.push({ source, line: firstData + 1, field: col, message: `missing column "${col}"` });
  if (errors.length) return { records, errors };
  parsed.data.forEach((row, i) => {
    const line = firstData + 2 + i;
    const err = (field: string, message: string): void => {
      errors.push({ source, line, field, message });
    };
    const round = normalizeRound(row.round);
    const scenario = normalizeScenario(row.scenario);
    const value = parseNumber(row.value);
    if (!round) {
      err("round", `not a round: "${row.round ?? ""}"`);
      return;
    }
    if (!scenario) {
      err("scenario", `unknown scenario "${row.scenario ?? ""}"`);
      return;
    }
    if (value === null || value < 0) {
      err("value", `not a non-negative number: "${row.value ?? ""}"`);
      return;
    }
    const model = (row.model ?? "").trim();
    if (!model) {
      err("model", "empty model");
      return;
    }
    const units = (row.units ?? "").trim();
    const dir = unitsDirection(units, scenario);
    const { benchmark, modelFamily, accuracyTarget } = identify(model);
    const prec = canonicalPrecision(row.precision);
    const software = (row.software ?? "").trim() || null;
    const accelerator = (row.accelerator ?? "").trim() || null;
    const rec: ResultRecord = {
      round,
      division: (row.division ?? "closed").trim().toLowerCase(),
      submitter: (row.submitter ?? "").trim(),
      platform: (row.platform ?? "").trim(),
      model,
      usedModel: (row.used_model ?? "").trim() || model,
      scenario,
      hasPower: false,
      resultId: normalizeResultId(row.result_id),
      benchmark,
      modelFamily,
      accuracyTarget,
      availability: (row.availability ?? "available").trim().toLowerCase(),
      suite: (row.suite ?? "datacenter").trim().toLowerCase(),
      precision: prec.precision,
      precisionRaw: prec.raw,
      value,
      units,
      higherIsBetter: dir.higherIsBetter,
      power: null,
      powerUnits: null,
      accuracy: null,
      tokensPerSample: parseNumber(row.tokens_per_sample),
      inferred: row.inferred === "1",
      validity: "UNKNOWN",
      location: null,
      detailsUrl: null,
      codeUrl: null,
      notesText: null,
      extra: { source: row.source ?? null },
      notes: [],
      measurementKey: "",
      system: {
        round,
        submitter: (row.submitter ?? "").trim(),
        platform: (row.platform ?? "").trim(),
        systemName: (row.system ?? "").trim(),
        accelerator,
        acceleratorRaw: accelerator,
        acceleratorsPerNode: parseCount(row.accelerators_per_node),
        nodes: parseCount(row.nodes),
        totalAccelerators: parseCount(row.total_accelerators),
        publishedTotalAccelerators: null,
        hostProcessor: (row.host_processor ?? "").trim() || null,
        hostProcessorsPerNode: null,
        hostProcessorCoreCount: null,
        operatingSystem: null,
        heterogeneous: false,
        software,
        softwareStack: parseSoftwareStack(software),
      },
    };
    rec.measurementKey = measurementKeyFor(rec);
    records.push(rec);
  });
  return { records, errors };
}
