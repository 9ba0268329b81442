// The shared Endpoints fixture (../shared/data/endpoints/test_submissions/sub_a: MLCommons' SYNTHETIC checker test
// data, never a hardware result) read as one curve, and files written from the checker's source for what the
// fixture does not show. Expected values worked out by hand from the files and the checker's formulas
// (endpoints-submission-cli point_summary.py / point_result.py / system_power.py), never by the code under test.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sharedPath } from "@/lib/shared-data";
import { type CurveInput, CurveRejected, clientLocationOf, readCurve, statusFromDeclared } from "./curve";
import { provisionedPower } from "./system-power";

const SYS = sharedPath("endpoints", "test_submissions", "sub_a", "results", "sys_mi355x_8gpu");
const MODEL = path.join(SYS, "gpt-oss-120b");

function fixtureInput(edit?: (name: string, text: string) => string): CurveInput {
  const points = fs
    .readdirSync(MODEL)
    .filter((d) => /^r\d+$/.test(d))
    .map((d) => {
      const files: CurveInput["points"][number]["files"] = {};
      for (const f of fs.readdirSync(path.join(MODEL, d))) {
        const p = path.join(MODEL, d, f);
        const text = fs.readFileSync(p, "utf8");
        files[f] = { path: p, text: edit ? edit(`${d}/${f}`, text) : text };
      }
      return { concurrency: Number(d.slice(1)), files };
    });
  const sp = path.join(SYS, "system_power.json");
  return {
    layout: "v1.0",
    source: MODEL,
    system: "sys_mi355x_8gpu",
    model: "gpt-oss-120b",
    org: null,
    synthetic: true,
    systemPower: { path: sp, text: fs.readFileSync(sp, "utf8") },
    points,
    sourceUrl: null,
  };
}

describe("the shared fixture curve (synthetic)", () => {
  const c = readCurve(fixtureInput());

  it("is one curve of seven points sorted by concurrency, r2048 the elected Offline point", () => {
    expect(c.points.map((p) => p.concurrency)).toEqual([4, 16, 64, 128, 512, 1024, 2048]);
    expect(c.points.filter((p) => p.offline).map((p) => [p.concurrency, p.offlineKind])).toEqual([[2048, "elected"]]);
    expect(c.synthetic).toBe(true);
    expect(c.layout).toBe("v1.0");
  });

  // system_tps = int(output_sequence_lengths.total) / (duration_ns / 1e9), by hand from each result_summary.json
  it.each([
    [4, 22427551, 28913.949735508, 775.6654],
    [16, 22387661, 11856.610466381, 1888.2008],
    [64, 22246057, 5163.749763587001, 4308.1207],
    [128, 22407098, 3940.004920032, 5687.0736],
    [512, 22315593, 2427.693763211, 9192.0955],
    [1024, 22417180, 2302.757311892, 9734.9295],
    [2048, 22387231, 2294.2463236089993, 9757.9893],
  ])("r%i: %i tokens over %f s = %f tokens/s", (n, tokens, seconds, tps) => {
    const p = c.points.find((x) => x.concurrency === n);
    expect(p?.outputTokens).toBe(tokens);
    expect(p?.durationS).toBeCloseTo(seconds, 6);
    expect(p?.systemTps).toBeCloseTo(tps, 3);
    // 8 MI355X in one node: per accelerator = system_tps / 8
    expect(p?.perAccelerator).toBeCloseTo(tps / 8, 3);
  });

  it('tps_per_user = 1000 / tpot_p90_ms: tpot P90 5,500,000 ns = 5.5 ms → 181.8182; TTFT P90 from the "90" key', () => {
    const r4 = c.points[0];
    expect(r4?.tpotP90Ms).toBe(5.5);
    expect(r4?.tpsPerUser).toBeCloseTo(181.8182, 4);
    expect(r4?.ttftP90Ms).toBeCloseTo(163.215286, 6); // 163215286 ns
    expect(c.points[4]?.ttftP90Ms).toBeCloseTo(8699.0803099, 6); // r512: 8699080309.900002 ns
  });

  it("r64 reports no TPOT P90 and no TTFT P90: kept with the checker's error, no per-user figure", () => {
    const r64 = c.points[2];
    expect(r64?.tpsPerUser).toBeNull();
    expect(r64?.ttftP90Ms).toBeNull();
    expect(r64?.failedChecks[0]).toMatch(/No TPOT P90/);
    expect(c.points.filter((p) => p.failedChecks.length > 0)).toHaveLength(1);
  });

  it("division, availability, accelerators, engine, cohort and status from the files", () => {
    expect(c.submitter).toBe("Submitter-A");
    expect(c.system).toBe("sys_mi355x_8gpu");
    expect(c.division).toBe("Standardized");
    expect(c.clientLocation).toBeNull(); // point.yaml states no client location
    expect(c.availability).toBe("Available");
    expect(c.accelerator).toBe("AMD Instinct MI355X");
    expect([c.nodes, c.acceleratorsPerNode, c.totalAccelerators]).toEqual([1, 8, 8]);
    expect(c.servingEngine).toBe("vLLM");
    expect(c.precision).toBe("FP16");
    // r4 and r2048 target 2026-10-C1, the others 2026-09-C0: the curve is as of its newest cohort
    expect(c.cohort).toBe("2026-10-C1");
    expect(c.points.map((p) => p.cohort)).toEqual([
      "2026-10-C1",
      "2026-09-C0",
      "2026-09-C0",
      "2026-09-C0",
      "2026-09-C0",
      "2026-09-C0",
      "2026-10-C1",
    ]);
    expect(c.status).toBe("peer-review-pending");
  });

  it("provisioned power: 1 node × (2 × 350 + 8 × 700 + 1 × 3500) W = 9800 W, air-cooled × 1.5 = 14,700 W", () => {
    expect(c.provisionedPowerW).toBe(14700);
    // system_tps_per_kw (provisioned) for r4: 775.6654 / 14.7
    expect(c.points[0]?.systemTpsPerKwProvisioned).toBeCloseTo(52.7664, 3);
  });

  it("the id is stable and names the series and the cohort", () => {
    expect(readCurve(fixtureInput()).id).toBe(c.id);
    expect(c.id).toMatch(/^[0-9a-f]{16}$/);
    expect(c.seriesId).not.toBe(c.id);
  });
});

