// A value with an explanation: shown on hover through `title`, and visibly on keyboard focus (title never shows
// for keyboard users). The explanation is also the element's accessible description.
import { type ReactNode, useId } from "react";

export function Hint({
  children,
  text,
  className = "",
  align = "right",
}: {
  children: ReactNode;
  text: string;
  className?: string;
  align?: "left" | "right";
}) {
  const id = useId();
  return (
    <span className="group relative inline-block">
      <button
        type="button"
        title={text}
        aria-describedby={id}
        className={`cursor-help rounded-sm underline decoration-slate-400 decoration-dotted underline-offset-4 focus-visible:outline-2 focus-visible:outline-sky-600 dark:decoration-slate-500 ${className}`}
      >
        {children}
      </button>
      <span
        id={id}
        role="tooltip"
        className={`invisible absolute top-full z-20 mt-1 w-72 whitespace-normal rounded-md border border-slate-300 bg-white p-2 text-left font-normal text-slate-800 text-xs shadow-lg group-has-[:focus-visible]:visible dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 ${align === "right" ? "right-0" : "left-0"}`}
      >
        {text}
      </span>
    </span>
  );
}
