// Under a chart: its data (CSV, JSON of exactly the points drawn), its image (SVG, PNG, with title, axis units and
// citation) and an embed for an iframe, all from /api/v1/charts/… and /embed/… (issue 29). Renders props only.
export function ChartLinks({ data, embed, testId }: { data: string; embed: string; testId: string }) {
  const sep = data.includes("?") ? "&" : "?";
  const item = "underline decoration-slate-400 underline-offset-2 hover:decoration-current";
  return (
    <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-slate-700 text-xs dark:text-slate-300" data-testid={testId}>
      <span>This chart:</span>
      {(["csv", "json", "svg", "png"] as const).map((f) => (
        <a key={f} className={item} href={`${data}${sep}format=${f}`} download={f === "json" ? undefined : true}>
          {f.toUpperCase()}
        </a>
      ))}
      <a className={item} href={embed}>
        Embed
      </a>
    </p>
  );
}
