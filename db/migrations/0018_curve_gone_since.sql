ALTER TABLE `curves` ADD `gone_since` text;
