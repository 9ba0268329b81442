// Issue #14 item 6: every submission-checker format since v0.7 imports, read by the round's rules
// (lib/mlperf/checker-history.ts), over the real per-submitter files in ../shared/data/mlperf/summary/older/.
// Expected values are read from the files themselves (papaparse over the raw CSV), not from the parser's output.
import fs from "node:fs";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { perAccelerator } from "@/lib/context/per-accelerator";
import { sharedPath } from "@/lib/shared-data";
import { roundFromSourceName, STREAMS_UNITS, unitsFromRoundRules } from "./checker-history";
import { parseCheckerCsv } from "./summary";

const OLDER = sharedPath("mlperf", "summary", "older");
const files = fs.readdirSync(OLDER).filter((f) => f.endsWith(".csv"));

function raw(name: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(fs.readFileSync(`${OLDER}/${name}`, "utf8"), {
    header: true,
    skipEmptyLines: true,
  }).data;
}

/** Parsed as the importer does: the round from the file's own column, else from its name. */
function parse(name: string) {
  const round = roundFromSourceName(name) ?? undefined;
  return parseCheckerCsv(fs.readFileSync(`${OLDER}/${name}`, "utf8"), `older/${name}`, {
    round,
    roundFromPath: true,
  });
}

/** Row counts as ../shared/data/mlperf/manifest.csv records them. */
const manifestRows = new Map(
  fs
    .readFileSync(sharedPath("mlperf", "manifest.csv"), "utf8")
    .split(/\r?\n/)
    .filter((l) => l.startsWith("mlperf/summary/older/"))
    .map((l) => [l.split(",")[0]?.replace("mlperf/summary/older/", "") ?? "", Number(l.split(",").at(-1))]),
);

