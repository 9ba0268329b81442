// The importer CLI as other checks use it (../shared/CONTRACT.md): flags, exit codes, the --json last line,
// http(s) sources and --official, served from a local HTTP server over the real ../shared files. The cases about the
// CLI's logic run it in this process (db/import/cli-main.ts, output captured); the ones about the process itself —
// an exit code of 2 and of 1, the --json line on stdout, the store chosen from PERFCONTEXT_DB or DATABASE_URL — spawn
// it as `npm run import` does (a child process costs ~2 CPU-seconds of start-up).
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPgDatabase, testPgUrl } from "@/db/test-stores";
import { sharedPath } from "@/lib/shared-data";
import { runCliCaptured } from "./cli-main";
import { runImportCli } from "./run-cli";
import { startMirror } from "./test-mirror";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pc-cli-"));

/** Run the CLI in this process, asynchronously (the test's own HTTP server must keep answering meanwhile). */
function cli(args: string[], env: Record<string, string> = {}) {
  return runCliCaptured(args, { ...process.env, ...env });
}

/** Run the CLI as a child process, as `npm run import` does. */
function spawned(args: string[], env: Record<string, string> = {}) {
  return runImportCli(args, { ...process.env, ...env });
}

let mirror: Awaited<ReturnType<typeof startMirror>>;
let base = "";
beforeAll(async () => {
  const dir = sharedPath("mlperf", "summary");
  mirror = await startMirror((name) => {
    if (name === "slow") return "no-answer"; // the fetch timeout must fire
    // "Système" in Latin-1 on line 2: the bytes must reach the strict decoder undecoded
    if (name === "latin1.json")
      return Buffer.concat([Buffer.from('[\n{"Submitter": "Syst'), Buffer.from([0xe8]), Buffer.from('me"}]\n')]);
    const file = path.join(dir, path.basename(name));
    return fs.existsSync(file) ? fs.readFileSync(file) : null;
  });
  base = mirror.base;
});
afterAll(async () => {
  await mirror.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("npm run import", () => {
  it.each([
    [["--db"], "needs a value"],
    [["--round", "6.0.1", "x"], "--round takes vX.Y"],
    [["--official"], "--official needs --round"],
    [["--round", "v2.1", "--official"], "v2.1 never had an official summary at the root"],
    [["--frobnicate", "x"], "unknown option"],
    [[], "no SOURCE given"],
  ])("usage error %j exits 2", async (args, msg) => {
    const r = await cli(["--db", path.join(tmp, "u.db"), ...args].slice(args[0] === "--db" ? 1 : 0));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(msg);
  });

  it("a usage error ends the process with exit 2, the message and the usage on stderr", async () => {
    const r = await spawned(["--db", path.join(tmp, "u.db"), "--frobnicate", "x"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option --frobnicate");
    expect(r.stderr).toContain("usage: npm run import");
    expect(r.stdout).toBe("");
  });

  it("imports a file, prints the JSON summary as the last line, and a re-run is unchanged", async () => {
    const db = path.join(tmp, "a.db");
    const src = sharedPath("mlperf", "summary", "v6.0.summary_results.json");
    const a = await cli(["--db", db, "--json", src]);
    expect(a.code).toBe(0);
    expect(JSON.parse(a.last)).toEqual({
      sources: 1,
      inserted: 520,
      updated: 0,
      unchanged: 0,
      rejected: 0,
      results: 520,
      errors: [],
    });
    const b = await cli(["--db", db, "--json", src]);
    expect(JSON.parse(b.last)).toMatchObject({ inserted: 0, updated: 0, unchanged: 520, rejected: 0, results: 520 });
  });

  it.runIf(testPgUrl())(
    "DATABASE_URL=postgres://… imports into PostgreSQL (the same summary; a re-run is unchanged)",
    async () => {
      const { url, drop } = await freshPgDatabase();
      try {
        const src = sharedPath("mlperf", "summary", "v6.0.summary_results.json");
        const a = await spawned(["--json", src], { DATABASE_URL: url });
        expect(a.code, a.stderr).toBe(0);
        expect(JSON.parse(a.last)).toEqual({
          sources: 1,
          inserted: 520,
          updated: 0,
          unchanged: 0,
          rejected: 0,
          results: 520,
          errors: [],
        });
        const b = await spawned([src], { DATABASE_URL: url });
        expect(b.stdout).toMatch(
          /0 inserted, 0 updated, 520 unchanged, 0 rejected; 520 published results in postgres:/,
        );
      } finally {
        await drop();
      }
    },
  );

  it("PERFCONTEXT_DB chooses the database when --db is absent; a human summary without --json", async () => {
    const db = path.join(tmp, "env.db");
    const r = await spawned([sharedPath("mlperf", "summary", "v5.1.closed-GigaComputing.summary.csv")], {
      PERFCONTEXT_DB: db,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /1 source\(s\) in [\d.]+s: 18 inserted, 0 updated, 0 unchanged, 0 rejected; 18 published results/,
    );
    expect(fs.existsSync(db)).toBe(true);
  });

  it("exits 1 and names the source when one source is rejected, keeping the good one", async () => {
    const db = path.join(tmp, "bad.db");
    const bad = path.join(tmp, "bad.json");
    fs.writeFileSync(bad, '[{"ID": "6.0-0001", "Submitter": "AMD",');
    const r = await spawned([
      "--db",
      db,
      "--json",
      sharedPath("mlperf", "summary", "v5.1.closed-GigaComputing.summary.csv"),
      bad,
    ]);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.last) as {
      rejected: number;
      inserted: number;
      errors: { source: string; line: number | null }[];
    };
    expect(j.rejected).toBe(1);
    expect(j.inserted).toBe(18);
    expect(j.errors[0]?.source).toBe(bad);
    expect(j.errors[0]?.line).toBe(1);
  });

  it("fetches an http source", async () => {
    const r = await cli(["--db", path.join(tmp, "http.db"), "--json", `${base}v6.0.summary_results.json`]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.last)).toMatchObject({ inserted: 520, rejected: 0 });
  });

  it("an http source that is not UTF-8 is rejected with its line, not stored with U+FFFD", async () => {
    const r = await cli(["--db", path.join(tmp, "l1.db"), "--json", `${base}latin1.json`]);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.last) as { results: number; errors: { line: number | null; message: string }[] };
    expect(j.results).toBe(0);
    expect(j.errors[0]?.line).toBe(2);
    expect(j.errors[0]?.message).toMatch(/byte 0xE8 on line 2 \(byte offset 21\) is not valid UTF-8/);
  });

  it("--round v6.0 --official fetches the round's official summary (from a mirror here)", async () => {
    const r = await cli(["--db", path.join(tmp, "off.db"), "--json", "--round", "v6.0", "--official"], {
      PERFCONTEXT_OFFICIAL_BASE: base,
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.last)).toMatchObject({ sources: 1, inserted: 520, results: 520 });
  });

  it("a 404 and a fetch that times out are rejected with a message, exit 1", async () => {
    const r = await cli([
      "--db",
      path.join(tmp, "t.db"),
      "--json",
      "--timeout",
      "1",
      `${base}nope.json`,
      `${base}slow`,
    ]);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.last) as { rejected: number; errors: { message: string }[] };
    expect(j.rejected).toBe(2);
    expect(j.errors.map((e) => e.message)).toEqual([
      "could not fetch: HTTP 404 Not Found",
      "could not fetch: no complete answer within 1 s (the limit; set it with --timeout SECONDS)",
    ]);
  });

  it("a refused connection says so, not only 'fetch failed'", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const r = await cli(["--db", path.join(tmp, "refused.db"), "--json", `http://127.0.0.1:${port}/x.json`]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.last).errors[0].message).toMatch(/^could not fetch: fetch failed \(ECONNREFUSED/);
  });

  it("a --db file that is not a database is named in the error", async () => {
    const junk = path.join(tmp, "not-a.db");
    fs.writeFileSync(junk, "this is not SQLite ".repeat(400));
    const r = await cli(["--db", junk, sharedPath("mlperf", "summary", "v6.0.summary_results.json")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`cannot open the database ${junk}: file is not a database`);
  });

  it("the human summary names the database and prints at most 20 errors, counting the rest", async () => {
    const src = fs.readFileSync(sharedPath("mlperf", "summary", "v4.1.closed-GigaComputing.summary.csv"), "utf8");
    const bad = src
      .split("\n")
      .map((l, i) => (i === 0 || l === "" ? l : l.replace(/,(Offline|Server|Interactive),[\d.]+,/, ",$1,fast,")))
      .join("\n");
    const file = path.join(tmp, "many-bad.csv");
    fs.writeFileSync(file, bad);
    const db = path.join(tmp, "human.db");
    const r = await cli(["--db", db, file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`published results in ${db}`);
    expect(r.stdout.match(/^ {2}✗ /gm)).toHaveLength(20);
    expect(r.stdout).toContain("… and 6 more errors (run with --json for every one)"); // 26 rows, all bad
  });

  it("--max-bytes rejects a larger source without importing it", async () => {
    const src = sharedPath("mlperf", "summary", "v6.0.summary_results.json");
    const r = await cli(["--db", path.join(tmp, "max.db"), "--json", "--max-bytes", "1000", src]);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.last) as { results: number; errors: { source: string; message: string }[] };
    expect(j.results).toBe(0);
    expect(j.errors[0]?.message).toMatch(/784457 bytes; the limit is 1000/);
    const bad = await cli(["--db", path.join(tmp, "max.db"), "--max-bytes", "-5", src]);
    expect(bad.code).toBe(2);
  });

  it("a missing path is rejected, not a crash", async () => {
    const r = await cli(["--db", path.join(tmp, "m.db"), "--json", path.join(tmp, "does-not-exist")]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.last).errors[0].message).toBe("no such file or directory");
  });

  // issue 15 finding 9: a symbolic link loop was reported as "no such file or directory" (existsSync hides ELOOP)
  it("a symbolic link loop is named as one, with the path; a dangling link names its target", async () => {
    const a = path.join(tmp, "loop-a.json");
    const b = path.join(tmp, "loop-b.json");
    fs.symlinkSync(b, a);
    fs.symlinkSync(a, b);
    const dangling = path.join(tmp, "dangling.json");
    fs.symlinkSync(path.join(tmp, "gone.json"), dangling);
    const r = await cli(["--db", path.join(tmp, "loop.db"), "--json", a, dangling]);
    expect(r.code).toBe(1);
    const errors = (JSON.parse(r.last) as { errors: { source: string; message: string }[] }).errors;
    expect(errors).toEqual([
      { source: a, line: null, field: null, message: `symbolic link loop: ${a} leads back to itself (ELOOP)` },
      {
        source: dangling,
        line: null,
        field: null,
        message: `broken symbolic link: ${dangling} points to ${path.join(tmp, "gone.json")}, which does not exist`,
      },
    ]);
  });
});
