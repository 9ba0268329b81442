// Which two runs the methodology diff compares: a plain GET form, so the pair lives in the URL (?a=1.1&b=2.1). It
// offers the runs the page lists (one page of the campaign's table, CAMPAIGN_PAGE_ROWS) and the pair compared, not
// every run: a 3,200-run campaign's two pickers were 6,400 options in the page (issue 26).
import { CAMPAIGN_PAGE_ROWS } from "@/lib/bakeoff/limits";
import type { CampaignReport, RunSummary } from "@/lib/campaign/report";

export function PairPicker({
  report,
  action,
  from = 0,
  page = null,
  pair,
  total,
}: {
  report: CampaignReport;
  action: string;
  /** the first run of the table page shown; the picker offers that page's runs */
  from?: number;
  /** that page's number, kept in the form so comparing stays on it */
  page?: number | null;
  /** when `report.runs` holds only a page (the page's view): the compared runs not on it, and the campaign's count */
  pair?: RunSummary[];
  total?: number;
}) {
  const shown = report.runs.slice(from, from + CAMPAIGN_PAGE_ROWS);
  const chosen = [report.methodology?.a, report.methodology?.b];
  const others = pair ?? report.runs.filter((r) => chosen.includes(r.key));
  const options = [...others.filter((r) => !shown.some((x) => x.key === r.key)), ...shown];
  const all = total ?? report.runs.length;
  const pick = (name: "a" | "b", value: string | undefined) => (
    <label className="flex items-center gap-1">
      <span>Run {name.toUpperCase()}</span>
      <select
        name={name}
        defaultValue={value}
        className="max-w-xs rounded border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
      >
        {options.map((r) => (
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
      {page !== null && page > 1 && <input type="hidden" name="page" value={page} />}
      <button type="submit" className="rounded border border-slate-300 px-2 py-1 dark:border-slate-600">
        Compare
      </button>
      {all > options.length && (
        <span className="text-xs text-slate-600 dark:text-slate-400">
          Offers the {shown.length} load points listed {page === null ? "first" : "on this page"} of {all}; page the
          table of every load point for the others.
        </span>
      )}
    </form>
  );
}
