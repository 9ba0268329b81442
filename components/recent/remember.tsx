// Placed on an item's page (an upload, a reproduction, a campaign): opening it remembers it in this browser's recent
// items (lib/recent). A server component: the page's HTML carries a small script that writes the item as the browser
// parses it, so it is remembered even when the visitor moves on before React hydrates (the effect alone ran only
// after hydration: the recent-items bug of issue 26); the effect covers client-side navigations, where no script in
// new markup runs.
import { type RecentKind, rememberScript } from "@/lib/recent";
import { RememberRecentEffect } from "./recent";

export function RememberRecent({ kind, id, label }: { kind: RecentKind; id: string; label: string }) {
  return (
    <>
      <script
        data-testid="remember-recent"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own script; the item's text is JSON with <, >, & escaped (lib/recent rememberScript)
        dangerouslySetInnerHTML={{ __html: rememberScript(kind, id, label) }}
      />
      <RememberRecentEffect kind={kind} id={id} label={label} />
    </>
  );
}
