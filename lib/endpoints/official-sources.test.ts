// The Endpoints results repositories as official sources: the table, the probing rule for a round it does not know,
// the mirror's naming and the archive's top folder (lib/endpoints/official-sources.ts; sources cited there).
import { describe, expect, it } from "vitest";
import { endpointsCandidate, endpointsRepo, endpointsVersion, pathInRepository } from "./official-sources";

describe("endpointsCandidate: the table's repository, else the one the round's name implies", () => {
  it.each([
    // known: mlcommons/endpoints_results_v0.7 (endpoints-submission-docs cli-visualizer.md), branch main
    ["endpoints-v0.7", null, "https://github.com/mlcommons/endpoints_results_v0.7/archive/main.tar.gz"],
    // not in the table: the implied repository at its default branch
    ["endpoints-v1.0", null, "https://github.com/mlcommons/endpoints_results_v1.0/archive/HEAD.tar.gz"],
    // a mirror: <base>/<round>.results.tar.gz, with or without the base's trailing slash
    ["endpoints-v0.7", "http://127.0.0.1:9/m", "http://127.0.0.1:9/m/endpoints-v0.7.results.tar.gz"],
    ["endpoints-v1.0", "http://127.0.0.1:9/m/", "http://127.0.0.1:9/m/endpoints-v1.0.results.tar.gz"],
  ])("%s (mirror %s) → %s", (round, base, url) => {
    expect(endpointsCandidate(round, base)?.url).toBe(url);
  });

  it.each(["v0.7", "v6.1", "endpoints-0.7", "endpoints-v1", "endpoints-v1.0/x"])(
    "%s is not an Endpoints round",
    (r) => {
      expect(endpointsVersion(r)).toBeNull();
      expect(endpointsRepo(r)).toBeNull();
      expect(endpointsCandidate(r)).toBeNull();
    },
  );
});

describe("pathInRepository: GitHub's archives hold every file under one top folder <repo>-<ref>/", () => {
  it.each([
    ["endpoints_results_v0.7-main/Krai/sys/model/x.json", "Krai/sys/model/x.json"],
    ["endpoints_results_v0.7-main/", null],
    ["endpoints_results_v0.7-main", null],
    ["/abs", null],
  ])("%s → %s", (p, want) => {
    expect(pathInRepository(p)).toBe(want);
  });
});
