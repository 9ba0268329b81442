import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Fingerprint, fnv1a64, measurementKeyFor, resultIdFor, resultKey } from "./ids";
import { findRecords, parsedSummary, ROUND_FILES } from "./test-real-summaries";

describe("fnv1a64", () => {
  // Published FNV-1a 64-bit test vectors.
  it.each([
    ["", "cbf29ce484222325"],
    ["a", "af63dc4c8601ec8c"],
    ["foobar", "85944171f73967e8"],
  ])("%j → %s", (text, hex) => {
    expect(fnv1a64(text)).toBe(hex);
  });

  it("hashes UTF-8 bytes (C3 97 for ×), not the UTF-16 unit D7", () => {
    expect(fnv1a64("×")).toBe("0ac1e107b717c23f");
    expect(fnv1a64("×")).not.toBe("af648a4c86031436");
  });

  /** The textbook definition: BigInt arithmetic over TextEncoder's bytes. */
  function reference(text: string): string {
    let h = 0xcbf29ce484222325n;
    for (const b of new TextEncoder().encode(text)) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
    return h.toString(16).padStart(16, "0");
  }

  it.each([
    ["2-byte", "Système"],
    ["3-byte", "µ–€"],
    ["astral pair", "GPU 🚀 x8"],
    ["lone high surrogate", "a\ud800b"],
    ["lone low surrogate at the end", "a\udc00"],
    ["reversed pair", "\udc00\ud800"],
  ])("matches the BigInt/TextEncoder definition on %s", (_name, text) => {
    expect(fnv1a64(text)).toBe(reference(text));
  });

  it("matches the BigInt/TextEncoder definition on any string (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 64 }), (text) => fnv1a64(text) === reference(text)),
      { numRuns: 2000 },
    );
  });
});

describe("Fingerprint", () => {
  type V = string | number | boolean | null;
  /** The definition: FNV-1a 64 in BigInt over the unit sequence (tag, then length and UTF-16 units for text). */
  function reference(values: { kind: "text" | "number" | "bool"; v: V }[]): string {
    let h = 0xcbf29ce484222325n;
    const mix = (c: number) => {
      h = ((h ^ BigInt(c)) * 0x100000001b3n) & 0xffffffffffffffffn;
    };
    const text = (s: string) => {
      mix(0x20000 + (s.length & 0xffff));
      mix(s.length >>> 16);
      for (let i = 0; i < s.length; i++) mix(s.charCodeAt(i));
    };
    for (const { kind, v } of values) {
      if (v === null) mix(0x10000);
      else if (kind === "bool") mix(v ? 0x40001 : 0x40000);
      else if (kind === "number") {
        mix(0x30000);
        text(String(v));
      } else text(v as string);
    }
    return h.toString(16).padStart(16, "0");
  }

  function feed(values: { kind: "text" | "number" | "bool"; v: V }[], f = new Fingerprint()): Fingerprint {
    for (const { kind, v } of values) {
      if (kind === "text") f.text(v as string | null);
      else if (kind === "number") f.number(v as number | null);
      else f.bool(v as boolean);
    }
    return f;
  }

  const t = (v: string | null) => ({ kind: "text" as const, v });
  const n = (v: number | null) => ({ kind: "number" as const, v });
  const b = (v: boolean) => ({ kind: "bool" as const, v });

  it("of nothing is FNV-1a's offset basis", () => {
    expect(new Fingerprint().hex()).toBe("cbf29ce484222325");
  });

  it.each([
    ["split text", [t("ab"), t("c")], [t("a"), t("bc")]],
    ["text vs number", [t("1")], [n(1)]],
    ["null vs empty text", [t(null)], [t("")]],
    ["null text vs the word", [t(null)], [t("null")]],
    ["null vs false", [n(null)], [b(false)]],
    ["true vs false", [b(true)], [b(false)]],
    ["0.1 + 0.2 vs 0.3", [n(0.1 + 0.2)], [n(0.3)]],
    ["empty list vs one empty text", [], [t("")]],
    ["order", [t("a"), t("b")], [t("b"), t("a")]],
  ])("tells apart %s", (_name, a, c) => {
    expect(feed(a).hex()).not.toBe(feed(c).hex());
  });

  it("gives 1 and 1.0 (the same number) one fingerprint", () => {
    expect(feed([n(1)]).hex()).toBe(feed([n(1.0)]).hex());
  });

  it("matches the BigInt definition, and a clone goes on as the original would (property)", () => {
    const value = fc.oneof(
      fc.record({ kind: fc.constant("text" as const), v: fc.option(fc.string({ unit: "binary", maxLength: 40 })) }),
      fc.record({ kind: fc.constant("number" as const), v: fc.option(fc.double({ noNaN: true })) }),
      fc.record({ kind: fc.constant("bool" as const), v: fc.boolean() }),
    );
    fc.assert(
      fc.property(fc.array(value, { maxLength: 8 }), fc.array(value, { maxLength: 8 }), (head, tail) => {
        const whole = feed([...head, ...tail]).hex();
        const base = feed(head);
        const continued = feed(tail, base.clone()).hex();
        return whole === reference([...head, ...tail]) && continued === whole && base.hex() === reference(head);
      }),
      { numRuns: 1000 },
    );
  });
});

