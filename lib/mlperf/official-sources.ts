// Where each round's official MLCommons summary lives (used by `npm run import -- --round vX.Y --official`).
// Data, with its provenance; the importer may swap the host for a mirror (PERFCONTEXT_OFFICIAL_BASE) in tests.

export interface OfficialSource {
  round: string;
  url: string;
  /** File name used when a mirror base URL replaces the host. */
  mirrorName: string;
  note: string;
}

export const OFFICIAL_SOURCES: readonly OfficialSource[] = [
  {
    round: "v4.1",
    url: "https://raw.githubusercontent.com/mlcommons/inference_results_v4.1/4a0c87411066bd697db46fa44cf6f04fd458f627/summary_results.json",
    mirrorName: "v4.1.summary_results.json",
    note: "Not on main (archived); reachable only at commit 4a0c8741 (refs/pull/2/head).",
  },
  {
    round: "v5.1",
    url: "https://raw.githubusercontent.com/mlcommons/inference_results_v5.1/main/summary_results.json",
    mirrorName: "v5.1.summary_results.json",
    note: "mlcommons/inference_results_v5.1, main.",
  },
  {
    round: "v6.0",
    url: "https://raw.githubusercontent.com/mlcommons/inference_results_v6.0/main/summary_results.json",
    mirrorName: "v6.0.summary_results.json",
    note: "mlcommons/inference_results_v6.0, main (published 2026-03-26).",
  },
];

/** `officialUrl("v6.0")` → the summary URL, or null for a round we do not know. */
export function officialUrl(round: string, mirrorBase?: string | null): string | null {
  const src = OFFICIAL_SOURCES.find((s) => s.round === round);
  if (!src) return null;
  if (mirrorBase) return new URL(src.mirrorName, mirrorBase.endsWith("/") ? mirrorBase : `${mirrorBase}/`).toString();
  return src.url;
}
