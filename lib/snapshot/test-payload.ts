// A comparison payload built the way /compare builds it (flags, footnotes and per-accelerator figures from
// lib/context), over two v6.0 AMD systems of lib/context/test-fixtures.ts: shared by the snapshot tests.
import { computeFlags, footnotes } from "@/lib/context";
import { llama } from "@/lib/context/test-fixtures";
import { perAccelerator } from "@/lib/judge";
import type { PublishedResult } from "@/lib/types";
import type { CompareData } from ".";

export const amd8 = llama("v6.0", "AMD", "8xMI355X_2xEPYC_9575F", "Offline");
export const amd87 = llama("v6.0", "AMD", "87xMI355X_22xEPYC_9575F", "Offline");

export function payload(results: PublishedResult[]): CompareData {
  const per: CompareData["perAccelerator"] = {};
  for (const r of results) per[r.id] = perAccelerator(r);
  return {
    results,
    bakeoff: [],
    curves: [],
    flags: computeFlags(results),
    footnotes: footnotes(results, [], { retrievedAt: "2026-11-29T22:20:20.990Z", derived: true }),
    perAccelerator: per,
    suggestions: [],
    dataVersion: "9",
    retrievedAt: "2026-11-29T22:20:20.990Z",
  };
}
