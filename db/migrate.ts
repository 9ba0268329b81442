// `npm run db:migrate`: create or upgrade the database at PERFCONTEXT_DB (default data/perfcontext.db).
import { openDb } from "./client";

const handle = openDb();
const { n } = handle.sqlite.prepare("select count(*) as n from results").get() as { n: number };
console.log(`database ready: ${handle.file} (${n} results)`);
handle.sqlite.close();
