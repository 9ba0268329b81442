"use client";
// Shared pieces of the overlay's charts: colours that read in light and dark, and a tooltip that shows user
// text as text (React escapes it).

export { COLORS } from "@/lib/chart-colors";

export interface TipRow {
  name: string;
  what: string;
  lines: string[];
}

interface TipProps {
  active?: boolean;
  payload?: readonly { payload?: unknown }[];
}

export function ChartTip({ active, payload }: TipProps) {
  const row = payload?.[0]?.payload as TipRow | undefined;
  if (!active || !row?.name) return null;
  return (
    <div className="max-w-xs rounded border border-slate-300 bg-white p-2 text-xs text-slate-900 shadow dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100">
      <p className="font-medium break-words">{row.name}</p>
      <p className="text-slate-600 dark:text-slate-400">{row.what}</p>
      {row.lines.map((l) => (
        <p key={l}>{l}</p>
      ))}
    </div>
  );
}
