// A reproduction: the uploaded folder, its match, and one report per scenario, as the API, the pages and the
// frozen snapshot show it. Pure: the db layer supplies the candidate rows and the matched published results.
import { z } from "zod";
import { loadgenToRun } from "@/lib/bakeoff/loadgen";
import { scenarioInfo } from "@/lib/judge";
import { splitModel } from "@/lib/mlperf/normalize";
import type { BakeoffRun } from "@/lib/types";
import type { UploadedFolder } from "./files";
import {
  type CandidateRow,
  type MatchOutcome,
  matchUpload,
  publishedRowFor,
  type RankedCandidate,
  uploadIdentity,
} from "./match";
import { buildScenarioReport, type PublishedSide, type ScenarioReport } from "./report";

export type { UploadedFolder, UploadedScenario } from "./files";
export type { CandidateRow, RankedCandidate } from "./match";
export type { PublishedSide, ScenarioReport } from "./report";

export const UNVERIFIED_NOTE =
  "Unverified reproduction: not an MLPerf result. It was not submitted to or reviewed by MLCommons, and may not be cited as an MLPerf result or compared with one as if it were.";

export interface ReproductionView {
  id: string;
  label: string;
  createdAt: string;
  url: string;
  match: { id: string; resultId: string | null } | null;
  how: string;
  matched: RankedCandidate | null;
  candidates: RankedCandidate[];
  identity: {
    platform: string | null;
    accelerator: string | null;
    count: number | null;
    round: string | null;
    submitter: string | null;
  };
  reports: ScenarioReport[];
  /** Uploaded scenarios the matched system did not publish, and published scenarios the upload lacks. */
  missing: { uploadedNotPublished: string[]; publishedNotUploaded: string[] };
  ignored: string[];
  headline: { kind: "valid" | "invalid" | "mixed" | "unmatched"; text: string };
}

/** `/reproduce/{id}` with the match in the URL when there is one. */
function reproductionUrl(id: string, matchId: string | null): string {
  return `/reproduce/${id}${matchId ? `?match=${encodeURIComponent(matchId)}` : ""}`;
}

/**
 * Builds the whole view. `systemRows` are the matched system's published rows (every scenario and model it
 * published), hydrated with latency and logged settings by the caller.
 */
export function buildReproduction(input: {
  id: string;
  label: string;
  createdAt: string;
  folder: UploadedFolder;
  candidates: CandidateRow[];
  confirmed: string | null;
  systemRows: (sys: RankedCandidate) => PublishedSide[];
}): ReproductionView {
  const { folder } = input;
  const outcome: MatchOutcome = matchUpload(folder, input.candidates, input.confirmed);
  const ident = uploadIdentity(folder);
  const pubRows = outcome.matched ? input.systemRows(outcome.matched) : [];
  const reports = folder.scenarios.map((s) => {
    const pub = outcome.matched ? publishedRowFor(pubRows, s) : null;
    const family = s.model ? splitModel(s.model).modelFamily : pub ? splitModel(pub.model).modelFamily : "";
    const info = scenarioInfo(family, s.scenario);
    return buildScenarioReport({
      scenario: s,
      published: pub,
      uploadedSystem: ident.system,
      uploadedCount: ident.count,
      limits: { ttftMs: info.ttftMs, tpotMs: info.tpotMs, percentile: info.percentile },
    });
  });
  const uploadedNotPublished = reports.filter((r) => outcome.matched && r.published === null).map((r) => r.scenario);
  const families = new Set(
    folder.scenarios.map((s) => (s.model ? splitModel(s.model).modelFamily : null)).filter(Boolean),
  );
  const publishedNotUploaded = outcome.matched
    ? [
        ...new Set(
          pubRows
            .filter(
              (p) =>
                (families.size === 0 || families.has(splitModel(p.model).modelFamily)) &&
                !folder.scenarios.some((s) => s.scenario === p.scenario),
            )
            .map((p) => p.scenario),
        ),
      ]
    : [];
  const headline = plainVerdict(outcome.matched ? null : outcome.how, reports);
  const matchId = outcome.matched?.id ?? null;
  return {
    id: input.id,
    label: input.label,
    createdAt: input.createdAt,
    url: reproductionUrl(input.id, matchId),
    match: outcome.matched ? { id: outcome.matched.id, resultId: outcome.matched.resultId } : null,
    how: outcome.how,
    matched: outcome.matched,
    candidates: outcome.candidates,
    identity: {
      platform: ident.platform,
      accelerator: ident.acceleratorName ?? ident.accelerator,
      count: ident.count,
      round: ident.round,
      submitter: ident.submitter,
    },
    reports,
    missing: { uploadedNotPublished, publishedNotUploaded },
    ignored: folder.ignored,
    headline,
  };
}

const list = (xs: string[]) => (xs.length <= 2 ? xs.join(" and ") : `${xs.slice(0, -1).join(", ")} and ${xs.at(-1)}`);

/**
 * One plain verdict across the uploaded scenarios: which reproduced, which are INVALID (never counted as reproduced),
 * which fell short. "Reproduced in all 3 scenarios: Offline, Server, Interactive." / "Reproduced in Offline and
 * Interactive; INVALID in Server, not counted as reproduced."
 */
