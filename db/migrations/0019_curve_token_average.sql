ALTER TABLE `curves` ADD `input_token_average` real;--> statement-breakpoint
ALTER TABLE `curves` ADD `output_token_average` real;
