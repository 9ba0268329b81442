// The frame every 1200×630 link preview shares (next/og / satori: inline styles, flex only): brand, a subtitle,
// the frozen date when there is one, then the card's own content.
import type { ReactNode } from "react";

export function OgFrame({ subtitle, frozen, children }: { subtitle: string; frozen?: string; children: ReactNode }) {
  return (
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        background: "#ffffff",
        color: "#0f172a",
        padding: "40px 56px",
        fontSize: 24,
      }}
    >
      <div style={{ display: "flex", justifyContent: "space-between", alignItems: "center", fontSize: 22 }}>
        <div style={{ display: "flex" }}>
          <span style={{ color: "#0369a1" }}>PerfContext</span>
          <span style={{ color: "#64748b", marginLeft: 16 }}>{subtitle}</span>
        </div>
        {frozen ? <span style={{ color: "#64748b" }}>{`Frozen ${frozen}`}</span> : <span />}
      </div>
      {children}
    </div>
  );
}
