// Parsed bake-off uploads kept between requests (issue 15: the largest allowed upload, 200,000 per-request samples,
// is ~4 MB of stored JSON whose parse took 300 ms of every render of its page, four times over). An upload is never
// changed once stored (there is no update or delete of bakeoff_uploads: a new upload gets a new id), so a parsed
// view stays right for as long as its handle lives. Bounded: at most MEMO_UPLOADS views and MEMO_SAMPLES per-request
// samples in all, least recently used dropped first. Callers must not mutate what they get.
import { getBakeoffUploadDetail } from "./bakeoff";
import type { DbHandle } from "./client";

export const MEMO_UPLOADS = 16;
export const MEMO_SAMPLES = 400_000;

type View = NonNullable<Awaited<ReturnType<typeof getBakeoffUploadDetail>>>;

const memos = new WeakMap<DbHandle, Map<string, { view: View; samples: number }>>();

function samplesOf(v: View): number {
  let n = 0;
  for (const r of v.runs) n += r.perRequest?.length ?? 0;
  return n;
}

/** getBakeoffUploadDetail, parsed once per handle and upload id. */
export async function bakeoffUploadDetailMemo(h: DbHandle, id: string): Promise<View | null> {
  let memo = memos.get(h);
  if (!memo) {
    memo = new Map();
    memos.set(h, memo);
  }
  const hit = memo.get(id);
  if (hit) {
    memo.delete(id); // most recently used last
    memo.set(id, hit);
    return hit.view;
  }
  const view = await getBakeoffUploadDetail(h, id);
  if (!view) return null;
  const samples = samplesOf(view);
  if (samples > MEMO_SAMPLES) return view;
  memo.set(id, { view, samples });
  let total = 0;
  for (const e of memo.values()) total += e.samples;
  for (const [key, e] of memo) {
    if (memo.size <= MEMO_UPLOADS && total <= MEMO_SAMPLES) break;
    memo.delete(key);
    total -= e.samples;
  }
  return view;
}
