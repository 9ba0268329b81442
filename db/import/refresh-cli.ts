// `npm run refresh -- [--json] [--timeout SECONDS] [--round vX.Y ...]`: fetch every known official source and record
// what changed (db/import/refresh.ts). PERFCONTEXT_OFFICIAL_BASE points it at a mirror, as it does `--official`.
// Exit 0: every source fetched and imported (or unchanged), or another instance was refreshing; 1: a source could not
// be fetched or was refused (its line says why; nothing of it changed); 2: usage error.
import { getStore } from "@/db/client";
import { ENDPOINTS_SOURCES } from "@/lib/endpoints/official-sources";
import { OFFICIAL_SOURCES } from "@/lib/mlperf/official-sources";
import { refreshText, runRefresh } from "./refresh";

const KNOWN = [...OFFICIAL_SOURCES, ...ENDPOINTS_SOURCES].map((s) => s.round);

const USAGE = `usage: npm run refresh -- [--json] [--timeout SECONDS] [--round vX.Y ...]
  fetches every known official source (${KNOWN.join(", ")}) and records what changed
  --json        print one JSON object as the last line of stdout
  --timeout S   fetch timeout, all sources together (default 60)
  --round vX.Y  only this round (repeatable; an Endpoints round is endpoints-vX.Y)
  PERFCONTEXT_OFFICIAL_BASE=URL fetches <URL>/<round>.<file> instead (a mirror; an Endpoints round's file is
                <URL>/endpoints-vX.Y.results.tar.gz, its repository's archive)`;

function usage(msg: string): never {
  process.stderr.write(`${msg}\n${USAGE}\n`);
  process.exit(2);
}

function parseArgs(argv: string[]): { json: boolean; timeoutS: number; rounds: string[] } {
  const a = { json: false, timeoutS: 60, rounds: [] as string[] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const next = () => argv[++i] ?? usage(`${arg} needs a value`);
    if (arg === "--json") a.json = true;
    else if (arg === "--timeout") {
      a.timeoutS = Number(next());
      if (!Number.isFinite(a.timeoutS) || a.timeoutS <= 0) usage("--timeout takes a positive number of seconds");
    } else if (arg === "--round") {
      const r = next().replace(/^(\d)/, "v$1");
      if (!KNOWN.includes(r)) usage(`--round: ${r} is not a known official source (${KNOWN.join(", ")})`);
      a.rounds.push(r);
    } else if (arg === "--help" || arg === "-h") {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else usage(`unknown argument ${arg}`);
  }
  return a;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const h = await getStore();
  const started = new Date().toISOString();
  try {
    const r = await runRefresh(h, {
      timeoutMs: args.timeoutS * 1000,
      mirrorBase: process.env.PERFCONTEXT_OFFICIAL_BASE || null,
      rounds: args.rounds.length ? args.rounds : undefined,
    });
    // one line per source: stdout (what cron mails), or stderr when stdout's last line is the JSON
    for (const line of refreshText(r)) (args.json ? process.stderr : process.stdout).write(`${line}\n`);
    const bad = r.lines.filter((l) => l.status === "failed" || l.status === "rejected").length;
    if (args.json) process.stdout.write(`${JSON.stringify({ started, ran: r.ran, sources: r.lines })}\n`);
    process.exitCode = bad > 0 ? 1 : 0;
  } finally {
    await h.close();
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`refresh failed: ${(e as Error).message}\n`);
  process.exit(1);
});
