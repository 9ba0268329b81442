ALTER TABLE "curves" ADD COLUMN "input_token_average" double precision;--> statement-breakpoint
ALTER TABLE "curves" ADD COLUMN "output_token_average" double precision;