ALTER TABLE `results` ADD `per_accelerator_rule` integer DEFAULT 1 NOT NULL;
