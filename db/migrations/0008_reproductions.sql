ALTER TABLE `latency_details` ADD `settings` text;--> statement-breakpoint
CREATE TABLE `reproductions` (
	`id` text PRIMARY KEY NOT NULL,
	`label` text NOT NULL,
	`files` text NOT NULL,
	`folder` text NOT NULL,
	`created_at` text NOT NULL
);
