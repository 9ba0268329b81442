// Power in the plan over real rows: the MLPerf Power measurement of the basis system (v5.1 Lenovo SR680a V3, 8×B200,
// 10,400.9988793425 W average on llama2-70b-99 Offline; 10,442.2597402597 W on Server), racks within a budget, and
// electricity per million tokens.
import { describe, expect, it } from "vitest";
import { allResults, llama, real } from "@/lib/context/test-fixtures";
import { planCapacity } from "./compute";
import { measuredNodePower, NO_POWER, planPower } from "./power";

const lenovo = (scenario: "Offline" | "Server", model = "llama2-70b-99") =>
  real({ round: "v5.1", platform: "SR680a_V3_B200SXMx8_TRT", model, scenario, hasPower: true });
const lenovoAll = allResults("v5.1").filter((r) => r.platform === "SR680a_V3_B200SXMx8_TRT");

describe("measuredNodePower", () => {
  it.each([
    ["a power run: its own measurement", "Offline", 10400.9988793425],
    ["the Server power run: its own, not the Offline one", "Server", 10442.2597402597],
  ] as const)("%s", (_n, scenario, watts) => {
    const m = measuredNodePower(lenovo(scenario), lenovoAll);
    expect(m?.kwPerNode).toBe(watts / 1000 / 1);
    expect(m?.how).toContain("MLPerf Power measurement");
    expect(m?.how).toContain("5.1-0061");
  });

  it("a performance-only system with no power run of its own has none (no TDP proxy)", () => {
    // NVIDIA v4.1 H200 rows carry "H200 TGP 700W" in Notes: a rating, never used
    const amd = llama("v6.0", "AMD", "8xMI355X_2xEPYC_9575F", "Server");
    expect(
      measuredNodePower(
        amd,
        allResults("v6.0").filter((r) => r.platform === amd.platform),
      ),
    ).toBeNull();
  });

  it("a power run of the same system for another benchmark is not taken", () => {
    const whisper = lenovo("Offline", "whisper");
    const m = measuredNodePower(whisper, lenovoAll);
    expect(m?.kwPerNode).toBe(7636.4895833333 / 1000); // whisper's own measurement, not llama2's
  });
});

describe("planPower", () => {
  const measured = { kwPerNode: 10.4009988793425, how: "MLPerf Power measurement" };

  it("measured: fleet power, racks within a 40 kW budget, electricity at $0.12/kWh and PUE 1.3", () => {
    const p = planPower(3, measured, { kwPerNode: null, rackKw: 40, pricePerKwh: 0.12, pue: 1.3 }, 450);
    expect(p?.measured).toBe(true);
    expect(p?.fleetKw).toBeCloseTo(31.2029966, 6);
    expect(p?.nodesPerRack).toBe(3); // ⌊40 ÷ 10.401⌋
    expect(p?.racks).toBe(1);
    expect(p?.energyPerHour).toBeCloseTo(3 * 10.4009988793425 * 1.3 * 0.12, 9);
    expect(p?.energyPerMillionTokens).toBeCloseTo((3 * 10.4009988793425 * 1.3 * 0.12) / 450, 9);
    expect(p?.steps.map((s) => s.key)).toEqual(["power-node", "power-fleet", "power-racks", "power-cost"]);
    expect(p?.steps[0]?.label).toBe("Power per node (measured)");
  });

  it("no measurement: the entered figure, labelled an estimate", () => {
    const p = planPower(10, null, { ...NO_POWER, kwPerNode: 14.3, rackKw: 120 }, 100);
    expect(p?.measured).toBe(false);
    expect(p?.steps[0]?.label).toBe("Power per node (estimate, as entered)");
    expect(p?.notes.map((n) => n.code)).toContain("power-estimate");
    expect(p?.nodesPerRack).toBe(8);
    expect(p?.racks).toBe(2);
  });

  it("a measurement wins over an entered estimate, and says so", () => {
    const p = planPower(2, measured, { ...NO_POWER, kwPerNode: 8 }, 100);
    expect(p?.kwPerNode).toBe(measured.kwPerNode);
    expect(p?.notes.map((n) => n.code)).toEqual(["power-measured"]);
  });

  it("a node over the budget: no rack holds it, a warning", () => {
    const p = planPower(2, measured, { ...NO_POWER, rackKw: 8 }, 100);
    expect(p?.racks).toBeNull();
    expect(p?.notes.find((n) => n.code === "power-rack")?.severity).toBe("warn");
  });

  it("neither measured nor entered: no power steps", () => {
    expect(planPower(2, null, NO_POWER, 100)).toBeNull();
  });
});

describe("planCapacity with power", () => {
  it("a Lenovo power run as the basis: the plan's steps include its measured power and racks", () => {
    const r = lenovo("Server");
    const plan = planCapacity(
      { kind: "published", result: r, siblings: lenovoAll },
      {
        workload: { rps: 100, inTok: 550, outTok: 250 },
        slo: { ttftMs: 2000, tpotMs: 200 },
        fleet: { usablePct: 90, utilPct: 100, k: 1, pricePerAccHour: 3 },
        derate: true,
        power: { kwPerNode: null, rackKw: 40, pricePerKwh: 0.1, pue: 1.2 },
      },
    );
    expect(plan.error).toBeNull();
    const keys = plan.steps.map((s) => s.key);
    expect(keys).toContain("power-node");
    expect(keys).toContain("power-racks");
    expect(keys).toContain("cost-mtok-total");
    const nodes = plan.numbers?.nodes ?? 0;
    expect(plan.power?.racks).toBe(Math.ceil(nodes / Math.floor(40 / 10.4422597402597)));
  });
});
