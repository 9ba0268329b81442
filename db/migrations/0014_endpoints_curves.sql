CREATE TABLE `curves` (
	`id` text PRIMARY KEY NOT NULL,
	`series_id` text NOT NULL,
	`layout` text NOT NULL,
	`submitter` text NOT NULL,
	`system` text NOT NULL,
	`model` text NOT NULL,
	`benchmark` text NOT NULL,
	`division` text NOT NULL,
	`client_location` text,
	`availability` text NOT NULL,
	`status` text NOT NULL,
	`status_note` text,
	`superseded_by` text,
	`cohort` text,
	`accelerator` text,
	`accelerators_per_node` integer,
	`nodes` integer,
	`total_accelerators` integer,
	`serving_engine` text,
	`precision` text,
	`provisioned_power_w` real,
	`provisioned_power_note` text NOT NULL,
	`source_url` text,
	`source` text NOT NULL,
	`synthetic` integer NOT NULL,
	`content_hash` text NOT NULL,
	`import_id` integer,
	FOREIGN KEY (`import_id`) REFERENCES `imports`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `curves_series` ON `curves` (`series_id`);--> statement-breakpoint
CREATE INDEX `curves_benchmark` ON `curves` (`benchmark`);--> statement-breakpoint
CREATE TABLE `curve_points` (
	`curve_id` text NOT NULL,
	`concurrency` integer NOT NULL,
	`cohort` text,
	`offline_kind` text,
	`system_tps` real NOT NULL,
	`tps_per_user` real,
	`ttft_p90_ms` real,
	`tpot_p90_ms` real,
	`per_accelerator` real,
	`system_tps_per_kw_provisioned` real,
	`samples_completed` integer,
	`samples_failed` integer,
	`duration_s` real NOT NULL,
	`output_tokens` integer NOT NULL,
	`failed_checks` text NOT NULL,
	FOREIGN KEY (`curve_id`) REFERENCES `curves`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `curve_points_curve` ON `curve_points` (`curve_id`,`concurrency`);
