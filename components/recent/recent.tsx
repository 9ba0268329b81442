"use client";
// The caller's own recent items, kept in their browser (lib/recent): what they uploaded, reproduced or made, and any
// item page they opened (they were given its link). Pages list nothing else (issue 26 finding 5: private by link).
import Link from "next/link";
import { useEffect, useState } from "react";
import { addRecent, parseRecent, RECENT_KEY, RECENT_PATHS, type RecentItem, type RecentKind } from "@/lib/recent";

function read(): RecentItem[] {
  try {
    return parseRecent(window.localStorage.getItem(RECENT_KEY));
  } catch {
    return []; // storage disabled (private mode, a policy): nothing is remembered
  }
}

/** Remember an item in this browser (after creating it, or on opening its page). */
export function rememberRecent(kind: RecentKind, id: string, label: string): void {
  try {
    const next = addRecent(read(), { kind, id, label, at: new Date().toISOString() });
    window.localStorage.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    // storage full or disabled: the link still works, it is just not remembered
  }
}

/** This browser's recent items of the given kinds, newest first ([] during the server render). */
export function useRecent(kinds: readonly RecentKind[]): RecentItem[] {
  const [items, setItems] = useState<RecentItem[]>([]);
  const key = kinds.join(",");
  useEffect(() => {
    const wanted = key.split(",");
    setItems(read().filter((x) => wanted.includes(x.kind)));
  }, [key]);
  return items;
}

/**
 * Opening an item's page by a client-side navigation remembers it here (the script of components/recent/remember
 * does it on a page's first load, before hydration). Renders nothing.
 */
export function RememberRecentEffect(props: { kind: RecentKind; id: string; label: string }) {
  const { kind, id, label } = props;
  useEffect(() => rememberRecent(kind, id, label), [kind, id, label]);
  return null;
}

/** The campaigns this browser made or opened, as links. */
export function RecentCampaigns() {
  const items = useRecent(["campaign"]);
  if (items.length === 0)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="campaign-list-empty">
        None in this browser yet. Campaigns are private to their link: the ones you create or open here are listed.
      </p>
    );
  return (
    <ul className="space-y-1 text-sm" data-testid="campaign-list">
      {items.map((c) => (
        <li key={c.id}>
          <Link href={`${RECENT_PATHS.campaign}${c.id}`} className="text-sky-700 underline dark:text-sky-400">
            {c.label}
          </Link>{" "}
          · opened {c.at.slice(0, 16).replace("T", " ")} UTC
        </li>
      ))}
    </ul>
  );
}
