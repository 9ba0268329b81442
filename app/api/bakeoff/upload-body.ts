// POST /api/bakeoff's own limits: the size cap (enforced by lib/http/write-guard.ts, the guard every write route
// uses) and the form fields (zod).
import { z } from "zod";
import { FAMILY_RE, MAX_LABEL } from "@/db/bakeoff";
import { labelProblem } from "@/lib/text/labels";

export const DEFAULT_UPLOAD_MAX_BYTES = 25 * 1024 * 1024;

/** PERFCONTEXT_UPLOAD_MAX_BYTES, or 25 MB. */
export function uploadMaxBytes(): number {
  const n = Number(process.env.PERFCONTEXT_UPLOAD_MAX_BYTES);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : DEFAULT_UPLOAD_MAX_BYTES;
}

const safeLabel = (field: string) => (v: string, ctx: z.RefinementCtx) => {
  const problem = labelProblem(field, v);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
};
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
    z
      .string()
      .max(MAX_LABEL, `label must be at most ${MAX_LABEL} characters`)
      .superRefine(safeLabel("label"))
      .optional(),
  ),
  accelerator: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(120, "accelerator must be at most 120 characters")
      .superRefine(safeLabel("accelerator"))
      .optional(),
  ),
  accelerators: wholeNumber("accelerators", 100_000),
  nodes: wholeNumber("nodes", 10_000),
  family: z.preprocess(
    (v) => blankToUndefined(typeof v === "string" ? v.trim().toLowerCase() : v),
    z.string().regex(FAMILY_RE, "family must be an MLPerf model family key such as llama2-70b").optional(),
  ),
});

export type UploadFields = z.infer<typeof uploadFieldsSchema>;
