// Compact context beside each figure: scenario, precision, serving engine, round, division/availability, nodes. One
// chip list per row: the table's Context column on wide screens, the card's last line on phones (styles:
// app/globals.css `.chips`; `w` warns, `n` notes).

import type { ExplorerRow } from "@/lib/explorer-row";
import { formatInt, formatNumber } from "@/lib/format";
import { ENGINE_UNKNOWN } from "@/lib/judge/words";
import { Hint } from "./hint";

type ChipRow = Pick<
  ExplorerRow,
  "model" | "scenario" | "precision" | "servingEngine" | "round" | "division" | "availability" | "nodes"
> &
  Pick<ExplorerRow, "hasPower" | "validity">;

interface Chip {
  key: string;
  /** What it is, for screen readers and the hover title ("Precision"). */
  name: string;
  text: string;
  tone?: "w" | "n";
}

/** The chips for one row, in reading order. Missing facts say so rather than disappear. */
export function contextChips(r: ChipRow): Chip[] {
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
      tone: r.division !== "closed" || r.availability !== "available" ? "w" : undefined,
    },
    { key: "nodes", name: "Nodes", text: nodes, tone: (r.nodes ?? 0) > 1 ? "n" : undefined },
  ];
  if (r.hasPower) chips.push({ key: "power", name: "Power", text: "power run", tone: "n" });
  if (r.validity === "INVALID") chips.push({ key: "validity", name: "Validity", text: "INVALID", tone: "w" });
  return chips;
}

export function ContextChips({ r }: { r: ChipRow }) {
  return (
    <ul className="chips" aria-label="Context" data-testid="context-chips">
      {contextChips(r).map((c) => (
        <li key={c.key} className={c.tone} title={c.name} data-chip={c.key}>
          <span className="sr-only">{`${c.name}: `}</span>
          {c.text}
        </li>
      ))}
    </ul>
  );
}

/** The MLPerf Power figure, labelled as a measurement of the whole system; a dash when nothing was measured. */
export function PowerCell({ r }: { r: Pick<ExplorerRow, "powerFigure"> }) {
  const p = r.powerFigure;
  if (!p)
    return (
      <span className="num block mut nil">
        —<span className="sr-only"> no MLPerf Power measurement</span>
      </span>
    );
  return (
    <span className="num block">
      <Hint text={`${p.formula}. ${p.label}.`}>
        {p.kind === "perWatt" ? formatNumber(p.value) : formatNumber(p.millijoules)}
      </Hint>
      <span className="u">{p.kind === "perWatt" ? p.units : "mJ per query"}</span>
    </span>
  );
}
