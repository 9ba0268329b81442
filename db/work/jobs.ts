// The CPU-heavy work of a request, as jobs the worker pool (db/work/pool.ts) runs off the request thread (issue 26):
// parsing a bake-off upload, unpacking and reading a reproduction, analysing a campaign, and reading or writing
// megabytes of the store (db/work/reads.ts: a campaign's members and rows, its stored report, an upload's whole runs)
// on the worker's own connection (db/work/store.ts: the SQLite file or a small PostgreSQL pool per thread). Plain data
// in, plain data out (structured-clonable; bytes moved back, not copied). A refused input is an answer, not a throw,
// so its file, line and field cross the thread boundary intact. This file is the worker's entry (db/work/bundle.ts).
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { isMainThread } from "node:worker_threads";
import { move, transferableSymbol, valueSymbol } from "piscina";
import { analyzeCampaign, type CampaignMember, type MemberSource } from "@/lib/campaign";
import type { RunFacts } from "@/lib/campaign/facts";
import { type StoredColumns, storedAnalysis, storedColumns } from "@/lib/campaign/stored";
import { InputError } from "@/lib/input-error";
import type { UploadedFolder } from "@/lib/reproduce/files";
import { reproductionAsUpload } from "@/lib/reproduce/index";
import type { BakeoffRun } from "@/lib/types";
import { type PreparedRow, prepareBakeoffRow, type RawUploadFile, type SaveBakeoffInput } from "../bakeoff-prepare";
import { type PreparedReproduction, prepareReproduction, type RawUpload } from "../reproductions-unpack";
import { type PageRead, readCampaignPage } from "./campaign-page";
import {
  type CampaignWrite,
  type ReportBytes,
  type ReportRead,
  readMemberTexts,
  readReportBytes,
  readSamplesBytes,
  type SamplesRead,
  writeCampaignRows,
} from "./reads";
import { type RowTarget, writeUploadRow } from "./sqlite-write";
import type { WorkerStore } from "./store";

/** A member's stored texts, as the request thread read them (one per distinct kind and id). */
export type SourceText =
  | {
      kind: "bakeoff";
      id: string;
      label: string;
      accelerator: string | null;
      accelerators: number | null;
      nodes: number | null;
      modelFamily: string | null;
      /** JSON BakeoffRun[], whole (the per-shape SLO counts read the per-request samples) */
      runs: string;
      facts: string | null;
    }
  | { kind: "reproduction"; id: string; label: string; folder: string };

export interface CampaignHead {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  members: CampaignMember[];
}

export type Job =
  | {
      kind: "bakeoff";
      input: Omit<SaveBakeoffInput, "files"> & { files: RawUploadFile[] };
      /** SQLite: the worker writes the row itself (db/work/sqlite-write.ts); absent, the caller stores it */
      write?: RowTarget | null;
    }
  | { kind: "reproduction"; files: RawUpload[] }
  /** an upload's whole runs read by the worker and moved back as bytes (`?full=1`) */
  | { kind: "samples"; read: SamplesRead }
  /** a campaign's stored report read by the worker, moved back as JSON or CSV bytes */
  | { kind: "campaign-report"; read: ReportRead }
  /** the campaign page's view: its window of runs and its chart, made from the stored report (./campaign-page.ts) */
  | { kind: "campaign-page"; read: PageRead }
  | {
      kind: "campaign";
      campaign: CampaignHead;
      /** keyed `${kind}:${id}`; null when not stored. Null as a whole: the worker reads them itself (`read`) */
      sources: Record<string, SourceText | null> | null;
      /** the worker reads the members on its own connection (db/work/reads.ts) */
      read?: WorkerStore | null;
      /** the worker writes the campaign's rows itself when its analysis is of this version (else returns them) */
      write?: (CampaignWrite & { version: number }) | null;
      missing: Record<CampaignMember["kind"], string>;
    };

/** A campaign job's answer: the stored columns for the caller to store, or that the worker stored them. */
export type CampaignJobValue =
  | { stored: false; columns: StoredColumns }
  /** found false: an update whose campaign was gone (nothing written) */
  | { stored: true; version: number; found: boolean };

/**
 * A bake-off job's answer: the row's texts for the caller to store, or, written here, the row without its whole runs
 * and facts (what the answer to the upload needs; the 16 MB of a max-cap upload's samples never cross back).
 */
export type BakeoffJobValue =
  | { stored: null; row: PreparedRow }
  | { stored: RowTarget; row: Omit<PreparedRow, "runs" | "facts"> };

export type JobValue<J extends Job["kind"]> = J extends "bakeoff"
  ? BakeoffJobValue
  : J extends "reproduction"
    ? PreparedReproduction
    : J extends "samples"
      ? Uint8Array | null
      : J extends "campaign-report" | "campaign-page"
        ? ReportBytes
        : CampaignJobValue;

export interface JobRefusal {
  name: string;
  message: string;
  file: string | null;
  line: number | null;
  field: string | null;
}

/**
 * What one job cost the thread that ran it: busy is the thread's event-loop-active time over the job (wall time
 * while the thread worked, so it stretches when the thread waits for a core), cpu its own CPU time (user + system
 * of this thread alone, /proc/thread-self on Linux; null elsewhere).
 */
