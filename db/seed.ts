// `npm run db:seed`: load the bundled sample (data/sample-results.csv); then, unless PERFCONTEXT_OFFLINE=1,
// try each round's official MLCommons summary (a failed fetch is a warning: the sample alone is a working app).
import fs from "node:fs";
import path from "node:path";
import { OFFICIAL_SOURCES, officialUrl } from "@/lib/mlperf/official-sources";
import { parseSampleCsv } from "@/lib/mlperf/sample";
import { openDb } from "./client";
import { sha256Hex } from "./hash";
import { runImport } from "./import/pipeline";
import { writeResults } from "./write";

async function main(): Promise<void> {
  const h = openDb();
  const file = path.join(process.cwd(), "data", "sample-results.csv");
  const text = fs.readFileSync(file, "utf8");
  const { records, errors } = parseSampleCsv(text, file);
  if (errors.length) {
    for (const e of errors) console.error(`${e.source}:${e.line ?? "?"} [${e.field ?? "-"}] ${e.message}`);
    process.exit(1);
  }
  const c = writeResults(
    h,
    records,
    { source: "data/sample-results.csv", format: "perfcontext-sample", sha256: sha256Hex(text) },
    "sample",
  );
  console.log(`sample: ${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged`);
  if (process.env.PERFCONTEXT_OFFLINE !== "1") {
    for (const s of OFFICIAL_SOURCES) {
      const url = officialUrl(s.round, process.env.PERFCONTEXT_OFFICIAL_BASE ?? null);
      if (!url) continue;
      const r = await runImport(h, [url], { timeoutMs: 15_000 });
      if (r.rejected)
        console.warn(
          `official ${s.round}: not imported (${r.errors[0]?.message ?? "unknown error"}); the bundled sample is still loaded`,
        );
      else console.log(`official ${s.round}: ${r.inserted} inserted, ${r.updated} updated, ${r.unchanged} unchanged`);
    }
  }
  const { n } = h.sqlite.prepare("select count(*) as n from results").get() as { n: number };
  console.log(`database ${h.file}: ${n} results`);
  h.sqlite.close();
}

main().catch((e: unknown) => {
  console.error(`seed failed: ${(e as Error).message}`);
  process.exit(1);
});
