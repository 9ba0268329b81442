// An uploaded MLPerf Endpoints client run (performance/result_summary.json + config.yaml) as one uploaded scenario,
// read by lib/endpoints (client-summary.ts, client-run.ts) into the run record LoadGen folders give. Pure.
import {
  type ClientConfig,
  clientScenario,
  clientSummaryToLoadgenRun,
  readClientConfig,
} from "@/lib/endpoints/client-run";
import { parseClientSummary } from "@/lib/endpoints/client-summary";
import { InputError } from "@/lib/input-error";
import { normalizeScenario } from "@/lib/mlperf/normalize";
import type { LoadgenRun } from "@/lib/types";
import type { Pending, UploadedScenario } from "./files";
import type { RunSettings } from "./settings";

/**
 * One client run. The scenario is the folder's (<platform>/<model>/<Scenario>/), else the load pattern's
 * (max_throughput → Offline, poisson → Server); the model the folder's, else config.yaml's model name.
 * Throws InputError (file, line, field) for a summary that cannot be read or a run with no scenario.
 */
export function clientRunScenario(p: Pending, modelHint: (s: string) => string | null): UploadedScenario {
  const c = p.client;
  if (!c) throw new InputError("no result_summary.json in this folder", p.config?.file ?? null);
  const summary = parseClientSummary(c.text, c.file);
  const config: ClientConfig | null = p.config ? readClientConfig(p.config.text) : null;
  const flat = p.dir?.startsWith("client:") ?? true;
  const fromDir = flat ? null : normalizeScenario(p.scenarioName);
  const fromRun = clientScenario(summary, config);
  const scenario = fromDir ?? fromRun.scenario;
  if (!scenario)
    throw new InputError(
      `cannot tell the scenario of ${c.file}: ${fromRun.reason}; put it in a folder named after its scenario (Offline, Server, Interactive)`,
      c.file,
      null,
      "Scenario",
    );
  const model = p.model ?? modelHint(config?.modelName ?? "") ?? null;
  const run = clientSummaryToLoadgenRun(summary, {
    scenario,
    benchmark: model,
    config,
  });
  return {
    scenario,
    scenarioReason: fromDir ? `folder name ${p.scenarioName}` : fromRun.reason,
    dir: flat ? p.dir?.slice("client:".length) || null : p.dir,
    platform: p.platform,
    model,
    summaryFile: null,
    detailFile: null,
    clientFile: c.file,
    run,
    settings: clientSettings(summary.version, run, config),
    accuracyFiles: p.accuracyFiles,
    accuracyText: p.accuracyText,
  };
}

/** The settings a client run records, under the names the reproduction diff uses (settings.ts SETTINGS). */
function clientSettings(version: string | null, run: LoadgenRun, config: ClientConfig | null): RunSettings {
  const out: RunSettings = {};
  if (run.mode) out.testMode = run.mode;
  if (run.targetQps !== null) out.targetQps = String(run.targetQps);
  if (config?.minDurationMs != null) out.minDurationMs = String(config.minDurationMs);
  if (version) out.loadgenVersion = `Endpoints client ${version}`;
  return out;
}
