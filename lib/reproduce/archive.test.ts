// Archives of a result folder: a real .tar.gz made by the system's tar from shared/data, a .zip written here
// (stored and deflated entries), and hostile archives: paths outside, too many entries, a decompression bomb, a
// header that lies about its size.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { deflateRawSync, gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { ArchiveError, readArchive, safeEntryPath, sniffArchive } from "./archive";
import { readUploadedFolder } from "./files";
import { LOADGEN_ROOT, MI355X } from "./test-upload";

/** A minimal PKWARE zip: local headers, central directory, end record (CRC left 0: the reader does not check it). */
function zip(entries: { name: string; data: Uint8Array; deflate?: boolean; declaredSize?: number }[]): Uint8Array {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const body = e.deflate ? deflateRawSync(e.data) : Buffer.from(e.data);
    const size = e.declaredSize ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(e.deflate ? 8 : 0, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, body);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(e.deflate ? 8 : 0, 10);
    c.writeUInt32LE(body.length, 20);
    c.writeUInt32LE(size, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offset, 42);
    central.push(c, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...parts, cd, end]));
}

/** A minimal ustar archive. */
function tar(entries: { name: string; data: Uint8Array; type?: string }[]): Uint8Array {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const h = Buffer.alloc(512);
    h.write(e.name.slice(0, 100), 0);
    h.write(`${e.data.length.toString(8).padStart(11, "0")}\0`, 124);
    h.write(e.type ?? "0", 156);
    h.write("ustar\0", 257);
    blocks.push(h, Buffer.from(e.data), Buffer.alloc((512 - (e.data.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return new Uint8Array(Buffer.concat(blocks));
}

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
