DROP INDEX `results_round_benchmark_scenario`;--> statement-breakpoint
ALTER TABLE `results` ADD `benchmark` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `results_round_benchmark_scenario` ON `results` (`round`,`benchmark`,`scenario`);