// Test-only helper (imported by *.test.ts, never by app code): finds the real LoadGen logs and systems JSONs
// under shared/data and reads them in place. Uses node:fs, which the parser modules themselves never do.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { SHARED_DATA_DIR, sharedPath } from "@/lib/shared-data";

export interface RealRun {
  /** Path of the run directory relative to shared/data, e.g. "mlperf/loadgen/v6.0/AMD/<platform>/<model>/Interactive". */
  id: string;
  summaryPath: string;
  detailPath: string | null;
  /** Last directory name; the scenario for results trees, a label for the bake-off samples. */
  dirName: string;
}

function walk(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

/** Every directory holding an mlperf_log_summary.txt under shared/data/mlperf/loadgen and bakeoff/mlperf-loadgen. */
export function findRealRuns(): RealRun[] {
  const roots = [sharedPath("mlperf", "loadgen"), sharedPath("bakeoff", "mlperf-loadgen")];
  return roots
    .flatMap((root) => walk(root, []))
    .filter((p) => path.basename(p) === "mlperf_log_summary.txt")
    .map((summaryPath) => {
      const dir = path.dirname(summaryPath);
      const detail = path.join(dir, "mlperf_log_detail.txt");
      return {
        id: path.relative(SHARED_DATA_DIR, dir).split(path.sep).join("/"),
        summaryPath,
        detailPath: existsSync(detail) ? detail : null,
        dirName: path.basename(dir),
      };
    });
}

/** Every systems/<platform>.json under shared/data/mlperf/loadgen, as ids like "v6.0/AMD/87xMI355X_22xEPYC_9575F". */
export function findSystemJsons(): { id: string; file: string }[] {
  const root = sharedPath("mlperf", "loadgen");
  return walk(root, [])
    .filter((p) => p.endsWith(".json") && path.basename(path.dirname(p)) === "systems")
    .map((file) => {
      const rel = path.relative(root, file).split(path.sep);
      return { id: `${rel[0]}/${rel[1]}/${path.basename(file, ".json")}`, file };
    });
}

export function readText(file: string): string {
  return readFileSync(file, "utf8");
}

export interface ExpectedRun {
  /** Headline throughput as the summary prints it (mlperf-data.md §1.2 table). */
  tokens: number;
  samples: number;
  scenario: "Offline" | "Server" | "Interactive";
  /** loadgen_version from the detail log; null when the run has no detail log. */
  loadgenVersion: string | null;
  /** The matching row of shared/data/mlperf/summary/<round>.summary_results.json. */
  row: { round: string; submitter: string; platform: string; model: string };
}

const V41_AMD = { round: "v4.1", submitter: "AMD", platform: "8xMI300X_2xEPYC-9374F", model: "llama2-70b-99" };
const V41_NV = { round: "v4.1", submitter: "NVIDIA", platform: "H200-SXM-141GBx8_TRT", model: "llama2-70b-99" };
const V51_AMD1 = { round: "v5.1", submitter: "AMD", platform: "8xMI325X_2xEPYC_9575F_1", model: "llama2-70b-99" };
const V51_AMD2 = { round: "v5.1", submitter: "AMD", platform: "8xMI325X_2xEPYC_9575F_2", model: "llama2-70b-99" };
const V51_NV = { round: "v5.1", submitter: "NVIDIA", platform: "B200-SXM-180GBx8_TRT", model: "llama2-70b-99" };
const V51_MB = {
  round: "v5.1",
  submitter: "MangoBoost",
  platform: "32xMI300X_2xEPYC_9534_16xMI325X_2xEPYC_9655",
  model: "llama2-70b-99",
};
const V60_AMD8 = { round: "v6.0", submitter: "AMD", platform: "8xMI355X_2xEPYC_9575F", model: "llama2-70b-99" };
const V60_AMD87 = { round: "v6.0", submitter: "AMD", platform: "87xMI355X_22xEPYC_9575F", model: "llama2-70b-99" };
const V60_AMD94 = { round: "v6.0", submitter: "AMD", platform: "94xMI355X_24xEPYC_9575F", model: "gpt-oss-120b" };
const V60_B300 = { round: "v6.0", submitter: "NVIDIA", platform: "B300-SXM-270GBx8_TRT", model: "llama2-70b-99" };
const V60_GB200 = {
  round: "v6.0",
  submitter: "NVIDIA",
  platform: "GB200-NVL72_GB200-186GB_aarch64x72_TRT",
  model: "llama2-70b-99",
};
// bakeoff-formats.md §f: AMD v5.1 closed/AMD/results/8xMI300X_2xEPYC_9575F, LoadGen 5.1.0.
const BAKEOFF_AMD = { round: "v5.1", submitter: "AMD", platform: "8xMI300X_2xEPYC_9575F", model: "llama2-70b-99" };

const L = "mlperf/loadgen";
/** Every real run, keyed by RealRun.id. A run on disk that is missing here (or vice versa) fails the tests. */
export const EXPECTED_RUNS: Record<string, ExpectedRun> = {
  [`${L}/v4.1/AMD/8xMI300X_2xEPYC-9374F/llama2-70b-99/Offline`]: {
    tokens: 23514.8,
    samples: 80.15,
    scenario: "Offline",
    loadgenVersion: "4.1 @ 379ee5345a",
    row: V41_AMD,
  },
  [`${L}/v4.1/AMD/8xMI300X_2xEPYC-9374F/llama2-70b-99/Server`]: {
    tokens: 21028.23,
    samples: 71.74,
    scenario: "Server",
    loadgenVersion: "4.1 @ 379ee5345a",
    row: V41_AMD,
  },
  [`${L}/v4.1/NVIDIA/H200-SXM-141GBx8_TRT/llama2-70b-99/Offline`]: {
    tokens: 31302.7,
    samples: 107.477,
    scenario: "Offline",
    loadgenVersion: "4.1 @ c60103b05a",
    row: V41_NV,
  },
  [`${L}/v4.1/NVIDIA/H200-SXM-141GBx8_TRT/llama2-70b-99/Server`]: {
    tokens: 29228.22,
    samples: 100.35,
    scenario: "Server",
    loadgenVersion: "4.1 @ c60103b05a",
    row: V41_NV,
  },
  [`${L}/v5.1/AMD/8xMI325X_2xEPYC_9575F_1/llama2-70b-99/Offline`]: {
    tokens: 34520.4,
    samples: 114.7,
    scenario: "Offline",
    loadgenVersion: "5.1.0 @ 091d51f041",
    row: V51_AMD1,
  },
  [`${L}/v5.1/AMD/8xMI325X_2xEPYC_9575F_1/llama2-70b-99/Server`]: {
    tokens: 32027.57,
    samples: 106.28,
    scenario: "Server",
    loadgenVersion: "5.1.0 @ 091d51f041",
    row: V51_AMD1,
  },
  [`${L}/v5.1/AMD/8xMI325X_2xEPYC_9575F_2/llama2-70b-99/Interactive`]: {
    tokens: 18407.2,
    samples: 61.24,
    scenario: "Interactive",
    loadgenVersion: "5.1.0 @ 091d51f041",
    row: V51_AMD2,
  },
  [`${L}/v5.1/AMD/8xMI325X_2xEPYC_9575F_2/llama2-70b-99/Offline`]: {
    tokens: 34555,
    samples: 114.852,
    scenario: "Offline",
    loadgenVersion: "5.1.0 @ 091d51f041",
    row: V51_AMD2,
  },
  [`${L}/v5.1/MangoBoost/32xMI300X_2xEPYC_9534_16xMI325X_2xEPYC_9655/llama2-70b-99/Offline`]: {
    tokens: 169197,
    samples: 561.713,
    scenario: "Offline",
    loadgenVersion: null,
    row: V51_MB,
  },
  [`${L}/v5.1/MangoBoost/32xMI300X_2xEPYC_9534_16xMI325X_2xEPYC_9655/llama2-70b-99/Server`]: {
    tokens: 153076.32,
    samples: 508.69,
    scenario: "Server",
    loadgenVersion: null,
    row: V51_MB,
  },
  [`${L}/v5.1/NVIDIA/B200-SXM-180GBx8_TRT/llama2-70b-99/Interactive`]: {
    tokens: 59545.45,
    samples: 218.82,
    scenario: "Interactive",
    loadgenVersion: "5.0.25 @ 5232291860",
    row: V51_NV,
  },
  [`${L}/v5.1/NVIDIA/B200-SXM-180GBx8_TRT/llama2-70b-99/Offline`]: {
    tokens: 101527,
    samples: 371.423,
    scenario: "Offline",
    loadgenVersion: "5.0.25 @ 5232291860",
    row: V51_NV,
  },
  [`${L}/v5.1/NVIDIA/B200-SXM-180GBx8_TRT/llama2-70b-99/Server`]: {
    tokens: 99123.04,
    samples: 361.3,
    scenario: "Server",
    loadgenVersion: "5.0.25 @ 5232291860",
    row: V51_NV,
  },
  [`${L}/v6.0/AMD/87xMI355X_22xEPYC_9575F/llama2-70b-99/Interactive`]: {
    tokens: 785521.65,
    samples: 2776.29,
    scenario: "Interactive",
    loadgenVersion: "6.0.5 @ 9142ef0e74",
    row: V60_AMD87,
  },
  [`${L}/v6.0/AMD/87xMI355X_22xEPYC_9575F/llama2-70b-99/Offline`]: {
    tokens: 1.04211e6,
    samples: 3629.98,
    scenario: "Offline",
    loadgenVersion: "6.0.5 @ 9142ef0e74",
    row: V60_AMD87,
  },
  [`${L}/v6.0/AMD/87xMI355X_22xEPYC_9575F/llama2-70b-99/Server`]: {
    tokens: 1016375.0,
    samples: 3591.83,
    scenario: "Server",
    loadgenVersion: "6.0.5 @ 9142ef0e74",
    row: V60_AMD87,
  },
  [`${L}/v6.0/AMD/8xMI355X_2xEPYC_9575F/llama2-70b-99/Interactive`]: {
    tokens: 73608.25,
    samples: 260.1,
    scenario: "Interactive",
    loadgenVersion: "6.0.6 @ fb1d0c0948",
    row: V60_AMD8,
  },
  [`${L}/v6.0/AMD/8xMI355X_2xEPYC_9575F/llama2-70b-99/Offline`]: {
    tokens: 103480,
    samples: 365.738,
    scenario: "Offline",
    loadgenVersion: "6.0.6 @ fb1d0c0948",
    row: V60_AMD8,
  },
  [`${L}/v6.0/AMD/8xMI355X_2xEPYC_9575F/llama2-70b-99/Server`]: {
    tokens: 100282.36,
    samples: 354.41,
    scenario: "Server",
    loadgenVersion: "6.0.6 @ fb1d0c0948",
    row: V60_AMD8,
  },
  [`${L}/v6.0/AMD/94xMI355X_24xEPYC_9575F/gpt-oss-120b/Offline`]: {
    tokens: 1.03107e6,
    samples: 753.549,
    scenario: "Offline",
    loadgenVersion: null,
    row: V60_AMD94,
  },
  [`${L}/v6.0/AMD/94xMI355X_24xEPYC_9575F/gpt-oss-120b/Server`]: {
    tokens: 900054.32,
    samples: 658.41,
    scenario: "Server",
    loadgenVersion: null,
    row: V60_AMD94,
  },
  [`${L}/v6.0/NVIDIA/B300-SXM-270GBx8_TRT/llama2-70b-99/Offline`]: {
    tokens: 112954,
    samples: 413.714,
    scenario: "Offline",
    loadgenVersion: "6.0.8 @ NA",
    row: V60_B300,
  },
  [`${L}/v6.0/NVIDIA/B300-SXM-270GBx8_TRT/llama2-70b-99/Server`]: {
    tokens: 107317.8,
    samples: 393.11,
    scenario: "Server",
    loadgenVersion: "6.0.8 @ NA",
    row: V60_B300,
  },
  [`${L}/v6.0/NVIDIA/GB200-NVL72_GB200-186GB_aarch64x72_TRT/llama2-70b-99/Interactive`]: {
    tokens: 754855.0,
    samples: 2779.68,
    scenario: "Interactive",
    loadgenVersion: "6.0.8 @ NA",
    row: V60_GB200,
  },
  [`${L}/v6.0/NVIDIA/GB200-NVL72_GB200-186GB_aarch64x72_TRT/llama2-70b-99/Offline`]: {
    tokens: 888054,
    samples: 3270.2,
    scenario: "Offline",
    loadgenVersion: "6.0.8 @ NA",
    row: V60_GB200,
  },
  [`${L}/v6.0/NVIDIA/GB200-NVL72_GB200-186GB_aarch64x72_TRT/llama2-70b-99/Server`]: {
    tokens: 810104.39,
    samples: 2983.09,
    scenario: "Server",
    loadgenVersion: "6.0.8 @ NA",
    row: V60_GB200,
  },
  "bakeoff/mlperf-loadgen/amd-8xMI300X-llama2-70b-99-offline": {
    tokens: 27803.9,
    samples: 92.1544,
    scenario: "Offline",
    loadgenVersion: null,
    row: BAKEOFF_AMD,
  },
  "bakeoff/mlperf-loadgen/amd-8xMI300X-llama2-70b-99-server": {
    tokens: 24593.77,
    samples: 81.68,
    scenario: "Server",
    loadgenVersion: "5.1.0 @ 091d51f041",
    row: BAKEOFF_AMD,
  },
};

/** The expectation for a run found on disk; throws (failing the test) when the table lacks it. */
export function expectedFor(id: string): ExpectedRun {
  const e = EXPECTED_RUNS[id];
  if (!e) throw new Error(`no expectation for real run ${id}: add it to EXPECTED_RUNS`);
  return e;
}
