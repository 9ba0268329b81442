CREATE TABLE `bakeoff_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`label` text NOT NULL,
	`format` text NOT NULL,
	`file_name` text,
	`sha256` text NOT NULL,
	`accelerator` text,
	`accelerators` integer,
	`nodes` integer,
	`model_family` text,
	`runs` text NOT NULL,
	`warnings` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `data_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`result_id` text NOT NULL,
	`code` text NOT NULL,
	`message` text NOT NULL,
	`origin` text NOT NULL,
	FOREIGN KEY (`result_id`) REFERENCES `results`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `data_notes_result` ON `data_notes` (`result_id`);--> statement-breakpoint
CREATE TABLE `imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source` text NOT NULL,
	`format` text NOT NULL,
	`sha256` text NOT NULL,
	`started_at` text NOT NULL,
	`finished_at` text NOT NULL,
	`rows` integer NOT NULL,
	`inserted` integer NOT NULL,
	`updated` integer NOT NULL,
	`unchanged` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `latency_details` (
	`result_id` text PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`scenario_header` text,
	`ttft_ns` text,
	`tpot_ns` text,
	`latency_ns` text,
	`target_qps` real,
	`ttft_limit_ns` real,
	`tpot_limit_ns` real,
	`loadgen_version` text,
	`min_duration_ms` real,
	`validity` text NOT NULL,
	`failed_checks` text NOT NULL,
	`log_value` real,
	`query_count` integer,
	`content_hash` text NOT NULL,
	`import_id` integer,
	FOREIGN KEY (`result_id`) REFERENCES `results`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`import_id`) REFERENCES `imports`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `results` (
	`id` text PRIMARY KEY NOT NULL,
	`natural_key` text NOT NULL,
	`system_id` text NOT NULL,
	`result_id` text,
	`round` text NOT NULL,
	`round_sort` integer NOT NULL,
	`division` text NOT NULL,
	`submitter` text NOT NULL,
	`platform` text NOT NULL,
	`model` text NOT NULL,
	`used_model` text NOT NULL,
	`model_family` text NOT NULL,
	`accuracy_target` text,
	`scenario` text NOT NULL,
	`availability` text NOT NULL,
	`suite` text NOT NULL,
	`precision` text,
	`precision_raw` text,
	`value` real NOT NULL,
	`units` text NOT NULL,
	`higher_is_better` integer NOT NULL,
	`per_accelerator` real,
	`power` real,
	`power_units` text,
	`has_power` integer NOT NULL,
	`accuracy` text,
	`tokens_per_sample` real,
	`inferred` integer NOT NULL,
	`validity` text NOT NULL,
	`measurement_key` text NOT NULL,
	`location` text,
	`details_url` text,
	`code_url` text,
	`notes_text` text,
	`extra` text NOT NULL,
	`origin` text NOT NULL,
	`content_hash` text NOT NULL,
	`import_id` integer,
	`accelerator` text,
	`total_accelerators` integer,
	`nodes` integer,
	`serving_engine` text,
	`search_text` text NOT NULL,
	FOREIGN KEY (`system_id`) REFERENCES `systems`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`import_id`) REFERENCES `imports`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `results_natural` ON `results` (`natural_key`);--> statement-breakpoint
CREATE INDEX `results_round_model_scenario` ON `results` (`round`,`model_family`,`scenario`);--> statement-breakpoint
CREATE INDEX `results_system` ON `results` (`system_id`);--> statement-breakpoint
CREATE INDEX `results_measurement` ON `results` (`measurement_key`);--> statement-breakpoint
CREATE INDEX `results_per_acc` ON `results` (`per_accelerator`);--> statement-breakpoint
CREATE INDEX `results_submitter` ON `results` (`submitter`);--> statement-breakpoint
CREATE TABLE `rounds` (
	`id` text PRIMARY KEY NOT NULL,
	`sort_key` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `snapshots` (
	`token` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`query` text NOT NULL,
	`payload` text NOT NULL,
	`data_version` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `systems` (
	`id` text PRIMARY KEY NOT NULL,
	`round` text NOT NULL,
	`submitter` text NOT NULL,
	`platform` text NOT NULL,
	`system_name` text NOT NULL,
	`accelerator` text,
	`accelerator_raw` text,
	`accelerators_per_node` integer,
	`nodes` integer,
	`total_accelerators` integer,
	`published_total_accelerators` integer,
	`host_processor` text,
	`host_processors_per_node` integer,
	`host_processor_core_count` text,
	`operating_system` text,
	`heterogeneous` integer NOT NULL,
	`software` text,
	`software_stack` text NOT NULL,
	`serving_engine` text,
	`description` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `systems_natural` ON `systems` (`round`,`submitter`,`platform`);