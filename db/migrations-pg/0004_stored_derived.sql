ALTER TABLE "bakeoff_uploads" ADD COLUMN "runs_summary" text;--> statement-breakpoint
ALTER TABLE "bakeoff_uploads" ADD COLUMN "per_request_samples" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "analysis" text;