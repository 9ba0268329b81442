// drizzle-kit for the PostgreSQL store: `npm run db:generate:pg` writes db/migrations-pg from db/schema-pg.ts.
// `generate` needs no database; the URL is only for drizzle-kit's other commands.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema-pg.ts",
  out: "./db/migrations-pg",
  dbCredentials: { url: process.env.DATABASE_URL ?? "postgres://localhost/perfcontext" },
});
