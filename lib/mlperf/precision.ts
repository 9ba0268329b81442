// weight_data_types free text → canonical precision. Pure: explicit synonym map, null for anything unknown.
import { memoize } from "./memo";

const PRECISION_SYNONYMS: Record<string, string> = {
  fp4: "fp4",
  mxfp4: "fp4",
  nvfp4: "fp4",
  float4: "fp4",
  fp8: "fp8",
  float8: "fp8",
  f8: "fp8",
  f8e4m3: "fp8",
  fp8e4m3: "fp8",
  e4m3: "fp8",
  f8e5m2: "fp8",
  fp8e5m2: "fp8",
  e5m2: "fp8",
  int8: "int8",
  uint8: "int8",
  i8: "int8",
  u8: "int8",
  int4: "int4",
  uint4: "int4",
  i4: "int4",
  u4: "int4",
  bf16: "bf16",
  bfloat16: "bf16",
  fp16: "fp16",
  float16: "fp16",
  f16: "fp16",
  half: "fp16",
  fp32: "fp32",
  float32: "fp32",
  f32: "fp32",
  float: "fp32",
};

/** Placeholders that mean "not stated". */
const UNSET = new Set(["", "unset", "none", "n/a", "na", "null"]);

function canonicalToken(token: string): string | null {
  const key = token.toLowerCase().replace(/[\s_-]/g, "");
  return PRECISION_SYNONYMS[key] ?? null;
}

/**
 * Splits a raw precision list into value tokens. Handles plain lists (`"fp16,bf16,fp8"`, `"bf16, fp8, fp4"`,
 * `"BF16/F32/F8_E4M3/U8"`) and component maps (`"{'clip1': 'fp32', 'unet': 'fp8'}"`, `"clip1:fp32,unet:fp8"`),
 * where only the value after each colon counts.
 */
function precisionTokens(raw: string): string[] {
  const body = raw.replace(/[{}'"]/g, "");
  return body
    .split(/[,;/+|]/)
    .map((part) => {
      const colon = part.lastIndexOf(":");
      return (colon >= 0 ? part.slice(colon + 1) : part).trim();
    })
    .filter((t) => t !== "");
}

/**
 * Canonical weight precision, keeping the raw text.
 * `"MXFP4"` → `{precision: "fp4", raw: "MXFP4"}`; `"float8"` → "fp8"; `"UINT4"` → "int4"; `"UNSET"` → null;
 * `"fp8,bf16"` → "bf16+fp8"; `"BF16/F32/F8_E4M3/U8"` → "bf16+fp32+fp8+int8";
 * `"{'clip1': 'fp32', 'clip2': 'fp32', 'unet': 'fp8', 'vae': 'fp32'}"` → "fp32+fp8".
 * Any unrecognised token makes the whole answer null (raw is still returned).
 */
export function canonicalPrecision(raw: unknown): { precision: string | null; raw: string | null } {
  if (typeof raw !== "string") return { precision: null, raw: null };
  return canonicalPrecisionOf(raw);
}

/** Results are shared between calls with the same text: callers must not mutate them. */
const canonicalPrecisionOf = memoize(canonicalPrecisionUncached, (raw: string) => raw);

function canonicalPrecisionUncached(raw: string): { precision: string | null; raw: string | null } {
  const text = raw.trim();
  if (UNSET.has(text.toLowerCase())) return { precision: null, raw: text === "" ? null : text };
  const canon = new Set<string>();
  for (const token of precisionTokens(text)) {
    const c = canonicalToken(token);
    if (c === null) return { precision: null, raw: text };
    canon.add(c);
  }
  if (canon.size === 0) return { precision: null, raw: text };
  return { precision: [...canon].sort().join("+"), raw: text };
}
