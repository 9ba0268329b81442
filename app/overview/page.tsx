import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { requestOrigin } from "@/components/compare/request-origin";
import { OverviewForm } from "@/components/overview/overview-form";
import { OverviewReport } from "@/components/overview/overview-report";
import { OverviewShare } from "@/components/overview/overview-share";
import { getStore } from "@/db/client";
import { OVERVIEW_KEYS, overviewHref, presetTpsPerUser } from "@/lib/overview";
import { PRESET_IDS, PRESETS } from "@/lib/plan/presets";
import { loadOverview, overviewReportData } from "./load";

export const dynamic = "force-dynamic";
const DESCRIPTION =
  "Per system: output tokens per accelerator-hour and cost per million tokens (input and output priced apart where the benchmark's mix is cited) at your per-user speed and time to first token, from the published MLPerf point that meets it, with every figure linked to its evidence.";

type Search = Record<string, string | string[] | undefined>;

export async function generateMetadata({ searchParams }: { searchParams: Promise<Search> }): Promise<Metadata> {
  const sp = await searchParams;
  const q = asked(sp);
  const origin = await requestOrigin();
  const title = "Cost at a service level";
  const image = { url: `${origin}/api/og/overview${q ? `?${q}` : ""}`, width: 1200, height: 630, alt: title };
  return {
    title,
    description: DESCRIPTION,
    openGraph: {
      title,
      description: DESCRIPTION,
      type: "website",
      url: `${origin}${overviewHref(q)}`,
      images: [image],
    },
    twitter: { card: "summary_large_image", title, description: DESCRIPTION, images: [image.url] },
  };
}

/** The query as it arrived, in the overview's keys only, for comparing with the canonical one. */
function asked(sp: Search): string {
  const out = new URLSearchParams();
  for (const k of OVERVIEW_KEYS) {
    const v = sp[k];
    if (v === undefined) continue;
    for (const x of Array.isArray(v) ? v : [v]) out.append(k, x);
  }
  return out.toString().replace(/%2C/g, ",");
}

export default async function OverviewPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const data = await loadOverview(await getStore(), sp);
  // one state, one address: a submitted form (every field, defaults included) lands on the canonical URL
  if (
    Object.keys(sp).length > 0 &&
    asked(sp) !== data.query &&
    Object.keys(sp).every((k) => OVERVIEW_KEYS.includes(k as never))
  )
    redirect(overviewHref(data.query));
  const byField = Object.fromEntries(data.issues.map((i) => [i.field, i.message]));
  const presets = PRESET_IDS.map((id) => ({
    id,
    name: PRESETS[id].name,
    tpsPerUser: presetTpsPerUser(id) === null ? "" : String(presetTpsPerUser(id)),
    ttftMs: PRESETS[id].ttftMs === null ? "" : String(PRESETS[id].ttftMs),
  }));
  const other = data.issues.filter((i) => i.field === "benchmark" || i.field === "preset");
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="max-w-3xl space-y-2">
          <h1 className="text-2xl font-semibold tracking-tight">What a million tokens costs at your service level</h1>
          <p className="text-slate-700 dark:text-slate-300">
            Pick a benchmark and the speed your users need. Per system: output tokens per accelerator-hour from the
            published MLPerf point that meets that level, the cost per million tokens at your prices (input and output
            priced apart where the mix the hours were spent on is cited), and how it was obtained. Derived figures, not
            MLPerf metrics; every figure links to its evidence.
          </p>
          <p className="hidden font-mono text-xs text-slate-600 print:block">PerfContext {overviewHref(data.query)}</p>
        </div>
        <OverviewShare freezeQuery={data.query} />
      </header>
      {other.length > 0 && (
        <ul
          className="space-y-1 rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-600 dark:bg-amber-950/50 dark:text-amber-50"
          aria-label="Parts of the address that were not used"
        >
          {other.map((i) => (
            <li key={`${i.field}-${i.message}`}>{i.message}</li>
          ))}
        </ul>
      )}
      <OverviewForm
        benchmark={data.benchmark}
        benchmarks={data.benchmarks}
        preset={data.form.preset}
        presets={presets}
        fields={data.form.fields}
        bakeoff={data.form.bakeoff.join(",")}
        issues={byField}
      />
      <OverviewReport data={overviewReportData(data)} />
    </div>
  );
}
