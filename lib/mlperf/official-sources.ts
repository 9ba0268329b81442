// Where each round's official MLCommons summary lives (`npm run import -- --round vX.Y --official`, `npm run setup`)
// and where each round's results tree is (to link a row's `Location`). One registry, data with its provenance. Pure.
//
// Sources: the root of each mlcommons/inference_results_vX.Y repository. v4.1's summary_results.json is not on
// main (archived; reachable at commit 4a0c8741, refs/pull/2/head). v6.0's file was read through the fork
// gbeezybez/inference_results_v6.0 (232fbf90), whose files come from upstream commit ab33b214. v6.1 publishes the
// submission checker's summary.csv and summary.json at the root (no summary_results.json, no result IDs): the
// csv is the one bundled in data/official/ (commit 7bf15fd8). v5.0 publishes summary_results.json at the root.
// Rounds before v4.0 published per-submitter checker files only (closed/<Submitter>/summary.csv), no root summary.

export interface OfficialSource {
  round: string;
  /** GitHub repository holding the round's results tree ("mlcommons/inference_results_v6.1"). */
  repo: string;
  /** Root summary files, in the order `--official` tries them. */
  files: readonly string[];
  /** Commit the bundled copy (and links to `Location`) are pinned to, when known; else the default branch. */
  commit: string | null;
  /** Branch or commit `--official` and setup's refresh fetch from (v4.1 is only reachable at its commit). */
  ref: string;
  note: string;
}

export const OFFICIAL_SOURCES: readonly OfficialSource[] = [
  {
    round: "v4.1",
    repo: "mlcommons/inference_results_v4.1",
    files: ["summary_results.json"],
    commit: "4a0c87411066bd697db46fa44cf6f04fd458f627",
    ref: "4a0c87411066bd697db46fa44cf6f04fd458f627",
    note: "Not on main (archived); reachable only at commit 4a0c8741 (refs/pull/2/head).",
  },
  {
    round: "v5.0",
    repo: "mlcommons/inference_results_v5.0",
    files: ["summary_results.json"],
    commit: null,
    ref: "main",
    note: "mlcommons/inference_results_v5.0, main (not bundled: no copy held).",
  },
  {
    round: "v5.1",
    repo: "mlcommons/inference_results_v5.1",
    files: ["summary_results.json"],
    commit: "965182b03376a00fcae415c54e560e1c83937932",
    ref: "main",
    note: "mlcommons/inference_results_v5.1, main.",
  },
  {
    round: "v6.0",
    repo: "mlcommons/inference_results_v6.0",
    files: ["summary_results.json"],
    commit: "ab33b2144a9f822f69d24f78569f993d195ee7e5",
    ref: "main",
    note: "mlcommons/inference_results_v6.0, main (published 2026-03-26).",
  },
  {
    round: "v6.1",
    repo: "mlcommons/inference_results_v6.1",
    files: ["summary.csv", "summary.json"],
    commit: "7bf15fd8089655a71fb75c81a744d7ba5a632424",
    ref: "main",
    note: "mlcommons/inference_results_v6.1, main: the submission checker's summary.csv and summary.json, no result IDs.",
  },
];

/** What a round not in the table is tried for, in this order, at the root of its results repository. */
export const ROOT_SUMMARY_FILES = ["summary_results.json", "summary.json", "summary.csv"] as const;

