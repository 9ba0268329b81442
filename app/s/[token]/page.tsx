import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { FrozenActions } from "@/components/campaign/frozen-actions";
import { CampaignReportView } from "@/components/campaign/report-view";
import { CompareView } from "@/components/compare/compare-view";
import { ChangedBanner } from "@/components/lifecycle/changed-banner";
import { FrozenOverview } from "@/components/overview/frozen-overview";
import { overviewSummary } from "@/components/overview/overview-report";
import { FrozenPlan } from "@/components/plan/frozen-plan";
import { ReproductionReport } from "@/components/reproduce/report-view";
import { describeCampaign } from "@/lib/campaign/describe";
import { overviewHref } from "@/lib/overview/params";
import { describeReproduction } from "@/lib/reproduce/index";
import { clipText, describeComparison, describePlan, formatUtc, planHref, reproductionHref } from "@/lib/snapshot";
import { loadSnapshot, type SnapshotState } from "./load";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ token: string }> };

const WORDS = {
  compare: {
    name: "comparison",
    what: "the rows, values, flags and footnotes",
    live: (q: string) => `/compare?${q}`,
  },
  campaign: {
    name: "campaign report",
    what: "the verdicts, figures, parameter checks and charts",
    live: (q: string) =>
      `/campaigns/${/^campaign=([A-Za-z0-9_-]+)/.exec(q)?.[1] ?? ""}/report${q.includes("&a=") ? `?${q.slice(q.indexOf("a="))}` : ""}`,
  },
  plan: {
    name: "capacity plan",
    what: "the inputs, bases, numbers, steps, assumptions and footnotes",
    live: planHref,
  },
  overview: {
    name: "overview",
    what: "the level, prices, rows, bases and notes",
    live: overviewHref,
  },
  reproduction: {
    name: "reproduction report",
    what: "the match, the figures, the failed checks and the settings diff",
    live: reproductionHref,
  },
} as const;

function words(kind: string) {
  return kind === "plan"
    ? WORDS.plan
    : kind === "overview"
      ? WORDS.overview
      : kind === "campaign"
        ? WORDS.campaign
        : kind === "reproduction"
          ? WORDS.reproduction
          : WORDS.compare;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const state = await loadSnapshot((await params).token);
  if (state?.kind !== "ok")
    return { title: `Frozen ${state ? words(state.snapshot).name : "comparison"}`, robots: { index: false } };
  const { title, description } =
    state.snapshot === "overview"
      ? { title: `Cost at a service level · ${state.data.benchmark}`, description: overviewSummary(state.data) }
      : state.snapshot === "plan"
        ? describePlan(state.data)
        : state.snapshot === "campaign"
          ? describeCampaign(state.data)
          : state.snapshot === "reproduction"
            ? describeReproduction(state.data)
            : describeComparison(state.data);
  const frozen = `Frozen ${formatUtc(state.createdAt)}. ${description}`;
  return {
    title,
    description: clipText(frozen, 300),
    robots: { index: false },
    openGraph: { title, description: frozen, type: "website" },
    twitter: { card: "summary_large_image", title, description: frozen },
  };
}

/** What the snapshot is, and — once newer data has been imported — the "Newer data exists" banner. */
function Banner({ state }: { state: Extract<SnapshotState, { kind: "ok" }> }) {
  const w = words(state.snapshot);
  const live = w.live(state.query);
  return (
    <div className="space-y-2">
      <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300">
        Frozen snapshot taken {formatUtc(state.createdAt)}: it shows {w.what} exactly as they were then, whatever is
        imported later.{" "}
        {!state.banner && (
          <Link href={live} className="text-sky-700 underline dark:text-sky-400 print:hidden" data-testid="live-link">
            Live {w.name}
          </Link>
        )}
      </p>
      <ChangedBanner lines={state.changed} live={live} name={w.name} />
      {state.banner && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-400 bg-amber-50 px-3 py-2 text-amber-950 dark:border-amber-600 dark:bg-amber-950/50 dark:text-amber-50"
          data-testid="stale-banner"
        >
          <span className="font-medium">{state.banner}</span>
          <Link href={live} className="text-sm font-semibold underline print:hidden" data-testid="live-link">
            See the live {w.name} →
          </Link>
        </div>
      )}
    </div>
  );
}

export default async function SnapshotPage({ params }: Props) {
  const { token } = await params;
  const state = await loadSnapshot(token);
  if (!state) notFound();
  if (state.kind === "corrupt") {
    const w = words(state.snapshot);
    return (
      <div className="max-w-3xl space-y-3">
        <h1 className="text-2xl font-semibold tracking-tight">Frozen {w.name}</h1>
        <p
          role="alert"
          className="rounded-lg border border-red-600 bg-red-50 p-4 text-red-950 dark:bg-red-950/60 dark:text-red-50"
        >
          This snapshot cannot be shown: {state.message}. The{" "}
          <Link href={w.live(state.query)} className="underline">
            live {w.name}
          </Link>{" "}
          shows the current data.
        </p>
      </div>
    );
  }
  if (state.snapshot === "reproduction")
    return (
      <ReproductionReport
        view={state.data}
        eyebrow={`Frozen reproduction report · ${formatUtc(state.createdAt)}`}
        banner={<Banner state={state} />}
        base={null}
      />
    );
  if (state.snapshot === "campaign")
    return (
      <div className="max-w-5xl">
        <CampaignReportView
          report={state.data}
          eyebrow={`Frozen campaign report · ${formatUtc(state.createdAt)}`}
          banner={<Banner state={state} />}
          actions={<FrozenActions token={token} />}
        />
      </div>
    );
  if (state.snapshot === "overview")
    return (
      <FrozenOverview
        data={state.data}
        eyebrow={`Frozen overview · ${formatUtc(state.createdAt)}`}
        path={`/s/${token}`}
        banner={<Banner state={state} />}
      />
    );
  if (state.snapshot === "plan")
    return (
      <FrozenPlan
        data={state.data}
        eyebrow={`Frozen capacity plan · ${formatUtc(state.createdAt)}`}
        path={`/s/${token}`}
        banner={<Banner state={state} />}
      />
    );
  return (
    <CompareView
      data={state.data}
      bakeoffIds={state.data.bakeoff.map((b) => b.id)}
      eyebrow={`Frozen comparison · ${formatUtc(state.createdAt)}`}
      banner={<Banner state={state} />}
      share={{ path: `/s/${token}`, freezeQuery: null }}
    />
  );
}
