ALTER TABLE `snapshots` ADD `caller` text DEFAULT 'unknown' NOT NULL;
