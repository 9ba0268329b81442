// One summary row (from any of the three file forms) → ResultRecord. Pure.
// Every form is first mapped onto the summary_results.json field names (the "internal row shape").
import {
  AVAILABILITIES,
  type DataNote,
  DIVISIONS,
  LATENCY_SCENARIOS,
  type ResultRecord,
  type Scenario,
  type SourceError,
  type SystemRecord,
} from "@/lib/types";
import type { AcceleratorCount } from "./accelerators";
import { type Benchmark, benchmarkFor, identify, officialUnit } from "./benchmarks";
import { CHECKER_MISSPELLINGS, STREAMS_UNITS, unitsFromRoundRules } from "./checker-history";
import {
  canonicalPrecision,
  canonicalUnits,
  deriveAcceleratorCount,
  isNullish,
  MAX_COUNT,
  normalizeCoreCount,
  normalizeLocation,
  normalizeResultId,
  normalizeRound,
  normalizeScenario,
  normalizeUrl,
  parseBool,
  parseCount,
  parseNumber,
  parseSoftwareStack,
  tokensPerSample,
  toText,
  unitsDirection,
} from "./normalize";

export type SummaryFormat = "summary_results_json" | "checker_json" | "checker_csv";

/** summary_results.json field names; every form is mapped onto these. */
const KNOWN_FIELDS = new Set([
  "ID",
  "Submitter",
  "Availability",
  "Category",
  "Suite",
  "System",
  "Platform",
  "UsedModel",
  "Model",
  "Scenario",
  "Accuracy",
  "Nodes",
  "Processor",
  "host_processors_per_node",
  "host_processor_core_count",
  "Accelerator",
  "a#",
  "Total Accelerators",
  "Location",
  "Software",
  "operating_system",
  "Notes",
  "errors",
  "version",
  "inferred",
  "has_power",
  "weight_data_types",
  "Details",
  "Code",
  "Power_Result",
  "Power_Units",
  "Performance_Result",
  "Performance_Units",
]);

/** Derived columns with nothing of their own: the chart colour key and `p#` (a copy of host_processors_per_node). */
const DROPPED_FIELDS = new Set(["ColorKey", "p#"]);

/** summary_results.json names that are not kept as extra columns: the known ones and the dropped ones. */
const NOT_EXTRA = new Set([...KNOWN_FIELDS, ...DROPPED_FIELDS]);

/** Checker (summary.csv / summary.json) column → summary_results name. Note the checker's `Model` is the *used* model. */
const CHECKER_ALIASES: Record<string, string> = {
  Organization: "Submitter",
  Division: "Category",
  SystemType: "Suite",
  SystemName: "System",
  MlperfModel: "Model",
  Model: "UsedModel",
  Result: "Performance_Result",
  Units: "Performance_Units",
  number_of_nodes: "Nodes",
  accelerators_per_node: "a#",
  framework: "Software",
  host_processor_model_name: "Processor",
  accelerator_model_name: "Accelerator",
  notes: "Notes",
};
const CHECKER_NAMES: Record<string, string> = Object.fromEntries(
  Object.entries(CHECKER_ALIASES).map(([k, v]) => [v, k]),
);

export const REQUIRED_FIELDS = [
  "Submitter",
  "Availability",
  "Category",
  "Suite",
  "Platform",
  "Model",
  "Scenario",
  "Performance_Result",
] as const;

/**
 * Required from v2.1 on; older checker files have no `Units` column, and the unit follows from the scenario and the
 * round's rules (lib/mlperf/checker-history.ts).
 */
export const UNITS_FIELD = "Performance_Units";

/** The column name a format uses for a canonical field ("Performance_Result" is "Result" in checker files). */
export function sourceFieldName(canonical: string, format: SummaryFormat): string {
  return format === "summary_results_json" ? canonical : (CHECKER_NAMES[canonical] ?? canonical);
}

export interface RawRow {
  /** 1-based line of the row, or null when it is only worked out on demand (see RowContext.lineOf). */
  line: number | null;
  /** Position of the row among the file's rows (0-based). */
  index: number;
  values: Record<string, unknown>; // canonical name → value as published
  extra: Record<string, unknown>; // unknown columns, by their own name
}

