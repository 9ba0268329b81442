// The overview's rows: a table on wide screens, cards on a phone, both server-rendered (no client JS). The headline of
// each row is tokens per accelerator-hour and $ per million output tokens, then how it was obtained; every figure
// links to its evidence. Used by /overview and by a frozen overview (/s/<token>).
import Link from "next/link";
import { costText, kwhText, type OverviewRow, perHourText } from "@/lib/overview";
import { usd } from "@/lib/plan/fmt";

const LINK = "text-sky-700 underline decoration-sky-700/40 hover:decoration-sky-700 dark:text-sky-400";
const MUTED = "text-slate-600 dark:text-slate-400";

function Badge({ row }: { row: OverviewRow }) {
  if (row.source === "bakeoff")
    return (
      <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">
        unverified · your bake-off
      </span>
    );
  if (row.source === "curve")
    return (
      <span className="rounded bg-violet-100 px-1.5 py-0.5 text-xs font-medium text-violet-900 dark:bg-violet-900/60 dark:text-violet-100">
        Endpoints curve{row.verified ? "" : " · peer review pending"}
      </span>
    );
  return null;
}

function SystemCell({ row }: { row: OverviewRow }) {
  const size =
    row.totalAccelerators !== null
      ? `${row.totalAccelerators}× ${row.accelerator ?? "accelerator"}`
      : (row.accelerator ?? "accelerators not stated");
  return (
    <div className="space-y-0.5">
      <div className="font-medium text-slate-900 dark:text-slate-100">
        {row.submitter} <span className="font-normal">· {row.system}</span>
      </div>
      <div className={`text-xs ${MUTED}`}>
        {size}
        {row.round ? ` · ${row.round}` : ""}
        {row.division ? ` · ${row.division}` : ""} <Badge row={row} />
      </div>
    </div>
  );
}

function Figure({ row }: { row: OverviewRow }) {
  if (row.tokensPerAccHour === null)
    return (
      <span className={MUTED}>
        none at this level
        {row.ceiling && (
          <span className="block text-xs">
            <Link href={row.ceiling.href} className={LINK} title={row.ceiling.label}>
              Offline ceiling {perHourText(row.ceiling.tokensPerAccHour)}
            </Link>{" "}
            (no latency bound)
          </span>
        )}
      </span>
    );
  return (
    <Link href={row.basis.href} className={`${LINK} font-semibold tabular-nums`} data-testid="overview-tph">
      {perHourText(row.tokensPerAccHour)}
    </Link>
  );
}

/** Input and output apart when the row's mix allows it; else the cost all on output, and why it is not split. */
function Split({ row }: { row: OverviewRow }) {
  const s = row.split;
  if (s.outputPerM === null || s.inputPerM === null)
    return (
      <span
        className={`block text-xs ${MUTED} underline decoration-dotted`}
        title={s.why ?? undefined}
        data-testid="overview-unsplit"
      >
        all on output
      </span>
    );
  return (
    <span className="block text-xs" data-testid="overview-split" title={s.mix?.source}>
      <span className="block">
        output <span className="font-semibold">{costText(s.outputPerM)}</span> · input {costText(s.inputPerM)}
      </span>
      {s.blendedPerM !== null && <span className={`block ${MUTED}`}>blended {costText(s.blendedPerM)}</span>}
    </span>
  );
}

function Cost({ row, kwh }: { row: OverviewRow; kwh: boolean }) {
  if (row.costPerMTokens === null) return <span className={MUTED}>—</span>;
  // with an electricity price, a row without a power figure is the accelerator-hours only: say so, so it is not read
  // as cheaper than a row that includes electricity
  const excl = kwh && row.cost.energy === null;
  return (
    <span className="tabular-nums">
      <Link href={row.basis.href} className={`${LINK} font-semibold`}>
        {costText(row.costPerMTokens)}
      </Link>
      <Split row={row} />
      {row.cost.energy !== null && (
        <span className={`block text-xs ${MUTED}`}>
          incl. {costText(row.cost.energy)} electricity ({row.energyKind})
        </span>
      )}
      {excl && <span className={`block text-xs ${MUTED}`}>excl. electricity (no power figure)</span>}
    </span>
  );
}

function Energy({ row }: { row: OverviewRow }) {
  if (row.energyPerMTokensKWh === null)
    return (
      <span className={`text-xs ${MUTED}`} title={row.energyWhy}>
        no power figure
      </span>
    );
  const { energyOutputKWh: out, energyInputKWh: inp } = row.split;
  return (
    <span className="tabular-nums" title={row.energyWhy}>
      {kwhText(row.energyPerMTokensKWh)} kWh{" "}
      <span className={`text-xs ${row.energyKind === "provisioned" ? "text-amber-800 dark:text-amber-300" : MUTED}`}>
        {row.energyKind}
      </span>
      {out !== null && inp !== null && (
        <span className={`block text-xs ${MUTED}`}>
          output {kwhText(out)} · input {kwhText(inp)}
        </span>
      )}
    </span>
  );
}

function Basis({ row }: { row: OverviewRow }) {
  return (
    <Link href={row.basis.href} className={LINK}>
      {row.basis.label}
    </Link>
  );
}

function Meets({ row }: { row: OverviewRow }) {
  return row.meets ? (
    <span className="font-medium text-emerald-800 dark:text-emerald-300">meets</span>
  ) : (
    <span className="font-medium text-slate-700 dark:text-slate-300">does not meet</span>
  );
}

const TH = "px-2 py-2 text-left align-bottom text-xs font-semibold text-slate-700 dark:text-slate-300";
const TD = "px-2 py-2 align-top";

