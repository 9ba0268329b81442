// One fact reader per serving tool: what its file states about the run's setup (run-facts.ts has the shapes). Each
// tool's entry in the registry (tools.ts) names its reader. Pure; a reader may throw on a file it does not know (the
// caller, lib/campaign/facts.ts fileFacts, then gives empty facts). Keys were read from the tools' writers (see
// ../shared/formats/bakeoff-formats.md, which names the source revision of each) and checked against the real files in
// ../shared/data/bakeoff.
import { isObject, type Obj } from "./common";
import { type Dist, dist, docs, emptyFacts, get, numOf, type RunFacts, str, tail } from "./run-facts";

// Keys vLLM's bench serve writer itself sets (vllm/benchmarks/serve.py, per ../shared/formats/bakeoff-formats.md §a);
// any other top-level scalar is a sweep parameter or --metadata pair.
const VLLM_KEYS = new Set(
  "date endpoint_type backend label model_id tokenizer_id num_prompts request_rate burstiness max_concurrency duration completed failed total_input_tokens total_output_tokens request_throughput request_goodput request_goodput: output_throughput total_token_throughput max_output_tokens_per_s max_concurrent_requests rtfx run_number best_of benchmark_start_time_unix benchmark_end_time_unix ramp_up_strategy ramp_up_start_rps ramp_up_end_rps dataset_name random_input_len random_output_len num_warmups".split(
    " ",
  ),
);

export function vllmFacts(text: string): RunFacts[] {
  return docs(text)
    .filter(isObject)
    .map((o) => {
      const f = emptyFacts();
      // a record that names its serving engine (`framework`, as InferenceMAX's fork of the client writes it) is read
      // first; `backend` is the client's request format (openai, vllm, …); endpoint_type names the server when "vllm"
      const framework = str(o.framework);
      const endpoint = str(o.endpoint_type) ?? str(o.backend);
      if (framework) {
        f.engine = framework;
        f.sources.push("engine: framework");
      } else if (endpoint === "vllm") {
        f.engine = "vllm";
        f.sources.push('engine: endpoint_type/backend "vllm"');
      }
      const ds = str(o.dataset_name);
      if (ds) {
        const lens = [numOf(o.random_input_len), numOf(o.random_output_len)];
        f.dataset = ds === "random" && lens[0] !== null ? `random ${lens[0]}/${lens[1] ?? "?"}` : ds;
        f.islConfigured = ds === "random" ? (lens[0] ?? null) : null;
        f.oslConfigured = ds === "random" ? (lens[1] ?? null) : null;
        f.sources.push("dataset: dataset_name");
      }
      f.tokenizer = tail(str(o.tokenizer_id));
      const tp = numOf(o.tp) ?? numOf(o.tensor_parallel_size);
      if (tp !== null) f.sources.push(`tensor parallel ${tp} (metadata)`);
      const p = str(o.precision) ?? str(o.dtype) ?? str(o.quantization);
      if (p) {
        f.precision = p;
        f.sources.push("precision: --metadata precision/dtype/quantization");
      }
      const extra = Object.entries(o)
        .filter(
          ([k, v]) =>
            !VLLM_KEYS.has(k) &&
            !/^(mean|median|std|p\d[\d.]*)_/.test(k) &&
            (typeof v === "number" || typeof v === "string"),
        )
        .map(([k, v]) => `${k}=${v}`);
      if (extra.length) {
        f.setup = extra.join(", ");
        f.sources.push("setup: top-level keys vLLM's writer does not use (sweep parameters, --metadata)");
      }
      f.warmup = numOf(o.num_warmups) !== null ? `${numOf(o.num_warmups)} warm-up requests` : null;
      return f;
    });
}

export function sglangFacts(text: string): RunFacts[] {
  return docs(text)
    .filter(isObject)
    .map((o) => {
      const f = emptyFacts();
      const backend = str(o.backend);
      if (backend) {
        f.engine = backend;
        f.sources.push("engine: backend");
      }
      const ds = str(o.dataset_name);
      const inLen = numOf(o.random_input_len);
      const outLen = numOf(o.random_output_len);
      const ratio = numOf(o.random_range_ratio);
      if (ds === "random") {
        f.dataset = `random ${inLen ?? "?"}/${outLen ?? "?"}${ratio !== null ? ` (range ratio ${ratio})` : ""}`;
        f.islConfigured = inLen;
        f.oslConfigured = outLen;
      } else if (ds) {
        const cap = numOf(o.sharegpt_output_len);
        f.dataset = cap !== null ? `${ds} (output capped at ${cap})` : ds;
      }
      if (ds) f.sources.push("dataset: dataset_name, random_input_len, random_output_len, random_range_ratio");
      const done = numOf(o.completed);
      const inTot = numOf(o.total_input_tokens) ?? numOf(o.total_input);
      const outTot = numOf(o.total_output_tokens) ?? numOf(o.total_output);
      if (done && inTot !== null) f.isl = dist({ mean: inTot / done });
      if (done && outTot !== null) f.osl = dist({ mean: outTot / done });
      return f;
    });
}

