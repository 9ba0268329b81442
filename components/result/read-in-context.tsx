// The checklist a careful reader runs before quoting one number, and the plain-language paragraph.
import type { ReadInContext } from "@/lib/context";

const MARK = {
  ok: { sym: "✓", sr: "fine", cls: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200" },
  caveat: { sym: "!", sr: "caveat to carry", cls: "bg-amber-200 text-amber-950 dark:bg-amber-700 dark:text-amber-50" },
  info: { sym: "i", sr: "for information", cls: "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-100" },
} as const;

export function ReadInContextPanel({ context }: { context: ReadInContext }) {
  return (
    <section
      aria-labelledby="context-h"
      className="space-y-4 rounded-xl border border-sky-200 bg-sky-50/60 p-4 dark:border-sky-900 dark:bg-sky-950/30"
      data-testid="read-in-context"
    >
      <h2 id="context-h" className="text-lg font-semibold">
        Read this number in context
      </h2>
      <p className="text-base leading-relaxed text-slate-800 dark:text-slate-200" data-testid="context-paragraph">
        {context.paragraph}
      </p>
      <dl className="text-sm" aria-label="Read-in-context checklist">
        {context.checklist.map((c) => {
          const m = c.ok === true ? MARK.ok : c.ok === false ? MARK.caveat : MARK.info;
          return (
            <div
              key={c.item}
              className="grid gap-x-3 gap-y-0.5 border-t border-sky-100 py-2 sm:grid-cols-[13rem_1fr] dark:border-sky-900/60"
            >
              <dt className="flex items-start gap-2 font-medium">
                <span
                  className={`mt-0.5 inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ${m.cls}`}
                  aria-hidden="true"
                >
                  {m.sym}
                </span>
                <span>
                  {c.item}
                  <span className="sr-only"> ({m.sr})</span>
                </span>
              </dt>
              <dd className="pl-7 text-slate-700 sm:pl-0 dark:text-slate-300">{c.answer}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
