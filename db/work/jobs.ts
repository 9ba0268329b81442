// The CPU-heavy work of a request, as jobs the worker pool (db/work/pool.ts) runs off the request thread (issue 26):
// parsing a bake-off upload, unpacking and reading a reproduction, and analysing a campaign. Plain data in, plain
// data out (structured-clonable: strings and numbers), never the database: the request thread reads and writes the
// store and hands each job the texts it needs. A refused input is an answer, not a throw, so its file, line and
// field cross the thread boundary intact. This file is the worker's entry (bundled by db/work/bundle.ts).
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { isMainThread } from "node:worker_threads";
import { move, transferableSymbol, valueSymbol } from "piscina";
import { analyzeCampaign, type CampaignMember, type MemberSource } from "@/lib/campaign";
import type { RunFacts } from "@/lib/campaign/facts";
import { storedAnalysis, storedAnalysisText } from "@/lib/campaign/stored";
import { InputError } from "@/lib/input-error";
import type { UploadedFolder } from "@/lib/reproduce/files";
import { reproductionAsUpload } from "@/lib/reproduce/index";
import type { BakeoffRun } from "@/lib/types";
import { type PreparedRow, prepareBakeoffRow, type RawUploadFile, type SaveBakeoffInput } from "../bakeoff-prepare";
import { type PreparedReproduction, prepareReproduction, type RawUpload } from "../reproductions-unpack";
import { type MemberRead, readMemberTexts, readSamplesBytes, type SamplesRead } from "./sqlite-read";
import { type RowTarget, writeUploadRow } from "./sqlite-write";

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
  /** SQLite: an upload's whole runs read by the worker and moved back as bytes (`?full=1`) */
  | { kind: "samples"; read: SamplesRead }
  | {
      kind: "campaign";
      campaign: CampaignHead;
      /** keyed `${kind}:${id}`; null when not stored. Null as a whole: the worker reads them itself (`read`) */
      sources: Record<string, SourceText | null> | null;
      /** SQLite: the worker reads the members on its own connection (db/work/sqlite-read.ts) */
      read?: MemberRead | null;
      missing: Record<CampaignMember["kind"], string>;
    };

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
      : string;

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

/** The campaign's stored analysis (lib/campaign/stored.ts) as JSON; each distinct member parsed once. */
export function campaignAnalysisJson(job: Extract<Job, { kind: "campaign" }>): string {
  const parsed = new Map<string, MemberSource | null>();
  const sources = job.sources ?? (job.read ? readMemberTexts(job.read, job.campaign.members) : {});
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
  return storedAnalysisText(storedAnalysis({ ...job.campaign, analysis }));
}

function bakeoffJob(job: Extract<Job, { kind: "bakeoff" }>): BakeoffJobValue {
  const row = prepareBakeoffRow(job.input);
  if (!job.write) return { stored: null, row };
  writeUploadRow(job.write, row);
  const { runs: _runs, facts: _facts, ...head } = row;
  return { stored: job.write, row: head };
}

type AnyValue = BakeoffJobValue | PreparedReproduction | string | Uint8Array | null;

function runJob(job: Job): AnyValue {
  if (job.kind === "bakeoff") return bakeoffJob(job);
  if (job.kind === "reproduction") return prepareReproduction(job.files);
  if (job.kind === "samples") return readSamplesBytes(job.read);
  return campaignAnalysisJson(job);
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
export default function work(job: Job): JobResult<AnyValue> {
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
    const value = runJob(job);
    const result: JobResult<AnyValue> = { ok: true, value, cost: cost() };
    // bytes move back to the request thread instead of being copied (piscina's move, in a worker thread): the
    // answer is `result`, its buffer in the transfer list
    if (!(value instanceof Uint8Array) || isMainThread) return result;
    return move({ [transferableSymbol]: [value.buffer], [valueSymbol]: result } as never) as never;
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
