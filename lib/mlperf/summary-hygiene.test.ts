// Issue 26 findings 6 and 7 at the importer: a summary row (the real first row of v6.0, 6.0-0001) carrying bidi
// overrides in its system and accelerator names and a javascript: URL in Details. Names lose the overrides; the
// link is dropped with a note, so it is never stored, shown as a link, or exported.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sharedPath } from "@/lib/shared-data";
import { isHttpUrl, normalizeUrl } from "./normalize";
import { parseSummaryResultsJson } from "./summary";

const rows = JSON.parse(readFileSync(sharedPath("mlperf", "summary", "v6.0.summary_results.json"), "utf8")) as Record<
  string,
  unknown
>[];
const first = rows[0] as Record<string, unknown>;

function parseRow(patch: Record<string, unknown>) {
  const res = parseSummaryResultsJson(JSON.stringify([{ ...first, ...patch }]), "v6.0.summary_results.json");
  expect(res.errors).toEqual([]);
  return res.records[0];
}

describe("a hostile summary row", () => {
  it("is the real 6.0-0001 row to begin with", () => {
    expect(first.ID).toBe("6.0-0001");
    expect(first.System).toBe("AMD MI355X Custom Cluster");
    expect(first.Accelerator).toBe("AMD Instinct MI355X 288GB HBM3e (x87)");
  });

  it("keeps no bidi override in the names it imports", () => {
    const r = parseRow({
      System: "AMD MI355X \u202ECustom Cluster",
      Accelerator: "AMD Instinct \u2066MI355X\u2069 288GB HBM3e (x87)",
      Submitter: "AMD\u200F",
    });
    expect(r?.system.systemName).toBe("AMD MI355X Custom Cluster");
    expect(r?.system.accelerator).toBe("AMD Instinct MI355X 288GB HBM3e");
    expect(r?.submitter).toBe("AMD");
  });

  it("drops a javascript: Details link with a note, and keeps the https Code link", () => {
    const r = parseRow({ Details: "javascript:alert(document.cookie)" });
    expect(r?.detailsUrl).toBeNull();
    expect(r?.codeUrl).toBe("https://github.com/mlcommons/submissions_inference_v6.0/tree/main/closed/AMD/src");
    expect(r?.notes).toContainEqual({
      code: "link-dropped",
      message: "the Details link was dropped: a javascript: URL, and only http(s) links are kept",
    });
  });

  it("the untouched row has no such note", () => {
    expect(parseRow({})?.notes.map((n) => n.code)).not.toContain("link-dropped");
  });
});

describe("isHttpUrl / normalizeUrl", () => {
  it.each([
    ["https://github.com/mlcommons/inference_results_v6.0", true],
    ["HTTP://example.org/x", true],
    ["javascript:alert(1)", false],
    ["JaVaScRiPt:alert(1)", false],
    ["data:text/html,<script>alert(1)</script>", false],
    ["//evil.example/x", false],
    ["https://", false],
  ])("%s → %s", (s, ok) => {
    expect(isHttpUrl(s)).toBe(ok);
  });
  it("a checker cell holding two links keeps the last https one", () => {
    expect(normalizeUrl("javascript:alert(1) https://github.com/x")).toBe("https://github.com/x");
  });
});
