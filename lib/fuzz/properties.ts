// Property-based fuzzing of every input parser (fast-check). Pure: seeds (real files' text) come in from the caller
// (lib/fuzz/test-seeds.ts reads them), so the same properties run quick in `npm test` (parsers.fuzz.test.ts) and
// long in the bench (bench/fuzz.ts, ≥ 100,000 cases per target).
//
// The properties: on any input a parser returns (never throws; bake-off: throws only BakeoffParseError), and every
// rejection it reports is usable: a non-empty message, the source it was given, a line that is null or a real line
// of the input (1 ≤ line ≤ the input's line count), a field that is null or a non-empty name. Records that do come out
// carry finite numbers only. URL state: parse never throws and serialize∘parse is a fixed point.
import fc from "fast-check";
import { BakeoffParseError, detectAndParse, tryDetectAndParse } from "@/lib/bakeoff/detect";
import { parseLoadgenDetail } from "@/lib/loadgen/detail";
import { parseLoadgenSummary } from "@/lib/loadgen/summary";
import { parseSystemJson } from "@/lib/loadgen/systems";
import { parseCheckerCsv, parseCheckerJson, parseSummary, parseSummaryResultsJson } from "@/lib/mlperf/summary";
import type { LoadgenRun, ResultRecord, SourceError } from "@/lib/types";

export * from "./invariants";

import { csvCellEdits, inputs, jsonFieldEdits } from "./generators";
import {
  checkBakeoffRun,
  checkLineField,
  checkLoadgenRun,
  checkRecords,
  checkSourceErrors,
  type FuzzInput,
  type FuzzReport,
  type FuzzSeeds,
  type FuzzTarget,
  InvariantError,
  isFiniteOrNull,
  KNOWN_ISSUES,
  type KnownIssue,
  lineCount,
  SOURCE,
  show,
} from "./invariants";
import { compareParamsTarget, urlStateTarget } from "./url-targets";

// ---------------------------------------------------------------------------------------------------------------
// Targets

/** A parser under fuzz: whatever it returns, its errors must be usable, and `checkResult` holds for the rest. */
function parserTarget<R extends { errors: SourceError[] }>(
  name: string,
  parse: (text: string, source: string) => R,
  arbitrary: fc.Arbitrary<FuzzInput>,
  checkResult: (r: R, text: string) => void,
): FuzzTarget {
  return {
    name,
    arbitrary,
    check: ({ text }) => {
      const r = parse(text, SOURCE);
      checkSourceErrors(name, r.errors, text);
      checkResult(r, text);
    },
  };
}

function summaryTarget(
  name: string,
  parse: (text: string, source: string) => { records: ResultRecord[]; errors: SourceError[] },
  arbitrary: fc.Arbitrary<FuzzInput>,
): FuzzTarget {
  return parserTarget(name, parse, arbitrary, (r, text) => {
    checkRecords(name, r.records);
    if (r.records.length === 0 && r.errors.length === 0 && text.trim() === "")
      throw new InvariantError(name, "an empty input passed without an error");
  });
}

function loadgenTarget(
  name: string,
  parse: (text: string, source: string) => { run: LoadgenRun | null; errors: SourceError[] },
  arbitrary: fc.Arbitrary<FuzzInput>,
): FuzzTarget {
  return parserTarget(name, parse, arbitrary, (r) => checkLoadgenRun(name, r.run));
}

const BAKEOFF_NAMES = [
  null,
  "upload",
  "run=0.json",
  "benchmarks.json",
  "profile_export_genai_perf.csv",
  "x_summary.json",
  "x_individual_responses.json",
  "mlperf_log_summary.txt",
  "agg_bmk.json",
  "<script>.json",
  "../../etc/passwd",
];

