ALTER TABLE `bakeoff_uploads` ADD `runs_summary` text;--> statement-breakpoint
ALTER TABLE `bakeoff_uploads` ADD `per_request_samples` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `campaigns` ADD `analysis` text;
