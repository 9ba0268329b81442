import { getBakeoffUploadDetail } from "@/db/bakeoff";
import { V1Error, v1 } from "../../respond";

export const dynamic = "force-dynamic";

/** GET /api/v1/bakeoff/{id}: a stored upload's load points (per-request samples left out). */
export const { GET, OPTIONS } = v1("getBakeoffUpload", async ({ h, params }) => {
  const upload = await getBakeoffUploadDetail(h, params.id ?? "");
  if (!upload) throw new V1Error(404, "no bake-off upload with this id", "id");
  return { json: upload };
});
