// The one place that judges facts (issue 25). Pure. Every page, API and export that shows, combines or ranks items
// asks here, so each fact has one judgment:
// - benchmark identity: benchmarkIdentity / sameBenchmark / familyOfName (identity.ts, on lib/mlperf/benchmarks.ts),
//   and a served model's name (a bake-off file's "meta-llama/Llama-2-70b-chat-hf") → its family: familyOfServedModel
//   (served-model.ts), which the upload preview, the stored upload, the overlay, campaigns and the planner all ask;
// - validity and the failed checks as LoadGen writes them: judgeValidity / quoteFailedCheck (validity.ts), an
//   Endpoints client run's checks: judgeClientRun (client-run.ts);
// - the serving engine, named by the source or unknown: engineOfResult / engineOfStack / engineOfRun (engine.ts);
// - the scenario limits, one sourced table: tokenLimits / scenarioInfo / limitsOf (limits.ts);
// - each LLM benchmark's dataset mix of input and output tokens, one cited table: tokenMixOf (token-mix.ts);
// - the per-accelerator rule (lib/context/per-accelerator.ts stays the rule, exported here);
// - the comparability verdict for any set of items: judgeSet, with item adapters (verdict.ts, items.ts).

export { CLIENT_COMPLETE_CHECK, type ClientRunFacts, type ClientRunVerdict, judgeClientRun } from "./client-run";
export { endpointsFacts, INFERENCE_FACTS, itemFromCurve, withSuiteFacts } from "./curve-facts";
export { ENGINE_UNKNOWN, type EngineVerdict, engineOfRun, engineOfStack, relateEngines } from "./engine";
export {
  type Benchmark,
  benchmarkFor,
  benchmarkIdentity,
  benchmarksOfFamily,
  canonicalFamily,
  familyOfName,
  type Identity,
  sameBenchmark,
} from "./identity";
export { engineOfResult, itemFromBakeoff, itemFromCurvePoint, itemFromLoadgen, itemFromResult } from "./items";
export {
  BENCHMARK_LIMITS,
  type BenchmarkLimits,
  formatMs,
  interactivePairs,
  isLatencyScenario,
  limitsOf,
  type ScenarioInfo,
  type ScenarioRule,
  scenarioInfo,
  type TokenLimits,
  tokenLimits,
} from "./limits";
export * from "./per-accelerator";
export { type ClassifyInput, classifyScenario } from "./scenario";
export { familyOfServedModel, familyOfServedModels } from "./served-model";
export {
  curveTokenMix,
  type MixVerdict,
  runTokenMix,
  TOKEN_MIXES,
  type TokenMix,
  tokenMixOf,
} from "./token-mix";
export {
  invalidReason,
  judgeValidity,
  quotedChecks,
  quoteFailedCheck,
  type ValidityInput,
  type ValidityVerdict,
} from "./validity";
export {
  type CurveFacts,
  type ItemKind,
  type JudgeFlag,
  type JudgeItem,
  judgeSet,
  MIXED_VERIFICATION,
  type SetVerdict,
  type Severity,
} from "./verdict";
