import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ChangedBanner } from "@/components/lifecycle/changed-banner";
import { RememberRecent } from "@/components/recent/remember";
import { ReproductionReport } from "@/components/reproduce/report-view";
import { ReproductionShare } from "@/components/reproduce/share-actions";
import { getStore } from "@/db/client";
import { getCitedChanges } from "@/db/queries/changes";
import { loadReproduction } from "@/db/reproductions";
import { PUBLISHED_REF } from "@/lib/id-patterns";
import { citedIds } from "@/lib/lifecycle/cited";
import { describeReproduction } from "@/lib/reproduce/index";
import { reproductionQuery } from "@/lib/snapshot";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

function matchParam(sp: Record<string, string | string[] | undefined>): string | null {
  const m = sp.match;
  const v = Array.isArray(m) ? m[0] : m;
  return v && PUBLISHED_REF.test(v.trim()) ? v.trim() : null;
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const view = await loadReproduction(await getStore(), (await params).id, matchParam(await searchParams));
  if (!view) return { title: "Reproduction", robots: { index: false } };
  const { title, description } = describeReproduction(view);
  return { title, description, robots: { index: false }, openGraph: { title, description } };
}

export default async function ReproductionPage({ params, searchParams }: Props) {
  const { id } = await params;
  const match = matchParam(await searchParams);
  const h = await getStore();
  const view = await loadReproduction(h, id, match);
  if (!view) notFound();
  const changed = await getCitedChanges(h, citedIds({ kind: "reproduction", data: view }), view.createdAt);
  return (
    <>
      <RememberRecent kind="reproduction" id={id} label={view.label} />
      <ChangedBanner lines={changed} name="reproduction report" since="it was uploaded" />
      <ReproductionReport
        view={view}
        eyebrow={`Reproduction · uploaded ${view.createdAt.slice(0, 16).replace("T", " ")} UTC · ${view.label}`}
        base={`/reproduce/${id}`}
        actions={<ReproductionShare query={reproductionQuery(id, view.match?.id ?? null)} />}
      />
    </>
  );
}
