// The explorer's URL: the default sort follows the view, so "best first" needs no parameter.
import { describe, expect, it } from "vitest";
import { PAGE_DEFAULTS } from "@/lib/url-state";
import { hrefFor, nextState, parsePageState, queryFor } from "./state";

describe("parsePageState: the sort a URL without one gets", () => {
  it.each([
    ["", "perAccelerator", "desc"],
    ["per=raw", "value", "desc"],
    ["scenario=SingleStream&per=raw", "value", "asc"],
    ["scenario=MultiStream,SingleStream&per=raw", "value", "asc"],
    ["scenario=SingleStream&per=raw&dir=desc", "value", "desc"],
    ["scenario=Offline,SingleStream&per=raw", "value", "desc"],
    ["scenario=SingleStream", "perAccelerator", "desc"], // the server falls back to the result (planSort)
    ["scenario=SingleStream&per=raw&sort=submitter", "submitter", "asc"],
  ])("?%s → %s %s", (query, sort, dir) => {
    const { state, issues } = parsePageState(new URLSearchParams(query));
    expect(issues).toEqual([]);
    expect([state.sort, state.dir]).toEqual([sort, dir]);
  });

  it.each([
    "scenario=SingleStream&per=raw",
    "scenario=SingleStream&per=raw&dir=desc",
    "per=raw",
    "per=raw&dir=asc",
    "scenario=SingleStream&sort=value&dir=asc",
  ])("?%s round-trips to the same URL", (query) => {
    expect(queryFor(parsePageState(new URLSearchParams(query)).state)).toBe(query);
  });
});

describe("nextState: a default sort follows the view", () => {
  const raw = { ...PAGE_DEFAULTS, per: "raw" as const, sort: "value" as const };
  it.each([
    ["raw Server → raw SingleStream: best first stays best first", raw, { scenario: ["SingleStream"] }, "value", "asc"],
    [
      "raw SingleStream → raw Server",
      { ...raw, scenario: ["SingleStream"], dir: "asc" as const },
      { scenario: ["Server"] },
      "value",
      "desc",
    ],
    ["a chosen direction stays", { ...raw, dir: "asc" as const }, { scenario: ["SingleStream"] }, "value", "asc"],
    [
      "worst first on a latency view stays",
      { ...raw, scenario: ["SingleStream"] },
      { scenario: ["MultiStream"] },
      "value",
      "desc",
    ],
    ["per toggle from the default sort", PAGE_DEFAULTS, { per: "raw" as const }, "value", "desc"],
    [
      "per toggle on a latency view",
      { ...PAGE_DEFAULTS, scenario: ["SingleStream"] },
      { per: "raw" as const },
      "value",
      "asc",
    ],
    [
      "an explicit sort wins",
      raw,
      { scenario: ["SingleStream"], sort: "submitter" as const, dir: "desc" as const },
      "submitter",
      "desc",
    ],
  ])("%s", (_, state, changes, sort, dir) => {
    const next = nextState(state, changes);
    expect([next.sort, next.dir]).toEqual([sort, dir]);
  });

  it("the raw SingleStream link leaves best first out of the URL", () => {
    expect(hrefFor(nextState(raw, { scenario: ["SingleStream"] }))).toBe("/results?scenario=SingleStream&per=raw");
  });
});