export function genaiPerfFacts(text: string): RunFacts[] {
  const o = docs(text)[0];
  if (!isObject(o)) return [emptyFacts()];
  const f = emptyFacts();
  const ic = isObject(o.input_config) ? o.input_config : {};
  // --backend names the Triton backend only with service_kind "triton"; for an OpenAI endpoint it is an unused default
  const backend = str(ic.backend);
  if (backend && str(ic.service_kind) === "triton") {
    f.engine = backend;
    f.sources.push("engine: input_config.backend (service_kind triton)");
  }
  const source = str(ic.prompt_source) ?? (ic.input_dataset ? "dataset" : null);
  const inMean = numOf(ic.synthetic_input_tokens_mean);
  const inStd = numOf(ic.synthetic_input_tokens_stddev);
  const outMean = numOf(ic.output_tokens_mean);
  if (source === "synthetic" || inMean !== null) {
    f.dataset = `synthetic ${inMean ?? "?"}±${inStd ?? "?"} → ${outMean ?? "?"}`;
    f.islConfigured = inMean;
    f.oslConfigured = outMean;
    f.sources.push("dataset: input_config.prompt_source, synthetic_input_tokens_mean/stddev, output_tokens_mean");
  } else if (str(ic.input_dataset)) f.dataset = str(ic.input_dataset);
  f.tokenizer = tail(str(ic.tokenizer));
  const warm = numOf(ic.warmup_request_count);
  if (warm !== null) f.warmup = `${warm} warm-up requests`;
  const d = (m: unknown) =>
    isObject(m)
      ? dist({
          mean: numOf(m.avg),
          std: numOf(m.std),
          min: numOf(m.min),
          p50: numOf(m.p50),
          p90: numOf(m.p90),
          p99: numOf(m.p99),
          max: numOf(m.max),
        })
      : null;
  f.isl = d(o.input_sequence_length);
  f.osl = d(o.output_sequence_length);
  return [f];
}

function guidellmStats(m: unknown): Dist | null {
  const s = get(m, "successful");
  if (!isObject(s)) return null;
  const p = isObject(s.percentiles) ? s.percentiles : {};
  return dist({
    mean: numOf(s.mean),
    std: numOf(s.std_dev),
    min: numOf(s.min),
    p50: numOf(p.p50) ?? numOf(s.median),
    p90: numOf(p.p90),
    p99: numOf(p.p99),
    max: numOf(s.max),
  });
}

function warmupText(w: unknown): string | null {
  if (!isObject(w)) return null;
  const pct = numOf(w.percent);
  const val = numOf(w.value);
  if (pct === null && val === null) return "none (warm-up not set)";
  return pct !== null ? `${pct * (pct <= 1 ? 100 : 1)}% of the run` : `${val} (${str(w.mode) ?? "count or seconds"})`;
}

export function guidellmFacts(text: string): RunFacts[] {
  const root = docs(text)[0];
  const list = get(root, "benchmarks");
  if (!Array.isArray(list)) return [];
  const reportData = get(root, "config", "spec", "data", 0);
  return list.map((b) => {
    const f = emptyFacts();
    f.engine = null; // guidellm names only its HTTP backend (openai_http), not the server
    const data = get(b, "request_loader", "data") ?? reportData ?? get(b, "config", "requests", "data");
    if (typeof data === "string") f.dataset = data;
    else if (isObject(data)) {
      const pt = numOf(data.prompt_tokens);
      const ot = numOf(data.output_tokens);
      const sd = numOf(data.prompt_tokens_stdev);
      f.dataset = `${str(data.kind) ?? "data"} ${pt ?? "?"}${sd !== null ? `±${sd}` : ""} → ${ot ?? "?"}`;
      f.islConfigured = pt;
      f.oslConfigured = ot;
    }
    if (typeof data === "string") {
      const m = /prompt_tokens=(\d+)/.exec(data);
      const n = /output_tokens=(\d+)/.exec(data);
      f.islConfigured = m ? Number(m[1]) : null;
      f.oslConfigured = n ? Number(n[1]) : null;
    }
    if (f.dataset) f.sources.push("dataset: request_loader.data / config.spec.data");
    const args = get(b, "args");
    if (isObject(args)) {
      const wn = numOf(args.warmup_number);
      const wd = numOf(args.warmup_duration);
      f.warmup = wn !== null ? `${wn} warm-up requests` : wd !== null ? `${wd} s warm-up` : "none (warm-up not set)";
    } else f.warmup = warmupText(get(b, "config", "warmup"));
    f.tokenizer = tail(str(get(root, "config", "spec", "tokenizer", "model")));
    f.isl = guidellmStats(get(b, "metrics", "prompt_token_count"));
    f.osl = guidellmStats(get(b, "metrics", "output_token_count"));
    return f;
  });
}

