// The campaign's runs, flattened: every load point of every member, with its role, its upload's metadata and the
// facts its file gave. Everything else in lib/campaign reads this one record. Pure.
import { loadText } from "@/lib/bakeoff/slo";
import type { BakeoffRun } from "@/lib/types";
import type { RunFacts } from "./facts";
import { emptyFacts } from "./facts";
import type { CampaignMember } from "./roles";

/** What the campaign needs of a stored bake-off upload (or a reproduction, mapped to the same shape). */
export interface MemberSource {
  kind: CampaignMember["kind"];
  id: string;
  label: string;
  accelerator: string | null;
  accelerators: number | null;
  nodes: number | null;
  modelFamily: string | null;
  runs: BakeoffRun[];
  /** One per run; null when the upload predates stored facts. */
  facts: RunFacts[] | null;
}

export interface CampaignRun {
  /** "<member index>.<point index>", both from 1: stable within one campaign, short enough for tables. */
  key: string;
  memberIndex: number;
  pointIndex: number;
  member: CampaignMember;
  source: MemberSource;
  run: BakeoffRun;
  facts: RunFacts;
  factsStored: boolean;
  /** Accelerator count: the upload's, else the run's. */
  accelerators: number | null;
  label: string;
}

export function runLabel(source: MemberSource, run: BakeoffRun, pointIndex: number): string {
  const many = source.runs.length > 1;
  return `${source.label}${many ? ` · point ${pointIndex + 1} (${loadText(run)})` : ""}`;
}

/** Members (with their stored sources; a missing source is skipped and reported by the caller) → runs. */
export function campaignRuns(members: { member: CampaignMember; source: MemberSource | null }[]): CampaignRun[] {
  const out: CampaignRun[] = [];
  members.forEach(({ member, source }, mi) => {
    if (!source) return;
    source.runs.forEach((run, pi) => {
      const stored = source.facts?.[pi];
      out.push({
        key: `${mi + 1}.${pi + 1}`,
        memberIndex: mi,
        pointIndex: pi,
        member,
        source,
        run,
        facts: stored ?? emptyFacts(),
        factsStored: Boolean(stored),
        accelerators: source.accelerators ?? run.accelerators,
        label: runLabel(source, run, pi),
      });
    });
  });
  return out;
}
