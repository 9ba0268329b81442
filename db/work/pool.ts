// The worker pool (issue 26): the CPU-heavy part of a request (db/work/jobs.ts) runs in a small piscina pool of
// worker threads, so the thread that answers every other request (and /api/health) never parses a 20 MB upload,
// unpacks an archive or analyses a campaign. Each job is bounded: in time (JOB_LIMITS.timeoutMs, after which its
// thread is stopped), in memory (resourceLimits: a job past its heap is ended, not the server) and in waiting (a
// full queue answers 503 at once). A job is cancelled, its thread stopped, when the client goes away (the request's
// AbortSignal). One pool per process (kept on globalThis: Next loads route modules in several chunks).
// PERFCONTEXT_WORKERS=0 runs jobs in process (the CLI does: one command, nothing else to keep responsive).
import os from "node:os";
import { BroadcastChannel } from "node:worker_threads";
import { Piscina } from "piscina";
import { ensureWorkerBundle } from "./bundle";
import work, { type Job, type JobCost, type JobRefusal, type JobResult, type JobValue } from "./jobs";
import { CLOSE_CHANNEL, closeWorkerConnections } from "./store";

function envNumber(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** The bounds of every job; each overridable by its environment variable (docs/performance.md). */
export const JOB_LIMITS = {
  /** PERFCONTEXT_JOB_THREADS: worker threads; one core is left to the request thread. */
  threads: envNumber("PERFCONTEXT_JOB_THREADS", Math.max(1, Math.min(4, os.availableParallelism() - 1))),
  /** PERFCONTEXT_JOB_TIMEOUT_MS: a job still running after this is stopped and its request answered 503. */
  timeoutMs: envNumber("PERFCONTEXT_JOB_TIMEOUT_MS", 120_000),
  /** PERFCONTEXT_JOB_HEAP_MB: a worker's old-generation heap; a job needing more ends its thread, not the server. */
  heapMb: envNumber("PERFCONTEXT_JOB_HEAP_MB", 768),
  /** PERFCONTEXT_JOB_QUEUE: jobs waiting for a thread beyond which a request is refused at once (503). */
  queue: envNumber("PERFCONTEXT_JOB_QUEUE", 16),
};

/** A job that did not finish: the status and message its request answers with. Nothing was stored. */
export class JobFailed extends Error {
  override name = "JobFailed";
  constructor(
    readonly status: 499 | 503,
    message: string,
    readonly retryAfterS: number | null = null,
  ) {
    super(message);
  }
}

/** A job's input refused (bad file, over a budget): its file, line and field, as the job reported them. */
export class JobRefused extends Error {
  override name = "JobRefused";
  constructor(readonly refused: JobRefusal) {
    super(refused.message);
  }
}

const KEY = Symbol.for("perfcontext.workerPool");
const COSTS = Symbol.for("perfcontext.jobCosts");
type CostLog = { [COSTS]?: JobCost[] };

/**
 * What each job cost its thread (busy and CPU time, measured in the thread itself: db/work/jobs.ts), the last 64
 * kept on globalThis for the bench's loop probe (server/index.mjs, PERFCONTEXT_LOOP_PROBE) to read and clear.
 */
function logCost(cost: JobCost | undefined): void {
  if (!cost) return;
  const g = globalThis as CostLog;
  g[COSTS] ??= [];
  const log = g[COSTS];
  log.push(cost);
  if (log.length > 64) log.shift();
}
type Holder = { [KEY]?: Promise<Piscina> };

function pool(): Promise<Piscina> {
  const g = globalThis as Holder;
  g[KEY] ??= ensureWorkerBundle().then(
    (filename) =>
      new Piscina({
        filename,
        // the bundle is plain JavaScript: no loader flags (tsx's, vitest's) carried into the threads, whose hooks
        // would make this thread wait on their loader while a worker loads
        execArgv: [],
        // an idle thread waits for its next job without blocking its event loop (piscina's default, "sync", stops
        // it in Atomics.wait): its PostgreSQL pool's idle timers and closePool's request to close (db/work/store.ts)
        // run between jobs
        atomics: "async",
        minThreads: 0,
        maxThreads: JOB_LIMITS.threads,
        idleTimeout: 60_000,
        maxQueue: JOB_LIMITS.queue,
        resourceLimits: { maxOldGenerationSizeMb: JOB_LIMITS.heapMb, maxYoungGenerationSizeMb: 64 },
      }),
  );
  return g[KEY];
}

export function workersEnabled(): boolean {
  return process.env.PERFCONTEXT_WORKERS !== "0";
}

/** The ArrayBuffers a job carries, moved to the worker instead of copied. */
function transferables(job: Job): ArrayBuffer[] {
  const files = job.kind === "bakeoff" ? job.input.files : job.kind === "reproduction" ? job.files : [];
  const out = new Set<ArrayBuffer>();
  for (const f of files)
    if ("bytes" in f && f.bytes.buffer instanceof ArrayBuffer && f.bytes.byteLength === f.bytes.buffer.byteLength)
      out.add(f.bytes.buffer);
  return [...out];
}

/**
 * Run one job off the request thread. Resolves with its value; rejects with JobRefused (the input was refused),
 * JobFailed (timed out, client gone, queue full, out of memory) or the job's own fault.
 */
export async function runJob<K extends Job["kind"]>(
  job: Job & { kind: K },
  opts: { signal?: AbortSignal | null; timeoutMs?: number; transfer?: ArrayBuffer[] } = {},
): Promise<JobValue<K>> {
  let result: JobResult<unknown>;
  if (!workersEnabled()) result = await work(job);
  else {
    const timeoutMs = opts.timeoutMs ?? JOB_LIMITS.timeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    const p = await pool();
    try {
      // the caller's buffers (a request body its files are views of) move with the job, uncopied
      const transferList = [...new Set([...transferables(job), ...(opts.transfer ?? [])])];
      result = (await p.run(job, { signal, transferList })) as JobResult<unknown>;
    } catch (e) {
      if (opts.signal?.aborted) throw new JobFailed(499, "the client went away; the work was stopped");
      if (timeout.aborted)
        throw new JobFailed(503, `the work took longer than ${timeoutMs / 1000} s and was stopped; nothing was stored`);
      const msg = e instanceof Error ? e.message : String(e);
      if (/queue is at limit|No task queue available/i.test(msg))
        throw new JobFailed(503, "the server is busy with other uploads; try again shortly", 5);
      if (/ERR_WORKER_OUT_OF_MEMORY|out of memory|heap/i.test(`${msg} ${(e as { code?: string }).code ?? ""}`))
        throw new JobFailed(
          503,
          `the work needed more than the ${JOB_LIMITS.heapMb} MB a job may use and was stopped; nothing was stored`,
        );
      throw e;
    }
  }
  logCost(result.cost);
  if (!result.ok) throw new JobRefused(result.refused);
  return result.value as JobValue<K>;
}

/**
 * Ask every worker thread to close its own PostgreSQL connections (db/work/store.ts) and wait for their answers (at
 * most `waitMs`): a thread stopped with them open would leave the server to notice its connections were dropped.
 */
async function closeThreadConnections(threads: number, waitMs = 2000): Promise<number> {
  if (threads === 0) return 0;
  const ch = new BroadcastChannel(CLOSE_CHANNEL);
  let answered = 0;
  try {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, waitMs);
      ch.onmessage = () => {
        if (++answered >= threads) {
          clearTimeout(timer);
          resolve();
        }
      };
      ch.postMessage("close");
    });
  } finally {
    ch.close();
  }
  return answered;
}

/**
 * The pool's threads, stopped, their connections closed first (tests, benches, a server shutting down): how many
 * threads there were and how many said they had closed theirs.
 */
export async function closePool(): Promise<{ threads: number; answered: number }> {
  const g = globalThis as Holder;
  const p = g[KEY];
  g[KEY] = undefined;
  await closeWorkerConnections();
  if (!p) return { threads: 0, answered: 0 };
  const piscina = await p;
  const threads = piscina.threads.length;
  const answered = await closeThreadConnections(threads);
  await piscina.destroy();
  return { threads, answered };
}

// server/index.mjs closes the pool on SIGTERM/SIGINT: it cannot import this module (Next bundles it), so it finds it here
(globalThis as { [k: symbol]: unknown })[Symbol.for("perfcontext.closeWorkerPool")] = closePool;
