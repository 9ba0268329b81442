// A labelled multi-select as a list of checkboxes. Long lists scroll inside a box (checkboxes keep it focusable).
// Each option is one <label> around its box (styles: app/globals.css `.cbx`): /results lists ~200 of them.
import { useEffect, useRef } from "react";

export interface Option {
  value: string;
  label: string;
  /** Indent under the previous option (e.g. an accuracy target under its model family). */
  nested?: boolean;
}

export function CheckboxList({
  legend,
  options,
  selected,
  onChange,
  testId,
}: {
  legend: string;
  options: Option[];
  selected: ReadonlySet<string>;
  onChange: (value: string, checked: boolean) => void;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = options.length > 8;
  // a long list's box is always 11rem tall, so the browser may skip laying it out until it nears the screen
  // (content-visibility): /results' first paint does not wait for the lists below the fold (issue 30)
  // a long list opens scrolled to its first ticked value (llama2-70b is far down the model list); on small
  // screens the list sits in a closed <details>, so do it again when that opens
  useEffect(() => {
    const el = box.current;
    if (!el || !scrolls) return;
    const reveal = () => {
      const first = el.querySelector<HTMLElement>("input:checked")?.parentElement;
      if (first && el.clientHeight > 0)
        el.scrollTop = Math.max(0, first.getBoundingClientRect().top - el.getBoundingClientRect().top - 32);
    };
    reveal();
    const details = el.closest("details");
    details?.addEventListener("toggle", reveal);
    return () => details?.removeEventListener("toggle", reveal);
  }, [scrolls]);
  const count = options.filter((o) => selected.has(o.value)).length;
  return (
    <fieldset className="min-w-0" data-testid={testId}>
      <legend className="mb-1 flex w-full items-baseline justify-between font-medium text-slate-800 text-sm dark:text-slate-200">
        {legend}
        <span className="font-normal text-slate-600 text-xs dark:text-slate-400">
          {count === 0 ? "any" : `${count} selected`}
        </span>
      </legend>
      <div
        ref={box}
        className={`space-y-0.5 ${scrolls ? "max-h-44 overflow-y-auto rounded-md border border-slate-200 p-1 [contain-intrinsic-size:auto_10.5rem] [content-visibility:auto] dark:border-slate-800" : ""}`}
      >
        {options.map((o) => (
          <label key={o.value} className={o.nested ? "cbx nst" : "cbx"}>
            <input
              type="checkbox"
              checked={selected.has(o.value)}
              onChange={(e) => onChange(o.value, e.target.checked)}
            />
            <span>{o.label}</span>
          </label>
        ))}
        {options.length === 0 && <p className="text-slate-600 text-xs dark:text-slate-400">No values in the data.</p>}
      </div>
    </fieldset>
  );
}
