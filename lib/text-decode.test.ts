import { describe, expect, it } from "vitest";
import { decodeUtf8, firstInvalidUtf8 } from "./text-decode";

const enc = (s: string) => new TextEncoder().encode(s);

describe("decodeUtf8", () => {
  it.each([
    ["plain", enc("a,b\n1,2\n"), "a,b\n1,2\n"],
    ["BOM stripped", Uint8Array.from([0xef, 0xbb, 0xbf, ...enc("x")]), "x"],
    ["multi-byte", enc("Système géant €"), "Système géant €"],
  ])("%s", (_n, bytes, text) => {
    expect(decodeUtf8(bytes)).toEqual({ ok: true, text });
  });
  it("a Latin-1 byte is refused with its line", () => {
    const bytes = Uint8Array.from([...enc("ok\nalso ok\nSyst"), 0xe8, ...enc("me\n")]);
    expect(decodeUtf8(bytes)).toEqual({
      ok: false,
      line: 3,
      message: expect.stringMatching(/^not UTF-8 text: byte 0xE8 on line 3/),
    });
  });
  it("NUL bytes are binary", () => {
    expect(decodeUtf8(Uint8Array.from([0x89, 0x50, 0, 1]))).toMatchObject({ ok: false, line: null, message: /binary/ });
  });
  it.each([
    [[0x41, 0xc3, 0xa9, 0x42], 4],
    [[0x41, 0xc3, 0x41], 1],
    [[0xf0, 0x9f, 0x98, 0x80], 4],
    [[0xc0, 0x80], 0],
  ])("firstInvalidUtf8(%j) = %i", (bytes, at) => {
    expect(firstInvalidUtf8(Uint8Array.from(bytes))).toBe(at);
  });
});
