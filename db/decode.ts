// Bytes → text on the server: the same answer as lib/text-decode's decodeUtf8, with Node's native UTF-8 check
// (simdutf) and decoder on the common, valid path (~4× faster on a 100 MB summary). The error path is lib's own.
import { isUtf8 } from "node:buffer";
import { type Decoded, decodeUtf8 } from "@/lib/text-decode";

export function decodeUtf8Fast(bytes: Uint8Array): Decoded {
  // (UTF-16/32 hold NULs or fail the UTF-8 check: lib names and decodes them)
  if (bytes.indexOf(0) >= 0 || !isUtf8(bytes) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return decodeUtf8(bytes);
  let text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  // TextDecoder drops one leading BOM and decodeUtf8 one more: do the same
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { ok: true, text };
}
