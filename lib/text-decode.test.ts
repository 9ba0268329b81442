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
      message: expect.stringMatching(/^not UTF-8 text: byte 0xE8 on line 3 \(byte offset 15\) is not valid UTF-8/),
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
    // Unicode 15, Table 3-7 (well-formed UTF-8 byte sequences): the second byte's range depends on the first.
    [[0xed, 0x9f, 0xbf], 3], // U+D7FF, the last before the surrogates
    [[0x41, 0xed, 0xa0, 0x80], 1], // ED A0–BF: a UTF-16 surrogate (U+D800) written as UTF-8
    [[0xed, 0xbf, 0xbf], 0], // U+DFFF
    [[0xe0, 0xa0, 0x80], 3], // U+0800, the first three-byte character
    [[0xe0, 0x80, 0x80], 0], // E0 80–9F: overlong
    [[0xe0, 0x9f, 0xbf], 0],
    [[0xf0, 0x90, 0x80, 0x80], 4], // U+10000
    [[0xf0, 0x80, 0x80, 0x80], 0], // F0 80–8F: overlong
    [[0xf0, 0x8f, 0xbf, 0xbf], 0],
    [[0xf4, 0x8f, 0xbf, 0xbf], 4], // U+10FFFF, the last code point
    [[0xf4, 0x90, 0x80, 0x80], 0], // F4 90+: past U+10FFFF
    [[0x41, 0x42, 0xf4, 0xbf, 0xbf, 0xbf], 2],
  ])("firstInvalidUtf8(%j) = %i", (bytes, at) => {
    expect(firstInvalidUtf8(Uint8Array.from(bytes))).toBe(at);
  });
  it.each([
    // byte 0xED opens an encoded surrogate on line 3 (offset 8: "a\nbb\nccc" is 8 bytes), with valid text after it
    ["encoded surrogate", [...enc("a\nbb\nccc"), 0xed, 0xa0, 0x80, ...enc("\nok\n")], 0xed, 3, 8],
    ["overlong E0", [...enc("x\n"), 0xe0, 0x80, 0xaf, ...enc("\ny")], 0xe0, 2, 2],
    ["overlong F0", [...enc("\n\n\n"), 0xf0, 0x80, 0x80, 0xaf], 0xf0, 4, 3],
    ["past U+10FFFF", [...enc("abc"), 0xf4, 0x90, 0x80, 0x80, ...enc("\n\n")], 0xf4, 1, 3],
  ])("%s: named at its real byte and line", (_n, bytes, byte, line, offset) => {
    const hex = byte.toString(16).toUpperCase();
    expect(decodeUtf8(Uint8Array.from(bytes))).toEqual({
      ok: false,
      line,
      message: expect.stringMatching(
        new RegExp(`^not UTF-8 text: byte 0x${hex} on line ${line} \\(byte offset ${offset}\\) is not valid UTF-8`),
      ),
    });
  });
});
