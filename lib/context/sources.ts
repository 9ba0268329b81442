// Where each rule in lib/context comes from. Pure data: no I/O.
// Every data entry in scenario-limits.ts and compatibility.ts carries one or more of these.

export interface Source {
  repo: string; // "mlcommons/inference"
  path: string; // "loadgen/mlperf.conf"
  section: string; // what part of the file, in words
  commit?: string; // the stored snapshot that was read
}

export const SRC = {
  mlperfConf: {
    repo: "mlcommons/inference",
    path: "loadgen/mlperf.conf",
    commit: "001712e9daf80386e0dda43f97b8f36981d792c4",
  },
  checkerConstants: {
    repo: "mlcommons/inference",
    path: "tools/submission/submission_checker/constants.py",
    commit: "001d64ca1a8079d7a1cebee5eeac56f743dc0c57",
  },
  inferenceRules: {
    repo: "mlcommons/inference_policies",
    path: "inference_rules.adoc",
    commit: "848b9ab3478d02898549fe1baa2ec49421fa99ba",
  },
  submissionRules: {
    repo: "mlcommons/policies",
    path: "submission_rules.adoc",
    commit: "001d45ee106e38bdf50d0604690ead4b84652aef",
  },
  compatibilityTable: {
    repo: "mlcommons/policies",
    path: "MLPerf_Compatibility_Table.adoc",
    commit: "b699813f74365c965b47da07a07a5dc358b1571f",
  },
  messagingGuidelines: {
    repo: "mlcommons/policies",
    path: "MLPerf_Results_Messaging_Guidelines.adoc",
    commit: "c0d89de8ac65407713c8486f25532da353e9d402",
  },
  researchNotes: {
    repo: "perfcontext (shared research)",
    path: "shared/research/anchors.md",
  },
  sharedLogs: {
    repo: "perfcontext (shared data)",
    path: "shared/data/mlperf/loadgen/<round>/<submitter>/<platform>/<model>/<Scenario>/mlperf_log_summary.txt",
  },
} as const;

/** Build a Source from one of the SRC files and the section read. */
export function src(file: (typeof SRC)[keyof typeof SRC], section: string): Source {
  const out: Source = { repo: file.repo, path: file.path, section };
  if ("commit" in file) out.commit = file.commit;
  return out;
}

/** One line for a report or tooltip: "mlcommons/inference loadgen/mlperf.conf (Server target_latency lines)". */
export function describeSource(s: Source): string {
  return `${s.repo} ${s.path} (${s.section})`;
}
