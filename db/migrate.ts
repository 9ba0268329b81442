// `npm run db:migrate`: create or upgrade the database at PERFCONTEXT_DB (default data/perfcontext.db).
import { getStore } from "./client";

const handle = await getStore();
const row = await handle.x.get<{ n: number }>("select count(*) as n from results");
console.log(`database ready: ${handle.file} (${Number(row?.n ?? 0)} results)`);
await handle.close();
