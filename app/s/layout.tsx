import type { Metadata } from "next";
import type { ReactNode } from "react";
import { requestOrigin } from "@/components/compare/request-origin";

// Frozen comparisons unfurl with their opengraph-image; its absolute URL uses the host the link was opened with.
export async function generateMetadata(): Promise<Metadata> {
  return { metadataBase: new URL(await requestOrigin()) };
}

export default function SnapshotLayout({ children }: { children: ReactNode }) {
  return children;
}
