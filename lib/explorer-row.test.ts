// The explorer's rows carry what its cells show and leave the rest on the server (issue 30: the page's React payload).
import { describe, expect, it } from "vitest";
import { toTableRow } from "./columns";
import { llama } from "./context/test-fixtures";
import { EXPLORER_FIELDS, toExplorerRow } from "./explorer-row";

// AMD's 87-accelerator llama2-70b-99 Offline result in the published v6.0 summary: 22 EPYC hosts at two per node
// (its 8-accelerator sibling is 8xMI355X_2xEPYC), so 11 nodes
const r = llama("v6.0", "AMD", "87xMI355X_22xEPYC_9575F", "Offline");

describe("toExplorerRow", () => {
  const full = toTableRow(r, "vLLM");
  const row = toExplorerRow(full);

  it("keeps the facts a row and its card show", () => {
    expect(row.system).toBe(r.system);
    expect(row.value).toBe(r.value);
    expect(row.totalAccelerators).toBe(87);
    expect(row.nodes).toBe(11);
    expect(row.servingEngine).toBe("vLLM");
    // 87 accelerators: the derived figure is the published one over 87, with its arithmetic for the hint
    expect(row.perAccelerator).toBeCloseTo(r.value / 87, 6);
    expect(row.formula).toContain("÷ 87 accelerators");
  });

  it("leaves provenance, software stacks and import stamps on the server", () => {
    for (const k of ["sourceUrl", "location", "resultsFolderUrl", "softwareStack", "importedAt", "measurementKey"])
      expect(Object.keys(row), k).not.toContain(k);
    expect(Object.keys(row).sort()).toEqual([...EXPLORER_FIELDS].sort());
    // what travels in the page's payload: well under the full row
    expect(JSON.stringify(row).length).toBeLessThan(JSON.stringify(full).length * 0.7);
  });

  it("keeps a status date to its day", () => {
    const withdrawn = toExplorerRow({ ...full, status: "withdrawn", statusSince: "2026-11-30T08:15:00.000Z" });
    expect(withdrawn.statusSince).toBe("2026-11-30");
  });
});
