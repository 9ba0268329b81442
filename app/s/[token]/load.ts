// A frozen comparison or capacity plan by token, read back through lib/snapshot's schemas; null for unknown or
// malformed tokens.
import { cache } from "react";
import { getStore } from "@/db/client";
import { getCitedChanges } from "@/db/queries/changes";
import { getSnapshot } from "@/db/queries/snapshots";
import { getDataVersion } from "@/db/queries/version";
import { type CampaignReport, parseStoredReport } from "@/lib/campaign/report";
import { type ChangedLine, type CitingView, citedIds } from "@/lib/lifecycle/cited";
import type { ReproductionView } from "@/lib/reproduce/index";
import {
  type CompareData,
  isSnapshotToken,
  type OverviewSnapshotData,
  type PlanSnapshotData,
  parseStoredSnapshot,
  staleBanner,
} from "@/lib/snapshot";

interface Meta {
  query: string;
  createdAt: string;
}

/** The results it cites that changed or left their source since it was frozen (empty: none). */
interface Changed {
  changed: ChangedLine[];
}

export type SnapshotState =
  | (Meta & Changed & { kind: "ok"; snapshot: "compare"; data: CompareData; banner: string | null })
  | (Meta & Changed & { kind: "ok"; snapshot: "plan"; data: PlanSnapshotData; banner: string | null })
  | (Meta & Changed & { kind: "ok"; snapshot: "reproduction"; data: ReproductionView; banner: string | null })
  | (Meta & Changed & { kind: "ok"; snapshot: "campaign"; data: CampaignReport; banner: string | null })
  | (Meta & Changed & { kind: "ok"; snapshot: "overview"; data: OverviewSnapshotData; banner: string | null })
  | (Meta & { kind: "corrupt"; snapshot: string; message: string });

export const loadSnapshot = cache(async (token: string): Promise<SnapshotState | null> => {
  if (!isSnapshotToken(token)) return null;
  const h = await getStore();
  const row = await getSnapshot(h, token);
  if (!row) return null;
  const meta = { query: row.query, createdAt: row.createdAt };
  const changedSince = async (v: CitingView) => ({ changed: await getCitedChanges(h, citedIds(v), row.createdAt) });
  if (row.kind === "campaign") {
    const c = parseStoredReport(row.payload);
    if (!c.ok) return { ...meta, kind: "corrupt", snapshot: row.kind, message: c.message };
    return {
      ...meta,
      kind: "ok",
      snapshot: "campaign",
      data: c.report,
      ...(await changedSince({ kind: "campaign", data: c.report })),
      banner: staleBanner(row, await getDataVersion(h)),
    };
  }
  const parsed = parseStoredSnapshot(row);
  if (!parsed.ok) return { ...meta, kind: "corrupt", snapshot: row.kind, message: parsed.message };
  const banner = staleBanner(row, await getDataVersion(h));
  if (parsed.kind === "overview") {
    const ids = parsed.payload.rows.filter((r) => r.basis.kind === "result").map((r) => r.basis.id);
    const changed = { changed: await getCitedChanges(h, ids, row.createdAt) };
    return { ...meta, ...changed, kind: "ok", snapshot: "overview", data: parsed.payload, banner };
  }
  if (parsed.kind === "reproduction") {
    const changed = await changedSince({ kind: "reproduction", data: parsed.payload });
    return { ...meta, ...changed, kind: "ok", snapshot: "reproduction", data: parsed.payload, banner };
  }
  if (parsed.kind === "plan") {
    const changed = await changedSince({ kind: "plan", data: parsed.payload });
    return { ...meta, ...changed, kind: "ok", snapshot: "plan", data: parsed.payload, banner };
  }
  const changed = await changedSince({ kind: "compare", data: parsed.payload });
  return { ...meta, ...changed, kind: "ok", snapshot: "compare", data: parsed.payload, banner };
});
