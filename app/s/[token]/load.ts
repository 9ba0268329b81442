// A frozen comparison or capacity plan by token, read back through lib/snapshot's schemas; null for unknown or
// malformed tokens.
import { cache } from "react";
import { getStore } from "@/db/client";
import { getSnapshot } from "@/db/queries/snapshots";
import { getDataVersion } from "@/db/queries/version";
import { type CampaignReport, parseStoredReport } from "@/lib/campaign/report";
import type { ReproductionView } from "@/lib/reproduce/index";
import {
  type CompareData,
  isSnapshotToken,
  type PlanSnapshotData,
  parseStoredSnapshot,
  staleBanner,
} from "@/lib/snapshot";

interface Meta {
  query: string;
  createdAt: string;
}

export type SnapshotState =
  | (Meta & { kind: "ok"; snapshot: "compare"; data: CompareData; banner: string | null })
  | (Meta & { kind: "ok"; snapshot: "plan"; data: PlanSnapshotData; banner: string | null })
  | (Meta & { kind: "ok"; snapshot: "reproduction"; data: ReproductionView; banner: string | null })
  | (Meta & { kind: "ok"; snapshot: "campaign"; data: CampaignReport; banner: string | null })
  | (Meta & { kind: "corrupt"; snapshot: string; message: string });

export const loadSnapshot = cache(async (token: string): Promise<SnapshotState | null> => {
  if (!isSnapshotToken(token)) return null;
  const h = await getStore();
  const row = await getSnapshot(h, token);
  if (!row) return null;
  const meta = { query: row.query, createdAt: row.createdAt };
  if (row.kind === "campaign") {
    const c = parseStoredReport(row.payload);
    if (!c.ok) return { ...meta, kind: "corrupt", snapshot: row.kind, message: c.message };
    return {
      ...meta,
      kind: "ok",
      snapshot: "campaign",
      data: c.report,
      banner: staleBanner(row, await getDataVersion(h)),
    };
  }
  const parsed = parseStoredSnapshot(row);
  if (!parsed.ok) return { ...meta, kind: "corrupt", snapshot: row.kind, message: parsed.message };
  const banner = staleBanner(row, await getDataVersion(h));
  if (parsed.kind === "reproduction")
    return { ...meta, kind: "ok", snapshot: "reproduction", data: parsed.payload, banner };
  return parsed.kind === "plan"
    ? { ...meta, kind: "ok", snapshot: "plan", data: parsed.payload, banner }
    : { ...meta, kind: "ok", snapshot: "compare", data: parsed.payload, banner };
});
