// What every rule file shares: the Flag shape, its constructor and the pair labeller. Pure.
import type { PublishedResult } from "@/lib/types";
import { pairLabels, resultLabel } from "./format";

export type Severity = "block" | "warn" | "info";

export interface Flag {
  code: string;
  severity: Severity;
  message: string;
  ids: string[];
}

/** A flag with its ids sorted. */
export const flag = (code: string, severity: Severity, message: string, ...ids: string[]): Flag => ({
  code,
  severity,
  message,
  ids: [...ids].sort(),
});

/** Labels for one pair, told apart when both sides share a platform name (see `distinctLabels`). */
export function labeller(a: PublishedResult, b: PublishedResult): (r: PublishedResult) => string {
  const [la, lb] = pairLabels(a, b);
  return (r) => (r.id === a.id ? la : r.id === b.id ? lb : resultLabel(r));
}
