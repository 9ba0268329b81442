// MLCommons' MLPerf Compatibility Table (Inference section) as data, and the round check built on it.
// Pure: no I/O.
import { benchmarkKey } from "./scenario-limits";
import { type Source, SRC, src } from "./sources";

/** One benchmark row. Each group lists versions that are compatible with each other (one spanned "X" cell). */
export interface CompatibilityRow {
  benchmark: string; // our family key
  tableName: string; // as the table writes it
  columns: string[]; // the versions the row covers
  groups: string[][]; // mutually compatible versions
  notInRound: string[]; // "N/A" cells: the benchmark did not exist in that version
  confirmedInStoredCopy: boolean; // false: taken from our research notes, not from a copy of the table we hold
  source: Source;
}

export interface CompatibilityNote {
  text: string;
  source: Source;
}

const TABLE = (section: string) => src(SRC.compatibilityTable, section);
/** The columns of the Inference table in the stored snapshot (its header reads "|0.5 |0.7 |1.0 |1.1 |2.0 |2.1 |3.0."). */
const V = ["0.5", "0.7", "1.0", "1.1", "2.0", "2.1", "3.0"];

function row(benchmark: string, tableName: string, groups: string[][], notInRound: string[]): CompatibilityRow {
  return {
    benchmark,
    tableName,
    columns: V,
    groups,
    notInRound,
    confirmedInStoredCopy: true,
    source: TABLE(`== Inference, row "${tableName}"`),
  };
}

export const COMPATIBILITY_TABLE: CompatibilityRow[] = [
  row("mobilenet", "MobileNet-v1", [["0.5"]], ["0.7", "1.0", "1.1", "2.0", "2.1", "3.0"]),
  row("resnet", "ResNet-50 v1.5", [["0.5", "0.7", "1.0", "1.1", "2.0", "2.1"]], ["3.0"]),
  row("retinanet", "RetinaNet-ResNeXt50", [["2.1", "3.0"]], ["0.5", "0.7", "1.0", "1.1", "2.0"]),
  row("ssd-mobilenet", "SSD-MobileNets", [V], []),
  row("ssd-resnet34", "SSD-ResNet34", [V], []),
  row("nmt", "NMT", [["0.5"]], ["0.7", "1.0", "1.1", "2.0", "2.1", "3.0"]),
  row("dlrm", "DLRM", [["0.7", "1.0", "1.1", "2.0", "2.1", "3.0"]], ["0.5"]),
  row("bert", "BERT", [["0.7", "1.0", "1.1", "2.0", "2.1", "3.0"]], ["0.5"]),
  row("rnnt", "RNN-T", [["0.7", "1.0", "1.1", "2.0", "2.1", "3.0"]], ["0.5"]),
  row("3d-unet", "3D U-Net", [["0.7", "1.0", "1.1", "2.0", "2.1", "3.0"]], ["0.5"]),
  {
    benchmark: "llama2-70b",
    tableName: "Llama2-70B",
    columns: ["4.0", "4.1", "5.0", "5.1", "6.0"],
    groups: [["4.0", "4.1", "5.0", "5.1", "6.0"]],
    notInRound: [],
    confirmedInStoredCopy: false,
    source: {
      repo: SRC.researchNotes.repo,
      path: SRC.researchNotes.path,
      section:
        "§1e rule 3, citing a later snapshot of mlcommons/policies MLPerf_Compatibility_Table.adoc: 'Llama2-70B is compatible from v4.0 through v6.0'",
    },
  },
];

export const COMPATIBILITY_NOTES = {
  power: {
    text: "Performance metrics for inference and power submissions are not comparable.",
    source: TABLE("== Inference, note under the table"),
  },
  multistream: {
    text: "MultiStream v0.5–v1.1 is not compatible with v2.0 and newer.",
    source: TABLE("== Inference, note under the table"),
  },
} satisfies Record<string, CompatibilityNote>;

export interface RoundCompatibility {
  compatible: boolean | null; // null: the table we hold does not say
  reason: string;
  source: Source | null;
}

/** "v4.1" / "4.1" / "v4.1-0048" → "4.1". */
export function roundVersion(round: string): string {
  const m = /(\d+)\.(\d+)/.exec(round);
  return m ? `${m[1]}.${m[2]}` : round.trim().toLowerCase();
}

const BY_KEY = new Map(COMPATIBILITY_TABLE.map((r) => [r.benchmark, r]));

/** Are two rounds of this benchmark compatible per the MLPerf Compatibility Table? null when the table we hold does not cover them. */
export function areRoundsCompatible(modelFamily: string, roundA: string, roundB: string): RoundCompatibility {
  const key = benchmarkKey(modelFamily);
  const a = roundVersion(roundA);
  const b = roundVersion(roundB);
  const r = BY_KEY.get(key);
  if (a === b) return { compatible: true, reason: `both results are from v${a}`, source: null };
  if (!r) {
    return {
      compatible: null,
      reason: `the copy of the MLPerf Compatibility Table we hold has no row for ${key}, so whether v${a} and v${b} are compatible is unknown`,
      source: TABLE("== Inference (no row for this benchmark)"),
    };
  }
  const missing = [a, b].filter((v) => !r.columns.includes(v));
  if (missing.length > 0) {
    return {
      compatible: null,
      reason: `the copy of the MLPerf Compatibility Table we hold covers ${r.tableName} only for v${r.columns[0]}–v${r.columns[r.columns.length - 1]}, not v${missing.join(" or v")}, so compatibility is unknown`,
      source: r.source,
    };
  }
  const absent = [a, b].filter((v) => r.notInRound.includes(v));
  if (absent.length > 0) {
    return {
      compatible: false,
      reason: `${r.tableName} is N/A in v${absent.join(" and v")} in the MLPerf Compatibility Table`,
      source: r.source,
    };
  }
  const together = r.groups.some((g) => g.includes(a) && g.includes(b));
  const basis = r.confirmedInStoredCopy
    ? "the MLPerf Compatibility Table"
    : "our research notes on a later MLPerf Compatibility Table than the copy we hold";
  return together
    ? { compatible: true, reason: `per ${basis}, ${r.tableName} v${a} and v${b} are compatible`, source: r.source }
    : {
        compatible: false,
        reason: `per ${basis}, ${r.tableName} v${a} and v${b} are in different, incompatible groups`,
        source: r.source,
      };
}
