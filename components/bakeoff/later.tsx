// Renders its children in a later turn of the event loop (issue 15). React renders an async server component's
// output once its promise settles, in a new task, so a large page is rendered in short slices with other requests
// (/api/health, a small page) answered between them instead of waiting behind one long block. Server components
// only (the bake-off overlay page and its tables).
import type { ReactNode } from "react";

export async function Later({ children }: { children: ReactNode }) {
  await new Promise<void>((resolve) => setImmediate(resolve));
  return <>{children}</>;
}

/** One slice: waits for a later turn, then renders (the work of `render` happens then, not before). */
async function Slice<T>({
  items,
  from,
  render,
}: {
  items: readonly T[];
  from: number;
  render: (item: T, index: number) => ReactNode;
}) {
  await new Promise<void>((resolve) => setImmediate(resolve));
  return <>{items.map((x, i) => render(x, from + i))}</>;
}

/** `items` in slices of `size`, each rendered by `render` in its own turn of the event loop. */
export function InSlices<T>({
  items,
  size,
  render,
}: {
  items: readonly T[];
  size: number;
  render: (item: T, index: number) => ReactNode;
}) {
  const slices: ReactNode[] = [];
  for (let at = 0; at < items.length; at += size)
    slices.push(<Slice key={at} items={items.slice(at, at + size)} from={at} render={render} />);
  return <>{slices}</>;
}
