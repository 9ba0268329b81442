// `npm run import -- [--db FILE] [--json] [--round vX.Y] [--official] SOURCE...` (see ../shared/CONTRACT.md).
// Exit 0: nothing rejected; 1: a source was rejected; 2: usage error.
import { runCli } from "./cli-main";

// the run itself is db/import/cli-main.ts (tests call it in process); here, on this process's argv and output
runCli(process.argv.slice(2), {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  stderrIsTTY: process.stderr.isTTY === true,
  env: process.env,
}).then(({ code, abrupt }) => {
  if (abrupt) process.exit(code);
  process.exitCode = code;
});
