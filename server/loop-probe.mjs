// The bench's view into the request thread (issue 26; on only with PERFCONTEXT_LOOP_PROBE=1, see server/index.mjs).
// A wall-clock figure from outside (health p99) mixes what this process does with what a loaded machine does to it;
// these two are measured in the process itself:
// - the longest event-loop block: perf_hooks.monitorEventLoopDelay samples how late a 5 ms timer fires, so its max
//   is the longest stretch the thread answering every request (and /api/health) could not run a callback;
// - each worker job's own busy and CPU time, measured in its thread (db/work/jobs.ts) and logged by db/work/pool.ts
//   on globalThis under Symbol.for("perfcontext.jobCosts").
// Each read answers what happened since the previous read, then starts over.
import { monitorEventLoopDelay } from "node:perf_hooks";

const COSTS = Symbol.for("perfcontext.jobCosts");

/** @returns {{ answer(res: import("node:http").ServerResponse): void, read(): { maxBlockMs: number, jobs: unknown[] } }} */
export function loopProbe() {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const read = () => {
    // a sample is how long a 5 ms timer waited: its max, less the 5 ms it was meant to wait, is the longest block
    const maxBlockMs = h.count > 0 ? Math.max(0, h.max / 1e6 - 5) : 0;
    const log = /** @type {Record<symbol, unknown[] | undefined>} */ (globalThis)[COSTS] ?? [];
    const jobs = log.splice(0, log.length);
    h.reset();
    return { maxBlockMs, jobs };
  };
  return {
    read,
    answer(res) {
      res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
      res.end(JSON.stringify(read()));
    },
  };
}
