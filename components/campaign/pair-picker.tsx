// Which two runs the methodology diff compares: a plain GET form, so the pair lives in the URL (?a=1.1&b=2.1).
import type { CampaignReport } from "@/lib/campaign/report";

export function PairPicker({ report, action }: { report: CampaignReport; action: string }) {
  const pick = (name: "a" | "b", value: string | undefined) => (
    <label className="flex items-center gap-1">
      <span>Run {name.toUpperCase()}</span>
      <select
        name={name}
        defaultValue={value}
        className="max-w-xs rounded border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
      >
        {report.runs.map((r) => (
          <option key={r.key} value={r.key}>
            {r.key} · {r.label}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form
      method="get"
      action={action}
      className="flex flex-wrap items-center gap-2 text-sm print:hidden"
      data-testid="pair-picker"
    >
      {pick("a", report.methodology?.a)}
      {pick("b", report.methodology?.b)}
      <button type="submit" className="rounded border border-slate-300 px-2 py-1 dark:border-slate-600">
        Compare
      </button>
    </form>
  );
}
