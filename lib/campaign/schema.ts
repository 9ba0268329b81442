// The campaign request body (POST /api/campaigns, PUT /api/campaigns/{id}) and the stored members, checked with zod.
import { z } from "zod";
import { UPLOAD_ID } from "@/lib/id-patterns";
import { labelProblem } from "@/lib/text/labels";
import { CACHE_IDS, type CampaignMember, CONDITION_IDS, MEMBER_KINDS, SHAPE_IDS } from "./roles";

/** A campaign's id: the shape of every stored upload id (lib/id-patterns.ts). */
export const CAMPAIGN_ID_RE = UPLOAD_ID;
export const MAX_MEMBERS = 40;
export const MAX_NAME = 120;

const idPattern = /^[A-Za-z0-9_-]{8,64}$/;

/** Typed text: control characters and bidi overrides refused (lib/text/labels.ts, issue 26 finding 6). */
function typed<T extends z.ZodType<string>>(schema: T) {
  return schema.superRefine((s, ctx) => {
    const problem = labelProblem("the text", s);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}
const declaredText = typed(z.string().trim().max(80));

export const memberSchema = z.object({
  kind: z.enum(MEMBER_KINDS),
  id: z.string().regex(idPattern, "an upload or reproduction id (8–64 characters of A–Z a–z 0–9 _ -)"),
  shape: z.enum(SHAPE_IDS as [string, ...string[]]),
  cache: z.enum(CACHE_IDS as [string, ...string[]]).default("warm"),
  condition: z.enum(CONDITION_IDS as [string, ...string[]]).default("baseline"),
  isl: z.number().int().positive().max(10_000_000).nullable().optional(),
  osl: z.number().int().positive().max(10_000_000).nullable().optional(),
  declared: z
    .object({
      model: declaredText.optional(),
      engine: declaredText.optional(),
      engineVersion: declaredText.optional(),
      precision: declaredText.optional(),
      acceleratorType: declaredText.optional(),
      dataset: declaredText.optional(),
    })
    .strict()
    .optional(),
  note: typed(z.string().max(300)).nullable().optional(),
});

export const campaignBodySchema = z.object({
  name: typed(z.string().trim().min(1, "name is required").max(MAX_NAME, `name is longer than ${MAX_NAME} characters`)),
  members: z.array(memberSchema).max(MAX_MEMBERS, `at most ${MAX_MEMBERS} members`),
});

export type CampaignBody = { name: string; members: CampaignMember[] };

/** A parsed body, or the first problem with its field path ("members.2.shape"). */
export function parseCampaignBody(
  body: unknown,
): { ok: true; value: CampaignBody } | { ok: false; message: string; field: string } {
  const r = campaignBodySchema.safeParse(body);
  if (!r.success) {
    const issue = r.error.issues[0];
    const field = issue?.path.join(".") || "body";
    return { ok: false, message: `${field}: ${issue?.message ?? "invalid"}`, field };
  }
  const seen = new Set<string>();
  for (const [i, m] of r.data.members.entries()) {
    const key = `${m.kind}:${m.id}:${m.shape}:${m.cache}:${m.condition}`;
    if (seen.has(key))
      return {
        ok: false,
        message: `members.${i}: the same run with the same role is listed twice`,
        field: `members.${i}`,
      };
    seen.add(key);
  }
  return { ok: true, value: r.data as CampaignBody };
}

/** Stored members JSON → members; anything unreadable is dropped (and counted by the caller). */
export function readStoredMembers(json: string): { members: CampaignMember[]; dropped: number } {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { members: [], dropped: 0 };
  }
  if (!Array.isArray(raw)) return { members: [], dropped: 0 };
  const members: CampaignMember[] = [];
  let dropped = 0;
  for (const m of raw) {
    const r = memberSchema.safeParse(m);
    if (r.success) members.push(r.data as CampaignMember);
    else dropped++;
  }
  return { members, dropped };
}
