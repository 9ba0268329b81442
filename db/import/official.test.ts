// Issue #14 items 1 and 2: the bundled official rounds (data/official/) are the published files, byte for byte,
// and load with no network; setup's refresh and `--official` are exercised against a local HTTP server
// (127.0.0.1 only) serving the real ../shared summaries under the mirror names.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "@/db/client";
import { stores } from "@/db/test-stores";
import { parseManifest } from "@/lib/mlperf/official-manifest";
import { parseSummary } from "@/lib/mlperf/summary";
import { sharedPath } from "@/lib/shared-data";
import { runCliCaptured } from "./cli-main";
import { BundleError, importBundled, OFFICIAL_DIR, readBundled, refreshOfficial } from "./official";
import { endpointsArchive, startMirror } from "./test-mirror";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pc-official-"));
const SUMMARY = sharedPath("mlperf", "summary");
/** The shared copy of each bundled file (../shared/data/mlperf/manifest.csv names the same sources). */
const SHARED_NAME: Record<string, string> = {
  "v4.1": "v4.1.summary_results.json",
  "v5.1": "v5.1.summary_results.json",
  "v6.0": "v6.0.summary_results.json",
  "v6.1": "v6.1.summary.csv",
};

let mirror: Awaited<ReturnType<typeof startMirror>>;
let base = "";
let hits: string[] = [];
beforeAll(async () => {
  mirror = await startMirror((name) => {
    // a round the table does not know, publishing only a checker summary.json at its root
    if (name === "v7.0.summary.json")
      return fs.readFileSync(path.join(SUMMARY, "cm4mlperf-inference-scc24.summary.json"));
    // the Endpoints v0.7 results repository's archive: the shared fixture curve (db/import/test-mirror.ts)
    if (name === "endpoints-v0.7.results.tar.gz") return endpointsArchive("original");
    const file = path.join(SUMMARY, path.basename(name));
    return fs.existsSync(file) ? fs.readFileSync(file) : null;
  });
  base = mirror.base;
  hits = mirror.hits;
});
afterAll(async () => {
  await mirror.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("data/official/: the bundled official rounds", () => {
  const text = fs.readFileSync(path.join(OFFICIAL_DIR, "manifest.csv"), "utf8");
  const { entries, errors } = parseManifest(text, "manifest.csv");

  it("the manifest names every round summary held in ../shared (v4.1, v5.1, v6.0, v6.1)", () => {
    expect(errors).toEqual([]);
    expect(entries.map((e) => e.round)).toEqual(Object.keys(SHARED_NAME));
  });

  it.each(Object.entries(SHARED_NAME))("%s decompresses to the published file, byte for byte", (round, name) => {
    const e = entries.find((x) => x.round === round);
    if (!e) throw new Error(`no manifest line for ${round}`);
    const bundled = zlib.gunzipSync(fs.readFileSync(path.join(OFFICIAL_DIR, e.file)));
    expect(bundled.equals(fs.readFileSync(path.join(SUMMARY, name)))).toBe(true);
    // the manifest's rows, commit and sha256 are those ../shared/data/mlperf/manifest.csv records for the file
    const shared = fs
      .readFileSync(sharedPath("mlperf", "manifest.csv"), "utf8")
      .split(/\r?\n/)
      .find((l) => l.startsWith(`mlperf/summary/${name},`))
      ?.split(",");
    expect(shared?.at(-1)).toBe(String(e.rows));
    expect(shared?.at(-2)).toBe(e.sha256);
    expect(parseSummary(bundled.toString("utf8"), name).rowCount).toBe(e.rows);
  });

  it("a copy whose bytes differ from the manifest's sha256 is refused, naming the file", () => {
    const dir = path.join(tmp, "tampered");
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, "manifest.csv"), text);
    for (const e of entries) fs.copyFileSync(path.join(OFFICIAL_DIR, e.file), path.join(dir, e.file));
    const v60 = zlib.gunzipSync(fs.readFileSync(path.join(dir, "v6.0.summary_results.json.gz")));
    v60[100] = v60[100] === 0x31 ? 0x32 : 0x31; // one digit changed, same size
    fs.writeFileSync(path.join(dir, "v6.0.summary_results.json.gz"), zlib.gzipSync(v60));
    expect(() => readBundled(dir)).toThrow(BundleError);
    expect(() => readBundled(dir)).toThrow(/v6\.0\.summary_results\.json\.gz: sha256 [0-9a-f]{64} once decompressed/);
  });

  it.each(stores())(
    "imports with no network ($name store): every row of the four files, recorded under its pinned URL; a second run changes nothing",
    async ({ open }) => {
      const h = await open();
      const a = await importBundled(h);
      expect(a.errors).toEqual([]);
      const perRound = await h.x.all<{ round: string; n: number }>(
        "select round, count(*) as n from results group by round order by round",
      );
      expect(perRound).toEqual(entries.map((e) => ({ round: e.round, n: e.rows })));
      expect(a.results).toBe(entries.reduce((s, e) => s + e.rows, 0));
      const sources = (await h.x.all<{ source: string }>("select distinct source from imports order by source"))
        .map((r) => r.source)
        .sort();
      expect(sources).toEqual(entries.map((e) => e.sourceUrl).sort());
      const b = await importBundled(h);
      expect(b).toMatchObject({ inserted: 0, updated: 0, rejected: 0, unchanged: a.inserted });
      await h.close();
    },
  );
});

