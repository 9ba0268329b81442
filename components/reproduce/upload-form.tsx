"use client";
// Upload a LoadGen result folder: pick files, a whole folder (webkitdirectory; each file is sent under its relative
// path so the scenario folders survive), or one .zip/.tar.gz. POSTs to /api/reproductions and opens the report.
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "@/components/share/use-freeze";

type Picked = { file: File; path: string };

export function ReproduceUploadForm({ maxBytes, tokenRequired }: { maxBytes: number; tokenRequired: boolean }) {
  const router = useRouter();
  const [picked, setPicked] = useState<Picked[]>([]);
  const [token, setToken] = useState("");
  const [status, setStatus] = useState<{ kind: "idle" } | { kind: "busy" } | { kind: "error"; message: string }>({
    kind: "idle",
  });
  const folderRef = useRef<HTMLInputElement>(null);

  function add(list: FileList | null) {
    if (!list) return;
    const next = [...picked];
    for (const f of Array.from(list)) {
      const path = (f as File & { webkitRelativePath?: string }).webkitRelativePath || f.name;
      if (!next.some((p) => p.path === path)) next.push({ file: f, path });
    }
    setPicked(next);
  }

  const total = picked.reduce((n, p) => n + p.file.size, 0);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (picked.length === 0) {
      setStatus({ kind: "error", message: "Pick a result folder, its files, or a .zip/.tar.gz of it first." });
      return;
    }
    setStatus({ kind: "busy" });
    const form = new FormData();
    for (const p of picked) form.append("file", p.file, p.path);
    try {
      const res = await fetch("/api/reproductions", {
        method: "POST",
        body: form,
        headers: token ? { authorization: `Bearer ${token}` } : undefined,
      });
      const body = (await res.json()) as {
        url?: string;
        error?: { message?: string; file?: string | null; line?: number | null };
      };
      if (!res.ok || !body.url) {
        const err = body.error;
        throw new Error(
          `${err?.file ? `${err.file}${err.line ? `, line ${err.line}` : ""}: ` : ""}${err?.message ?? `the server answered ${res.status}`}`,
        );
      }
      router.push(body.url);
    } catch (err) {
      setStatus({ kind: "error", message: err instanceof Error ? err.message : String(err) });
    }
  }

  return (
    <form onSubmit={submit} className="max-w-3xl space-y-4" data-testid="reproduce-form">
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="flex flex-col gap-1 rounded border border-slate-300 p-3 text-sm dark:border-slate-600">
          <span className="font-semibold">A result folder</span>
          <span className="text-xs text-slate-600 dark:text-slate-400">
            e.g. results/8xMI355X_…/ with its scenario folders
          </span>
          <input
            ref={folderRef}
            type="file"
            multiple
            data-testid="folder-input"
            onChange={(e) => add(e.target.files)}
            {...({ webkitdirectory: "", directory: "" } as Record<string, string>)}
          />
        </label>
        <label className="flex flex-col gap-1 rounded border border-slate-300 p-3 text-sm dark:border-slate-600">
          <span className="font-semibold">Files</span>
          <span className="text-xs text-slate-600 dark:text-slate-400">
            mlperf_log_summary.txt, _detail.txt, systems JSON
          </span>
          <input type="file" multiple data-testid="files-input" onChange={(e) => add(e.target.files)} />
        </label>
        <label className="flex flex-col gap-1 rounded border border-slate-300 p-3 text-sm dark:border-slate-600">
          <span className="font-semibold">An archive</span>
          <span className="text-xs text-slate-600 dark:text-slate-400">.zip or .tar.gz of the folder</span>
          <input
            type="file"
            accept=".zip,.tar.gz,.tgz,.tar,application/zip,application/gzip"
            data-testid="archive-input"
            onChange={(e) => add(e.target.files)}
          />
        </label>
      </div>
      {picked.length > 0 && (
        <div className="text-sm" data-testid="picked">
          <p>
            {picked.length} file{picked.length === 1 ? "" : "s"}, {(total / 1024 / 1024).toFixed(1)} MB
            {total > maxBytes ? ` — over the ${(maxBytes / 1024 / 1024).toFixed(0)} MB limit` : ""}{" "}
            <button type="button" className={BUTTON_SECONDARY} onClick={() => setPicked([])}>
              Clear
            </button>
          </p>
          <ul className="relative mt-1 max-h-40 overflow-auto font-mono text-xs">
            {picked.map((p) => (
              <li key={p.path}>{p.path}</li>
            ))}
          </ul>
        </div>
      )}
      {tokenRequired && (
        <label className="flex max-w-sm flex-col gap-1 text-sm">
          Upload token
          <input
            type="password"
            value={token}
            onChange={(e) => setToken(e.target.value)}
            className="rounded border border-slate-300 px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
          />
        </label>
      )}
      <button type="submit" className={BUTTON_PRIMARY} disabled={status.kind === "busy"} data-testid="reproduce-submit">
        {status.kind === "busy" ? "Reading…" : "Compare with the published result"}
      </button>
      {status.kind === "error" && (
        <p
          role="alert"
          className="rounded border border-red-600 bg-red-50 p-2 text-sm text-red-950 dark:bg-red-950/60 dark:text-red-50"
          data-testid="upload-error"
        >
          {status.message}
        </p>
      )}
    </form>
  );
}
