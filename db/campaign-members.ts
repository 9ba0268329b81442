// Campaign members must exist and be of their kind (issue 26 finding 7): a member naming an id that is no stored
// upload, or a reproduction listed as a bake-off upload, was stored (201) and only dropped when the report was read.
import { inArray } from "drizzle-orm";
import type { CampaignMember } from "@/lib/campaign";
import type { DbHandle } from "./client";

const KIND_NAME: Record<CampaignMember["kind"], string> = { bakeoff: "bake-off upload", reproduction: "reproduction" };

/** The first member that does not exist as its kind, with why, or null when every one does. */
export async function memberProblem(
  h: DbHandle,
  members: readonly CampaignMember[],
): Promise<{ index: number; message: string } | null> {
  if (members.length === 0) return null;
  const ids = [...new Set(members.map((m) => m.id))];
  const { bakeoffUploads, reproductions } = h.t;
  const uploads = new Set(
    (await h.db.select({ id: bakeoffUploads.id }).from(bakeoffUploads).where(inArray(bakeoffUploads.id, ids))).map(
      (r) => r.id,
    ),
  );
  const repros = new Set(
    (await h.db.select({ id: reproductions.id }).from(reproductions).where(inArray(reproductions.id, ids))).map(
      (r) => r.id,
    ),
  );
  for (const [index, m] of members.entries()) {
    const has = { bakeoff: uploads.has(m.id), reproduction: repros.has(m.id) };
    if (has[m.kind]) continue;
    const other = m.kind === "bakeoff" ? "reproduction" : "bakeoff";
    const message = has[other]
      ? `members.${index}: ${m.id} is a ${KIND_NAME[other]}, not a ${KIND_NAME[m.kind]}; set its kind to "${other}"`
      : `members.${index}: no ${KIND_NAME[m.kind]} ${m.id} on this server; paste the link of one that exists`;
    return { index, message };
  }
  return null;
}
