// Hostile cases aimed at the bake-off upload (scripts/make-hostile-corpus.ts): real vLLM runs and the CSV template
// carrying markup, formulas, Latin-1 bytes, NaN/Infinity and 1,000 columns; and the 500 MB file made at test time.
import { csvCell, json, latin1, text, vllmRun } from "./material";
import { FORMULA, type HostileCase, SCRIPT } from "./types";

export function bakeoffCases(): HostileCase[] {
  return [
    {
      file: "vllm-script-in-model.json",
      what: "a real vLLM bench serve JSON with <script> in model_id and a formula in label",
      kind: "committed",
      build: () => json({ ...vllmRun(), model_id: `facebook/${SCRIPT}`, label: FORMULA }),
      cli: { outcome: "rejected", line: null, field: null, message: /entry "date" is not an object/ },
      api: { outcome: "accepted", rows: 1, verbatim: [`facebook/${SCRIPT}`] },
    },
    {
      file: "vllm-latin1.json",
      what: "a real vLLM JSON with a Latin-1 byte (0xE9) in model_id",
      kind: "committed",
      build: () => {
        const [a = "", b = ""] = JSON.stringify({ ...vllmRun(), model_id: "facebook/opt-caf@" }, null, 4).split("@");
        return Buffer.concat([text(a), latin1("\u00e9"), text(b)]);
      },
      cli: { outcome: "rejected", line: 6, field: null, message: /not UTF-8 text: byte 0xE9 on line 6/ },
      api: { outcome: "rejected", line: 6, field: null, message: /not UTF-8 text: byte 0xE9 on line 6/ },
    },
    {
      file: "vllm-nan-infinity.json",
      what: "a real vLLM JSON as Python writes it with NaN and Infinity literals (not strict JSON)",
      kind: "committed",
      build: () =>
        text(
          JSON.stringify({ ...vllmRun(), model_id: "facebook/opt-125m" }, null, 4)
            .replace(/"p99_ttft_ms": [^,\n]+/, '"p99_ttft_ms": NaN')
            .replace(/"output_throughput": [^,\n]+/, '"output_throughput": Infinity')
            .replace(/"mean_tpot_ms": [^,\n]+/, '"mean_tpot_ms": -Infinity'),
        ),
      cli: { outcome: "rejected", line: 19, field: null, message: /invalid JSON at line 19/ },
      // NaN reads as missing; an infinite throughput is no measurement (a run of zero duration)
      api: {
        outcome: "rejected",
        line: 19,
        field: "output_throughput",
        message: /output_throughput: expected a finite number, found Infinity/,
      },
    },
    {
      file: "template-formula.csv",
      what: "the bake-off CSV template with formulas and markup in its model cells",
      kind: "committed",
      build: () =>
        text(
          "model,load_kind,concurrency,num_requests,req_per_s,output_tok_per_s,ttft_p99_ms,tpot_p99_ms\n" +
            `${csvCell(FORMULA)},concurrency,8,100,4.5,900,250,20\n` +
            `${csvCell(`llama ${SCRIPT}`)},concurrency,16,100,8.1,1700,300,25\n`,
        ),
      cli: { outcome: "rejected", line: 1, field: null, message: /not a recognised MLCommons summary/ },
      api: { outcome: "accepted", rows: 2, verbatim: [FORMULA, `llama ${SCRIPT}`] },
    },
    {
      file: "template-bom-crlf.csv",
      what: "the bake-off CSV template saved by Excel: BOM and CRLF (valid)",
      kind: "committed",
      build: () =>
        text(
          "\uFEFFmodel,load_kind,concurrency,num_requests,req_per_s,output_tok_per_s,ttft_p99_ms,tpot_p99_ms\r\n" +
            "llama2-70b,concurrency,8,100,4.5,900,250,20\r\nllama2-70b,concurrency,16,100,8.1,1700,300,25\r\n",
        ),
      cli: { outcome: "rejected", line: 1, field: null, message: /not a recognised MLCommons summary/ },
      api: { outcome: "accepted", rows: 2, verbatim: ["llama2-70b"] },
    },
    {
      file: "template-1000-columns.csv",
      what: "the bake-off CSV template with 992 extra columns (1,000 in all)",
      kind: "committed",
      build: () => {
        const cols = [
          "model",
          "load_kind",
          "concurrency",
          "num_requests",
          "req_per_s",
          "output_tok_per_s",
          "ttft_p99_ms",
          "tpot_p99_ms",
        ];
        const extra = Array.from({ length: 1000 - cols.length }, (_, i) => `x${i + 1}`);
        return text(
          `${[...cols, ...extra].join(",")}\n${["llama2-70b", "concurrency", "8", "100", "4.5", "900", "250", "20", ...extra.map(() => "1")].join(",")}\n`,
        );
      },
      cli: { outcome: "rejected", line: 1, field: null, message: /not a recognised MLCommons summary/ },
      api: { outcome: "accepted", rows: 1, verbatim: ["llama2-70b"] },
    },
    {
      file: "huge-500mb.summary_results.json",
      what:
        "a 500 MB summary_results.json (real rows repeated), generated at test time in the temp dir; the import side " +
        "goes through runImport({maxBytes: 64 MiB}) because the CLI has no --max-bytes flag (its limit is 1 GiB)",
      kind: "test-time",
      build: () => {
        throw new Error("the 500 MB file is streamed to disk by writeHugeFile(), never built in memory");
      },
      cli: { outcome: "rejected", line: null, field: null, message: /bytes; the limit is/ },
      api: { outcome: "rejected", line: null, field: "file", message: /over the .* limit/ },
    },
  ];
}