export interface JobCost {
  kind: Job["kind"];
  busyMs: number;
  cpuMs: number | null;
}

export type JobResult<V> = ({ ok: true; value: V } | { ok: false; refused: JobRefusal }) & { cost?: JobCost };

function parseFacts(json: string | null, runs: number): RunFacts[] | null {
  if (!json) return null;
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) && v.length === runs ? (v as RunFacts[]) : null;
  } catch {
    return null;
  }
}

/** A stored member's texts → what lib/campaign reads. */
export function memberSource(s: SourceText): MemberSource {
  if (s.kind === "reproduction")
    return {
      kind: "reproduction",
      id: s.id,
      label: s.label,
      ...reproductionAsUpload(JSON.parse(s.folder) as UploadedFolder),
      facts: null,
    };
  const runs = JSON.parse(s.runs) as BakeoffRun[];
  return {
    kind: "bakeoff",
    id: s.id,
    label: s.label,
    accelerator: s.accelerator,
    accelerators: s.accelerators,
    nodes: s.nodes,
    modelFamily: s.modelFamily,
    runs,
    facts: parseFacts(s.facts, runs.length),
  };
}

/** The campaign's stored analysis (lib/campaign/stored.ts) as its stored columns; each distinct member parsed once. */
export async function campaignColumns(job: Extract<Job, { kind: "campaign" }>): Promise<StoredColumns> {
  const parsed = new Map<string, MemberSource | null>();
  const sources = job.sources ?? (job.read ? await readMemberTexts(job.read, job.campaign.members) : {});
  const withSources = job.campaign.members.map((member) => {
    const key = `${member.kind}:${member.id}`;
    if (!parsed.has(key)) {
      const text = sources[key];
      parsed.set(key, text ? memberSource(text) : null);
    }
    const source = parsed.get(key) ?? null;
    return { member, source, why: source ? undefined : job.missing[member.kind] };
  });
  const analysis = analyzeCampaign(withSources);
  return storedColumns(storedAnalysis({ ...job.campaign, analysis }));
}

/** Analyse, then write the rows here when asked and this worker's analysis is the version the caller reads. */
async function campaignJob(job: Extract<Job, { kind: "campaign" }>): Promise<CampaignJobValue> {
  const columns = await campaignColumns(job);
  if (!job.write || columns.version !== job.write.version) return { stored: false, columns };
  return { stored: true, version: columns.version, found: await writeCampaignRows(job.write, columns) };
}

function bakeoffJob(job: Extract<Job, { kind: "bakeoff" }>): BakeoffJobValue {
  const row = prepareBakeoffRow(job.input);
  if (!job.write) return { stored: null, row };
  writeUploadRow(job.write, row);
  const { runs: _runs, facts: _facts, ...head } = row;
  return { stored: job.write, row: head };
}

type AnyValue = BakeoffJobValue | PreparedReproduction | CampaignJobValue | ReportBytes | Uint8Array | null;

async function runJob(job: Job): Promise<AnyValue> {
  if (job.kind === "bakeoff") return bakeoffJob(job);
  if (job.kind === "reproduction") return prepareReproduction(job.files);
  if (job.kind === "samples") return readSamplesBytes(job.read);
  if (job.kind === "campaign-report") return readReportBytes(job.read);
  if (job.kind === "campaign-page") return readCampaignPage(job.read);
  return campaignJob(job);
}

/** The buffer an answer carries back (moved, not copied), if any. */
function bytesOf(value: AnyValue): ArrayBuffer | null {
  const b = value instanceof Uint8Array ? value : value && "bytes" in value ? value.bytes : null;
  return b && b.buffer instanceof ArrayBuffer ? b.buffer : null;
}

/** This thread's own CPU time in ms (Linux: utime + stime of /proc/thread-self, in 10 ms ticks), null elsewhere. */
export function threadCpuMs(): number | null {
  try {
    const stat = fs.readFileSync("/proc/thread-self/stat", "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** The worker's entry: one job, its value or the refusal of its input. Anything else is a fault and throws. */
export default async function work(job: Job): Promise<JobResult<AnyValue>> {
  const elu0 = performance.eventLoopUtilization();
  const cpu0 = threadCpuMs();
  const cost = (): JobCost => {
    const cpu1 = threadCpuMs();
    return {
      kind: job.kind,
      busyMs: performance.eventLoopUtilization(elu0).active,
      cpuMs: cpu0 !== null && cpu1 !== null ? cpu1 - cpu0 : null,
    };
  };
  try {
    const value = await runJob(job);
    const result: JobResult<AnyValue> = { ok: true, value, cost: cost() };
    // bytes move back to the request thread instead of being copied (piscina's move, in a worker thread): the
    // answer is `result`, its buffer in the transfer list
    const buffer = bytesOf(value);
    if (!buffer || isMainThread) return result;
    return move({ [transferableSymbol]: [buffer], [valueSymbol]: result } as never) as never;
  } catch (e) {
    if (e instanceof InputError)
      return {
        ok: false,
        refused: { name: e.name, message: e.message, file: e.file, line: e.line, field: e.field },
        cost: cost(),
      };
    throw e;
  }
}
