// The reproduction report for one scenario: how much of the published figure the uploaded run reached (in total
// and per accelerator), LoadGen's verdict with every failed check in plain words, latency percentiles side by side
// with the published run's log and the scenario's limits, the settings and system that differ, and one verdict
// line built from that diff. Pure: records in, a plain report out (stored as JSON, frozen in snapshots).
// The failed checks are checks.ts, the settings and system diff diff.ts.
import { judgeValidity, noFigureReason, perAcceleratorValue, perGivenAccelerators } from "@/lib/judge";
import { compareWithSummary } from "@/lib/loadgen/merge";
import type { LoadgenSystem } from "@/lib/loadgen/systems";
import type {
  AcceleratorGroup,
  PercentileSet,
  ResultLatency,
  Scenario,
  SoftwareComponent,
  Validity,
} from "@/lib/types";
import { MS, plainFailedChecks, ruleChecks } from "./checks";
import { type DiffRow, settingsDiff, systemDiff } from "./diff";
import type { UploadedScenario } from "./files";
import type { RunSettings } from "./settings";

export type { DiffRow } from "./diff";

/**
 * At or above (100 − this) % of the published figure counts as reproduced. Our threshold, not MLCommons': the
 * rules define no tolerance for third-party reproductions. The report always prints the exact percentage.
 */
const REPRODUCED_WITHIN_PCT = 2;

export interface PublishedSide {
  id: string;
  resultId: string | null;
  round: string;
  submitter: string;
  system: string;
  platform: string;
  model: string;
  division: string;
  scenario: Scenario;
  value: number;
  units: string;
  accelerator: string | null;
  totalAccelerators: number | null;
  /** Mixed accelerator types (the per-accelerator rule keeps their groups for the words). */
  heterogeneous: boolean;
  acceleratorGroups?: AcceleratorGroup[];
  perAccelerator: number | null;
  software: string | null;
  softwareStack: SoftwareComponent[];
  validity: Validity;
  latency: ResultLatency | null;
  /** Settings read from the published run's own logs when they were imported; null otherwise. */
  settings: RunSettings | null;
  sourceUrl: string | null;
}

export interface LatencyRow {
  metric: "TTFT" | "TPOT" | "Latency";
  percentile: keyof PercentileSet;
  yoursMs: number | null;
  publishedMs: number | null;
  /** The scenario's limit, on the percentile the rules bound (p99 for Server/Interactive). */
  limitMs: number | null;
  overLimit: boolean;
}

export type VerdictKind = "reproduced" | "below" | "above" | "invalid" | "unmatched" | "no-figure";

export interface ScenarioReport {
  scenario: Scenario;
  model: string | null;
  dir: string | null;
  files: string[];
  value: number | null;
  units: string;
  published: number | null;
  publishedUnits: string | null;
  /** Share of the published figure reproduced; null for an INVALID run (it reproduces nothing) or no figure. */
  reproducedPct: number | null;
  /** Share of the published figure the log reads, INVALID or not. */
  measuredPct: number | null;
  /** The log agrees with the published figure after 6-significant-digit rounding (the same run, or as good). */
  withinRounding: boolean;
  perAccelerator: {
    yours: number | null;
    published: number | null;
    yoursCount: number | null;
    publishedCount: number | null;
    pct: number | null;
    note: string | null;
  };
  validity: Validity;
  /** LoadGen's verdict as the log prints it (VALID even when a submission rule fails). */
  loadgenValidity: Validity;
  /** LoadGen's failed checks as it writes them ("Performance constraints satisfied : NO"), then broken rules. */
  failedChecks: string[];
  /** Each failed LoadGen check in plain words, with the run's own numbers. */
  failedCheckNotes: string[];
  latency: LatencyRow[];
  settings: DiffRow[];
  system: DiffRow[];
  accuracy: { files: string[]; text: string | null };
  verdict: { kind: VerdictKind; text: string };
}
const PCTS: (keyof PercentileSet)[] = ["p50", "p90", "p95", "p97", "p99", "p999"];

/** The figure the published row is in: tokens/s rows take the log's tokens/s, others its samples/s. */
function uploadedValue(s: UploadedScenario, units: string | null): { value: number | null; units: string } {
  const tok = s.run.tokensPerSecond;
  const smp = s.run.samplesPerSecond;
  if (units && /token/i.test(units)) return { value: tok, units };
  if (units) return { value: smp, units };
  return tok !== null
    ? { value: tok, units: "Tokens/s" }
    : { value: smp, units: s.scenario === "Offline" ? "Samples/s" : "Queries/s" };
}

function latencyRows(
  s: UploadedScenario,
  pub: PublishedSide | null,
  limits: { ttftMs: number | null; tpotMs: number | null; percentile: number | null },
): LatencyRow[] {
  const rows: LatencyRow[] = [];
  const boundKey: keyof PercentileSet | null =
    limits.percentile === 99 ? "p99" : limits.percentile === 90 ? "p90" : null;
  const sets: {
    metric: LatencyRow["metric"];
    mine: PercentileSet;
    theirs: PercentileSet | null;
    limit: number | null;
  }[] = [
    {
      metric: "TTFT",
      mine: s.run.ttftNs,
      theirs: pub?.latency?.ttftMs ?? null,
      limit: s.run.ttftLimitNs !== null ? s.run.ttftLimitNs / MS : limits.ttftMs,
    },
    {
      metric: "TPOT",
      mine: s.run.tpotNs,
      theirs: pub?.latency?.tpotMs ?? null,
      limit: s.run.tpotLimitNs !== null ? s.run.tpotLimitNs / MS : limits.tpotMs,
    },
  ];
  for (const set of sets) {
    if (PCTS.every((k) => set.mine[k] === null)) continue;
    for (const k of PCTS) {
      const yours = set.mine[k] !== null ? (set.mine[k] as number) / MS : null;
      const limitMs = s.scenario === "Offline" || k !== boundKey ? null : set.limit;
      rows.push({
        metric: set.metric,
        percentile: k,
        yoursMs: yours,
        publishedMs: set.theirs?.[k] ?? null,
        limitMs,
        overLimit: limitMs !== null && yours !== null && yours > limitMs,
      });
    }
  }
  return rows;
}

