// Server start (Next calls register() once per server process, under `npm start` and `next start` alike): the worker
// bundle (.worker/jobs.mjs) and the Next build (.next) are built apart (`npm run build:worker`, `next build`), and a
// bundle built from other sources than the server writes campaign analyses the server cannot read back. One empty
// campaign analysed in the pool tells the bundle's ANALYSIS_VERSION; a mismatch is logged now, naming the stale build
// (db/campaign-analysis.ts checkWorkerBuild), and campaigns are then analysed by the server's own code.
export async function register(): Promise<void> {
  // the edge runtime has no workers; `next build` loads this module too, and starts no pool
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { checkWorkerBuild } = await import("@/db/campaign-analysis");
  // not awaited: the server answers while the pool starts
  checkWorkerBuild()
    .then((found) => {
      if (found && !found.stale)
        console.log(`worker bundle agrees with this build (campaign analysis version ${found.server})`);
    })
    .catch((e: unknown) => {
      console.error(`PerfContext: the worker pool could not start: ${e instanceof Error ? e.message : String(e)}`);
    });
}
