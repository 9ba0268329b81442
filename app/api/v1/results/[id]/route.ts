import { getResultById, getSiblings } from "@/db/queries/results";
import { getDataVersion } from "@/db/queries/version";
import { v1Result } from "@/lib/api-v1/shape";
import { footnotes, readInContext } from "@/lib/context";
import { singleFlags } from "@/lib/context/flag-rules";
import { perAccelerator } from "@/lib/judge";
import { V1Error, v1 } from "../../respond";

export const dynamic = "force-dynamic";

/** GET /api/v1/results/{id}: one result with its checklist, flags, citation footnotes and per-accelerator figure. */
export const { GET, OPTIONS } = v1("getResult", async ({ h, params }) => {
  const id = params.id ?? "";
  const r = await getResultById(h, id);
  if (!r) throw new V1Error(404, `no result with id ${id}`, "id");
  return {
    json: {
      ...v1Result(r),
      context: readInContext(r, { siblings: await getSiblings(h, r) }),
      flags: singleFlags(r),
      footnotes: footnotes([r], [], { retrievedAt: (await getDataVersion(h)).at, derived: true }),
      derived: perAccelerator(r),
    },
  };
});
