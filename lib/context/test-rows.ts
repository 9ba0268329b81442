// Test helper only: named real rows used by several test files (all from ../shared/data summaries).
import type { Scenario } from "@/lib/types";
import { llama, real } from "./test-fixtures";

type S = "Offline" | "Server" | "Interactive";

/** v6.0 AMD 8×MI355X_2xEPYC_9575F, llama2-70b (6.0-0002). */
export const amd8 = (s: S = "Offline", m = "llama2-70b-99") => llama("v6.0", "AMD", "8xMI355X_2xEPYC_9575F", s, m);
/** v6.0 AMD 87×MI355X cluster on 11 nodes (6.0-0001). */
export const amd87 = (s: S = "Offline") => llama("v6.0", "AMD", "87xMI355X_22xEPYC_9575F", s);
/** v6.0 NVIDIA B300-SXM-270GBx8_TRT (6.0-0073). */
export const b300 = (s: "Offline" | "Server" = "Offline", m = "llama2-70b-99") =>
  llama("v6.0", "NVIDIA", "B300-SXM-270GBx8_TRT", s, m);
/** v4.1 NVIDIA H200-SXM-141GBx8_TRT (v4.1-0048). */
export const h200 = (s: "Offline" | "Server" = "Offline", m = "llama2-70b-99") =>
  llama("v4.1", "NVIDIA", "H200-SXM-141GBx8_TRT", s, m);
/** v6.0 NVIDIA GB200 / GB300 NVL72 (18 nodes × 4). */
export const gb = (p: "GB200" | "GB300") =>
  llama(
    "v6.0",
    "NVIDIA",
    p === "GB200" ? "GB200-NVL72_GB200-186GB_aarch64x72_TRT" : "GB300-NVL72_GB300-288GB_aarch64x72_TRT",
    "Offline",
  );
/** v5.1 B200-SXM-180GBx8_TRT Offline, by submitter. */
export const b200v51 = (sub = "NVIDIA", m = "llama2-70b-99") =>
  llama("v5.1", sub, "B200-SXM-180GBx8_TRT", "Offline", m);
/** v5.1 AMD's one MI325X box published under two platform ids with different stacks. */
export const mi325 = (n: 1 | 2) => llama("v5.1", "AMD", `8xMI325X_2xEPYC_9575F_${n}`, "Offline");
export const v41 = (platform: string, model: string, scenario: Scenario, submitter?: string, hasPower = false) =>
  real({ round: "v4.1", platform, model, scenario, submitter, hasPower });
/** v5.1 Krai Open llama2-70b-99.9 rows (Offline unless told). */
export const krai51 = (platform: string, usedModel?: string, scenario: "Offline" | "Server" = "Offline") =>
  real({ round: "v5.1", submitter: "Krai", platform, model: "llama2-70b-99.9", scenario, usedModel });
/** v5.1 AMD Open llama3.1-405b Offline on 8×MI355X: one fine-tuned model (5.1-0100), one pruned (5.1-0101). */
export const amd405 = (kind: "finetuned" | "pruned") =>
  real({
    round: "v5.1",
    submitter: "AMD",
    platform: "8xMI355X_2xEPYC_9575F",
    model: "llama3.1-405b",
    scenario: "Offline",
    division: "open",
    usedModel: `llama3_1-405b_${kind}`,
  });
