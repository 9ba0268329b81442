"use client";
// The planner's controls. The URL is the state: every edit is checked with the same zod rules the server uses,
// shown inline when bad, and written to the URL (typing: router.replace after a pause; presets and bases: push).
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import {
  checkField,
  FIELD_SPECS,
  fallbackText,
  MAX_BASES,
  type NumericField,
  type PlanForm as PlanFormState,
  PRESET_IDS,
  PRESETS,
  planQuery,
  withPreset,
} from "@/lib/plan";
import { BasisPicker } from "./basis-picker";

export interface ChosenBasis {
  id: string;
  kind: "published" | "bakeoff" | "curve";
  label: string;
}

const INPUT =
  "w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:aria-[invalid=true]:border-red-400";
const FIELDSET = "space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800";
const LEGEND = "px-1 text-sm font-semibold";

function Field({
  field,
  form,
  hint,
  onChange,
}: {
  field: NumericField;
  form: PlanFormState;
  hint?: string;
  onChange: (field: NumericField, value: string) => void;
}) {
  const spec = FIELD_SPECS[field];
  const value = form.fields[field];
  const check = checkField(field, value);
  const msgId = `plan-${field}-msg`;
  const hintId = `plan-${field}-hint`;
  return (
    <div className="space-y-1">
      <label htmlFor={`plan-${field}`} className="block text-xs font-medium text-slate-700 dark:text-slate-300">
        {spec.label} <span className="font-normal text-slate-500 dark:text-slate-400">({spec.unit})</span>
      </label>
      <input
        id={`plan-${field}`}
        name={field}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        aria-invalid={!check.ok}
        aria-describedby={[check.ok ? null : msgId, hint ? hintId : null].filter(Boolean).join(" ") || undefined}
        onChange={(e) => onChange(field, e.target.value)}
        className={INPUT}
        data-testid={`input-${field}`}
      />
      {hint && (
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {!check.ok && (
        <p id={msgId} className="text-xs text-red-700 dark:text-red-300" data-testid={`msg-${field}`} role="alert">
          {check.message}; {fallbackText(field, form.preset)} until it is fixed.
        </p>
      )}
    </div>
  );
}

export function PlanForm({
  form,
  bases,
  custom,
  searchModel = "",
}: {
  form: PlanFormState;
  bases: ChosenBasis[];
  custom: boolean;
  /** The benchmark the basis search starts on (the data's headline LLM benchmark). */
  searchModel?: string;
}) {
  const router = useRouter();
  const [state, setState] = useState(form);
  const [pending, startTransition] = useTransition();
  const serverQuery = planQuery(form);
  // Queries this form wrote; a server render of one of them is an echo, not a reason to reset what is typed.
  const mine = useRef(new Set([serverQuery]));
  const popped = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Follow the URL when it changes from elsewhere (back/forward, a link), not when it echoes our own write.
  useEffect(() => {
    if (popped.current || !mine.current.has(serverQuery)) {
      popped.current = false;
      mine.current = new Set([serverQuery]);
      setState(form);
    }
  }, [serverQuery, form]);
  useEffect(() => {
    const onPop = () => {
      popped.current = true;
    };
    window.addEventListener("popstate", onPop);
    return () => {
      window.removeEventListener("popstate", onPop);
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  function write(next: PlanFormState, mode: "replace" | "push", delay: number) {
    if (timer.current) clearTimeout(timer.current);
    const go = () => {
      const q = planQuery(next);
      if (q === window.location.search.replace(/^\?/, "")) return;
      mine.current.add(q);
      startTransition(() => router[mode](q ? `/plan?${q}` : "/plan", { scroll: false }));
    };
    if (delay > 0) timer.current = setTimeout(go, delay);
    else go();
  }
  function update(next: PlanFormState, mode: "replace" | "push" = "replace", delay = 0) {
    setState(next);
    write(next, mode, delay);
  }
  const onField = (field: NumericField, value: string) =>
    update({ ...state, fields: { ...state.fields, [field]: value } }, "replace", 450);

  const chosen = new Set([...state.basis, ...state.bakeoff, ...state.curve]);
  const full = chosen.size >= MAX_BASES;
  const labels = new Map(bases.map((b) => [b.id, b.label]));

  return (
    <form
      className="no-print space-y-4"
      aria-label="Plan inputs"
      onSubmit={(e) => {
        e.preventDefault();
        write(state, "replace", 0);
      }}
      data-testid="plan-form"
    >
      <div className="grid gap-4 xl:grid-cols-3">
        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>Workload</legend>
          <fieldset className="flex flex-wrap items-center gap-2">
            <legend className="sr-only">Workload preset</legend>
            {PRESET_IDS.map((id) => {
              const on = state.preset === id;
              return (
                <button
                  key={id}
                  type="button"
                  aria-pressed={on}
                  onClick={() => update(withPreset(state, id), "push")}
                  className={`rounded-full border px-3 py-1 text-sm ${
                    on
                      ? "border-sky-700 bg-sky-700 text-white dark:border-sky-400 dark:bg-sky-700"
                      : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
                  }`}
                  data-testid={`preset-${id}`}
                >
                  {PRESETS[id].name}
                </button>
              );
            })}
            {custom && (
              <span className="text-xs text-slate-600 dark:text-slate-400" data-testid="custom-note">
                Custom figures, starting from “{PRESETS[state.preset].name}”.
              </span>
            )}
          </fieldset>
          <div className="grid grid-cols-3 gap-3">
            <Field field="rps" form={state} onChange={onField} />
            <Field field="in" form={state} onChange={onField} />
            <Field field="out" form={state} onChange={onField} />
          </div>
        </fieldset>

        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>Latency SLO</legend>
          <div className="grid grid-cols-2 gap-3">
            <Field field="ttft" form={state} onChange={onField} hint="Empty = no TTFT bound." />
            <Field field="tpot" form={state} onChange={onField} hint="Empty = no TPOT bound." />
          </div>
          <button
            type="button"
            className="text-sm text-sky-700 underline hover:text-sky-900 dark:text-sky-400"
            onClick={() => update({ ...state, fields: { ...state.fields, ttft: "", tpot: "" } })}
            data-testid="no-slo"
          >
            No latency SLO (batch)
          </button>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              checked={state.derate}
              onChange={(e) => update({ ...state, derate: e.target.checked })}
              data-testid="derate"
            />
            <span>
              Derate a basis measured under looser limits than the SLO by the same system’s Offline → Server /
              Interactive ratio
            </span>
          </label>
        </fieldset>
        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>Fleet and cost</legend>
          <div className="grid grid-cols-2 gap-3">
            <Field field="usable" form={state} onChange={onField} hint="Healthy, in-service share on a given day." />
            <Field field="util" form={state} onChange={onField} hint="How hard each accelerator is run." />
            <Field field="k" form={state} onChange={onField} hint="Whole nodes that may be down at peak." />
            <Field field="price" form={state} onChange={onField} hint="Empty = no cost shown." />
            <Field
              field="inputWeight"
              form={state}
              onChange={onField}
              hint="One input token's cost in output tokens (0 = all on output)."
            />
          </div>
        </fieldset>
        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>Power</legend>
          <p className="text-slate-600 text-xs dark:text-slate-400">
            A basis with an MLPerf Power result of its system uses that measurement; otherwise the kW per node entered
            here is used and labelled an estimate.
          </p>
          <div className="grid grid-cols-2 gap-3">
            <Field field="kw" form={state} onChange={onField} hint="Empty = measured only." />
            <Field field="rack" form={state} onChange={onField} hint="Empty = no rack count." />
            <Field field="kwh" form={state} onChange={onField} hint="Empty = no electricity cost." />
            <Field field="pue" form={state} onChange={onField} hint="Facility ÷ IT power." />
          </div>
        </fieldset>
      </div>

      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>
          Bases{" "}
          <span className="font-normal text-slate-600 dark:text-slate-400">
            ({chosen.size} of {MAX_BASES}, side by side)
          </span>
        </legend>
        {chosen.size > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Chosen bases">
            {[
              ...state.basis.map((id) => ({ id, kind: "basis" as const })),
              ...state.bakeoff.map((id) => ({ id, kind: "bakeoff" as const })),
              ...state.curve.map((id) => ({ id, kind: "curve" as const })),
            ].map((b) => (
              <li
                key={b.id}
                className="flex items-center gap-2 rounded-full border border-slate-300 bg-slate-50 py-1 pr-1 pl-3 text-sm dark:border-slate-600 dark:bg-slate-900"
                data-testid="chosen-basis"
              >
                <span>{labels.get(b.id) ?? b.id}</span>
                <button
                  type="button"
                  aria-label={`Remove ${labels.get(b.id) ?? b.id}`}
                  className="rounded-full px-2 text-slate-600 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-700"
                  onClick={() =>
                    update(
                      b.kind === "basis"
                        ? { ...state, basis: state.basis.filter((x) => x !== b.id) }
                        : b.kind === "curve"
                          ? { ...state, curve: state.curve.filter((x) => x !== b.id) }
                          : { ...state, bakeoff: state.bakeoff.filter((x) => x !== b.id) },
                      "push",
                    )
                  }
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <details open={chosen.size === 0} className="group">
          <summary className="cursor-pointer text-sm font-medium text-sky-700 dark:text-sky-400">
            {chosen.size === 0
              ? "Find a basis"
              : full
                ? "Search results (remove a basis to add another)"
                : "Add a basis"}
          </summary>
          <div className="pt-3">
            <BasisPicker
              initialModel={searchModel}
              chosen={chosen}
              full={full}
              onAdd={(id) => update({ ...state, basis: [...state.basis, id] }, "push")}
              onAddBakeoff={(id) => update({ ...state, bakeoff: [...state.bakeoff, id] }, "push")}
            />
          </div>
        </details>
      </fieldset>
      <p className="text-xs text-slate-600 dark:text-slate-400" aria-live="polite" data-testid="plan-status">
        {pending ? "Updating the plan…" : "Every input is in the page address: copy it to share this plan."}
      </p>
    </form>
  );
}
