// `tsx bench/import-input.ts TIMES FILE`: the three real round files joined into one array (what one import of
// every round does), copied TIMES times with platform and system names and MLCommons IDs made unique per copy, so
// every row is a new result. Run as its own process by bench/import.ts.
import fs from "node:fs";
import { sharedPath } from "@/lib/shared-data";

const [timesArg, file] = process.argv.slice(2);
const times = Number(timesArg);
if (!file || !Number.isInteger(times) || times < 1) throw new Error("usage: import-input TIMES FILE");
const rows: Record<string, unknown>[] = [];
for (const r of ["v4.1", "v5.1", "v6.0"])
  rows.push(
    ...(JSON.parse(fs.readFileSync(sharedPath("mlperf", "summary", `${r}.summary_results.json`), "utf8")) as Record<
      string,
      unknown
    >[]),
  );
const all: Record<string, unknown>[] = [];
for (let i = 0; i < times; i++)
  for (const r of rows)
    all.push(
      i === 0
        ? r
        : {
            ...r,
            // an MLCommons ID names one system (db/queries/results.ts notes any shared by two): each copy its own
            ID: `${String(r.ID)}-c${i}`,
            Platform: `${String(r.Platform)}~copy${i}`,
            System: `${String(r.System)} (copy ${i})`,
          },
    );
fs.writeFileSync(file, JSON.stringify(all));