function plainVerdict(unmatched: string | null, reports: ScenarioReport[]): ReproductionView["headline"] {
  if (unmatched !== null) return { kind: "unmatched", text: unmatched };
  const by = (k: ScenarioReport["verdict"]["kind"]) =>
    reports.filter((r) => r.verdict.kind === k).map((r) => r.scenario);
  const ok = by("reproduced");
  const invalid = reports.filter((r) => r.validity === "INVALID").map((r) => r.scenario);
  if (ok.length === reports.length && reports.length > 0)
    return {
      kind: "valid",
      text:
        reports.length === 1
          ? `Reproduced in ${ok[0]}.`
          : `Reproduced in all ${reports.length} scenarios: ${ok.join(", ")}.`,
    };
  const parts: string[] = [];
  if (ok.length) parts.push(`Reproduced in ${list(ok)}`);
  if (invalid.length) parts.push(`INVALID in ${list(invalid)}, not counted as reproduced`);
  const below = reports.filter((r) => r.verdict.kind === "below");
  if (below.length)
    parts.push(
      `below the published figure in ${list(below.map((r) => `${r.scenario} (${(100 - (r.reproducedPct ?? 0)).toFixed(2)} % below)`))}`,
    );
  const none = [...by("no-figure"), ...by("unmatched")];
  if (none.length) parts.push(`no published figure to compare in ${list(none)}`);
  const text = parts.join("; ");
  return {
    kind: invalid.length === 0 ? "valid" : invalid.length === reports.length ? "invalid" : "mixed",
    text: `${text.charAt(0).toUpperCase()}${text.slice(1)}.`,
  };
}

/** The API's contract shape (../shared/CONTRACT.md) plus the full view. */
export function reproductionJson(v: ReproductionView) {
  return {
    id: v.id,
    url: v.url,
    match: v.match,
    candidates: v.candidates.map((c) => ({
      id: c.id,
      resultId: c.resultId,
      platform: c.platform,
      submitter: c.submitter,
      round: c.round,
      system: c.system,
      covers: c.covers,
      reasons: c.reasons,
      disagreements: c.disagreements,
    })),
    scenarios: v.reports.map((r) => ({
      scenario: r.scenario,
      value: r.value,
      units: r.units,
      published: r.published,
      reproducedPct: r.reproducedPct,
      measuredPct: r.measuredPct ?? null,
      validity: r.validity,
      failedChecks: r.failedChecks,
      verdict: r.verdict.text,
    })),
    how: v.how,
    unverified: UNVERIFIED_NOTE,
    report: v,
  };
}

// a stored snapshot is read back through this: the fields every page and card rely on, the rest passed through
const storedSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    createdAt: z.string(),
    url: z.string(),
    how: z.string(),
    match: z.object({ id: z.string(), resultId: z.string().nullable() }).nullable(),
    candidates: z.array(z.object({ id: z.string() }).passthrough()),
    reports: z.array(
      z
        .object({
          scenario: z.string(),
          validity: z.string(),
          failedChecks: z.array(z.string()),
          verdict: z.object({ kind: z.string(), text: z.string() }),
          latency: z.array(z.unknown()),
          settings: z.array(z.unknown()),
          system: z.array(z.unknown()),
        })
        .passthrough(),
    ),
    headline: z.object({ kind: z.string(), text: z.string() }),
  })
  .passthrough();

/** A frozen reproduction's stored JSON → the view, or why it cannot be shown. */
export function parseStoredReproduction(
  text: string,
): { ok: true; payload: ReproductionView } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: "the stored snapshot is not valid JSON" };
  }
  const r = storedSchema.safeParse(json);
  if (!r.success) {
    const i = r.error.issues[0];
    return {
      ok: false,
      message: `the stored snapshot does not match the reproduction shape (${i?.path.join(".")}: ${i?.message})`,
    };
  }
  return { ok: true, payload: json as ReproductionView };
}

/** Title and description a shared reproduction unfurls into. */
export function describeReproduction(v: ReproductionView): { title: string; description: string } {
  const m = v.matched;
  const title = m
    ? `Reproduction of ${m.resultId ?? m.platform} (${m.submitter}, ${m.round}) · unverified`
    : `Unmatched LoadGen reproduction · unverified`;
  const parts = v.reports.map(
    (r) => `${r.scenario} ${r.validity}${r.reproducedPct !== null ? ` ${r.reproducedPct.toFixed(2)} %` : ""}`,
  );
  return { title, description: `${parts.join(" · ")}. Not an MLPerf result.` };
}

/**
 * A reproduction's runs as bake-off load points (one per scenario, lib/bakeoff/loadgen's mapping), for campaigns:
 * the model and accelerator count come from the folder and systems JSON, INVALID stays INVALID.
 */
export function reproductionAsUpload(folder: UploadedFolder): {
  runs: BakeoffRun[];
  accelerator: string | null;
  accelerators: number | null;
  nodes: number | null;
  modelFamily: string | null;
} {
  const ident = uploadIdentity(folder);
  const runs = folder.scenarios.map((s) => {
    const hint = `${s.dir ?? `${s.model ?? ""}/${s.scenario}`}/mlperf_log_summary.txt`;
    const { run } = loadgenToRun(s.run, hint);
    // an Endpoints client run (lib/endpoints) is that tool's run, not LoadGen's
    if (s.clientFile) {
      run.tool = "mlperf-endpoints";
      run.toolVersion = s.settings.loadgenVersion ?? "Endpoints client";
    }
    run.scenarioHint = s.scenario;
    run.accelerators = ident.count;
    return run;
  });
  const model = folder.scenarios.find((s) => s.model)?.model ?? null;
  return {
    runs,
    accelerator: ident.acceleratorName ?? ident.accelerator,
    accelerators: ident.count,
    nodes: ident.system?.nodes ?? null,
    modelFamily: model ? splitModel(model).modelFamily : null,
  };
}
