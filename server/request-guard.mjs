// Two checks server/index.mjs makes before Next sees a request (issue 26 finding 7).
//
// 1. A malformed percent-encoding anywhere in the request target ("%zz", "%ff", an encoded surrogate "%ed%a0%80")
//    is a 400 naming it. Next's router decodes the path with decodeURIComponent, whose URIError became a 500
//    (`GET /api/results/%00%ff`). RFC 3986 §2.1: "%" is followed by two hex digits; the WHATWG URL standard's
//    percent-decode then reads the octets as UTF-8, which decodeURIComponent checks strictly.
// 2. A body that stops arriving. Node holds an unfinished request for its 300 s requestTimeout; the write routes
//    answer 408 after BODY_IDLE_MS without a byte (lib/http/write-guard.ts, the same bound as past the cap), and
//    this closes the socket behind that answer, or answers 408 itself if nothing did within a second more.

/** No byte for this long while a body is unfinished: the client stalled (= lib/http/write-guard.ts BODY_IDLE_MS). */
export const BODY_IDLE_MS = 2_000;
/** What the route gets to answer first before the server does. */
const GRACE_MS = 1_000;
const TICK_MS = 250;

/** Why a request target is refused (its first malformed escape), or null. */
export function malformedTarget(target) {
  const bad = /%(?![0-9A-Fa-f]{2})/.exec(target);
  if (bad)
    return `malformed percent-encoding at character ${bad.index + 1} of the request target: "%" must be followed by two hex digits`;
  try {
    decodeURIComponent(target);
    return null;
  } catch {
    // find the first escape run that does not decode as UTF-8
    const runs = target.matchAll(/(?:%[0-9A-Fa-f]{2})+/g);
    for (const m of runs) {
      try {
        decodeURIComponent(m[0]);
      } catch {
        return `malformed percent-encoding at character ${m.index + 1} of the request target: ${m[0].slice(0, 24)} is not UTF-8`;
      }
    }
    return "malformed percent-encoding in the request target";
  }
}

function send(res, status, message, field) {
  const body = JSON.stringify({ error: { message, field, line: null } });
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    connection: "close",
  });
  res.end(body);
}

/** Answers a malformed target with 400: true when it did (the request goes no further). */
export function refuseMalformed(req, res) {
  const why = malformedTarget(req.url ?? "/");
  if (!why) return false;
  req.resume(); // a body, if any, is not read
  send(res, 400, why, "url");
  return true;
}

function hasBody(req) {
  const len = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (len !== undefined && len !== "0");
}

/**
 * Watches an unfinished request body: once no byte has come for BODY_IDLE_MS, the socket is closed behind an answer
 * already sent, or 408 is answered when the handler has sent nothing for GRACE_MS more. Bytes the handler has not
 * read yet (buffered in the request or the socket) are the server's delay, not the client's, and never count.
 */
export function watchBody(req, res, idleMs = BODY_IDLE_MS) {
  if (!hasBody(req) || req.complete) return;
  const socket = req.socket;
  let seen = socket.bytesRead;
  let lastByte = Date.now();
  const timer = setInterval(() => {
    if (req.complete || socket.destroyed) return clearInterval(timer);
    const now = Date.now();
    const unread = !res.writableFinished && (req.readableLength > 0 || socket.readableLength > 0);
    if (socket.bytesRead !== seen || unread) {
      seen = socket.bytesRead;
      lastByte = now;
      return;
    }
    const idle = now - lastByte;
    if (res.writableFinished && idle >= idleMs) {
      clearInterval(timer);
      socket.destroy();
    } else if (!res.headersSent && idle >= idleMs + GRACE_MS) {
      clearInterval(timer);
      send(res, 408, `the request body stopped arriving: no bytes for ${idleMs / 1000} s; send it again`, "body");
      res.once("finish", () => socket.destroy());
    }
  }, TICK_MS);
  timer.unref();
}

/** Both checks, first thing for every request: true when the request was answered here. */
export function guardRequest(req, res) {
  if (refuseMalformed(req, res)) return true;
  watchBody(req, res);
  return false;
}
