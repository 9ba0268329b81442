// Reproductions: an uploaded LoadGen result folder, stored once as read (immutable), and the report built from it
// against the published results on every read (the match comes from the URL). Parsing and all the report's logic
// live in lib/reproduce; this module stores and queries.
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { getResultsByIds } from "@/db/queries/results";
import type { RequestBudget } from "@/lib/bakeoff/limits";
import type { MemberSource } from "@/lib/campaign/runs";
import { UPLOAD_ID } from "@/lib/id-patterns";
import { splitModel } from "@/lib/mlperf/normalize";
import type { ArchiveLimits } from "@/lib/reproduce/archive";
import type { UploadedFolder } from "@/lib/reproduce/files";
import {
  buildReproduction,
  type CandidateRow,
  type PublishedSide,
  type ReproductionView,
  reproductionAsUpload,
} from "@/lib/reproduce/index";
import { matchUpload } from "@/lib/reproduce/match";
import type { RunSettings } from "@/lib/reproduce/settings";
import type { DbHandle } from "./client";
import { bumpDataVersion } from "./data-version";
import { type PreparedReproduction, prepareReproduction, type RawUpload } from "./reproductions-unpack";

export { MAX_REPRODUCTION_FILES, type RawUpload, unpackUpload } from "./reproductions-unpack";

function newReproductionId(): string {
  return randomBytes(16).toString("base64url");
}

/** Stores a prepared upload (db/reproductions-unpack.ts, made in the worker pool or in process); one insert. */
export async function storePreparedReproduction(
  h: DbHandle,
  prepared: PreparedReproduction,
): Promise<{ id: string; folder: UploadedFolder }> {
  const id = newReproductionId();
  await h.tx(async (t) => {
    await t.db.insert(t.t.reproductions).values({
      id,
      label: prepared.label,
      files: prepared.files,
      folder: prepared.folder,
      createdAt: new Date().toISOString(),
    });
    // a write changes what pages can show: the shared data version (db/data-version.ts) moves with it
    await bumpDataVersion(t);
  });
  return { id, folder: JSON.parse(prepared.folder) as UploadedFolder };
}

/** Parses and stores an upload in process; one insert, nothing stored when anything is rejected. */
export function saveReproduction(
  h: DbHandle,
  files: RawUpload[],
  limits?: ArchiveLimits | RequestBudget,
): Promise<{ id: string; folder: UploadedFolder }> {
  return storePreparedReproduction(h, prepareReproduction(files, limits));
}

async function getStoredReproduction(
  h: DbHandle,
  id: string,
): Promise<{ id: string; label: string; createdAt: string; folder: UploadedFolder } | null> {
  if (!UPLOAD_ID.test(id)) return null;
  const { reproductions } = h.t;
  const [row] = await h.db.select().from(reproductions).where(eq(reproductions.id, id)).limit(1);
  if (!row) return null;
  return { id: row.id, label: row.label, createdAt: row.createdAt, folder: JSON.parse(row.folder) as UploadedFolder };
}

/** Published rows that could be the reproduced result: same benchmark family and scenario, performance rows. */
async function candidateRows(h: DbHandle, folder: UploadedFolder): Promise<CandidateRow[]> {
  const { results, systems } = h.t;
  const families = [...new Set(folder.scenarios.map((s) => (s.model ? splitModel(s.model).modelFamily : null)))];
  const scenarios = [...new Set(folder.scenarios.map((s) => s.scenario))];
  const known = families.filter((f): f is string => f !== null);
  const where = and(
    inArray(results.scenario, scenarios),
    eq(results.hasPower, false),
    known.length && !families.includes(null) ? inArray(results.modelFamily, known) : undefined,
  );
  const rows = await h.db
    .select({
      id: results.id,
      resultId: results.resultId,
      systemId: results.systemId,
      round: results.round,
      submitter: results.submitter,
      platform: results.platform,
      system: systems.systemName,
      division: results.division,
      accelerator: results.accelerator,
      acceleratorsPerNode: systems.acceleratorsPerNode,
      nodes: results.nodes,
      totalAccelerators: results.totalAccelerators,
      model: results.model,
      modelFamily: results.modelFamily,
      accuracyTarget: results.accuracyTarget,
      scenario: results.scenario,
      value: results.value,
      units: results.units,
      software: systems.software,
    })
    .from(results)
    .innerJoin(systems, eq(systems.id, results.systemId))
    .where(where)
    .orderBy(desc(results.roundSort), asc(results.id))
    .limit(20_000);
  return rows as CandidateRow[];
}

