// A table wrapper that scrolls sideways on narrow screens and can be scrolled from the keyboard.
import type { ReactNode } from "react";

export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so keyboard users can scroll it (axe scrollable-region-focusable)
    <section aria-label={label} tabIndex={0} className={`relative overflow-x-auto ${className ?? ""}`}>
      {children}
    </section>
  );
}
