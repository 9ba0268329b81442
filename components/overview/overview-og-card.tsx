// The 1200×630 preview /overview (live and frozen) unfurls into: the benchmark and level, then the top systems that
// meet it with tokens per accelerator-hour and cost. Rendered by next/og (satori): inline styles only, flex layout.
import { OgFrame, OgNote } from "@/components/share/og-frame";
import { costText, levelText, perHourText } from "@/lib/overview";
import type { OverviewReportData } from "./overview-report";

function clip(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

/** The cost as the page's table states it: output and input apart when split, else all on output. */
function costOg(r: OverviewReportData["rows"][number]): string {
  if (r.costPerMTokens === null) return "";
  const { outputPerM: out, inputPerM: inp } = r.split;
  return out !== null && inp !== null
    ? `out ${costText(out)}/M · in ${costText(inp)}/M`
    : `${costText(r.costPerMTokens)}/M all on output`;
}

export function OverviewOgCard({ data, frozen }: { data: OverviewReportData; frozen: string | null }) {
  const meeting = data.rows.filter((r) => r.meets);
  const top = meeting.slice(0, 4);
  return (
    <OgFrame subtitle="Cost at a service level" frozen={frozen ?? undefined}>
      <div style={{ display: "flex", fontSize: 38, marginTop: 18, lineHeight: 1.15 }}>
        {clip(`${data.benchmark} at ${levelText(data.level)}`, 80)}
      </div>
      <div style={{ display: "flex", flexDirection: "column", marginTop: 24, flexGrow: 1 }}>
        {top.length === 0 ? (
          <span style={{ fontSize: 36 }}>No published system meets this level</span>
        ) : (
          top.map((r) => (
            <div key={`${r.submitter}-${r.system}`} style={{ display: "flex", marginBottom: 14, fontSize: 26 }}>
              <span style={{ display: "flex", width: 520, color: "#334155" }}>
                {clip(
                  `${r.system.startsWith(r.submitter) ? r.system : `${r.submitter} ${r.system}`}${r.verified ? "" : " · UNVERIFIED"}`,
                  36,
                )}
              </span>
              <span style={{ display: "flex", width: 250 }}>{`${perHourText(r.tokensPerAccHour)} tok/acc-h`}</span>
              <span style={{ display: "flex", fontSize: 22, paddingTop: 3 }}>{costOg(r)}</span>
            </div>
          ))
        )}
      </div>
      <OgNote tone="neutral">
        {`${meeting.length} of ${data.rows.length} systems meet it. Derived by PerfContext from MLPerf results, not MLPerf metrics.`}
      </OgNote>
    </OgFrame>
  );
}
