// Which scenario a LoadGen run is: a fact judged here, once (issue 25). LoadGen prints "Scenario : Server" for
// Interactive runs (mlcommons/inference loadgen: the Interactive scenario is a Server run with tighter TTFT/TPOT
// bounds, mlperf.conf "llama2-70b-interactive.Server.ttft_latency"), so the results directory name wins, and without
// one a Server header is checked against the benchmark's bounds in the one limits table (limits.ts). Pure.
import { SCENARIOS, type Scenario } from "@/lib/types";
import { familyOfName } from "./identity";
import { interactivePairs, tokenLimits } from "./limits";

const MS = 1_000_000;

function toScenario(text: string | null | undefined): Scenario | null {
  const t = (text ?? "").trim().toLowerCase();
  return SCENARIOS.find((s) => s.toLowerCase() === t) ?? null;
}

const fmtMs = (ns: number) => `${ns / MS} ms`;

export interface ClassifyInput {
  dirScenario?: string | null;
  header?: string | null;
  ttftLimitNs?: number | null;
  tpotLimitNs?: number | null;
  modelFamily?: string | null;
}

/**
 * Which scenario a run really is. LoadGen prints "Scenario : Server" for Interactive runs, so: the results
 * directory name wins; without one, a Server header is checked against the model's TTFT/TPOT limits.
 * Example: {header: "Server", ttftLimitNs: 450e6, tpotLimitNs: 40e6, modelFamily: "llama2-70b"} → Interactive.
 * scenario is null only when nothing at all identifies it.
 */
export function classifyScenario(input: ClassifyInput): { scenario: Scenario | null; reason: string } {
  const header = toScenario(input.header);
  const dir = toScenario(input.dirScenario);
  if (dir) {
    let reason = `directory name "${dir}"`;
    if (header && header !== dir && !(dir === "Interactive" && header === "Server")) {
      reason += `; the log header says "${header}"`;
    }
    return { scenario: dir, reason };
  }
  if (header && header !== "Server") return { scenario: header, reason: `log header "${header}"` };

  const ttft = input.ttftLimitNs ?? null;
  const tpot = input.tpotLimitNs ?? null;
  // the one limits table (lib/judge/limits.ts), by any spelling of the model ("llama3_1-405b", "llama2-70b-99.9")
  const family = input.modelFamily ? familyOfName(input.modelFamily) : null;
  const server = family ? tokenLimits(family, "Server") : null;
  const inter = family ? tokenLimits(family, "Interactive") : null;
  const limitText = `TTFT ${ttft === null ? "?" : fmtMs(ttft)} / TPOT ${tpot === null ? "?" : fmtMs(tpot)}`;

  if (ttft !== null || tpot !== null) {
    if (server || inter) {
      const fitsInteractive =
        inter !== null && (ttft === null || ttft <= inter.ttftMs * MS) && (tpot === null || tpot <= inter.tpotMs * MS);
      if (fitsInteractive) {
        return { scenario: "Interactive", reason: `limits ${limitText} are ${family}'s Interactive limits` };
      }
      return { scenario: "Server", reason: `limits ${limitText} are looser than ${family}'s Interactive limits` };
    }
    // Unknown model: only an exact match to some model's Interactive pair counts.
    if (ttft !== null && tpot !== null) {
      for (const l of interactivePairs()) {
        if (l.ttftMs * MS === ttft && l.tpotMs * MS === tpot) {
          return { scenario: "Interactive", reason: `limits ${limitText} match ${l.benchmark}'s Interactive limits` };
        }
      }
    }
  }
  if (header === "Server") {
    const why =
      ttft !== null || tpot !== null
        ? `limits ${limitText} do not match a known Interactive pair`
        : "no latency limits to check for Interactive";
    return { scenario: "Server", reason: `log header "Server"; ${why}` };
  }
  return { scenario: null, reason: "no directory name, header or limits identify the scenario" };
}
