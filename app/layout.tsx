import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { TRADEMARK_LEGEND } from "@/lib/context/citations";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "PerfContext — MLPerf Inference results in context", template: "%s · PerfContext" },
  description:
    "Read and compare MLPerf Inference results with their context: scenario, system size, precision, software stack and round.",
};

const NAV = [
  // "/overview" is the cost page: the home link must not be called Overview too
  { href: "/", label: "Home" },
  { href: "/results", label: "Results" },
  { href: "/compare", label: "Compare" },
  { href: "/bakeoff", label: "Bake-off" },
  { href: "/plan", label: "Plan" },
  { href: "/overview", label: "Cost" },
  { href: "/reproduce", label: "Reproduce" },
  { href: "/campaigns", label: "Campaigns" },
];

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
        >
          Skip to content
        </a>
        <header className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
            <Link href="/" className="text-lg font-semibold tracking-tight">
              Perf<span className="text-sky-700 dark:text-sky-400">Context</span>
            </Link>
            <nav aria-label="Main" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {NAV.map((n) => (
                <Link
                  key={n.href}
                  href={n.href}
                  className="rounded px-1 py-0.5 text-slate-700 hover:text-sky-700 hover:underline dark:text-slate-300 dark:hover:text-sky-400"
                >
                  {n.label}
                </Link>
              ))}
            </nav>
          </div>
        </header>
        <main id="main" className="mx-auto max-w-7xl px-4 py-6">
          {children}
        </main>
        <footer className="mx-auto max-w-7xl border-t border-slate-200 px-4 py-4 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
          <p data-testid="trademark">{TRADEMARK_LEGEND}</p>
          <p>
            PerfContext is not affiliated with MLCommons; derived figures (per accelerator, per node, per watt,
            capacity) are not MLPerf metrics.{" "}
            <a className="underline" href="/api-docs">
              API
            </a>
          </p>
        </footer>
      </body>
    </html>
  );
}
