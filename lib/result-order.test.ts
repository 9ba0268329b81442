import { describe, expect, it } from "vitest";
import {
  bestPerRound,
  betterFirst,
  defaultSort,
  onlyLatencyScenarios,
  planSort,
  type SortDir,
  sortScale,
  summariseUnits,
  type UnitGroupRow,
  unitBlock,
  unitMixMessage,
} from "./result-order";
import type { SortKey } from "./url-state";

function g(p: Partial<UnitGroupRow>): UnitGroupRow {
  return {
    model: "llama2-70b-99",
    scenario: "Server",
    round: "v6.0",
    units: "Tokens/s",
    higherIsBetter: true,
    count: 10,
    withPerAccelerator: p.higherIsBetter === false ? 0 : (p.count ?? 10),
    suspect: 0,
    ...p,
  };
}

// the views the audit named, as the database counts them
const LLAMA8B_INTERACTIVE = [
  g({ model: "llama3.1-8b", scenario: "Interactive", round: "v5.1", units: "Queries/s", count: 8, suspect: 8 }),
  g({ model: "llama3.1-8b", scenario: "Interactive", round: "v6.0", units: "Tokens/s", count: 10 }),
];
const SINGLESTREAM = [
  g({ model: "wan-2.2-t2v-a14b", scenario: "SingleStream", units: "Latency (s)", higherIsBetter: false, count: 9 }),
  g({ model: "yolo-95", scenario: "SingleStream", units: "Latency (ms)", higherIsBetter: false, count: 10 }),
  g({ model: "resnet", scenario: "SingleStream", units: "Latency (ms)", higherIsBetter: false, count: 10 }),
];
const ONE_LATENCY_UNIT = [
  g({ model: "resnet", scenario: "SingleStream", units: "Latency (ms)", higherIsBetter: false, count: 10 }),
];
const OFFLINE_MIXED = [
  g({ model: "resnet", scenario: "Offline", units: "Samples/s", count: 30 }),
  g({ model: "llama2-70b-99", scenario: "Offline", units: "Tokens/s", count: 12 }),
];
const LATENCY_AND_THROUGHPUT = [...OFFLINE_MIXED, ...ONE_LATENCY_UNIT];

describe("onlyLatencyScenarios", () => {
  it.each([
    [["SingleStream"], true],
    [["MultiStream", "SingleStream"], true],
    [["Server", "SingleStream"], false],
    [["Offline"], false],
    [[], false],
  ])("%j → %s", (scenarios, want) => {
    expect(onlyLatencyScenarios(scenarios)).toBe(want);
  });
});

describe("defaultSort: the emphasised figure, best first", () => {
  it.each([
    ["accelerator", ["Server"], "perAccelerator", "desc"],
    ["accelerator", ["SingleStream"], "perAccelerator", "desc"], // planSort falls back on the rows
    ["raw", ["Server"], "value", "desc"],
    ["raw", [], "value", "desc"],
    ["raw", ["SingleStream"], "value", "asc"],
    ["raw", ["MultiStream", "SingleStream"], "value", "asc"],
    ["raw", ["Offline", "SingleStream"], "value", "desc"],
  ] as const)("per=%s scenario=%j → %s %s", (per, scenarios, sort, dir) => {
    expect(defaultSort(per, scenarios)).toEqual({ sort, dir });
  });
});

describe("sortScale / unitBlock: latencies on one scale (ms), throughputs as published", () => {
  it.each([
    ["Latency (s)", 1000, "latency"],
    ["Latency (ms)", 1, "latency"],
    ["Latency (us)", 0.001, "latency"],
    ["latency (MS)", 1, "latency"],
    ["Tokens/s", 1, "Tokens/s"],
    ["samples / sec", 1, "Samples/s"],
    ["Queries/s", 1, "Queries/s"],
    ["furlongs", 1, "furlongs"],
  ])("%s → ×%s, block %s", (units, scale, block) => {
    expect(sortScale(units)).toBeCloseTo(scale, 12);
    expect(unitBlock(units)).toBe(block);
  });
});

