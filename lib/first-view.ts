// The explorer's first view, decided by the data instead of a hard-coded benchmark. Pure: the caller counts the
// rows per (benchmark, family, scenario) of the view without its model and scenario filters.
import { benchmarkFor } from "@/lib/judge";
import { SCENARIOS } from "@/lib/types";
import { AUTO } from "@/lib/url-state";

export interface BenchmarkCount {
  benchmark: string;
  family: string;
  scenario: string;
  count: number;
}

/** Ties between scenarios go to the suite's order (lib/types SCENARIOS: Offline, Server, Interactive, …). */
const scenarioRank = (s: string) => {
  const i = (SCENARIOS as readonly string[]).indexOf(s);
  return i < 0 ? SCENARIOS.length : i;
};

function tally(
  groups: readonly BenchmarkCount[],
  key: (g: BenchmarkCount) => string,
  tie: (a: string, b: string) => number,
): { key: string; n: number }[] {
  const m = new Map<string, number>();
  for (const g of groups) m.set(key(g), (m.get(key(g)) ?? 0) + g.count);
  return [...m].map(([k, n]) => ({ key: k, n })).sort((a, b) => b.n - a.n || tie(a.key, b.key));
}

/**
 * Fill in the model and scenario a view leaves to the data (AUTO): the most-submitted LLM benchmark (any kind when
 * there is no LLM), then its most-submitted scenario; ties by name (scenarios in the suite's order), so the choice
 * is stable. A list the view gives
 * stays as given and narrows the choice of the other. Nothing to choose from → no filter ([]).
 * Example: v6.1 (closed, available, datacenter) → gpt-oss-120b, Offline.
 */
export function pickFirstView(
  groups: readonly BenchmarkCount[],
  model: readonly string[],
  scenario: readonly string[],
): { model: string[]; scenario: string[] } {
  const autoModel = model.includes(AUTO);
  const autoScenario = scenario.includes(AUTO);
  let chosenModel = [...model];
  let pool = groups.filter((g) => g.count > 0);
  if (!autoScenario && scenario.length) pool = pool.filter((g) => scenario.includes(g.scenario));
  if (autoModel) {
    const llm = pool.filter((g) => benchmarkFor(g.benchmark)?.kind === "llm");
    const top = tally(
      llm.length ? llm : pool,
      (g) => g.benchmark,
      (a, b) => a.localeCompare(b),
    )[0];
    chosenModel = top ? [top.key] : [];
  }
  if (!autoScenario) return { model: chosenModel, scenario: [...scenario] };
  const mine = chosenModel.length
    ? pool.filter((g) => chosenModel.includes(g.benchmark) || chosenModel.includes(g.family))
    : pool;
  const top = tally(
    mine,
    (g) => g.scenario,
    (a, b) => scenarioRank(a) - scenarioRank(b),
  )[0];
  return { model: chosenModel, scenario: top ? [top.key] : [] };
}
