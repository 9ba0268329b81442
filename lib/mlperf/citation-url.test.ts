// Issue 30: citations name the public results folder at the round's pinned commit, never the members-only
// submission repository the summaries' `Details` column links to. Inputs copied from data/official/
// v6.0.summary_results.json (ID 6.0-0001) and ../shared's cm4mlperf summary; expected URLs written by hand from
// the pinned commits in data/official/manifest.csv.
import { describe, expect, it } from "vitest";
import { citationUrl } from "./official-sources";

const V60 = "ab33b2144a9f822f69d24f78569f993d195ee7e5";

describe("citationUrl", () => {
  it.each([
    {
      what: "v6.0 row with Details into submissions_inference_v6.0 and a Location: the Location's folder, pinned",
      round: "v6.0",
      details:
        "https://github.com/mlcommons/submissions_inference_v6.0/tree/main/closed/AMD/results/87xMI355X_22xEPYC_9575F",
      location: "./closed/AMD/results/87xMI355X_22xEPYC_9575F/llama2-70b-99/Interactive/performance/run_1",
      want: `https://github.com/mlcommons/inference_results_v6.0/tree/${V60}/closed/AMD/results/87xMI355X_22xEPYC_9575F/llama2-70b-99/Interactive/performance/run_1`,
    },
    {
      what: "Details into the submission repository, no Location: the same path in the public repository, pinned",
      round: "v6.0",
      details:
        "https://github.com/mlcommons/submissions_inference_v6.0/tree/main/closed/AMD/results/87xMI355X_22xEPYC_9575F",
      location: null,
      want: `https://github.com/mlcommons/inference_results_v6.0/tree/${V60}/closed/AMD/results/87xMI355X_22xEPYC_9575F`,
    },
    {
      what: "v4.1's submission repository is named submissions_inference_results_v4.1",
      round: "v4.1",
      details: "https://github.com/mlcommons/submissions_inference_results_v4.1/tree/main/open/MLCommons/results/x",
      location: null,
      want: "https://github.com/mlcommons/inference_results_v4.1/tree/4a0c87411066bd697db46fa44cf6f04fd458f627/open/MLCommons/results/x",
    },
    {
      what: "a Details link elsewhere (already the public repository) is kept as given",
      round: "v5.1",
      details: "https://github.com/mlcommons/inference_results_v5.1/tree/main/closed/GATEOverflow/results/a",
      location: null,
      want: "https://github.com/mlcommons/inference_results_v5.1/tree/main/closed/GATEOverflow/results/a",
    },
    { what: "neither: null", round: "v6.1", details: null, location: null, want: null },
  ])("$what", ({ round, details, location, want }) => {
    expect(citationUrl(round, details, location)).toBe(want);
  });
});