function bakeoffTarget(seeds: FuzzSeeds): FuzzTarget[] {
  const texts = seeds.bakeoff.map((s) => s.text);
  const names = [...BAKEOFF_NAMES, ...seeds.bakeoff.map((s) => s.name)];
  const arbitrary = fc
    .tuple(
      inputs(texts, [
        jsonFieldEdits(texts.filter((t) => /^\s*[[{]/.test(t))),
        csvCellEdits(texts.filter((t) => !/^\s*[[{:]/.test(t) && t.includes(","))),
      ]),
      fc.constantFrom(...names),
    )
    .map(([i, filename]) => ({ ...i, filename }));
  const strict: FuzzTarget = {
    name: "bakeoff detectAndParse",
    arbitrary,
    check: ({ text, filename }) => {
      let parsed: ReturnType<typeof detectAndParse>;
      try {
        parsed = detectAndParse(text, filename);
      } catch (e) {
        if (!(e instanceof BakeoffParseError))
          throw new InvariantError(
            "bakeoff detectAndParse",
            `threw ${e instanceof Error ? `${e.name}: ${e.message}` : show(e)} (only BakeoffParseError is allowed)`,
          );
        if (e.message.trim() === "")
          throw new InvariantError("bakeoff detectAndParse", "BakeoffParseError without a message");
        checkLineField("bakeoff detectAndParse", e.line, e.field, lineCount(text), e.toJSON());
        return;
      }
      if (parsed.runs.length === 0) throw new InvariantError("bakeoff detectAndParse", "accepted with no runs");
      for (const r of parsed.runs) checkBakeoffRun("bakeoff detectAndParse", r);
    },
  };
  const soft: FuzzTarget = {
    name: "bakeoff tryDetectAndParse",
    arbitrary,
    check: ({ text, filename }) => {
      const r = tryDetectAndParse(text, filename);
      if (r.ok) return;
      if (typeof r.error.message !== "string" || r.error.message.trim() === "")
        throw new InvariantError("bakeoff tryDetectAndParse", `error without a message: ${show(r.error)}`);
      checkLineField("bakeoff tryDetectAndParse", r.error.line, r.error.field, lineCount(text), r.error);
    },
  };
  return [strict, soft];
}

export function fuzzTargets(seeds: FuzzSeeds): FuzzTarget[] {
  const allSummaries = [...seeds.summaryResultsJson, ...seeds.checkerJson, ...seeds.checkerCsv];
  const jsonSummaries = [...seeds.summaryResultsJson, ...seeds.checkerJson];
  return [
    summaryTarget(
      "mlperf parseSummaryResultsJson",
      (t, s) => parseSummaryResultsJson(t, s),
      inputs(seeds.summaryResultsJson, [jsonFieldEdits(seeds.summaryResultsJson)]),
    ),
    summaryTarget(
      "mlperf parseCheckerJson",
      (t, s) => parseCheckerJson(t, s),
      inputs(seeds.checkerJson, [jsonFieldEdits(seeds.checkerJson)]),
    ),
    summaryTarget(
      "mlperf parseCheckerCsv",
      (t, s) => parseCheckerCsv(t, s),
      inputs(seeds.checkerCsv, [csvCellEdits(seeds.checkerCsv)]),
    ),
    summaryTarget(
      "mlperf parseSummary (detect)",
      (t, s) => parseSummary(t, s),
      inputs(allSummaries, [jsonFieldEdits(jsonSummaries), csvCellEdits(seeds.checkerCsv)]),
    ),
    loadgenTarget("loadgen parseLoadgenSummary", parseLoadgenSummary, inputs(seeds.loadgenSummary)),
    loadgenTarget("loadgen parseLoadgenDetail", parseLoadgenDetail, inputs(seeds.loadgenDetail)),
    parserTarget(
      "loadgen parseSystemJson",
      parseSystemJson,
      inputs(seeds.systemsJson, [jsonFieldEdits(seeds.systemsJson)]),
      (r) => {
        const s = r.system;
        if (s)
          for (const k of ["acceleratorsPerNode", "nodes", "hostProcessorsPerNode"] as const)
            if (!isFiniteOrNull(s[k]))
              throw new InvariantError("loadgen parseSystemJson", `system.${k} = ${show(s[k])}`);
      },
    ),
    ...bakeoffTarget(seeds),
    urlStateTarget(),
    compareParamsTarget(),
  ];
}

/** Run one target for `numRuns` cases. Never throws: a broken property comes back in `failure`. */
export function runTarget(
  t: FuzzTarget,
  opts: { numRuns: number; seed?: number; knownIssues?: KnownIssue[] },
): FuzzReport {
  const known: Record<string, number> = {};
  const issues = (opts.knownIssues ?? KNOWN_ISSUES).filter((k) => k.target.test(t.name));
  const t0 = performance.now();
  let details: fc.RunDetails<[FuzzInput]>;
  try {
    details = fc.check(
      fc.property(t.arbitrary, (input) => {
        try {
          t.check(input);
        } catch (e) {
          const hit = e instanceof InvariantError ? issues.find((k) => k.message.test(e.message)) : undefined;
          if (!hit) throw e;
          known[hit.id] = (known[hit.id] ?? 0) + 1;
        }
      }),
      { numRuns: opts.numRuns, seed: opts.seed, endOnFailure: false },
    );
  } catch (e) {
    // a generator (not a parser) broke: report it like a failed property, with the seed to replay it
    const message = e instanceof Error ? (e.stack ?? e.message) : String(e);
    return {
      name: t.name,
      cases: 0,
      ms: performance.now() - t0,
      failure: `generator error (seed ${opts.seed}): ${message}`,
      known,
    };
  }
  const ms = performance.now() - t0;
  const failure = details.failed
    ? `${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n${fc.defaultReportMessage(details) ?? ""}`
    : null;
  return { name: t.name, cases: details.numRuns, ms, failure, known };
}
