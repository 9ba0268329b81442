"use client";
// Writes explorer state to the URL and navigates; the URL stays the only source of truth. The optimistic copy
// only bridges the moment between a click and the server's answer, so quick successive clicks build on each other.
import { useRouter } from "next/navigation";
import { useOptimistic, useTransition } from "react";
import type { ResultsState } from "@/lib/url-state";
import { hrefFor, nextState } from "./state";

export interface NavOptions {
  /** history.replace instead of push (typing, dragging). */
  replace?: boolean;
  /** Keep the current page (selection, column visibility). */
  keepPage?: boolean;
}

export function useResultsNav(state: ResultsState) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [current, setCurrent] = useOptimistic(state);
  function navigate(changes: Partial<ResultsState>, opts: NavOptions = {}) {
    const next = nextState(current, changes, opts.keepPage);
    const href = hrefFor(next);
    startTransition(() => {
      setCurrent(next);
      if (opts.replace) router.replace(href, { scroll: false });
      else router.push(href, { scroll: false });
    });
  }
  return { state: current, navigate, pending, hrefFor };
}
