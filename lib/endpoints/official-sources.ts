// Where MLPerf Endpoints publishes its results, for `npm run refresh` and `npm run import -- --round endpoints-vX.Y
// --official`: the same probing rule as the MLPerf Inference rounds (lib/mlperf/official-sources.ts): a table of the
// rounds known, with their repository and ref, and for a round the table does not know the repository its name
// implies, at its default branch. Pure.
//
// Sources: MLCommons publishes the Endpoints v0.7 results in the public repository `mlcommons/endpoints_results_v0.7`
// ("published-results variant of the v0.7 layout", `<Org>/<System>/<Model>/`), named `endpoints_results_v<round>`
// (mlcommons/endpoints-submission-docs docs/reference/cli-visualizer.md @ b5e9db46, "Example: v0.7 published
// results", verified there against `mlcommons/endpoints_results_v0.7@main`; the cTuning task
// `get-mlperf-endpoints-results` clones `endpoints_results_v<round>`). A results tree is many files, not one summary:
// it is fetched as GitHub's source archive of the repository (`https://github.com/OWNER/REPO/archive/REF.tar.gz`,
// GitHub Docs "Downloading source code archives"), whose entries sit under one top folder `<repo>-<ref>/`.
// The v1.0 rules are a draft (v1.0 opened 2026-10-12; ../shared/formats/endpoints.md): no v1.0 results repository
// is published yet, so v1.0 is probed by the rule, not listed.

export const ENDPOINTS_ROUND_PREFIX = "endpoints-";

export interface EndpointsSource {
  /** "endpoints-v0.7": the name `--round` and the refresh lines use (never an MLPerf Inference round). */
  round: string;
  repo: string;
  /** Branch or commit the archive is fetched at. */
  ref: string;
  note: string;
}

export const ENDPOINTS_SOURCES: readonly EndpointsSource[] = [
  {
    round: "endpoints-v0.7",
    repo: "mlcommons/endpoints_results_v0.7",
    ref: "main",
    note: "mlcommons/endpoints_results_v0.7, main: the v0.7 published results (10 submissions, 100 runs when verified).",
  },
];

/** The one file a mirror serves per Endpoints round: `<base>/<round>.results.tar.gz` (PERFCONTEXT_OFFICIAL_BASE). */
export const ENDPOINTS_ARCHIVE_FILE = "results.tar.gz";

/** "endpoints-v0.7" → "v0.7"; null for anything else (an Inference round, a malformed name). */
export function endpointsVersion(round: string): string | null {
  const m = /^endpoints-(v\d+\.\d+)$/.exec(round);
  return m ? (m[1] as string) : null;
}

export function isEndpointsRound(round: string): boolean {
  return round.startsWith(ENDPOINTS_ROUND_PREFIX);
}

export function endpointsSource(round: string): EndpointsSource | null {
  return ENDPOINTS_SOURCES.find((s) => s.round === round) ?? null;
}

/** The round's results repository, known or implied: endpoints-v1.0 → mlcommons/endpoints_results_v1.0. */
export function endpointsRepo(round: string): string | null {
  const v = endpointsVersion(round);
  return v ? (endpointsSource(round)?.repo ?? `mlcommons/endpoints_results_${v}`) : null;
}

export interface EndpointsCandidate {
  file: string;
  url: string;
  /** What the archive is a copy of (the repository at its ref), for the change log and each curve's source. */
  repo: string;
  ref: string;
}

/**
 * The URL the official fetch tries for an Endpoints round: the table's repository at its ref, or (a round it does not
 * know) the implied repository at its default branch (HEAD). With a mirror base, `<base>/<round>.results.tar.gz`.
 * Null for a malformed round.
 */
export function endpointsCandidate(round: string, mirrorBase?: string | null): EndpointsCandidate | null {
  const repo = endpointsRepo(round);
  if (!repo) return null;
  const ref = endpointsSource(round)?.ref ?? "HEAD";
  const url = mirrorBase
    ? new URL(`${round}.${ENDPOINTS_ARCHIVE_FILE}`, mirrorBase.endsWith("/") ? mirrorBase : `${mirrorBase}/`).toString()
    : `https://github.com/${repo}/archive/${ref}.tar.gz`;
  return { file: ENDPOINTS_ARCHIVE_FILE, url, repo, ref };
}

/**
 * A file's place in the repository from its place in the archive: GitHub puts every entry under one top folder
 * (`endpoints_results_v0.7-main/Org/...`), dropped here; null for the top folder itself or a path that has none.
 */
export function pathInRepository(archivePath: string): string | null {
  const i = archivePath.indexOf("/");
  if (i <= 0 || i === archivePath.length - 1) return null;
  return archivePath.slice(i + 1);
}