describe("summariseUnits", () => {
  it.each([
    [
      "v5.1 Queries/s (units-suspect) with v6.0 Tokens/s: mixed, narrowed by round",
      LLAMA8B_INTERACTIVE,
      {
        units: [
          { units: "Tokens/s", count: 10 },
          { units: "Queries/s", count: 8 },
        ],
        mixed: true,
        direction: "higher",
        suspect: 8,
        narrow: [
          { model: "llama3.1-8b", scenario: "Interactive", round: "v6.0", count: 10, units: ["Tokens/s"] },
          { model: "llama3.1-8b", scenario: "Interactive", round: "v5.1", count: 8, units: ["Queries/s"] },
        ],
      },
    ],
    [
      "SingleStream over wan-2.2 (s) and yolo, resnet (ms): mixed, lower is better, one link per benchmark",
      SINGLESTREAM,
      {
        units: [
          { units: "Latency (ms)", count: 20 },
          { units: "Latency (s)", count: 9 },
        ],
        mixed: true,
        direction: "lower",
        withPerAccelerator: 0,
        narrow: [
          { model: "resnet", scenario: "SingleStream", round: null, count: 10, units: ["Latency (ms)"] },
          { model: "yolo-95", scenario: "SingleStream", round: null, count: 10, units: ["Latency (ms)"] },
          { model: "wan-2.2-t2v-a14b", scenario: "SingleStream", round: null, count: 9, units: ["Latency (s)"] },
        ],
      },
    ],
    ["one unit: not mixed, no links", ONE_LATENCY_UNIT, { mixed: false, direction: "lower", narrow: [], total: 10 }],
    [
      "latency with throughput: direction mixed",
      LATENCY_AND_THROUGHPUT,
      { mixed: true, direction: "mixed", total: 52 },
    ],
    ["an empty view", [], { mixed: false, total: 0, units: [], narrow: [] }],
  ])("%s", (_, rows, want) => {
    expect(summariseUnits(rows)).toMatchObject(want);
  });

  it("offers at most six narrowings, most rows first", () => {
    const many = Array.from({ length: 9 }, (_, i) =>
      g({ model: `m${i}`, units: i % 2 ? "Tokens/s" : "Queries/s", count: i + 1 }),
    );
    const narrow = summariseUnits(many).narrow;
    expect(narrow.map((n) => n.model)).toEqual(["m8", "m7", "m6", "m5", "m4", "m3"]);
  });
});

