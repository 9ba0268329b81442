"use client";
// /bakeoff upload: pick or drop files, see what each gives (parsed here, with the same lib/bakeoff parsers the
// server uses), fill in the hardware, save → POST /api/bakeoff → /bakeoff/{id}. Nothing is stored before Save.
import { useRouter } from "next/navigation";
import { type DragEvent, type FormEvent, useId, useRef, useState } from "react";
import { tryDetectAndParse } from "@/lib/bakeoff/detect";
import { TOOL_DISPLAY_NAMES } from "@/lib/bakeoff/tools";
import { previewDefaults } from "./preview-defaults";
import { type PickedFile, UploadPreview } from "./upload-preview";

interface ApiError {
  message: string;
  line?: number | null;
  field?: string | null;
  file?: string | null;
}

const input =
  "rounded border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

export function UploadForm(props: { families: string[]; maxBytes: number; tokenRequired: boolean }) {
  const router = useRouter();
  const ids = useId();
  const pickRef = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [raw, setRaw] = useState<Map<string, File>>(new Map());
  const [label, setLabel] = useState("");
  const [accelerator, setAccelerator] = useState("");
  const [accelerators, setAccelerators] = useState("");
  const [nodes, setNodes] = useState("");
  const [family, setFamily] = useState<string | null>(null);
  const [token, setToken] = useState("");
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const mapped = previewDefaults(files);
  const familyValue = family ?? mapped.family ?? "";
  const acceleratorsValue = accelerators !== "" ? accelerators : mapped.accelerators ? String(mapped.accelerators) : "";
  const total = files.reduce((s, f) => s + f.size, 0);
  const bad = files.filter((f) => !f.outcome.ok).length;

  async function add(list: FileList | File[]) {
    setError(null);
    const picked: PickedFile[] = [];
    const next = new Map(raw);
    for (const file of Array.from(list)) {
      const name = file.webkitRelativePath || file.name;
      const key = `${name}:${file.size}:${file.lastModified}`;
      if (next.has(key)) continue;
      const text = await file.text();
      picked.push({ key, name, size: file.size, outcome: tryDetectAndParse(text, name) });
      next.set(key, file);
    }
    setRaw(next);
    setFiles((cur) => [...cur, ...picked]);
  }

  function remove(key: string) {
    setFiles((cur) => cur.filter((f) => f.key !== key));
    setRaw((cur) => {
      const n = new Map(cur);
      n.delete(key);
      return n;
    });
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    if (e.dataTransfer.files.length) void add(e.dataTransfer.files);
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (files.length === 0 || bad > 0) return;
    if (total > props.maxBytes) {
      setError({
        message: `the files add up to ${total.toLocaleString("en-US")} bytes, over the ${props.maxBytes.toLocaleString("en-US")}-byte limit`,
      });
      return;
    }
    setBusy(true);
    setError(null);
    const body = new FormData();
    for (const f of files) {
      const file = raw.get(f.key);
      if (file) body.append("file", file, f.name);
    }
    body.set("label", label);
    body.set("accelerator", accelerator);
    body.set("accelerators", acceleratorsValue);
    body.set("nodes", nodes);
    body.set("family", familyValue);
    try {
      const res = await fetch("/api/bakeoff", {
        method: "POST",
        body,
        headers: props.tokenRequired && token ? { authorization: `Bearer ${token}` } : {},
      });
      const json = (await res.json().catch(() => null)) as { url?: string; error?: ApiError } | null;
      if (res.status === 201 && json?.url) {
        router.push(json.url);
        return;
      }
      setError(json?.error ?? { message: `the server answered ${res.status}` });
    } catch {
      setError({ message: "the upload did not reach the server; check the connection and try again" });
    }
    setBusy(false);
  }

  const pairNote = (() => {
    const fmts = files.flatMap((f) => (f.outcome.ok ? [f.outcome.format] : []));
    const notes: string[] = [];
    if (fmts.includes("mlperf-loadgen-summary") && fmts.includes("mlperf-loadgen-detail"))
      notes.push("A LoadGen summary and detail log of the same run are merged into one point on save.");
    if (fmts.includes("llmperf-summary-json") && fmts.includes("llmperf-individual-responses-json"))
      notes.push("The LLMPerf individual responses are attached to their summary on save (exact SLO counts).");
    return notes;
  })();

  return (
    <form onSubmit={save} className="space-y-5" noValidate>
      <section
        aria-label="Files"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`rounded-lg border-2 border-dashed p-6 text-center ${dragging ? "border-sky-600 bg-sky-50 dark:bg-sky-950" : "border-slate-300 dark:border-slate-700"}`}
        data-testid="drop-zone"
      >
        <p className="text-sm">
          Drop benchmark output files here, or{" "}
          <button
            type="button"
            className="font-medium text-sky-700 underline dark:text-sky-400"
            onClick={() => pickRef.current?.click()}
          >
            choose files
          </button>
          .
        </p>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {TOOL_DISPLAY_NAMES.slice(0, -1).join(", ")} or the {TOOL_DISPLAY_NAMES.at(-1)}. Several files (a sweep, or a
          summary with its detail log) form one upload. Up to {(props.maxBytes / (1024 * 1024)).toFixed(0)} MB in all.
          Files are read in your browser first; nothing is stored until you save.
        </p>
        <input
          ref={pickRef}
          id={`${ids}-files`}
          type="file"
          multiple
          className="sr-only"
          aria-label="Choose benchmark output files"
          data-testid="file-input"
          onChange={(e) => {
            if (e.target.files?.length) void add(e.target.files);
            e.target.value = "";
          }}
        />
      </section>

      {files.length > 0 && (
        <section aria-labelledby={`${ids}-preview`} className="space-y-2">
          <h2 id={`${ids}-preview`} className="text-lg font-semibold">
            Preview ({files.length} file{files.length === 1 ? "" : "s"})
          </h2>
          <ul className="space-y-2">
            {files.map((f) => (
              <UploadPreview key={f.key} file={f} onRemove={() => remove(f.key)} />
            ))}
          </ul>
          {pairNote.map((n) => (
            <p key={n} className="text-sm text-slate-700 dark:text-slate-300">
              {n}
            </p>
          ))}
        </section>
      )}

      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <legend className="mb-2 text-lg font-semibold">About the run</legend>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">Label</span>
          <input
            className={input}
            name="label"
            maxLength={120}
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            placeholder="e.g. vLLM 0.11 on 8× MI300X, chat mix"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">Accelerator model</span>
          <input
            className={input}
            name="accelerator"
            maxLength={120}
            value={accelerator}
            onChange={(e) => setAccelerator(e.target.value)}
            placeholder="e.g. MI300X, H200"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">Compare with MLPerf model</span>
          <select className={input} name="family" value={familyValue} onChange={(e) => setFamily(e.target.value)}>
            <option value="">— decide later —</option>
            {props.families.map((f) => (
              <option key={f} value={f}>
                {f}
                {f === mapped.family ? " (from the model name)" : ""}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">Accelerator count</span>
          <input
            className={input}
            name="accelerators"
            type="number"
            min={1}
            max={100000}
            step={1}
            inputMode="numeric"
            value={acceleratorsValue}
            onChange={(e) => setAccelerators(e.target.value)}
          />
          <span className="text-xs text-slate-600 dark:text-slate-400">
            Needed for per-accelerator figures{mapped.accelerators ? " (prefilled from the file)" : ""}.
          </span>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">Node count</span>
          <input
            className={input}
            name="nodes"
            type="number"
            min={1}
            max={10000}
            step={1}
            inputMode="numeric"
            value={nodes}
            onChange={(e) => setNodes(e.target.value)}
          />
        </label>
        {props.tokenRequired && (
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium">Upload token</span>
            <input
              className={input}
              name="token"
              type="password"
              autoComplete="off"
              value={token}
              onChange={(e) => setToken(e.target.value)}
            />
          </label>
        )}
      </fieldset>

      {error && (
        <div
          role="alert"
          className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
          data-testid="save-error"
        >
          Not saved{error.file ? `: ${error.file}` : ""}
          {error.line != null ? `, line ${error.line}` : ""}
          {error.field ? `, field “${error.field}”` : ""}: {error.message}
        </div>
      )}

      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={busy || files.length === 0 || bad > 0}
          className="rounded bg-sky-700 px-4 py-2 font-medium text-white hover:bg-sky-800 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-sky-700 dark:hover:bg-sky-800"
        >
          {busy ? "Saving…" : "Save and open the overlay"}
        </button>
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {bad > 0
            ? `Remove the ${bad} file${bad === 1 ? "" : "s"} that cannot be read to save.`
            : "Saved runs get an unguessable link; anyone with it can view the run. They are always shown as UNVERIFIED."}
        </span>
      </div>
    </form>
  );
}
