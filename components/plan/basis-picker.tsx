"use client";
// A small search over published results (GET /api/results) to add a basis, plus a box for a bake-off upload id.
import { useEffect, useState } from "react";
import { UPLOAD_ID } from "@/lib/id-patterns";

interface Row {
  id: string;
  round: string;
  submitter: string;
  system: string;
  platform: string;
  model: string;
  scenario: string;
  value: number;
  units: string;
  totalAccelerators: number | null;
  accelerator: string | null;
}

const SCENARIOS = [
  { value: "Offline,Server,Interactive", label: "Offline, Server or Interactive" },
  { value: "Server", label: "Server" },
  { value: "Interactive", label: "Interactive" },
  { value: "Offline", label: "Offline" },
];
const CONTROL =
  "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600 dark:border-slate-600 dark:bg-slate-900";
const num = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

type Status = { kind: "idle" | "loading" } | { kind: "error"; message: string };

export function BasisPicker({
  initialModel = "",
  chosen,
  full,
  onAdd,
  onAddBakeoff,
}: {
  initialModel?: string;
  chosen: Set<string>;
  full: boolean;
  onAdd: (id: string) => void;
  onAddBakeoff: (id: string) => void;
}) {
  const [q, setQ] = useState("");
  const [model, setModel] = useState(initialModel);
  const [scenario, setScenario] = useState(SCENARIOS[0]?.value ?? "");
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [upload, setUpload] = useState("");

  useEffect(() => {
    const ctl = new AbortController();
    const t = setTimeout(async () => {
      const p = new URLSearchParams({ scenario, limit: "8", sort: "value", dir: "desc" });
      if (q.trim()) p.set("q", q.trim());
      if (model.trim()) p.set("model", model.trim());
      setStatus({ kind: "loading" });
      try {
        const res = await fetch(`/api/results?${p}`, { signal: ctl.signal });
        const body = (await res.json()) as { total?: number; rows?: Row[]; error?: { message?: string } };
        if (!res.ok) throw new Error(body.error?.message ?? `the server answered ${res.status}`);
        setRows(body.rows ?? []);
        setTotal(body.total ?? 0);
        setStatus({ kind: "idle" });
      } catch (e) {
        if (ctl.signal.aborted) return;
        setStatus({ kind: "error", message: e instanceof Error ? e.message : String(e) });
      }
    }, 300);
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [q, model, scenario]);

  const uploadOk = UPLOAD_ID.test(upload.trim());
  return (
    <div className="space-y-3" data-testid="basis-picker">
      <div className="grid gap-2 sm:grid-cols-[2fr_1fr_1fr]">
        <label className="space-y-1 text-xs font-medium text-slate-700 dark:text-slate-300">
          <span className="block">Search results (submitter, system, accelerator)</span>
          <input
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="e.g. MI355X, B300, NVIDIA"
            className={`${CONTROL} w-full`}
            data-testid="picker-q"
          />
        </label>
        <label className="space-y-1 text-xs font-medium text-slate-700 dark:text-slate-300">
          <span className="block">Benchmark</span>
          <input
            value={model}
            onChange={(e) => setModel(e.target.value)}
            placeholder="any"
            className={`${CONTROL} w-full`}
            data-testid="picker-model"
          />
        </label>
        <label className="space-y-1 text-xs font-medium text-slate-700 dark:text-slate-300">
          <span className="block">Scenario</span>
          <select
            value={scenario}
            onChange={(e) => setScenario(e.target.value)}
            className={`${CONTROL} w-full`}
            data-testid="picker-scenario"
          >
            {SCENARIOS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div aria-live="polite" className="text-xs text-slate-600 dark:text-slate-400">
        {status.kind === "loading"
          ? "Searching…"
          : status.kind === "error"
            ? `Search failed: ${status.message}`
            : `${num.format(total)} results match; the ${rows.length} highest are listed.`}
      </div>
      {rows.length > 0 && (
        <ul
          className="divide-y divide-slate-100 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
          aria-label="Matching results"
        >
          {rows.map((r) => {
            const have = chosen.has(r.id);
            return (
              <li
                key={r.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm"
                data-testid="picker-row"
              >
                <span className="min-w-0 flex-1">
                  <span className="font-medium">
                    {r.submitter} {r.platform}
                  </span>{" "}
                  <span className="text-slate-600 dark:text-slate-400">
                    · {r.round} {r.model} {r.scenario} · {num.format(r.value)} {r.units} · {r.totalAccelerators ?? "?"}{" "}
                    × {r.accelerator ?? "accelerator"}
                  </span>
                </span>
                <button
                  type="button"
                  disabled={have || full}
                  onClick={() => onAdd(r.id)}
                  className="rounded-md border border-sky-700 px-2 py-0.5 text-sm text-sky-800 hover:bg-sky-50 disabled:border-slate-300 disabled:text-slate-500 disabled:hover:bg-transparent dark:border-sky-500 dark:text-sky-300 dark:hover:bg-sky-950"
                  data-testid="picker-add"
                >
                  {have ? "Added" : full ? "Full" : "Add"}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <label className="min-w-0 flex-1 space-y-1 text-xs font-medium text-slate-700 dark:text-slate-300">
          <span className="block">Or a bake-off upload id (from a bake-off page)</span>
          <input
            value={upload}
            onChange={(e) => setUpload(e.target.value)}
            className={`${CONTROL} w-full font-mono`}
            data-testid="picker-bakeoff"
          />
        </label>
        <button
          type="button"
          disabled={!uploadOk || full || chosen.has(upload.trim())}
          onClick={() => {
            onAddBakeoff(upload.trim());
            setUpload("");
          }}
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          Add bake-off
        </button>
      </div>
      {upload.trim() !== "" && !uploadOk && (
        <p className="text-xs text-red-700 dark:text-red-300">
          A bake-off upload id is 22–64 letters, digits, “-” or “_”.
        </p>
      )}
    </div>
  );
}
