// JSON error bodies for route handlers: `{"error":{"message","field"}}`, never a stack trace. Pure.

export function jsonError(
  status: number,
  message: string,
  field: string | null = null,
  extra: Record<string, unknown> = {},
): Response {
  return Response.json({ error: { message, field, ...extra } }, { status });
}
