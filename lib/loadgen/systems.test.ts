import { describe, expect, it } from "vitest";
import { findSystemJsons, readText } from "./real-logs.testkit";
import { parseSystemJson } from "./systems";

const files = findSystemJsons();
const load = (id: string) => {
  const f = files.find((x) => x.id === id);
  if (!f) throw new Error(`missing systems JSON ${id}`);
  return parseSystemJson(readText(f.file), f.file);
};

/** [nodes, accelerators per node, host CPUs per node, core count] as each real file states them. */
const COUNTS: Record<string, [number, number, number, string]> = {
  "v4.1/AMD/8xMI300X_2xEPYC-9374F": [1, 8, 2, "32"],
  "v4.1/NVIDIA/H200-SXM-141GBx8_TRT": [1, 8, 2, "56"],
  "v5.1/AMD/8xMI325X_2xEPYC_9575F_1": [1, 8, 2, "64"],
  "v5.1/AMD/8xMI325X_2xEPYC_9575F_2": [1, 8, 2, "64"],
  "v5.1/MangoBoost/32xMI300X_2xEPYC_9534_16xMI325X_2xEPYC_9655": [6, 8, 2, "64(AMD EPYC 9534) and 96(AMD EPYC 9655)"],
  "v5.1/NVIDIA/B200-SXM-180GBx8_TRT": [1, 8, 2, "56"],
  "v6.0/AMD/87xMI355X_22xEPYC_9575F": [11, 8, 8, "64"],
  "v6.0/AMD/8xMI355X_2xEPYC_9575F": [1, 8, 8, "64"],
  "v6.0/AMD/94xMI355X_24xEPYC_9575F": [12, 8, 8, "64"],
  "v6.0/NVIDIA/B300-SXM-270GBx8_TRT": [1, 8, 2, "56"],
  "v6.0/NVIDIA/GB200-NVL72_GB200-186GB_aarch64x72_TRT": [18, 4, 2, "144"],
  "v6.0/NVIDIA/GB300-NVL72_GB300-288GB_aarch64x288_TRT": [72, 4, 2, "144"],
};

describe("real systems JSONs", () => {
  it("finds the 12 files", () => {
    expect(files.map((f) => f.id).sort()).toEqual(Object.keys(COUNTS).sort());
  });

  it.each(files.map((f) => [f.id] as const))("%s parses with numeric counts", (id) => {
    const { system, errors } = load(id);
    const [nodes, perNode, cpus, cores] = COUNTS[id] ?? [];
    expect(errors).toEqual([]);
    expect(system?.submitter).toBe(id.split("/")[1]);
    expect(system?.nodes).toBe(nodes);
    expect(system?.acceleratorsPerNode).toBe(perNode);
    expect(system?.hostProcessorsPerNode).toBe(cpus);
    expect(system?.hostProcessorCoreCount).toBe(cores);
    expect(system?.division).toBe("closed");
    expect(system?.status).toBe("available");
    expect(system?.systemType).toBe("datacenter");
    expect(system?.softwareStack.length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(system?.raw ?? {})).toHaveLength(49);
  });

  it('AMD v6.0 87x: string counts "11" and "8" become numbers, "(x87)" comes off the accelerator', () => {
    const { system } = load("v6.0/AMD/87xMI355X_22xEPYC_9575F");
    expect(system?.raw.number_of_nodes).toBe("11");
    expect(system?.raw.accelerators_per_node).toBe("8");
    expect(system?.nodes).toBe(11);
    expect(system?.acceleratorsPerNode).toBe(8);
    expect(system?.accelerator).toBe("AMD Instinct MI355X 288GB HBM3e");
    expect(system?.acceleratorRaw).toBe("AMD Instinct MI355X 288GB HBM3e (x87)");
    expect(system?.heterogeneous).toBe(false);
    expect(system?.framework).toBe("PyTorch 2.9.1+git8907517, ROCm 7.0.0");
    expect(system?.softwareStack).toContainEqual({ name: "PyTorch", version: "2.9.1+git8907517" });
    expect(system?.softwareStack).toContainEqual({ name: "ROCm", version: "7.0.0" });
    expect(system?.softwareStack).toContainEqual({ name: "hipblaslt", version: "1.0.0.70000-38~22.04" });
  });

  it("MangoBoost's mixed cluster is heterogeneous and keeps its core-count text", () => {
    const { system } = load("v5.1/MangoBoost/32xMI300X_2xEPYC_9534_16xMI325X_2xEPYC_9655");
    expect(system?.heterogeneous).toBe(true);
    expect(system?.accelerator).toBe("AMD Instinct MI300X 192GB HBM3, AMD Instinct MI325X 256GB HBM3e");
    expect(system?.softwareStack).toContainEqual({ name: "ROCm", version: "6.12.12" });
  });

  it("NVIDIA: int counts pass through and components listed in both fields appear once", () => {
    const { system } = load("v6.0/NVIDIA/GB200-NVL72_GB200-186GB_aarch64x72_TRT");
    expect(system?.raw.number_of_nodes).toBe(18);
    expect(system?.softwareStack.filter((c) => c.name === "TensorRT")).toEqual([
      { name: "TensorRT", version: "10.14" },
    ]);
    expect(system?.softwareStack).toContainEqual({ name: "Driver", version: "580.126" });
    expect(system?.softwareStack).toHaveLength(7);
  });
});

