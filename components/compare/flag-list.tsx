// The flags at the top of a comparison, most severe first. A block is a red alert panel with its reason and the
// comparable alternatives one click away; warnings are amber, notes slate. Flags about one fact are one statement
// ("5 results span 1–18 nodes"), their pairs one click away (lib/snapshot/flag-groups.ts, issue 30).
import Link from "next/link";
import { type CompareData, type CompareFlag, compareHref, flagSuggestions } from "@/lib/snapshot";
import { type FlagGroup, SUITE_GROUP } from "@/lib/snapshot/flag-groups";

const STYLE = {
  block: {
    box: "border-2 border-red-600 bg-red-50 text-red-950 dark:border-red-500 dark:bg-red-950/60 dark:text-red-50",
    badge: "bg-red-700 text-white",
    word: "Block — not comparable",
  },
  warn: {
    box: "border border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-600 dark:bg-amber-950/50 dark:text-amber-50",
    badge: "bg-amber-300 text-amber-950 dark:bg-amber-500",
    word: "Warning",
  },
  info: {
    box: "border border-slate-200 bg-slate-50 text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200",
    badge: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
    word: "Note",
  },
} as const;

/** The comparable alternatives a block offers, one link each. */
function Suggestions({ suggestions, bakeoff }: { suggestions: CompareData["suggestions"]; bakeoff: string[] }) {
  if (suggestions.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label="Comparable alternatives">
      {suggestions.map((sg) => (
        <li key={`${sg.forId}-${sg.ids.join(",")}`}>
          <Link
            href={compareHref(sg.ids, bakeoff)}
            className="inline-block rounded-md border border-red-700 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-100 dark:border-red-400 dark:bg-red-900 dark:text-red-50 dark:hover:bg-red-800 print:hidden"
            data-testid="suggestion"
          >
            {sg.text} →
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A group's pairwise flags behind a disclosure: one click away, not in the way. */
function Pairs({
  flags,
  labels,
  className,
  noun = "pairs",
}: {
  flags: CompareFlag[];
  labels: Record<string, string>;
  className: string;
  noun?: string;
}) {
  return (
    <details className={`${className} print:hidden`}>
      <summary className="cursor-pointer underline-offset-2 hover:underline">
        The {flags.length} {noun}
      </summary>
      <ul className="mt-1.5 space-y-1.5">
        {flags.map((f) => (
          <li key={`${f.code}-${f.ids.join(",")}`} data-testid="flag" data-severity={f.severity} data-code={f.code}>
            <span className="text-xs opacity-80">{f.ids.map((id) => labels[id] ?? id).join(", ")}:</span> {f.message}
          </li>
        ))}
      </ul>
    </details>
  );
}

function FlagItem({
  flag,
  labels,
  suggestions,
  bakeoff,
}: {
  flag: CompareFlag;
  labels: Record<string, string>;
  suggestions: CompareData["suggestions"];
  bakeoff: string[];
}) {
  const s = STYLE[flag.severity];
  const about = flag.ids.map((id) => labels[id] ?? id).join(", ");
  return (
    <li>
      <div
        className={`rounded-lg p-3 break-inside-avoid print:p-2 ${s.box} ${flag.severity === "block" ? "p-4" : ""}`}
        data-testid="flag"
        data-severity={flag.severity}
        data-code={flag.code}
        role={flag.severity === "block" ? "alert" : undefined}
      >
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className={`rounded px-2 py-0.5 text-xs font-bold uppercase tracking-wide ${s.badge}`}>{s.word}</span>
          <span className="text-xs opacity-80">
            {flag.code}
            {about ? ` · ${about}` : ""}
          </span>
        </div>
        <p
          className={`mt-1.5 print:mt-0.5 print:text-[8.5pt] ${flag.severity === "block" ? "text-base font-medium" : "text-sm"}`}
        >
          {flag.message}
        </p>
        <Suggestions suggestions={suggestions} bakeoff={bakeoff} />
      </div>
    </li>
  );
}

function uniqueSuggestions(g: FlagGroup, all: CompareData["suggestions"]): CompareData["suggestions"] {
  if (g.severity !== "block") return [];
  const seen = new Set<string>();
  return g.flags
    .flatMap((f) => flagSuggestions(f, all))
    .filter((sg) => {
      const key = sg.ids.join(",");
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** Several flags about one fact: the statement up front, the pairs behind a disclosure. */
function GroupItem({
  group,
  labels,
  suggestions,
  bakeoff,
}: {
  group: FlagGroup;
  labels: Record<string, string>;
  suggestions: CompareData["suggestions"];
  bakeoff: string[];
}) {
  const s = STYLE[group.severity];
  return (
    <li>
      <div
        className={`rounded-lg p-3 break-inside-avoid print:p-2 ${s.box} ${group.severity === "block" ? "p-4" : ""}`}
        data-testid="flag-group"
        data-severity={group.severity}
        data-code={group.code}
        role={group.severity === "block" ? "alert" : undefined}
      >
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className={`rounded px-2 py-0.5 text-xs font-bold uppercase tracking-wide ${s.badge}`}>{s.word}</span>
          <span className="text-xs opacity-80">{group.code}</span>
        </div>
        <p
          className={`mt-1.5 print:mt-0.5 print:text-[8.5pt] ${group.severity === "block" ? "text-base font-medium" : "text-sm"}`}
          data-testid="flag-statement"
        >
          {group.statement}
        </p>
        <Suggestions suggestions={suggestions} bakeoff={bakeoff} />
        <Pairs
          flags={group.flags}
          labels={labels}
          className="mt-2 text-sm"
          noun={group.code === SUITE_GROUP ? "facts" : "pairs"}
        />
      </div>
    </li>
  );
}

export function FlagList({
  data,
  groups,
  labels,
  bakeoffIds,
}: {
  data: Pick<CompareData, "flags" | "suggestions">;
  /** groupFlags(data), computed once by the caller: the subtitle counts these same boxes (flagCounts) */
  groups: FlagGroup[];
  labels: Record<string, string>;
  bakeoffIds: string[];
}) {
  if (data.flags.length === 0)
    return (
      <p
        className="rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950/50 dark:text-emerald-100"
        data-testid="no-flags"
      >
        No flags: these results share benchmark, scenario, division, availability, precision and scale closely enough to
        be read side by side. The footnotes still apply.
      </p>
    );
  const serious = groups.filter((g) => g.severity !== "info");
  const notes = groups.filter((g) => g.severity === "info");
  return (
    <div className="space-y-2 break-words">
      {serious.length > 0 && (
        <ul className="space-y-2" aria-label="Blocks and warnings, most severe first">
          {serious.map((g) =>
            g.flags.length === 1 ? (
              <FlagItem
                key={`${g.code}-${g.ids.join(",")}`}
                flag={g.flags[0] as CompareFlag}
                labels={labels}
                bakeoff={bakeoffIds}
                suggestions={g.severity === "block" ? flagSuggestions(g.flags[0] as CompareFlag, data.suggestions) : []}
              />
            ) : (
              <GroupItem
                key={`${g.severity}-${g.code}`}
                group={g}
                labels={labels}
                bakeoff={bakeoffIds}
                suggestions={uniqueSuggestions(g, data.suggestions)}
              />
            ),
          )}
        </ul>
      )}
      {notes.length > 0 && (
        <div className={`rounded-lg p-3 print:p-2 ${STYLE.info.box}`}>
          <span className={`rounded px-2 py-0.5 text-xs font-bold uppercase tracking-wide ${STYLE.info.badge}`}>
            {notes.length === 1 ? "Note" : `${notes.length} notes`}
          </span>
          <ul className="mt-2 space-y-2" aria-label="Notes">
            {notes.map((g) =>
              g.flags.length === 1 ? (
                <li
                  key={`${g.code}-${g.ids.join(",")}`}
                  className="text-sm print:text-[8.5pt]"
                  data-testid="flag"
                  data-severity={g.severity}
                  data-code={g.code}
                >
                  <span className="text-xs opacity-80">
                    {g.code} · {g.ids.map((id) => labels[id] ?? id).join(", ")}:
                  </span>{" "}
                  {g.statement}
                </li>
              ) : (
                <li key={g.code} className="text-sm print:text-[8.5pt]" data-testid="flag-group" data-code={g.code}>
                  <span className="text-xs opacity-80">{g.code}:</span> {g.statement}
                  <Pairs flags={g.flags} labels={labels} className="mt-1" />
                </li>
              ),
            )}
          </ul>
        </div>
      )}
    </div>
  );
}
