CREATE TABLE `campaign_runs` (
	`campaign_id` text PRIMARY KEY NOT NULL,
	`runs` text NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `campaigns` ADD `report_bytes` integer;--> statement-breakpoint
INSERT INTO `campaign_runs` (`campaign_id`, `runs`) SELECT `id`, substr(`analysis`, instr(`analysis`, char(10)) + 1) FROM `campaigns` WHERE instr(`analysis`, char(10)) > 0;--> statement-breakpoint
UPDATE `campaigns` SET `analysis` = substr(`analysis`, 1, instr(`analysis`, char(10)) - 1) WHERE instr(`analysis`, char(10)) > 0;