/** `o[key] = value`, except that a column named "__proto__" becomes a plain property instead of a prototype. */
function setOwn(o: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
  else o[key] = value;
}

export function toRawRow(obj: Record<string, unknown>, format: SummaryFormat, line: number | null, index = 0): RawRow {
  const extra: Record<string, unknown> = {};
  if (format === "summary_results_json") {
    // already in the internal shape: read it in place (normalizeRow only reads known names), keep the rest
    for (const key in obj) if (!NOT_EXTRA.has(key) && Object.hasOwn(obj, key)) setOwn(extra, key, obj[key]);
    return { line, index, values: obj, extra };
  }
  const values: Record<string, unknown> = {};
  for (const key in obj) {
    if (!Object.hasOwn(obj, key)) continue;
    // older rounds' spellings (compilance, infered, power), unless the row also has the right name
    let name = key;
    if (Object.hasOwn(CHECKER_MISSPELLINGS, key)) {
      const right = CHECKER_MISSPELLINGS[key] as string;
      if (!Object.hasOwn(obj, right)) name = right;
    }
    const canonical = Object.hasOwn(CHECKER_ALIASES, name) ? (CHECKER_ALIASES[name] as string) : name;
    if (KNOWN_FIELDS.has(canonical)) values[canonical] = obj[key];
    else if (!DROPPED_FIELDS.has(key)) setOwn(extra, name, obj[key]);
  }
  return { line, index, values, extra };
}

export interface RowContext {
  source: string;
  format: SummaryFormat;
  round?: string;
  /** Where `round` came from when it was not given: the source's path or URL (a row then carries a note). */
  roundFromPath?: boolean;
  /** Where row `index` starts, for rows whose `line` is null: only called to report an error. */
  lineOf?: (index: number) => number | null;
  /**
   * One file's systems by their published fields: the rows of one system share one (read-only) SystemRecord
   * instead of each building its own, which the writer then recognises by identity.
   */
  systems?: Map<string, RowSystem>;
  /** The previous row's system and fields (with `systems`): the common case of adjacent rows of one system. */
  lastSystem?: { round: string; values: Record<string, unknown>; system: RowSystem };
}

/** The published fields a row's system is built from (besides the round). */
const SYSTEM_FIELDS = [
  "Submitter",
  "Platform",
  "System",
  "Accelerator",
  "Nodes",
  "a#",
  "Total Accelerators",
  "Processor",
  "host_processors_per_node",
  "host_processor_core_count",
  "operating_system",
  "Software",
] as const;

function sameSystemFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  for (let i = 0; i < SYSTEM_FIELDS.length; i++) {
    const f = SYSTEM_FIELDS[i] as string;
    if (a[f] !== b[f]) return false;
  }
  return true;
}

/** The row's line for an error message. */
export function rowLine(row: Pick<RawRow, "line" | "index">, ctx: Pick<RowContext, "lineOf">): number | null {
  return row.line ?? ctx.lineOf?.(row.index) ?? null;
}

export type RowOutcome = { ok: true; record: ResultRecord; powerOnly: boolean } | { ok: false; errors: SourceError[] };

const POWER_UNITS = /^(watts?|millijoules|joules|uj\/inf\.?)$/i;

/** The system fields that are counts: a value that is there but is no count (-2, 8.5, "eight") is an error. */
const COUNT_FIELDS = ["Nodes", "a#", "Total Accelerators", "host_processors_per_node"] as const;

function countProblems(v: Record<string, unknown>, p: RowProblems): void {
  for (const f of COUNT_FIELDS) {
    const raw = v[f];
    if (!isNullish(raw) && parseCount(raw) === null)
      p.fail(f, `not a count (a whole number from 0 to ${MAX_COUNT.toLocaleString("en-US")}): '${String(raw)}'`);
  }
}

const NO_NOTES: readonly DataNote[] = Object.freeze([]);

