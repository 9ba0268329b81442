// The header of a frozen view (/s/<token>): what was frozen, its title and one sentence on what the figures are, the
// address for print, and the view's share actions. A frozen plan and a frozen overview both start with it. Server
// component.
import type { ReactNode } from "react";

export function FrozenHeader({
  eyebrow,
  title,
  lede,
  path,
  actions,
}: {
  eyebrow: string;
  title: string;
  lede: ReactNode;
  path: string;
  actions: ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div className="max-w-3xl space-y-2">
        <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{eyebrow}</p>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-slate-700 dark:text-slate-300">{lede}</p>
        <p className="hidden font-mono text-xs text-slate-600 print:block">PerfContext {path}</p>
      </div>
      {actions}
    </header>
  );
}
