// Quick fuzz (issue 7 item 1): every parser and the URL state, a few hundred fast-check cases each, over arbitrary
// strings, arbitrary JSON and mutated real files. The long run (≥ 100,000 cases per target) is bench/fuzz.ts.
// FUZZ_RUNS / FUZZ_SEED override the case count and seed (the default seed keeps `npm test` reproducible).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BakeoffParseError, detectAndParse } from "@/lib/bakeoff/detect";
import { parseSystemJson } from "@/lib/loadgen/systems";
import { parseCheckerCsv } from "@/lib/mlperf/summary";
import { fuzzTargets, InvariantError, KNOWN_ISSUES, type KnownIssue, lineCount, runTarget } from "./properties";
import { loadFuzzSeeds } from "./test-seeds";

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? 20260807);

const seeds = loadFuzzSeeds();
const targets = fuzzTargets(seeds);

// papaparse warns on the console about duplicate CSV headers; the fuzzers make many
let warn: ReturnType<typeof vi.spyOn>;
beforeAll(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterAll(() => warn.mockRestore());

describe("fuzz seeds", () => {
  it("reads real files for every parser family", () => {
    for (const [family, list] of Object.entries(seeds)) expect(list.length, family).toBeGreaterThan(0);
  });
});

describe(`quick fuzz (${RUNS} cases per target, seed ${SEED})`, () => {
  it.each(targets.map((t) => [t.name, t] as const))("%s: no uncaught exception, every rejection usable", (_n, t) => {
    const r = runTarget(t, { numRuns: RUNS, seed: SEED });
    expect(r.failure).toBeNull();
    expect(r.cases).toBe(RUNS);
  });
});

describe("the property helpers", () => {
  it("count lines as an editor does (LF, CRLF, lone CR)", () => {
    expect([lineCount(""), lineCount("a"), lineCount("a\n"), lineCount("a\r\nb\rc\nd")]).toEqual([1, 1, 2, 4]);
  });

  it("report a broken property with its counterexample", () => {
    const [t] = fuzzTargets(seeds);
    if (!t) throw new Error("no targets");
    const r = runTarget(
      {
        ...t,
        check: (i) => {
          if (i.text.length > 3) throw new Error("boom");
        },
      },
      { numRuns: 100, seed: 1 },
    );
    expect(r.failure).toMatch(/boom[\s\S]*Counterexample/);
  });

  it("count a violation already reported (a known issue) instead of failing on it, and fail on any other", () => {
    const [t] = fuzzTargets(seeds);
    if (!t) throw new Error("no targets");
    const known: KnownIssue = { id: "k1", target: /./, message: /already reported/, description: "a test issue" };
    const broken = (message: string) => ({
      ...t,
      check: () => {
        throw new InvariantError(t.name, message);
      },
    });
    const counted = runTarget(broken("already reported"), { numRuns: 50, seed: 1, knownIssues: [known] });
    expect(counted.failure).toBeNull();
    expect(counted.known).toEqual({ k1: 50 });
    const other = runTarget(broken("something new"), { numRuns: 50, seed: 1, knownIssues: [known] });
    expect(other.failure).toMatch(/something new/);
  });
});

// Each known issue (reported to the lead) pinned by its smallest reproduction. `it.fails`: these pass while the bug
// is there; once fixed they fail — then delete the test and its KNOWN_ISSUES entry in properties.ts.
describe("known issues found by the fuzzers (pinned; see KNOWN_ISSUES)", () => {
  it("lists exactly the pinned issues", () => {
    expect(KNOWN_ISSUES.map((k) => k.id)).toEqual([]);
  });

  const csv = (scenario: string) =>
    "Organization,Availability,Division,SystemType,SystemName,Platform,Model,MlperfModel,Scenario,Result,Units,Accuracy," +
    "number_of_nodes,accelerator_model_name,accelerators_per_node,version\n" +
    `Acme,available,closed,datacenter,S,P,llama2-70b-99,llama2-70b-99,${scenario},100,Tokens/s,ok,1,X,8,v5.1\n`;

  it('proto-key-scenario: Scenario "constructor" is rejected, not read as a function', () => {
    const r = parseCheckerCsv(csv("constructor"), "f.csv");
    for (const rec of r.records) expect(typeof rec.scenario).toBe("string");
    expect(r.errors.some((e) => e.field === "Scenario")).toBe(true);
  });

  it('(control) Scenario "Nope" is rejected with its field', () => {
    const r = parseCheckerCsv(csv("Nope"), "f.csv");
    expect(r.records).toEqual([]);
    expect(r.errors[0]).toMatchObject({ source: "f.csv", line: 2, field: "Scenario" });
  });

  it("count-overflow: a 400-digit node count is an error, not Infinity", () => {
    const r = parseSystemJson(
      JSON.stringify({ submitter: "A", system_name: "S", number_of_nodes: "9".repeat(400), accelerators_per_node: 8 }),
      "s.json",
    );
    expect(r.system?.nodes === null || Number.isFinite(r.system?.nodes)).toBe(true);
  });

  it('empty-field-name: a tab-led unknown text names no field rather than field ""', () => {
    try {
      detectAndParse("\t#", "x.txt");
    } catch (e) {
      expect(e).toBeInstanceOf(BakeoffParseError);
      expect((e as BakeoffParseError).field).not.toBe("");
      return;
    }
    throw new Error("accepted");
  });
});