export function OverviewRows({
  rows,
  pricePerAccHour,
  pricePerKwh = null,
}: {
  rows: OverviewRow[];
  pricePerAccHour: number | null;
  pricePerKwh?: number | null;
}) {
  const kwh = pricePerKwh !== null;
  if (rows.length === 0)
    return <p className={MUTED}>No published system, curve or bake-off for this benchmark in this database.</p>;
  // the rows that meet the level are the answer (table on a wide screen, cards on a phone); the rest are one compact
  // list in one markup for every width: rendering all of them twice made /overview's HTML 1.1 MB for llama2-70b-99
  // (118 systems, 79 missing the chat level) and its first paint slower than the budget
  const meeting = rows.filter((r) => r.meets);
  const missing = rows.filter((r) => !r.meets);
  const costHead =
    pricePerAccHour === null ? "$ per M tokens (enter a price)" : `$ per M tokens at ${usd(pricePerAccHour)}/acc-h`;
  return (
    <>
      {meeting.length > 0 && (
        <>
          <table className="hidden w-full text-sm md:table print:table" data-testid="overview-table">
            <caption className="sr-only">
              Per system: output tokens per accelerator-hour and cost at the service level
            </caption>
            <thead className="border-b border-slate-300 dark:border-slate-700">
              <tr>
                <th scope="col" className={TH}>
                  System
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  Output tokens per accelerator-hour
                </th>
                <th
                  scope="col"
                  className={`${TH} min-w-40 text-right`}
                  title="All on output tokens; then output and input priced apart where the row's mix is cited"
                >
                  {costHead}
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  Energy per M tokens
                </th>
                <th scope="col" className={TH}>
                  Basis
                </th>
                <th scope="col" className={`${TH} w-2/5`}>
                  How
                </th>
              </tr>
            </thead>
            <tbody>
              {meeting.map((r) => (
                <tr
                  key={`${r.source}-${r.submitter}-${r.system}-${r.division}`}
                  className={`border-b border-slate-100 dark:border-slate-800 ${r.meets ? "" : "bg-slate-50/60 dark:bg-slate-900/40"}`}
                  data-testid="overview-row"
                  data-meets={r.meets}
                >
                  <th scope="row" className={`${TD} max-w-xs text-left font-normal print:max-w-48`}>
                    <SystemCell row={r} />
                  </th>
                  <td className={`${TD} text-right`}>
                    <Figure row={r} />
                  </td>
                  <td className={`${TD} text-right`}>
                    <Cost row={r} kwh={kwh} />
                  </td>
                  <td className={`${TD} text-right`}>
                    <Energy row={r} />
                  </td>
                  <td className={`${TD} min-w-36`}>
                    <Meets row={r} />{" "}
                    <span className={`block text-xs`}>
                      <Basis row={r} />
                    </span>
                  </td>
                  <td className={`${TD} text-xs text-slate-700 dark:text-slate-300`}>{r.why}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ol className="space-y-3 md:hidden print:hidden" data-testid="overview-cards" aria-label="Systems">
            {meeting.map((r) => (
              <li
                key={`${r.source}-${r.submitter}-${r.system}-${r.division}`}
                className="rounded-lg border border-slate-200 p-3 dark:border-slate-800"
                data-testid="overview-card"
                data-meets={r.meets}
              >
                <SystemCell row={r} />
                <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                  <dt className={`text-xs ${MUTED}`}>Tokens / acc-hour</dt>
                  <dt className={`text-xs ${MUTED}`}>$ / M tokens</dt>
                  <dd className="text-lg">
                    <Figure row={r} />
                  </dd>
                  <dd className="text-lg">
                    <Cost row={r} kwh={kwh} />
                  </dd>
                </dl>
                <p className="mt-1 text-sm">
                  <Meets row={r} /> · <Basis row={r} /> · <Energy row={r} />
                </p>
                <details className="mt-1 text-xs text-slate-700 dark:text-slate-300">
                  <summary className="cursor-pointer text-sky-700 dark:text-sky-400">How</summary>
                  <p className="mt-1">{r.why}</p>
                </details>
              </li>
            ))}
          </ol>
        </>
      )}
      {meeting.length === 0 && (
        <p className={`text-sm ${MUTED}`} data-testid="overview-none">
          No system has a published point that meets this level; each one's nearest miss is below.
        </p>
      )}
      {missing.length > 0 && <Misses rows={missing} open={meeting.length === 0} />}
    </>
  );
}

/** The systems with no point at the level: who, why not, and the Offline ceiling where there is one. */
function Misses({ rows, open }: { rows: OverviewRow[]; open: boolean }) {
  return (
    <details open={open} className="text-sm" data-testid="overview-misses">
      <summary className="cursor-pointer font-medium text-slate-800 dark:text-slate-200">
        {rows.length} {rows.length === 1 ? "system does" : "systems do"} not meet this level
      </summary>
      <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
        {rows.map((r) => (
          <li
            key={`${r.source}-${r.submitter}-${r.system}-${r.division}`}
            className="py-2"
            data-testid="overview-row"
            data-meets="false"
          >
            <SystemCell row={r} />
            <p className={`mt-0.5 text-xs ${MUTED}`}>
              {r.why}
              {r.ceiling && (
                <>
                  {" "}
                  <Link href={r.ceiling.href} className={LINK} title={r.ceiling.label}>
                    Offline ceiling {perHourText(r.ceiling.tokensPerAccHour)}
                  </Link>{" "}
                  (no latency bound).
                </>
              )}
            </p>
          </li>
        ))}
      </ul>
    </details>
  );
}
