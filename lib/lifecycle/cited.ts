// Which published results a frozen or stored view cites, so its banner can say which of them changed or left their
// source since it was made (lib/lifecycle/changes.ts citedChanges). Pure.
import type { CampaignReport } from "../campaign/report";
import type { ReproductionView } from "../reproduce/index";
import type { CompareData, PlanSnapshotData } from "../snapshot";
import { type CitedChange, describeChange } from "./changes";
import { curveChangeId } from "./curve-changes";

export type CitingView =
  | { kind: "compare"; data: Pick<CompareData, "results"> & Partial<Pick<CompareData, "curves">> }
  | { kind: "plan"; data: Pick<PlanSnapshotData, "plans"> }
  | { kind: "reproduction"; data: Pick<ReproductionView, "match"> }
  | { kind: "campaign"; data: Pick<CampaignReport, "published"> };

/**
 * The change-log ids a view cites: a comparison's rows and curves, a plan's published and curve bases, a
 * reproduction's match, a campaign's published points. A curve is cited as `curve:<id>` (./curve-changes.ts), the
 * id its change-log entries carry.
 */
export function citedIds(v: CitingView): string[] {
  switch (v.kind) {
    case "compare":
      return [...v.data.results.map((r) => r.id), ...(v.data.curves ?? []).map((c) => curveChangeId(c.id))];
    case "plan":
      return v.data.plans.flatMap((p) =>
        p.basis.kind === "published" ? [p.basis.id] : p.basis.kind === "curve" ? [curveChangeId(p.basis.id)] : [],
      );
    case "reproduction":
      return v.data.match ? [v.data.match.id] : [];
    case "campaign":
      return v.data.published.map((p) => p.id);
  }
}

export interface ChangedLine {
  id: string;
  label: string;
  kind: CitedChange["kind"];
  text: string;
}

/** The banner's lines: each cited result that changed, named, with the difference spelled out. */
export function changedLines(changes: readonly CitedChange[], labels: ReadonlyMap<string, string>): ChangedLine[] {
  return changes.map((c) => ({
    id: c.id,
    label: labels.get(c.id) ?? c.id,
    kind: c.kind,
    text: c.kind === "no-longer-published" ? describeChange({ ...c, fields: [] }) : describeChange(c),
  }));
}
