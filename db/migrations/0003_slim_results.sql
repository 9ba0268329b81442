ALTER TABLE `systems` ADD `search_text` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `results` DROP COLUMN `natural_key`;--> statement-breakpoint
ALTER TABLE `results` DROP COLUMN `search_text`;