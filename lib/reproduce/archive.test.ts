// Archives of a result folder: a real .tar.gz made by the system's tar from shared/data, a .zip written here
// (stored and deflated entries), and hostile archives: paths outside, too many entries, a decompression bomb, a
// header that lies about its size.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { REQUEST_BUDGET, RequestBudget } from "@/lib/bakeoff/limits";
import { ArchiveError, readArchive, safeEntryPath, sniffArchive } from "./archive";
import { readUploadedFolder } from "./files";
import { tar, zip } from "./test-archive";
import { LOADGEN_ROOT, MI355X } from "./test-upload";

const text = (s: string) => new TextEncoder().encode(s);
const tmp = mkdtempSync(path.join(os.tmpdir(), "repro-archive-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("a real result folder as .tar.gz (system tar) and as .zip", () => {
  const files = [
    `${MI355X.platform}/llama2-70b-99/Offline/mlperf_log_summary.txt`,
    `${MI355X.platform}/llama2-70b-99/Offline/mlperf_log_detail.txt`,
    `${MI355X.platform}/llama2-70b-99/Server/mlperf_log_summary.txt`,
    `${MI355X.platform}/llama2-70b-99/Server/mlperf_log_detail.txt`,
    `${MI355X.platform}/llama2-70b-99/Interactive/mlperf_log_summary.txt`,
    `${MI355X.platform}/llama2-70b-99/Interactive/mlperf_log_detail.txt`,
    `systems/${MI355X.platform}.json`,
  ];
  const base = path.join(LOADGEN_ROOT, MI355X.round, MI355X.submitter);

  it("unpacks the .tar.gz tar wrote, byte for byte, and reads its three scenarios", () => {
    const out = path.join(tmp, "r.tar.gz");
    execFileSync("tar", ["-czf", out, "-C", base, ...files]);
    const bytes = new Uint8Array(readFileSync(out));
    expect(sniffArchive(bytes)).toBe("gzip");
    const a = readArchive(bytes);
    expect(a.format).toBe("tar.gz");
    expect(a.files.map((f) => f.path).sort()).toEqual([...files].sort());
    for (const f of a.files) expect(Buffer.from(f.bytes).equals(readFileSync(path.join(base, f.path)))).toBe(true);
    const folder = readUploadedFolder(
      a.files.map((f) => ({ path: f.path, text: Buffer.from(f.bytes).toString("utf8"), size: f.bytes.length })),
    );
    expect(folder.scenarios.map((s) => s.scenario)).toEqual(["Offline", "Server", "Interactive"]);
  });

  it("unpacks a .zip with deflated and stored entries", () => {
    const bytes = zip(files.map((f, i) => ({ name: f, data: readFileSync(path.join(base, f)), deflate: i % 2 === 0 })));
    const a = readArchive(bytes);
    expect(a.format).toBe("zip");
    expect(a.files).toHaveLength(files.length);
    for (const f of a.files) expect(Buffer.from(f.bytes).equals(readFileSync(path.join(base, f.path)))).toBe(true);
  });
});

describe("hostile archives", () => {
  it.each([
    ["../evil.txt", /"\.\." segment/],
    ["a/../../evil.txt", /"\.\." segment/],
    ["/etc/passwd", /absolute path/],
    ["C:/Windows/x", /absolute path/],
    ["a\\..\\..\\x", /"\.\." segment/],
  ])("refuses the entry %s", (name, re) => {
    expect(() => safeEntryPath(name)).toThrow(re);
    expect(() => readArchive(zip([{ name, data: text("x") }]))).toThrow(re);
    expect(() => readArchive(tar([{ name, data: text("x") }]))).toThrow(re);
  });

  it("normalises harmless paths", () => {
    expect(safeEntryPath("./a//b/./c.txt")).toBe("a/b/c.txt");
  });

  it("refuses more entries than the limit", () => {
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, data: text("x") }));
    expect(() => readArchive(zip(many), { maxTotalBytes: 1e6, maxEntries: 10 })).toThrow(/more than 10 entries/);
    expect(() => readArchive(tar(many), { maxTotalBytes: 1e6, maxEntries: 10 })).toThrow(/more than 10 entries/);
  });

  it("stops a decompression bomb at the size limit (zip and tar.gz)", () => {
    const zeros = new Uint8Array(8 * 1024 * 1024); // 8 MB of zeros deflate to ~8 KB
    const limits = { maxTotalBytes: 1024 * 1024, maxEntries: 10 };
    expect(() => readArchive(zip([{ name: "bomb.txt", data: zeros, deflate: true }]), limits)).toThrow(
      /more than 1 MB/,
    );
    const tgz = new Uint8Array(gzipSync(tar([{ name: "bomb.txt", data: zeros }])));
    expect(tgz.length).toBeLessThan(100_000);
    expect(() => readArchive(tgz, limits)).toThrow(ArchiveError);
  });

  it("refuses a zip entry whose header understates its size", () => {
    const data = text("A".repeat(10_000));
    expect(() => readArchive(zip([{ name: "lie.txt", data, deflate: true, declaredSize: 10 }]))).toThrow(
      /more than the 10 bytes its header says/,
    );
  });

  it("skips links instead of following them", () => {
    const a = readArchive(
      tar([
        { name: "link", data: new Uint8Array(0), type: "2" },
        { name: "ok.txt", data: text("hi") },
      ]),
    );
    expect(a.files.map((f) => f.path)).toEqual(["ok.txt"]);
    expect(a.skipped[0]).toMatch(/symbolic link/);
  });

  it("says what it is not", () => {
    expect(() => readArchive(text("just text"))).toThrow(/not a \.zip, \.tar\.gz or \.tar/);
    expect(() => readArchive(new Uint8Array(gzipSync(text("plain"))))).toThrow(/does not hold a tar archive/);
  });
});

describe("one budget per request, not per archive (issue 26 finding 2)", () => {
  // five small zips each holding 39 MB of text: each alone is under the budget, the five together are not
  const big = new TextEncoder().encode("0123456789abcdef\n".repeat((39 * 1024 * 1024) / 17));
  const bomb = zip([{ name: "notes.txt", data: big, deflate: true }]);

  it("each of the five zips is small and under the budget alone", () => {
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(readArchive(bomb).files[0]?.bytes.length).toBe(big.length);
  });

  it("the five through one budget: refused at the second archive, once 64 MB is passed", () => {
    const budget = new RequestBudget();
    readArchive(bomb, budget);
    expect(() => readArchive(bomb, budget)).toThrow(/the request unpacks to more than 64 MB/);
    expect(budget.bytes).toBeLessThanOrEqual(REQUEST_BUDGET.unpackedBytes.limit + big.length);
  });

  it("entries count across archives", () => {
    const budget = new RequestBudget({ unpackedBytes: 1e6, entries: 10, samples: 0 });
    const six = zip(Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.txt`, data: text("x") })));
    readArchive(six, budget);
    expect(() => readArchive(six, budget)).toThrow(/more than 10 entries/);
  });

  it("an accuracy log in a .zip is listed with its size, never inflated", () => {
    const a = readArchive(zip([{ name: "r/mlperf_log_accuracy.json", data: big, deflate: true }]), {
      maxTotalBytes: 1024,
      maxEntries: 10,
    });
    expect(a.files).toEqual([
      { path: "r/mlperf_log_accuracy.json", bytes: new Uint8Array(0), declaredSize: big.length },
    ]);
  });
});