const KEY = {
  round: "v6.0",
  division: "closed",
  submitter: "AMD",
  platform: "8xMI355X_2xEPYC_9575F",
  model: "llama2-70b-99",
  usedModel: "llama2-70b-99",
  scenario: "Offline" as const,
  hasPower: false,
};

describe("resultKey / resultIdFor", () => {
  it("serialises the natural key unambiguously", () => {
    expect(resultKey(KEY)).toBe(
      '["v6.0","closed","AMD","8xMI355X_2xEPYC_9575F","llama2-70b-99","llama2-70b-99","Offline",false]',
    );
  });

  it("gives 16 lower-hex chars that change with any key part", () => {
    const id = resultIdFor(KEY);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(resultIdFor({ ...KEY, hasPower: true })).not.toBe(id);
    expect(resultIdFor({ ...KEY, model: "llama2-70b-99.9", usedModel: "llama2-70b-99.9" })).not.toBe(id);
  });

  it.each([
    ["v4.1", 937],
    ["v5.1", 1448],
    ["v6.0", 520],
  ] as const)("is unique across all %s records (%i ids)", (round, n) => {
    const records = parsedSummary(ROUND_FILES[round]).records;
    expect(new Set(records.map(resultIdFor)).size).toBe(n);
  });
});

describe("measurementKeyFor", () => {
  const v6 = () => parsedSummary(ROUND_FILES["v6.0"]).records;

  it("is shared by the -99 / -99.9 pair of the v6.0 AMD 8xMI355X llama2-70b Offline run (103,480 tokens/s)", () => {
    const pair = findRecords(v6(), {
      submitter: "AMD",
      platform: "8xMI355X_2xEPYC_9575F",
      modelFamily: "llama2-70b",
      scenario: "Offline",
    });
    expect(pair.map((r) => [r.model, r.value])).toEqual([
      ["llama2-70b-99", 103480],
      ["llama2-70b-99.9", 103480],
    ]);
    expect(pair[0]?.measurementKey).toMatch(/^[0-9a-f]{16}$/);
    expect(pair[0]?.measurementKey).toBe(pair[1]?.measurementKey);
    expect(resultIdFor(pair[0] ?? KEY)).not.toBe(resultIdFor(pair[1] ?? KEY));
  });

  it("differs when the pair published different numbers (HPE v6.0 DL380A x10 Offline: 36,710.8 vs 36,704.2)", () => {
    const pair = findRecords(v6(), {
      submitter: "HPE",
      platform: "HPE_PROLIANT_DL380A_RTX_PRO_6000_PCIE_96GBx10_TRT_10_14_1_48_TRT",
      modelFamily: "llama2-70b",
      scenario: "Offline",
    });
    expect(pair.map((r) => r.value).sort()).toEqual([36704.2, 36710.8]);
    expect(pair[0]?.measurementKey).not.toBe(pair[1]?.measurementKey);
  });

  it("differs across scenarios and the power flag", () => {
    const base = { ...KEY, modelFamily: "llama2-70b", value: 103480 };
    const k = measurementKeyFor(base);
    expect(measurementKeyFor({ ...base, model: "llama2-70b-99.9", usedModel: "llama2-70b-99.9" } as typeof base)).toBe(
      k,
    );
    expect(measurementKeyFor({ ...base, scenario: "Server" as "Offline" })).not.toBe(k);
    expect(measurementKeyFor({ ...base, hasPower: true })).not.toBe(k);
  });

  it("groups 65 of the 78 v6.0 llama2-70b -99/-99.9 pairs (the ones with identical numbers)", () => {
    const groups = new Map<string, Set<string>>();
    for (const r of v6().filter((x) => x.modelFamily === "llama2-70b")) {
      const k = JSON.stringify([r.submitter, r.platform, r.scenario]);
      const g = groups.get(k) ?? new Set<string>();
      g.add(`${r.model}|${r.measurementKey}`);
      groups.set(k, g);
    }
    const pairs = [...groups.values()].filter((g) => g.size === 2);
    const shared = pairs.filter((g) => new Set([...g].map((s) => s.split("|")[1])).size === 1);
    expect(pairs).toHaveLength(78);
    expect(shared).toHaveLength(65);
  });
});
