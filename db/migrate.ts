// `npm run db:migrate`: create or upgrade the store: PostgreSQL when DATABASE_URL=postgres://…, else the SQLite
// file at PERFCONTEXT_DB (default data/perfcontext.db).
import { openStore } from "./client";

const handle = await openStore();
const row = await handle.x.get<{ n: number }>("select count(*) as n from results");
console.log(`database ready: ${handle.file} (${Number(row?.n ?? 0)} results)`);
await handle.close();
