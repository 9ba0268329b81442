// One summary row (from any of the three file forms) → ResultRecord. Pure.
// Every form is first mapped onto the summary_results.json field names (the "internal row shape").
// The row shape and its field names are summary-fields.ts; its notes summary-notes.ts; its system summary-system.ts.
import { AVAILABILITIES, DIVISIONS, LATENCY_SCENARIOS, type ResultRecord, type SourceError } from "@/lib/types";
import { benchmarkFor, identify } from "./benchmarks";
import { STREAMS_UNITS, unitsFromRoundRules } from "./checker-history";
import {
  canonicalPrecision,
  canonicalUnits,
  droppedLinkNotes,
  isNullish,
  MAX_COUNT,
  normalizeLocation,
  normalizeResultId,
  normalizeRound,
  normalizeScenario,
  normalizeUrl,
  parseBool,
  parseCount,
  parseNumber,
  tokensPerSample,
  toText,
  unitsDirection,
} from "./normalize";
import { type RawRow, REQUIRED_FIELDS, type SummaryFormat, sourceFieldName, UNITS_FIELD } from "./summary-fields";
import { historyNotes, NO_NOTES, unitNotes, unknownBenchmarkNote, withNotes } from "./summary-notes";
import { type RowSystem, SYSTEM_FIELDS, sameSystemFields, systemOf } from "./summary-system";

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
        withNotes(
          knownBenchmark ? count.notes : [...count.notes, unknownBenchmarkNote(model)],
          historyNotes(round, scenario, derivedUnits, ownRound === null && ctx.roundFromPath === true),
        ),
        powerOnly
          ? NO_NOTES
          : unitNotes(units, direction.known || streams, scenario, model, round, benchmarkFor(model), value, accuracy),
      ),
      v.Details == null && v.Code == null
        ? NO_NOTES
        : withNotes(droppedLinkNotes(v.Details, "Details"), droppedLinkNotes(v.Code, "Code")),
    ),
    measurementKey: "", // set once the whole file is read (power rows may still change the value)
    system: system.record,
  };
  return { ok: true, record, powerOnly };
}
