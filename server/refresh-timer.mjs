// The server's refresh option (issue 28): PERFCONTEXT_REFRESH_MINUTES=N runs `npm run refresh` (db/import/refresh-cli.ts)
// every N minutes in a child process, so a slow fetch or import never blocks a request. One run at a time per process;
// across instances of one PostgreSQL store the refresh's advisory lock lets one run and the others say so and stop.
// Each output line is logged prefixed "refresh:". Unset or 0: off (cron or a systemd timer runs it instead: README).
import { spawn } from "node:child_process";

/** Starts the timer; returns null when `minutes` is not a positive number. */
export function startRefreshTimer({ minutes, cwd = process.cwd(), log = console }) {
  if (!(Number.isFinite(minutes) && minutes > 0)) return null;
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    const child = spawn(process.execPath, ["--import", "tsx", "db/import/refresh-cli.ts"], {
      cwd,
      env: process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const lines = (d) => {
      for (const line of d.toString().split("\n")) if (line.trim()) log.log(`refresh: ${line}`);
    };
    child.stdout.on("data", lines);
    child.stderr.on("data", lines);
    child.on("error", (e) => {
      running = false;
      log.warn(`refresh: could not start: ${e.message}`);
    });
    child.on("close", (code) => {
      running = false;
      if (code)
        log.warn(`refresh: exited with ${code} (a source could not be fetched or was refused; nothing of it changed)`);
    });
  };
  const timer = setInterval(run, minutes * 60_000);
  timer.unref();
  return { run, stop: () => clearInterval(timer) };
}
