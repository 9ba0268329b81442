CREATE TABLE "curve_points" (
	"curve_id" text NOT NULL,
	"concurrency" bigint NOT NULL,
	"cohort" text,
	"offline_kind" text,
	"system_tps" double precision NOT NULL,
	"tps_per_user" double precision,
	"ttft_p90_ms" double precision,
	"tpot_p90_ms" double precision,
	"per_accelerator" double precision,
	"system_tps_per_kw_provisioned" double precision,
	"samples_completed" bigint,
	"samples_failed" bigint,
	"duration_s" double precision NOT NULL,
	"output_tokens" bigint NOT NULL,
	"failed_checks" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "curves" (
	"id" text PRIMARY KEY NOT NULL,
	"series_id" text NOT NULL,
	"layout" text NOT NULL,
	"submitter" text NOT NULL,
	"system" text NOT NULL,
	"model" text NOT NULL,
	"benchmark" text NOT NULL,
	"division" text NOT NULL,
	"client_location" text,
	"availability" text NOT NULL,
	"status" text NOT NULL,
	"status_note" text,
	"superseded_by" text,
	"cohort" text,
	"accelerator" text,
	"accelerators_per_node" bigint,
	"nodes" bigint,
	"total_accelerators" bigint,
	"serving_engine" text,
	"precision" text,
	"provisioned_power_w" double precision,
	"provisioned_power_note" text NOT NULL,
	"source_url" text,
	"source" text NOT NULL,
	"synthetic" boolean NOT NULL,
	"content_hash" text NOT NULL,
	"import_id" bigint
);
--> statement-breakpoint
ALTER TABLE "curve_points" ADD CONSTRAINT "curve_points_curve_id_curves_id_fk" FOREIGN KEY ("curve_id") REFERENCES "public"."curves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curves" ADD CONSTRAINT "curves_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "curve_points_curve" ON "curve_points" USING btree ("curve_id","concurrency");--> statement-breakpoint
CREATE INDEX "curves_series" ON "curves" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "curves_benchmark" ON "curves" USING btree ("benchmark");