/** A matched system's published rows, with latency and the settings its own logs recorded. */
async function systemRows(h: DbHandle, systemId: string): Promise<PublishedSide[]> {
  const { results, systems, latencyDetails } = h.t;
  const ids = (
    await h.db
      .select({ id: results.id })
      .from(results)
      .where(and(eq(results.systemId, systemId), eq(results.hasPower, false)))
      .orderBy(asc(results.id))
  ).map((r) => r.id);
  const full = await getResultsByIds(h, ids);
  // the published systems JSON, when imported, names the whole stack (framework + other_software_stack)
  const [desc] = await h.db
    .select({ description: systems.description })
    .from(systems)
    .where(eq(systems.id, systemId))
    .limit(1);
  let publishedStack: string | null = null;
  try {
    const d = desc?.description ? (JSON.parse(desc.description) as Record<string, unknown>) : null;
    if (d)
      publishedStack =
        [d.framework, d.other_software_stack].filter((x) => typeof x === "string" && x.trim()).join(", ") || null;
  } catch {
    publishedStack = null;
  }
  const settings = new Map<string, RunSettings>();
  if (ids.length)
    for (const l of await h.db
      .select({ resultId: latencyDetails.resultId, settings: latencyDetails.settings })
      .from(latencyDetails)
      .where(inArray(latencyDetails.resultId, ids)))
      if (l.settings) settings.set(l.resultId, JSON.parse(l.settings) as RunSettings);
  return full.map((r) => ({
    id: r.id,
    resultId: r.resultId,
    round: r.round,
    submitter: r.submitter,
    system: r.system,
    platform: r.platform,
    model: r.model,
    division: r.division,
    scenario: r.scenario,
    value: r.value,
    units: r.units,
    accelerator: r.accelerator,
    totalAccelerators: r.totalAccelerators,
    heterogeneous: r.heterogeneous,
    ...(r.acceleratorGroups ? { acceleratorGroups: r.acceleratorGroups } : {}),
    perAccelerator: r.perAccelerator,
    software: publishedStack ?? r.software,
    softwareStack: publishedStack ? [] : r.softwareStack,
    validity: r.validity,
    latency: r.latency,
    settings: settings.get(r.id) ?? null,
    sourceUrl: r.sourceUrl,
  }));
}

/** The report for a stored reproduction, matched to `confirmed` (a result id from ?match=) or by its platform. */
export async function loadReproduction(
  h: DbHandle,
  id: string,
  confirmed: string | null,
): Promise<ReproductionView | null> {
  const stored = await getStoredReproduction(h, id);
  if (!stored) return null;
  const candidates = await candidateRows(h, stored.folder);
  // the matched system's rows are read before the (synchronous) report is built: the same match it will make
  const matched = matchUpload(stored.folder, candidates, confirmed).matched;
  const rows = matched ? await systemRows(h, matched.systemId) : [];
  return buildReproduction({
    ...stored,
    candidates,
    confirmed,
    systemRows: (sys) => (sys.systemId === matched?.systemId ? rows : []),
  });
}

/** A stored reproduction as a campaign member: one load point per scenario (null when the id is unknown). */
export async function reproductionMemberSource(h: DbHandle, id: string): Promise<MemberSource | null> {
  const stored = await getStoredReproduction(h, id);
  if (!stored) return null;
  return {
    kind: "reproduction",
    id: stored.id,
    label: stored.label,
    ...reproductionAsUpload(stored.folder),
    facts: null,
  };
}
