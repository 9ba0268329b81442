// "Read in context": the checklist a careful reader runs before quoting one MLPerf number, and a
// plain-language paragraph on what it can and cannot tell a capacity planner. Pure.
import { quotedChecks } from "@/lib/judge";
import { componentText } from "@/lib/mlperf/software";
import type { PublishedResult } from "@/lib/types";
import { INFERRED_NOTE, PREVIEW_RULE, RDI_RULE } from "./flag-rules";
import { availabilityName, divisionName, fmt, plural, unitNoun } from "./format";
import { acceleratorDivisor, DERIVED_LABEL, divisorText, MIXED, perAccelerator } from "./per-accelerator";
import { formatMs, getScenarioInfo, isLatencyScenario } from "./scenario-limits";

export interface ChecklistItem {
  item: string;
  answer: string;
  ok: boolean | null; // true: nothing to carry; false: a caveat the reader must carry; null: for information
}

export interface ReadInContext {
  checklist: ChecklistItem[];
  paragraph: string;
}

type R = PublishedResult;

function sameSystem(a: R, b: R): boolean {
  return (
    a.round === b.round &&
    a.submitter === b.submitter &&
    a.platform === b.platform &&
    a.modelFamily === b.modelFamily &&
    a.division === b.division &&
    a.hasPower === b.hasPower
  );
}

function within(value: number | null, limit: number | null): boolean | null {
  return value === null || limit === null ? null : value <= limit;
}

function tailLatency(r: R): ChecklistItem {
  const info = getScenarioInfo(r.modelFamily, r.scenario);
  const l = r.latency;
  // Offline issues every sample at once: the log's "latency" is the whole batch's wall time, not a tail latency
  if (l && r.scenario !== "Offline") {
    const ttftLimit = info.ttftMs ?? l.ttftLimitMs;
    const tpotLimit = info.tpotMs ?? l.tpotLimitMs;
    const parts: string[] = [];
    const checks: (boolean | null)[] = [];
    const show = (name: string, v: number | null, limit: number | null) => {
      if (v === null) return;
      parts.push(`p99 ${name} ${fmt(v, 1)} ms${limit !== null ? ` (limit ${formatMs(limit)})` : ""}`);
      checks.push(within(v, limit));
    };
    show("TTFT", l.ttftMs?.p99 ?? null, ttftLimit);
    show("TPOT", l.tpotMs?.p99 ?? null, tpotLimit);
    if (parts.length === 0) show("latency", l.latencyMs?.p99 ?? null, info.latencyBoundMs);
    if (parts.length > 0) {
      const ok = checks.includes(false) ? false : checks.includes(null) ? null : true;
      const verdict = ok === true ? "within the limits" : ok === false ? "over a limit" : "no limit to compare with";
      return { item: "Tail latency (from the LoadGen log)", answer: `${parts.join(", ")}: ${verdict}.`, ok };
    }
  }
  if (r.scenario === "Offline") {
    return {
      item: "Tail latency",
      answer: l
        ? "Offline has no latency bound, so no tail latency applies to this number (the log's latency figures time the whole batch)."
        : "Offline has no latency bound, so no tail latency applies to this number.",
      ok: null,
    };
  }
  if (isLatencyScenario(r.scenario)) {
    return { item: "Tail latency", answer: `The result itself is the p${info.percentile ?? ""} latency.`, ok: null };
  }
  return {
    item: "Tail latency",
    answer: `No LoadGen log imported. A valid ${r.scenario} result met the limits by definition: ${info.summary}.`,
    ok: null,
  };
}

function scaleItem(r: R): ChecklistItem {
  if (r.totalAccelerators === null || r.totalAccelerators <= 0) {
    const nodes = r.nodes !== null ? ` on ${plural(r.nodes, "node")}` : "";
    return {
      item: "Accelerators and nodes",
      answer: `No accelerators listed${nodes} (host processors do the work, or the count is not published).`,
      ok: null,
    };
  }
  const per =
    r.acceleratorsPerNode !== null && r.nodes !== null && r.nodes > 1 ? ` (${r.acceleratorsPerNode} per node)` : "";
  const nodes = r.nodes !== null ? ` over ${plural(r.nodes, "node")}` : "";
  const hetero = r.heterogeneous ? MIXED.checklist : "";
  const ok = !r.heterogeneous && (r.nodes ?? 1) <= 1;
  return {
    item: "Accelerators and nodes",
    answer: `${fmt(r.totalAccelerators, 0)} × ${r.accelerator ?? "accelerator"}${nodes}${per}.${hetero}`,
    ok,
  };
}

