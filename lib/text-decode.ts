// Bytes → text for every input path (importer, uploads). Pure. Rejects what is not UTF-8 instead of silently
// turning bytes into U+FFFD, and says where: a Latin-1 "é" in a system name must not become "Syst�me".

export type Decoded = { ok: true; text: string } | { ok: false; line: number | null; message: string };

/** `decodeUtf8(bytes)` → the text without a BOM, or where the first non-UTF-8 byte (or a NUL) is. */
export function decodeUtf8(bytes: Uint8Array): Decoded {
  const wide = wideEncoding(bytes);
  if (wide) return wide;
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
      message: `not UTF-8 text: byte 0x${byte.toString(16).toUpperCase().padStart(2, "0")} on line ${line} (byte offset ${at}) is not valid UTF-8 (a Latin-1 or Windows-1252 file?); save it as UTF-8`,
    };
  }
}

/**
 * Offset of the first byte that does not start a valid UTF-8 sequence (the lead byte of a broken one), or the length.
 * The Unicode Standard, Table 3-7 "Well-Formed UTF-8 Byte Sequences": the second byte's range depends on the lead —
 * E0 needs A0–BF (E0 80–9F is overlong), ED needs 80–9F (ED A0–BF encodes a UTF-16 surrogate), F0 needs 90–BF
 * (F0 80–8F is overlong), F4 needs 80–8F (F4 90+ is past U+10FFFF); every other continuation byte is 80–BF.
 */
export function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i] ?? 0;
    const n = c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
    if (n < 0) return i;
    const second = b[i + 1] ?? 0;
    const [lo, hi] =
      c === 0xe0
        ? [0xa0, 0xbf]
        : c === 0xed
          ? [0x80, 0x9f]
          : c === 0xf0
            ? [0x90, 0xbf]
            : c === 0xf4
              ? [0x80, 0x8f]
              : [0x80, 0xbf];
    if (n > 0 && (second < lo || second > hi)) return i;
    for (let k = 2; k <= n; k++) if (((b[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    i += n + 1;
  }
  return b.length;
}

/**
 * UTF-16 and UTF-32 text, which Windows tools write ("Unicode" in Notepad and Excel): named as such instead of
 * "binary file". UTF-16 with a byte-order mark is decoded (strictly: a lone surrogate is refused); UTF-32, and
 * UTF-16 without a mark, are refused with what to do. null for anything else.
 */
export function wideEncoding(b: Uint8Array): Decoded | null {
  const at = (i: number) => b[i] ?? -1;
  if (at(0) === 0xff && at(1) === 0xfe && at(2) === 0 && at(3) === 0)
    return { ok: false, line: null, message: "UTF-32 (little-endian) text: save it as UTF-8" };
  if (at(0) === 0 && at(1) === 0 && at(2) === 0xfe && at(3) === 0xff)
    return { ok: false, line: null, message: "UTF-32 (big-endian) text: save it as UTF-8" };
  const bom = at(0) === 0xff && at(1) === 0xfe ? "utf-16le" : at(0) === 0xfe && at(1) === 0xff ? "utf-16be" : null;
  if (bom) {
    try {
      const text = new TextDecoder(bom, { fatal: true }).decode(b.subarray(2));
      if (text.includes("\u0000"))
        return { ok: false, line: null, message: `binary file (NUL characters in ${bom.toUpperCase()} text)` };
      return { ok: true, text };
    } catch {
      return {
        ok: false,
        line: null,
        message: `${bom.toUpperCase()} text (byte-order mark) that does not decode: a lone surrogate or an odd byte count`,
      };
    }
  }
  // no mark: ASCII-heavy UTF-16/32 shows as NULs in a fixed position of each unit
  const n = Math.min(b.length - (b.length % 4), 256);
  if (n < 8) return null;
  const zeros = [0, 0, 0, 0];
  for (let i = 0; i < n; i++) if (at(i) === 0) zeros[i % 4] = (zeros[i % 4] ?? 0) + 1;
  const q = n / 4;
  const [z0 = 0, z1 = 0, z2 = 0, z3 = 0] = zeros;
  if (z1 > 0.9 * q && z2 > 0.9 * q && z3 > 0.9 * q && z0 < 0.1 * q)
    return {
      ok: false,
      line: null,
      message: "looks like UTF-32 (little-endian) text without a byte-order mark: save it as UTF-8",
    };
  if (z0 > 0.9 * q && z1 > 0.9 * q && z2 > 0.9 * q && z3 < 0.1 * q)
    return {
      ok: false,
      line: null,
      message: "looks like UTF-32 (big-endian) text without a byte-order mark: save it as UTF-8",
    };
  if (z1 + z3 > 1.8 * q && z0 + z2 < 0.2 * q)
    return {
      ok: false,
      line: null,
      message: "looks like UTF-16 (little-endian) text without a byte-order mark: save it as UTF-8",
    };
  if (z0 + z2 > 1.8 * q && z1 + z3 < 0.2 * q)
    return {
      ok: false,
      line: null,
      message: "looks like UTF-16 (big-endian) text without a byte-order mark: save it as UTF-8",
    };
  return null;
}
