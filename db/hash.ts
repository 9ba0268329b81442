// Hashing helpers for the db layer (content hashes, provenance). Not used by lib/ (which must stay pure).
import { hash } from "node:crypto";

export function sha256Hex(data: string | Uint8Array): string {
  return hash("sha256", data, "hex");
}

/** First 16 hex chars of SHA-1 (one-shot `crypto.hash`: no Hash object per call; the import hashes every row). */
export function shortHash(data: string): string {
  return hash("sha1", data, "hex").slice(0, 16);
}

/** Stable JSON: keys sorted, so equal content gives equal hashes. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (v && typeof v === "object" && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      return Object.fromEntries(
        Object.keys(o)
          .sort()
          .map((k) => [k, o[k]]),
      );
    }
    return v;
  });
}
