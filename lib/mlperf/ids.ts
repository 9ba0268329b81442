// Stable ids for published results. Pure and browser-safe: a 64-bit FNV-1a over UTF-8, no node:crypto.
import type { ResultRecord } from "@/lib/types";
import { splitModel } from "./normalize";

const encoder = new TextEncoder();

/**
 * 64-bit FNV-1a of the UTF-8 bytes, as 16 lower-hex chars. `fnv1a64("")` → "cbf29ce484222325".
 * Computed on four 16-bit limbs (the prime is 2^40 + 0x1b3), which is ~5× faster than BigInt and gives the
 * same digest; the import path hashes every row twice.
 */
export function fnv1a64(text: string): string {
  let h0 = 0x2325;
  let h1 = 0x8422;
  let h2 = 0x9ce4;
  let h3 = 0xcbf2;
  const bytes = encoder.encode(text);
  for (let i = 0; i < bytes.length; i++) {
    h0 ^= bytes[i] ?? 0;
    const t0 = h0 * 0x1b3;
    const t1 = h1 * 0x1b3;
    const t2 = h2 * 0x1b3 + ((h0 << 8) & 0xffff);
    const t3 = h3 * 0x1b3 + ((h0 >>> 8) & 0xff) + ((h1 << 8) & 0xffff);
    const c1 = t1 + (t0 >>> 16);
    const c2 = t2 + (c1 >>> 16);
    const c3 = t3 + (c2 >>> 16);
    h0 = t0 & 0xffff;
    h1 = c1 & 0xffff;
    h2 = c2 & 0xffff;
    h3 = c3 & 0xffff;
  }
  return [h3, h2, h1, h0].map((x) => x.toString(16).padStart(4, "0")).join("");
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