describe("refusals, as the checker refuses (files written from point_result.py)", () => {
  it("a stored system_tps more than 1 % off the derived value names the file and the field", () => {
    // r4 derives 775.6654; 785 is 1.20 % above it
    const bad = fixtureInput((n, t) =>
      n === "r4/result_summary.json" ? t.replace('"system_tps": 775.6654', '"system_tps": 785') : t,
    );
    try {
      readCurve(bad);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(CurveRejected);
      const err = (e as CurveRejected).errors[0];
      expect(err?.source).toMatch(/r4\/result_summary\.json$/);
      expect(err?.field).toBe("system_tps");
      expect(err?.message).toMatch(/1\.20 %/);
    }
  });

  it("within 1 % passes: 781 is 0.69 % above 775.6654", () => {
    const ok = fixtureInput((n, t) =>
      n === "r4/result_summary.json" ? t.replace('"system_tps": 775.6654', '"system_tps": 781') : t,
    );
    expect(readCurve(ok).points[0]?.systemTps).toBeCloseTo(775.6654, 3);
  });

  it("a stored tps_per_user off by more than 1 % (185 against 181.8182: 1.75 %)", () => {
    const bad = fixtureInput((n, t) =>
      n === "r16/result_summary.json" ? t.replace('"tps_per_user": 181.8182', '"tps_per_user": 185') : t,
    );
    expect(() => readCurve(bad)).toThrow(/tps_per_user .*1\.75 %/);
  });

  it('string percentile keys "90.0" are the same percentile as "90" (the real client writes "90.0")', () => {
    const f = fixtureInput((n, t) => (n === "r4/result_summary.json" ? t.replace(/"90":/g, '"90.0":') : t));
    expect(readCurve(f).points[0]?.tpsPerUser).toBeCloseTo(181.8182, 4);
  });

  it("completed + failed must equal issued", () => {
    const bad = fixtureInput((n, t) =>
      n === "r128/result_summary.json" ? t.replace('"n_samples_failed": 0', '"n_samples_failed": 3') : t,
    );
    expect(() => readCurve(bad)).toThrow(/6399 ≠ issued \(6396\)/);
  });

  it("a folder r32 whose point.yaml says another concurrency", () => {
    const bad = fixtureInput((n, t) =>
      n === "r16/point.yaml" ? t.replace("concurrency: 16\n", "concurrency: 32\n") : t,
    );
    expect(() => readCurve(bad)).toThrow(/concurrency 32 differs from the folder name r16/);
  });

  it("points that disagree on the division", () => {
    const bad = fixtureInput((n, t) =>
      n === "r512/point.yaml" ? t.replace("division: Standardized", "division: RDI") : t,
    );
    expect(() => readCurve(bad)).toThrow(/points disagree on the division/);
  });
});

