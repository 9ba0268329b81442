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

const NOTE_TONES = {
  caution: { background: "#fffbeb", border: "#d97706", color: "#78350f" },
  ok: { background: "#ecfdf5", border: "#10b981", color: "#064e3b" },
  neutral: { background: "#f1f5f9", border: "#94a3b8", color: "#1e293b" },
} as const;

/** The one-line note at the foot of a preview (unverified, comparable, derived…), in the tone it warns with. */
export function OgNote({
  tone,
  fontSize = 20,
  children,
}: {
  tone: keyof typeof NOTE_TONES;
  fontSize?: number;
  children: ReactNode;
}) {
  const t = NOTE_TONES[tone];
  return (
    <div
      style={{
        display: "flex",
        background: t.background,
        borderLeft: `10px solid ${t.border}`,
        color: t.color,
        padding: "14px 20px",
        fontSize,
      }}
    >
      {children}
    </div>
  );
}
