// Grouping a comparison's pairwise flags by fact (issue 30). Node counts as published in v6.0 (data/official):
// AMD 8xMI355X_2xEPYC_9575F 1 node, AMD 87xMI355X_22xEPYC_9575F 11 nodes; the statements are written by hand.
import { describe, expect, it } from "vitest";
import type { CompareData, CompareFlag, CompareResult } from "./compare-payload";
import { groupFlags } from "./flag-groups";

const r = (id: string, nodes: number | null, scenario: "Offline" | "Server" = "Offline") =>
  ({ id, nodes, scenario, totalAccelerators: nodes === null ? null : nodes * 8 }) as unknown as CompareResult;
const f = (code: string, severity: CompareFlag["severity"], a: string, b: string): CompareFlag => ({
  code,
  severity,
  message: `${code} between ${a} and ${b}`,
  ids: [a, b],
});

describe("groupFlags", () => {
  it("ten node-count pairs over five results read as one statement, the pairs kept", () => {
    const results = [r("a", 1), r("b", 2), r("c", 4), r("d", 11), r("e", 18)];
    const ids = results.map((x) => x.id);
    const flags: CompareFlag[] = [];
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++) flags.push(f("node-count", "warn", ids[i] as string, ids[j] as string));
    const groups = groupFlags({ results, flags } as Pick<CompareData, "flags" | "results">);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.statement).toBe("5 results span 1–18 nodes: 10 pairs differ.");
    expect(groups[0]?.flags).toHaveLength(10);
    expect(groups[0]?.ids).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("a single flag keeps its own message; groups come most severe first; unknown values are counted", () => {
    const results = [r("a", 1, "Offline"), r("b", null, "Server"), r("c", 11, "Server")];
    const groups = groupFlags({
      results,
      flags: [
        f("multi-node", "warn", "a", "c"),
        f("scenario", "block", "a", "b"),
        f("scenario", "block", "a", "c"),
        f("node-count", "info", "a", "b"),
        f("node-count", "info", "b", "c"),
      ],
    } as Pick<CompareData, "flags" | "results">);
    expect(groups.map((g) => `${g.severity}|${g.code}`)).toEqual([
      "block|scenario",
      "warn|multi-node",
      "info|node-count",
    ]);
    expect(groups[0]?.statement).toBe("3 results span 2 scenarios (Offline, Server): 2 pairs differ.");
    expect(groups[1]?.statement).toBe("multi-node between a and c");
    expect(groups[2]?.statement).toBe("3 results span 1–11 nodes (1 not published): 2 pairs differ.");
  });

  it("a code without a known fact still groups, naming the code and the first message", () => {
    const groups = groupFlags({
      results: [r("a", 1), r("b", 1), r("c", 1)],
      flags: [f("software", "warn", "a", "b"), f("software", "warn", "a", "c")],
    } as Pick<CompareData, "flags" | "results">);
    expect(groups[0]?.statement).toBe("2 pairs raise “software”. software between a and b");
  });

  it("one fact is one group whatever each pair's severity, saying how many pairs reach the top one", () => {
    // v6.0 llama2-70b-99 Server as published (data/official): Cisco 16×MI350X, NVIDIA GB200 NVL72 72, GB300 NVL72 72,
    // AMD 87×MI355X, Dell_MangoBoost 8+8+8 = 24. Pairs that differ: 9 of the 10 (72 vs 72 does not). Past 4× the
    // engine warns (lib/context/flag-rules-scale.ts): 72/16 = 4.5 twice, 87/16 = 5.4 → 3 warnings; 6 notes.
    const acc = (id: string, n: number) => ({ id, totalAccelerators: n }) as unknown as CompareResult;
    const results = [acc("cisco", 16), acc("gb200", 72), acc("gb300", 72), acc("amd", 87), acc("dell", 24)];
    const warn = new Set(["cisco|gb200", "cisco|gb300", "cisco|amd"]);
    const flags: CompareFlag[] = [];
    for (let i = 0; i < results.length; i++)
      for (let j = i + 1; j < results.length; j++) {
        const [a, b] = [results[i] as CompareResult, results[j] as CompareResult];
        if (a.totalAccelerators === b.totalAccelerators) continue;
        flags.push(f("accelerator-count", warn.has(`${a.id}|${b.id}`) ? "warn" : "info", a.id, b.id));
      }
    const groups = groupFlags({ results, flags } as Pick<CompareData, "flags" | "results">);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.severity).toBe("warn");
    expect(groups[0]?.statement).toBe(
      "5 results span 16–87 accelerators: 9 pairs differ. 3 of the 9 pairs are warnings.",
    );
  });
});