function withNotes(a: readonly DataNote[], b: readonly DataNote[]): DataNote[] {
  return a.length === 0 ? b.slice() : b.length === 0 ? a.slice() : [...a, ...b];
}

/** Units a token-generation figure must not be published in: a request rate, not a token rate. */
const REQUEST_UNITS = new Set(["Queries/s", "Samples/s"]);

function unitNotes(
  units: string,
  known: boolean,
  scenario: Scenario,
  model: string,
  round: string,
  benchmark: Benchmark | null,
  value: number,
  accuracy: string | null,
): readonly DataNote[] {
  if (!known)
    return [
      {
        code: "units-unknown",
        message: `unrecognised units '${units}'; direction guessed from the ${scenario} scenario`,
      },
    ];
  if (!REQUEST_UNITS.has(units)) return NO_NOTES;
  // the benchmark table's official metric decides (lib/mlperf/benchmarks.ts, from the checker's unit tables); a name
  // it does not know falls back to the row's own evidence (a token count in its accuracy, or Interactive)
  const official = benchmark
    ? officialUnit(benchmark, scenario, round)
    : units === "Queries/s" && (scenario === "Interactive" || /TOKENS_PER_SAMPLE|GEN_LEN/.test(accuracy ?? ""))
      ? "Tokens/s"
      : units;
  if (official !== "Tokens/s") return NO_NOTES;
  return [
    {
      code: "units-suspect",
      message: `published units are ${units}, but the official metric of ${model} ${scenario} in ${round} is Tokens/s (a token-generation result); ${value} is likely on the tokens/s scale; kept as published`,
    },
  ];
}

function unknownBenchmarkNote(model: string): DataNote {
  return {
    code: "benchmark-unknown",
    message: `benchmark name '${model}' is not in PerfContext's benchmark table; kept as published and not grouped with any other benchmark`,
  };
}

/** What an older file left out and was filled in by rule: the unit (no Units column) and the round (from the path). */
function historyNotes(
  round: string,
  scenario: string,
  derivedUnits: string | null,
  roundFromPath: boolean,
): readonly DataNote[] {
  const out: DataNote[] = [];
  if (roundFromPath)
    out.push({
      code: "round-from-path",
      message: `the file does not say its round; ${round} is read from its path (its results repository or folder)`,
    });
  if (derivedUnits === STREAMS_UNITS)
    out.push({
      code: "units-from-rules",
      message: `the file has no Units column (checker summaries before v2.1); a ${round} MultiStream result is the number of streams the system sustained within the latency bound (LoadGen's samples per query; higher is better), not a latency`,
    });
  else if (derivedUnits !== null)
    out.push({
      code: "units-from-rules",
      message: `the file has no Units column (checker summaries before v2.1); ${derivedUnits} follows from the ${scenario} scenario under ${round}'s rules`,
    });
  return out.length === 0 ? NO_NOTES : out;
}

/** A row's system, with the accelerator count it was derived from (whose notes go on each of its results). */
export interface RowSystem {
  record: SystemRecord;
  accelerators: AcceleratorCount;
}

function systemOf(v: Record<string, unknown>, round: string, submitter: string, platform: string): RowSystem {
  const acceleratorRaw = toText(v.Accelerator);
  const nodes = parseCount(v.Nodes);
  const acceleratorsPerNode = parseCount(v["a#"]);
  const publishedTotal = parseCount(v["Total Accelerators"]);
  const count = deriveAcceleratorCount({
    platform,
    acceleratorRaw,
    acceleratorsPerNode,
    nodes,
    explicitTotal: publishedTotal,
  });
  const software = toText(v.Software);
  const record: SystemRecord = {
    round,
    submitter,
    platform,
    systemName: toText(v.System) ?? "",
    accelerator: count.accelerator,
    acceleratorRaw,
    acceleratorsPerNode,
    nodes,
    totalAccelerators: count.total,
    publishedTotalAccelerators: publishedTotal,
    hostProcessor: toText(v.Processor),
    hostProcessorsPerNode: parseCount(v.host_processors_per_node),
    hostProcessorCoreCount: normalizeCoreCount(v.host_processor_core_count),
    operatingSystem: toText(v.operating_system),
    heterogeneous: count.heterogeneous,
    software,
    softwareStack: parseSoftwareStack(software),
  };
  return { record, accelerators: count };
}

