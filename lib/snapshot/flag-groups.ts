// A comparison's flags grouped by the fact they are about (issue 30): five results of different sizes raise ten
// pairwise "node-count" warnings, which read as one statement — "5 systems span 1–18 nodes" — with the pairs one
// click away. The flags themselves are the context engine's (lib/judge, lib/context); this only groups and words
// them from the compared results' own fields. Pure.
import { SUITE_FACT_CODES } from "@/lib/endpoints/curve-compare";
import { formatInt } from "@/lib/format";
import type { CompareData, CompareFlag, CompareResult } from "./compare-payload";
import { SEVERITY_WORD } from "./labels";

export interface FlagGroup {
  code: string;
  severity: CompareFlag["severity"];
  /** the pairwise (or single) flags in the group, in the engine's order */
  flags: CompareFlag[];
  /** one sentence for the whole group; for a group of one, that flag's own message */
  statement: string;
  /** the results and uploads the group is about, in first-seen order */
  ids: string[];
}

type Fact = (r: CompareResult) => string | number | null;

/** The field each grouped code is about, and how its values are named in the statement. */
const FACTS: Record<string, { fact: Fact; noun: string; range?: boolean }> = {
  "node-count": { fact: (r) => r.nodes, noun: "nodes", range: true },
  "multi-node": { fact: (r) => r.nodes, noun: "nodes", range: true },
  "accelerator-count": { fact: (r) => r.totalAccelerators, noun: "accelerators", range: true },
  scale: { fact: (r) => r.totalAccelerators, noun: "accelerators", range: true },
  scenario: { fact: (r) => r.scenario, noun: "scenarios" },
  precision: { fact: (r) => r.precision, noun: "precisions" },
  "round-differs": { fact: (r) => r.round, noun: "rounds" },
  "round-incompatible": { fact: (r) => r.round, noun: "rounds" },
  "round-compatibility-unknown": { fact: (r) => r.round, noun: "rounds" },
  division: { fact: (r) => r.division, noun: "divisions" },
  availability: { fact: (r) => r.availability, noun: "availabilities" },
  "accuracy-target": { fact: (r) => r.model, noun: "accuracy targets" },
  benchmark: { fact: (r) => r.benchmark, noun: "benchmarks" },
  "used-model": { fact: (r) => r.usedModel, noun: "models run" },
  suite: { fact: (r) => r.suite, noun: "suites" },
};

const SEVERITY_ORDER = { block: 0, warn: 1, info: 2 } as const;

function statementFor(code: string, flags: CompareFlag[], ids: string[], results: Map<string, CompareResult>): string {
  const first = flags[0] as CompareFlag;
  if (flags.length === 1) return first.message;
  const spec = FACTS[code];
  const rs = ids.map((id) => results.get(id)).filter((r): r is CompareResult => r !== undefined);
  if (spec && rs.length >= 2) {
    const values = rs.map(spec.fact);
    const known = values.filter((v): v is string | number => v !== null);
    const unknown = values.length - known.length;
    const tail = unknown > 0 ? ` (${formatInt(unknown)} not published)` : "";
    const systems = `${formatInt(rs.length)} results`;
    if (spec.range && known.length > 0) {
      const nums = known as number[];
      const lo = Math.min(...nums);
      const hi = Math.max(...nums);
      return `${systems} span ${formatInt(lo)}–${formatInt(hi)} ${spec.noun}${tail}: ${formatInt(flags.length)} pairs differ.`;
    }
    const distinct = [...new Set(known.map(String))];
    return `${systems} span ${formatInt(distinct.length)} ${spec.noun} (${distinct.join(", ")})${tail}: ${formatInt(flags.length)} pairs differ.`;
  }
  return `${formatInt(flags.length)} pairs raise “${code}”. ${first.message}`;
}

/**
 * The group of MLPerf Endpoints curves beside MLPerf Inference results: the judge raises one flag per fact of the two
 * suites' rules (P90 against P99, KV-cache reuse, network in the measurement, provisioned against measured power,
 * the suites themselves); they are one statement, as severe as its most severe fact, each fact one click away.
 */
export const SUITE_GROUP = "endpoints-vs-inference";

const FACT_WORD: Record<string, string> = {
  "latency-percentile": "P90 against P99 latencies",
  suite: "different benchmarks",
  "kv-cache-reuse": "KV-cache reuse allowed in Endpoints, not in Inference",
  network: "the network inside the Endpoints measurement",
  "power-kind": "provisioned against measured power",
};

function suiteStatement(flags: CompareFlag[]): string {
  const facts = flags.map((f) => FACT_WORD[f.code] ?? f.code);
  return `MLPerf Endpoints curves and MLPerf Inference results are measured under different rules (${formatInt(flags.length)} facts: ${facts.join("; ")}). Their figures are not interchangeable.`;
}

/** " 3 of the 9 pairs are warnings." when a group mixes severities, else nothing. */
function severitySplit(flags: CompareFlag[], top: CompareFlag["severity"]): string {
  const k = flags.filter((f) => f.severity === top).length;
  if (k === flags.length) return "";
  const word = SEVERITY_WORD[top];
  return ` ${formatInt(k)} of the ${formatInt(flags.length)} pairs ${k === 1 ? `is a ${word}` : `are ${word}s`}.`;
}

/** The flags by code, most severe first, each group worded as one statement. */
export function groupFlags(
  data: Pick<CompareData, "flags" | "results"> & { curves?: readonly { id: string }[] },
): FlagGroup[] {
  const results = new Map(data.results.map((r) => [r.id, r]));
  const curveIds = new Set((data.curves ?? []).map((c) => c.id));
  const isSuiteFact = (f: CompareFlag) =>
    (SUITE_FACT_CODES as readonly string[]).includes(f.code) && f.ids.some((id) => curveIds.has(id));
  const groups = new Map<string, { code: string; severity: CompareFlag["severity"]; flags: CompareFlag[] }>();
  for (const f of data.flags) {
    const suite = isSuiteFact(f);
    // one group per fact, whatever each pair's severity: "accelerator-count" warns past 4× and notes below it, and
    // two boxes about one fact ("4 results span 16–87" as a warning, "5 results span 16–87" as a note) read as two
    // facts. The group is as severe as its most severe pair and says how many pairs reach that severity.
    const key = suite ? SUITE_GROUP : f.code;
    const g = groups.get(key) ?? { code: suite ? SUITE_GROUP : f.code, severity: f.severity, flags: [] };
    g.flags.push(f);
    if (SEVERITY_ORDER[f.severity] < SEVERITY_ORDER[g.severity]) g.severity = f.severity;
    groups.set(key, g);
  }
  return [...groups.values()]
    .map((g) => {
      const ids = [...new Set(g.flags.flatMap((f) => f.ids))];
      const statement =
        g.code === SUITE_GROUP && g.flags.length > 1
          ? suiteStatement(g.flags)
          : statementFor(g.code, g.flags, ids, results) + severitySplit(g.flags, g.severity);
      return { ...g, ids, statement };
    })
    .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}
