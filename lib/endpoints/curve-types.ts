// What an MLPerf Endpoints curve is once read: one system, one model, a sweep of load points (one per target
// concurrency), the figures the rules define for each, and the curve's place in the publication lifecycle.
// Sources: ../shared/formats/endpoints.md; mlcommons/endpoints-submission-cli src/submission_checker/layout.py
// (one curve per `results/<system>/<model>/`, `r<N>` with N the concurrency), models/file/point_summary.py and
// models/aggregate/point_result.py (the derived figures), the submission-states reference in
// mlcommons/endpoints-submission-docs (statuses). Pure types.

export const CURVE_STATUSES = ["peer-review-pending", "finalized", "invalidated", "withdrawn", "superseded"] as const;
export type CurveStatus = (typeof CURVE_STATUSES)[number];

export const CURVE_STATUS_LABEL: Record<CurveStatus, string> = {
  "peer-review-pending": "Peer review pending",
  finalized: "Finalized",
  invalidated: "Invalidated",
  withdrawn: "Withdrawn",
  superseded: "Superseded by a later cohort",
};

/** Divisions of the Endpoints track (rules; endpoints-submission-docs understand/divisions-and-scenarios.md). */
export const CURVE_DIVISIONS = ["Standardized", "Serviced", "RDI"] as const;

/** Where the load-generating client ran: Client on Prem (CoP) or Client over Network (CoN). */
export type ClientLocation = "on-premises" | "network";

/**
 * v1.0: `results/<system>/<model>/r<N>/` with result_summary.json (tps_per_user = 1000 / tpot_p90_ms, P90).
 * v0.7: `pareto/<system>/<model>/results/point_<N>/run_metadata.json` (tps_per_user = system_tps / concurrency,
 * P95/P99 latencies): different definitions, labelled as such and never mixed with v1.0 figures.
 */
export type CurveLayout = "v1.0" | "v0.7";

export interface CurvePoint {
  concurrency: number;
  /** The cohort this point was submitted to (point.yaml target_cohort, "2026-10-C1"), when stated. */
  cohort: string | null;
  /** The Offline ceiling: a dedicated run (drawn apart, never a step) or the elected C_max point (also a step). */
  offline: boolean;
  offlineKind: "dedicated" | "elected" | null;
  /** output_sequence_lengths.total / (duration_ns / 1e9), output tokens/s for the whole system */
  systemTps: number;
  /** 1000 / tpot_p90_ms (v1.0); system_tps / concurrency (v0.7); null when the file reports no TPOT P90 */
  tpsPerUser: number | null;
  ttftP90Ms: number | null;
  tpotP90Ms: number | null;
  /** systemTps ÷ the system's accelerators (lib/context/per-accelerator.ts perGivenAccelerators) */
  perAccelerator: number | null;
  /** systemTps ÷ PROVISIONED kW (rules §4.5.3, tentative): never a measured power figure */
  systemTpsPerKwProvisioned: number | null;
  samplesCompleted: number | null;
  samplesFailed: number | null;
  durationS: number;
  outputTokens: number;
  /** The checker's errors for this point (e.g. no TPOT P90): such a point is shown, never drawn or planned on. */
  failedChecks: string[];
}

export interface CurveRecord {
  /** FNV-1a 64 of the series key and the cohort: a later cohort's curve is a new id; the older one is superseded */
  id: string;
  /** FNV-1a 64 of the series key (suite, layout, submitter, system, model, division, client location) */
  seriesId: string;
  suite: "endpoints";
  layout: CurveLayout;
  submitter: string;
  system: string;
  model: string;
  benchmark: string;
  division: string;
  clientLocation: ClientLocation | null;
  availability: string;
  status: CurveStatus;
  statusNote: string | null;
  /** The newest cohort among the points */
  cohort: string | null;
  accelerator: string | null;
  acceleratorsPerNode: number | null;
  nodes: number | null;
  totalAccelerators: number | null;
  servingEngine: string | null;
  precision: string | null;
  provisionedPowerW: number | null;
  provisionedPowerNote: string;
  /**
   * The data set's mean input and output tokens per sample as the submission states them (system_desc.json
   * input_token_average, output_token_average: endpoints-submission-cli models/file/system.py SystemDescription);
   * null when absent, not finite or not above zero. The mix the curve's accelerator-hours were spent on (issue 30).
   */
  inputTokenAverage: number | null;
  outputTokenAverage: number | null;
  sourceUrl: string | null;
  /** Where it was read from (the model folder) */
  source: string;
  /** MLCommons' own synthetic checker test data (a `test_submissions/` tree): never a hardware result */
  synthetic: boolean;
  points: CurvePoint[];
}

/** A stored curve as the API serves it (CONTRACT: Curve), with its history across cohorts on the detail route. */
export interface Curve extends CurveRecord {
  supersededBy: string | null;
  importedAt: string | null;
}
