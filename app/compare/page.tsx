import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { CompareView } from "@/components/compare/compare-view";
import { requestOrigin } from "@/components/compare/request-origin";
import { getStore } from "@/db/client";
import { resolveAuto } from "@/db/queries/first-view";
import { getResults } from "@/db/queries/results";
import { describeComparison } from "@/lib/snapshot";
import { API_DEFAULTS, AUTO } from "@/lib/url-state";
import { loadCompare, type Search } from "./load";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Search> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const state = await loadCompare(await searchParams);
  if (state.kind !== "ok") return { title: "Compare results" };
  const { title, description } = describeComparison(state.data);
  const origin = await requestOrigin();
  const image = { url: `${origin}/api/og/compare?${state.query}`, width: 1200, height: 630, alt: title };
  return {
    title,
    description,
    alternates: { canonical: `${origin}/compare?${state.query}` },
    openGraph: { title, description, type: "website", url: `${origin}/compare?${state.query}`, images: [image] },
    twitter: { card: "summary_large_image", title, description, images: [image.url] },
  };
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="max-w-3xl space-y-3">
      <h1 className="text-2xl font-semibold tracking-tight">Compare results</h1>
      <div
        className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-50"
        data-testid="compare-notice"
      >
        <h2 className="font-semibold">{title}</h2>
        {children}
      </div>
      <HowToPick />
    </div>
  );
}

async function HowToPick() {
  const h = await getStore();
  // the newest round's most-submitted LLM benchmark in Offline, from the data (db/queries/first-view.ts)
  const examples = (
    await getResults(
      h,
      await resolveAuto(h, {
        ...API_DEFAULTS,
        round: ["latest"],
        model: [AUTO],
        scenario: ["Offline"],
        division: ["closed"],
        sort: "perAccelerator",
        limit: 2,
      }),
    )
  ).rows;
  const example = examples.length === 2 ? examples : null;
  return (
    <section aria-labelledby="how-h" className="space-y-2 text-slate-700 dark:text-slate-300">
      <h2 id="how-h" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        How to pick results
      </h2>
      <ol className="list-decimal space-y-1 pl-5">
        <li>
          Open the{" "}
          <Link href="/results" className="text-sky-700 underline dark:text-sky-400">
            results explorer
          </Link>{" "}
          and narrow it to the benchmark and scenario you care about.
        </li>
        <li>Tick two to six rows, then choose “Compare”.</li>
        <li>
          Or open any result and use “Compare with…”. Every difference MLCommons says must be disclosed is flagged at
          the top, with its reason.
        </li>
      </ol>
      {example && (
        <p>
          For example:{" "}
          <Link
            href={`/compare?ids=${example
              .map((r) => r.id)
              .sort()
              .join(",")}`}
            className="text-sky-700 underline dark:text-sky-400"
          >
            the two fastest {example[0]?.model} Offline results per accelerator in {example[0]?.round}
          </Link>
          .
        </p>
      )}
    </section>
  );
}

export default async function ComparePage({ searchParams }: Props) {
  const state = await loadCompare(await searchParams);
  if (state.kind === "empty")
    return (
      <div className="max-w-3xl space-y-4">
        <h1 className="text-2xl font-semibold tracking-tight">Compare results</h1>
        <p className="text-slate-700 dark:text-slate-300">
          Put two to six MLPerf Inference results side by side, with the context that decides whether they can be
          compared at all: scenario, system size, precision, software stack and round.
        </p>
        <HowToPick />
      </div>
    );
  if (state.kind === "invalid")
    return (
      <Notice title="This comparison link is not valid">
        <p>{state.message}.</p>
        <p>Links from the explorer or a result page always work; a hand-edited or truncated link may not.</p>
      </Notice>
    );
  if (state.kind === "unknown")
    return (
      <Notice title="Some of these results are not in the database">
        <p>
          Not found: <code className="font-mono text-sm">{state.missing.join(", ")}</code>. The link may come from
          another PerfContext database, or the data it pointed at was not imported here.
        </p>
        <p>A frozen snapshot link (/s/…) keeps working after imports; a live comparison link needs the data.</p>
      </Notice>
    );
  if (!state.canonical) redirect(`/compare?${state.query}`);
  return (
    <CompareView
      data={state.data}
      bakeoffIds={state.bakeoff}
      eyebrow={`Comparing ${state.data.results.length + state.data.bakeoff.length + state.data.curves.length} results · live data`}
      share={{ path: `/compare?${state.query}`, freezeQuery: state.query }}
    />
  );
}
