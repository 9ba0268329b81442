// The notes the writer leaves on a result when sources meet: "sources-disagree" (a lesser source states another
// value than the one shown) and "value-replaced" (a source of the same rank changed a stored number). A result's
// notes from one origin are rewritten only when they differ.
import { and, eq } from "drizzle-orm";
import { sourceName } from "@/lib/mlperf/shared-id";
import type { DataNote, ResultRecord } from "@/lib/types";
import type { DbHandle } from "../client";
import type { Existing } from "./change";
import { rankOf } from "./precedence";

/**
 * Make a result's notes from one origin exactly `notes`, rewriting only when they differ, so an
 * unchanged re-import leaves every row (and its id) as it was. Inside the writer's transaction.
 */
export async function setNotes(h: DbHandle, resultId: string, origin: string, notes: DataNote[]): Promise<void> {
  const { dataNotes } = h.t;
  const have = await h.db
    .select({ code: dataNotes.code, message: dataNotes.message })
    .from(dataNotes)
    .where(and(eq(dataNotes.resultId, resultId), eq(dataNotes.origin, origin)))
    .orderBy(dataNotes.id);
  if (JSON.stringify(have) === JSON.stringify(notes.map((n) => ({ code: n.code, message: n.message })))) return;
  await h.db.delete(dataNotes).where(and(eq(dataNotes.resultId, resultId), eq(dataNotes.origin, origin)));
  if (notes.length > 0)
    await h.db.insert(dataNotes).values(notes.map((n) => ({ resultId, code: n.code, message: n.message, origin })));
}

export function disagreeNote(
  lesser: { format: string; source: string; value: number; units: string },
  better: { origin: string; value: number; units: string },
): DataNote[] {
  const differs =
    better.units !== lesser.units || Math.abs(better.value - lesser.value) > 1e-9 * Math.max(1, Math.abs(lesser.value));
  if (!differs) return [];
  const name = better.origin === "summary_results_json" ? "the official round summary" : better.origin;
  const file = lesser.source ? ` (${lesser.source.split("/").pop()})` : "";
  return [
    {
      code: "sources-disagree",
      message: `${lesser.format}${file} says ${lesser.value} ${lesser.units}; ${name} says ${better.value} ${better.units}, which is shown.`,
    },
  ];
}

/**
 * A source of the same kind as the stored row's (say, two summary_results.json files) that changes its number:
 * the later import wins, and the row says which file's value it replaced. A re-published official summary that
 * corrects a value gets the note too, which is what a reader needs to know. `storedSource` is the file the stored
 * value came from (null when unknown).
 */
export function replacedNote(
  prev: Existing,
  r: ResultRecord,
  origin: string,
  source: string,
  storedSource: string | null,
): DataNote | null {
  if (rankOf(prev.origin) !== rankOf(origin) || (prev.value === r.value && prev.units === r.units)) return null;
  const from = sourceName(storedSource);
  const here = sourceName(source);
  if (from !== null && from === here && storedSource === source) return null; // the same file, re-published
  return {
    code: "value-replaced",
    message: `${here ?? "This import"} replaced the value ${prev.value} ${prev.units}${from ? ` from ${from}` : ""} with ${r.value} ${r.units}; both are ${origin} files, so the later import wins. Check which one is the official publication.`,
  };
}
