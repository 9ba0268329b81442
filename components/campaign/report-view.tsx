// The campaign report: a verdict per traffic shape with its caveats, the figures behind it (capacity per successful
// request under the shape's SLO, goodput, error rate, warm vs cold, node loss and N+1), the frozen-parameter check,
// the sweeps' Pareto chart and the methodology diff. The live report, the campaign page and the frozen snapshot
// all render this one component from the same CampaignReport object.
import type { ReactNode } from "react";
import { UnverifiedBadge } from "@/components/bakeoff/unverified-badge";
import { type CampaignReport, CONDITIONS, roleText, SHAPES } from "@/lib/campaign";
import { type ParetoFigure, paretoFigure } from "@/lib/campaign/page-view";
import { keyRanges } from "@/lib/campaign/pareto-geometry";
import { formatNumber } from "@/lib/format";
import { ParetoChart } from "./pareto-chart";

const section = "space-y-3 rounded-lg border border-slate-200 p-4 break-inside-avoid dark:border-slate-800";
const h2 = "text-lg font-semibold";
const note = "text-xs text-slate-600 dark:text-slate-400";
const th = "py-1 pr-3 text-left font-medium";
const td = "py-1 pr-3 align-top";

const SEVERITY_STYLE = {
  block: "border-red-600 bg-red-50 text-red-950 dark:bg-red-950/50 dark:text-red-50",
  warn: "border-amber-500 bg-amber-50 text-amber-950 dark:bg-amber-950/40 dark:text-amber-50",
  info: "border-slate-300 bg-slate-50 text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200",
} as const;

const pct = (x: number | null) => (x === null ? "unknown" : `${formatNumber(x * 100, 1)}%`);