export function readInContext(result: R, opts: { siblings?: R[] } = {}): ReadInContext {
  const r = result;
  const info = getScenarioInfo(r.modelFamily, r.scenario);
  const pa = perAccelerator(r);
  const noun = unitNoun(r.units);
  const siblings = (opts.siblings ?? []).filter((s) => s.id !== r.id);
  const invalid = r.validity === "INVALID" || r.latency?.validity === "INVALID";
  const checklist: ChecklistItem[] = [
    { item: "Scenario", answer: `${info.summary}.`, ok: info.known ? true : null },
    scaleItem(r),
    {
      item: "Per accelerator",
      answer:
        pa.value !== null
          ? `${fmt(pa.value)} ${pa.units} (${pa.formula}); ${DERIVED_LABEL}.`
          : `None: ${pa.note ?? ""}`,
      ok: null,
    },
    {
      item: "Precision",
      answer: r.precision
        ? `${r.precision}${r.precisionRaw && r.precisionRaw !== r.precision ? ` (published as "${r.precisionRaw}")` : ""}`
        : "Not published.",
      ok: r.precision ? true : null,
    },
    {
      item: "Software stack",
      answer:
        r.softwareStack.length > 0 ? r.softwareStack.map(componentText).join(", ") : (r.software ?? "Not published."),
      ok: r.softwareStack.length > 0 || r.software ? true : null,
    },
    tailLatency(r),
    {
      item: "Run validity",
      answer: invalid
        ? `INVALID in the imported LoadGen log${r.latency?.failedChecks.length ? ` (${quotedChecks(r.latency.failedChecks)})` : ""}: show it as unverified.`
        : r.validity === "VALID"
          ? "VALID."
          : "Not known (no LoadGen log imported).",
      ok: invalid ? false : r.validity === "VALID" ? true : null,
    },
    {
      item: "Inferred flag",
      answer: r.inferred
        ? `Set: ${INFERRED_NOTE}`
        : "Not set: the MLCommons summary does not mark this row inferred (inferred = 0).",
      // the flag's meaning for this row is not published, so it is shown, not held against the result
      ok: r.inferred ? null : true,
    },
    {
      item: "Division",
      answer:
        r.division.toLowerCase() === "open"
          ? `Open: ran ${r.usedModel} for the ${r.model} benchmark; Closed accuracy and latency constraints do not apply.`
          : `${divisionName(r.division)}.`,
      ok: r.division.toLowerCase() === "closed" ? true : r.division.toLowerCase() === "open" ? false : null,
    },
    {
      item: "Availability",
      answer:
        r.availability.toLowerCase() === "preview"
          ? `Preview. ${PREVIEW_RULE}`
          : r.availability.toLowerCase() === "rdi"
            ? `RDI. ${RDI_RULE}`
            : `${availabilityName(r.availability)}.`,
      ok: r.availability.toLowerCase() === "available",
    },
    {
      item: "Power",
      answer: r.hasPower
        ? `Power submission${r.power !== null ? ` (${fmt(r.power)} ${r.powerUnits ?? ""})`.trimEnd() : ""}; its performance is not comparable with performance-only submissions.`
        : "Performance-only: no power was measured, and no proxy (TDP, PSU rating) may stand in for it.",
      ok: null,
    },
    {
      item: "Data notes",
      answer: r.notes.length > 0 ? r.notes.map((n) => sentence(n.message)).join(" ") : "None.",
      ok: r.notes.length === 0,
    },
  ];
  const twins = siblings.filter((s) => s.measurementKey === r.measurementKey);
  if (twins.length > 0) {
    checklist.push({
      item: "Published twice",
      answer: `The same run is also published as ${twins
        .map((t) => t.model)
        .sort()
        .join(", ")} with the same number; count it once.`,
      ok: null,
    });
  }
  return { checklist, paragraph: paragraph(r, siblings, pa, noun, invalid) };
}

