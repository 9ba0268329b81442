// Bytes → text for every input path (importer, uploads). Pure. Rejects what is not UTF-8 instead of silently
// turning bytes into U+FFFD, and says where: a Latin-1 "é" in a system name must not become "Syst�me".

export type Decoded = { ok: true; text: string } | { ok: false; line: number | null; message: string };

/** `decodeUtf8(bytes)` → the text without a BOM, or where the first non-UTF-8 byte (or a NUL) is. */
export function decodeUtf8(bytes: Uint8Array): Decoded {
  const nul = bytes.indexOf(0);
  if (nul >= 0)
    return { ok: false, line: null, message: "binary file (NUL bytes): expected text (JSON, CSV or a LoadGen log)" };
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return { ok: true, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  } catch {
    const at = firstInvalidUtf8(bytes);
    let line = 1;
    for (let i = 0; i < at; i++) if (bytes[i] === 10) line++;
    const byte = bytes[at] ?? 0;
    return {
      ok: false,
      line,
      message: `not UTF-8 text: byte 0x${byte.toString(16).toUpperCase().padStart(2, "0")} on line ${line} is not valid UTF-8 (a Latin-1 or Windows-1252 file?); save it as UTF-8`,
    };
  }
}

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence. */
export function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i] ?? 0;
    const n = c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
    if (n < 0) return i;
    for (let k = 1; k <= n; k++) if (((b[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    i += n + 1;
  }
  return b.length;
}
