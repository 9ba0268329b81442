// What a serving-benchmark file says about how its run was set up (lib/bakeoff/run-facts.ts), per load point, read by
// the tool's fact reader in the serving-tool registry (lib/bakeoff/tools.ts). The campaign's frozen-parameter check
// and methodology diff read these. Pure; never throws (a file it cannot read gives empty facts).

import { emptyFacts, type RunFacts } from "@/lib/bakeoff/run-facts";
import { SERVING_TOOLS } from "@/lib/bakeoff/tools";
import type { BakeoffTool } from "@/lib/types";

export { type Dist, emptyFacts, type RunFacts } from "@/lib/bakeoff/run-facts";

/**
 * One RunFacts per load point the parser produced from this file (`runCount`), in file order. When the reader sees a
 * different number of records than the parser (a format it does not know), the points get empty facts.
 */
export function fileFacts(text: string, tool: BakeoffTool, runCount: number): RunFacts[] {
  let facts: RunFacts[] = [];
  try {
    facts = SERVING_TOOLS[tool].facts?.(text) ?? [];
  } catch {
    facts = [];
  }
  if (facts.length === runCount) return facts;
  if (facts.length === 1 && runCount > 0) return Array.from({ length: runCount }, () => facts[0] as RunFacts);
  return Array.from({ length: runCount }, emptyFacts);
}
