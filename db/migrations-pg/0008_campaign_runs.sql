CREATE TABLE "campaign_runs" (
	"campaign_id" text PRIMARY KEY NOT NULL,
	"runs" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "report_bytes" bigint;--> statement-breakpoint
ALTER TABLE "campaign_runs" ADD CONSTRAINT "campaign_runs_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "campaign_runs" ("campaign_id", "runs") SELECT "id", substr("analysis", strpos("analysis", chr(10)) + 1) FROM "campaigns" WHERE strpos("analysis", chr(10)) > 0;--> statement-breakpoint
UPDATE "campaigns" SET "analysis" = left("analysis", strpos("analysis", chr(10)) - 1) WHERE strpos("analysis", chr(10)) > 0;
