import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CompareView } from "@/components/compare/compare-view";
import { describeComparison, formatUtc } from "@/lib/snapshot";
import { loadSnapshot } from "./load";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ token: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const state = loadSnapshot((await params).token);
  if (state?.kind !== "ok") return { title: "Frozen comparison", robots: { index: false } };
  const { title, description } = describeComparison(state.data);
  const frozen = `Frozen ${formatUtc(state.createdAt)}. ${description}`;
  return {
    title,
    description: frozen.length > 300 ? `${frozen.slice(0, 297)}…` : frozen,
    robots: { index: false },
    openGraph: { title, description: frozen, type: "website" },
    twitter: { card: "summary_large_image", title, description: frozen },
  };
}

export default async function SnapshotPage({ params }: Props) {
  const { token } = await params;
  const state = loadSnapshot(token);
  if (!state) notFound();
  const live = `/compare?${state.query}`;
  if (state.kind === "corrupt")
    return (
      <div className="max-w-3xl space-y-3">
        <h1 className="text-2xl font-semibold tracking-tight">Frozen comparison</h1>
        <p
          role="alert"
          className="rounded-lg border border-red-600 bg-red-50 p-4 text-red-950 dark:bg-red-950/60 dark:text-red-50"
        >
          This snapshot cannot be shown: {state.message}. The{" "}
          <Link href={live} className="underline">
            live comparison
          </Link>{" "}
          shows the current data.
        </p>
      </div>
    );
  const banner = (
    <div className="space-y-2">
      <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300">
        Frozen snapshot taken {formatUtc(state.createdAt)}: it shows the rows, values, flags and footnotes exactly as
        they were then, whatever is imported later.{" "}
        {!state.banner && (
          <Link href={live} className="text-sky-700 underline dark:text-sky-400 print:hidden">
            Live comparison
          </Link>
        )}
      </p>
      {state.banner && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-400 bg-amber-50 px-3 py-2 text-amber-950 dark:border-amber-600 dark:bg-amber-950/50 dark:text-amber-50"
          data-testid="stale-banner"
        >
          <span className="font-medium">{state.banner}</span>
          <Link href={live} className="text-sm font-semibold underline print:hidden">
            See the live comparison →
          </Link>
        </div>
      )}
    </div>
  );
  return (
    <CompareView
      data={state.data}
      bakeoffIds={state.data.bakeoff.map((b) => b.id)}
      eyebrow={`Frozen comparison · ${formatUtc(state.createdAt)}`}
      banner={banner}
      share={{ path: `/s/${token}`, freezeQuery: null }}
    />
  );
}
