import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { Footnotes } from "@/components/compare/footnotes";
import { ResultHistory, StatusBanner } from "@/components/lifecycle/result-history";
import { LatencySection } from "@/components/result/latency-section";
import { ReadInContextPanel } from "@/components/result/read-in-context";
import { OtherRounds, Siblings } from "@/components/result/related-results";
import { SystemDetails } from "@/components/result/system-details";
import { ValueCards } from "@/components/result/value-cards";
import { getStore } from "@/db/client";
import { getResultHistory } from "@/db/queries/changes";
import { getResultById, getSameHardwareOtherRounds, getSiblings } from "@/db/queries/results";
import { getDataVersion } from "@/db/queries/version";
import { derivedFootnote, footnote, readInContext } from "@/lib/context";
import { formatNumber, unitLabel } from "@/lib/format";
import { isResultId } from "@/lib/id-patterns";
import { perAccelerator } from "@/lib/judge";
import { acceleratorsLabel } from "@/lib/snapshot";
import { PAGE_DEFAULTS, serializeResultsState } from "@/lib/url-state";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

const load = cache(async (id: string) => (isResultId(id) ? getResultById(await getStore(), id) : null));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const r = await load((await params).id);
  if (!r) return { title: "Result not found" };
  const title = `${r.submitter} ${r.platform} — ${r.model} ${r.scenario} (${r.round})`;
  return {
    title,
    description: `${formatNumber(r.value)} ${unitLabel(r.units)} on ${acceleratorsLabel(r) ?? `${r.totalAccelerators ?? "?"} accelerators`} over ${r.nodes ?? "?"} node(s), ${r.precision ?? "precision not published"}, MLPerf Inference ${r.round} ${r.division}.`,
  };
}

const ACTION =
  "rounded-md border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600";

export default async function ResultPage({ params }: Props) {
  const r = await load((await params).id);
  if (!r) notFound();
  const h = await getStore();
  const siblings = await getSiblings(h, r);
  const others = await getSameHardwareOtherRounds(h, r);
  const history = await getResultHistory(h, r.id);
  const context = readInContext(r, { siblings });
  const per = perAccelerator(r);
  const retrievedAt = r.importedAt ?? (await getDataVersion(h)).at;
  const notes = [footnote(r, { retrievedAt }), ...(per.value !== null ? [derivedFootnote()] : [])];
  // the result's own view (its benchmark by canonical id, so v6.0 and v6.1 spellings are one), which holds it
  const view = {
    ...PAGE_DEFAULTS,
    round: [r.round],
    model: [r.benchmark],
    scenario: [r.scenario],
    division: [r.division],
    availability: [r.availability],
    suite: [],
  };
  const compareWith = `/results?${serializeResultsState({ ...view, ids: [r.id] })}`;
  const benchmarkView = `/results?${serializeResultsState(view)}`;
  return (
    <article className="space-y-8">
      <header className="space-y-2">
        <nav aria-label="Breadcrumb" className="text-sm text-slate-600 dark:text-slate-400 print:hidden">
          <Link href="/results" className="hover:underline">
            Results
          </Link>{" "}
          /{" "}
          <Link href={benchmarkView} className="hover:underline">
            {r.round} {r.model}
          </Link>
        </nav>
        <p className="text-sm font-medium text-slate-600 dark:text-slate-400" data-testid="result-eyebrow">
          MLPerf Inference {r.round} · {r.division} · {r.suite} · {r.availability} ·{" "}
          {r.resultId ? `Result ID ${r.resultId}` : "result ID not in the source summary"}
        </p>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{r.system}</h1>
        <p className="text-lg text-slate-700 dark:text-slate-300" data-testid="result-subtitle">
          <span className="font-medium">{r.submitter}</span> · <span className="font-mono text-base">{r.platform}</span>{" "}
          · {r.model} · <span className="font-medium">{r.scenario}</span>
        </p>
        <StatusBanner result={r} />
        <div className="flex flex-wrap gap-2 pt-1 print:hidden">
          <Link
            href={compareWith}
            className={`${ACTION} border-sky-700 bg-sky-700 text-white hover:bg-sky-800 dark:border-sky-500 dark:bg-sky-700`}
            data-testid="compare-with"
          >
            Compare with…
          </Link>
          <Link
            href={`/plan?basis=${r.id}`}
            className={`${ACTION} border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800`}
            data-testid="plan-with"
          >
            Plan with this
          </Link>
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <div className="lg:col-span-1">
          <ValueCards result={r} per={per} />
        </div>
        <div className="lg:col-span-2 lg:row-span-2">
          <ReadInContextPanel context={context} />
        </div>
        <div className="space-y-4 lg:col-span-1">
          {r.notes.length > 0 && (
            <section
              aria-labelledby="notes-h"
              className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-50"
              data-testid="data-notes"
            >
              <h2 id="notes-h" className="font-semibold">
                Data notes
              </h2>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
                {r.notes.map((n) => (
                  <li key={`${n.code}-${n.message}`}>
                    {n.message} <span className="text-xs opacity-75">({n.code})</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section aria-labelledby="sources-h" className="space-y-2">
            <h2 id="sources-h" className="text-lg font-semibold">
              Sources
            </h2>
            <ul className="space-y-1 text-sm">
              <li>
                {r.sourceUrl && r.sourceUrl !== r.resultsFolderUrl ? (
                  <a
                    href={r.sourceUrl}
                    className="text-sky-700 underline dark:text-sky-400"
                    rel="noreferrer"
                    title={r.sourceUrl}
                  >
                    Submission details (MLCommons)
                  </a>
                ) : (
                  "Submission details: not in the source summary"
                )}
              </li>
              {r.resultsFolderUrl && (
                <li>
                  <a
                    href={r.resultsFolderUrl}
                    className="text-sky-700 underline dark:text-sky-400"
                    rel="noreferrer"
                    title={r.resultsFolderUrl}
                    data-testid="results-folder-link"
                  >
                    Results folder (MLCommons results repository)
                  </a>
                </li>
              )}
              <li>
                {r.codeUrl ? (
                  <a
                    href={r.codeUrl}
                    className="text-sky-700 underline dark:text-sky-400"
                    rel="noreferrer"
                    title={r.codeUrl}
                  >
                    Submitter&apos;s code
                  </a>
                ) : (
                  "Code: not in the source summary"
                )}
              </li>
              {r.location && (
                <li>
                  Results path: <span className="break-all font-mono text-xs">{r.location}</span>
                </li>
              )}
              {r.latency && (
                <li>
                  LoadGen log imported:{" "}
                  <span className="font-mono text-xs" title={r.latency.source}>
                    {r.latency.source
                      .split(" + ")
                      .map((f) => f.split("/").pop())
                      .join(", ")}
                  </span>
                </li>
              )}
            </ul>
          </section>
        </div>
      </div>

      <SystemDetails result={r} />
      <LatencySection result={r} />
      <Siblings result={r} siblings={siblings} />
      <OtherRounds result={r} others={others} />
      <ResultHistory history={history} />

      <Footnotes notes={notes} />
    </article>
  );
}