describe("older checker summaries (v0.7 to v3.0)", () => {
  it("there are files of each layout to read", () => {
    expect(files.length).toBe(manifestRows.size);
    expect(files.some((f) => f.startsWith("v0.7."))).toBe(true);
  });

  it.each(files)("%s: every row imports, none rejected", (name) => {
    const r = parse(name);
    expect(r.errors).toEqual([]);
    expect(r.records).toHaveLength(manifestRows.get(name) ?? -1);
    // the round is the file's own `version` where it has one, else the one its name gives
    for (const [i, row] of raw(name).entries())
      expect(r.records[i]?.round).toBe(row.version ?? roundFromSourceName(name));
  });

  it("no Units column (v0.7, v1.1): each scenario's unit follows from the round's rules, with a note", () => {
    for (const name of files.filter((f) => !raw(f)[0]?.Units)) {
      const rows = raw(name);
      const recs = parse(name).records;
      rows.forEach((row, i) => {
        const rec = recs[i];
        const expected =
          row.Scenario === "Offline"
            ? "Samples/s"
            : row.Scenario === "Server"
              ? "Queries/s"
              : row.Scenario === "SingleStream"
                ? "Latency (ms)"
                : STREAMS_UNITS;
        expect(rec?.units).toBe(expected);
        expect(rec?.value).toBe(Number(row.Result));
        expect(rec?.higherIsBetter).toBe(row.Scenario !== "SingleStream");
        expect(rec?.notes.map((n) => n.code)).toContain("units-from-rules");
      });
    }
  });

  it("v0.7 MultiStream is a number of streams (higher is better), never a latency, and no per-accelerator figure", () => {
    const rows = raw("v0.7.open-InAccel-results.summary.csv");
    const ms = rows.findIndex((r) => r.Scenario === "MultiStream");
    expect(ms).toBeGreaterThanOrEqual(0);
    const rec = parse("v0.7.open-InAccel-results.summary.csv").records[ms];
    expect(rec).toMatchObject({ scenario: "MultiStream", units: "Streams", higherIsBetter: true, value: 58 });
    const note = rec?.notes.find((n) => n.code === "units-from-rules")?.message ?? "";
    expect(note).toContain("number of streams");
    const per = perAccelerator({
      value: rec?.value ?? 0,
      units: rec?.units ?? "",
      scenario: "MultiStream",
      totalAccelerators: rec?.system.totalAccelerators ?? null,
      nodes: rec?.system.nodes ?? null,
      heterogeneous: false,
      accelerator: rec?.system.accelerator ?? null,
    } as Parameters<typeof perAccelerator>[0]);
    expect(per.value).toBeNull();
    expect(per.note).toContain("streams");
  });

  it("the 11-column v0.7 layout (no system columns) keeps its rows, with no invented system facts", () => {
    const name = "v0.7.open-DellEMC.summary.csv";
    const header = fs.readFileSync(`${OLDER}/${name}`, "utf8").split("\n")[0]?.split(",") ?? [];
    expect(header).toHaveLength(11);
    const rows = raw(name);
    parse(name).records.forEach((rec, i) => {
      expect(rec.system.accelerator).toBeNull();
      expect(rec.system.nodes).toBeNull();
      expect(rec.system.totalAccelerators).toBeNull();
      expect(rec.availability).toBe(rows[i]?.Availability);
      expect(rec.platform).toBe(rows[i]?.Platform);
      expect(rec.notes.map((n) => n.code)).toContain("round-from-path");
    });
  });

  it("misspelt columns (compilance, infered, power) are read under their right names", () => {
    const name = "v1.1.closed-Alibaba.summary.csv";
    const rows = raw(name);
    expect(Object.keys(rows[0] ?? {})).toEqual(expect.arrayContaining(["compilance", "infered", "power"]));
    parse(name).records.forEach((rec, i) => {
      expect(rec.inferred).toBe(rows[i]?.infered === "1");
      expect(rec.hasPower).toBe(rows[i]?.power === "1");
      expect(rec.extra.compliance).toBe(rows[i]?.compilance);
      expect(rec.extra.compilance).toBeUndefined();
    });
  });

  it("CPU-only systems (accelerator N/A, 0 per node) import with no accelerator and no per-accelerator figure", () => {
    const name = "v3.0.closed-Quanta_Cloud_Technology.summary.csv";
    const rows = raw(name);
    expect(rows.every((r) => r.accelerator_model_name === "N/A" && r.accelerators_per_node === "0")).toBe(true);
    for (const rec of parse(name).records) {
      expect(rec.system.accelerator).toBeNull();
      expect(rec.system.totalAccelerators ?? 0).toBe(0);
    }
  });

  it("counts quoted (v3.0 Azure '\"4\"') or not (v1.1 Alibaba) read the same", () => {
    const azure = fs.readFileSync(`${OLDER}/v3.0.closed-Azure.summary.csv`, "utf8");
    expect(azure).toMatch(/,"4",/);
    for (const rec of parse("v3.0.closed-Azure.summary.csv").records) expect(rec.system.acceleratorsPerNode).toBe(4);
    for (const rec of parse("v1.1.closed-Alibaba.summary.csv").records) expect(rec.system.acceleratorsPerNode).toBe(1);
  });

  it("from v2.1 on the Units column is required: a v3.0 file without it is refused, naming the column and line", () => {
    const text = fs.readFileSync(`${OLDER}/v3.0.closed-GIGABYTE.summary.csv`, "utf8");
    const lines = text.split("\n").map((l) => l.replace(/,(Samples\/s|Queries\/s)$/, ""));
    lines[0] = (lines[0] ?? "").replace(/,Units$/, "");
    const r = parseCheckerCsv(lines.join("\n"), "no-units.csv");
    expect(r.records).toEqual([]);
    expect(r.errors[0]).toMatchObject({ line: 2, field: "Units" });
    expect(r.errors[0]?.message).toContain("v3.0");
  });

  it.each([
    ["v0.7", "Offline", "Samples/s"],
    ["v1.1", "Server", "Queries/s"],
    ["v1.1", "MultiStream", "Streams"],
    ["v2.0", "MultiStream", "Latency (ms)"],
    ["v2.0", "SingleStream", "Latency (ms)"],
    ["v2.1", "Offline", null],
    ["v6.1", "Offline", null],
  ] as const)("unitsFromRoundRules(%s, %s) = %s", (round, scenario, units) => {
    expect(unitsFromRoundRules(round, scenario)).toBe(units);
  });

  it.each([
    ["v0.7.open-DellEMC.summary.csv", "v0.7"],
    ["/data/inference_results_v1.1/closed/Alibaba/summary.csv", "v1.1"],
    ["https://raw.githubusercontent.com/mlcommons/inference_results_v0.7/master/open/DellEMC/summary.csv", "v0.7"],
    ["/results/v3.0/closed/Azure/summary.csv", "v3.0"],
    ["/results/closed/Azure/summary.csv", null],
    ["/results/v3.0x/summary.csv", null],
  ])("roundFromSourceName(%s) = %s", (name, round) => {
    expect(roundFromSourceName(name)).toBe(round);
  });
});
