DROP INDEX `systems_natural`;--> statement-breakpoint
CREATE INDEX `systems_natural` ON `systems` (`round`,`submitter`,`platform`);