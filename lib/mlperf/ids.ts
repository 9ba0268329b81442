// Stable ids for published results. Pure and browser-safe: a 64-bit FNV-1a over UTF-8, no node:crypto.
import type { ResultRecord } from "@/lib/types";
import { splitModel } from "./normalize";

const encoder = new TextEncoder();
let scratch = new Uint8Array(256);

/**
 * 64-bit FNV-1a of the UTF-8 bytes, as 16 lower-hex chars. `fnv1a64("")` → "cbf29ce484222325".
 * The state is two int32 halves. Multiplying by the prime 2^40 + 0x1b3 mod 2^64 is `lo·0x1b3` (done in 16-bit
 * pieces so every step stays a small integer, its carry going up) plus `hi·0x1b3 + (lo << 8)` in the high half.
 * ASCII text (every id key) is hashed straight from its char codes; anything else is first encoded into a reused
 * buffer, as TextEncoder would (a lone surrogate as U+FFFD).
 */
export function fnv1a64(text: string): string {
  let lo = 0x84222325 | 0;
  let hi = 0xcbf29ce4 | 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return fnv1a64Bytes(text);
    const u = (lo ^ c) >>> 0;
    const a = (u & 0xffff) * 0x1b3;
    const b = (u >>> 16) * 0x1b3 + (a >>> 16);
    hi = (Math.imul(hi, 0x1b3) + (u << 8) + (b >>> 16)) | 0;
    lo = ((b & 0xffff) << 16) | (a & 0xffff);
  }
  return hex64(hi, lo);
}

function fnv1a64Bytes(text: string): string {
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  const { written } = encoder.encodeInto(text, scratch);
  let lo = 0x84222325 | 0;
  let hi = 0xcbf29ce4 | 0;
  for (let i = 0; i < written; i++) {
    const u = (lo ^ (scratch[i] as number)) >>> 0;
    const a = (u & 0xffff) * 0x1b3;
    const b = (u >>> 16) * 0x1b3 + (a >>> 16);
    hi = (Math.imul(hi, 0x1b3) + (u << 8) + (b >>> 16)) | 0;
    lo = ((b & 0xffff) << 16) | (a & 0xffff);
  }
  return hex64(hi, lo);
}

const HEX_BYTE = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

function hex32(x: number): string {
  return (
    (HEX_BYTE[(x >>> 24) & 0xff] as string) +
    (HEX_BYTE[(x >>> 16) & 0xff] as string) +
    (HEX_BYTE[(x >>> 8) & 0xff] as string) +
    (HEX_BYTE[x & 0xff] as string)
  );
}

function hex64(hi: number, lo: number): string {
  return hex32(hi) + hex32(lo);
}

/**
 * A 64-bit FNV-1a fingerprint of a sequence of values, fed one at a time without building a string: each value
 * is a type tag followed, for text, by its length and its UTF-16 code units (a unit is mixed in whole, as FNV-1a
 * mixes a byte), so `["ab", "c"]`, `["a", "bc"]`, `["1"]` and `[1]` all differ. Not a cryptographic hash: it
 * tells whether stored content changed, as a checksum does. `new Fingerprint().text("x").hex()` → 16 hex chars.
 */
export class Fingerprint {
  private lo = 0x84222325 | 0;
  private hi = 0xcbf29ce4 | 0;

  /** A fingerprint that goes on from where this one is (this one is left as it is). */
  clone(): Fingerprint {
    const f = new Fingerprint();
    f.lo = this.lo;
    f.hi = this.hi;
    return f;
  }

  private mix(c: number): void {
    const u = (this.lo ^ c) >>> 0;
    const a = (u & 0xffff) * 0x1b3;
    const b = (u >>> 16) * 0x1b3 + (a >>> 16);
    this.hi = (Math.imul(this.hi, 0x1b3) + (u << 8) + (b >>> 16)) | 0;
    this.lo = ((b & 0xffff) << 16) | (a & 0xffff);
  }

  text(s: string | null): this {
    if (s === null) {
      this.mix(0x10000);
      return this;
    }
    const n = s.length;
    this.mix(0x20000 + (n & 0xffff));
    this.mix(n >>> 16);
    // the mixing step inlined: this loop is the cost of fingerprinting a row
    let lo = this.lo;
    let hi = this.hi;
    for (let i = 0; i < n; i++) {
      const u = (lo ^ s.charCodeAt(i)) >>> 0;
      const a = (u & 0xffff) * 0x1b3;
      const b = (u >>> 16) * 0x1b3 + (a >>> 16);
      hi = (Math.imul(hi, 0x1b3) + (u << 8) + (b >>> 16)) | 0;
      lo = ((b & 0xffff) << 16) | (a & 0xffff);
    }
    this.lo = lo;
    this.hi = hi;
    return this;
  }

  /** A number as its shortest round-trip text (so 1 and 1.0 agree, 0.1 + 0.2 and 0.3 do not); null is null. */
  number(n: number | null): this {
    if (n === null) this.mix(0x10000);
    else {
      this.mix(0x30000);
      this.text(String(n));
    }
    return this;
  }

  bool(b: boolean): this {
    this.mix(b ? 0x40001 : 0x40000);
    return this;
  }

  hex(): string {
    return hex64(this.hi, this.lo);
  }
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
