"use client";
// The overview's inputs: a plain GET form (it works without JavaScript; the server checks every value with the same
// rules as the API and redirects to the canonical address). The only script: choosing a traffic shape fills in its
// per-user speed and TTFT, and editing the level turns the shape into "custom". Deliberately imports nothing from
// lib/ (no zod in the page's bundle).
import { useRef, useState } from "react";

export interface PresetChoice {
  id: string;
  name: string;
  /** As the form writes them ("" = no bound). */
  tpsPerUser: string;
  ttftMs: string;
}

const INPUT =
  "w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:aria-[invalid=true]:border-red-400";
const LABEL = "block text-xs font-medium text-slate-700 dark:text-slate-300";
const UNIT = "font-normal text-slate-500 dark:text-slate-400";

interface Props {
  benchmark: string;
  benchmarks: string[];
  preset: string;
  presets: PresetChoice[];
  fields: Record<"tpsPerUser" | "ttftMs" | "pricePerAccHour" | "kwh" | "pue" | "inputWeight", string>;
  bakeoff: string;
  /** field → message, for the values that were not used */
  issues: Record<string, string>;
}

function Num({
  name,
  label,
  unit,
  value,
  issue,
  hint,
  inputRef,
  onInput,
}: {
  name: string;
  label: string;
  unit: string;
  value: string;
  issue?: string;
  hint?: string;
  inputRef?: React.Ref<HTMLInputElement>;
  onInput?: () => void;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={`ov-${name}`} className={LABEL}>
        {label} <span className={UNIT}>({unit})</span>
      </label>
      <input
        ref={inputRef}
        id={`ov-${name}`}
        name={name}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={value}
        onInput={onInput}
        aria-invalid={issue ? true : undefined}
        aria-describedby={issue ? `ov-${name}-msg` : undefined}
        className={INPUT}
        data-testid={`ov-input-${name}`}
      />
      {hint && <p className="hidden text-xs text-slate-500 sm:block dark:text-slate-400">{hint}</p>}
      {issue && (
        <p id={`ov-${name}-msg`} className="text-xs text-red-700 dark:text-red-300" role="alert">
          {issue}
        </p>
      )}
    </div>
  );
}

/** A labelled select: the benchmark and the traffic shape are the same control with different options. */
function Choice({
  name,
  label,
  value,
  options,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  options: { value: string; text: string; key?: string }[];
  onChange?: (value: string) => void;
}) {
  return (
    <div className="col-span-2 space-y-1 sm:col-span-1">
      <label htmlFor={`ov-${name}`} className={LABEL}>
        {label}
      </label>
      <select
        id={`ov-${name}`}
        name={name}
        {...(onChange ? { value, onChange: (e) => onChange(e.target.value) } : { defaultValue: value })}
        className={INPUT}
        data-testid={`ov-select-${name}`}
      >
        {options.map((o) => (
          <option key={o.key ?? o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The level as typed differs from the shape's own: the select then says "custom" (its token shape is kept). */
function isCustom(presets: PresetChoice[], id: string, tps: string, ttft: string): boolean {
  const c = presets.find((x) => x.id === id);
  if (!c) return false;
  const same = (a: string, b: string) => (a.trim() === "" ? b === "" : b !== "" && Number(a.trim()) === Number(b));
  return !(same(tps, c.tpsPerUser) && same(ttft, c.ttftMs));
}

export function OverviewForm(p: Props) {
  const tps = useRef<HTMLInputElement>(null);
  const ttft = useRef<HTMLInputElement>(null);
  const [preset, setPreset] = useState(p.preset);
  const [custom, setCustom] = useState(() => isCustom(p.presets, p.preset, p.fields.tpsPerUser, p.fields.ttftMs));
  const base = p.presets.find((x) => x.id === preset);
  // "custom" stands in for the shape it started from (same value: that shape's tokens per request price the blend,
  // the typed level is kept), so one option carries each value and the select shows "custom" with or without script
  const shapes = p.presets.map((x) =>
    custom && x.id === base?.id
      ? { value: x.id, text: `Custom: ${x.name}`, key: "custom" }
      : { value: x.id, text: x.name },
  );
  const levelEdited = () => setCustom(isCustom(p.presets, preset, tps.current?.value ?? "", ttft.current?.value ?? ""));
  return (
    <form
      action="/overview"
      method="get"
      className="no-print space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
      data-testid="overview-form"
    >
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Choice
          name="benchmark"
          label="Benchmark"
          value={p.benchmark}
          options={p.benchmarks.map((b) => ({ value: b, text: b }))}
        />
        <Choice
          name="preset"
          label="Traffic shape"
          value={preset}
          options={shapes}
          onChange={(id) => {
            const c = p.presets.find((x) => x.id === id);
            if (!c) return;
            setPreset(c.id);
            setCustom(false);
            if (tps.current) tps.current.value = c.tpsPerUser;
            if (ttft.current) ttft.current.value = c.ttftMs;
          }}
        />
        <Num
          name="tpsPerUser"
          label="Speed per user"
          unit="output tokens/s"
          value={p.fields.tpsPerUser}
          issue={p.issues.tpsPerUser}
          hint="1000 ÷ TPOT in ms; empty for no bound"
          inputRef={tps}
          onInput={levelEdited}
        />
        <Num
          name="ttftMs"
          label="Time to first token"
          unit="ms"
          value={p.fields.ttftMs}
          issue={p.issues.ttftMs}
          hint="empty for no bound"
          inputRef={ttft}
          onInput={levelEdited}
        />
        <Num
          name="pricePerAccHour"
          label="Price per accelerator-hour"
          unit="$"
          value={p.fields.pricePerAccHour}
          issue={p.issues.pricePerAccHour}
          hint="one price for every accelerator type"
        />
        <Num
          name="inputWeight"
          label="Input-token weight"
          unit="× an output token"
          value={p.fields.inputWeight}
          issue={p.issues.inputWeight}
          hint="0 = all cost on output; 0.25 by default"
        />
        <Num name="kwh" label="Electricity" unit="$/kWh" value={p.fields.kwh} issue={p.issues.kwh} />
        <Num name="pue" label="PUE" unit="×" value={p.fields.pue} issue={p.issues.pue} />
        <Num
          name="bakeoff"
          label="Your bake-offs"
          unit="upload ids, comma-separated"
          value={p.bakeoff}
          issue={p.issues.bakeoff}
        />
      </div>
      <button
        type="submit"
        className="rounded-md border border-sky-700 bg-sky-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
        data-testid="overview-submit"
      >
        Show
      </button>
    </form>
  );
}
