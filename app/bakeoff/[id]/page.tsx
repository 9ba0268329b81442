import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { collapsePointNotes, FlagList } from "@/components/bakeoff/flag-list";
import { LaneSummaryTable } from "@/components/bakeoff/lane-summary";
import { LatencyScatter } from "@/components/bakeoff/latency-scatter";
import { Later } from "@/components/bakeoff/later";
import { FamilyRoundPicker, MetricToggle, ReferencePicker, SloForm } from "@/components/bakeoff/overlay-controls";
import { pickReference, publishedPoints, runPoints } from "@/components/bakeoff/overlay-data";
import { OverlayHeader } from "@/components/bakeoff/overlay-header";
import {
  overlayFamily,
  parseOverlayState,
  type SloScenario,
  serializeOverlayState,
} from "@/components/bakeoff/overlay-state";
import { PointsPager, pageOf } from "@/components/bakeoff/points-pager";
import { RunsTable } from "@/components/bakeoff/runs-table";
import { SloTable } from "@/components/bakeoff/slo-table";
import { ThroughputStrip } from "@/components/bakeoff/throughput-strip";
import { RememberRecent } from "@/components/recent/remember";
import { familyOfRuns, getFamilyRounds, getPublishedFamilies, UPLOAD_ID_RE } from "@/db/bakeoff";
import { bakeoffUploadDetailMemo } from "@/db/bakeoff-memo";
import { getUploadFacts } from "@/db/campaigns";
import { getStore } from "@/db/client";
import { bakeoffInputs } from "@/db/queries/compare";
import { getResults, getResultsByIds } from "@/db/queries/results";
import { getDataVersion, perDataVersion } from "@/db/queries/version";
import { PAGE_ROWS } from "@/lib/bakeoff/limits";
import { mlperfSlo, P99_RULE } from "@/lib/bakeoff/slo";
import { mixedEngines, pickPointFor, sweepLabels } from "@/lib/campaign/sweeps";
import { compareHref as canonicalCompareHref } from "@/lib/compare-params";
import { computeFlags, footnotes, NOT_VERIFIED, withoutLegend } from "@/lib/context";
import { formatNumber } from "@/lib/format";
import { ENGINE_UNKNOWN, engineOfRun, perAcceleratorSentence, scenarioInfo } from "@/lib/judge";
import { API_DEFAULTS } from "@/lib/url-state";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// one parse per request for the metadata and the page (React's per-request cache), and across requests while the
// upload is in db/bakeoff-memo's bounded memo
const uploadDetail = cache(async (id: string) => bakeoffUploadDetailMemo(await getStore(), id));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const u = UPLOAD_ID_RE.test(id) ? await uploadDetail(id) : null;
  return { title: u ? `Bake-off: ${u.label} (unverified)` : "Bake-off not found", robots: { index: false } };
}

/** Per scenario, the load point the lane table ranks: within that scenario's MLPerf limits, not the first point. */
function lanePicks(runs: Parameters<typeof pickPointFor>[0], family: string | null, accelerators: number | null) {
  const out: Partial<Record<string, { index: number; note: string }>> = {};
  const off = pickPointFor(runs, null, accelerators);
  if (off) out.Offline = off;
  for (const s of ["Server", "Interactive"] as const) {
    const slo = family ? mlperfSlo(family, s) : null;
    const p = pickPointFor(runs, slo, accelerators);
    if (p) out[s] = p;
  }
  return out;
}

const section = "space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800";
const h2 = "text-lg font-semibold";
const note = "text-xs text-slate-600 dark:text-slate-400";

