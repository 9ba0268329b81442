// Footnotes in the MLCommons messaging-guideline form, over real rows and real bake-off samples.
import { describe, expect, it } from "vitest";
import {
  bakeoffFootnote,
  derivedFootnote,
  footnote,
  footnotes,
  mixedFootnote,
  NOT_VERIFIED,
  retrievalDate,
  TRADEMARK_LEGEND,
} from "./citations";
import { perAccelerator } from "./per-accelerator";
import { llama, real } from "./test-fixtures";
import { loadgenRun, vllmRun } from "./test-logs";

const amd8 = llama("v6.0", "AMD", "8xMI355X_2xEPYC_9575F", "Offline");
const legend =
  "The MLPerf name and logo are registered and unregistered trademarks of MLCommons Association in the United States and other countries. All rights reserved. Unauthorized use strictly prohibited. See www.mlcommons.org for more information.";

describe("footnote(result)", () => {
  it("v6.0 AMD 8×MI355X Offline, exact text", () => {
    expect(
      footnote(amd8, {
        retrievedAt: "2026-11-29T08:00:00Z",
        sourceUrl: "https://mlcommons.org/benchmarks/inference-datacenter/",
      }),
    ).toBe(
      `MLPerf® Inference v6.0 Closed, Datacenter. Result 6.0-0002, llama2-70b-99 Offline, Available. Retrieved from https://mlcommons.org/benchmarks/inference-datacenter/ on 2026-11-29. ${legend}`,
    );
  });
  it.each([
    [
      // the URL the API serves (db/queries/published.ts): the summary's Details link names a fork
      // (gateoverflow/inference_results_v4.1); the citation is the same folder in MLCommons' own repository, pinned
      "v4.1 H200 (ID published as v4.1-0048)",
      llama("v4.1", "NVIDIA", "H200-SXM-141GBx8_TRT", "Offline"),
      "MLPerf® Inference v4.1 Closed, Datacenter. Result 4.1-0048, llama2-70b-99 Offline, Available. Retrieved from https://github.com/mlcommons/inference_results_v4.1/tree/4a0c87411066bd697db46fa44cf6f04fd458f627/closed/NVIDIA/results/H200-SXM-141GBx8_TRT/llama2-70b-99/Offline on 2026-11-29.",
    ],
    [
      "v6.0 Intel BMG Preview",
      llama("v6.0", "Intel", "1-node-4x-BMG-B70", "Server"),
      "MLPerf® Inference v6.0 Closed, Datacenter. Result 6.0-0101, llama2-70b-99 Server, Preview.",
    ],
    [
      "v5.1 Krai Open",
      real({ round: "v5.1", submitter: "Krai", platform: "b200_x8", model: "llama2-70b-99.9", scenario: "Offline" }),
      "MLPerf® Inference v5.1 Open, Datacenter. Result 5.1-0377, llama2-70b-99.9 Offline, Available.",
    ],
    [
      "v4.1 datacenter,edge suite",
      real({
        round: "v4.1",
        submitter: "NVIDIA",
        platform: "Orin_TRT",
        model: "stable-diffusion-xl",
        scenario: "SingleStream",
      }),
      "MLPerf® Inference v4.1 Closed, Edge. Result 4.1-0051, stable-diffusion-xl SingleStream, Available.",
    ],
  ])("%s: uses the row's own details URL and ends with the legend", (_n, row, start) => {
    const text = footnote(row, { retrievedAt: "2026-11-29" });
    expect(text.startsWith(start)).toBe(true);
    expect(text.endsWith(TRADEMARK_LEGEND)).toBe(true);
    expect(text).not.toContain("nverified");
  });
  it("an INVALID log makes the footnote say unverified and not verified by MLCommons", () => {
    const text = footnote({ ...amd8, validity: "INVALID" }, { retrievedAt: "2026-11-29" });
    expect(text).toContain("Unverified: the LoadGen log imported for this result reports INVALID");
    expect(text).toContain(NOT_VERIFIED);
  });
  it("without any URL it says the source was not recorded", () => {
    expect(footnote({ ...amd8, sourceUrl: null }, { retrievedAt: "2026-11-29" })).toContain(
      "Retrieved on 2026-11-29 (source URL not recorded).",
    );
  });
  it.each([
    ["2026-11-29T23:59:59.000Z", "2026-11-29"],
    ["2026-11-29", "2026-11-29"],
    ["29 November 2026", "29 November 2026"],
  ])("retrievalDate(%s) → %s", (input, out) => expect(retrievalDate(input)).toBe(out));
});

