import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { CurveChart } from "@/components/charts/curve-chart";
import { CurvePointsTable } from "@/components/curves/points-table";
import { ResultHistory } from "@/components/lifecycle/result-history";
import { CURVE_STATUS_LABEL, type Curve } from "@/lib/endpoints/curve-types";
import { formatInt } from "@/lib/format";
import { loadCurvePage } from "./load";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const load = cache(async (id: string, bakeoff: string | undefined) => loadCurvePage(id, bakeoff));

function one(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function title(c: Curve): string {
  return `${c.submitter} ${c.system} — ${c.model}, MLPerf Endpoints ${c.division}`;
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const d = await load((await params).id, one((await searchParams).bakeoff));
  if (!d) return { title: "Curve not found" };
  return {
    title: title(d.curve),
    description: `${d.curve.points.length} measured points, ${CURVE_STATUS_LABEL[d.curve.status].toLowerCase()}${d.curve.synthetic ? "; synthetic test data, not a hardware result" : ""}.`,
  };
}

const CLIENT: Record<string, string> = {
  "on-premises": "client on premises (CoP)",
  network: "client over the network (CoN)",
};

export default async function CurvePage({ params, searchParams }: Props) {
  const d = await load((await params).id, one((await searchParams).bakeoff));
  if (!d) notFound();
  const { curve: c, history, changes, chart, compareWith } = d;
  const facts: [string, string][] = [
    ["Status", `${CURVE_STATUS_LABEL[c.status]}${c.statusNote ? ` (${c.statusNote})` : ""}`],
    [
      "Division",
      `${c.division}${c.division === "RDI" ? "" : `, ${c.clientLocation ? CLIENT[c.clientLocation] : "client location not stated"}`}`,
    ],
    ["Availability", c.availability],
    ["Cohort", c.cohort ?? "not stated"],
    [
      "Accelerators",
      c.totalAccelerators !== null
        ? `${formatInt(c.totalAccelerators)} × ${c.accelerator ?? "accelerator"} (${formatInt(c.nodes)} node${c.nodes === 1 ? "" : "s"})`
        : "not stated",
    ],
    ["Serving engine", c.servingEngine ?? "not stated"],
    ["Precision", c.precision ?? "not stated"],
    [
      "Provisioned power",
      c.provisionedPowerW !== null
        ? `${formatInt(c.provisionedPowerW)} W provisioned (${c.provisionedPowerNote}); never a measurement`
        : `not determined: ${c.provisionedPowerNote}`,
    ],
    [
      "Layout",
      c.layout === "v0.7" ? "v0.7 (tokens/s per user = system ÷ concurrency; P95/P99 latencies)" : "v1.0 rules draft",
    ],
  ];
  return (
    <main className="mx-auto max-w-6xl space-y-6 p-4">
      <nav className="text-sm">
        <Link href="/results" className="text-sky-700 underline dark:text-sky-400">
          Results
        </Link>{" "}
        / MLPerf Endpoints curve
      </nav>
      <header className="space-y-2">
        <h1 className="font-semibold text-2xl">{title(c)}</h1>
        {c.synthetic ? (
          <p
            className="rounded border border-amber-400 bg-amber-50 p-2 text-amber-900 text-sm dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
            data-testid="synthetic-banner"
          >
            Synthetic test data: MLCommons' own submission-checker fixture, not a measured hardware result. Never quote
            these numbers.
          </p>
        ) : null}
        {c.status !== "finalized" ? (
          <p className="text-slate-700 text-sm dark:text-slate-300">
            {c.status === "peer-review-pending"
              ? "Peer review pending: provisionally published; the figures may change until the review finalizes them."
              : c.status === "superseded"
                ? "A later cohort of this system and model supersedes this curve; it is kept as history."
                : `${CURVE_STATUS_LABEL[c.status]}: kept in the record, not a current result.`}
          </p>
        ) : null}
        <p className="text-slate-700 text-sm dark:text-slate-300">
          MLPerf Endpoints and MLPerf Inference are different benchmarks: Endpoints reports P90 latencies, allows
          KV-cache reuse across queries with salted prompts and measures through the network; Inference bounds P99
          latencies. Their figures are not interchangeable.
        </p>
      </header>
      <CurveChart model={chart} title={`${c.model} per accelerator`} />
      {compareWith.length > 0 ? (
        <section aria-labelledby="cmp" className="space-y-1 text-sm">
          <h2 id="cmp" className="font-semibold text-lg">
            Compare with an MLPerf Inference result
          </h2>
          <ul className="flex flex-wrap gap-x-4 gap-y-1" data-testid="curve-compare-links">
            {compareWith.map((x) => (
              <li key={x.href}>
                <Link className="text-sky-700 underline dark:text-sky-400" href={x.href}>
                  {x.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="pts" className="space-y-2">
        <h2 id="pts" className="font-semibold text-lg">
          Measured points
        </h2>
        <CurvePointsTable curve={c} />
        <p className="text-sm">
          <a className="text-sky-700 underline dark:text-sky-400" href={`/curves/${c.id}/export`}>
            CSV, one row per point
          </a>{" "}
          ·{" "}
          <a className="text-sky-700 underline dark:text-sky-400" href={`/curves/${c.id}/export?format=json`}>
            JSON
          </a>{" "}
          ·{" "}
          <a className="text-sky-700 underline dark:text-sky-400" href={`/api/curves/${c.id}`}>
            API
          </a>{" "}
          ·{" "}
          <Link className="text-sky-700 underline dark:text-sky-400" href={`/plan?curve=${c.id}`}>
            Plan capacity from this curve
          </Link>
        </p>
      </section>
      <section aria-labelledby="facts" className="space-y-2">
        <h2 id="facts" className="font-semibold text-lg">
          System and status
        </h2>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
          {facts.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-medium">{k}</dt>
              <dd className="text-slate-700 dark:text-slate-300">{v}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="hist" className="space-y-2">
        <h2 id="hist" className="font-semibold text-lg">
          History across cohorts
        </h2>
        <ul className="text-sm" data-testid="curve-history">
          {history.map((x) => (
            <li key={x.id}>
              {x.id === c.id ? (
                <span className="font-medium">{x.cohort ?? "cohort not stated"} (this curve)</span>
              ) : (
                <Link className="text-sky-700 underline dark:text-sky-400" href={`/curves/${x.id}`}>
                  {x.cohort ?? "cohort not stated"}
                </Link>
              )}{" "}
              — {CURVE_STATUS_LABEL[x.status]}, {x.points.length} points
            </li>
          ))}
        </ul>
      </section>
      <ResultHistory history={changes} />
      <p className="text-slate-600 text-xs [overflow-wrap:anywhere] dark:text-slate-400">
        Source: {c.sourceUrl ? <a href={c.sourceUrl}>{c.sourceUrl}</a> : c.source}. Figures derived as the MLPerf
        Endpoints submission checker derives them (mlcommons/endpoints-submission-cli): system tokens/s = output tokens
        ÷ duration; tokens/s per user = 1000 ÷ TPOT P90 ms; stored figures agree within 1 %.
      </p>
    </main>
  );
}
