// One card per basis, side by side: the answer (whole nodes, accelerators, cost), how well the basis fits the SLO,
// its warnings, and every step with its formula. Server component: the live /plan page and a frozen /s/<token> plan
// render the same cards.
import Link from "next/link";
import {
  type Basis,
  type Fit,
  type FitStatus,
  fmt,
  type PlanCost,
  type PlanNote,
  type PlanNumbers,
  type PlanStep,
  plural,
  usd,
} from "@/lib/plan";

/** What a card renders of a plan: a live PlanOutcome, or a frozen plan read back from its snapshot. */
export interface PlanCardData {
  basis: Pick<Basis, "id" | "kind" | "label" | "detail" | "verified" | "notes">;
  fit: Pick<Fit, "status"> | null;
  numbers: Pick<PlanNumbers, "nodes" | "accelerators" | "nodesNeeded" | "spareNodes" | "acceleratorsPerNode"> | null;
  cost: Pick<PlanCost, "perMonth" | "perMillionOutputTokens"> | null;
  steps: PlanStep[];
  notes: PlanNote[];
  assumptions: string[];
  error: string | null;
}

const FIT: Record<FitStatus, { text: string; cls: string }> = {
  fits: {
    text: "Scenario fits the SLO",
    cls: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  },
  conservative: {
    text: "Measured under tighter limits: conservative",
    cls: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  },
  derated: { text: "Derated to the SLO's scenario", cls: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100" },
  overstated: {
    text: "Overstated at this SLO: too few nodes",
    cls: "bg-amber-200 text-amber-950 dark:bg-amber-700 dark:text-white",
  },
  unknown: { text: "Fit to the SLO unknown", cls: "bg-amber-100 text-amber-950 dark:bg-amber-800 dark:text-amber-50" },
};

const NOTE = {
  block: "border-red-500 bg-red-50 text-red-950 dark:border-red-500 dark:bg-red-950/60 dark:text-red-50",
  warn: "border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-600 dark:bg-amber-950/50 dark:text-amber-50",
  info: "border-slate-200 bg-slate-50 text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200",
} as const;

export function NoteList({ notes, label }: { notes: PlanNote[]; label: string }) {
  if (notes.length === 0) return null;
  return (
    <ul className="space-y-1.5" aria-label={label}>
      {notes.map((n) => (
        <li
          key={`${n.code}-${n.message}`}
          className={`rounded-md border px-2.5 py-1.5 text-sm break-inside-avoid ${NOTE[n.severity]}`}
          data-testid="plan-note"
          data-severity={n.severity}
          data-code={n.code}
        >
          <span className="sr-only">{n.severity === "info" ? "Note: " : "Warning: "}</span>
          {n.message}
        </li>
      ))}
    </ul>
  );
}

function Headline({ plan }: { plan: PlanCardData }) {
  const n = plan.numbers;
  if (!n)
    return (
      <p
        className="rounded-md border border-red-400 bg-red-50 p-3 text-sm text-red-950 dark:border-red-500 dark:bg-red-950/60 dark:text-red-50"
        data-testid="plan-error"
        role="alert"
      >
        No plan from this basis: {plan.error}
      </p>
    );
  return (
    <div className="space-y-1" data-testid="plan-answer">
      <p className="text-3xl font-semibold tracking-tight tabular-nums">
        <span data-testid="plan-nodes">{plural(n.nodes, "node")}</span>
      </p>
      <p className="text-sm text-slate-700 tabular-nums dark:text-slate-300">
        <span data-testid="plan-accelerators">{plural(n.accelerators, "accelerator")}</span> ·{" "}
        {plural(n.nodesNeeded, "node")} for the peak + {fmt(n.spareNodes, 0)} spare · {fmt(n.acceleratorsPerNode, 0)}{" "}
        per node
      </p>
      {plan.cost ? (
        <p className="text-sm tabular-nums" data-testid="plan-cost">
          <span className="font-semibold">{usd(plan.cost.perMonth)}</span> a month ·{" "}
          <span className="font-semibold">{usd(plan.cost.perMillionOutputTokens)}</span> per million output tokens
        </p>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">Enter a price per accelerator-hour to see cost.</p>
      )}
    </div>
  );
}

function PlanCard({ plan }: { plan: PlanCardData }) {
  const b = plan.basis;
  const fit = plan.fit ? FIT[plan.fit.status] : null;
  const notes = [...plan.notes, ...b.notes.map((m) => ({ code: "basis", severity: "info" as const, message: m }))];
  return (
    <article
      className="min-w-0 space-y-3 rounded-lg border border-slate-200 p-4 break-inside-avoid dark:border-slate-800"
      data-testid="plan-card"
      data-basis={b.id}
    >
      <header className="space-y-1">
        <h3 className="font-semibold leading-snug">
          {b.kind === "published" || b.kind === "curve" ? (
            <Link
              href={`/${b.kind === "curve" ? "curves" : "results"}/${b.id}`}
              className="text-sky-700 underline dark:text-sky-400"
            >
              {b.label}
            </Link>
          ) : (
            <Link href={`/bakeoff/${b.id}`} className="text-sky-700 underline dark:text-sky-400">
              {b.label}
            </Link>
          )}
          {!b.verified && (
            <span className="ml-2 rounded bg-amber-200 px-1.5 py-0.5 align-middle text-xs font-bold uppercase text-amber-950">
              Unverified
            </span>
          )}
        </h3>
        <p className="text-xs text-slate-600 dark:text-slate-400">{b.detail}</p>
        {fit && <p className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${fit.cls}`}>{fit.text}</p>}
      </header>
      <Headline plan={plan} />
      <NoteList notes={notes} label={`Warnings and notes for ${b.label}`} />
      {plan.steps.length > 0 && (
        <section aria-label={`How the answer was reached for ${b.label}`}>
          <h4 className="mb-1 text-sm font-semibold">How it was reached</h4>
          <ol className="divide-y divide-slate-100 text-sm dark:divide-slate-800" data-testid="plan-steps">
            {plan.steps.map((s, i) => (
              <li key={s.key} className="grid grid-cols-[1.5rem_1fr] gap-x-1 py-1.5" data-step={s.key}>
                <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">{i + 1}.</span>
                <div className="min-w-0">
                  <div className="flex flex-wrap justify-between gap-x-3">
                    <span className="font-medium">{s.label}</span>
                    <span className="font-semibold tabular-nums" data-testid="step-value">
                      {s.value}
                    </span>
                  </div>
                  <p className="font-mono text-xs break-words text-slate-600 dark:text-slate-400">{s.formula}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
      )}
    </article>
  );
}

export function PlanResults({ plans }: { plans: PlanCardData[] }) {
  const cols = plans.length >= 3 ? "lg:grid-cols-3" : plans.length === 2 ? "md:grid-cols-2" : "max-w-3xl";
  return (
    <div className={`grid gap-4 ${cols}`} data-testid="plan-results">
      {plans.map((p) => (
        <PlanCard key={p.basis.id} plan={p} />
      ))}
    </div>
  );
}
