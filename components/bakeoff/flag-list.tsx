// The context engine's flags for the overlay (lib/context computeFlags), most severe first.
import type { Flag } from "@/lib/context";

const TONE: Record<Flag["severity"], string> = {
  block: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200",
  warn: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200",
  info: "border-slate-300 bg-slate-50 text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200",
};

/**
 * A multi-point upload gets one "unverified" flag per load point, each the same sentence but for "(point N)";
 * show it once, naming how many points it covers.
 */
export function collapsePointFlags(flags: Flag[]): Flag[] {
  const out: Flag[] = [];
  const seen = new Map<string, Flag>();
  for (const f of flags) {
    const m = / \(point \d+\)/.exec(f.message);
    const key = m ? `${f.code}\u0000${f.severity}\u0000${f.message.replace(m[0], "")}` : null;
    const prev = key ? seen.get(key) : undefined;
    if (key && prev) {
      prev.ids = [...prev.ids, ...f.ids];
      prev.message = prev.message.replace(
        / \((?:point \d+|all \d+ load points)\)/,
        ` (all ${prev.ids.length} load points)`,
      );
      continue;
    }
    const copy = { ...f, ids: [...f.ids] };
    if (key) seen.set(key, copy);
    out.push(copy);
  }
  return out;
}

/**
 * The same for footnotes: one sentence per load point but for "(point N)" becomes one sentence naming how many
 * points it covers (a 100-point upload had 100 near-identical footnotes: 27 KB of the page).
 */
export function collapsePointNotes(notes: readonly string[]): string[] {
  const out: string[] = [];
  const at = new Map<string, { index: number; count: number }>();
  for (const n of notes) {
    const m = / \(point \d+\)/.exec(n);
    if (!m) {
      if (!out.includes(n)) out.push(n);
      continue;
    }
    const key = n.replace(m[0], "");
    const prev = at.get(key);
    if (prev) {
      prev.count++;
      out[prev.index] = n.replace(m[0], ` (each of ${prev.count} load points)`);
      continue;
    }
    at.set(key, { index: out.length, count: 1 });
    out.push(n);
  }
  return out;
}

export function FlagList({ flags: all }: { flags: Flag[] }) {
  const flags = collapsePointFlags(all);
  if (flags.length === 0) return <p className="text-sm">No flags.</p>;
  return (
    <ul className="space-y-2" data-testid="flags">
      {flags.map((f) => (
        <li key={`${f.code}-${f.ids.join(",")}`} className={`rounded border p-2 text-sm ${TONE[f.severity]}`}>
          <span className="mr-2 text-xs font-bold uppercase">{f.severity === "block" ? "blocker" : f.severity}</span>
          <span className="break-words">{f.message}</span>
        </li>
      ))}
    </ul>
  );
}
