"use client";
// The overlay's URL-backed controls. They hold no state of their own beyond a form being typed: every choice is
// written to the URL (push: discrete navigation), and the server page re-renders from it.
import { usePathname, useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { type OverlayState, SLO_SCENARIOS, type SloScenario, withOverlayChanges } from "./overlay-state";

function useNavigate(state: OverlayState) {
  const router = useRouter();
  const pathname = usePathname();
  return (changes: Partial<OverlayState>) => {
    const q = withOverlayChanges(state, changes);
    router.push(q ? `${pathname}?${q}` : pathname, { scroll: false });
  };
}

const selectCls =
  "rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

export function FamilyRoundPicker(props: {
  state: OverlayState;
  family: string | null;
  saved: string | null;
  mapped: string | null;
  families: string[];
  round: string | null;
  rounds: string[];
}) {
  const go = useNavigate(props.state);
  return (
    <div className="flex flex-wrap items-end gap-3 text-sm">
      <label className="flex flex-col gap-1">
        <span className="font-medium">Compare with MLPerf model</span>
        <select
          className={selectCls}
          value={props.family ?? ""}
          data-testid="family-select"
          onChange={(e) =>
            go({ family: e.target.value === props.saved ? null : e.target.value || null, round: null, ref: null })
          }
        >
          {props.family === null && <option value="">— pick a model family —</option>}
          {props.families.map((f) => (
            <option key={f} value={f}>
              {f}
              {f === props.mapped ? " (from the model name)" : f === props.saved ? " (chosen at upload)" : ""}
            </option>
          ))}
        </select>
      </label>
      {props.rounds.length > 0 && (
        <label className="flex flex-col gap-1">
          <span className="font-medium">Round</span>
          <select
            className={selectCls}
            value={props.round ?? ""}
            data-testid="round-select"
            onChange={(e) =>
              go({ round: e.target.value === props.rounds[0] ? null : e.target.value || null, ref: null })
            }
          >
            {props.rounds.map((r, i) => (
              <option key={r} value={r}>
                MLPerf Inference {r}
                {i === 0 ? " (latest)" : ""}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}

export function MetricToggle({ state }: { state: OverlayState }) {
  const go = useNavigate(state);
  return (
    <fieldset className="flex items-center gap-3 text-sm">
      <legend className="sr-only">Latency on the scatter</legend>
      {(["ttft", "tpot"] as const).map((m) => (
        <label key={m} className="flex items-center gap-1">
          <input type="radio" name="metric" value={m} checked={state.metric === m} onChange={() => go({ metric: m })} />
          p99 {m.toUpperCase()}
        </label>
      ))}
    </fieldset>
  );
}

export function SloForm(props: {
  state: OverlayState;
  scenario: SloScenario;
  ttft: number | null;
  tpot: number | null;
  canDefault: boolean;
}) {
  const go = useNavigate(props.state);
  const [ttft, setTtft] = useState(props.ttft === null ? "" : String(props.ttft));
  const [tpot, setTpot] = useState(props.tpot === null ? "" : String(props.tpot));
  const num = (s: string): number | null => {
    const n = Number(s);
    return s.trim() !== "" && Number.isFinite(n) && n > 0 ? n : null;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ ttft: num(ttft), tpot: num(tpot) });
  };
  const input =
    "w-28 rounded border border-slate-300 bg-white px-2 py-1 text-right text-sm dark:border-slate-600 dark:bg-slate-900";
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3 text-sm" data-testid="slo-form">
      <label className="flex flex-col gap-1">
        <span className="font-medium">Default targets from</span>
        <select
          className={selectCls}
          value={props.scenario}
          onChange={(e) => go({ slo: e.target.value as SloScenario, ttft: null, tpot: null })}
        >
          {SLO_SCENARIOS.map((s) => (
            <option key={s} value={s}>
              MLPerf {s} limits
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className="font-medium">p99 TTFT target (ms)</span>
        <input
          className={input}
          inputMode="decimal"
          name="ttft"
          value={ttft}
          onChange={(e) => setTtft(e.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1">
        <span className="font-medium">p99 TPOT target (ms)</span>
        <input
          className={input}
          inputMode="decimal"
          name="tpot"
          value={tpot}
          onChange={(e) => setTpot(e.target.value)}
        />
      </label>
      <button
        type="submit"
        className="rounded bg-sky-700 px-3 py-1.5 font-medium text-white hover:bg-sky-800 dark:bg-sky-700 dark:hover:bg-sky-800"
      >
        Check
      </button>
      {props.canDefault && (props.state.ttft !== null || props.state.tpot !== null) && (
        <button
          type="button"
          className="rounded px-2 py-1.5 text-sky-700 underline dark:text-sky-400"
          onClick={() => go({ ttft: null, tpot: null })}
        >
          Reset to the MLPerf limits
        </button>
      )}
    </form>
  );
}

export function ReferencePicker(props: {
  state: OverlayState;
  current: string | null;
  options: { id: string; scenario: string; text: string }[];
}) {
  const go = useNavigate(props.state);
  const scenarios = [...new Set(props.options.map((o) => o.scenario))];
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium">Published result to check against</span>
      <select
        className={`${selectCls} max-w-full`}
        value={props.current ?? ""}
        data-testid="ref-select"
        onChange={(e) => go({ ref: e.target.value || null })}
      >
        {scenarios.map((s) => (
          <optgroup key={s} label={s}>
            {props.options
              .filter((o) => o.scenario === s)
              .map((o) => (
                <option key={o.id} value={o.id}>
                  {o.text}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
    </label>
  );
}