export default async function BakeoffOverlayPage({ params, searchParams }: Props) {
  const { id } = await params;
  if (!UPLOAD_ID_RE.test(id)) notFound();
  const h = await getStore();
  const upload = await uploadDetail(id);
  if (!upload) notFound();
  const state = parseOverlayState(await searchParams);

  // the published side changes only when an import lands: read once per data version, not per render
  const families = await perDataVersion(h, "bakeoff-page:families", () => getPublishedFamilies(h));
  // a family in any published spelling ("VLM", "Llama2-70B") is the benchmark table's family
  const family = overlayFamily(state, upload);
  const mapped = familyOfRuns(upload.runs);
  const rounds = family
    ? await perDataVersion(h, `bakeoff-page:rounds:${family}`, () => getFamilyRounds(h, family))
    : [];
  const round = state.round && rounds.includes(state.round) ? state.round : (rounds[0] ?? null);
  const publishedRows =
    family && round
      ? await perDataVersion(h, `bakeoff-page:published:${family}:${round}`, async () =>
          getResultsByIds(
            h,
            (
              await getResults(h, {
                ...API_DEFAULTS,
                model: [family],
                round: [round],
                division: ["closed"],
                scenario: ["Offline", "Server", "Interactive"],
                limit: 500,
              })
            ).rows.map((r) => r.id),
          ),
        )
      : [];
  const published = publishedPoints(publishedRows);
  const facts = await getUploadFacts(h, upload.id, upload.runs.length);
  const runs = runPoints(upload.runs, upload.accelerators, sweepLabels(upload.runs, facts));
  // several engines in one upload: each run is named with its own (lib/judge), and each is its own series and colour
  const mixed = mixedEngines(facts?.map((f) => f.engine) ?? []);

  const sloScenario: SloScenario =
    state.slo ?? (upload.runs.some((r) => r.scenarioHint === "Interactive") ? "Interactive" : "Server");
  const info = family ? scenarioInfo(family, sloScenario) : null;
  const fromMlperf = family ? mlperfSlo(family, sloScenario) : null;
  const runLimits = upload.runs.find((r) => r.ttftLimitMs !== null || r.tpotLimitMs !== null);
  const defaults = {
    ttft: info?.ttftMs ?? fromMlperf?.ttftP99Ms ?? runLimits?.ttftLimitMs ?? null,
    tpot: info?.tpotMs ?? fromMlperf?.tpotP99Ms ?? runLimits?.tpotLimitMs ?? null,
  };
  const targets = { ttftP99Ms: state.ttft ?? defaults.ttft, tpotP99Ms: state.tpot ?? defaults.tpot };
  const limitOf = (s: "Server" | "Interactive") => {
    const i = family ? scenarioInfo(family, s) : null;
    return state.metric === "ttft" ? (i?.ttftMs ?? null) : (i?.tpotMs ?? null);
  };
  const limits = { Server: limitOf("Server"), Interactive: limitOf("Interactive") };

  const ref = pickReference(published, state.ref, sloScenario, upload.accelerator, upload.accelerators);
  const inputs = bakeoffInputs([upload]);
  const dv = await getDataVersion(h);
  // what buildCompare(ref, upload) would say, from the rows and the upload this page has already read
  const refRows = ref ? publishedRows.filter((r) => r.id === ref.id) : [];
  const flags = computeFlags(refRows, inputs);
  const notes = footnotes(refRows, inputs, { retrievedAt: dv.at, derived: true });
  const compareHref = ref ? canonicalCompareHref([ref.id], [upload.id]) : null;
  const query = serializeOverlayState(state);
  const sharePath = `/bakeoff/${upload.id}${query ? `?${query}` : ""}`;

  const withoutLatency = published.filter(
    (p) => p.scenario !== "Offline" && p.perAcc !== null && (state.metric === "ttft" ? p.ttftP99 : p.tpotP99) === null,
  ).length;
  const runLabel = upload.label;
  const unplaced = runs.filter((r) => r.perAcc === null).length;
  const models = [...new Set(upload.runs.map((r) => r.model).filter((m): m is string => !!m))];
  // the tables list PAGE_ROWS load points at a time (?page=N): a page's render is bounded whatever the upload holds
  const paged = pageOf(upload.runs.length, PAGE_ROWS, state.page);
  const pageRuns = upload.runs.slice(paged.from, paged.to);
  const pageHref = (page: number) => {
    const q = serializeOverlayState({ ...state, page: page === 1 ? null : page });
    return `/bakeoff/${upload.id}${q ? `?${q}` : ""}`;
  };
  const pager = (testId: string) => (
    <PointsPager total={upload.runs.length} perPage={PAGE_ROWS} hrefFor={pageHref} testId={testId} {...paged} />
  );

  return (
    <div className="space-y-6">
      <RememberRecent kind="bakeoff" id={upload.id} label={upload.label} />
      <OverlayHeader upload={upload} sharePath={sharePath} />

      <Later>
        <section className={section} aria-labelledby="points-h">
          <h2 id="points-h" className={h2}>
            What the upload measured
          </h2>
          {pager("runs-pages")}
          <RunsTable
            runs={pageRuns}
            offset={paged.from}
            accelerators={upload.accelerators}
            datasets={facts
              ?.slice(paged.from, paged.to)
              .map(
                (f) =>
                  [mixed ? (engineOfRun(f.engine).engine ?? `engine ${ENGINE_UNKNOWN}`) : null, f.dataset, f.setup]
                    .filter(Boolean)
                    .join(" · ") || null,
              )}
          />
          {paged.pages > 1 && (
            <p className={note} data-testid="runs-capped">
              {PAGE_ROWS} load points per page; every point is drawn on the charts below, and the CSV download has them
              all in one file.
            </p>
          )}
        </section>
      </Later>
      <Later>
        <section className={section} aria-labelledby="family-h">
          <h2 id="family-h" className={h2}>
            Published MLPerf results beside it
          </h2>
          <FamilyRoundPicker
            state={state}
            family={family}
            saved={upload.modelFamily}
            mapped={mapped}
            families={family && !families.includes(family) ? [...families, family] : families}
            round={round}
            rounds={rounds}
          />
          <p className={note}>
            {mapped
              ? `The model name maps to the MLPerf benchmark ${mapped}.`
              : models.length
                ? `The model (${models.join(", ")}) does not map to an MLPerf benchmark.`
                : "The files do not name the model."}
            {family && family !== mapped
              ? ` Compared with ${family}, chosen ${state.family ? "here" : "at upload"}: check that the workloads are alike.`
              : ""}{" "}
            Closed division only. Different models, sequence lengths and load shapes make these numbers context, not a
            like-for-like ranking.
          </p>
          {!family && <p className="text-sm">Pick a model family to draw the published results beside your run.</p>}
          {family && published.length === 0 && (
            <p className="text-sm">No published closed-division results for {family} in this database.</p>
          )}
          {published.length > 0 && (
            <>
              <h3 className="font-medium">Output tokens/s per accelerator</h3>
              <ThroughputStrip published={published} runs={runs} runLabel={runLabel} />
              <LaneSummaryTable
                published={published}
                runs={runs}
                round={round}
                picks={lanePicks(upload.runs, family, upload.accelerators)}
              />
              <p className={note}>
                Your run:{" "}
                {runs
                  .slice(0, 10)
                  .map((r) => `${formatNumber(r.perAcc)} tokens/s per accelerator (${r.name})`)
                  .join("; ")}
                {runs.length > 10 ? `; and ${runs.length - 10} more load points` : ""}.{" "}
                {unplaced > 0 && "Points without an accelerator count or throughput are not drawn. "}
                {perAcceleratorSentence({ run: true })} Your run is UNVERIFIED.
              </p>

              <div className="flex flex-wrap items-center justify-between gap-3">
                <h3 className="font-medium">Throughput against p99 latency</h3>
                <MetricToggle state={state} />
              </div>
              <LatencyScatter
                metric={state.metric}
                published={published}
                runs={runs}
                runLabel={runLabel}
                limits={limits}
              />
              <p className={note}>
                Dashed lines: the {family} Server and Interactive p99 {state.metric.toUpperCase()} limits.{" "}
                {withoutLatency > 0
                  ? `${withoutLatency} published Server/Interactive results have no imported LoadGen log: they are drawn hollow on their scenario's limit, which their p99 met (it is at or under the line, not on it).`
                  : ""}{" "}
                Offline results have no latency bound and are not drawn here.
                {runs.some((r) => (state.metric === "ttft" ? r.ttftP99 : r.tpotP99) === null) &&
                  ` Load points without a p99 ${state.metric.toUpperCase()} (or without successful requests) are not drawn.`}
              </p>
            </>
          )}
        </section>
      </Later>
      <Later>
        <section className={section} aria-labelledby="slo-h">
          <h2 id="slo-h" className={h2}>
            SLO check, success rate and capacity per successful request
          </h2>
          <SloForm
            key={`${targets.ttftP99Ms}-${targets.tpotP99Ms}-${sloScenario}`}
            state={state}
            scenario={sloScenario}
            ttft={targets.ttftP99Ms}
            tpot={targets.tpotP99Ms}
            canDefault={defaults.ttft !== null || defaults.tpot !== null}
          />
          <p className={note} data-testid="slo-targets">
            Targets: p99 TTFT {targets.ttftP99Ms === null ? "not set" : `${formatNumber(targets.ttftP99Ms)} ms`}, p99
            TPOT {targets.tpotP99Ms === null ? "not set" : `${formatNumber(targets.tpotP99Ms)} ms`}
            {targets.ttftP99Ms === null && targets.tpotP99Ms === null
              ? ""
              : state.ttft === null && state.tpot === null
                ? ` (the MLPerf ${family ?? ""} ${sloScenario} limits)`
                : " (yours)"}
            . Capacity per successful request = requests/s that succeeded within both targets, ÷ accelerators.
          </p>
          <p className={note} data-testid="slo-rule">
            {P99_RULE} /plan counts a bake-off basis by the same rule.
          </p>
          {pager("slo-pages")}
          <SloTable
            runs={pageRuns}
            offset={paged.from}
            total={upload.runs.length}
            targets={targets}
            accelerators={upload.accelerators}
          />
        </section>
      </Later>
      <Later>
        <section className={section} aria-labelledby="flags-h">
          <h2 id="flags-h" className={h2}>
            Read in context
          </h2>
          {published.length > 0 && (
            <ReferencePicker
              state={state}
              current={ref?.id ?? null}
              options={published.map((p) => ({
                id: p.id,
                scenario: p.scenario,
                text: `${p.name} · ${p.accelerators ?? "?"}× · ${formatNumber(p.perAcc)} tok/s/acc`,
              }))}
            />
          )}
          {ref || flags.length > 0 ? (
            <FlagList flags={flags} />
          ) : (
            <p className="text-sm">
              Pick a model family above to check this run against a published result. Whatever it is compared with, it
              stays UNVERIFIED.
            </p>
          )}
          {compareHref && (
            <p>
              <Link
                href={compareHref}
                className="inline-block rounded bg-sky-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-800 dark:bg-sky-700 dark:hover:bg-sky-800"
                data-testid="compare-link"
              >
                Compare with published
              </Link>{" "}
              <span className={note}>
                side by side with {ref?.name}, {ref?.scenario} (shareable link)
              </span>
            </p>
          )}
        </section>
      </Later>
      <Later>
        <footer className="space-y-1 border-t border-slate-200 pt-3 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
          <p className="font-medium">
            {upload.label} is a bake-off run: {NOT_VERIFIED}
          </p>
          {published.length > 0 && (
            <p>
              Charts: {published.length} MLPerf® Inference {round} Closed-division results for {family}, as published by
              MLCommons (result IDs in the tooltips), retrieved {dv.at.slice(0, 10)}. Per-accelerator figures are
              derived by PerfContext, not MLPerf metrics.
            </p>
          )}
          <ol className="list-decimal space-y-1 pl-5" data-testid="footnotes">
            {collapsePointNotes(notes.map(withoutLegend)).map((n) => (
              <li key={n} className="break-words">
                {n}
              </li>
            ))}
          </ol>
        </footer>
      </Later>
    </div>
  );
}
