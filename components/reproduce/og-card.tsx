// The 1200×630 preview a reproduction unfurls into: what it reproduces, each scenario's % and validity, and the
// unverified label. Rendered by next/og (satori): inline styles only, flex layout, bundled font, no network.
import { OgFrame, OgNote } from "@/components/share/og-frame";
import { describeReproduction, type ReproductionView } from "@/lib/reproduce/index";

function clip(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

export function ReproductionOgCard({ view, frozen }: { view: ReproductionView; frozen?: string }) {
  const reports = view.reports.slice(0, 4);
  return (
    <OgFrame subtitle="Reproduction · UNVERIFIED" frozen={frozen}>
      <div style={{ display: "flex", fontSize: 38, marginTop: 18, lineHeight: 1.15 }}>
        {clip(describeReproduction(view).title.replace(" · unverified", ""), 80)}
      </div>
      <div style={{ display: "flex", flexDirection: "column", marginTop: 24, flexGrow: 1 }}>
        {reports.map((r) => (
          <div key={r.scenario} style={{ display: "flex", alignItems: "baseline", marginBottom: 14 }}>
            <span style={{ fontSize: 30, width: 240 }}>{r.scenario}</span>
            <span style={{ fontSize: 44, width: 260 }}>
              {r.reproducedPct === null ? "—" : `${r.reproducedPct.toFixed(2)} %`}
            </span>
            <span
              style={{
                fontSize: 26,
                padding: "2px 10px",
                color: r.validity === "INVALID" ? "#ffffff" : "#065f46",
                background: r.validity === "INVALID" ? "#dc2626" : "#d1fae5",
              }}
            >
              {r.validity}
            </span>
          </div>
        ))}
      </div>
      <OgNote tone="caution">Unverified reproduction: not an MLPerf result, not reviewed by MLCommons.</OgNote>
    </OgFrame>
  );
}
