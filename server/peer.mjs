// The client's address from the socket, honouring X-Forwarded-For only from configured proxies (issue 15). Pure.

/** "::ffff:10.0.0.1" → "10.0.0.1"; others as they are. */
export function normalizeAddress(a) {
  const s = String(a ?? "").trim();
  return s.startsWith("::ffff:") && s.includes(".") ? s.slice(7) : s;
}

function ipv4ToInt(a) {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(a);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return ((parts[0] << 24) | (parts[1] << 16) | (parts[2] << 8) | parts[3]) >>> 0;
}

/** "127.0.0.1, 10.0.0.0/8, ::1" → a matcher list. Unknown entries are ignored. */
export function parseTrusted(spec) {
  const out = [];
  for (const raw of String(spec).split(",")) {
    const e = raw.trim();
    if (!e) continue;
    const [addr, bits] = e.split("/");
    const v4 = ipv4ToInt(addr);
    if (v4 !== null && bits !== undefined) {
      const n = Number(bits);
      if (!Number.isInteger(n) || n < 0 || n > 32) continue;
      const mask = n === 0 ? 0 : (0xffffffff << (32 - n)) >>> 0;
      out.push({ v4: (v4 & mask) >>> 0, mask });
    } else out.push({ exact: normalizeAddress(e) });
  }
  return out;
}

export function isTrusted(address, trusted) {
  const a = normalizeAddress(address);
  const v4 = ipv4ToInt(a);
  return trusted.some((t) => (t.exact !== undefined ? t.exact === a : v4 !== null && (v4 & t.mask) >>> 0 === t.v4));
}

/**
 * The socket's address, unless the socket is a trusted proxy: then the rightmost X-Forwarded-For hop that is not a
 * trusted proxy (a client can prepend anything; only what our proxies appended is believed).
 */
export function clientAddress(socketAddress, xff, trusted) {
  let addr = normalizeAddress(socketAddress);
  if (!trusted.length || !isTrusted(addr, trusted)) return addr || "unknown";
  const hops = (Array.isArray(xff) ? xff.join(",") : String(xff ?? ""))
    .split(",")
    .map((h) => normalizeAddress(h))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    addr = hops[i];
    if (!isTrusted(addr, trusted)) return addr;
  }
  return addr || "unknown";
}