function inferencemaxRow(o: Obj): RunFacts {
  const f = emptyFacts();
  const fw = str(o.framework);
  if (fw) {
    f.engine = fw;
    f.sources.push("engine: framework");
  }
  const image = str(o.image);
  const v = image ? /:v?(\d+(?:\.\d+)+)/.exec(image) : null;
  if (v?.[1]) {
    f.engineVersion = v[1];
    f.sources.push("engine version: image tag");
  }
  const prec = str(o.precision);
  if (prec) {
    f.precision = prec;
    f.sources.push("precision: precision");
  }
  const hw = str(o.hw);
  if (hw) {
    f.acceleratorType = hw.toUpperCase();
    f.sources.push("accelerator: hw");
  }
  const isl = numOf(o.isl);
  const osl = numOf(o.osl);
  const scenario = str(o.scenario_type);
  f.dataset = scenario ?? (isl !== null ? `random ${isl}/${osl ?? "?"}` : null);
  f.islConfigured = isl;
  f.oslConfigured = osl;
  if (f.dataset) f.sources.push(scenario ? "dataset: scenario_type" : "dataset: isl, osl");
  return f;
}

export function inferencemaxFacts(text: string): RunFacts[] {
  const root = docs(text)[0];
  if (Array.isArray(root)) return root.filter(isObject).map(inferencemaxRow);
  if (isObject(root) && ("hw" in root || "framework" in root || "isl" in root)) return [inferencemaxRow(root)];
  // the fork's raw benchmark_serving output: a vLLM-shaped file
  return vllmFacts(text);
}

export function llmperfFacts(text: string): RunFacts[] {
  const o = docs(text)[0];
  const f = emptyFacts();
  if (!isObject(o)) return [f];
  const mi = numOf(o.mean_input_tokens);
  const si = numOf(o.stddev_input_tokens);
  const mo = numOf(o.mean_output_tokens);
  const so = numOf(o.stddev_output_tokens);
  if (mi !== null) {
    f.dataset = `random ${mi}±${si ?? "?"} → ${mo ?? "?"}±${so ?? "?"}`;
    f.islConfigured = mi;
    f.oslConfigured = mo;
    f.sources.push("dataset: mean/stddev_input_tokens, mean/stddev_output_tokens");
  }
  const d = (k: string) =>
    dist({
      mean: numOf(o[`results_${k}_mean`]),
      std: numOf(o[`results_${k}_stddev`]),
      min: numOf(o[`results_${k}_min`]),
      p50: numOf(o[`results_${k}_quantiles_p50`]),
      p90: numOf(o[`results_${k}_quantiles_p90`]),
      p99: numOf(o[`results_${k}_quantiles_p99`]),
      max: numOf(o[`results_${k}_max`]),
    });
  f.isl = d("number_input_tokens");
  f.osl = d("number_output_tokens");
  return [f];
}

/** MLPerf LoadGen: the dataset is the benchmark's own (the run is of an MLPerf benchmark); warm-up is LoadGen's. */
export function loadgenFacts(text: string): RunFacts[] {
  const f = emptyFacts();
  const m = /min_duration \(ms\)\s*:\s*(\d+)/.exec(text);
  f.warmup = m
    ? `none counted by LoadGen (every query of the ${Number(m[1]) / 1000} s minimum run is measured)`
    : "none counted by LoadGen";
  f.dataset = "the MLPerf benchmark's own dataset";
  f.sources.push("dataset: MLPerf benchmark (LoadGen runs the benchmark's dataset)");
  return [f];
}