describe("the stated token mix (system_desc.json input_token_average, output_token_average; system.py)", () => {
  const desc = (n: string) => n.endsWith("/system_desc.json");
  it("the fixture states 870.0 input and 128.0 output tokens per sample in every point", () => {
    const c = readCurve(fixtureInput());
    expect([c.inputTokenAverage, c.outputTokenAverage]).toEqual([870, 128]);
  });
  it("a numeric string is read as the checker coerces it (_coerce_tokens_to_float)", () => {
    const f = fixtureInput((n, t) => (desc(n) ? t.replace("870.0,", '"870.0",') : t));
    expect(readCurve(f).inputTokenAverage).toBe(870);
  });
  it.each([
    ["absent", (t: string) => t.replace(/\s*"input_token_average": 870\.0,/, "")],
    ["null", (t: string) => t.replace("870.0,", "null,")],
    ["zero", (t: string) => t.replace("870.0,", "0,")],
    ["negative", (t: string) => t.replace("870.0,", "-5,")],
    ['"inf" (Python float reads it)', (t: string) => t.replace("870.0,", '"inf",')],
  ])("%s → no stated mix (null)", (_, edit) => {
    const c = readCurve(fixtureInput((n, t) => (desc(n) ? edit(t) : t)));
    expect([c.inputTokenAverage, c.outputTokenAverage]).toEqual([null, 128]);
  });
  it("a value that is no number rejects the curve naming file and field", () => {
    const bad = fixtureInput((n, t) => (n === "r16/system_desc.json" ? t.replace("128.0,", "true,") : t));
    expect(() => readCurve(bad)).toThrow(CurveRejected);
    try {
      readCurve(bad);
    } catch (e) {
      expect((e as CurveRejected).errors[0]).toMatchObject({ field: "output_token_average" });
      expect((e as CurveRejected).errors[0]?.source).toMatch(/r16[/\\]system_desc\.json$/);
    }
  });
  it("points that state different mixes reject the curve (one data set per curve)", () => {
    const bad = fixtureInput((n, t) => (n === "r512/system_desc.json" ? t.replace("870.0,", "900,") : t));
    expect(() => readCurve(bad)).toThrow(/900 differs from 870/);
  });
});

describe("statuses and client locations (submission-states.md, divisions-and-scenarios.md)", () => {
  it.each([
    ["REVIEW_PENDING", "peer-review-pending"],
    ["peer review pending", "peer-review-pending"],
    ["FINALIZED", "finalized"],
    ["PUBLISHED", "finalized"],
    ["Invalidated", "invalidated"],
    ["WITHDRAWN", "withdrawn"],
    ["draft", null],
  ])("%s → %s", (raw, want) => expect(statusFromDeclared(raw)).toBe(want));

  it("Serviced is client over network only; RDI does not separate; Standardized as stated", () => {
    expect(clientLocationOf("Serviced", undefined)).toBe("network");
    expect(clientLocationOf("RDI", "CoP")).toBeNull();
    expect(clientLocationOf("Standardized", "CoP")).toBe("on-premises");
    expect(clientLocationOf("Standardized", "CoN")).toBe("network");
    expect(clientLocationOf("Standardized", undefined)).toBeNull();
  });
});

describe("provisioned power (system_power.py compute)", () => {
  it("a declared figure governs, rounded to 10 W (two decimals of kW)", () => {
    expect(
      provisionedPower({
        declared_provisioned_power: { value_kw: 132.456, source_type: "vendor_spec", source: "https://x" },
      }).watts,
    ).toBe(132460);
  });
  it("liquid-cooled component sum takes 30 % overhead: 2 nodes × (8 × 1000) × 1.3 = 20,800 W", () => {
    const doc = {
      cooling: "liquid",
      scale_out: { present: false },
      node_sets: [
        {
          node_set_id: 0,
          nodes_provisioned: 2,
          power_method: "component_sum",
          components: { combined_cpu_accelerator: { value_w: 8000 }, scale_up_network: { method: "none" } },
        },
      ],
    };
    expect(provisionedPower(doc).watts).toBe(20800);
  });
  it("an absent TDP is not estimated: null and the reason", () => {
    const r = provisionedPower({
      cooling: "air",
      node_sets: [
        {
          node_set_id: 0,
          nodes_provisioned: 1,
          power_method: "component_sum",
          components: {
            cpu: { count_per_node: 2 },
            accelerator: { count_per_node: 8, tdp_per_unit: { value_w: 700 } },
            scale_up_network: { method: "none" },
          },
        },
      ],
    });
    expect(r.watts).toBeNull();
    expect(r.note).toMatch(/cpu\.tdp_per_unit is absent.*Appendix D/);
  });
});