describe("setup's refresh from the official URLs (a local mirror here)", () => {
  it("a round whose official file is the bundled copy changes nothing; one that is not there is one line", async () => {
    const h = openDb(":memory:");
    await importBundled(h);
    const logged = async () => (await h.x.get<{ n: number }>("select count(*) as n from change_log"))?.n;
    const before = await logged();
    const lines = await refreshOfficial(h, { timeoutMs: 5000, mirrorBase: base });
    const byRound = Object.fromEntries(lines.map((l) => [l.round, l]));
    for (const r of ["v4.1", "v5.1", "v6.0", "v6.1"]) expect(byRound[r]?.status).toBe("unchanged");
    expect(await logged()).toBe(before);
    // the mirror holds no v5.0 file: a failed fetch, one line naming the URL and the cause
    expect(byRound["v5.0"]?.status).toBe("failed");
    expect(byRound["v5.0"]?.message).toBe(`could not fetch ${base}v5.0.summary_results.json: HTTP 404 Not Found`);
    h.sqlite.close();
  });

  it("an unreachable network fails fast, each round one line, nothing thrown", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const h = openDb(":memory:");
    const started = Date.now();
    const lines = await refreshOfficial(h, { timeoutMs: 5000, mirrorBase: `http://127.0.0.1:${port}/` });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(lines).toHaveLength(5);
    for (const l of lines) expect(l.message).toMatch(/could not fetch .*ECONNREFUSED/);
    h.sqlite.close();
  });
});

// the CLI's run in this process (db/import/cli-main.ts); cli.test.ts spawns it for the exit codes and stdout
describe("npm run import -- --round vX.Y --official (local mirror)", () => {
  const env = () => ({ ...process.env, PERFCONTEXT_OFFICIAL_BASE: base });

  it("v6.1: the root summary.csv, and it says so", async () => {
    const r = await runCliCaptured(
      ["--db", path.join(tmp, "v61.db"), "--json", "--round", "v6.1", "--official"],
      env(),
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.last)).toMatchObject({ sources: 1, inserted: 492, rejected: 0, results: 492 });
    expect(r.stderr).toContain(`--official v6.1: summary.csv (${base}v6.1.summary.csv)`);
  });

  it("v5.0 is known (summary_results.json at its root); a mirror without it is a clear rejection", async () => {
    const r = await runCliCaptured(
      ["--db", path.join(tmp, "v50.db"), "--json", "--round", "v5.0", "--official"],
      env(),
    );
    expect(r.code).toBe(1);
    expect(JSON.parse(r.last).errors[0].message).toBe(
      "no official summary at the root of mlcommons/inference_results_v5.0: tried summary_results.json (HTTP 404 each)",
    );
  });

  it("a round the table does not know: summary_results.json, then summary.json, then summary.csv; says which", async () => {
    hits.length = 0;
    const r = await runCliCaptured(
      ["--db", path.join(tmp, "v70.db"), "--json", "--round", "v7.0", "--official"],
      env(),
    );
    expect(hits).toEqual(["v7.0.summary_results.json", "v7.0.summary.json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.last)).toMatchObject({ inserted: 6, rejected: 0 });
    expect(r.stderr).toContain(`--official v7.0: summary.json (${base}v7.0.summary.json)`);
  });

  it("a round with no root summary anywhere names the three files it tried", async () => {
    hits.length = 0;
    const r = await runCliCaptured(
      ["--db", path.join(tmp, "v99.db"), "--json", "--round", "v9.9", "--official"],
      env(),
    );
    expect(hits).toEqual(["v9.9.summary_results.json", "v9.9.summary.json", "v9.9.summary.csv"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.last).errors[0].message).toBe(
      "no official summary at the root of mlcommons/inference_results_v9.9 (a round the table does not know): tried summary_results.json, summary.json, summary.csv (HTTP 404 each)",
    );
  });

  it.each(["v3.0", "v0.7"])("%s never had a root summary: it says so, exit 2, nothing fetched", async (round) => {
    hits.length = 0;
    const r = await runCliCaptured(["--db", path.join(tmp, "old.db"), "--round", round, "--official"], env());
    expect(r.code).toBe(2);
    expect(hits).toEqual([]);
    expect(r.stderr).toContain(
      `${round} never had an official summary at the root of mlcommons/inference_results_${round}`,
    );
  });

  it("an Endpoints round, by the same rule: the table's repository (its archive), every curve in it", async () => {
    hits.length = 0;
    const db = path.join(tmp, "ep07.db");
    const r = await runCliCaptured(["--db", db, "--json", "--round", "endpoints-v0.7", "--official"], env());
    expect(hits).toEqual(["endpoints-v0.7.results.tar.gz"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.last)).toMatchObject({ sources: 1, inserted: 1, rejected: 0, curves: 1 });
    expect(r.stderr).toContain(`--official endpoints-v0.7: results.tar.gz (${base}endpoints-v0.7.results.tar.gz)`);
  });

  it("an Endpoints round the table does not know: the repository its name implies; not there, it says so", async () => {
    hits.length = 0;
    const r = await runCliCaptured(
      ["--db", path.join(tmp, "ep10.db"), "--json", "--round", "endpoints-v1.0", "--official"],
      env(),
    );
    expect(hits).toEqual(["endpoints-v1.0.results.tar.gz"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.last).errors[0].message).toBe(
      `no results repository mlcommons/endpoints_results_v1.0 at HEAD (${base}endpoints-v1.0.results.tar.gz: HTTP 404)`,
    );
  });
});
