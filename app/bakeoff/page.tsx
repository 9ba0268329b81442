import type { Metadata } from "next";
import { uploadMaxBytes } from "@/app/api/bakeoff/upload-body";
import { UnverifiedBadge } from "@/components/bakeoff/unverified-badge";
import { UploadForm } from "@/components/bakeoff/upload-form";
import { getPublishedFamilies } from "@/db/bakeoff";
import { getStore } from "@/db/client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Bake-off upload" };

export default async function BakeoffUploadPage() {
  const families = await getPublishedFamilies(await getStore());
  return (
    <div className="space-y-6">
      <section className="max-w-3xl space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">Your bake-off beside the published numbers</h1>
        <p className="text-slate-700 dark:text-slate-300">
          Upload the files your serving benchmark wrote. PerfContext reads them, shows what each gives, and draws your
          run beside published MLPerf Inference results for the same model: per-accelerator throughput, tail latency, an
          SLO check and capacity per successful request.
        </p>
        <UnverifiedBadge />
      </section>
      <UploadForm
        families={families}
        maxBytes={uploadMaxBytes()}
        tokenRequired={Boolean(process.env.PERFCONTEXT_ADMIN_TOKEN)}
      />
    </div>
  );
}