function paragraph(r: R, siblings: R[], pa: ReturnType<typeof perAccelerator>, noun: string, invalid: boolean): string {
  const info = getScenarioInfo(r.modelFamily, r.scenario);
  const out: string[] = [];
  const value = `${fmt(r.value, 2)} ${noun}`;
  if (r.scenario === "Offline") {
    out.push(
      `This is ${value} in the Offline scenario: every sample is issued at once and there is no latency bound, so read it as an upper bound on batch throughput for ${r.model} on this system; a service with a latency target will get less.`,
    );
    const bounded = siblings
      .filter(
        (s) => sameSystem(s, r) && (s.scenario === "Server" || s.scenario === "Interactive") && s.units === r.units,
      )
      .sort((a, b) => (a.scenario < b.scenario ? -1 : a.scenario > b.scenario ? 1 : a.id < b.id ? -1 : 1));
    const seen = new Set<string>();
    for (const s of bounded) {
      if (seen.has(s.scenario)) continue;
      seen.add(s.scenario);
      out.push(
        `The same system's ${s.scenario} result is ${fmt(s.value, 2)} ${noun}, ${fmt((100 * s.value) / r.value)}% of Offline.`,
      );
    }
  } else if (isLatencyScenario(r.scenario)) {
    out.push(
      `This is a ${r.scenario} latency of ${value} (p${info.percentile ?? ""}, lower is better): how fast one query completes, not how many queries the system serves at once.`,
    );
  } else {
    out.push(
      `${info.summary.replace(/^(Server|Interactive \(Server with tighter limits\)) measures/, "This is")}: ${value}, on the benchmark's own dataset. It is capacity at those limits; at tighter service-level targets, or with your own prompt and output lengths, capacity will differ.`,
    );
  }
  if (pa.value !== null && r.nodes !== null && r.nodes > 1) {
    out.push(
      `It spans ${plural(r.nodes, "node")} and ${divisorText(acceleratorDivisor(r) ?? 0)}, so it includes interconnect and scheduling; ${fmt(pa.value)} ${pa.units} is a cluster average, not one card's throughput (${DERIVED_LABEL}).`,
    );
  } else if (pa.value !== null) {
    out.push(
      `Divided by ${divisorText(acceleratorDivisor(r) ?? 0)} it is ${fmt(pa.value)} ${pa.units}: ${DERIVED_LABEL}.`,
    );
  }
  if (r.heterogeneous) out.push(MIXED.paragraph);
  if (r.availability.toLowerCase() === "preview")
    out.push(
      "It is a Preview result and can still be invalidated if the product is not submitted as Available in time.",
    );
  if (r.division.toLowerCase() === "open")
    out.push(
      r.usedModel && r.usedModel !== r.model
        ? `It is an Open-division result that ran ${r.usedModel} for the ${r.model} benchmark, not the reference model under Closed rules.`
        : `It is an Open-division result: it ran the benchmark's own model (${r.model}), but Open rules allow retraining and other pre- and post-processing, and the Closed accuracy and latency constraints do not apply.`,
    );
  if (r.inferred)
    out.push(
      "The MLCommons summary marks it inferred (inferred = 1); the summary does not say what that means for this row.",
    );
  if (invalid) out.push("Its LoadGen log reports INVALID: treat the number as unverified.");
  out.push(
    `It cannot tell you cost, ${r.hasPower ? "power beyond this measured run" : "power (none was measured)"}, or performance with your own models, sequence lengths and software stack.`,
  );
  return out.join(" ");
} /** A note as a sentence of its own, so two notes never run together ("…is 88 The log header…"). */
function sentence(text: string): string {
  const t = text.trim();
  return /[.!?:;)"”]$/.test(t) ? t : `${t}.`;
}
