import { describe, expect, it } from "vitest";
import { type BenchmarkCount, pickFirstView } from "./first-view";
import { AUTO } from "./url-state";

const g = (benchmark: string, scenario: string, count: number, family = benchmark): BenchmarkCount => ({
  benchmark,
  family,
  scenario,
  count,
});

describe("pickFirstView", () => {
  const groups = [
    g("whisper", "Offline", 500), // the most rows, but not an LLM
    g("gpt-oss-120b", "Offline", 54),
    g("gpt-oss-120b", "Server", 53),
    g("gpt-oss-120b", "Interactive", 5),
    g("llama2-70b-99.9", "Offline", 40, "llama2-70b"),
    g("llama2-70b-99.9", "Server", 39, "llama2-70b"),
    g("llama2-70b-99.9", "Interactive", 9, "llama2-70b"),
  ];

  it("picks the most-submitted LLM benchmark, then its most-submitted scenario", () => {
    expect(pickFirstView(groups, [AUTO], [AUTO])).toEqual({ model: ["gpt-oss-120b"], scenario: ["Offline"] });
  });

  it("a given scenario narrows the benchmark choice; a given model narrows the scenario choice (families too)", () => {
    expect(pickFirstView(groups, [AUTO], ["Interactive"])).toEqual({
      model: ["llama2-70b-99.9"],
      scenario: ["Interactive"],
    });
    expect(pickFirstView(groups, ["llama2-70b"], [AUTO])).toEqual({ model: ["llama2-70b"], scenario: ["Offline"] });
  });

  it("breaks a tie between scenarios in the suite's order and between benchmarks by name", () => {
    expect(pickFirstView([g("b", "Server", 5), g("b", "Offline", 5)], [AUTO], [AUTO]).scenario).toEqual(["Offline"]);
    expect(pickFirstView([g("whisper", "Offline", 5), g("rgat", "Offline", 5)], [AUTO], [AUTO]).model).toEqual([
      "rgat",
    ]);
  });

  it("with no LLM takes any benchmark, and with no rows at all filters nothing", () => {
    expect(pickFirstView([g("resnet", "Offline", 3)], [AUTO], [AUTO]).model).toEqual(["resnet"]);
    expect(pickFirstView([], [AUTO], [AUTO])).toEqual({ model: [], scenario: [] });
  });
});