/** "v6.1" → [6, 1]; anything else → null. */
function roundParts(round: string): [number, number] | null {
  const m = /^v(\d+)\.(\d+)$/.exec(round);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** Rounds before v4.0 never had a summary at the root of their results repository. */
export function hadNoRootSummary(round: string): boolean {
  const p = roundParts(round);
  return p !== null && p[0] < 4;
}

export function officialSource(round: string): OfficialSource | null {
  return OFFICIAL_SOURCES.find((s) => s.round === round) ?? null;
}

/** The round's results repository, whether or not the table knows it: v3.0 → mlcommons/inference_results_v3.0. */
export function resultsRepo(round: string): string | null {
  return roundParts(round) ? (officialSource(round)?.repo ?? `mlcommons/inference_results_${round}`) : null;
}

export interface OfficialCandidate {
  file: string;
  url: string;
}

/**
 * The URLs `--official` tries for a round, in order: the table's files, or (a round it does not know) the root's
 * summary_results.json, summary.json, summary.csv. With a mirror base, each is `<base>/<round>.<file>` (the
 * names ../shared uses: v6.1.summary.csv). Empty for a round before v4.0 and for a malformed round.
 */
export function officialCandidates(round: string, mirrorBase?: string | null): OfficialCandidate[] {
  if (!roundParts(round) || hadNoRootSummary(round)) return [];
  const src = officialSource(round);
  const repo = resultsRepo(round) as string;
  const ref = src?.ref ?? "HEAD";
  const files = src?.files ?? ROOT_SUMMARY_FILES;
  return files.map((file) => ({
    file,
    url: mirrorBase
      ? new URL(`${round}.${file}`, mirrorBase.endsWith("/") ? mirrorBase : `${mirrorBase}/`).toString()
      : `https://raw.githubusercontent.com/${repo}/${ref}/${file}`,
  }));
}

/**
 * A row's `Location` in its round's results repository, pinned to the table's commit when known (else the
 * default branch): ("v6.1", "./closed/AMD/results/8xMI350X_2xEPYC_9575F/dlrm-v3/Offline/performance/run_1") →
 * "https://github.com/mlcommons/inference_results_v6.1/tree/7bf15fd…/closed/AMD/results/…/run_1". Null when
 * the location is empty, absolute, a URL or climbs out of the tree ("..").
 */
export function locationUrl(round: string, location: string | null): string | null {
  if (!location) return null;
  const repo = resultsRepo(round);
  if (!repo) return null;
  const rel = location
    .trim()
    .replace(/\\/g, "/")
    .replace(/^(\.\/)+/, "")
    .replace(/\/+$/, "");
  if (rel === "" || rel.startsWith("/") || /^[a-z][a-z0-9+.-]*:/i.test(rel)) return null;
  const parts = rel.split("/").filter((p) => p !== "" && p !== ".");
  if (parts.length === 0 || parts.includes("..")) return null;
  const ref = officialSource(round)?.commit ?? "HEAD";
  return `https://github.com/${repo}/tree/${ref}/${parts.map(encodeURIComponent).join("/")}`;
}

/**
 * The URL a citation names for a published row: the round's public results repository, pinned. MLCommons'
 * summaries link `Details` to the submission repository (`mlcommons/submissions_inference_v6.0`,
 * `mlcommons/submissions_inference_results_v4.1`), which is the members-only repository submissions are made to; the
 * public copy of the same tree is `mlcommons/inference_results_vX.Y` (the repository `--official` reads). So:
 * 1. a `Location` (the row's folder in the results tree) → that folder at the round's pinned commit (`locationUrl`);
 * 2. a `Details` link into a submission repository → the same path in the round's public results repository, at the
 *    pinned commit ("…/submissions_inference_v6.0/tree/main/closed/AMD/results/X" → "…/inference_results_v6.0/tree/
 *    ab33b21…/closed/AMD/results/X");
 * 3. any other `Details` link as given; null when the row names neither.
 */
export function citationUrl(round: string, details: string | null, location: string | null): string | null {
  const folder = locationUrl(round, location);
  if (folder) return folder;
  if (!details) return null;
  const m = /^https:\/\/github\.com\/mlcommons\/submissions_inference_(?:results_)?v\d+\.\d+\/tree\/[^/]+\/(.+)$/.exec(
    details,
  );
  const repo = resultsRepo(round);
  if (!m?.[1] || !repo) return details;
  const ref = officialSource(round)?.commit ?? "HEAD";
  return `https://github.com/${repo}/tree/${ref}/${m[1].replace(/\/+$/, "")}`;
}

/**
 * Is `source` (an import's recorded source: URL or path) the round's official root summary — the file that holds the
 * whole round? The raw URL of a root file of `mlcommons/inference_results_<round>` at any ref (the pinned copy setup
 * bundles, `--official`'s fetch from the branch) or a mirror's `<round>.<file>` (PERFCONTEXT_OFFICIAL_BASE naming).
 * Per-submitter checker files (`closed/<Submitter>/summary.csv`), LoadGen trees and any other file are parts of a
 * round, never the whole of it. Rounds before v4.0 had no root summary at all (hadNoRootSummary).
 */
export function isRootSummarySource(round: string, source: string): boolean {
  if (!roundParts(round) || hadNoRootSummary(round)) return false;
  const files = officialSource(round)?.files ?? ROOT_SUMMARY_FILES;
  const repo = resultsRepo(round) as string;
  for (const file of files) {
    const raw = new RegExp(
      `^https://raw\\.githubusercontent\\.com/${repo.replace(/\./g, "\\.")}/[^/]+/${file.replace(/\./g, "\\.")}$`,
    );
    if (raw.test(source)) return true;
    if (/^https?:\/\//.test(source) && source.endsWith(`/${round}.${file}`)) return true;
  }
  return false;
}