describe("bake-off, mixed and derived footnotes", () => {
  it("a vLLM run is unverified and not an MLPerf result", () => {
    expect(bakeoffFootnote(vllmRun(), "our vLLM run")).toBe(
      `Unverified: not verified by MLCommons. our vLLM run: Private benchmark run, not an MLPerf® result (vllm, model facebook/opt-125m; load concurrency, concurrency 2). ${NOT_VERIFIED} ${legend}`,
    );
  });
  it("a LoadGen run is an unverified MLPerf run", () => {
    const text = bakeoffFootnote(loadgenRun(), "lab MI300X");
    expect(text).toContain("Unverified: not verified by MLCommons.");
    expect(text).toContain("Unverified MLPerf® Inference run made with MLPerf LoadGen outside MLCommons review");
    expect(text).toContain("Result not verified by MLCommons Association.");
  });
  it("mixed and derived texts", () => {
    expect(mixedFootnote()).toBe(
      "Unverified results have not been through an MLPerf® review and may use measurement methodologies and/or workload implementations that are inconsistent with the MLPerf® specification for verified results.",
    );
    expect(derivedFootnote()).toContain("derived, not an MLPerf metric");
    expect(derivedFootnote()).toContain("They are not official or verified MLPerf® results");
  });
  it.each([
    ["published only", [amd8], [], false, 1],
    ["published + bake-off → the mixed footnote", [amd8], [{ id: "b1", run: vllmRun(), label: "run A" }], false, 3],
    [
      "published + INVALID published + derived",
      [amd8, { ...llama("v6.0", "NVIDIA", "B300-SXM-270GBx8_TRT", "Offline"), validity: "INVALID" as const }],
      [],
      true,
      4,
    ],
  ])("footnotes(): %s", (_n, results, runs, derived, count) => {
    const list = footnotes(results, runs, { retrievedAt: "2026-11-29", derived });
    expect(list).toHaveLength(count);
    expect(list.includes(mixedFootnote())).toBe(count >= 3);
    expect(list.includes(derivedFootnote())).toBe(derived);
  });
});

// The derived footnote must describe the divisor perAccelerator really uses: the accelerators that ran, which for
// AMD's v6.0 clusters is lower than the summary's Total Accelerators (87 of 88, 94 of 96).
describe("derived footnote matches the divisor", () => {
  it.each([
    ["87×MI355X cluster (summary total 88)", llama("v6.0", "AMD", "87xMI355X_22xEPYC_9575F", "Offline"), 87, 88],
    [
      "94×MI355X gpt-oss cluster (summary total 96)",
      real({ round: "v6.0", platform: "94xMI355X_24xEPYC_9575F", model: "gpt-oss-120b", scenario: "Offline" }),
      94,
      96,
    ],
    ["8×MI355X (summary total 8)", amd8, 8, null],
  ])("%s", (_n, r, ran, published) => {
    expect(perAccelerator(r).accelerators).toBe(ran);
    expect(perAccelerator(r).formula).toContain(`÷ ${ran} accelerators`);
    if (published !== null)
      expect(r.notes.map((n) => n.message).join(" ")).toContain(`the published Total Accelerators is ${published}`);
    const text = derivedFootnote();
    expect(text).not.toContain("by the published accelerator");
    expect(text).toContain("divides the published result by the number of accelerators that ran");
    expect(text).toContain("the result carries a data note saying which was used");
  });
});
