// The 1200×630 preview a shared comparison unfurls into: each system's value as a bar, and the top flag in its
// severity colour. Rendered by next/og (satori): inline styles only, flex layout, bundled font, no network.

import { OgFrame, OgNote } from "@/components/share/og-frame";
import { formatNumber, unitLabel } from "@/lib/format";
import { type CompareData, ogFlagHead, systemLabels } from "@/lib/snapshot";
import { groupFlags } from "@/lib/snapshot/flag-groups";

export const OG_SIZE = { width: 1200, height: 630 };

const SEVERITY = {
  block: { bg: "#fef2f2", border: "#dc2626", fg: "#7f1d1d", word: "BLOCK: NOT COMPARABLE" },
  warn: { bg: "#fffbeb", border: "#f59e0b", fg: "#78350f", word: "WARNING" },
  info: { bg: "#f1f5f9", border: "#94a3b8", fg: "#1e293b", word: "NOTE" },
} as const;

function clip(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

interface OgBar {
  name: string;
  value: number;
  sub: string;
  unverified: boolean;
}

function bars(data: CompareData): OgBar[] {
  const labels = systemLabels(data.results);
  const out: OgBar[] = data.results.map((r) => {
    const pa = data.perAccelerator[r.id]?.value ?? null;
    return {
      name: labels[r.id] ?? r.platform,
      value: r.value,
      sub: `${r.submitter} · ${r.scenario}${pa === null ? "" : ` · ${formatNumber(pa)} per accelerator (derived)`}`,
      unverified: r.validity === "INVALID",
    };
  });
  for (const u of data.bakeoff)
    for (const run of u.runs)
      if (run.outTokPerS !== null)
        out.push({ name: u.label, value: run.outTokPerS, sub: `${run.tool} · UNVERIFIED`, unverified: true });
  return out.slice(0, 6);
}

export function OgCard({ data, title, frozen }: { data: CompareData | null; title: string; frozen?: string }) {
  const list = data ? bars(data) : [];
  const max = Math.max(1, ...list.map((b) => b.value));
  const units = data?.results[0] ? unitLabel(data.results[0].units) : "";
  // the page's boxes (one per fact): the panel leads with the first and counts them as the page does
  const groups = data ? groupFlags(data) : [];
  const top = groups[0];
  const sev = top ? SEVERITY[top.severity] : null;
  const barArea = list.length <= 2 ? 88 : list.length <= 4 ? 60 : 40;
  const barHeight = list.length <= 2 ? 34 : list.length <= 4 ? 24 : 18;
  return (
    <OgFrame subtitle={"MLPerf Inference results, in context"} frozen={frozen}>
      <div style={{ display: "flex", fontSize: 46, marginTop: 18, lineHeight: 1.1 }}>{clip(title, 70)}</div>
      <div style={{ display: "flex", flexDirection: "column", marginTop: 22, flexGrow: 1 }}>
        {list.map((b) => (
          <div key={`${b.name}-${b.value}`} style={{ display: "flex", alignItems: "center", height: barArea }}>
            <div style={{ display: "flex", width: 230, fontSize: list.length <= 2 ? 30 : 26 }}>{clip(b.name, 16)}</div>
            <div style={{ display: "flex", flexDirection: "column", flexGrow: 1 }}>
              <div style={{ display: "flex", alignItems: "center" }}>
                <div
                  style={{
                    width: Math.max(6, Math.round((b.value / max) * 600)),
                    height: barHeight,
                    background: b.unverified ? "#f59e0b" : "#0369a1",
                    borderRadius: 4,
                  }}
                />
                <span style={{ marginLeft: 14, fontSize: 24 }}>
                  {`${formatNumber(b.value)} ${b.unverified ? "UNVERIFIED" : units}`}
                </span>
              </div>
              {list.length <= 4 && (
                <span style={{ fontSize: list.length <= 2 ? 19 : 16, color: "#475569", marginTop: 4 }}>
                  {clip(b.sub, 90)}
                </span>
              )}
            </div>
          </div>
        ))}
        {list.length === 0 && <div style={{ display: "flex", color: "#475569" }}>No results to show.</div>}
      </div>
      {top && sev ? (
        <div
          style={{
            display: "flex",
            flexDirection: "column",
            background: sev.bg,
            borderLeft: `10px solid ${sev.border}`,
            color: sev.fg,
            padding: "14px 20px",
            borderRadius: 6,
          }}
        >
          <span style={{ fontSize: 20, letterSpacing: 1 }}>{ogFlagHead(groups) ?? sev.word}</span>
          <span style={{ fontSize: 21, marginTop: 4, lineHeight: 1.3 }}>{clip(top.statement, 280)}</span>
        </div>
      ) : (
        <OgNote tone="ok" fontSize={22}>
          {data ? "No flags: comparable as published. Footnotes apply." : "Open the link to see the comparison."}
        </OgNote>
      )}
    </OgFrame>
  );
}
