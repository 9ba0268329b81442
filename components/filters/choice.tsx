"use client";
// One filter with a few exclusive values, as a segmented control of radio buttons (nodes, status).

export function Choice<V extends string>({
  name,
  legend,
  options,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  options: readonly (readonly [V, string])[];
  value: V;
  onChange: (v: V) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-1 font-medium text-slate-800 text-sm dark:text-slate-200">{legend}</legend>
      <div className="flex overflow-hidden rounded-md border border-slate-300 text-sm dark:border-slate-700">
        {options.map(([v, label]) => (
          <label
            key={v}
            className={`relative flex-1 cursor-pointer px-2 py-1.5 text-center has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-600 ${value === v ? "bg-slate-800 text-white dark:bg-slate-200 dark:text-slate-900" : "hover:bg-slate-50 dark:hover:bg-slate-800"}`}
          >
            <input
              type="radio"
              name={name}
              value={v}
              className="absolute inset-0 cursor-pointer opacity-0"
              checked={value === v}
              onChange={() => onChange(v)}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
