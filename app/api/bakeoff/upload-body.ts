// Request guards for POST /api/bakeoff: the size cap (checked on Content-Length, then counted while streaming,
// so an oversize body is never held in memory), the optional admin token, and the form fields (zod).
import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { FAMILY_RE, MAX_LABEL } from "@/db/bakeoff";

export const DEFAULT_UPLOAD_MAX_BYTES = 25 * 1024 * 1024;

/** PERFCONTEXT_UPLOAD_MAX_BYTES, or 25 MB. */
export function uploadMaxBytes(): number {
  const n = Number(process.env.PERFCONTEXT_UPLOAD_MAX_BYTES);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : DEFAULT_UPLOAD_MAX_BYTES;
}

export function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(n % (1024 * 1024) === 0 ? 0 : 1)} MB` : `${n} bytes`;
}

/** When PERFCONTEXT_ADMIN_TOKEN is set, uploads need `Authorization: Bearer <token>`. */
export function authorized(req: Request): boolean {
  const token = process.env.PERFCONTEXT_ADMIN_TOKEN;
  if (!token) return true;
  const m = /^Bearer\s+(.+)$/i.exec(req.headers.get("authorization") ?? "");
  if (!m?.[1]) return false;
  const a = createHash("sha256").update(m[1].trim()).digest();
  const b = createHash("sha256").update(token).digest();
  return timingSafeEqual(a, b);
}

/**
 * The body, or "too-large" as soon as it passes `max` bytes: a declared Content-Length over the cap is refused
 * before reading anything; without one, the stream is counted chunk by chunk and cancelled at the cap.
 */
export async function readCappedBody(req: Request, max: number): Promise<Uint8Array<ArrayBuffer> | "too-large"> {
  const declared = req.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > max) return "too-large";
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      return "too-large";
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);
const wholeNumber = (what: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${what} must be a whole number from 1 to ${max.toLocaleString("en-US")}` })
      .int(`${what} must be a whole number from 1 to ${max.toLocaleString("en-US")}`)
      .min(1, `${what} must be a whole number from 1 to ${max.toLocaleString("en-US")}`)
      .max(max, `${what} must be a whole number from 1 to ${max.toLocaleString("en-US")}`)
      .optional(),
  );

export const uploadFieldsSchema = z.object({
  label: z.preprocess(
    blankToUndefined,
    z.string().max(MAX_LABEL, `label must be at most ${MAX_LABEL} characters`).optional(),
  ),
  accelerator: z.preprocess(
    blankToUndefined,
    z.string().trim().max(120, "accelerator must be at most 120 characters").optional(),
  ),
  accelerators: wholeNumber("accelerators", 100_000),
  nodes: wholeNumber("nodes", 10_000),
  family: z.preprocess(
    (v) => blankToUndefined(typeof v === "string" ? v.trim().toLowerCase() : v),
    z.string().regex(FAMILY_RE, "family must be an MLPerf model family key such as llama2-70b").optional(),
  ),
});

export type UploadFields = z.infer<typeof uploadFieldsSchema>;
