// Import one run directory (LoadGen's mlperf_log_summary.txt / mlperf_log_detail.txt, or the MLPerf Endpoints client's
// performance/result_summary.json, + systems/<platform>.json): attach latency detail to its published result,
// cross-check it, or create a log-only result. The files are read by run-files.ts.
import { and, eq } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { bumpDataVersion } from "@/db/data-version";
import { sha256Hex, shortHash, stableJson } from "@/db/hash";
import type { systems } from "@/db/schema";
import { oneImportAtATime, SourceRejected, setNotes, systemIdFor, type WriteCounts, writeResults } from "@/db/write";
import { benchmarkIdentity, classifyScenario, quotedChecks } from "@/lib/judge";
import { compareWithSummary } from "@/lib/loadgen/merge";
import { type LoadgenSystem, parseSystemJson } from "@/lib/loadgen/systems";
import { measurementKeyFor, resultIdFor } from "@/lib/mlperf/ids";
import { deriveAcceleratorCount, normalizeScenario } from "@/lib/mlperf/normalize";
import type { DataNote, LoadgenRun, ResultRecord, SystemRecord } from "@/lib/types";
import { describeRunPath } from "./discover";
import { readRunFiles, readText, reject } from "./run-files";

type ParsedSystem = LoadgenSystem;

/** 1-based line of `"key"` in a JSON text, for pointing at the field that disagrees. */
function lineOfKey(text: string, key: string): number | null {
  const i = text.indexOf(`"${key}"`);
  if (i < 0) return null;
  return text.slice(0, i).split("\n").length;
}

