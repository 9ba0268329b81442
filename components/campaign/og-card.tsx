// The 1200×630 preview a frozen campaign report unfurls into: the name and one verdict per shape, marked
// unverified. Rendered by next/og (satori): inline styles only, flex layout, bundled font, no network.
import { OgFrame, OgNote } from "@/components/share/og-frame";
import type { CampaignReport } from "@/lib/campaign/report";

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function CampaignOgCard({ report, frozen }: { report: CampaignReport; frozen: string }) {
  const blocks = report.differences.filter((d) => d.severity === "block").length;
  return (
    <OgFrame subtitle="Evaluation campaign" frozen={frozen}>
      <div style={{ display: "flex", fontSize: 44, marginTop: 18, lineHeight: 1.15 }}>{clip(report.name, 60)}</div>
      <div style={{ display: "flex", flexDirection: "column", marginTop: 24, flexGrow: 1 }}>
        {report.shapes.slice(0, 3).map((s) => (
          <div key={s.shape} style={{ display: "flex", fontSize: 24, marginBottom: 14, lineHeight: 1.25 }}>
            {clip(s.verdict, 150)}
          </div>
        ))}
      </div>
      <OgNote tone="caution">
        {`UNVERIFIED: from uploaded benchmark files, not MLCommons-reviewed results.${blocks ? ` ${blocks} block(s): runs differ in model or accelerator.` : ""}`}
      </OgNote>
    </OgFrame>
  );
}
