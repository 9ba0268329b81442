// Provisioned power of an Endpoints system from its system_power.json, the arithmetic of the rules' §4.5.2 /
// Appendix E.5 as the checker does it (mlcommons/endpoints-submission-cli
// src/submission_checker/models/file/system_power.py, SystemPower.compute):
//
//   System Power = Major + Other + Published + Scale-out switches
//   Major        = Σ component_sum sets: nodes × (CPU + accelerator + scale-up) (+ counted scale-out NICs)
//   Other        = overhead × Major   (0.30 liquid-cooled, 0.50 air-cooled)
//   Published    = Σ published_system sets: nodes × published node power; node_scaling: P_rack × (Y / N)
//   a declared_provisioned_power governs when present; the kW figure is rounded to two decimals.
//
// This is PROVISIONED power (what the system is built to draw, constant across the curve, §4.5.3), never a
// measurement: every figure derived from it is labelled "provisioned". Where a value is absent the checker falls
// back on MLCommons' Appendix D defaults and tags the result "MLC Estimated Power"; we do not estimate, the figure
// is then null with the reason. Pure.

export interface ProvisionedPower {
  watts: number | null;
  /** Why watts is null, or how it was reached ("declared", "component sum (air-cooled, +50 %)"). */
  note: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** A sourced value (E.1) in watts: value_w, or value_kw × 1000; null when absent or an energy figure. */
function watts(v: unknown): number | null {
  if (!isObj(v)) return null;
  const w = num(v.value_w);
  if (w !== null) return w;
  const kw = num(v.value_kw);
  return kw === null ? null : kw * 1000;
}

const OVERHEAD: Record<string, number> = { liquid: 0.3, air: 0.5 };

class Gap extends Error {}

function need(v: number | null, what: string): number {
  if (v === null)
    throw new Gap(
      `${what} is absent; MLCommons fills it from the rules' Appendix D ("MLC Estimated Power"), which is not estimated here`,
    );
  return v;
}

function scaleUpW(up: unknown, label: string): number {
  if (!isObj(up)) throw new Gap(`${label}.scale_up_network is missing`);
  if (up.method === "none") return 0;
  if (up.method === "declared_tdp")
    return (
      need(num(up.switch_count), `${label}.scale_up_network.switch_count`) *
      need(watts(up.tdp_per_switch), `${label}.scale_up_network.tdp_per_switch`)
    );
  if (up.method === "bandwidth_estimate") {
    // the checker reads the aggregate as TB/s: 14.4 TB/s × 8 bit/B × 5 pJ/bit = 576 W (rules C.8, C.9, E.6.2)
    const pj = isObj(up.energy_per_bit_pj) ? num(up.energy_per_bit_pj.value_pj) : null;
    return (
      need(num(up.aggregate_bandwidth_tbps), `${label}.scale_up_network.aggregate_bandwidth_tbps`) *
      8 *
      need(pj, `${label}.scale_up_network.energy_per_bit_pj`)
    );
  }
  throw new Gap(`${label}.scale_up_network.method ${JSON.stringify(up.method)} is not one the rules define`);
}

function perNodeW(c: unknown, label: string): number {
  if (!isObj(c)) throw new Gap(`${label}: component_sum requires components`);
  let w = 0;
  const combined = watts(c.combined_cpu_accelerator);
  if (combined !== null) w += combined;
  else {
    const cpu = isObj(c.cpu) ? c.cpu : null;
    const acc = isObj(c.accelerator) ? c.accelerator : null;
    if (!cpu || !acc) throw new Gap(`${label}: needs cpu and accelerator, or combined_cpu_accelerator`);
    w +=
      need(num(cpu.count_per_node), `${label}.cpu.count_per_node`) *
      need(watts(cpu.tdp_per_unit), `${label}.cpu.tdp_per_unit`);
    w +=
      need(num(acc.count_per_node), `${label}.accelerator.count_per_node`) *
      need(watts(acc.tdp_per_unit), `${label}.accelerator.tdp_per_unit`);
  }
  return w + scaleUpW(c.scale_up_network, label);
}

/** The system's provisioned power in watts (rounded as the checker rounds its kW figure), or null and why. */
export function provisionedPower(doc: unknown): ProvisionedPower {
  if (!isObj(doc)) return { watts: null, note: "system_power.json is not an object" };
  const declared = watts(doc.declared_provisioned_power);
  if (declared !== null) return { watts: Math.round(declared / 10) * 10, note: "declared provisioned power" };
  const cooling = typeof doc.cooling === "string" ? doc.cooling : "";
  const overhead = OVERHEAD[cooling];
  if (overhead === undefined)
    return { watts: null, note: `cooling ${JSON.stringify(doc.cooling)} is not liquid or air` };
  const sets = Array.isArray(doc.node_sets) ? doc.node_sets : [];
  if (sets.length === 0) return { watts: null, note: "node_sets is empty" };
  try {
    let major = 0;
    let published = 0;
    let formula = false;
    for (const s of sets) {
      if (!isObj(s)) throw new Gap("a node set is not an object");
      const label = `node_sets[${String(s.node_set_id)}]`;
      const y = need(num(s.nodes_provisioned), `${label}.nodes_provisioned`);
      if (s.power_method === "component_sum") {
        formula = true;
        major += y * perNodeW(s.components, `${label}.components`);
      } else if (s.power_method === "published_system") {
        published += y * need(watts(s.published_power), `${label}.published_power`);
      } else if (s.power_method === "node_scaling") {
        const n = need(num(s.nodes_in_published_rack), `${label}.nodes_in_published_rack`);
        published += need(watts(s.published_power), `${label}.published_power`) * (y / n);
      } else throw new Gap(`${label}.power_method ${JSON.stringify(s.power_method)} is not one the rules define`);
    }
    let switches = 0;
    const so = isObj(doc.scale_out) ? doc.scale_out : { present: false };
    if (so.present === true) {
      const nics = isObj(so.nics) ? so.nics : null;
      if (nics?.counted === true && formula) {
        const nodes = sets.reduce(
          (t: number, s) => t + (isObj(s) && s.power_method === "component_sum" ? (num(s.nodes_provisioned) ?? 0) : 0),
          0,
        );
        major +=
          nodes *
          need(num(nics.count_per_node), "scale_out.nics.count_per_node") *
          need(watts(nics.tdp_per_nic), "scale_out.nics.tdp_per_nic");
      }
      for (const [i, sw] of (Array.isArray(so.switches) ? so.switches : []).entries()) {
        if (!isObj(sw)) continue;
        switches +=
          need(num(sw.count), `scale_out.switches[${i}].count`) *
          need(watts(sw.power_per_switch), `scale_out.switches[${i}].power_per_switch`);
      }
    }
    const total = major * (1 + overhead) + published + switches;
    return {
      watts: Math.round(total / 10) * 10,
      note: `${cooling}-cooled: components ${formula ? `× ${1 + overhead} (overhead ${overhead * 100} %)` : "as published"}${switches ? " + scale-out switches" : ""}`,
    };
  } catch (e) {
    if (e instanceof Gap) return { watts: null, note: e.message };
    throw e;
  }
}
