import Link from "next/link";
import { ScrollRegion } from "@/components/compare/scroll-region";
import { getStore } from "@/db/client";
import { getLastImport, getRoundSummaries } from "@/db/queries/overview";
import { formatInt } from "@/lib/format";

export const dynamic = "force-dynamic";

const plural = (n: number, word: string): string => `${formatInt(n)} ${word}${n === 1 ? "" : "s"}`;

export default async function HomePage() {
  const h = await getStore();
  const rounds = await getRoundSummaries(h);
  const last = await getLastImport(h);
  const total = rounds.reduce((a, r) => a + r.results, 0);
  return (
    <div className="space-y-8">
      <section className="max-w-3xl space-y-3">
        <h1 className="text-2xl font-semibold tracking-tight">MLPerf Inference results, in context</h1>
        <p className="text-slate-700 dark:text-slate-300">
          A headline like “1,000,000+ tokens/s” is one system result: one scenario, one system size, one precision, one
          software stack, one round. PerfContext keeps that context beside every number, flags comparisons that mix
          them, and lets you overlay your own bake-off runs (always marked unverified).
        </p>
        <p className="text-slate-700 dark:text-slate-300">
          <Link
            href="/overview"
            className="font-medium text-sky-700 underline dark:text-sky-400"
            data-testid="home-overview"
          >
            What a million tokens costs at your service level
          </Link>
          : per system, output tokens per accelerator-hour and cost at your users’ speed, from the published point that
          meets it.
        </p>
      </section>
      <section aria-labelledby="rounds-h" className="space-y-3">
        <h2 id="rounds-h" className="text-lg font-semibold">
          Rounds in this database{" "}
          <span className="font-normal text-slate-600 dark:text-slate-400">({formatInt(total)} results)</span>
        </h2>
        {rounds.length === 0 ? (
          <p className="rounded border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200">
            The database is empty. Run <code>npm run setup</code> to load the bundled official rounds, or{" "}
            <code>npm run import -- PATH</code> to import MLCommons summaries.
          </p>
        ) : (
          // fits a phone (short round names, tighter cells); a longer table scrolls inside its own box, which is also
          // the containing block of the sr-only caption
          <ScrollRegion label="Rounds (scrolls sideways)" className="max-w-3xl">
            <table className="w-full text-sm" data-testid="rounds-table">
              <caption className="sr-only">Result counts per MLPerf Inference round</caption>
              <thead className="border-b border-slate-300 text-left dark:border-slate-700">
                <tr>
                  <th scope="col" className="py-2 pr-2 sm:pr-4">
                    Round
                  </th>
                  <th scope="col" className="py-2 pr-2 sm:pr-4 text-right">
                    Results
                  </th>
                  <th scope="col" className="py-2 pr-2 sm:pr-4 text-right">
                    Submitters
                  </th>
                  <th scope="col" className="py-2 pr-2 sm:pr-4 text-right">
                    Systems
                  </th>
                  <th scope="col" className="py-2 pr-2 sm:pr-4 text-right">
                    Multi-node results
                  </th>
                  <th scope="col" className="py-2 text-right">
                    With LoadGen latency
                  </th>
                </tr>
              </thead>
              <tbody>
                {rounds.map((r) => (
                  <tr key={r.round} className="border-b border-slate-100 dark:border-slate-800">
                    <th scope="row" className="py-2 pr-2 sm:pr-4 text-left font-medium">
                      <Link
                        className="text-sky-700 underline dark:text-sky-400"
                        href={`/results?round=${encodeURIComponent(r.round)}`}
                      >
                        <span className="sr-only sm:not-sr-only">MLPerf Inference </span>
                        {r.round}
                      </Link>
                      {!r.whole && (
                        <span
                          className="ml-2 block text-xs font-normal text-amber-800 sm:inline dark:text-amber-300"
                          data-testid="partial-round"
                        >
                          partial: {plural(r.files, "file")} from {plural(r.submitters, "submitter")}, not the whole
                          round
                        </span>
                      )}
                    </th>
                    <td className="num py-2 pr-2 sm:pr-4">{formatInt(r.results)}</td>
                    <td className="num py-2 pr-2 sm:pr-4">{formatInt(r.submitters)}</td>
                    <td className="num py-2 pr-2 sm:pr-4">{formatInt(r.systems)}</td>
                    <td className="num py-2 pr-2 sm:pr-4">{formatInt(r.multiNode)}</td>
                    <td className="num py-2">{formatInt(r.withLatency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        {rounds.some((r) => !r.whole) && (
          <p className="max-w-3xl text-xs text-slate-600 dark:text-slate-400">
            A <em>partial</em> round holds only the files imported for it (a few submitters’ checker summaries or
            LoadGen runs), not the round’s official summary: its counts are not the round’s. Rounds before v4.0
            published no round-wide summary at all.
          </p>
        )}
        {last && (
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Last import {last.finishedAt.slice(0, 19).replace("T", " ")} UTC.
          </p>
        )}
      </section>
    </div>
  );
}
