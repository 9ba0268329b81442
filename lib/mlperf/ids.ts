// Stable ids for published results. Pure and browser-safe: a 64-bit FNV-1a over UTF-8, no node:crypto.
import type { ResultRecord } from "@/lib/types";
import { splitModel } from "./normalize";

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = 0xffffffffffffffffn;
const encoder = new TextEncoder();

/** 64-bit FNV-1a of the UTF-8 bytes, as 16 lower-hex chars. `fnv1a64("")` → "cbf29ce484222325". */
export function fnv1a64(text: string): string {
  let hash = FNV_OFFSET;
  for (const byte of encoder.encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * FNV_PRIME) & MASK_64;
  }
  return hash.toString(16).padStart(16, "0");
}

/** The natural key of a published result; unique within each real round file. */
export type ResultKeyParts = Pick<
  ResultRecord,
  "round" | "division" | "submitter" | "platform" | "model" | "usedModel" | "scenario" | "hasPower"
>;

/**
 * The natural key as one unambiguous string (a JSON array, so no separator can collide).
 * `{round: "v6.0", division: "closed", submitter: "AMD", platform: "8xMI355X_2xEPYC_9575F", model: "llama2-70b-99",
 *   usedModel: "llama2-70b-99", scenario: "Offline", hasPower: false}` →
 * `'["v6.0","closed","AMD","8xMI355X_2xEPYC_9575F","llama2-70b-99","llama2-70b-99","Offline",false]'`.
 */
export function resultKey(p: ResultKeyParts): string {
  return JSON.stringify([p.round, p.division, p.submitter, p.platform, p.model, p.usedModel, p.scenario, p.hasPower]);
}

/** Stable, URL-safe id: 16 lower-hex chars of FNV-1a 64 over `resultKey`. */
export function resultIdFor(record: ResultKeyParts): string {
  return fnv1a64(resultKey(record));
}

export type MeasurementKeyParts = Pick<
  ResultRecord,
  "round" | "division" | "submitter" | "platform" | "modelFamily" | "usedModel" | "scenario" | "hasPower" | "value"
>;

/**
 * Rows that repeat one run share this key: the -99 and -99.9 rows of one platform/scenario with the same number
 * (model and used model reduced to their families), while a different number gives a different key.
 */
export function measurementKeyFor(record: MeasurementKeyParts): string {
  const usedModelFamily = splitModel(record.usedModel).modelFamily;
  return fnv1a64(
    JSON.stringify([
      "measurement",
      record.round,
      record.division,
      record.submitter,
      record.platform,
      record.modelFamily,
      usedModelFamily,
      record.scenario,
      record.hasPower,
      record.value,
    ]),
  );
}
