// Issue 15 finding 3: the client is the socket, and X-Forwarded-For counts only when a configured proxy sent it
// (then its rightmost hop that is not one of ours: a client can prepend anything).
import { describe, expect, it } from "vitest";
import { clientAddress, parseTrusted } from "./peer.mjs";

describe("clientAddress", () => {
  const none = parseTrusted("");
  const proxies = parseTrusted("127.0.0.1, 10.0.0.0/8");
  it.each([
    ["a client's own X-Forwarded-For is ignored", "::ffff:198.51.100.7", "203.0.113.9", none, "198.51.100.7"],
    [
      "…also when proxies are configured but the socket is not one",
      "198.51.100.7",
      "203.0.113.9",
      proxies,
      "198.51.100.7",
    ],
    ["a trusted proxy's hop is believed", "127.0.0.1", "203.0.113.9", proxies, "203.0.113.9"],
    ["a forged hop prepended by the client is skipped", "127.0.0.1", "1.2.3.4, 203.0.113.9", proxies, "203.0.113.9"],
    ["chained trusted proxies are walked past", "10.1.2.3", "203.0.113.9, 10.0.0.5", proxies, "203.0.113.9"],
    ["a proxy without the header is the client", "127.0.0.1", undefined, proxies, "127.0.0.1"],
  ])("%s", (_what, socket, xff, trusted, want) => {
    expect(clientAddress(socket, xff, trusted)).toBe(want);
  });
});
