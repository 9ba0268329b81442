// multipart/form-data (RFC 7578, over RFC 2046 §5.1.1's body syntax) split into its parts, each part's bytes a view
// of the body (no copy). Issue 26: `new Response(body).formData()` (undici) held the request thread 190–350 ms for a
// 4.4 MB max-cap bake-off upload and about 1 s for a 21 MB one, then copied each file out again (`arrayBuffer()`).
// Splitting on the boundary is a native byte search (Buffer.indexOf), a few milliseconds for 25 MB, and the views
// it gives are handed to the worker that parses them with the body's ArrayBuffer transferred, not copied. Pure.
//
// RFC 2046 §5.1.1: body := preamble CRLF? dash-boundary transport-padding CRLF part (CRLF dash-boundary
// transport-padding CRLF part)* CRLF dash-boundary "--" epilogue; a part is its header lines, an empty line, then
// its content. RFC 7578 §4.2: each part has `Content-Disposition: form-data; name="…"`, and `filename="…"` when it
// is a file. As browsers and undici do, a part with a filename is a file, one without is text (UTF-8).

/** A part of the form: a file (filename set, possibly "") or a text field (filename null). */
export interface MultipartPart {
  name: string;
  filename: string | null;
  bytes: Uint8Array;
}

/** The body does not follow multipart/form-data's syntax (cut short, wrong boundary, a part without its name). */
export class MultipartError extends Error {
  override name = "MultipartError";
}

const CRLF = 0x0d0a;

/** The boundary of a `multipart/form-data; boundary=…` content type (quoted or not), or null. */
export function multipartBoundary(contentType: string): string | null {
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const m = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return m ? ((m[1] ?? m[2]) as string) : null;
}

/** Content-Disposition's parameters (RFC 6266 §4.1 quoted-string or token values), names lowercased. */
function dispositionParams(value: string): { type: string; params: Map<string, string> } {
  const params = new Map<string, string>();
  const semi = value.indexOf(";");
  const type = (semi < 0 ? value : value.slice(0, semi)).trim().toLowerCase();
  const re = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (let m = re.exec(value); m; m = re.exec(value)) {
    const key = (m[1] as string).toLowerCase();
    const v = m[2] !== undefined ? m[2].replace(/\\(.)/g, "$1") : (m[3] ?? "").trim();
    if (!params.has(key)) params.set(key, v);
  }
  return { type, params };
}

/** A part's header lines → its name and filename. */
function partHead(headers: string): { name: string; filename: string | null } {
  for (const line of headers.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0 || line.slice(0, colon).trim().toLowerCase() !== "content-disposition") continue;
    const { type, params } = dispositionParams(line.slice(colon + 1));
    const name = params.get("name");
    if (type !== "form-data" || name === undefined)
      throw new MultipartError("a part's Content-Disposition is not form-data with a name");
    return { name, filename: params.get("filename") ?? null };
  }
  throw new MultipartError("a part has no Content-Disposition header");
}

/** The parts of a multipart/form-data body, in order; throws MultipartError when the body is malformed. */
export function parseMultipart(body: Uint8Array, contentType: string): MultipartPart[] {
  const boundary = multipartBoundary(contentType);
  if (!boundary) throw new MultipartError("the content type names no multipart boundary");
  const b = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const dash = Buffer.from(`--${boundary}`, "latin1");
  const delimiter = Buffer.from(`\r\n--${boundary}`, "latin1");
  // the first boundary opens the body or follows the preamble's CRLF
  let pos = b.subarray(0, dash.length).equals(dash) ? 0 : b.indexOf(delimiter);
  if (pos < 0) throw new MultipartError("the boundary does not occur in the body");
  pos += pos === 0 && b[0] !== 0x0d ? dash.length : delimiter.length;
  const parts: MultipartPart[] = [];
  for (;;) {
    if (b[pos] === 0x2d && b[pos + 1] === 0x2d) return parts; // the close delimiter: the rest is the epilogue
    while (b[pos] === 0x20 || b[pos] === 0x09) pos++; // transport padding
    if (pos + 1 >= b.length || b.readUInt16BE(pos) !== CRLF) throw new MultipartError("the body is cut short");
    pos += 2;
    let contentStart: number;
    let headers = "";
    if (pos + 1 < b.length && b.readUInt16BE(pos) === CRLF) contentStart = pos + 2;
    else {
      const end = b.indexOf("\r\n\r\n", pos, "latin1");
      if (end < 0) throw new MultipartError("the body is cut short");
      headers = b.toString("utf8", pos, end);
      contentStart = end + 4;
    }
    const next = b.indexOf(delimiter, contentStart);
    if (next < 0) throw new MultipartError("the body is cut short");
    parts.push({ ...partHead(headers), bytes: body.subarray(contentStart, next) });
    pos = next + delimiter.length;
  }
}

/** A text part's value (UTF-8, a bad byte replaced as browsers and undici do). */
export function partText(part: MultipartPart): string {
  return new TextDecoder().decode(part.bytes);
}
