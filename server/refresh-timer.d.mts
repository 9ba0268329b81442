export function startRefreshTimer(opts: {
  minutes: number;
  cwd?: string;
  log?: { log(s: string): void; warn(s: string): void };
}): { run(): void; stop(): void } | null;
