CREATE TABLE `data_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `data_version` (`id`, `version`) VALUES (1, 1);
