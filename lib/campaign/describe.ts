// The title and description a frozen campaign report unfurls into. Pure.
import type { CampaignReport } from "./report";

const clip = (t: string, n: number) => (t.length > n ? `${t.slice(0, n - 1)}…` : t);

/** "Campaign: Q3 serving bake-off (unverified)" / "chat: 11.38 good req/s per accelerator …; batch: …". */
export function describeCampaign(r: Pick<CampaignReport, "name" | "shapes" | "differences" | "members">): {
  title: string;
  description: string;
} {
  const blocks = r.differences.filter((d) => d.severity === "block").length;
  const verdicts = r.shapes.map((s) => s.verdict).join(" ");
  const description = `${r.members.length} runs. ${verdicts}${blocks ? ` ${blocks} block(s): not like for like.` : ""} Unverified: from uploaded benchmark files, not MLCommons-reviewed results.`;
  return { title: clip(`Campaign: ${r.name} (unverified)`, 160), description: clip(description, 300) };
}
