// `node scripts/pg-recreate.mjs postgres://…/NAME`: drop database NAME (closing its connections) and create it
// empty, connecting to the server's `postgres` database. For the end-to-end journeys' throwaway PostgreSQL store.
import pg from "pg";

const url = new URL(process.argv[2] ?? "");
const name = decodeURIComponent(url.pathname.slice(1));
if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
url.pathname = "/postgres";
const c = new pg.Client({ connectionString: url.toString() });
await c.connect();
try {
  await c.query(`drop database if exists "${name}" with (force)`);
  await c.query(`create database "${name}"`);
} finally {
  await c.end();
}
