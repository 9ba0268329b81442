// Reproductions: an uploaded LoadGen result folder, stored once as read (immutable), and the report built from it
// against the published results on every read (the match comes from the URL). Parsing and all the report's logic
// live in lib/reproduce; this module stores and queries.
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { getResultsByIds } from "@/db/queries/results";
import type { MemberSource } from "@/lib/campaign/runs";
import { UPLOAD_ID } from "@/lib/id-patterns";
import { splitModel } from "@/lib/mlperf/normalize";
import { type ArchiveLimits, readArchive, sniffArchive } from "@/lib/reproduce/archive";
import { ReproduceInputError, readUploadedFolder, type UploadEntry, type UploadedFolder } from "@/lib/reproduce/files";
import {
  buildReproduction,
  type CandidateRow,
  type PublishedSide,
  type ReproductionView,
  reproductionAsUpload,
} from "@/lib/reproduce/index";
import { matchUpload } from "@/lib/reproduce/match";
import type { RunSettings } from "@/lib/reproduce/settings";
import { stripUnsafe } from "@/lib/text/labels";
import type { DbHandle } from "./client";
import { bumpDataVersion } from "./data-version";
import { decodeUtf8Fast } from "./decode";
import { sha256Hex } from "./hash";

const MAX_REPRODUCTION_FILES = 500;
/** A text we parse is at most this big; an accuracy log (mlperf_log_accuracy.json) is kept as evidence only. */
const MAX_TEXT_BYTES = 64 * 1024 * 1024;

export interface RawUpload {
  name: string;
  bytes: Uint8Array;
}

/** Uploaded files (or one archive among them) → the entries of one result folder. Throws ReproduceInputError. */
function unpackUpload(files: RawUpload[], limits?: ArchiveLimits): { entries: UploadEntry[]; label: string } {
  const entries: UploadEntry[] = [];
  let label = "";
  for (const f of files) {
    const kind = sniffArchive(f.bytes);
    if (kind) {
      try {
        const a = readArchive(f.bytes, limits);
        for (const x of a.files) entries.push(decode(x.path, x.bytes));
      } catch (e) {
        if (e instanceof Error && e.name === "ArchiveError")
          throw new ReproduceInputError(e.message, f.name, null, "file");
        throw e;
      }
      label ||= f.name.replace(/\.(zip|tar\.gz|tgz|tar)$/i, "");
    } else {
      entries.push(decode(f.name.replace(/\\/g, "/").replace(/^\/+/, ""), f.bytes));
      label ||= f.name.split("/")[0] ?? f.name;
    }
    if (entries.length > MAX_REPRODUCTION_FILES)
      throw new ReproduceInputError(`more than ${MAX_REPRODUCTION_FILES} files in one upload`, f.name, null, "file");
  }
  return { entries, label: label.slice(0, 120) || "reproduction" };
}

function decode(path: string, bytes: Uint8Array): UploadEntry {
  const base = path.split("/").pop() ?? path;
  if (/^mlperf_log_accuracy\.json$/i.test(base) || bytes.length > MAX_TEXT_BYTES)
    return { path, text: null, size: bytes.length };
  const d = decodeUtf8Fast(bytes);
  if (!d.ok) {
    // a binary file that is no log (an image, a .pdf) is ignored; a log with a bad byte is an error
    const head = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 4096));
    if (/MLPerf Results Summary|^:::MLLOG/m.test(head)) throw new ReproduceInputError(d.message, path, d.line, null);
    return { path, text: null, size: bytes.length };
  }
  return { path, text: d.text, size: bytes.length };
}

function newReproductionId(): string {
  return randomBytes(16).toString("base64url");
}

/** Parses and stores an upload; one insert, nothing stored when anything is rejected. */
export async function saveReproduction(
  h: DbHandle,
  files: RawUpload[],
  limits?: ArchiveLimits,
): Promise<{ id: string; folder: UploadedFolder }> {
  const { entries, label } = unpackUpload(files, limits);
  const folder = readUploadedFolder(entries);
  const id = newReproductionId();
  const platform = folder.scenarios.find((s) => s.platform)?.platform ?? folder.systems[0]?.platform ?? null;
  const fileList = files.map((f) => ({ path: f.name, size: f.bytes.length, sha256: sha256Hex(f.bytes) }));
  await h.tx(async (t) => {
    await t.db.insert(t.t.reproductions).values({
      id,
      label: stripUnsafe(platform ?? label), // from files: controls and bidi overrides dropped (lib/text/labels.ts)
      files: JSON.stringify(fileList),
      folder: JSON.stringify(folder),
      createdAt: new Date().toISOString(),
    });
    // a write changes what pages can show: the shared data version (db/data-version.ts) moves with it
    await bumpDataVersion(t);
  });
  return { id, folder };
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
