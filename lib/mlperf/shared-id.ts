// One MLCommons result ID carried by rows of different systems (the cm4mlperf community summary reuses
// 4.1-0001…0006, which the official v4.1 summary gives AMD, ASUSTeK and Cisco): a data note for each such row, so
// neither is cited as "Result 4.1-0001" without a second look. Pure.
import type { DataNote } from "@/lib/types";

/** One row carrying the ID: who published it, on what platform, and the file it was imported from (when known). */
export interface IdHolder {
  submitter: string;
  platform: string;
  source: string | null;
}

/**
 * The file name of a source (a path or URL), without its folders (and a URL's query): what a reader can look for. The
 * one base-name rule: import sources, uploaded files and archive entries. A path's "?" and "#" are part of its name.
 */
export function sourceName(source: string | null): string | null {
  if (!source) return null;
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(source);
  const path = (url ? source.replace(/[?#].*$/, "") : source).replace(/[\\/]+$/, "");
  return path.split(/[\\/]/).pop() || null;
}

/** Other holders named in a note; more are counted, not listed. */
const MAX_LISTED = 3;

const holderText = (h: IdHolder) => {
  const from = sourceName(h.source);
  return `${h.submitter} ${h.platform}${from ? ` (from ${from})` : ""}`;
};

/**
 * The note for `self`, one of the rows carrying `resultId`, given every holder (self included); null when all of
 * them are one system. `sharedIdNote("4.1-0001", amd, [amd, scc])` → `{code: "result-id-shared", message: "MLCommons
 * ID 4.1-0001 is also carried by MLCommons 48ed…-scc24-base (from cm4mlperf….json) …"}`.
 */
export function sharedIdNote(resultId: string, self: IdHolder, holders: readonly IdHolder[]): DataNote | null {
  const same = (h: IdHolder) => h.submitter === self.submitter && h.platform === self.platform;
  const others: IdHolder[] = [];
  for (const h of holders)
    if (!same(h) && !others.some((o) => o.submitter === h.submitter && o.platform === h.platform)) others.push(h);
  if (others.length === 0) return null;
  const mine = sourceName(self.source);
  return {
    code: "result-id-shared",
    message:
      `MLCommons ID ${resultId} is also carried by ${others.slice(0, MAX_LISTED).map(holderText).join("; ")}${
        others.length > MAX_LISTED ? ` and ${others.length - MAX_LISTED} other systems` : ""
      } in this database. ` +
      `One MLCommons ID names one system, so one of these rows does not hold the official result with this ID${
        mine ? `; this row was imported from ${mine}` : ""
      }. Check the source before citing it.`,
  };
}
