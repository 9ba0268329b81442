// The pairwise rules on scale: single vs multi-node, node counts, accelerator counts. Each sees two published
// results and returns at most one flag; PAIR_RULES in flag-rules.ts lists them in order. Pure.
import type { PublishedResult } from "@/lib/types";
import { type Flag, flag, labeller } from "./flag-base";
import { fmt, plural } from "./format";

type R = PublishedResult;

/**
 * How a result is laid out over nodes, with the count that ran beside the layout: "1 node × 8 accelerators",
 * "11 nodes × 8 accelerators per node, 87 of 88 accelerators used", "1 node, no accelerators (host processors only)".
 */
export function nodeLayout(r: R): string {
  const n = r.nodes ?? 0;
  const nodes = plural(n, "node");
  const per = r.acceleratorsPerNode;
  const ran = r.totalAccelerators;
  if (!r.accelerator && (ran ?? 0) <= 0 && !per) return `${nodes}, no accelerators (host processors only)`;
  if (per === null) return `${nodes} (accelerators per node not published)`;
  const slots = n * per;
  const partial =
    ran !== null && ran > 0 && ran !== slots ? `, ${fmt(ran, 0)} of ${fmt(slots, 0)} accelerators used` : "";
  if (n === 1) return `1 node × ${plural(per, "accelerator")}${partial}`;
  const used = partial || (ran !== null && ran > 0 ? `, ${plural(ran, "accelerator")}` : "");
  return `${nodes} × ${plural(per, "accelerator")} per node${used}`;
}

export function nodes(a: R, b: R, label = labeller(a, b)): Flag | null {
  if (a.nodes === null || b.nodes === null) return null;
  if (a.nodes > 1 === b.nodes > 1) return null;
  const [single, multi] = a.nodes > 1 ? [b, a] : [a, b];
  return flag(
    "multi-node",
    "warn",
    `${label(single)} runs on ${nodeLayout(single)}; ${label(multi)} spans ${nodeLayout(multi)}. The multi-node result includes interconnect and scheduling across nodes, and its per-accelerator figure is a cluster average, not one card's.`,
    a.id,
    b.id,
  );
}

export function nodeCount(a: R, b: R, label = labeller(a, b)): Flag | null {
  if (a.nodes === null || b.nodes === null || a.nodes <= 1 || b.nodes <= 1 || a.nodes === b.nodes) return null;
  const sizes = a.acceleratorsPerNode !== b.acceleratorsPerNode ? " of different sizes" : "";
  return flag(
    "node-count",
    "warn",
    `Node counts differ: ${label(a)} spans ${nodeLayout(a)}; ${label(b)} spans ${nodeLayout(b)}. Both include interconnect and scheduling across nodes, but over a different number of nodes${sizes}, so neither the results nor their per-accelerator figures (cluster averages) are like-for-like.`,
    a.id,
    b.id,
  );
}

export function acceleratorCount(a: R, b: R, label = labeller(a, b)): Flag | null {
  const ca = a.totalAccelerators ?? 0;
  const cb = b.totalAccelerators ?? 0;
  if (ca === cb) return null;
  if (ca <= 0 || cb <= 0) {
    const [none, some] = ca <= 0 ? [a, b] : [b, a];
    return flag(
      "accelerator-count",
      "info",
      `Chip counts differ: ${label(none)} lists no accelerators (host processors do the work); ${label(some)} uses ${fmt(some.totalAccelerators ?? 0, 0)}.`,
      a.id,
      b.id,
    );
  }
  const ratio = Math.max(ca, cb) / Math.min(ca, cb);
  const head = `Chip counts differ: ${fmt(ca, 0)} (${label(a)}) vs ${fmt(cb, 0)} (${label(b)}), ${fmt(ratio)}×.`;
  if (ratio > 4) {
    return flag(
      "accelerator-count",
      "warn",
      `${head} Throughput does not scale linearly with accelerator count, so a system this much larger or smaller is not a like-for-like comparison, even per accelerator.`,
      a.id,
      b.id,
    );
  }
  return flag(
    "accelerator-count",
    "info",
    `${head} MLCommons requires a comparison to state each side's chip count.`,
    a.id,
    b.id,
  );
}
