import { describe, expect, it } from "vitest";
import { decodeUtf8 } from "@/lib/text-decode";
import { decodeUtf8Fast } from "./decode";

const enc = (s: string) => new TextEncoder().encode(s);
const bytes = (...b: number[]) => new Uint8Array(b);

describe("decodeUtf8Fast gives exactly decodeUtf8's answer", () => {
  it.each([
    ["empty", bytes()],
    ["ASCII JSON", enc('[{"ID": "6.0-0001"}]')],
    ["multi-byte", enc("Système µ–€ 🚀")],
    ["one BOM", bytes(0xef, 0xbb, 0xbf, 0x61)],
    ["two BOMs", bytes(0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x61)],
    ["only a BOM", bytes(0xef, 0xbb, 0xbf)],
    ["Latin-1 é on line 2", bytes(0x61, 0x0a, 0x53, 0x79, 0x73, 0x74, 0xe8, 0x6d, 0x65)],
    ["cut multi-byte at the end", bytes(0x61, 0xe2, 0x82)],
    ["overlong encoding", bytes(0xc0, 0xaf)],
    ["encoded surrogate", bytes(0xed, 0xa0, 0x80)],
    ["NUL byte", bytes(0x61, 0x00, 0x62)],
    ["subarray of a bigger buffer", enc("xx[1,2]yy").subarray(2, 7)],
  ])("%s", (_name, input) => {
    expect(decodeUtf8Fast(input)).toEqual(decodeUtf8(input));
  });
});
