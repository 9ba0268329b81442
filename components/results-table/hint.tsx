"use client";
// A value with an explanation: shown on hover through `title`, and visibly on keyboard focus (title never shows for
// keyboard users). The explanation is the element's accessible description (its title; while the box shows, the
// box). The box is rendered only while it shows, so a page of fifty rows carries each explanation once (issue 30).
// Styles: app/globals.css `.hint`.
import { type ReactNode, useId, useState } from "react";

export function Hint({
  children,
  text,
  className,
  align = "right",
}: {
  children: ReactNode;
  text: string;
  className?: string;
  align?: "left" | "right";
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span className="hint">
      <button
        type="button"
        title={text}
        aria-describedby={open ? id : undefined}
        className={className}
        onFocus={(e) => setOpen(e.currentTarget.matches(":focus-visible"))}
        onBlur={() => setOpen(false)}
      >
        {children}
      </button>
      {open && (
        <span id={id} role="tooltip" className={align === "left" ? "l" : undefined}>
          {text}
        </span>
      )}
    </span>
  );
}
