// The citation footnotes a comparison must carry (MLCommons messaging guidelines), kept in print. The attribution
// legend is in the page footer once, not repeated in every footnote.
import { withoutLegend } from "@/lib/context/citations";

export function Footnotes({ notes, retrievedAt }: { notes: string[]; retrievedAt?: string }) {
  if (notes.length === 0) return null;
  return (
    <section
      aria-labelledby="footnotes-h"
      className="border-t border-slate-200 pt-4 dark:border-slate-800"
      data-testid="footnotes"
    >
      <h2 id="footnotes-h" className="text-sm font-semibold">
        Footnotes
      </h2>
      <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-xs leading-relaxed [overflow-wrap:anywhere] text-slate-700 dark:text-slate-300 print:text-[7pt]">
        {[...new Set(notes.map(withoutLegend))].map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ol>
      {retrievedAt && (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">Data imported {retrievedAt.slice(0, 10)}.</p>
      )}
    </section>
  );
}
