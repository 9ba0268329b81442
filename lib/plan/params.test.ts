import { describe, expect, it } from "vitest";
import { checkField, toNumber } from "./fields";
import { type PlanForm, parsePlanParams, planQuery, withPreset } from "./params";

const A = "e065134ae57ab84f";
const B = "6731959be11cad92";
const C = "e13716b7a2f9c96c";
const D = "691c1e67b66a9ad3";
const UP = "AbCdEfGhIjKlMnOpQrStUv";

describe("parsePlanParams", () => {
  it("gives the chat preset with nothing in the URL", () => {
    const { inputs, issues } = parsePlanParams({});
    expect(issues).toEqual([]);
    expect(inputs.preset).toBe("chat");
    expect(inputs.workload).toEqual({ rps: 100, inTok: 550, outTok: 150 });
    expect(inputs.slo).toEqual({ ttftMs: 450, tpotMs: 40 });
    expect(inputs.fleet).toEqual({ usablePct: 90, utilPct: 80, k: 1, pricePerAccHour: null, inputWeight: 0.25 });
    expect(inputs.custom).toBe(false);
    expect(inputs.derate).toBe(true);
  });

  it("reads custom values over a preset", () => {
    const { inputs, issues } = parsePlanParams(
      new URLSearchParams(`preset=batch&rps=500&out=250&ttft=2000&basis=${A}&usable=90&util=100&k=1&price=3`),
    );
    expect(issues).toEqual([]);
    expect(inputs.workload).toEqual({ rps: 500, inTok: 1024, outTok: 250 });
    expect(inputs.slo).toEqual({ ttftMs: 2000, tpotMs: null });
    expect(inputs.fleet).toEqual({ usablePct: 90, utilPct: 100, k: 1, pricePerAccHour: 3, inputWeight: 0.25 });
    expect(inputs.basis).toEqual([A]);
    expect(inputs.custom).toBe(true);
  });

  it.each([
    ["rps", "0", "more than 0", 100],
    ["rps", "-5", "can't be negative", 100],
    ["rps", "", "is missing", 100],
    ["rps", "abc", "must be a plain number", 100],
    ["rps", "1e12", "implausible", 100],
    ["rps", "Infinity", "must be a plain number", 100],
    ["rps", "NaN", "must be a plain number", 100],
    ["out", "0", "at least 1 token", 150],
    ["in", "5000000", "context window", 550],
    ["usable", "0.9", "enter a percentage", 90],
    ["usable", "150", "more than 100%", 90],
    ["k", "1.5", "whole number", 1],
    ["k", "-1", "can't be negative", 1],
  ])("%s=%s falls back with an inline message (%s)", (field, raw, msg, used) => {
    const { inputs, issues } = parsePlanParams({ [field]: raw });
    const issue = issues.find((i) => i.field === field);
    expect(issue?.message).toContain(msg);
    expect(issue?.message).toMatch(/is used until it is fixed\.$/);
    const value =
      field === "rps"
        ? inputs.workload.rps
        : field === "out"
          ? inputs.workload.outTok
          : field === "in"
            ? inputs.workload.inTok
            : field === "usable"
              ? inputs.fleet.usablePct
              : inputs.fleet.k;
    expect(value).toBe(used);
  });

  it("treats an empty or 'none' SLO bound as no bound, and a zero price as an error", () => {
    const { inputs, issues } = parsePlanParams({ ttft: "none", tpot: "", price: "0" });
    expect(inputs.slo).toEqual({ ttftMs: null, tpotMs: null });
    expect(inputs.fleet.pricePerAccHour).toBeNull();
    expect(issues.map((i) => i.field)).toEqual(["price"]);
  });

  it("keeps the form as typed so the inputs show what the URL says", () => {
    const { form } = parsePlanParams({ rps: "-5", ttft: "none" });
    expect(form.fields.rps).toBe("-5");
    expect(form.fields.ttft).toBe("");
    expect(form.fields.out).toBe("150");
  });

  it("accepts repeated and comma-separated ids, sorted, de-duplicated, malformed ones reported", () => {
    const p = new URLSearchParams(`basis=${B}&basis=${A},${B},nope`);
    const { inputs, issues } = parsePlanParams(p);
    expect(inputs.basis).toEqual([A, B].sort());
    expect(issues[0]?.message).toMatch(/malformed result id/);
  });

  it("caps the bases at three side by side", () => {
    const { inputs, issues } = parsePlanParams({ basis: [A, B, C, D].join(","), bakeoff: UP });
    expect(inputs.basis).toHaveLength(3);
    expect(inputs.bakeoff).toEqual([]);
    expect(issues.length).toBeGreaterThan(0);
  });

  it("falls back on an unknown preset and derate value", () => {
    const { inputs, issues } = parsePlanParams({ preset: "huge", derate: "maybe" });
    expect(inputs.preset).toBe("chat");
    expect(inputs.derate).toBe(true);
    expect(issues.map((i) => i.field)).toEqual(["preset", "derate"]);
  });
});

describe("planQuery", () => {
  const base = (): PlanForm => parsePlanParams({}).form;

  it("leaves defaults out", () => {
    expect(planQuery(base())).toBe("");
    expect(planQuery(withPreset(base(), "rag"))).toBe("preset=rag");
  });

  it("writes a canonical query in a fixed key order", () => {
    const f = base();
    f.fields.rps = "1,000";
    f.fields.ttft = "";
    f.fields.price = "$2.50";
    f.basis = [B, A, B];
    f.derate = false;
    expect(planQuery(f)).toBe(`rps=1000&ttft=none&basis=${B},${A}&price=2.5&derate=off`); // ids sorted
  });

  it("keeps bad values as typed so a shared link shows the same message", () => {
    const f = base();
    f.fields.rps = "-5";
    f.fields.out = "";
    expect(planQuery(f)).toBe("rps=-5&out=");
  });

  it.each([
    "",
    "preset=batch&rps=500&out=250",
    `rps=500&out=250&ttft=2000&tpot=200&basis=${B},${A}&usable=95&util=100&k=2&price=3`,
    "preset=rag&ttft=none&derate=off",
  ])("round-trips %s", (q) => {
    expect(planQuery(parsePlanParams(new URLSearchParams(q)).form)).toBe(q);
  });
});

describe("field checks", () => {
  it("parses numbers strictly", () => {
    expect(toNumber("1,000")).toBe(1000);
    expect(toNumber(" 2.5 ")).toBe(2.5);
    expect(toNumber("90%")).toBe(90);
    expect(toNumber("0x10")).toBeNull();
    expect(toNumber("1e")).toBeNull();
    expect(toNumber("NaN")).toBeNull();
  });
  it("accepts empty optional fields as no value", () => {
    expect(checkField("price", "")).toEqual({ ok: true, value: null });
    expect(checkField("ttft", "none")).toEqual({ ok: true, value: null });
    expect(checkField("rps", "").ok).toBe(false);
  });
});
