// Atom 1.0 (RFC 4287) for the change log: the global feed and one per explorer view (`/changes.atom?<explorer keys>`).
// RFC 4287 §4.1.1: a feed has atom:id, atom:title, atom:updated and an atom:author unless every entry has one, and
// SHOULD have a rel="self" link; §4.1.2: each entry has atom:id, atom:title, atom:updated, and (no content) an
// alternate link and a summary. IDs are IRIs (§4.2.6): the feed's own URL, and each entry's result URL with the
// change's kind and time as its fragment, the same on every fetch. Pure.

export interface AtomEntry {
  id: string;
  title: string;
  updated: string;
  link: string;
  summary: string;
  category?: string;
}

export interface AtomFeed {
  /** The feed's absolute URL (its atom:id and rel="self"). */
  selfUrl: string;
  /** The page it mirrors (rel="alternate"). */
  htmlUrl: string;
  title: string;
  subtitle?: string;
  /** When nothing is listed: the feed's own time is still required (§4.2.15). */
  updated: string;
  entries: AtomEntry[];
}

/** Text for XML character data and attribute values; characters XML 1.0 forbids (C0 controls but tab/LF/CR) dropped. */
export function xmlEscape(s: string): string {
  let clean = "";
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffe || c === 0xffff) continue;
    clean += ch;
  }
  return clean.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** An RFC 3339 date-time (§3.3) from an ISO string; as given when it already is one. */
function rfc3339(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : new Date(t).toISOString();
}

export function atomXml(f: AtomFeed): string {
  const e = xmlEscape;
  const updated = [f.updated, ...f.entries.map((x) => x.updated)].sort().at(-1) ?? f.updated;
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${e(f.selfUrl)}</id>`,
    `  <title>${e(f.title)}</title>`,
    ...(f.subtitle ? [`  <subtitle>${e(f.subtitle)}</subtitle>`] : []),
    `  <updated>${rfc3339(updated)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${e(f.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${e(f.htmlUrl)}"/>`,
    "  <author><name>PerfContext</name></author>",
    "  <generator>PerfContext</generator>",
  ];
  for (const x of f.entries)
    lines.push(
      "  <entry>",
      `    <id>${e(x.id)}</id>`,
      `    <title>${e(x.title)}</title>`,
      `    <updated>${rfc3339(x.updated)}</updated>`,
      `    <link rel="alternate" type="text/html" href="${e(x.link)}"/>`,
      ...(x.category ? [`    <category term="${e(x.category)}"/>`] : []),
      `    <summary type="text">${e(x.summary)}</summary>`,
      "  </entry>",
    );
  lines.push("</feed>", "");
  return lines.join("\n");
}
