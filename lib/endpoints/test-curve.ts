// Test-only helper: the shared Endpoints fixture (../shared/data/endpoints/test_submissions/sub_a, MLCommons'
// SYNTHETIC checker test data, never a hardware result) read through the importer's own reader, as a stored Curve.
import fs from "node:fs";
import path from "node:path";
import { sharedPath } from "@/lib/shared-data";
import { readCurve } from "./curve";
import type { Curve } from "./curve-types";

const SYS = sharedPath("endpoints", "test_submissions", "sub_a", "results", "sys_mi355x_8gpu");

export function fixtureCurve(over: Partial<Curve> = {}): Curve {
  const model = path.join(SYS, "gpt-oss-120b");
  const points = fs
    .readdirSync(model)
    .filter((d) => /^r\d+$/.test(d))
    .map((d) => {
      const files: Record<string, { path: string; text: string }> = {};
      for (const f of fs.readdirSync(path.join(model, d)))
        files[f] = { path: path.join(model, d, f), text: fs.readFileSync(path.join(model, d, f), "utf8") };
      return { concurrency: Number(d.slice(1)), files };
    });
  const sp = path.join(SYS, "system_power.json");
  const rec = readCurve({
    layout: "v1.0",
    source: model,
    system: "sys_mi355x_8gpu",
    model: "gpt-oss-120b",
    org: null,
    synthetic: true,
    systemPower: { path: sp, text: fs.readFileSync(sp, "utf8") },
    points,
    sourceUrl: null,
  });
  return { ...rec, supersededBy: null, importedAt: null, ...over };
}
