// A frozen comparison or capacity plan by token, read back through lib/snapshot's schemas; null for unknown or
// malformed tokens.
import { cache } from "react";
import { getDb } from "@/db/client";
import { getSnapshot } from "@/db/queries/snapshots";
import { getDataVersion } from "@/db/queries/version";
import { type CampaignReport, parseStoredReport } from "@/lib/campaign/report";
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
  | (Meta & { kind: "ok"; snapshot: "campaign"; data: CampaignReport; banner: string | null })
  | (Meta & { kind: "corrupt"; snapshot: string; message: string });

export const loadSnapshot = cache((token: string): SnapshotState | null => {
  if (!isSnapshotToken(token)) return null;
  const h = getDb();
  const row = getSnapshot(h, token);
  if (!row) return null;
  const meta = { query: row.query, createdAt: row.createdAt };
  if (row.kind === "campaign") {
    const c = parseStoredReport(row.payload);
    if (!c.ok) return { ...meta, kind: "corrupt", snapshot: row.kind, message: c.message };
    return { ...meta, kind: "ok", snapshot: "campaign", data: c.report, banner: staleBanner(row, getDataVersion(h)) };
  }
  const parsed = parseStoredSnapshot(row);
  if (!parsed.ok) return { ...meta, kind: "corrupt", snapshot: row.kind, message: parsed.message };
  const banner = staleBanner(row, getDataVersion(h));
  return parsed.kind === "plan"
    ? { ...meta, kind: "ok", snapshot: "plan", data: parsed.payload, banner }
    : { ...meta, kind: "ok", snapshot: "compare", data: parsed.payload, banner };
});
