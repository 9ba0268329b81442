// Trivial route: the baseline that benchmarks compare real routes against.
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ ok: true });
}
