ALTER TABLE `results` ADD `status` text DEFAULT 'published' NOT NULL;
--> statement-breakpoint
ALTER TABLE `results` ADD `status_since` text;
--> statement-breakpoint
CREATE TABLE `change_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text NOT NULL,
	`source` text NOT NULL,
	`kind` text NOT NULL,
	`result_id` text NOT NULL,
	`round` text NOT NULL,
	`fields` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `change_log_result` ON `change_log` (`result_id`);
--> statement-breakpoint
CREATE INDEX `change_log_at` ON `change_log` (`at`);
