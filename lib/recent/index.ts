// Private by link (issue 26 finding 5): no page lists uploads, reproductions or campaigns a caller did not create or
// was not given. What a caller made or opened is remembered in their own browser (localStorage, written by
// components/recent), and choosing campaign members works from that list or from a pasted link. This module is the
// pure part: the stored list's shape, adding to it, and reading a pasted link. Pure.
import { UPLOAD_ID } from "@/lib/id-patterns";

export const RECENT_KINDS = ["bakeoff", "reproduction", "campaign"] as const;
export type RecentKind = (typeof RECENT_KINDS)[number];

export interface RecentItem {
  kind: RecentKind;
  id: string;
  label: string;
  /** ISO time it was last made or opened here. */
  at: string;
}

/** The localStorage key. */
export const RECENT_KEY = "perfcontext.recent.v1";
/** How many items are kept (the oldest go first). */
export const RECENT_MAX = 60;
const MAX_LABEL = 160;

function isItem(x: unknown): x is RecentItem {
  if (typeof x !== "object" || x === null) return false;
  const o = x as Record<string, unknown>;
  return (
    RECENT_KINDS.includes(o.kind as RecentKind) &&
    typeof o.id === "string" &&
    UPLOAD_ID.test(o.id) &&
    typeof o.label === "string" &&
    typeof o.at === "string"
  );
}

/** The stored JSON → its items, newest first; anything malformed (another version, a hand edit) is dropped. */
export function parseRecent(json: string | null): RecentItem[] {
  if (!json) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return [];
  }
  return Array.isArray(raw) ? raw.filter(isItem).slice(0, RECENT_MAX) : [];
}

/** `item` first, once (an item opened again moves to the top), at most RECENT_MAX in all. */
export function addRecent(items: RecentItem[], item: RecentItem): RecentItem[] {
  const label = item.label.slice(0, MAX_LABEL);
  const rest = items.filter((x) => !(x.kind === item.kind && x.id === item.id));
  return [{ ...item, label }, ...rest].slice(0, RECENT_MAX);
}

/**
 * The script an item's page carries in its HTML to remember the item the moment the browser parses it. The page's
 * effect (components/recent) ran only once React had hydrated, seconds after the page loaded on a large upload, so
 * a visitor (or a test) who moved on before then was never remembered (the recent-items bug of issue 26). The same
 * rule as addRecent: the item first, once, at most RECENT_MAX, its label cut to MAX_LABEL. The item's text is
 * embedded as JSON with `<`, `>`, `&`, U+2028 and U+2029 escaped, so no label can end the script or start markup.
 */
export function rememberScript(kind: RecentKind, id: string, label: string): string {
  const item = JSON.stringify({ kind, id, label: label.slice(0, MAX_LABEL) }).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`,
  );
  return [
    "(function(){try{",
    `var k=${JSON.stringify(RECENT_KEY)},n=${item},o=[];`,
    "n.at=new Date().toISOString();",
    "try{o=JSON.parse(localStorage.getItem(k)||'[]')}catch(e){}",
    "if(!Array.isArray(o))o=[];",
    "o=o.filter(function(x){return x&&typeof x==='object'&&!(x.kind===n.kind&&x.id===n.id)});",
    "o.unshift(n);",
    `localStorage.setItem(k,JSON.stringify(o.slice(0,${RECENT_MAX})))`,
    "}catch(e){}})();",
  ].join("");
}

/** Where each kind's page lives (app/bakeoff/[id], app/reproduce/[id], app/campaigns/[id]). */
export const RECENT_PATHS: Record<RecentKind, string> = {
  bakeoff: "/bakeoff/",
  reproduction: "/reproduce/",
  campaign: "/campaigns/",
};

const LINK_KINDS: [RegExp, "bakeoff" | "reproduction"][] = [
  [/^\/(?:api\/(?:v1\/)?)?bakeoff\/([^/?#]+)/, "bakeoff"],
  [/^\/reproduce\/([^/?#]+)/, "reproduction"],
  [/^\/api\/(?:v1\/)?reproductions\/([^/?#]+)/, "reproduction"],
];

/**
 * A pasted link to a bake-off upload or a reproduction (its page or API address, with or without the host), or a bare
 * upload id (taken as a bake-off upload) → the member it names, or why not.
 */
export function parseMemberLink(
  text: string,
): { ok: true; kind: "bakeoff" | "reproduction"; id: string } | { ok: false; message: string } {
  const s = text.trim();
  if (!s) return { ok: false, message: "paste a link to a bake-off upload or a reproduction" };
  if (UPLOAD_ID.test(s)) return { ok: true, kind: "bakeoff", id: s };
  let pathname: string;
  try {
    pathname = new URL(s, "http://link.invalid").pathname;
  } catch {
    return { ok: false, message: `not a link: ${s.slice(0, 80)}` };
  }
  for (const [re, kind] of LINK_KINDS) {
    const m = re.exec(pathname);
    if (m?.[1] && UPLOAD_ID.test(m[1])) return { ok: true, kind, id: m[1] };
  }
  return {
    ok: false,
    message: "not a link to a bake-off upload (…/bakeoff/<id>) or a reproduction (…/reproduce/<id>)",
  };
}
