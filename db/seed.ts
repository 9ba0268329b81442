// `npm run db:seed` (part of `npm run setup`): import the bundled official rounds (data/official/, no network, each
// file's sha256 checked against the manifest); then, unless PERFCONTEXT_OFFLINE=1, refresh from the official URLs
// (the rounds' summaries and the Endpoints results repositories).
// A failed fetch is one line, never a failure: the bundled rounds alone are the real published results.
import { getStore } from "./client";
import { refreshEndpoints } from "./import/endpoints-official";
import { BundleError, importBundled, refreshOfficial } from "./import/official";

/** One timeout for all the (parallel) refresh fetches: setup must stay quick where the network is slow or absent. */
const REFRESH_TIMEOUT_MS = Number(process.env.PERFCONTEXT_REFRESH_TIMEOUT_MS ?? 8000);

async function main(): Promise<void> {
  const h = await getStore();
  const started = Date.now();
  const bundled = await importBundled(h);
  if (bundled.rejected > 0) {
    for (const e of bundled.errors) console.error(`${e.source}:${e.line ?? "?"} [${e.field ?? "-"}] ${e.message}`);
    throw new Error(`${bundled.rejected} bundled official file(s) rejected`);
  }
  console.log(
    `bundled official rounds (data/official/): ${bundled.inserted} inserted, ${bundled.updated} updated, ${bundled.unchanged} unchanged in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (process.env.PERFCONTEXT_OFFLINE !== "1") {
    const opts = { timeoutMs: REFRESH_TIMEOUT_MS, mirrorBase: process.env.PERFCONTEXT_OFFICIAL_BASE ?? null };
    // the Inference rounds' summaries, then the Endpoints results repositories (db/import/endpoints-official.ts)
    const lines = [...(await refreshOfficial(h, opts)), ...(await refreshEndpoints(h, opts))];
    for (const l of lines) {
      const text = `official ${l.round}: ${l.message}`;
      if (l.status === "failed" || l.status === "rejected") console.warn(`${text}; the bundled data stays`);
      else console.log(text);
    }
  }
  const rows = await h.x.all<{ round: string; n: number }>(
    "select round, count(*) as n from results where origin <> 'loadgen-pending' group by round order by round",
  );
  const total = rows.reduce((a, r) => a + Number(r.n), 0);
  console.log(`database ${h.file}: ${total} results (${rows.map((r) => `${r.round} ${r.n}`).join(", ")})`);
  await h.close();
}

main().catch((e: unknown) => {
  console.error(`seed failed: ${e instanceof BundleError ? e.message : (e as Error).message}`);
  process.exit(1);
});
