// The overlay's header: the label (user text, rendered as text), the UNVERIFIED badge, what was uploaded, the
// export and share links, the parser's notes, and, when every request of a point failed, a clear message.
import Link from "next/link";
import type { BakeoffUploadView } from "@/lib/types";
import { InvalidNotice } from "./invalid-notice";
import { UnverifiedBadge } from "./unverified-badge";

const note = "text-xs text-slate-600 dark:text-slate-400";

export function OverlayHeader({
  upload,
  sharePath,
}: {
  upload: BakeoffUploadView & { fileName: string | null };
  sharePath: string;
}) {
  const models = [...new Set(upload.runs.map((r) => r.model).filter((m): m is string => !!m))];
  const allFailed = upload.runs.filter((r) => r.numRequests === 0 && (r.numFailed ?? 0) > 0);
  return (
    <>
      <header className="space-y-2">
        <p className={note}>
          <Link className="text-sky-700 underline dark:text-sky-400" href="/bakeoff">
            Bake-off
          </Link>{" "}
          / overlay
        </p>
        <h1 className="text-2xl font-semibold tracking-tight break-words" data-testid="bakeoff-label">
          {upload.label}
        </h1>
        <UnverifiedBadge />
        <InvalidNotice runs={upload.runs} />
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <div>
            <dt className="inline font-medium">Format: </dt>
            <dd className="inline break-words">{upload.format}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Model in the file: </dt>
            <dd className="inline break-words">{models.join(", ") || "not stated"}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Hardware: </dt>
            <dd className="inline">
              {upload.accelerators === null && upload.accelerator === null
                ? "not given"
                : `${upload.accelerators ?? "?"} × ${upload.accelerator ?? "accelerator"}`}
              {upload.nodes ? `, ${upload.nodes} node${upload.nodes === 1 ? "" : "s"}` : ""}
            </dd>
          </div>
          <div>
            <dt className="inline font-medium">Load points: </dt>
            <dd className="inline">{upload.runs.length}</dd>
          </div>
          <div className="break-words">
            <dt className="inline font-medium">Files: </dt>
            <dd className="inline">{upload.fileName ?? "—"}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Uploaded: </dt>
            <dd className="inline">{upload.createdAt.slice(0, 16).replace("T", " ")} UTC</dd>
          </div>
        </dl>
        <p className="flex flex-wrap gap-x-4 text-sm">
          <a className="text-sky-700 underline dark:text-sky-400" href={`/api/bakeoff/${upload.id}?format=csv`}>
            Download CSV
          </a>
          <a className="text-sky-700 underline dark:text-sky-400" href={`/api/bakeoff/${upload.id}`}>
            JSON
          </a>
          <span className={note}>
            Share: <code data-testid="share-path">{sharePath}</code> (anyone with the link can view it)
          </span>
        </p>
        {upload.warnings.length > 0 && (
          <details className="text-sm">
            <summary className="cursor-pointer">Notes from reading the files ({upload.warnings.length})</summary>
            <ul className="mt-1 list-disc pl-5 text-slate-700 dark:text-slate-300">
              {upload.warnings.map((w) => (
                <li key={w} className="break-words">
                  {w}
                </li>
              ))}
            </ul>
          </details>
        )}
      </header>

      {allFailed.length > 0 && (
        <div
          role="alert"
          className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
          data-testid="all-failed"
        >
          <p className="font-semibold">
            Every request failed in{" "}
            {upload.runs.length > 1 ? `${allFailed.length} of ${upload.runs.length} load points` : "this run"}: success
            rate 0%.
          </p>
          <p>
            There is no latency to check and no throughput to place beside published results; capacity within any SLO is
            0. Check the serving engine&apos;s log (model loaded? endpoint and port right?) and run the benchmark again.
          </p>
        </div>
      )}
    </>
  );
}