function pctText(p: number): string {
  return `${(Math.round(p * 100) / 100).toFixed(2)} %`;
}

export interface ReportInput {
  scenario: UploadedScenario;
  published: PublishedSide | null;
  uploadedSystem: LoadgenSystem | null;
  uploadedCount: number | null;
  limits: { ttftMs: number | null; tpotMs: number | null; percentile: number | null };
}

/** One scenario's report. Example: the v6.0 AMD 8×MI355X Offline log (103,480 tokens/s) against 6.0-0002 → 100.00 %, VALID. */
export function buildScenarioReport(input: ReportInput): ScenarioReport {
  const { scenario: s, published: pub, uploadedSystem: sys, limits } = input;
  const { value, units } = uploadedValue(s, pub?.units ?? null);
  const published = pub?.value ?? null;
  const pct = value !== null && published !== null && published > 0 ? (value / published) * 100 : null;
  const withinRounding = value !== null && published !== null ? compareWithSummary(value, published).agrees : false;
  const yoursCount = input.uploadedCount;
  const pubCount = pub?.totalAccelerators ?? null;
  // the one rule (lib/context/per-accelerator.ts): the published result as every page divides it (none for a
  // latency or a stream count), the uploaded run by the count its systems JSON or platform gives, when the same
  // figure would get one
  const pubPer = pub ? perAcceleratorValue(pub) : null;
  const yoursPer =
    noFigureReason({ units, scenario: s.scenario }) === null ? perGivenAccelerators(value, yoursCount) : null;
  const perAccelerator = {
    yours: yoursPer,
    published: pubPer,
    yoursCount,
    publishedCount: pubCount,
    pct: yoursPer !== null && pubPer ? (yoursPer / pubPer) * 100 : null,
    note:
      yoursCount === null
        ? "your accelerator count is unknown: upload systems/<platform>.json or keep the platform folder (8xMI355X_…)"
        : pubCount === null
          ? "the published result does not state its accelerator count"
          : null,
  };
  // the checks LoadGen failed as it writes them (the judge, lib/judge validity.ts), then the submission rules a
  // LoadGen-VALID run can still break; the plain-words reading of each LoadGen check beside them
  const quoted = judgeValidity({ validity: s.run.validity, checks: s.run.checks, failedChecks: s.run.failedChecks });
  const rules = ruleChecks(s);
  const failedChecks = [...quoted.failedChecks, ...rules];
  const failedCheckNotes = plainFailedChecks(s, limits);
  const loadgenValidity = s.run.validity;
  const validity: Validity = rules.length > 0 ? "INVALID" : loadgenValidity;
  const settings = settingsDiff(s, pub);
  const system = systemDiff(sys, yoursCount, pub);
  const differing = [...settings, ...system].filter((d) => d.differs);
  const what = differing.map((d) => `${d.label.toLowerCase()} ${d.yours} vs ${d.published}`);
  let verdict: ScenarioReport["verdict"];
  if (!pub)
    verdict = {
      kind: "unmatched",
      text: "Not matched to a published result yet: confirm the match to see how much of it you reproduced.",
    };
  else if (pct === null)
    verdict = { kind: "no-figure", text: `The log has no ${units} figure to compare with the published ${pub.units}.` };
  else if (validity === "INVALID")
    verdict = {
      kind: "invalid",
      text: `INVALID, not counted as reproduced: ${failedChecks.join("; ")} (the log reads ${pctText(pct)} of the published figure${what.length ? `; what differs: ${what.join("; ")}` : ""}).`,
    };
  else if (withinRounding)
    verdict = {
      kind: "reproduced",
      text: `Reproduced: the log's figure equals the published one (to its 6 significant digits)${what.length ? `; what differs: ${what.join("; ")}` : ""}.`,
    };
  else if (pct >= 100 - REPRODUCED_WITHIN_PCT)
    verdict = {
      kind: "reproduced",
      text:
        pct > 100
          ? `Reproduced: ${pctText(pct - 100)} above the published figure${what.length ? `; what differs: ${what.join("; ")}` : ""}.`
          : `Reproduced within ${pctText(100 - pct)}: ${pctText(pct)} of the published figure${what.length ? `; what differs: ${what.join("; ")}` : ""}.`,
    };
  else
    verdict = {
      kind: "below",
      text: `${pctText(100 - pct)} below the published figure; what differs: ${what.length ? what.join("; ") : "nothing the logs record (same settings): look at the software, tuning and hardware"}.`,
    };
  return {
    scenario: s.scenario,
    model: s.model,
    dir: s.dir,
    files: [s.summaryFile, s.detailFile].filter((f): f is string => f !== null),
    value,
    units,
    published,
    publishedUnits: pub?.units ?? null,
    // an INVALID run reproduces nothing: its share of the published figure is kept apart, never as reproduced
    reproducedPct: validity === "INVALID" ? null : pct,
    measuredPct: pct,
    withinRounding,
    perAccelerator,
    validity,
    loadgenValidity,
    failedChecks,
    failedCheckNotes,
    latency: latencyRows(s, pub, limits),
    settings,
    system,
    accuracy: { files: s.accuracyFiles, text: s.accuracyText },
    verdict,
  };
}