describe("systems JSON edge cases", () => {
  const base = { submitter: "X", system_name: "Box" };
  const parse = (o: Record<string, unknown>) => parseSystemJson(JSON.stringify({ ...base, ...o }), "s.json");

  it.each([
    ["11", 11],
    [11, 11],
    [8.0, 8],
    ["8.0", 8],
    ["", null],
    ["N/A", null],
    [null, null],
  ])("number_of_nodes %j → %j without error", (value, want) => {
    const { system, errors } = parse({ number_of_nodes: value });
    expect(errors).toEqual([]);
    expect(system?.nodes).toBe(want);
  });

  it("a count that is not a number is an error naming the field", () => {
    const { system, errors } = parse({ number_of_nodes: "eleven", accelerators_per_node: 8.5 });
    expect(system?.nodes).toBeNull();
    expect(system?.acceleratorsPerNode).toBeNull();
    expect(errors).toEqual([
      { source: "s.json", line: null, field: "accelerators_per_node", message: "expected a whole count, got 8.5" },
      { source: "s.json", line: null, field: "number_of_nodes", message: 'expected a whole count, got "eleven"' },
    ]);
  });

  it("float core counts lose the .0; empty text fields are null", () => {
    const { system } = parse({ host_processor_core_count: 64.0, operating_system: "", framework: "N/A" });
    expect(system?.hostProcessorCoreCount).toBe("64");
    expect(system?.operatingSystem).toBeNull();
    expect(system?.framework).toBeNull();
    expect(system?.softwareStack).toEqual([]);
  });

  it("bidi overrides and control characters a hostile file carries are dropped from every name (issue 26)", () => {
    // the real AMD v6.0 8xMI355X systems JSON, its names laced as a hostile upload would lace them
    const RLO = "\u202E";
    const hostile = readText(files.find((f) => f.id === "v6.0/AMD/8xMI355X_2xEPYC_9575F")?.file ?? "")
      .replace('"submitter": "AMD"', `"submitter": "A${RLO}MD"`)
      .replace('"system_name": "smci355', `"system_name": "${RLO}\\u2066smci355`)
      .replace('"accelerator_model_name": "AMD', `"accelerator_model_name": "\\u0007AMD${RLO}`)
      .replace('"framework": "PyTorch', `"framework": "Py\\u200FTorch`)
      .replace('"operating_system": "Ubuntu', `"operating_system": "${RLO}Ubuntu`);
    expect(hostile.split(RLO)).toHaveLength(5);
    const { system, errors } = parseSystemJson(hostile, "systems/8xMI355X_2xEPYC_9575F.json");
    expect(errors).toEqual([]);
    // expected values: the file's own text (read by hand), unchanged but for the dropped characters
    expect(system?.submitter).toBe("AMD");
    expect(system?.systemName).toBe("smci355-ccs-aus-m09-17 (AS -4126GS-NMR-LCC)");
    expect(system?.accelerator).toBe("AMD Instinct MI355X 288GB HBM3e");
    expect(system?.framework).toBe("PyTorch 2.9.1+git8907517, ROCm 7.0.0");
    expect(system?.softwareStack.map((c) => c.name)).toContain("PyTorch");
    expect(system?.operatingSystem).toBe("Ubuntu 22.04.5 LTS");
  });

  it("missing submitter or system name is reported", () => {
    const { errors } = parseSystemJson("{}", "empty-object.json");
    expect(errors.map((e) => e.field)).toEqual(["submitter", "system_name"]);
  });

  it("broken JSON gives the line of the problem; other shapes are rejected", () => {
    const broken = parseSystemJson('{\n  "submitter": "AMD",\n  "system_name": oops\n}', "b.json");
    expect(broken.system).toBeNull();
    expect(broken.errors[0]?.line).toBe(3);
    expect(broken.errors[0]?.message).toMatch(/^invalid JSON/);
    expect(parseSystemJson("[1]", "a.json").errors[0]?.message).toBe("expected a JSON object");
    expect(parseSystemJson(" ", "e.json")).toEqual({
      system: null,
      errors: [{ source: "e.json", line: null, field: null, message: "empty systems JSON" }],
    });
  });
});
