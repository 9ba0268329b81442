// A LoadGen run attaches to its published row by round, submitter and platform: v6.0's 8xMI355X_2xEPYC_9575F is
// published by two submitters, and one's run must never land on the other's row.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { stores } from "@/db/test-stores";
import { sharedPath } from "@/lib/shared-data";
import { runImport } from "./pipeline";
import { q, SUMMARY } from "./test-import";

describe.each(stores())(
  "LoadGen runs attach by (round, submitter, platform): platform names are shared between submitters ($name store)",
  ({ open }) => {
    // v6.0 8xMI355X_2xEPYC_9575F is published by AMD (6.0-0002) and by ORACLE (6.0-0086)
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "perfcontext-shared-platform-"));
    afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
    const v60 = () =>
      JSON.parse(fs.readFileSync(path.join(SUMMARY, "v6.0.summary_results.json"), "utf8")) as {
        Submitter: string;
        Platform: string;
        Model: string;
        Scenario: string;
      }[];

    /** The real AMD llama2-70b-99 Offline run, laid out as ORACLE's run (ORACLE's folder, its systems JSON says ORACLE). */
    function oracleRun(name: string): string {
      const src = sharedPath("mlperf", "loadgen", "v6.0", "AMD");
      const root = path.join(tmp, name, "v6.0", "ORACLE");
      const run = path.join(root, "8xMI355X_2xEPYC_9575F", "llama2-70b-99", "Offline");
      fs.mkdirSync(run, { recursive: true });
      fs.mkdirSync(path.join(root, "systems"), { recursive: true });
      for (const f of ["mlperf_log_summary.txt", "mlperf_log_detail.txt"])
        fs.copyFileSync(path.join(src, "8xMI355X_2xEPYC_9575F", "llama2-70b-99", "Offline", f), path.join(run, f));
      const sys = fs.readFileSync(path.join(src, "systems", "8xMI355X_2xEPYC_9575F.json"), "utf8");
      expect(sys).toMatch(/"submitter":\s*"AMD"/);
      fs.writeFileSync(
        path.join(root, "systems", "8xMI355X_2xEPYC_9575F.json"),
        sys.replace(/"submitter":\s*"AMD"/, '"submitter": "ORACLE"'),
      );
      return path.join(tmp, name);
    }

    it("the file publishes the platform under both submitters", async () => {
      const owners = new Set(
        v60()
          .filter((r) => r.Platform === "8xMI355X_2xEPYC_9575F")
          .map((r) => r.Submitter),
      );
      expect([...owners].sort()).toEqual(["AMD", "ORACLE"]);
    });

    it("ORACLE's run with no ORACLE row published yet is kept as ORACLE's (another submitter's rows are no contradiction)", async () => {
      const h = await open();
      const amdOnly = path.join(tmp, "v6.0-amd-only.summary_results.json");
      fs.writeFileSync(amdOnly, JSON.stringify(v60().filter((r) => r.Submitter !== "ORACLE")));
      expect((await runImport(h, [amdOnly])).rejected).toBe(0);
      const amdBefore = await q(h, "select id, value from results where submitter = 'AMD' order by id");
      const r = await runImport(h, [oracleRun("no-row")]);
      expect(r.errors).toEqual([]);
      const oracle = await q(
        h,
        "select r.submitter, r.platform, r.model, r.scenario, r.origin from results r where r.submitter = 'ORACLE'",
      );
      expect(oracle).toEqual([
        {
          submitter: "ORACLE",
          platform: "8xMI355X_2xEPYC_9575F",
          model: "llama2-70b-99",
          scenario: "Offline",
          origin: "loadgen",
        },
      ]);
      expect(await q(h, "select id, value from results where submitter = 'AMD' order by id")).toEqual(amdBefore);
      await h.close();
    });

    it("with ORACLE's rows published, ORACLE's run attaches to ORACLE's row, never to AMD's", async () => {
      const h = await open();
      await runImport(h, [path.join(SUMMARY, "v6.0.summary_results.json")]);
      const r = await runImport(h, [oracleRun("with-row")]);
      expect(r.rejected).toBe(0);
      const attached = await q(
        h,
        "select r.submitter, r.result_id as rid from latency_details l join results r on r.id = l.result_id",
      );
      expect(attached).toEqual([{ submitter: "ORACLE", rid: "6.0-0086" }]);
      await h.close();
    });
  },
);
