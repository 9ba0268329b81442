// The reproduction report (live at /reproduce/{id}, frozen at /s/{token}): unverified throughout; every INVALID
// scenario and its failed checks in red at the top, never collapsed; then one card per scenario.
import Link from "next/link";
import type { ReactNode } from "react";
import { UnverifiedBadge } from "@/components/bakeoff/unverified-badge";
import { type ReproductionView, UNVERIFIED_NOTE } from "@/lib/reproduce/index";
import type { DiffRow, LatencyRow, ScenarioReport } from "@/lib/reproduce/report";
import { ms, num, PCT_LABEL, pct } from "./figures";

export function ValidityBadge({ validity }: { validity: string }) {
  const cls =
    validity === "VALID"
      ? "border-emerald-700 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
      : validity === "INVALID"
        ? "border-red-700 bg-red-600 text-white"
        : "border-slate-500 bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100";
  return (
    <span
      className={`rounded border px-1.5 py-0.5 text-xs font-bold tracking-wide ${cls}`}
      data-testid="validity-badge"
    >
      {validity}
    </span>
  );
}

function InvalidPanel({ reports }: { reports: ScenarioReport[] }) {
  const bad = reports.filter((r) => r.validity === "INVALID");
  if (bad.length === 0) return null;
  return (
    <section
      role="alert"
      aria-label="INVALID runs"
      className="space-y-2 rounded-lg border-2 border-red-600 bg-red-50 p-4 text-red-950 dark:bg-red-950/60 dark:text-red-50"
      data-testid="invalid-panel"
    >
      {bad.map((r) => (
        <div key={r.scenario}>
          <h2 className="font-semibold">
            {r.scenario} is INVALID
            {r.loadgenValidity === "VALID"
              ? " (LoadGen printed VALID; a submission rule fails)"
              : " (LoadGen's verdict)"}
            :
          </h2>
          <ul className="ml-5 list-disc text-sm">
            {r.failedChecks.map((c) => (
              <li key={c} data-testid="failed-check" className="font-mono">
                {c}
              </li>
            ))}
          </ul>
          {(r.failedCheckNotes ?? []).length > 0 && (
            <ul className="ml-5 list-disc text-sm" aria-label="What the failed checks mean">
              {(r.failedCheckNotes ?? []).map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}

function LatencyTable({ rows, scenario }: { rows: LatencyRow[]; scenario: string }) {
  if (rows.length === 0)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {scenario === "Offline"
          ? "Offline has no latency bound, and these logs report no TTFT/TPOT percentiles for it."
          : "The logs hold no TTFT/TPOT percentiles."}
      </p>
    );
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[26rem] text-sm" data-testid="latency-table">
        <caption className="sr-only">Latency percentiles: yours, the published run's, and the scenario's limit</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left dark:border-slate-700">
            <th scope="col" className="py-1 pr-3">
              Latency
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              Yours
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              Published run
            </th>
            <th scope="col" className="py-1 text-right">
              Limit
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.metric}-${r.percentile}`} className="border-b border-slate-100 dark:border-slate-800">
              <th scope="row" className="py-1 pr-3 text-left font-normal">
                {r.metric} {PCT_LABEL[r.percentile] ?? r.percentile}
              </th>
              <td
                className={`py-1 pr-3 text-right tabular-nums ${r.overLimit ? "font-semibold text-red-700 dark:text-red-400" : ""}`}
              >
                {ms(r.yoursMs)}
                {r.overLimit ? " (over)" : ""}
              </td>
              <td className="py-1 pr-3 text-right tabular-nums">{ms(r.publishedMs)}</td>
              <td className="py-1 text-right tabular-nums">{r.limitMs === null ? "" : ms(r.limitMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DiffTable({ rows, caption, testId }: { rows: DiffRow[]; caption: string; testId: string }) {
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[26rem] text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left dark:border-slate-700">
            <th scope="col" className="py-1 pr-3">
              Setting
            </th>
            <th scope="col" className="py-1 pr-3">
              Yours
            </th>
            <th scope="col" className="py-1">
              Submission
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr
              key={d.key}
              className={`border-b border-slate-100 align-top dark:border-slate-800 ${d.differs ? "bg-amber-50 dark:bg-amber-950/40" : ""}`}
              data-differs={d.differs ? "true" : undefined}
            >
              <th scope="row" className="py-1 pr-3 text-left font-normal">
                {d.label}
                {d.differs && (
                  <span className="block text-xs text-amber-900 dark:text-amber-200">differs: {d.why}</span>
                )}
              </th>
              <td className="break-all py-1 pr-3 font-mono text-xs">{d.yours ?? "—"}</td>
              <td className="break-all py-1 font-mono text-xs">{d.published ?? "not in the published logs"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ScenarioCard({ r }: { r: ScenarioReport }) {
  const verdictCls =
    r.verdict.kind === "reproduced"
      ? "border-emerald-600 bg-emerald-50 text-emerald-950 dark:bg-emerald-950/50 dark:text-emerald-50"
      : r.verdict.kind === "invalid"
        ? "border-red-600 bg-red-50 text-red-950 dark:bg-red-950/50 dark:text-red-50"
        : "border-amber-500 bg-amber-50 text-amber-950 dark:bg-amber-950/50 dark:text-amber-50";
  return (
    <section
      className="space-y-4 rounded-lg border border-slate-200 p-4 break-inside-avoid dark:border-slate-700"
      aria-labelledby={`sc-${r.scenario}`}
      data-testid={`scenario-${r.scenario}`}
    >
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id={`sc-${r.scenario}`} className="text-xl font-semibold">
          {r.scenario}
        </h2>
        <ValidityBadge validity={r.validity} />
        <UnverifiedBadge withText={false} />
        {r.model && <span className="text-sm text-slate-600 dark:text-slate-400">{r.model}</span>}
      </header>
      <p className={`rounded border px-3 py-2 text-sm font-medium ${verdictCls}`} data-testid="verdict">
        {r.verdict.text}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label={`Yours (${r.units})`} value={num(r.value)} testId="yours-value" />
        <Stat label="Published" value={num(r.published)} />
        <Stat
          label="Reproduced"
          value={r.validity === "INVALID" ? "not counted" : pct(r.reproducedPct)}
          note={r.validity === "INVALID" ? "an INVALID run reproduces nothing" : undefined}
          testId="reproduced-pct"
          strong
        />
        <Stat
          label="Per accelerator"
          value={
            r.perAccelerator.yours === null
              ? "—"
              : `${num(r.perAccelerator.yours)} vs ${num(r.perAccelerator.published)} (${pct(r.perAccelerator.pct)})`
          }
          note={
            r.perAccelerator.note ??
            `${r.perAccelerator.yoursCount ?? "?"} yours vs ${r.perAccelerator.publishedCount ?? "?"} published accelerators; derived, not an MLPerf metric`
          }
        />
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-2">
          <h3 className="font-semibold">Latency</h3>
          <LatencyTable rows={r.latency} scenario={r.scenario} />
        </div>
        <div className="space-y-2">
          <h3 className="font-semibold">Settings against the submission&apos;s</h3>
          <DiffTable rows={r.settings} caption="LoadGen settings: yours and the submission's" testId="settings-diff" />
          <h3 className="pt-2 font-semibold">System</h3>
          <DiffTable rows={r.system} caption="System: yours and the submission's" testId="system-diff" />
        </div>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Files: {r.files.join(", ")}
        {r.accuracy.files.length > 0
          ? `; accuracy: ${r.accuracy.files.length} file(s)${r.accuracy.text ? ` (${r.accuracy.text})` : ""}`
          : "; no accuracy logs uploaded"}
      </p>
    </section>
  );
}

function Stat({
  label,
  value,
  note,
  testId,
  strong,
}: {
  label: string;
  value: string;
  note?: string;
  testId?: string;
  strong?: boolean;
}) {
  return (
    <div className="rounded border border-slate-200 p-2 dark:border-slate-700">
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className={`tabular-nums ${strong ? "text-2xl font-semibold" : "text-lg"}`} data-testid={testId}>
        {value}
      </dd>
      {note && <dd className="text-xs text-slate-600 dark:text-slate-400">{note}</dd>}
    </div>
  );
}

/** Candidates to confirm, each a link that puts the match in the URL. */
export function Candidates({ view, base }: { view: ReproductionView; base: string }) {
  if (view.candidates.length === 0)
    return <p className="text-sm">No published result ran this benchmark in these scenarios.</p>;
  return (
    <ol className="space-y-2" data-testid="candidates">
      {view.candidates.map((c) => (
        <li key={c.id} className="rounded border border-slate-200 p-2 text-sm dark:border-slate-700">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span>
              <strong>{c.resultId ?? "(no ID)"}</strong> {c.submitter} · {c.system} · {c.platform} · {c.round} ·{" "}
              {c.totalAccelerators ?? "?"}× {c.accelerator ?? "?"} · covers {c.covers.join(", ")}
            </span>
            {view.match?.id === c.id ? (
              <span className="text-xs font-semibold">matched</span>
            ) : (
              <Link
                href={`${base}?match=${encodeURIComponent(c.id)}`}
                className="rounded bg-sky-700 px-2 py-1 text-xs font-semibold text-white hover:bg-sky-800 print:hidden"
                data-testid="confirm-match"
              >
                This is the one
              </Link>
            )}
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {c.reasons.join("; ") || "same benchmark and scenario"}
          </p>
          {c.disagreements.length > 0 && (
            <p className="text-xs text-red-800 dark:text-red-300">Disagrees: {c.disagreements.join("; ")}</p>
          )}
        </li>
      ))}
    </ol>
  );
}

export function ReproductionReport({
  view,
  eyebrow,
  banner,
  actions,
  base,
}: {
  view: ReproductionView;
  eyebrow: string;
  banner?: ReactNode;
  actions?: ReactNode;
  /** Where "This is the one" links point (the live report); null in a frozen snapshot. */
  base: string | null;
}) {
  const m = view.matched;
  return (
    <article className="space-y-5" data-testid="reproduction-report">
      <header className="space-y-2">
        <p className="text-sm text-slate-600 dark:text-slate-400">{eyebrow}</p>
        <h1 className="text-xl font-semibold tracking-tight break-words sm:text-2xl">
          {m ? (
            <>
              Reproduction of{" "}
              <Link href={`/results/${m.id}`} className="text-sky-700 underline dark:text-sky-400">
                {m.resultId ?? m.platform}
              </Link>
              {/* the system's name is long (a host name and a chassis): its own line, smaller, so the title wraps
                  between words at 390 px instead of through the host name */}
              <span className="mt-1 block text-base font-medium text-slate-700 sm:text-lg dark:text-slate-300">
                {m.submitter} {m.system} · {m.round}
              </span>
            </>
          ) : (
            <>Reproduction: pick the published result you reproduced</>
          )}
        </h1>
        <p
          className="rounded border-2 border-amber-500 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/50 dark:text-amber-50"
          data-testid="unverified-note"
        >
          <UnverifiedBadge withText={false} /> {UNVERIFIED_NOTE}
        </p>
        {banner}
        <p className="text-sm" data-testid="match-how">
          <strong>Match:</strong> {view.how}
          {view.identity.platform ? ` · your platform ${view.identity.platform}` : ""}
          {view.identity.count ? ` · ${view.identity.count}×\u00a0${view.identity.accelerator ?? "?"}` : ""}
        </p>
        {m && (
          <p className="text-base font-medium" data-testid="plain-verdict">
            {view.headline.text}
          </p>
        )}
        {actions}
      </header>
      <InvalidPanel reports={view.reports} />
      {!m && base !== null && (
        <section className="space-y-2">
          <h2 className="text-lg font-semibold">Which published result did you reproduce?</h2>
          <Candidates view={view} base={base} />
        </section>
      )}
      {(view.missing.uploadedNotPublished.length > 0 || view.missing.publishedNotUploaded.length > 0) && (
        <p
          className="rounded border border-amber-500 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/50 dark:text-amber-50"
          data-testid="missing-scenarios"
        >
          {view.missing.publishedNotUploaded.length > 0 &&
            `The submission also published ${view.missing.publishedNotUploaded.join(", ")}; your upload has no run for ${view.missing.publishedNotUploaded.length === 1 ? "it" : "them"}. `}
          {view.missing.uploadedNotPublished.length > 0 &&
            `The submission published no ${view.missing.uploadedNotPublished.join(", ")} result to compare with.`}
        </p>
      )}
      {view.reports.map((r) => (
        <ScenarioCard key={r.scenario + (r.model ?? "")} r={r} />
      ))}
      {m && base !== null && view.candidates.length > 1 && (
        <details className="print:hidden">
          <summary className="cursor-pointer text-sm">
            Not this result? Other candidates ({view.candidates.length - 1})
          </summary>
          <div className="pt-2">
            <Candidates view={view} base={base} />
          </div>
        </details>
      )}
      {view.ignored.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer">Files not used ({view.ignored.length})</summary>
          <ul className="ml-5 list-disc text-xs">
            {view.ignored.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ul>
        </details>
      )}
    </article>
  );
}
