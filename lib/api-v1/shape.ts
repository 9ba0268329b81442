// Internal records → the v1 shapes where a field is optional inside the app (older rows, frozen snapshots): v1
// always sends the field, null or empty when there is nothing to say. Pure.
import type { PublishedResult } from "../types";

export function v1Result<R extends PublishedResult>(
  r: R,
): R & Required<Pick<PublishedResult, "acceleratorGroups" | "servingEngine" | "resultsFolderUrl">> {
  return {
    ...r,
    acceleratorGroups: r.acceleratorGroups ?? [],
    servingEngine: r.servingEngine ?? null,
    resultsFolderUrl: r.resultsFolderUrl ?? null,
  };
}
