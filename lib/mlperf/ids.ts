// Stable ids for published results. Pure and browser-safe: a 64-bit FNV-1a over UTF-8, no node:crypto.
import type { ResultRecord } from "@/lib/types";
import { splitModel } from "./normalize";

/**
 * 64-bit FNV-1a of the UTF-8 bytes, as 16 lower-hex chars. `fnv1a64("")` → "cbf29ce484222325".
 * Computed on four 16-bit limbs (the prime is 2^40 + 0x1b3), which is ~5× faster than BigInt and gives the
 * same digest, and over UTF-8 encoded on the fly (a lone surrogate as U+FFFD, as TextEncoder does), so no
 * byte array is allocated: the import path hashes every row several times.
 */
export function fnv1a64(text: string): string {
  const h = [0x2325, 0x8422, 0x9ce4, 0xcbf2];
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      step(h, c);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      } else c = 0xfffd;
    }
    if (c < 0x800) {
      step(h, 0xc0 | (c >> 6));
    } else if (c < 0x10000) {
      step(h, 0xe0 | (c >> 12));
      step(h, 0x80 | ((c >> 6) & 0x3f));
    } else {
      step(h, 0xf0 | (c >> 18));
      step(h, 0x80 | ((c >> 12) & 0x3f));
      step(h, 0x80 | ((c >> 6) & 0x3f));
    }
    step(h, 0x80 | (c & 0x3f));
  }
  return hex4(h[3] as number) + hex4(h[2] as number) + hex4(h[1] as number) + hex4(h[0] as number);
}

/** One FNV-1a byte step on the limbs (low first): h ^= byte; h *= 2^40 + 0x1b3 (mod 2^64). */
function step(h: number[], byte: number): void {
  const h0 = (h[0] as number) ^ byte;
  const h1 = h[1] as number;
  const t0 = h0 * 0x1b3;
  const t1 = h1 * 0x1b3;
  const t2 = (h[2] as number) * 0x1b3 + ((h0 << 8) & 0xffff);
  const t3 = (h[3] as number) * 0x1b3 + ((h0 >>> 8) & 0xff) + ((h1 << 8) & 0xffff);
  const c1 = t1 + (t0 >>> 16);
  const c2 = t2 + (c1 >>> 16);
  const c3 = t3 + (c2 >>> 16);
  h[0] = t0 & 0xffff;
  h[1] = c1 & 0xffff;
  h[2] = c2 & 0xffff;
  h[3] = c3 & 0xffff;
}

function hex4(x: number): string {
  return x.toString(16).padStart(4, "0");
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
