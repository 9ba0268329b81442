"use client";
// A text or number input that reports its value after a pause in typing, and follows the URL when it changes
// from elsewhere (back button, reset) unless the user is typing in it.
import { type InputHTMLAttributes, useEffect, useRef, useState } from "react";

export function DebouncedInput({
  value,
  onCommit,
  delay = 300,
  ...rest
}: { value: string; onCommit: (value: string) => void; delay?: number } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "value" | "onChange"
>) {
  const [text, setText] = useState(value);
  const ref = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const commit = useRef(onCommit);
  commit.current = onCommit;

  useEffect(() => {
    if (document.activeElement !== ref.current) setText(value);
  }, [value]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return (
    <input
      {...rest}
      ref={ref}
      value={text}
      onChange={(e) => {
        const v = e.target.value;
        setText(v);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => commit.current(v), delay);
      }}
      onKeyDown={(e) => {
        if (e.key !== "Enter") return;
        if (timer.current) clearTimeout(timer.current);
        commit.current(e.currentTarget.value);
      }}
    />
  );
}
