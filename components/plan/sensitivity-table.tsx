// What moves the answer, bases as columns: output length +50%, a tighter SLO, one more node lost. Server component.
import { ScrollRegion } from "@/components/compare/scroll-region";
import { type Basis, fmt, plural, type SensitivityCell, type SensitivityRow, usd } from "@/lib/plan";

function Cell({ c, base }: { c: SensitivityCell | undefined; base: boolean }) {
  if (!c || c.nodes === null)
    return (
      <td className="px-3 py-2 align-top" data-testid="sens-cell">
        <span className="font-medium text-amber-800 dark:text-amber-300">unknown</span>
        {c?.note && <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{c.note}</p>}
      </td>
    );
  const delta = c.deltaNodes ?? 0;
  return (
    <td className="px-3 py-2 align-top" data-testid="sens-cell">
      <span className="font-semibold tabular-nums">{plural(c.nodes, "node")}</span>{" "}
      <span className="text-slate-600 tabular-nums dark:text-slate-400">({fmt(c.accelerators ?? 0, 0)} acc.)</span>
      {!base && (
        <span
          className={`ml-1 text-xs font-medium tabular-nums ${delta > 0 ? "text-amber-800 dark:text-amber-300" : "text-slate-600 dark:text-slate-400"}`}
        >
          {delta > 0 ? `+${fmt(delta, 0)}` : delta < 0 ? fmt(delta, 0) : "±0"}
        </span>
      )}
      {c.perMonth !== null && (
        <span className="block text-xs text-slate-600 tabular-nums dark:text-slate-400">{usd(c.perMonth)}/month</span>
      )}
      {c.note && <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{c.note}</p>}
    </td>
  );
}

export function SensitivityTable({
  rows,
  plans,
}: {
  rows: SensitivityRow[];
  plans: { basis: Pick<Basis, "id" | "label"> }[];
}) {
  if (rows.length === 0) return null;
  return (
    <ScrollRegion label="What moves the answer, per basis">
      <table className="w-full min-w-[36rem] text-sm" data-testid="sensitivity">
        <caption className="sr-only">Nodes needed when one input changes, per basis</caption>
        <thead className="border-b border-slate-300 text-left dark:border-slate-700">
          <tr>
            <th scope="col" className="w-1/4 py-2 pr-3">
              If…
            </th>
            {plans.map((p) => (
              <th key={p.basis.id} scope="col" className="px-3 py-2 font-medium">
                {p.basis.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-slate-100 dark:border-slate-800" data-testid={`sens-${r.key}`}>
              <th scope="row" className="py-2 pr-3 text-left align-top font-medium">
                {r.label}
              </th>
              {r.cells.map((c, i) => (
                <Cell key={plans[i]?.basis.id ?? i} c={c} base={r.key === "base"} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