describe("planSort", () => {
  const plan = (sort: SortKey, dir: SortDir, rows: UnitGroupRow[] | null) =>
    planSort({ sort, dir }, rows ? summariseUnits(rows) : null);

  it.each([
    // [case, sort, dir, rows, want sort, want dir, note matches]
    [
      "per-accelerator over latencies → result, lowest first",
      "perAccelerator",
      "desc",
      SINGLESTREAM,
      "value",
      "asc",
      /lowest latency first/,
    ],
    [
      "per-accelerator ascending over latencies → result, highest first",
      "perAccelerator",
      "asc",
      SINGLESTREAM,
      "value",
      "desc",
      /highest latency first/,
    ],
    [
      "per-accelerator over throughput with no figure → result, highest first",
      "perAccelerator",
      "desc",
      [g({ withPerAccelerator: 0 })],
      "value",
      "desc",
      /^No row in this view has a per-accelerator figure, so/,
    ],
    ["per-accelerator with figures stays", "perAccelerator", "desc", OFFLINE_MIXED, "perAccelerator", "desc", null],
    ["result sort stays", "value", "asc", SINGLESTREAM, "value", "asc", null],
    ["a text column is never planned", "submitter", "asc", SINGLESTREAM, "submitter", "asc", null],
    ["no summary (not sorted by a figure)", "value", "desc", null, "value", "desc", null],
  ] as [string, SortKey, SortDir, UnitGroupRow[] | null, SortKey, SortDir, RegExp | null][])(
    "%s",
    (_, sort, dir, rows, wantSort, wantDir, note) => {
      const p = plan(sort, dir, rows);
      expect([p.sort, p.dir]).toEqual([wantSort, wantDir]);
      if (note) expect(p.note).toMatch(note);
      else expect(p.note).toBeNull();
    },
  );

  it.each([
    ["s and ms: one block, seconds × 1000", SINGLESTREAM, [], [["Latency (s)", 1000]]],
    [
      "samples/s and tokens/s: a block each, most rows first",
      OFFLINE_MIXED,
      [
        ["Samples/s", 0],
        ["Tokens/s", 1],
      ],
      [],
    ],
    [
      "latency with throughput: latencies one block",
      [
        ...LATENCY_AND_THROUGHPUT,
        g({ scenario: "SingleStream", units: "Latency (s)", higherIsBetter: false, count: 1 }),
      ],
      [
        ["Samples/s", 0],
        ["Tokens/s", 1],
        ["Latency (ms)", 2],
        ["Latency (s)", 2],
      ],
      [["Latency (s)", 1000]],
    ],
    ["one unit: nothing to do", ONE_LATENCY_UNIT, [], []],
    [
      "suspect Queries/s apart from Tokens/s",
      LLAMA8B_INTERACTIVE,
      [
        ["Tokens/s", 0],
        ["Queries/s", 1],
      ],
      [],
    ],
  ] as [string, UnitGroupRow[], [string, number][], [string, number][]][])("%s", (_, rows, blocks, scale) => {
    const p = plan("value", "desc", rows);
    expect([...p.blocks]).toEqual(blocks);
    expect([...p.scale]).toEqual(scale);
  });
});

describe("unitMixMessage", () => {
  it.each([
    [
      LLAMA8B_INTERACTIVE,
      [
        "These rows mix units: tokens/s (10), queries/s (8).",
        "its own block",
        "8 rows are published as queries/s or samples/s but likely on the tokens/s scale",
      ],
    ],
    [SINGLESTREAM, ["Latency (ms) (20), Latency (s) (9)", "compared in milliseconds"]],
    [LATENCY_AND_THROUGHPUT, ["mix latency and throughput, in 3 units", "Lower is better for a latency"]],
  ])("%#: names every unit", (rows, parts) => {
    const m = unitMixMessage(summariseUnits(rows), "value") ?? "";
    for (const p of parts) expect(m).toContain(p);
  });

  it("says nothing when the rows share a unit", () => {
    expect(unitMixMessage(summariseUnits(ONE_LATENCY_UNIT), "value")).toBeNull();
  });

  it("s with ms is one block: no 'own block' sentence", () => {
    const two = SINGLESTREAM.filter((r) => r.model !== "resnet");
    expect(unitMixMessage(summariseUnits(two), "value")).not.toContain("own block");
  });
});

describe("bestPerRound / betterFirst", () => {
  const rows = [
    { round: "v5.1", value: 40 },
    { round: "v4.1", value: 55 },
    { round: "v5.1", value: 30 },
    { round: "v10.0", value: 12 },
    { round: "v4.1", value: 60 },
  ];
  it.each([
    [
      true,
      [
        { round: "v4.1", value: 60 },
        { round: "v5.1", value: 40 },
        { round: "v10.0", value: 12 },
      ],
    ],
    // a latency: the lowest is the best (the "Same hardware" line showed the highest)
    [
      false,
      [
        { round: "v4.1", value: 55 },
        { round: "v5.1", value: 30 },
        { round: "v10.0", value: 12 },
      ],
    ],
  ])("higherIsBetter %s", (higher, want) => {
    expect(bestPerRound(rows, higher)).toEqual(want);
    expect([...rows].sort(betterFirst(higher))[0]?.value).toBe(higher ? 60 : 12);
  });
});
