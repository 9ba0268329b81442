CREATE TABLE `bakeoff_samples` (
	`upload_id` text PRIMARY KEY NOT NULL,
	`runs` text NOT NULL,
	FOREIGN KEY (`upload_id`) REFERENCES `bakeoff_uploads`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `bakeoff_samples` (`upload_id`, `runs`) SELECT `id`, `runs` FROM `bakeoff_uploads` WHERE `per_request_samples` > 0 AND `runs_summary` IS NOT NULL;--> statement-breakpoint
UPDATE `bakeoff_uploads` SET `runs` = `runs_summary` WHERE `per_request_samples` > 0 AND `runs_summary` IS NOT NULL;
