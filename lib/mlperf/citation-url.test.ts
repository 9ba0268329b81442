// Issue 30: citations name the public results folder at the round's pinned commit, never the members-only
// submission repository the summaries' `Details` column links to. Inputs copied from data/official/
// v6.0.summary_results.json (ID 6.0-0001) and ../shared's cm4mlperf summary; expected URLs written by hand from
// the pinned commits in data/official/manifest.csv.
import { describe, expect, it } from "vitest";
import { citationUrl, isRootSummarySource } from "./official-sources";

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

// Issue 30: the home page labels a round partial unless its official root summary was imported. Sources as the
// importer records them: data/official/manifest.csv's pinned URLs, `--official`'s branch URL, a mirror's
// `<round>.<file>`, and ../shared's per-submitter checker files.
describe("isRootSummarySource", () => {
  it.each([
    [
      "v6.0",
      "https://raw.githubusercontent.com/mlcommons/inference_results_v6.0/ab33b2144a9f822f69d24f78569f993d195ee7e5/summary_results.json",
      true,
    ],
    [
      "v6.1",
      "https://raw.githubusercontent.com/mlcommons/inference_results_v6.1/7bf15fd8089655a71fb75c81a744d7ba5a632424/summary.csv",
      true,
    ],
    ["v6.1", "https://raw.githubusercontent.com/mlcommons/inference_results_v6.1/main/summary.json", true],
    ["v5.1", "http://127.0.0.1:8123/mirror/v5.1.summary_results.json", true],
    // another round's summary is not this round's
    ["v5.1", "https://raw.githubusercontent.com/mlcommons/inference_results_v6.0/main/summary_results.json", false],
    // v6.1's table lists summary.csv and summary.json only
    ["v6.1", "https://raw.githubusercontent.com/mlcommons/inference_results_v6.1/main/summary_results.json", false],
    ["v3.0", "../shared/data/mlperf/summary/older/v3.0.closed-Azure.summary.csv", false],
    ["v3.0", "https://raw.githubusercontent.com/mlcommons/inference_results_v3.0/main/summary.csv", false],
    ["v4.1", "../shared/data/mlperf/summary/cm4mlperf-inference-scc24.summary_results.json", false],
    ["v6.0", "../shared/data/mlperf/loadgen/v6.0/AMD", false],
  ])("%s %s → %s", (round, source, want) => {
    expect(isRootSummarySource(round, source)).toBe(want);
  });
});
