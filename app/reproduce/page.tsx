import type { Metadata } from "next";
import { uploadMaxBytes } from "@/app/api/bakeoff/upload-body";
import { UnverifiedBadge } from "@/components/bakeoff/unverified-badge";
import { ReproduceUploadForm } from "@/components/reproduce/upload-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Reproduce a published result" };

export default function ReproducePage() {
  return (
    <div className="space-y-6">
      <section className="max-w-3xl space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">Did you reproduce the published number?</h1>
        <p className="text-slate-700 dark:text-slate-300">
          Upload the LoadGen result folder your run wrote — one or several scenarios, each with its{" "}
          <code>mlperf_log_summary.txt</code> and <code>mlperf_log_detail.txt</code>, plus{" "}
          <code>systems/&lt;platform&gt;.json</code> and accuracy logs when you have them — as files, as a folder, or as
          a .zip or .tar.gz. PerfContext matches it to the published result, shows how much of it you reached, whether
          LoadGen called the run VALID, and which settings differ from the submission&apos;s.
        </p>
        <UnverifiedBadge />
      </section>
      <ReproduceUploadForm maxBytes={uploadMaxBytes()} tokenRequired={Boolean(process.env.PERFCONTEXT_ADMIN_TOKEN)} />
    </div>
  );
}