export function CampaignReportView({
  report,
  eyebrow,
  banner,
  actions,
  detail = false,
  pairPicker,
  runsPage,
  runTotal,
  figure,
}: {
  report: CampaignReport;
  eyebrow: string;
  banner?: ReactNode;
  actions?: ReactNode;
  /** The campaign page shows every run; the leadership report keeps to the verdicts and figures. */
  detail?: boolean;
  pairPicker?: ReactNode;
  /** With `detail`: the slice of runs the table lists and the links to the other pages (all runs when absent). */
  runsPage?: { from: number; to: number; pager: ReactNode };
  /** How many load points the campaign has, when `report.runs` holds only a page of them (the page's view). */
  runTotal?: number;
  /** The Pareto chart laid out already (the page's view); else laid out here from the report. */
  figure?: ParetoFigure;
}) {
  const blocks = report.differences.filter((d) => d.severity === "block");
  return (
    <article className="space-y-5" data-testid="campaign-report">
      <header className="space-y-2">
        <p className="text-sm text-slate-600 dark:text-slate-400">{eyebrow}</p>
        <h1 className="text-2xl font-semibold tracking-tight" data-testid="campaign-name">
          {report.name}
        </h1>
        <UnverifiedBadge withText={false} />
        <p className="text-sm text-amber-900 dark:text-amber-200" data-testid="unverified-note">
          {report.unverified}
        </p>
        <p className={note}>
          {report.members.length} members, {runTotal ?? report.runs.length} load points
          {report.family ? `; benchmark ${report.family}` : ""}.
        </p>
        {banner}
        {actions}
      </header>

      <section className={section} aria-labelledby="verdicts">
        <h2 id="verdicts" className={h2}>
          Verdict per traffic shape
        </h2>
        {report.shapes.length === 0 && <p>No members yet: add bake-off uploads to the campaign.</p>}
        {report.shapes.map((s) => (
          <div key={s.shape} className="space-y-1" data-testid={`verdict-${s.shape}`}>
            <h3 className="font-semibold">{s.label}</h3>
            <p className={note}>SLO: {s.slo.source}.</p>
            <p data-testid="verdict">
              {s.verdict} <span className="text-xs font-bold text-amber-800 dark:text-amber-300">UNVERIFIED</span>
            </p>
            {s.warmCold && <p className="text-sm">{s.warmCold.text}</p>}
            {s.retention.map((r) => (
              <p key={`${r.condition}-${r.degraded}`} className="text-sm" data-testid="retention">
                {r.text} {r.sizing}
              </p>
            ))}
            <details className="text-sm" open={!detail}>
              <summary className="cursor-pointer text-slate-700 dark:text-slate-300">
                Caveats ({s.caveats.length})
              </summary>
              <ul className="ml-5 list-disc">
                {s.caveats.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </details>
          </div>
        ))}
      </section>

      <section className={section} aria-labelledby="capacity">
        <h2 id="capacity" className={h2}>
          Capacity per successful request, by shape
        </h2>
        <p className={note}>
          Each member is read at the load point that meets the shape's SLO with the most successful requests per second
          (not its first point); when none meets it, at its highest goodput, said so. Goodput counts only requests
          within the SLO.
        </p>
        {report.shapes.map((s) => (
          <div key={s.shape} className="relative overflow-x-auto">
            <table className="w-full text-sm" data-testid={`capacity-${s.shape}`}>
              <caption className="py-1 text-left font-semibold">{SHAPES[s.shape].label}</caption>
              <thead>
                <tr className="border-b border-slate-300 dark:border-slate-700">
                  <th className={th}>Member</th>
                  <th className={th}>Role</th>
                  <th className={th}>Load point</th>
                  <th className={th}>Meets SLO</th>
                  <th className={`${th} text-right`}>Good req/s per acc.</th>
                  <th className={`${th} text-right`}>Good req/s</th>
                  <th className={`${th} text-right`}>Good output tok/s</th>
                  <th className={`${th} text-right`}>Error rate</th>
                  <th className={th}>How</th>
                </tr>
              </thead>
              <tbody>
                {s.outcomes.map((o) => (
                  <tr key={o.memberIndex} className="border-b border-slate-100 dark:border-slate-800">
                    <td className={td}>
                      {o.memberIndex + 1}. {o.label}
                    </td>
                    <td className={td}>{roleText(o.role)}</td>
                    <td className={td}>{o.pointLoad ?? "—"}</td>
                    <td className={td}>{o.meetsSlo === null ? "cannot tell" : o.meetsSlo ? "yes" : "no"}</td>
                    <td className={`${td} num text-right`}>{formatNumber(o.perAccelerator)}</td>
                    <td className={`${td} num text-right`}>{formatNumber(o.goodReqPerS)}</td>
                    <td className={`${td} num text-right`}>{formatNumber(o.goodOutTokPerS)}</td>
                    <td className={`${td} num text-right`}>{pct(o.errorRate)}</td>
                    <td className={`${td} text-xs`}>
                      <span title={o.approximation}>
                        {o.method}: {o.why}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      </section>

      <section className={section} aria-labelledby="frozen">
        <h2 id="frozen" className={h2}>
          Frozen parameters
        </h2>
        {report.differences.length === 0 ? (
          <p data-testid="no-differences">Every parameter the files state is the same across the runs.</p>
        ) : (
          <ul className="space-y-2" data-testid="differences">
            {report.differences.map((d) => (
              <li
                key={d.field}
                className={`rounded border-l-4 px-3 py-2 text-sm ${SEVERITY_STYLE[d.severity]}`}
                data-testid="difference"
                data-field={d.field}
                data-severity={d.severity}
              >
                <span className="font-semibold uppercase">{d.severity}</span> {d.message}
              </li>
            ))}
          </ul>
        )}
        {report.frozen.length > 0 && (
          <p className="text-sm">
            Held fixed:{" "}
            {report.frozen
              .map(
                (f) => `${f.label} ${f.value}${f.unknown.length ? ` (${f.unknown.length} runs do not state it)` : ""}`,
              )
              .join("; ")}
            .
          </p>
        )}
        {report.unstated.length > 0 && (
          <p className={note}>
            Not stated by any file (declare them on the members to check them): {report.unstated.join(", ")}.
          </p>
        )}
        {blocks.length > 0 && (
          <p className="text-sm font-medium text-red-800 dark:text-red-300">
            Blocked: a comparison across a different model or accelerator type is not a like-for-like result.
          </p>
        )}
      </section>

      <section className={section} aria-labelledby="pareto">
        <h2 id="pareto" className={h2}>
          Throughput per accelerator vs speed per user
        </h2>
        <ParetoChart figure={figure ?? paretoFigure(report)} />
        <ol className="ml-5 list-decimal text-xs" data-testid="series-list">
          {report.series.map((s) => (
            <li key={s.id}>
              {s.label}: {s.runKeys.length === 1 ? "run" : "runs"} {keyRanges(s.runKeys)}
            </li>
          ))}
        </ol>
      </section>

      <section className={section} aria-labelledby="method">
        <h2 id="method" className={h2}>
          Methodology: why two runs of “the same” test differ
        </h2>
        {pairPicker}
        {report.methodology ? (
          <div className="relative overflow-x-auto">
            <table className="w-full text-sm" data-testid="methodology">
              <thead>
                <tr className="border-b border-slate-300 dark:border-slate-700">
                  <th className={th}>Aspect</th>
                  <th className={th}>Run {report.methodology.a}</th>
                  <th className={th}>Run {report.methodology.b}</th>
                  <th className={th}>Why it matters</th>
                </tr>
              </thead>
              <tbody>
                {report.methodology.rows.map((r) => (
                  <tr key={r.aspect} className="border-b border-slate-100 dark:border-slate-800">
                    <th scope="row" className={`${td} font-medium`}>
                      {r.aspect} {r.same ? "" : <span className="text-amber-700 dark:text-amber-300">≠</span>}
                    </th>
                    <td className={td}>{r.a}</td>
                    <td className={td}>{r.b}</td>
                    <td className={`${td} text-xs`}>{r.why}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>Add a second run to compare methodologies.</p>
        )}
      </section>

      {detail && (
        <section className={section} aria-labelledby="runs">
          <h2 id="runs" className={h2}>
            Every load point
          </h2>
          {runsPage?.pager}
          <div className="relative overflow-x-auto">
            <table className="w-full text-sm" data-testid="campaign-runs">
              <thead>
                <tr className="border-b border-slate-300 dark:border-slate-700">
                  <th className={th}>Run</th>
                  <th className={th}>Upload</th>
                  <th className={th}>Tool</th>
                  <th className={th}>Model</th>
                  <th className={th}>Load</th>
                  <th className={`${th} text-right`}>Req/s</th>
                  <th className={`${th} text-right`}>Output tok/s</th>
                  <th className={`${th} text-right`}>p99 TTFT ms</th>
                  <th className={`${th} text-right`}>p99 TPOT ms</th>
                  <th className={`${th} text-right`}>Acc.</th>
                </tr>
              </thead>
              <tbody>
                {(runsPage ? report.runs.slice(runsPage.from, runsPage.to) : report.runs).map((r) => (
                  <tr key={r.key} className="border-b border-slate-100 dark:border-slate-800">
                    <td className={td}>{r.key}</td>
                    <td className={td}>{r.label}</td>
                    <td className={td}>{r.tool}</td>
                    <td className={td}>{r.model ?? "not in the file"}</td>
                    <td className={td}>{r.load}</td>
                    <td className={`${td} num text-right`}>{formatNumber(r.reqPerS)}</td>
                    <td className={`${td} num text-right`}>{formatNumber(r.outTokPerS)}</td>
                    <td className={`${td} num text-right`}>{formatNumber(r.ttftP99Ms)}</td>
                    <td className={`${td} num text-right`}>{formatNumber(r.tpotP99Ms)}</td>
                    <td className={`${td} num text-right`}>{r.accelerators ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.members.some((m) => m.missing) && (
            <ul className="text-sm text-red-800 dark:text-red-300">
              {report.members
                .filter((m) => m.missing)
                .map((m) => (
                  <li key={m.index}>
                    Member {m.index + 1} ({m.kind} {m.id}, {CONDITIONS[m.condition].label.toLowerCase()}): {m.missing}
                  </li>
                ))}
            </ul>
          )}
        </section>
      )}
      <p className={note}>{report.unverified}</p>
    </article>
  );
}
