// Every box that scrolls is the containing block of what it holds. A screen-reader-only label (Tailwind's sr-only is
// position: absolute) inside a table that scrolls sideways is otherwise placed against an outer block, outside the
// scroller's clipping: on a 390 px phone the campaign page's hidden "Remove" column label sat at x = 988 and the whole
// page scrolled sideways (seen 2026-12-02, /campaigns/{id}). Read from the sources: each class list that makes a
// scroller also says `relative`.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "..");

function tsxFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...tsxFiles(rel));
    else if (e.name.endsWith(".tsx")) out.push(rel);
  }
  return out;
}

/** Class lists in a file: className="…", className={`…`} and the strings of className={cond ? "…" : "…"}. */
function classLists(text: string): string[] {
  return [...text.matchAll(/className=(?:"([^"]*)"|\{`([^`]*)`\})/g)].map((m) => m[1] ?? m[2] ?? "");
}

const SCROLLS = /(?:^|\s)(?:[a-z]+:)*overflow(?:-x)?-(?:auto|scroll)(?:\s|$)/;

describe("scrollers are containing blocks", () => {
  const files = [...tsxFiles("components"), ...tsxFiles("app")];
  const scrollers = files.flatMap((f) =>
    classLists(fs.readFileSync(path.join(ROOT, f), "utf8"))
      .filter((c) => SCROLLS.test(c))
      .map((c) => [f, c] as const),
  );

  it("finds the scrollers (the campaign editor's member table among them)", () => {
    expect(scrollers.length).toBeGreaterThanOrEqual(9);
    expect(scrollers.map(([f]) => f)).toContain(path.join("components", "campaign", "campaign-editor.tsx"));
  });

  it("each says relative", () => {
    expect(scrollers.filter(([, c]) => !/(?:^|\s)relative(?:\s|$)/.test(c))).toEqual([]);
  });
});