/** Collects one row's problems, each naming the source's own column. A class, not closures: this runs per row. */
class RowProblems {
  readonly errors: SourceError[] = [];
  constructor(
    private readonly row: RawRow,
    private readonly ctx: RowContext,
  ) {}

  fail(field: string, message: string): void {
    this.errors.push({
      source: this.ctx.source,
      line: rowLine(this.row, this.ctx),
      field: sourceFieldName(field, this.ctx.format),
      message,
    });
  }

  /** A required text field, trimmed; "" (and an error) when it is missing. */
  text(field: string, what = "missing value"): string {
    const s = toText(this.row.values[field]);
    if (s === null) {
      this.fail(field, what);
      return "";
    }
    return s;
  }
}

/** Validates and normalizes one row. Row problems come back as errors naming the source's own column. */
export function normalizeRow(row: RawRow, ctx: RowContext): RowOutcome {
  const v = row.values;
  const p = new RowProblems(row, ctx);
  const errors = p.errors;

  for (let i = 0; i < REQUIRED_FIELDS.length; i++) {
    const f = REQUIRED_FIELDS[i] as string;
    if (!(f in v)) p.fail(f, "missing required field");
  }
  if (errors.length > 0) return { ok: false, errors };

  const submitter = p.text("Submitter");
  const platform = p.text("Platform");
  const model = p.text("Model", "empty model");
  const division = p.text("Category").toLowerCase();
  if (division && !(DIVISIONS as readonly string[]).includes(division))
    p.fail("Category", `unknown division: '${division}'`);
  const availability = p.text("Availability").toLowerCase();
  if (availability && !(AVAILABILITIES as readonly string[]).includes(availability)) {
    p.fail("Availability", `unknown availability: '${availability}'`);
  }
  const suite = p.text("Suite").toLowerCase();
  const hasUnits = UNITS_FIELD in v;
  const publishedUnits = hasUnits ? canonicalUnits(p.text(UNITS_FIELD)) : "";
  const scenario = normalizeScenario(v.Scenario);
  if (scenario === null) p.fail("Scenario", `unknown scenario: '${String(v.Scenario ?? "")}'`);
  const value = parseNumber(v.Performance_Result);
  // "NaN" is a null word for text fields, but a result that says NaN is there and is not a number (issue 15)
  if (typeof v.Performance_Result === "string" && v.Performance_Result.trim().toLowerCase() === "nan")
    p.fail("Performance_Result", `not a number: '${v.Performance_Result}' (a result must be a positive number)`);
  else if (isNullish(v.Performance_Result)) p.fail("Performance_Result", "missing value");
  else if (value === null) p.fail("Performance_Result", `not a number: '${String(v.Performance_Result)}'`);
  else if (value < 0) p.fail("Performance_Result", `negative value: ${value}`);
  else if (value === 0) p.fail("Performance_Result", "zero: a result is a positive throughput or latency");
  const ownRound = normalizeRound(v.version) ?? normalizeRound(v.ID);
  const round = ownRound ?? normalizeRound(ctx.round);
  if (round === null)
    p.fail(
      "version",
      `cannot tell the round from '${String(v.version ?? v.ID ?? "")}' (give --round vX.Y, or keep the file under its round's folder)`,
    );
  // a checker file before v2.1 has no Units: the unit follows from the scenario and the round's rules
  const derivedUnits = !hasUnits && round !== null && scenario !== null ? unitsFromRoundRules(round, scenario) : null;
  if (!hasUnits && round !== null && scenario !== null && derivedUnits === null)
    p.fail(UNITS_FIELD, `missing required column (the submission checker writes it from v2.1; this row is ${round})`);
  const units = derivedUnits ?? publishedUnits;
  const hasPowerRaw = v.has_power;
  const hasPower = parseBool(hasPowerRaw);
  if (hasPower === null && !isNullish(hasPowerRaw)) p.fail("has_power", `not a boolean: '${String(hasPowerRaw)}'`);
  if (errors.length > 0 || scenario === null || value === null || round === null) return { ok: false, errors };

  const usedModel = toText(v.UsedModel) ?? model;
  const { benchmark, modelFamily, accuracyTarget, known: knownBenchmark } = identify(model);
  const accuracy = toText(v.Accuracy);
  const precision = canonicalPrecision(v.weight_data_types);
  const powerOnly = ctx.format !== "summary_results_json" && hasPower === true && POWER_UNITS.test(units);
  const direction = unitsDirection(units, scenario);
  // a recognised unit of the wrong kind for the scenario (a latency on an Offline row) is a broken row, not a note
  const streams = units === STREAMS_UNITS;
  const wrongKind = streams
    ? scenario !== "MultiStream"
    : direction.known && (direction.kind === "latency") !== LATENCY_SCENARIOS.has(scenario);
  if (!powerOnly && wrongKind) {
    p.fail(
      "Performance_Units",
      `units '${units}' are a ${direction.kind}, but ${scenario} results are ${
        LATENCY_SCENARIOS.has(scenario)
          ? "latencies (Latency (ms) or Latency (s))"
          : "throughputs (Tokens/s, Samples/s or Queries/s)"
      }`,
    );
    return { ok: false, errors };
  }
  const errorCount = parseCount(v.errors);

  let system: RowSystem | undefined;
  const cache = ctx.systems;
  if (cache) {
    // rows of one system are usually adjacent: compare with the previous row's fields before building a key
    const last = ctx.lastSystem;
    if (last && last.round === round && sameSystemFields(last.values, v)) system = last.system;
    else {
      const key = JSON.stringify([round, ...SYSTEM_FIELDS.map((f) => v[f])]);
      system = cache.get(key);
      if (!system) {
        // counts are checked once per system: a later row of it fails with the first (the source is rejected)
        countProblems(v, p);
        if (errors.length > 0) return { ok: false, errors };
        system = systemOf(v, round, submitter, platform);
        cache.set(key, system);
      }
      ctx.lastSystem = { round, values: v, system };
    }
  } else {
    countProblems(v, p);
    if (errors.length > 0) return { ok: false, errors };
    system = systemOf(v, round, submitter, platform);
  }
  const count = system.accelerators;

  const record: ResultRecord = {
    round,
    division,
    submitter,
    platform,
    model,
    usedModel,
    scenario,
    hasPower: hasPower ?? false,
    resultId: normalizeResultId(v.ID),
    benchmark,
    modelFamily,
    accuracyTarget,
    availability,
    suite,
    precision: precision.precision,
    precisionRaw: precision.raw,
    value,
    units,
    higherIsBetter: direction.higherIsBetter,
    power: powerOnly ? value : parseNumber(v.Power_Result),
    powerUnits: powerOnly ? units : toText(v.Power_Units),
    accuracy,
    tokensPerSample: tokensPerSample(accuracy),
    inferred: parseBool(v.inferred) ?? false,
    validity: errorCount === null ? "UNKNOWN" : errorCount === 0 ? "VALID" : "INVALID",
    location: normalizeLocation(v.Location),
    detailsUrl: normalizeUrl(v.Details),
    codeUrl: normalizeUrl(v.Code),
    notesText: toText(v.Notes),
    extra: row.extra,
    // a fresh array per record: later steps (power pairs) push onto it
    notes: withNotes(
      withNotes(
        knownBenchmark ? count.notes : [...count.notes, unknownBenchmarkNote(model)],
        historyNotes(round, scenario, derivedUnits, ownRound === null && ctx.roundFromPath === true),
      ),
      powerOnly
        ? NO_NOTES
        : unitNotes(units, direction.known || streams, scenario, model, round, benchmarkFor(model), value, accuracy),
    ),
    measurementKey: "", // set once the whole file is read (power rows may still change the value)
    system: system.record,
  };
  return { ok: true, record, powerOnly };
}