function normName(s: string | null | undefined): string {
  return (s ?? "")
    .replace(/\s*\(x\d+\)/gi, "")
    .replace(/\s*,\s*/g, ",")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** The systems JSON must describe the same machine as the summary row it sits beside. */
function crossCheckSystem(file: string, text: string, sys: ParsedSystem, row: typeof systems.$inferSelect): void {
  const checks: [string, unknown, unknown][] = [
    ["submitter", sys.submitter, row.submitter],
    ["number_of_nodes", sys.nodes, row.nodes],
    ["accelerators_per_node", sys.acceleratorsPerNode, row.acceleratorsPerNode],
  ];
  for (const [field, a, b] of checks) {
    if (a !== null && a !== undefined && b !== null && b !== undefined && a !== b)
      reject(
        file,
        field,
        `systems JSON says ${field} = ${String(a)} but the published summary row for ${row.platform} (${row.round}) says ${String(b)}`,
        lineOfKey(text, field),
      );
  }
  if (sys.accelerator && row.acceleratorRaw && normName(sys.accelerator) !== normName(row.acceleratorRaw))
    reject(
      file,
      "accelerator_model_name",
      `systems JSON says accelerator "${sys.accelerator}" but the published summary row says "${row.acceleratorRaw}"`,
      lineOfKey(text, "accelerator_model_name"),
    );
}

function nsSetToJson(run: LoadgenRun, which: "ttftNs" | "tpotNs" | "latencyNs"): string | null {
  const s = run[which];
  return Object.values(s).some((v) => v !== null) ? JSON.stringify(s) : null;
}

function systemFromJson(sys: ParsedSystem, round: string, platform: string): SystemRecord {
  const counts = deriveAcceleratorCount({
    platform,
    acceleratorRaw: sys.accelerator,
    acceleratorsPerNode: sys.acceleratorsPerNode,
    nodes: sys.nodes,
    explicitTotal: null,
  });
  const software = [sys.framework, sys.otherSoftwareStack].filter(Boolean).join(", ") || null;
  return {
    round,
    submitter: sys.submitter ?? "",
    platform,
    systemName: sys.systemName ?? platform,
    accelerator: counts.accelerator,
    acceleratorRaw: sys.accelerator,
    acceleratorsPerNode: sys.acceleratorsPerNode,
    nodes: sys.nodes,
    totalAccelerators: counts.total,
    publishedTotalAccelerators: null,
    hostProcessor: sys.hostProcessor,
    hostProcessorsPerNode: sys.hostProcessorsPerNode,
    hostProcessorCoreCount: sys.hostProcessorCoreCount,
    operatingSystem: sys.operatingSystem,
    heterogeneous: counts.heterogeneous || sys.heterogeneous,
    software,
    softwareStack: sys.softwareStack,
  };
}

export async function importLoadgenRun(
  h: DbHandle,
  u: { dir: string; summary: string | null; detail: string | null; client?: string | null },
  opts: { round?: string; maxBytes: number },
): Promise<{ format: string; counts: WriteCounts }> {
  const p = describeRunPath(u.dir);
  // LoadGen logs, or the Endpoints client's result_summary.json read into the same run record (run-files.ts)
  const { run, settings, hashes, format } = readRunFiles(u, p, opts.maxBytes);
  const what = format === "loadgen" ? "LoadGen log" : "Endpoints client's result_summary.json";
  const round = p.roundFromPath ?? (opts.round ? opts.round : null);
  if (!round) reject(u.dir, "round", "cannot tell the round from the path (no vX.Y folder): pass --round vX.Y");
  let sys: ParsedSystem | null = null;
  let sysText = "";
  if (p.systemsJson) {
    const { text, bytes } = readText(p.systemsJson, opts.maxBytes);
    sysText = text;
    hashes.push(sha256Hex(bytes));
    const r = parseSystemJson(text, p.systemsJson);
    if (r.errors.length) throw new SourceRejected(r.errors);
    sys = r.system;
    if (!sys) reject(p.systemsJson, null, "systems JSON could not be read");
  }
  // the folder names the benchmark as the results repo does ("qwen3-vl-235b-a22b"); a summary may have published
  // it under another name ("VLM"), so rows are matched by the canonical benchmark
  const { benchmark, modelFamily, accuracyTarget } = benchmarkIdentity(p.model);
  const dirScenario = normalizeScenario(p.scenarioName);
  const { scenario } = classifyScenario({
    dirScenario,
    header: run.scenarioHeader,
    ttftLimitNs: run.ttftLimitNs,
    tpotLimitNs: run.tpotLimitNs,
    modelFamily,
  });
  if (!scenario)
    reject(
      u.dir,
      "Scenario",
      `cannot tell the scenario: folder "${p.scenarioName}" is not a scenario and the log header says "${run.scenarioHeader ?? ""}"`,
    );
  const submitter = sys?.submitter || p.submitterFromPath;
  if (!submitter) reject(u.dir, "submitter", "cannot tell the submitter: no systems JSON and no submitter folder");
  // Runs attach by (round, submitter, platform): platform names are shared between submitters (v6.0
  // 8xMI355X_2xEPYC_9575F is AMD's and ORACLE's), so another submitter publishing the platform is no reason to refuse.
  // A real contradiction is: the systems JSON names another submitter than the folder it sits in.
  if (sys?.submitter && p.submitterFromPath && p.systemsJson && sys.submitter !== p.submitterFromPath)
    reject(
      p.systemsJson,
      "submitter",
      `systems JSON says submitter = ${sys.submitter} but it sits in ${p.submitterFromPath}'s folder`,
      lineOfKey(sysText, "submitter"),
    );
  const division = (sys?.division || p.divisionFromPath || "closed").toLowerCase();
  const logValue = run.tokensPerSecond ?? run.samplesPerSecond;
  if (logValue === null)
    reject(u.summary ?? u.detail ?? u.client ?? u.dir, "Tokens per second", `the ${what} has no throughput`);
  const source = u.dir;

  const counts = await h.tx(async (h): Promise<WriteCounts> => {
    await oneImportAtATime(h);
    const { db } = h;
    const { results, systems, latencyDetails } = h.t;
    const candidates = await db
      .select()
      .from(results)
      .where(
        and(
          eq(results.round, round),
          eq(results.submitter, submitter),
          eq(results.platform, p.platform),
          eq(results.benchmark, benchmark),
          eq(results.scenario, scenario),
          eq(results.hasPower, false),
          eq(results.division, division),
        ),
      )
      .orderBy(results.id);
    let target = candidates.find((c) => c.usedModel === p.model) ?? candidates[0] ?? null;
    const counts: WriteCounts = { rows: 1, inserted: 0, updated: 0, unchanged: 0, noLongerPublished: 0 };
    if (target) {
      const [sysRow] = await db.select().from(systems).where(eq(systems.id, target.systemId)).limit(1);
      if (sys && sysRow && p.systemsJson) crossCheckSystem(p.systemsJson, sysText, sys, sysRow);
    } else {
      if (!sys)
        reject(
          u.dir,
          "systems",
          `no published summary row for ${p.platform} ${p.model} ${scenario} (${round}) and no systems/${p.platform}.json to describe the system`,
        );
      const system = systemFromJson(sys, round, p.platform);
      const tokens = run.tokensPerSecond !== null;
      const rec: ResultRecord = {
        round,
        division,
        submitter,
        platform: p.platform,
        model: p.model,
        usedModel: p.model,
        scenario,
        hasPower: false,
        resultId: null,
        benchmark,
        modelFamily,
        accuracyTarget,
        availability: (sys.status || "available").toLowerCase(),
        suite: (sys.systemType || "datacenter").toLowerCase(),
        precision: null,
        precisionRaw: null,
        value: logValue,
        units: tokens ? "Tokens/s" : scenario === "Offline" ? "Samples/s" : "Queries/s",
        higherIsBetter: true,
        power: null,
        powerUnits: null,
        accuracy: null,
        tokensPerSample: null,
        inferred: false,
        validity: run.validity,
        location: `${division}/${submitter}/results/${p.platform}/${p.model}/${scenario}`,
        detailsUrl: null,
        codeUrl: null,
        notesText: null,
        extra: {},
        notes: [
          {
            code: "log-only",
            message: `No published summary row was imported for this run; the value is the ${what}'s own throughput.`,
          },
        ],
        measurementKey: "",
        system,
      };
      rec.measurementKey = measurementKeyFor(rec);
      await writeResults(h, [rec], { source, format, sha256: hashes.join(":") }, "loadgen");
      target =
        (
          await db
            .select()
            .from(results)
            .where(eq(results.id, resultIdFor(rec)))
            .limit(1)
        )[0] ?? null;
      if (!target) reject(u.dir, null, "internal: log-only result was not stored");
    }
    // the log and the published row must agree (summaries keep 6 significant digits)
    const notes: DataNote[] = [];
    if (target.origin !== "loadgen") {
      const cmp = compareWithSummary(logValue, target.value);
      if (!cmp.agrees)
        notes.push({
          code: "log-disagrees",
          message: `The ${what} reports ${logValue} but the published summary says ${target.value} (relative difference ${cmp.relDiff.toExponential(2)}); the published value is kept.`,
        });
    }
    if (run.validity === "INVALID")
      notes.push({
        code: "log-invalid",
        message: `The ${what} says INVALID (failed: ${quotedChecks(run.failedChecks) || "no check named"}).`,
      });
    if (run.scenarioHeader && run.scenarioHeader !== scenario && scenario === "Interactive")
      notes.push({
        code: "interactive-header",
        message: `The log header says "Scenario : ${run.scenarioHeader}"; this is an Interactive run (folder name and TTFT/TPOT limits).`,
      });
    await setNotes(h, target.id, "loadgen", notes);
    const detail = {
      resultId: target.id,
      source: [u.summary, u.detail, u.client].filter(Boolean).join(" + "),
      scenarioHeader: run.scenarioHeader,
      ttftNs: nsSetToJson(run, "ttftNs"),
      tpotNs: nsSetToJson(run, "tpotNs"),
      latencyNs: nsSetToJson(run, "latencyNs"),
      targetQps: run.targetQps,
      ttftLimitNs: run.ttftLimitNs,
      tpotLimitNs: run.tpotLimitNs,
      loadgenVersion: run.loadgenVersion,
      minDurationMs: run.minDurationMs,
      validity: run.validity,
      failedChecks: JSON.stringify(run.failedChecks),
      logValue,
      queryCount: run.queryCount,
      // the run's LoadGen settings as printed (seeds as text), for the reproduction report's settings diff
      settings: JSON.stringify(settings),
    };
    // what the logs say, not the path they were read by: the same files imported by another path change nothing
    // (the stored path stays that of the import that stored the data)
    const { source: _path, ...data } = detail;
    const contentHash = shortHash(stableJson(data));
    const [prev] = await db
      .select({ contentHash: latencyDetails.contentHash })
      .from(latencyDetails)
      .where(eq(latencyDetails.resultId, target.id))
      .limit(1);
    // rows stored before this rule hashed the path too
    if (prev && (prev.contentHash === contentHash || prev.contentHash === shortHash(stableJson(detail))))
      counts.unchanged++;
    else if (prev) {
      await db
        .update(latencyDetails)
        .set({ ...detail, contentHash })
        .where(eq(latencyDetails.resultId, target.id));
      counts.updated++;
    } else {
      await db.insert(latencyDetails).values({ ...detail, contentHash });
      counts.inserted++;
    }
    let described = false;
    if (sys && p.systemsJson) {
      const sid = systemIdFor({ round, submitter, platform: p.platform });
      const description = stableJson(sys.raw);
      const [had] = await db.select({ d: systems.description }).from(systems).where(eq(systems.id, sid)).limit(1);
      if (had && had.d !== description) {
        await db.update(systems).set({ description }).where(eq(systems.id, sid));
        described = true;
      }
    }
    // pages show the detail and the description: a change to either is a new data version
    if (counts.inserted + counts.updated > 0 || described) await bumpDataVersion(h);
    return counts;
  });
  return { format, counts };
}

/** A systems JSON met on its own: attach its description to a known system; otherwise skip it. */
export async function importSystemsFile(
  h: DbHandle,
  file: string,
  opts: { round?: string; maxBytes: number },
): Promise<{ format: string; counts: WriteCounts }> {
  const { text } = readText(file, opts.maxBytes);
  const r = parseSystemJson(text, file);
  if (r.errors.length || !r.system) throw new SourceRejected(r.errors);
  const system = r.system;
  const platform =
    file
      .replace(/\\/g, "/")
      .split("/")
      .pop()
      ?.replace(/\.json$/i, "") ?? "";
  const m = /(?:^|\/)v(\d+\.\d+)(?:\/|$)/.exec(file.replace(/\\/g, "/"));
  const round = m ? `v${m[1]}` : opts.round;
  const counts: WriteCounts = { rows: 1, inserted: 0, updated: 0, unchanged: 0, noLongerPublished: 0 };
  if (!round || !system.submitter) return { format: "systems", counts: { ...counts, unchanged: 1 } };
  const sid = systemIdFor({ round, submitter: system.submitter, platform });
  const { systems } = h.t;
  const desc = stableJson(system.raw);
  const changed = await h.tx(async (h) => {
    await oneImportAtATime(h);
    const [row] = await h.db
      .select({ description: systems.description })
      .from(systems)
      .where(eq(systems.id, sid))
      .limit(1);
    if (!row || row.description === desc) return false;
    await h.db.update(systems).set({ description: desc }).where(eq(systems.id, sid));
    await bumpDataVersion(h);
    return true;
  });
  if (changed) counts.updated = 1;
  else counts.unchanged = 1;
  return { format: "systems", counts };
}
