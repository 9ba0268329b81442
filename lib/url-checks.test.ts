// The URL checks keep the semantics of the zod schemas they replaced (zod's coerce reads numbers with Number()).
import { describe, expect, it } from "vitest";
import { listOf, matching, oneOf, textItem, wholeIn } from "./url-checks";

describe("url checks", () => {
  it.each([
    ["5", 5],
    [" 5 ", 5],
    ["2e2", 200],
    ["0", undefined],
    ["2.5", undefined],
    ["", undefined],
    ["abc", undefined],
    ["Infinity", undefined],
    ["501", undefined],
  ])("wholeIn(%j, 1, 500) → %j", (raw, want) => {
    expect(wholeIn(raw, 1, 500)).toBe(want);
  });

  it("oneOf is exact", () => {
    expect(oneOf(["asc", "desc"], "asc")).toBe("asc");
    expect(oneOf(["asc", "desc"], "ASC")).toBeUndefined();
  });

  it("textItem trims and refuses empty, over-long and control characters", () => {
    expect(textItem("  NVIDIA H200 ")).toBe("NVIDIA H200");
    expect(textItem("   ")).toBeUndefined();
    expect(textItem("a".repeat(201))).toBeUndefined();
    expect(textItem("a".repeat(200))).toBe("a".repeat(200));
    expect(textItem("a\u0000b")).toBeUndefined();
    expect(textItem('<script>"x",[y]')).toBe('<script>"x",[y]');
  });

  it("listOf: every item checked, at most max", () => {
    const round = matching(/^v\d\.\d$/);
    expect(listOf(["v6.0", "v6.1"], 2, round)).toEqual(["v6.0", "v6.1"]);
    expect(listOf(["v6.0", "v6.1", "v5.1"], 2, round)).toBeUndefined();
    expect(listOf(["v6.0", "6"], 5, round)).toBeUndefined();
    expect(listOf([], 5, round)).toEqual([]);
  });
});
