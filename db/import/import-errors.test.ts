// Issue #2 acceptance: bad input gets a clear error naming source, line and field, and the database is unchanged;
// every case is a real file of ../shared/data/mlperf, cut or altered.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { dbContentHash } from "@/db/content-hash";
import { stores } from "@/db/test-stores";
import { sharedPath } from "@/lib/shared-data";
import { runImport } from "./pipeline";
import { SUMMARY } from "./test-import";

describe.each(stores())(
  "bad input: a clear error naming source, line and field; the database is unchanged ($name store)",
  ({ open }) => {
    let h: DbHandle;
    let dir: string;
    beforeAll(async () => {
      h = await open();
      const r = await runImport(h, [path.join(SUMMARY, "v6.0.summary_results.json")]);
      expect(r.rejected).toBe(0);
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-bad-"));
    });
    afterAll(async () => {
      await h.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    const v6 = () => fs.readFileSync(path.join(SUMMARY, "v6.0.summary_results.json"), "utf8");
    const csv = () => fs.readFileSync(path.join(SUMMARY, "v5.1.closed-GigaComputing.summary.csv"), "utf8");

    function writeFile(name: string, content: string | Buffer): string {
      const p = path.join(dir, name);
      fs.mkdirSync(path.dirname(p), { recursive: true });
      fs.writeFileSync(p, content);
      return p;
    }

    /** A LoadGen run tree laid out as in the results repos, from real files, optionally altered. */
    function loadgenTree(
      name: string,
      alter: { summary?: (s: string) => string; system?: (s: string) => string },
    ): string {
      const src = sharedPath("mlperf", "loadgen", "v6.0", "AMD");
      const root = path.join(dir, name, "v6.0", "AMD");
      const run = path.join(root, "8xMI355X_2xEPYC_9575F", "llama2-70b-99", "Offline");
      fs.mkdirSync(run, { recursive: true });
      fs.mkdirSync(path.join(root, "systems"), { recursive: true });
      const summary = fs.readFileSync(
        path.join(src, "8xMI355X_2xEPYC_9575F", "llama2-70b-99", "Offline", "mlperf_log_summary.txt"),
        "utf8",
      );
      fs.writeFileSync(path.join(run, "mlperf_log_summary.txt"), alter.summary ? alter.summary(summary) : summary);
      const sys = fs.readFileSync(path.join(src, "systems", "8xMI355X_2xEPYC_9575F.json"), "utf8");
      fs.writeFileSync(
        path.join(root, "systems", "8xMI355X_2xEPYC_9575F.json"),
        alter.system ? alter.system(sys) : sys,
      );
      return path.join(dir, name);
    }

    const cases: [string, () => string, { line: number | "any" | null; field: string | null; message: RegExp }][] = [
      [
        "truncated JSON",
        () => writeFile("truncated.json", v6().slice(0, 200_000)),
        { line: "any", field: null, message: /trunc|JSON|unexpected|end/i },
      ],
      [
        "a CSV missing a required column",
        () => writeFile("missing-col.csv", csv().replace(/,Result,/, ",Rezult,")),
        { line: 1, field: "Result", message: /Result/ },
      ],
      [
        "a non-numeric result",
        () => {
          const lines = csv().split("\n");
          lines[2] = (lines[2] ?? "").replace(/,Server,[\d.]+,/, ",Server,fast,");
          return writeFile("non-numeric.csv", lines.join("\n"));
        },
        { line: 3, field: "Result", message: /fast|number/i },
      ],
      ["an empty file", () => writeFile("empty.json", ""), { line: null, field: null, message: /empty/i }],
      [
        "a binary file",
        () => writeFile("binary.json", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 0xff, 0xfe])),
        { line: null, field: null, message: /binary/i },
      ],
      [
        "a LoadGen log cut mid-way",
        () => loadgenTree("cut", { summary: (s) => s.split("\n").slice(0, 7).join("\n") }),
        { line: "any", field: "Result is", message: /trunc|ends|cut/i },
      ],
      [
        "a systems JSON contradicting its summary row",
        () =>
          loadgenTree("contradict", {
            system: (s) => s.replace(/"number_of_nodes":\s*"?1"?/, '"number_of_nodes": "2"'),
          }),
        { line: "any", field: "number_of_nodes", message: /number_of_nodes = 2.*says 1/ },
      ],
      [
        // without this, three log-only "NVIDIA" results carried AMD's numbers
        "a systems JSON naming another submitter for a platform the summary gives AMD",
        () =>
          loadgenTree("other-submitter", { system: (s) => s.replace(/"submitter":\s*"AMD"/, '"submitter": "NVIDIA"') }),
        {
          line: "any",
          field: "submitter",
          message: /systems JSON says submitter = NVIDIA but it sits in AMD's folder/,
        },
      ],
    ];

    it.each(cases)("%s", async (_name, make, want) => {
      const src = make();
      const before = await dbContentHash(h);
      const r = await runImport(h, [src]);
      expect(r.rejected).toBe(1);
      const e = r.errors[0];
      expect(e).toBeDefined();
      if (!e) return;
      expect(e.source.startsWith(dir)).toBe(true);
      if (want.line === "any") expect(e.line === null || e.line > 0).toBe(true);
      else expect(e.line).toBe(want.line);
      if (want.line === "any" && want.field !== null) expect(e.line).toBeGreaterThan(0);
      expect(e.field).toBe(want.field);
      expect(e.message).toMatch(want.message);
      expect(await dbContentHash(h)).toBe(before);
    });
  },
);
