// The import metadata the writer tests pass to writeResults: one official v6.0 summary file (db/write*.test.ts).
export const META = { source: "v6.0.summary_results.json", format: "summary_results_json", sha256: "0".repeat(64) };
