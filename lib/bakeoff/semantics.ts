// Meaning checks on a parsed run that apply whatever tool wrote it. Pure: a run in, a run (and notes) out.
import type { BakeoffRun, LatencyMs } from "@/lib/types";

/** Relative spread under which values count as one constant (float rounding, not measurement). */
const SAME = 1e-9;

function allSame(xs: number[]): boolean {
  if (xs.length === 0) return false;
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return hi - lo <= SAME * Math.max(Math.abs(hi), Math.abs(lo), 1e-12);
}

function near(a: number | null, b: number | null, rel = 1e-6): boolean {
  return a !== null && b !== null && Math.abs(a - b) <= rel * Math.max(Math.abs(a), Math.abs(b));
}

/** Stats of a block that the file gave (min, mean, percentiles). */
function stated(l: LatencyMs): number[] {
  return [l.min ?? null, l.mean, l.p50, l.p90, l.p95, l.p99].filter((x): x is number => x !== null);
}

/**
 * Why the run's TTFT is not a time to first token, or null. Two signatures of a run without streaming:
 * every request's TTFT is one constant (tools write a placeholder such as 0.001 s, or the same wire overhead), or
 * TTFT equals the end-to-end latency (the first "token" arrived with the whole answer). Needs ≥ 3 requests.
 */
export function meaninglessTtftReason(run: BakeoffRun): string | null {
  const rows = (run.perRequest ?? []).filter((r) => r.ok && r.ttftMs !== null);
  if (rows.length >= 3) {
    const t = rows.map((r) => r.ttftMs as number);
    if (allSame(t)) return `every request's TTFT is the same ${t[0]} ms`;
    if (rows.every((r) => near(r.ttftMs, r.e2eMs))) return "every request's TTFT equals its end-to-end latency";
    return null;
  }
  const l = run.ttftMs;
  if (!l || (run.numRequests ?? 0) < 3) return null;
  const s = stated(l);
  if (s.length >= 3 && allSame(s)) return `TTFT mean and percentiles are all the same ${s[0]} ms`;
  const e = run.e2eMs;
  if (e && near(l.p50, e.p50) && near(l.p99, e.p99) && near(l.mean, e.mean))
    return "TTFT equals the end-to-end latency at mean, p50 and p99";
  return null;
}

/**
 * A run whose TTFT is meaningless (streaming off) keeps its other figures but loses TTFT, with a note saying why,
 * so no SLO is judged on it. `{ttftMs: {mean: 1, p50: 1, p99: 1}, numRequests: 50}` → ttftMs null + note.
 */
export function flagMeaninglessTtft(run: BakeoffRun): BakeoffRun {
  const reason = meaninglessTtftReason(run);
  if (!reason) return run;
  return {
    ...run,
    ttftMs: null,
    perRequest: run.perRequest?.map((r) => ({ ...r, ttftMs: null })) ?? null,
    latencyNotes: [
      ...run.latencyNotes,
      `TTFT not used: ${reason}, the mark of a run without streaming; it is no time to first token, so no TTFT SLO is judged on it`,
    ],
  };
}
