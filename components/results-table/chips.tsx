// Compact context beside each figure: scenario, precision, serving engine, round, division/availability, nodes. One
// chip list for the table's Context column and the phone cards, so both say the same thing.
import { formatInt, formatNumber } from "@/lib/format";
import { ENGINE_UNKNOWN } from "@/lib/judge/words";
import { Hint } from "./hint";
import type { TableRow } from "./types";

const CHIP = "inline-flex items-center whitespace-nowrap rounded border px-1.5 py-px text-[0.6875rem] leading-4";
const PLAIN = "border-slate-300 bg-slate-50 text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200";
const WARN = "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200";
const NOTE =
  "border-violet-300 bg-violet-50 text-violet-900 dark:border-violet-700 dark:bg-violet-950 dark:text-violet-200";

interface Chip {
  key: string;
  /** What it is, for screen readers and the hover title ("Precision"). */
  name: string;
  text: string;
  tone?: string;
}

/** The chips for one row, in reading order. Missing facts say so rather than disappear. */
export function contextChips(r: TableRow): Chip[] {
  const nodes = r.nodes === null ? "nodes ?" : `${formatInt(r.nodes)} ${r.nodes === 1 ? "node" : "nodes"}`;
  const chips: Chip[] = [
    { key: "benchmark", name: "Benchmark", text: r.model },
    { key: "scenario", name: "Scenario", text: r.scenario },
    { key: "precision", name: "Precision", text: r.precision ?? "precision ?" },
    { key: "engine", name: "Serving engine", text: r.servingEngine ?? `engine ${ENGINE_UNKNOWN}` },
    { key: "round", name: "Round", text: r.round },
    {
      key: "division",
      name: "Division and availability",
      text: `${r.division} · ${r.availability === "rdi" ? "RDI" : r.availability}`,
      tone: r.division !== "closed" || r.availability !== "available" ? WARN : undefined,
    },
    { key: "nodes", name: "Nodes", text: nodes, tone: (r.nodes ?? 0) > 1 ? NOTE : undefined },
  ];
  if (r.hasPower) chips.push({ key: "power", name: "Power", text: "power run", tone: NOTE });
  if (r.validity === "INVALID") chips.push({ key: "validity", name: "Validity", text: "INVALID", tone: WARN });
  return chips;
}

export function ContextChips({ r, className = "" }: { r: TableRow; className?: string }) {
  return (
    <ul
      className={`flex min-w-44 max-w-60 flex-wrap gap-1 ${className}`}
      aria-label="Context"
      data-testid="context-chips"
    >
      {contextChips(r).map((c) => (
        <li key={c.key} className={`${CHIP} ${c.tone ?? PLAIN}`} title={c.name} data-chip={c.key}>
          <span className="sr-only">{c.name}: </span>
          {c.text}
        </li>
      ))}
    </ul>
  );
}

/** The MLPerf Power figure, labelled as a measurement of the whole system; a dash when nothing was measured. */
export function PowerCell({ r }: { r: TableRow }) {
  const p = r.powerFigure;
  if (!p)
    return (
      <span className="num block text-slate-600 dark:text-slate-400">
        —<span className="sr-only"> no MLPerf Power measurement</span>
      </span>
    );
  return (
    <span className="num block">
      <Hint text={`${p.formula}. ${p.label}.`}>
        {p.kind === "perWatt" ? formatNumber(p.value) : formatNumber(p.millijoules)}
      </Hint>
      <span className="block text-slate-600 text-xs dark:text-slate-400">
        {p.kind === "perWatt" ? p.units : "mJ per query"}
      </span>
    </span>
  );
}
