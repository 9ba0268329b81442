// `npm run bench`: every performance figure the issues ask for, measured in one run, printed as a report.
import { benchImport } from "./import";

function fmt(n: number, d = 0): string {
  return n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
}

const only = process.argv[2];

if (!only || only === "import") {
  console.log("== Import throughput (issue 2) ==");
  for (const b of benchImport()) {
    console.log(
      `${b.label}: ${fmt(b.rows)} rows — pipeline ${fmt(b.pipeline.ms)} ms (${fmt(b.pipeline.rowsPerS)} rows/s, peak RSS ${fmt(b.pipeline.maxRssMb)} MB); ` +
        `bare baseline ${fmt(b.baseline.ms)} ms (${fmt(b.baseline.rowsPerS)} rows/s, peak RSS ${fmt(b.baseline.maxRssMb)} MB); ` +
        `ratio ${fmt(b.ratio, 2)}× (target ≤ 2×) ${b.ratio <= 2 ? "OK" : "OVER"}`,
    );
  }
}
