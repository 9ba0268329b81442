// Colours the charts share, readable in light and dark: a published scenario's, and an uploaded run's. A plain module,
// so server-drawn charts (components/campaign/pareto-chart.tsx) and client ones (components/bakeoff/chart-bits.tsx)
// read the same values.
export const COLORS = {
  Offline: "#64748b",
  Server: "#0284c7",
  Interactive: "#7c3aed",
  run: "#d97706",
} as const;
